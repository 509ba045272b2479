//! A bare wait timeout says what timed out only through the progress line before it:
//! apimachinery's `wait.ErrWaitTimeout` (`k8s.io/apimachinery/pkg/util/wait`: "timed out
//! waiting for the condition") is returned as is by virtctl's waits, after the line saying what
//! it waits for (`pkg/virtctl/imageupload/imageupload.go`: "Waiting for PVC %s upload pod to be
//! ready...", then "Pod now ready" when it is; before image-upload created DataVolumes, "… to be
//! running..." and "Pod now running"). The timeout line is read with the last
//! `Waiting for …` line still pending, as one message. kubectl's own wait names its object in
//! the line itself (`… on <resource>/<name>`: `signatures::about`).

use crate::scan::FastLines as _;
const TIMEOUT: &str = "timed out waiting for the condition";

/// Remembers a pending `Waiting for …` line in `last` (forgotten once it is done); for a bare
/// timeout line after one, the two as one message to match.
pub fn joined(line: &str, last: &mut Option<String>) -> Option<String> {
    let t = line.trim_fast();
    if t.starts_with("Waiting for ") {
        *last = Some(t.to_string());
        return None;
    }
    if t == "Pod now ready" || t == "Pod now running" {
        *last = None;
        return None;
    }
    // `strip_prefix`, not `trim_start_matches`: no searcher is built for every line of a paste.
    let mut bare = t;
    while let Some(rest) = bare
        .strip_prefix("error: ")
        .or_else(|| bare.strip_prefix("Error: "))
    {
        bare = rest;
    }
    // Compared without building `TIMEOUT.`: this runs on every line of a paste.
    if bare == TIMEOUT || bare.strip_suffix('.') == Some(TIMEOUT) {
        return last.as_deref().map(|w| format!("{w} {bare}"));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_timeout_is_read_with_what_was_awaited() {
        let mut last = None;
        assert_eq!(
            joined("Waiting for PVC d upload pod to be ready...", &mut last),
            None
        );
        let j = joined("timed out waiting for the condition", &mut last).unwrap();
        assert!(j.starts_with("Waiting for PVC d upload pod"), "{j}");
        // Once the pod is ready, a later timeout is not about it.
        joined("Pod now ready", &mut last);
        assert_eq!(
            joined("timed out waiting for the condition", &mut last),
            None
        );
        // kubectl's wait names its object itself.
        joined("Waiting for x", &mut last);
        assert_eq!(
            joined(
                "error: timed out waiting for the condition on kubevirts/kubevirt",
                &mut last
            ),
            None
        );
    }
}
