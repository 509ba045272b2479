//! The share link of a pasted dump: the text, deflated and base64url-encoded, in the URL fragment
//! (`#dump=…`). A fragment is never sent to the server, so a shared dump stays in browsers.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// The fragment key.
pub const KEY: &str = "dump=";

/// Encodes a dump for the fragment (without `#`).
pub fn encode(text: &str) -> String {
    let packed = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9);
    format!("{KEY}{}", URL_SAFE_NO_PAD.encode(packed))
}

/// Decodes a fragment made by [`encode`]; `Err` says what is wrong with it.
pub fn decode(fragment: &str) -> Result<String, String> {
    let data = fragment
        .trim_start_matches('#')
        .strip_prefix(KEY)
        .ok_or_else(|| "the link carries no dump".to_string())?;
    let packed = URL_SAFE_NO_PAD
        .decode(data.trim_end_matches('='))
        .map_err(|e| format!("the link's dump is damaged (base64: {e})"))?;
    // A bomb guard: a shared dump is at most a few megabytes once inflated.
    let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, 32 << 20)
        .map_err(|e| format!("the link's dump is damaged (deflate: {e:?})"))?;
    String::from_utf8(raw).map_err(|_| "the link's dump is not UTF-8 text".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_compresses() {
        let text = "kind: VirtualMachineInstance\nmetadata: {name: web}\n".repeat(50);
        let f = encode(&text);
        assert!(f.starts_with(KEY));
        assert!(f.len() < text.len() / 4, "compressed: {}", f.len());
        assert!(!f.contains(['+', '/', '#', '&']));
        assert_eq!(decode(&f).unwrap(), text);
        assert_eq!(decode(&format!("#{f}")).unwrap(), text);
    }

    #[test]
    fn damaged_links_give_reasons() {
        assert!(decode("other=1").unwrap_err().contains("no dump"));
        assert!(decode("dump=!!!").unwrap_err().contains("base64"));
        assert!(decode("dump=AAAA").unwrap_err().contains("deflate"));
    }
}
