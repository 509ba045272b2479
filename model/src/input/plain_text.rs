//! Whether a paste that yielded no object, table, describe, log block or message is still text
//! to read line by line (a log of an unknown program, a describe-like `Key: value` block at any
//! indentation or with tabs, a table, prose, a guest's console), or truly unreadable.
//!
//! Only two kinds of input are refused:
//! - nothing readable at all: empty, only blanks and punctuation, or binary (a NUL byte, or
//!   mostly control characters and replacement characters);
//! - an object that was meant as one and is broken: every line is shaped as YAML or JSON
//!   (`key: value`, `- item`, braces) and a line names its `kind:` or `apiVersion:`, or the
//!   input opens as JSON. Its parse error (line and column) is what its author needs.
//!
//! Everything else has been read line by line already (`super::lines`): it is diagnosed,
//! healthy where no line shows a fault, with a note saying it was read as text.

/// Why `input` cannot be read as text, or `None` when it can.
pub fn unreadable(input: &str) -> Option<&'static str> {
    if binary(input) {
        return Some("binary");
    }
    if !input
        .lines()
        .any(|l| l.chars().filter(|c| c.is_alphanumeric()).take(2).count() == 2)
    {
        return Some("empty");
    }
    meant_as_object(input).then_some("a broken object")
}

/// A NUL byte, or more than a tenth of the characters control or replacement characters.
fn binary(input: &str) -> bool {
    if input.contains('\0') {
        return true;
    }
    let (mut odd, mut all) = (0usize, 0usize);
    for c in input.chars().take(4096) {
        all += 1;
        let control = c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\x1b');
        if control || c == '\u{fffd}' {
            odd += 1;
        }
    }
    all > 0 && odd * 10 > all
}

/// Every line shaped as YAML or JSON, and the input names a Kubernetes object's `kind:` or
/// `apiVersion:` (or opens as JSON): an object its author meant, however broken.
fn meant_as_object(input: &str) -> bool {
    let trimmed = input.trim_start();
    if trimmed.starts_with('{') || (trimmed.starts_with('[') && !bracket_prefixed(trimmed)) {
        return true;
    }
    let mut named = false;
    for line in input.lines() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') || t == "---" || t == "..." {
            continue;
        }
        let t = t.strip_prefix("- ").unwrap_or(t);
        if t.starts_with("kind:") || t.starts_with("apiVersion:") {
            named = true;
        }
        if !yaml_shaped(t) {
            return false;
        }
    }
    named
}

/// A first line that opens with a bracketed prefix followed by words, not with JSON: the
/// kernel's `[    2.395707] virtio_scsi …` timestamp, systemd's console status `[  OK  ]
/// Finished …` or `[FAILED] Failed to start …` (systemd `src/core/job.c`), or a shell prompt:
/// the default `PS1` of Fedora's, RHEL's and CentOS's bash (`/etc/bashrc`: `[\u@\h \W]\$ `,
/// `[user@host ~]$ oc get …`, root's `[root@node-1 ~]# virsh list`). JSON never has a word, nor
/// a prompt's `$` or `#` and a blank, after a closing bracket.
fn bracket_prefixed(t: &str) -> bool {
    let first = t.lines().next().unwrap_or("");
    first[1..].split_once(']').is_some_and(|(inside, rest)| {
        !inside.contains(['{', '[', '"'])
            && (rest.trim_start().starts_with(char::is_alphanumeric) || shell_prompt(inside, rest))
    })
}

/// `user@host dir` inside the brackets and `$` or `#` then a blank (or the line's end) after.
fn shell_prompt(inside: &str, rest: &str) -> bool {
    let sign = rest.strip_prefix('$').or_else(|| rest.strip_prefix('#'));
    inside.contains('@') && sign.is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t']))
}

/// `key: value` or `key:` with a key of one word (no blank inside), a `- item`, or JSON's
/// punctuation.
fn yaml_shaped(t: &str) -> bool {
    if t.starts_with(['{', '}', '[', ']', '-', '"', '\'']) {
        return true;
    }
    t.split_once(':')
        .is_some_and(|(k, _)| !k.is_empty() && !k.contains(char::is_whitespace))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_nothing_binary_or_a_broken_object_is_unreadable() {
        assert_eq!(unreadable(""), Some("empty"));
        assert_eq!(unreadable(" \n-- ..\n"), Some("empty"));
        assert_eq!(unreadable("ab\0cd"), Some("binary"));
        assert_eq!(unreadable("kind: [\n"), Some("a broken object"));
        assert_eq!(unreadable("{\"kind\": \"Pod\",\n"), Some("a broken object"));
        assert_eq!(unreadable("the vm is not running since yesterday\n"), None);
        assert_eq!(
            unreadable("Status:\n\tConditions:\n\t\tType:  Running\n"),
            None
        );
        assert_eq!(unreadable("spec:\ntemplate:\nspec:\n"), None);
        assert_eq!(unreadable("[user@host ~]$ oc get pods\nNAME AGE\n"), None);
        assert_eq!(unreadable("[root@node-1 ~]# virsh list\n"), None);
        assert_eq!(unreadable("[10]$ x\n"), Some("a broken object"));
    }
}
