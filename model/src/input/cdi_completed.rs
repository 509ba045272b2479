//! A CDI pod's warnings that its own completion follows. CDI's population pods log with klog and
//! say when their work is done: the importer ends with "Import Complete"
//! (containerized-data-importer `cmd/cdi-importer/importer.go`, `completeMessage`), the upload
//! server with "Wrote data to %s" (`pkg/uploadserver/uploadserver.go`), the clone source with
//! "clone complete" (`cmd/cdi-cloner/clone-source.go`). A pod that fails exits with its error
//! and never logs them. Its warning lines (`W` klog headers: "Available space less than
//! requested size, …", "Unable to read image transfer response, %d retries remaining.", …) are
//! what it went on past: when a later line of the paste is that completion, their signals are
//! withdrawn. A warning after the last completion, and any error line, keep their reading.

use super::read::ReadPaste;
use crate::signatures::Component;
use crate::signatures::component::component_of_line;

/// What CDI's population pods log when their work is done.
const COMPLETED: &[&str] = &["Import Complete", "Wrote data to ", "clone complete"];

/// Withdraws the signals of CDI warning lines that a later completion of CDI's answers.
pub fn settle(out: &mut ReadPaste, input: &str) {
    // A paste without any completion's words is not read line by line.
    if !COMPLETED.iter().any(|c| crate::scan::holds(input, c)) {
        return;
    }
    // The last completion's line number: a warning before it is answered.
    let Some(last) = input
        .lines()
        .enumerate()
        .filter(|(_, l)| completes(l))
        .map(|(i, _)| i + 1)
        .last()
    else {
        return;
    };
    let lines: Vec<&str> = input.lines().collect();
    out.signals.retain(|s| {
        let Some(line) = s.line.checked_sub(1).and_then(|i| lines.get(i)) else {
            return true;
        };
        !(s.line < last && cdi_warning(line))
    });
}

/// A CDI pod's completion line.
fn completes(line: &str) -> bool {
    COMPLETED.iter().any(|c| line.contains(c)) && component_of_line(line) == Some(Component::Cdi)
}

/// A klog warning line (`Wmmdd hh:mm:ss.uuuuuu …`) of a CDI pod.
fn cdi_warning(line: &str) -> bool {
    let t = line.trim_start();
    let header = t
        .strip_prefix('W')
        .is_some_and(|rest| rest.len() > 4 && rest.as_bytes()[..4].iter().all(u8::is_ascii_digit));
    header && component_of_line(t) == Some(Component::Cdi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cdi_klog_warning_and_a_completion_are_told() {
        assert!(cdi_warning(
            "W0301 10:00:01.000000       1 data-processor.go:343] Available space less than requested size"
        ));
        assert!(!cdi_warning(
            "E0301 10:00:01.000000       1 data-processor.go:250] Unable to process data"
        ));
        assert!(completes(
            "I0301 10:00:09.000000       1 importer.go:217] Import Complete"
        ));
        assert!(!completes("Import Complete"));
    }
}
