//! Line-shape predicates: what a single line looks like (a `kubectl get` header, a klog or logfmt
//! line, a JSON log line, a describe key). Leaves of the input reader: the block splitter, the
//! format recogniser, the table and event readers and the line reader all ask them, and they ask
//! nothing back.

use crate::scan::FastLines as _;
/// A `kubectl get` header: upper-case column names separated by two or more spaces (or tabs),
/// indented or not.
pub fn is_table_header(line: &str) -> bool {
    let head = line.trim_fast();
    if !(head.starts_with("NAME") || head.starts_with("NAMESPACE") || head.starts_with("LAST SEEN"))
    {
        return false;
    }
    let cols: Vec<&str> = head
        .split("  ")
        .flat_map(|c| c.split('\t'))
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    // A `-L key` column is the key's last segment upper-cased: digits and dots too.
    // `kubectl top` prints its units in lower case inside parentheses: `CPU(cores)`,
    // `MEMORY(bytes)` (k8s.io/kubectl pkg/metricsutil/metrics_printer.go).
    cols.len() >= 2
        && cols.iter().enumerate().all(|(i, c)| {
            let unit = c.find('(').map_or(c.len(), |at| at);
            c.char_indices().all(|(at, ch)| {
                ch.is_ascii_uppercase()
                    || "-_ ()%".contains(ch)
                    || (i > 0 && (ch.is_ascii_digit() || ch == '.'))
                    || (at > unit && ch.is_ascii_lowercase())
            })
        })
}

/// A `kubectl get` header whose alignment a web page collapsed to single spaces (a gist's or a
/// forum's viewer, ` | |` cell markers after it): upper-case column names only, NAME or
/// NAMESPACE first. Not a header to place cells by (the columns no longer line up), but never a
/// row either: the table reader skips it and reads the rows with kubectl's default columns.
pub fn is_collapsed_header(line: &str) -> bool {
    let words: Vec<&str> = super::cells::without_cell_markers(line)
        .split_whitespace()
        .collect();
    words.len() >= 2
        && matches!(words[0], "NAME" | "NAMESPACE")
        && words[1..].iter().all(|w| {
            w.chars()
                .all(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit() || "-_.()%".contains(ch))
        })
}

/// A klog line (`E0412 10:01:02.123456 …`) or a logfmt line (`level=error msg=…`).
pub fn is_klog_or_logfmt(line: &str) -> bool {
    let t = line.trim_start_fast();
    let b = t.as_bytes();
    let klog = b.len() > 6
        && matches!(b[0], b'I' | b'W' | b'E' | b'F')
        && b[1..5].iter().all(u8::is_ascii_digit)
        && b[5] == b' ';
    // Most lines have no `=` at all: they are not searched for logfmt's keys.
    let logfmt = || t.as_bytes().contains(&b'=') && t.contains("level=") && t.contains("msg=");
    klog || logfmt() || t.starts_with("time=\"")
}

/// A line of KubeVirt's JSON log (or any JSON log): an object with `level`, `msg`, `ts` or
/// `component` keys.
pub fn is_json_log_line(line: &str) -> bool {
    let t = line.trim_fast();
    t.starts_with('{')
        && (t.contains("\"level\"")
            || t.contains("\"msg\"")
            || t.contains("\"component\"")
            || t.contains("\"ts\""))
}

/// `Last Probe Time`, `Status`, `Guest OS Info`: words that each start with an upper-case letter.
pub(super) fn is_title_key(key: &str) -> bool {
    key.len() <= 60
        && key.split(' ').all(|w| {
            w.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./()".contains(c))
        })
}

/// An `ip address` link line, `2: enp1s0: <BROADCAST,MULTICAST> mtu 1500 …` (iproute2
/// `ip/ipaddress.c` print_linkinfo): the link's name and flags.
pub fn ip_link_header(line: &str) -> Option<(&str, &str)> {
    let t = line.trim_start();
    let (index, rest) = t.split_once(": ")?;
    if index.is_empty() || !index.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (name, rest) = rest.split_once(": <")?;
    let (flags, rest) = rest.split_once('>')?;
    (!name.is_empty() && !name.contains(' ') && rest.contains(" mtu ")).then_some((name, flags))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ip_link_header_gives_its_name_and_flags() {
        assert_eq!(
            ip_link_header("2: enp1s0: <BROADCAST,MULTICAST> mtu 9001 qdisc noop state DOWN"),
            Some(("enp1s0", "BROADCAST,MULTICAST"))
        );
        assert_eq!(
            ip_link_header("3: eth0@if12: <BROADCAST,UP,LOWER_UP> mtu 1450 qdisc noqueue"),
            Some(("eth0@if12", "BROADCAST,UP,LOWER_UP"))
        );
        assert_eq!(ip_link_header("2: something: else"), None);
    }
}
