//! A string field of a one-line JSON log, found without parsing the line (it may be cut): the
//! `component`, `level`, `name` of KubeVirt's JSON logs (`staging/src/kubevirt.io/client-go/
//! log/log.go`).

/// The value of `"key":"value"` in `line`, when short and non-empty.
pub fn json_field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    // `"key":"`, found without building the pattern (this runs on every line of a paste).
    let mut from = 0;
    let at = loop {
        let i = from + line.get(from..)?.find(key)?;
        let after = &line[i + key.len()..];
        if line[..i].ends_with('"') && after.starts_with("\":\"") {
            break i + key.len() + 3;
        }
        from = i + 1;
    };
    let rest = &line[at..];
    let end = rest.find('"')?;
    let v = &rest[..end];
    (!v.is_empty() && v.len() <= 64).then_some(v)
}
