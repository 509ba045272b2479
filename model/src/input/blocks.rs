//! Splitting a paste into blocks: at code fences, shell prompts, blank lines and changes of line
//! shape (a JSON log line after YAML, a table header after text). One pass over the lines; the
//! prompt's command is kept as a hint for the block after it.

use crate::scan::FastLines as _;
use crate::view::LineRange;

pub use super::shapes::is_json_log_line;

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
    /// The whole paste the block was cut from (see [`Block::span`]).
    pub source: &'a str,
}

impl<'a> Block<'a> {
    /// The paste's text from the block's first line to its last, when [`Block::text`] is
    /// exactly those lines (none cut, joined, unquoted or unstamped): a scan of every line can
    /// be one scan of it.
    pub fn span(&self) -> Option<&'a str> {
        crate::scan::contiguous(self.source, &self.text)
    }

    /// The block's text joined with newlines.
    pub fn joined(&self) -> String {
        self.text.join("\n")
    }
}

/// A code fence line (three backticks or tildes, with an optional language).
pub fn is_fence(line: &str) -> bool {
    // Only its start matters: the end is not trimmed (every line is asked).
    let t = line.trim_start_fast();
    t.starts_with("```") || t.starts_with("~~~")
}

/// The text on a fence line, when the paste put it there (```` ```1. failed to create …``` ````):
/// after the opening backticks comes more than a language word (a space inside it), or the
/// line closes its own fence. `None` for a plain fence (```` ```yaml ````, ```` ``` ````).
pub fn fence_content(line: &str) -> Option<&str> {
    let t = line.trim_fast();
    let fence = if t.starts_with("```") { '`' } else { '~' };
    let open = t.chars().take_while(|c| *c == fence).count();
    let rest = &t[open..];
    let closes = rest.trim_end_fast().ends_with("```") || rest.trim_end_fast().ends_with("~~~");
    let inner = rest.trim_end_fast().trim_end_matches(fence).trim_fast();
    (!inner.is_empty() && (closes || inner.contains(char::is_whitespace))).then_some(inner)
}

/// The tools whose command lines are pasted without a prompt (`kubectl get vmi` on a line of
/// its own, then its output).
const BARE_TOOLS: [&str; 4] = ["kubectl ", "virtctl ", "oc ", "k get "];

/// The command of a shell prompt line (`$ kubectl …`, `[root@host ~]# virtctl …`,
/// `user@host:~$ …`, `bash-5.1$ …`, `❯ …`), or a bare `kubectl …` / `virtctl …` / `oc …`
/// command line, or `None`.
pub fn prompt_command(line: &str) -> Option<&str> {
    let t = line.trim_start_fast();
    if !may_be_prompt(line, t) {
        return None;
    }
    if let Some(rest) = ["$ ", "> ", "❯ ", "➜ "]
        .iter()
        .find_map(|p| t.strip_prefix(p))
    {
        return Some(rest.trim_fast());
    }
    if let Some(rest) = shell_version_prompt(t).or_else(|| path_prompt(t)) {
        return Some(rest.trim_fast());
    }
    if line.len() < 300 && BARE_TOOLS.iter().any(|p| line.starts_with(p)) && !line.contains(": ") {
        return Some(line.trim_fast());
    }
    if let Some(rest) = t.strip_prefix("# ") {
        const TOOLS: [&str; 9] = [
            "kubectl ",
            "k ",
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
            .then_some(rest.trim_fast());
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
    Some(t[end + 2..].trim_fast())
}

/// The command after a prompt that ends a path: `~$ `, `~ # `, `host:~ # `, `n1-hp6:~ # `,
/// `host:/var/log$ `, or PowerShell's `PS C:\> `.
fn path_prompt(t: &str) -> Option<&str> {
    if let Some(rest) = t.strip_prefix("PS ") {
        let end = rest.get(..rest.len().min(120))?.find("> ")?;
        let path = &rest[..end];
        return (!path.contains(' ') && (path.contains(':') || path.starts_with(['/', '~'])))
            .then(|| &rest[end + 2..]);
    }
    // `[host:]path[ ]$|# `: the first word holds the path, then the prompt sign.
    let (head, rest) = t.split_once(' ')?;
    let (path, rest) = match head.strip_suffix(['$', '#']) {
        Some(p) => (p, rest),
        None => (
            head,
            rest.strip_prefix("# ")
                .or_else(|| rest.strip_prefix("$ "))?,
        ),
    };
    let path = path.rsplit_once(':').map_or(path, |(host, p)| {
        if host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.@".contains(c))
        {
            p
        } else {
            ""
        }
    });
    let is_path = path.starts_with(['~', '/'])
        && path.len() < 80
        && path
            .chars()
            .all(|c| !c.is_whitespace() && c != '"' && c != '\'');
    is_path.then_some(rest)
}

/// Every prompt [`prompt_command`] knows has a `$ `, `# ` or `> ` in it, starts with `❯ ` or
/// `➜ `, or is a bare tool's command line: one pass over the bytes rules out the rest (most
/// lines of a paste), before the prompt shapes are tried one by one.
fn may_be_prompt(line: &str, t: &str) -> bool {
    // A prompt sign then a space: the signs found by `memchr3`, as every line is asked.
    let b = t.as_bytes();
    memchr::memchr3_iter(b'$', b'#', b'>', b).any(|i| b.get(i + 1) == Some(&b' '))
        || t.starts_with(['❯', '➜'])
        || BARE_TOOLS.iter().any(|p| line.starts_with(p))
}

/// The command after `bash-5.1$ ` or `sh-4.4# ` (a shell's default prompt in a container).
fn shell_version_prompt(t: &str) -> Option<&str> {
    let (shell, rest) = t.split_once('-')?;
    if !matches!(shell, "bash" | "sh" | "zsh") {
        return None;
    }
    let end = rest.find(['$', '#'])?;
    let version = &rest[..end];
    let is_version = !version.is_empty() && version.chars().all(|c| c.is_ascii_digit() || c == '.');
    (is_version && rest[end + 1..].starts_with(' ')).then(|| &rest[end + 2..])
}

/// Splits a paste into blocks.
pub fn split(input: &str) -> Vec<Block<'_>> {
    let mut blocks = Vec::new();
    let mut cur: Option<Block<'_>> = None;
    let mut command: Option<(&str, usize)> = None;
    let mut dropped: Vec<(usize, &'static str)> = Vec::new();
    let quoted = quoted_lines(input);
    for (i, line) in input.lines_fast().enumerate() {
        let n = i + 1;
        let line = if quoted.get(i).copied().unwrap_or(false) {
            unquote(line)
        } else {
            line
        };
        let fenced = is_fence(line);
        if fenced {
            flush(&mut cur, &mut blocks);
            dropped.push((n, "code fence"));
        }
        // A fence with the pasted text on its own line (```text```): the text is read.
        let line = match fenced.then(|| fence_content(line)) {
            None => line,
            Some(Some(inner)) => inner,
            Some(None) => continue,
        };
        // A header glued to the output before it (`-o jsonpath` prints no newline): that
        // output ends its block, the header starts the next (`super::glued`).
        let line = match super::glued::glued_header(line) {
            Some((before, header)) => {
                let hint = cur
                    .as_ref()
                    .map_or(command, |b| b.command.zip(b.command_line));
                push_line(&mut cur, &mut blocks, &mut command, &mut dropped, before, n);
                flush(&mut cur, &mut blocks);
                // The header is the next command's of a chain (`… -o jsonpath=… && kubectl
                // get vmim`), not the first's.
                command = command
                    .or(hint)
                    .and_then(|(c, l)| super::glued::next_in_chain(c).map(|c| (c, l)));
                header
            }
            None => line,
        };
        if let Some(c) = prompt_command(line) {
            flush(&mut cur, &mut blocks);
            command = Some((c, n));
            dropped.push((n, "shell prompt"));
            continue;
        }
        if line.trim_fast().is_empty() {
            flush(&mut cur, &mut blocks);
            continue;
        }
        push_line(&mut cur, &mut blocks, &mut command, &mut dropped, line, n);
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
            source: input,
        });
    }
    if let (Some(last), false) = (blocks.last_mut(), dropped.is_empty()) {
        last.dropped.append(&mut dropped);
    }
    blocks.iter_mut().for_each(|b| b.source = input);
    blocks
}

/// Adds line `n` to the block being read, or starts one (with the prompt's command) when there
/// is none or the line's shape changes.
fn push_line<'a>(
    cur: &mut Option<Block<'a>>,
    blocks: &mut Vec<Block<'a>>,
    command: &mut Option<(&'a str, usize)>,
    dropped: &mut Vec<(usize, &'static str)>,
    line: &'a str,
    n: usize,
) {
    if let Some(b) = cur.as_mut() {
        let first = b.text.first().copied().unwrap_or("");
        let prev = b.text.last().copied().unwrap_or("");
        if shape_changes(first, prev, line) {
            flush(cur, blocks);
        }
    }
    match cur.as_mut() {
        Some(b) => {
            b.text.push(line);
            b.lines.last = n;
        }
        None => {
            *cur = Some(Block {
                lines: LineRange { first: n, last: n },
                text: vec![line],
                command: command.map(|c| c.0),
                command_line: command.take().map(|c| c.1),
                dropped: std::mem::take(dropped),
                // Set by `split` for every block.
                source: "",
            });
        }
    }
}

/// The fewest consecutive `>` lines read as a Markdown quote: one or two such lines are more
/// likely a `> ` prompt (PowerShell's continuation, a generic shell) than a quote.
const QUOTE_RUN: usize = 3;

/// Which lines of the paste are inside a Markdown blockquote (an issue comment quoting an
/// earlier one): runs of at least [`QUOTE_RUN`] consecutive lines starting with `>`.
fn quoted_lines(input: &str) -> Vec<bool> {
    // No `>` anywhere: no line is quoted (an empty list reads as all false).
    if memchr::memchr(b'>', input.as_bytes()).is_none() {
        return Vec::new();
    }
    let marks: Vec<bool> = input
        .lines_fast()
        .map(|l| l.trim_start_fast().starts_with('>'))
        .collect();
    let mut out = vec![false; marks.len()];
    let mut i = 0;
    while i < marks.len() {
        let run = marks[i..].iter().take_while(|m| **m).count();
        if run >= QUOTE_RUN {
            out[i..i + run].iter_mut().for_each(|q| *q = true);
        }
        i += run.max(1);
    }
    // A shorter run is a quote too where a line holds what only kubectl prints: an event row
    // of a describe's `Events:` (`Type  Reason  Age  From  Message`, kubectl's
    // `describe.go` DescribeEvents) is output, never the rest of a command after a `> `
    // continuation prompt.
    for (q, line) in out.iter_mut().zip(input.lines_fast()) {
        if !*q && line.trim_start_fast().starts_with('>') {
            *q = super::event_row::event_row(unquote(line)).is_some();
        }
    }
    out
}

/// A quoted line without its markers (`> `, `>`, nested `> > `).
pub(super) fn unquote(line: &str) -> &str {
    let mut t = line.trim_start_fast();
    while let Some(rest) = t.strip_prefix('>') {
        t = rest.strip_prefix(' ').unwrap_or(rest);
    }
    t
}

fn flush<'a>(cur: &mut Option<Block<'a>>, blocks: &mut Vec<Block<'a>>) {
    if let Some(b) = cur.take() {
        blocks.push(b);
    }
}

/// A JSON log line after a non-log line (or the reverse), a table header after other text, or
/// the `Name:` line that starts a describe after other text (a describe has it only at its top).
fn shape_changes(first: &str, prev: &str, line: &str) -> bool {
    if is_json_log_line(prev) != is_json_log_line(line) {
        // A pretty-printed or wrapped JSON log continues on lines starting with space or `}`.
        let continuation = line.starts_with([' ', '\t', '}', ']', '"']);
        return !continuation;
    }
    use super::shapes::is_table_header;
    (is_table_header(line) && !is_table_header(prev)) || (is_describe_top(line) && first != line)
}

/// `Name:         web`: the first line of a `kubectl describe`, its value aligned by spaces.
fn is_describe_top(line: &str) -> bool {
    line.strip_prefix("Name:")
        .is_some_and(|v| v.starts_with("  ") && !v.trim_fast().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::format::recognise_text;
    use crate::view::BlockFormat;

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

    /// The formats of a paste's blocks, with their first lines.
    fn shapes(input: &str) -> Vec<(BlockFormat, usize, Option<&str>)> {
        split(input)
            .iter()
            .map(|b| (recognise_text(b), b.lines.first, b.command))
            .collect()
    }

    #[test]
    fn a_table_then_a_describe_are_two_blocks_whatever_the_prompt() {
        let table = "NAME     AGE   PHASE     IP            NODENAME   READY\n\
            testvm   5m    Running   10.244.0.12   node01     True\n";
        let describe = "Name:         testvm\nNamespace:    default\n\
            API Version:  kubevirt.io/v1\nKind:         VirtualMachineInstance\n\
            Status:\n  Phase:  Running\n";
        let want = |cmd: [Option<&'static str>; 2], first: [usize; 2]| {
            vec![
                (BlockFormat::Table, first[0], cmd[0]),
                (BlockFormat::Describe, first[1], cmd[1]),
            ]
        };
        let both = [Some("kubectl get vmi"), Some("kubectl describe vmi testvm")];
        for (get, desc) in [
            ("$ kubectl get vmi", "$ kubectl describe vmi testvm"),
            (
                "bash-5.1$ kubectl get vmi",
                "bash-5.1$ kubectl describe vmi testvm",
            ),
            (
                "sh-4.4# kubectl get vmi",
                "sh-4.4# kubectl describe vmi testvm",
            ),
            ("❯ kubectl get vmi", "❯ kubectl describe vmi testvm"),
            ("kubectl get vmi", "kubectl describe vmi testvm"),
        ] {
            let paste = format!("{get}\n{table}{desc}\n{describe}");
            assert_eq!(shapes(&paste), want(both, [2, 5]), "{paste}");
        }
        // No prompt at all: the format change alone splits.
        let paste = format!("{table}{describe}");
        assert_eq!(shapes(&paste), want([None, None], [1, 3]));
        // A describe, then a table without a blank line between.
        let paste = format!("{describe}{table}");
        assert_eq!(
            shapes(&paste),
            vec![
                (BlockFormat::Describe, 1, None),
                (BlockFormat::Table, 7, None)
            ]
        );
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
