//! A program's refusal of its command line (`signatures/usage.rs`: cobra's "unknown command
//! %q for %q", pflag's "unknown flag: --%s" and "unknown shorthand flag: %q in -%s", Go's
//! "flag provided but not defined: -%s") read by who gave it that command line. In a pod's log
//! the manifest did (its image and the version that wrote it disagree: the control plane's).
//! When the paste shows the user typing the refused argument (a shell command line holding it
//! as a word: `$ virtctl expose … --node-port 30000`), the refusal is the user's usage error,
//! an outdated example or a typo: nothing in the cluster is wrong.

use super::read::ReadPaste;

/// The signatures of such refusals.
const REFUSALS: [&str; 2] = ["program-unknown-argument", "program-undefined-flag"];

/// Makes a refusal of an argument the paste shows the user typing a usage error (noise).
pub fn settle(out: &mut ReadPaste, input: &str) {
    for s in out.signals.iter_mut() {
        if !s
            .signature
            .as_deref()
            .is_some_and(|id| REFUSALS.contains(&id))
        {
            continue;
        }
        let Some(word) = refused(&s.excerpt) else {
            continue;
        };
        let typed = input
            .lines()
            .enumerate()
            .any(|(i, l)| i + 1 != s.line && typed_with(l, &word));
        if typed {
            s.reread_as_noise(
                "program-usage-typed",
                "the command typed was refused an argument (a usage error)",
                format!(
                    "the program rejects {word}, which the command in the paste passes it: the \
                 command (or the example it was copied from) does not match this version of \
                 the program; nothing in the cluster is wrong"
                ),
                vec!["<program> <command> --help (the arguments it takes)".into()],
            );
        }
    }
}

/// The argument a refusal names: cobra's quoted command, pflag's and Go's flag (with its
/// dashes, as the user typed it; Go's single-dash form matched with two as well).
fn refused(line: &str) -> Option<String> {
    if let Some(rest) = line.split("unknown command \"").nth(1) {
        return Some(rest.split('"').next()?.to_string());
    }
    let after = |needle: &str| {
        line.split(needle).nth(1).and_then(|rest| {
            let w = rest
                .split(|c: char| c.is_whitespace() || c == '`' || c == '"')
                .next()?;
            (!w.is_empty()).then(|| w.to_string())
        })
    };
    after("unknown flag: ")
        .or_else(|| after("flag provided but not defined: "))
        .or_else(|| {
            line.split(" in -").nth(1).and_then(|r| {
                let w = r.split(|c: char| c.is_whitespace() || c == '`').next()?;
                (!w.is_empty()).then(|| format!("-{w}"))
            })
        })
}

/// `line` is a shell command line (a prompt, or a client's name first) holding `word` as one
/// of its words (a flag also as `--flag=value`).
fn typed_with(line: &str, word: &str) -> bool {
    let t = line.trim().trim_start_matches(['`', ' ', '+']);
    let prompt = t.starts_with(['$', '#', '%', '>']) || t.contains("$ ");
    let client = t
        .split_whitespace()
        .next()
        .map(|w| w.rsplit('/').next().unwrap_or(w))
        .is_some_and(|w| matches!(w, "virtctl" | "kubectl" | "oc" | "k"));
    let long = word
        .strip_prefix('-')
        .filter(|w| !w.starts_with('-'))
        .map(|_| format!("-{word}"));
    (prompt || client)
        && t.split_whitespace().any(|w| {
            let w = w.trim_matches(['`', '"', '\'']);
            let flag = w.split('=').next().unwrap_or(w);
            flag == word || long.as_deref() == Some(flag)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refused_argument_is_read_in_each_wording() {
        let cobra = r#"Error: unknown command "serve-metrics" for "virt-exportserver""#;
        assert_eq!(refused(cobra).as_deref(), Some("serve-metrics"));
        assert_eq!(
            refused("Error: unknown flag: --leader-elect-lease").as_deref(),
            Some("--leader-elect-lease")
        );
        assert_eq!(
            refused("flag provided but not defined: -max-devices").as_deref(),
            Some("-max-devices")
        );
        assert_eq!(
            refused("Error: unknown shorthand flag: 'z' in -z").as_deref(),
            Some("-z")
        );
    }

    #[test]
    fn only_a_typed_command_holding_the_word_is_the_users() {
        assert!(typed_with(
            "$ virtctl expose vmi a --node-port 30000",
            "--node-port"
        ));
        assert!(typed_with("virtctl start a --paused=true", "--paused"));
        assert!(typed_with("# ./handler --max-devices 3", "-max-devices"));
        assert!(!typed_with("oc logs virt-api-7c6", "--subresources-only"));
        assert!(!typed_with(
            "ignition-server-687c  0/1  CrashLoopBackOff",
            "ignition-server"
        ));
    }
}
