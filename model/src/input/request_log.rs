//! client-go's request log at `-v=8` and above splits what `-v=6` prints on one line
//! (`GET <url> 503 Service Unavailable in 8 milliseconds`) over several: the request
//! (`round_trippers.go] GET <url>`), its headers, then `Response Status: <code> <text> in N
//! milliseconds` (`k8s.io/client-go/transport/round_trippers.go`, `debuggingRoundTripper`).
//! A status line is read with the request it answers, as the one-line form.

use crate::scan::FastLines as _;
/// The HTTP methods client-go logs a request with.
const VERBS: &[&str] = &["GET ", "POST ", "PUT ", "PATCH ", "DELETE ", "HEAD "];
const STATUS: &str = "Response Status: ";

/// Remembers a request line in `last`; for a status line after one, the one-line form of the
/// two (`<request line> <code> <text> in N milliseconds`) to match.
pub fn joined(line: &str, last: &mut Option<String>) -> Option<String> {
    // Asked of every line (no searcher set up for each).
    crate::scan::find(line, "round_trippers.go")?;
    let msg = line.split_once("] ").map_or(line, |(_, m)| m).trim_fast();
    if VERBS.iter().any(|v| msg.starts_with(v)) && msg.contains("://") {
        *last = Some(line.trim_end_fast().to_string());
        return None;
    }
    let status = msg.strip_prefix(STATUS)?;
    let request = last.as_deref()?;
    Some(format!("{request} {status}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_line_is_read_with_its_request() {
        let mut last = None;
        let req =
            "I0101 10:00:00.000000    1 round_trippers.go:416] GET https://h:6443/apis/x.io/v1";
        assert_eq!(joined(req, &mut last), None);
        let hdr = "I0101 10:00:00.000000    1 round_trippers.go:423] Request Headers:";
        assert_eq!(joined(hdr, &mut last), None);
        let st = "I0101 10:00:00.000000    1 round_trippers.go:441] Response Status: 503 Service Unavailable in 8 milliseconds";
        let j = joined(st, &mut last).unwrap();
        assert!(
            j.ends_with(
                "GET https://h:6443/apis/x.io/v1 503 Service Unavailable in 8 milliseconds"
            ),
            "{j}"
        );
    }
}
