//! Splitting a paste into blocks: at code fences, shell prompts, blank lines and changes of line
//! shape (a JSON log line after YAML, a table header after text). One pass over the lines; the
//! prompt's command is kept as a hint for the block after it.

use crate::view::LineRange;

/// One block of a paste: its lines (1-based range) and text, and the shell command before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block<'a> {
    pub lines: LineRange,
    /// The block's lines, without line endings.
    pub text: Vec<&'a str>,
    /// The command of the shell prompt right before the block, if any, and its line.
    pub command: Option<&'a str>,
    pub command_line: Option<usize>,
    /// Lines dropped around the block (fences, prompts), with why.
    pub dropped: Vec<(usize, &'static str)>,
}

impl Block<'_> {
    /// The block's text joined with newlines.
    pub fn joined(&self) -> String {
        self.text.join("\n")
    }
}

/// A code fence line (three backticks or tildes, with an optional language).
pub fn is_fence(line: &str) -> bool {
    let t = line.trim();
    t.starts_with("```") || t.starts_with("~~~")
}

/// The command of a shell prompt line (`$ kubectl …`, `[root@host ~]# virtctl …`,
/// `user@host:~$ …`), or `None`.
pub fn prompt_command(line: &str) -> Option<&str> {
    let t = line.trim_start();
    if let Some(rest) = t.strip_prefix("$ ").or_else(|| t.strip_prefix("> ")) {
        return Some(rest.trim());
    }
    if let Some(rest) = t.strip_prefix("# ") {
        const TOOLS: [&str; 8] = [
            "kubectl ",
            "virtctl ",
            "oc ",
            "curl ",
            "ssh ",
            "ping ",
            "journalctl ",
            "cat ",
        ];
        return TOOLS
            .iter()
            .any(|p| rest.starts_with(p))
            .then_some(rest.trim());
    }
    // `[user@host dir]$ cmd` / `user@host:dir$ cmd` / `host:~ # cmd`: a prompt ends at the first
    // `$ ` or `# ` after an `@` or `]` within the first 80 bytes.
    let mut cut = t.len().min(80);
    while !t.is_char_boundary(cut) {
        cut -= 1;
    }
    let head = &t[..cut];
    let at = head.find(['@', ']'])?;
    let end = head[at..].find("$ ").or_else(|| head[at..].find("# "))? + at;
    let before = &head[..end];
    if before.contains(' ') && !before.contains(']') && !before.contains(":~") {
        return None;
    }
    Some(t[end + 2..].trim())
}

/// A line of KubeVirt's JSON log (or any JSON log): an object with `level`, `msg`, `ts` or
/// `component` keys.
pub fn is_json_log_line(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('{')
        && (t.contains("\"level\"")
            || t.contains("\"msg\"")
            || t.contains("\"component\"")
            || t.contains("\"ts\""))
}

/// Splits a paste into blocks.
pub fn split(input: &str) -> Vec<Block<'_>> {
    let mut blocks = Vec::new();
    let mut cur: Option<Block<'_>> = None;
    let mut command: Option<(&str, usize)> = None;
    let mut dropped: Vec<(usize, &'static str)> = Vec::new();
    for (i, line) in input.lines().enumerate() {
        let n = i + 1;
        if is_fence(line) {
            flush(&mut cur, &mut blocks);
            dropped.push((n, "code fence"));
            continue;
        }
        if let Some(c) = prompt_command(line) {
            flush(&mut cur, &mut blocks);
            command = Some((c, n));
            dropped.push((n, "shell prompt"));
            continue;
        }
        if line.trim().is_empty() {
            flush(&mut cur, &mut blocks);
            continue;
        }
        if let Some(b) = cur.as_mut() {
            let prev = b.text.last().copied().unwrap_or("");
            if shape_changes(prev, line) {
                flush(&mut cur, &mut blocks);
            }
        }
        match cur.as_mut() {
            Some(b) => {
                b.text.push(line);
                b.lines.last = n;
            }
            None => {
                cur = Some(Block {
                    lines: LineRange { first: n, last: n },
                    text: vec![line],
                    command: command.map(|c| c.0),
                    command_line: command.take().map(|c| c.1),
                    dropped: std::mem::take(&mut dropped),
                });
            }
        }
    }
    flush(&mut cur, &mut blocks);
    // A prompt with no output after it is a block of its own, so its command is still read.
    if let Some((c, n)) = command {
        blocks.push(Block {
            lines: LineRange { first: n, last: n },
            text: Vec::new(),
            command: Some(c),
            command_line: Some(n),
            dropped: std::mem::take(&mut dropped),
        });
    }
    if let (Some(last), false) = (blocks.last_mut(), dropped.is_empty()) {
        last.dropped.append(&mut dropped);
    }
    blocks
}

fn flush<'a>(cur: &mut Option<Block<'a>>, blocks: &mut Vec<Block<'a>>) {
    if let Some(b) = cur.take() {
        blocks.push(b);
    }
}

/// A JSON log line after a non-log line (or the reverse), or a table header after other text.
fn shape_changes(prev: &str, line: &str) -> bool {
    if is_json_log_line(prev) != is_json_log_line(line) {
        // A pretty-printed or wrapped JSON log continues on lines starting with space or `}`.
        let continuation = line.starts_with([' ', '\t', '}', ']', '"']);
        return !continuation;
    }
    super::format::is_table_header(line) && !super::format::is_table_header(prev)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_fences_prompts_blank_lines_and_shape_changes() {
        let input = "```\n$ kubectl get vmi\nNAME  AGE   PHASE\nweb   1d    Running\n```\n\n\
            status:\n  phase: Running\n{\"level\":\"error\",\"msg\":\"x\"}\n";
        let b = split(input);
        assert_eq!(b.len(), 3, "{b:?}");
        assert_eq!(b[0].command, Some("kubectl get vmi"));
        assert_eq!(b[0].lines, LineRange { first: 3, last: 4 });
        assert_eq!(b[1].lines, LineRange { first: 7, last: 8 });
        assert_eq!(b[2].lines.first, 9);
    }

    #[test]
    fn prompts() {
        assert_eq!(
            prompt_command("[root@h ~]# virtctl start x"),
            Some("virtctl start x")
        );
        assert_eq!(prompt_command("user@host:~$ ls"), Some("ls"));
        assert_eq!(
            prompt_command("# kubectl get pods"),
            Some("kubectl get pods")
        );
        assert_eq!(prompt_command("# note: a comment"), None);
        assert_eq!(prompt_command("  message: a@b costs $ 5"), None);
    }
}
