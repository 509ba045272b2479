//! Reading an incident file back: the JSON its writer embedded ([`super::write`]) holds the
//! evidence and the moment; the rest of the page is only its rendering, so nothing else is read.

use super::{ELEMENT_ID, FORMAT, Incident};

/// The incident an input carries: `None` when the input is no incident file (its element is
/// absent), `Some(Err)` with a reason when it is one but its evidence cannot be read (cut,
/// edited, or of a format this version does not know).
pub fn read(input: &str) -> Option<Result<Incident, String>> {
    let open = format!("<script type=\"application/json\" id=\"{ELEMENT_ID}\">");
    let start = input.find(&open)? + open.len();
    let Some(len) = input[start..].find("</script>") else {
        return Some(Err(
            "the incident file is cut: its embedded evidence has no end".into(),
        ));
    };
    let json = &input[start..start + len];
    let v: serde_json::Value = match serde_json::from_str(json) {
        Ok(v) => v,
        Err(e) => {
            return Some(Err(format!(
                "the incident file's embedded evidence is not valid JSON: {e}"
            )));
        }
    };
    let format = v.get("format").and_then(|f| f.as_str()).unwrap_or("");
    let family = FORMAT.split('/').next().unwrap_or(FORMAT);
    if format != FORMAT {
        return Some(Err(if format.starts_with(family) {
            format!("the incident file is of format {format}; this Strata reads {FORMAT}")
        } else {
            "the incident file's embedded evidence names no Strata incident format".into()
        }));
    }
    Some(serde_json::from_value(v).map_err(|e| {
        format!("the incident file's embedded evidence cannot be read as a VMI's evidence: {e}")
    }))
}
