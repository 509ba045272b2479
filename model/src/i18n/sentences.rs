//! What counts as an English sentence on a page, and where one sentence ends.
//!
//! A sentence is a run of four or more ASCII words outside quoted data. Quoted data is what a
//! page shows verbatim by design, recognised by its shape, never by its words: text in
//! backticks, in double quotes (straight or curly), in 「」, in single quotes that open after a
//! space, a `<placeholder>`, and a command line (a line that starts with a lowercase program
//! name and carries a flag, a placeholder, a pipe or a shell comment).

/// The English sentences (runs of 4+ ASCII words) left in `text` outside quoted data.
pub fn english_sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        if is_command(line) {
            continue;
        }
        let bare = unquoted(line);
        let mut run: Vec<&str> = Vec::new();
        for token in bare.split_whitespace() {
            let word = token.trim_matches(|c: char| ",.;:!?()[]{}".contains(c));
            if is_word(word) {
                run.push(word);
            } else {
                flush(&mut run, &mut out);
            }
        }
        flush(&mut run, &mut out);
    }
    out
}

fn flush(run: &mut Vec<&str>, out: &mut Vec<String>) {
    if run.len() >= 4 {
        out.push(run.join(" "));
    }
    run.clear();
}

/// An ASCII word: letters, with inner hyphens or apostrophes.
fn is_word(w: &str) -> bool {
    w.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && w.chars()
            .all(|c| c.is_ascii_alphabetic() || c == '-' || c == '\'')
}

/// A command line: a lowercase program name, then a flag, a `<placeholder>`, a pipe or a
/// shell comment.
pub fn is_command(line: &str) -> bool {
    let mut tokens = line.split_whitespace();
    let Some(first) = tokens.next() else {
        return false;
    };
    first
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
        && tokens.any(|t| t.starts_with('-') || t.starts_with('<') || t == "|" || t == "#")
}

/// `line` with quoted data blanked out.
fn unquoted(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut close: Option<char> = None;
    let mut prev = ' ';
    for c in line.chars() {
        match close {
            Some(end) => {
                if c == end {
                    close = None;
                }
                out.push(' ');
            }
            None => {
                let opens = match c {
                    '`' => Some('`'),
                    '"' => Some('"'),
                    '“' => Some('”'),
                    '「' => Some('」'),
                    '<' => Some('>'),
                    '\'' if prev.is_whitespace() || prev == '(' => Some('\''),
                    _ => None,
                };
                match opens {
                    Some(end) => {
                        close = Some(end);
                        out.push(' ');
                    }
                    None => out.push(c),
                }
            }
        }
        prev = c;
    }
    out
}

/// `text` cut into sentences: after `. ` followed by a capital letter, and after a component's
/// quoted words (`” ` then a capital, or anything when the quote opens the piece: the message
/// the diagnosis quotes before its meaning), never inside them. Each piece keeps its full stop.
pub fn split(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    // Inside “…”: a component's own words, never cut (see `quoted` in the diagnosis).
    let mut quoted = false;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '“' => quoted = true,
            '”' => quoted = false,
            _ => {}
        }
        let ends = (c == '.' || c == '”') && !quoted;
        if !ends {
            continue;
        }
        let mut rest = text[i + c.len_utf8()..].chars();
        let opens_piece = c == '”' && text[start..].starts_with('“');
        if rest.next() == Some(' ')
            && rest
                .next()
                .is_some_and(|n| n.is_ascii_uppercase() || opens_piece)
        {
            let end = i + c.len_utf8();
            out.push(&text[start..end]);
            start = end + 1;
            chars.next();
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quoted_message_is_one_piece_before_the_sentence_after_it() {
        assert_eq!(
            split("“Pod failed. Check the node.” The VM does not start. Next."),
            vec![
                "“Pod failed. Check the node.”",
                "The VM does not start.",
                "Next."
            ]
        );
        assert_eq!(split("One. Two"), vec!["One.", "Two"]);
        // A message that opens the text ends its piece whatever follows it.
        assert_eq!(
            split("“Delaying pod creation.” virt-controller could not. With it, a wait."),
            vec![
                "“Delaying pod creation.”",
                "virt-controller could not.",
                "With it, a wait."
            ]
        );
        // A quote inside a sentence does not cut it.
        assert_eq!(
            split("With the message “x” it is a wait."),
            vec!["With the message “x” it is a wait."]
        );
    }

    #[test]
    fn a_run_of_four_words_is_a_sentence() {
        assert_eq!(
            english_sentences("ノード node-4: the pod is not ready"),
            vec!["the pod is not ready"]
        );
        assert!(english_sentences("virt-launcher Pod が Ready ではありません").is_empty());
    }

    #[test]
    fn quoted_data_and_commands_are_not_sentences() {
        assert!(english_sentences("ログ: \"failed to connect to the socket\"").is_empty());
        assert!(english_sentences("実行: `kubectl get pods -n kubevirt -o wide`").is_empty());
        assert!(english_sentences("kubectl logs <virt-launcher pod> -c compute").is_empty());
        assert!(english_sentences("「the domain is not running」").is_empty());
        assert_eq!(
            english_sentences("kubectl is a tool you run"),
            vec!["kubectl is a tool you run"]
        );
    }

    #[test]
    fn splits_at_full_stops_before_a_capital() {
        assert_eq!(
            split("One thing. Two v1.2 things. three"),
            vec!["One thing.", "Two v1.2 things. three"]
        );
    }
}
