//! A writer's sentence that announces the lines after it (`I see the following kind of error
//! messages on 2 of 3 nodes:`, `the log shows these errors:`): it points at those lines, it
//! states no failure of its own. Its error words are the lines' (read on their own, by their
//! signatures and levels), and the objects it names (`nodes`, `pods`) are where the writer
//! looked, not what failed; weighing it too would blame twice, or blame where the lines it
//! announces are known noise.

/// The words of an announcement (lower case): what comes after is the matter.
const POINTERS: &[&str] = &[
    "the following",
    "following error",
    "following message",
    "following log",
    "these error",
    "these message",
    "errors below",
    "messages below",
    "error below",
];

/// Whether `line` is a sentence announcing the lines after it: prose ending with a colon that
/// points forward. A field (`error:`, `reason: Failed`) or a log line is not one: it needs a
/// space-separated sentence of at least five words before the colon.
pub fn announces_lines(line: &str) -> bool {
    let t = line.trim_end();
    let Some(body) = t.strip_suffix(':') else {
        return false;
    };
    body.split_whitespace().nth(4).is_some()
        && POINTERS
            .iter()
            .any(|p| crate::scan::contains_ignore_case(body, p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_announcement_is_told_from_a_stated_failure() {
        assert!(announces_lines(
            "After the upgrade I get the following errors in the csi-attacher pod:"
        ));
        assert!(announces_lines(
            "Every node logs these error lines every minute:"
        ));
        assert!(!announces_lines("error:"));
        assert!(!announces_lines(
            "The following pods failed to start on node-2."
        ));
    }
}
