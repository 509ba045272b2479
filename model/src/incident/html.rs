//! The small pieces of HTML the incident file is written with: escaping, the embedded JSON and
//! the page's own style (inline: nothing is fetched).

/// `s` as HTML text or attribute value.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON made safe inside a `<script type="application/json">` element: `<`, `>` and `&` only
/// occur inside JSON strings, where `\u003c` and the like mean the same characters, so no
/// `</script>` or `<!--` can end or alter the element.
pub fn script_json(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// The page's style: readable on screen and on paper, light and dark.
pub const STYLE: &str = "\
:root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--muted:#57606a;--line:#d0d7de;\
--broken:#cf222e;--degraded:#9a6700;--healthy:#1a7f37;--unknown:#6e7781;--code:#f6f8fa}\
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;\
--line:#30363d;--broken:#ff7b72;--degraded:#d29922;--healthy:#3fb950;--unknown:#9198a1;\
--code:#161b22}}\
body{font:15px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;\
max-width:1100px;padding:24px}\
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid \
var(--line);padding-bottom:4px}h3{font-size:15px;margin:12px 0 4px}\
.meta{color:var(--muted);margin:0 0 12px}.headline{font-size:18px;font-weight:600;\
border-left:4px solid var(--unknown);padding:8px 12px;margin:12px 0}\
.h-broken{border-color:var(--broken)}.h-degraded{border-color:var(--degraded)}\
.h-healthy{border-color:var(--healthy)}\
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid var(--line);\
padding:4px 8px;text-align:left;vertical-align:top}\
.broken{color:var(--broken)}.degraded{color:var(--degraded)}.healthy{color:var(--healthy)}\
.unknown{color:var(--unknown)}.finding{border:1px solid var(--line);border-radius:6px;\
padding:8px 12px;margin:8px 0}code,pre{font-family:ui-monospace,monospace;font-size:13px;\
background:var(--code);border-radius:4px}pre{padding:6px 8px;white-space:pre-wrap;\
word-break:break-word;margin:4px 0}ul{margin:4px 0;padding-left:20px}\
svg text{fill:var(--fg);font:12px system-ui,sans-serif}footer{color:var(--muted);\
margin-top:32px;font-size:13px}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_embedded_json_cannot_break_out() {
        assert_eq!(
            esc("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        let json = serde_json::json!({"m": "</script><!-- & >"}).to_string();
        let safe = script_json(&json);
        assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back["m"], "</script><!-- & >");
    }
}
