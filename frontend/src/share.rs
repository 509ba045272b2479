//! The share link of a pasted dump: the text, deflated and base64url-encoded, in the URL fragment
//! (`#dump=…`). A fragment is never sent to the server, so a shared dump stays in browsers.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// The fragment key.
pub const KEY: &str = "dump=";

/// The largest dump the paste page reads: 10 MiB of text (a dump of about 2,000 VMIs with their
/// pods, nodes and events). The page refuses more with [`too_large`]'s message, and a link's dump
/// is never inflated past it; `strata diagnose` reads any size.
pub const MAX_BYTES: usize = 10 << 20;

/// Why a dump of `len` bytes is refused, when it is over [`MAX_BYTES`].
pub fn too_large(len: usize) -> Option<String> {
    (len > MAX_BYTES).then(|| {
        format!(
            "the dump is {:.1} MB; this page reads at most {} MB. Diagnose it with \
             `strata diagnose FILE`, which reads any size, or paste only the VMIs you need",
            len as f64 / 1_048_576.0,
            MAX_BYTES >> 20
        )
    })
}

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
        .map_err(|e| {
            format!(
                "the link's dump is damaged: it holds characters a share link never has ({e}); copy the whole link again"
            )
        })?;
    // A bomb guard too: inflating stops past the page's limit.
    let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_BYTES).map_err(
        |e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => too_large(MAX_BYTES + 1)
                .unwrap_or_default()
                .replacen("the dump is", "the link's dump is over", 1),
            // Said in words: the inflater's own Debug text means nothing to an operator.
            _ => "the link's dump is damaged: its compressed data is cut or altered; copy the whole link again".to_string(),
        },
    )?;
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
        assert!(decode("dump=!!!").unwrap_err().contains("characters"));
        let cut = decode("dump=AAAA").unwrap_err();
        assert!(cut.contains("cut or altered"), "{cut}");
        assert!(!cut.contains('{'), "no Debug text: {cut}");
    }

    #[test]
    fn dumps_over_the_limit_are_refused_with_the_limit_named() {
        assert_eq!(too_large(MAX_BYTES), None);
        let e = too_large(MAX_BYTES + 1).unwrap();
        assert!(
            e.contains("at most 10 MB") && e.contains("strata diagnose"),
            "{e}"
        );
        // A link whose dump inflates past the limit (a few KB of fragment) is refused too.
        let big = "a".repeat(MAX_BYTES + 10);
        let e = decode(&encode(&big)).unwrap_err();
        assert!(
            e.contains("link's dump is over") && e.contains("at most 10 MB"),
            "{e}"
        );
    }
}
