//! Kubernetes label and field selectors: parsing (with the API server's error texts) and matching.
//!
//! Hand-written: no Rust crate parses set-based selectors server-side with the API server's error
//! texts (kube-rs builds query strings), and the field selectors allowed depend on the kind.

use crate::resources::Resource;
use serde_json::Value;

/// One requirement of a label selector.
#[derive(Debug, Clone, PartialEq)]
enum LabelReq {
    Eq(String, String),
    NotEq(String, String),
    In(String, Vec<String>),
    NotIn(String, Vec<String>),
    Exists(String),
    NotExists(String),
}

/// A parsed `labelSelector`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LabelSelector(Vec<LabelReq>);

/// Splits on commas that are not inside parentheses.
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

fn valid_key(k: &str) -> bool {
    !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'))
}

impl LabelSelector {
    pub fn parse(s: &str) -> Result<LabelSelector, String> {
        let mut reqs = Vec::new();
        for part in split_top(s) {
            let p = part.trim();
            if p.is_empty() {
                continue;
            }
            let set_op = |p: &str, op: &str| -> Option<Result<(String, Vec<String>), String>> {
                let idx = p.find(op)?;
                let key = p[..idx].trim();
                let rest = p[idx + op.len()..].trim();
                if !rest.starts_with('(') || !rest.ends_with(')') || !valid_key(key) {
                    return Some(Err(format!("unable to parse requirement: {p}")));
                }
                let vals = rest[1..rest.len() - 1]
                    .split(',')
                    .map(|v| v.trim().to_string())
                    .filter(|v| !v.is_empty());
                Some(Ok((key.to_string(), vals.collect())))
            };
            let req = if let Some(r) = set_op(p, " notin ") {
                let (k, v) = r?;
                LabelReq::NotIn(k, v)
            } else if let Some(r) = set_op(p, " in ") {
                let (k, v) = r?;
                LabelReq::In(k, v)
            } else if let Some((k, v)) = p.split_once("!=") {
                LabelReq::NotEq(k.trim().to_string(), v.trim().to_string())
            } else if let Some((k, v)) = p.split_once("==") {
                LabelReq::Eq(k.trim().to_string(), v.trim().to_string())
            } else if let Some((k, v)) = p.split_once('=') {
                LabelReq::Eq(k.trim().to_string(), v.trim().to_string())
            } else if let Some(k) = p.strip_prefix('!') {
                LabelReq::NotExists(k.trim().to_string())
            } else {
                LabelReq::Exists(p.to_string())
            };
            let key = match &req {
                LabelReq::Eq(k, _)
                | LabelReq::NotEq(k, _)
                | LabelReq::In(k, _)
                | LabelReq::NotIn(k, _)
                | LabelReq::Exists(k)
                | LabelReq::NotExists(k) => k,
            };
            if !valid_key(key) {
                return Err(format!(
                    "unable to parse requirement: invalid label key \"{key}\""
                ));
            }
            reqs.push(req);
        }
        Ok(LabelSelector(reqs))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether an object's `metadata.labels` satisfy every requirement.
    pub fn matches(&self, obj: &Value) -> bool {
        let labels = &obj["metadata"]["labels"];
        let get = |k: &str| labels.get(k).and_then(Value::as_str);
        self.0.iter().all(|r| match r {
            LabelReq::Eq(k, v) => get(k) == Some(v.as_str()),
            LabelReq::NotEq(k, v) => get(k) != Some(v.as_str()),
            LabelReq::In(k, vs) => get(k).is_some_and(|x| vs.iter().any(|v| v == x)),
            LabelReq::NotIn(k, vs) => get(k).is_none_or(|x| !vs.iter().any(|v| v == x)),
            LabelReq::Exists(k) => get(k).is_some(),
            LabelReq::NotExists(k) => get(k).is_none(),
        })
    }
}

/// A parsed `fieldSelector` (only `=`, `==` and `!=`, as the API server supports).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FieldSelector(Vec<(String, bool, String)>);

impl FieldSelector {
    /// Parses a field selector for `resource`; unknown fields are rejected like the API server does.
    pub fn parse(s: &str, resource: &Resource) -> Result<FieldSelector, String> {
        let mut reqs = Vec::new();
        for part in s.split(',') {
            let p = part.trim();
            if p.is_empty() {
                continue;
            }
            let (field, eq, value) = if let Some((f, v)) = p.split_once("!=") {
                (f, false, v)
            } else if let Some((f, v)) = p.split_once("==") {
                (f, true, v)
            } else if let Some((f, v)) = p.split_once('=') {
                (f, true, v)
            } else {
                return Err(format!("invalid selector: '{s}'; can't understand '{p}'"));
            };
            let field = field.trim();
            if !matches!(field, "metadata.name" | "metadata.namespace")
                && !resource.fields.contains(&field)
            {
                return Err(format!("field label not supported: {field}"));
            }
            reqs.push((field.to_string(), eq, value.trim().to_string()));
        }
        Ok(FieldSelector(reqs))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn matches(&self, obj: &Value) -> bool {
        self.0
            .iter()
            .all(|(field, eq, value)| (field_value(obj, field) == *value) == *eq)
    }
}

/// The string value of a selectable field ("" when absent).
fn field_value(obj: &Value, field: &str) -> String {
    let path = if field == "source" {
        "source.component"
    } else {
        field
    };
    let mut v = obj;
    for seg in path.split('.') {
        v = &v[seg];
    }
    match v {
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

/// Both selectors of a request.
#[derive(Debug, Clone, Default)]
pub struct Selectors {
    pub labels: LabelSelector,
    pub fields: FieldSelector,
}

impl Selectors {
    /// Whether every object matches (no requirement at all).
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty() && self.fields.is_empty()
    }

    pub fn matches(&self, obj: &Value) -> bool {
        self.labels.matches(obj) && self.fields.matches(obj)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resources::{EVENT, POD, VMI};
    use serde_json::json;

    fn obj(labels: Value) -> Value {
        json!({"metadata": {"name": "a", "namespace": "ns", "labels": labels}})
    }

    #[test]
    fn label_selector_operators() {
        let o = obj(json!({"kubevirt.io": "virt-launcher", "tier": "web"}));
        let t = |s: &str| LabelSelector::parse(s).unwrap().matches(&o);
        assert!(t("kubevirt.io=virt-launcher"));
        assert!(t("kubevirt.io==virt-launcher,tier"));
        assert!(!t("kubevirt.io!=virt-launcher"));
        assert!(t("tier in (web, db)"));
        assert!(!t("tier notin (web,db)"));
        assert!(t("!missing"));
        assert!(!t("missing"));
        assert!(t("missing notin (x)"));
        assert!(!t("tier in (db)"));
        assert!(LabelSelector::parse("a in b").is_err());
    }

    #[test]
    fn field_selectors_follow_the_resource() {
        let ev = json!({"metadata": {"name": "e", "namespace": "prod"},
            "involvedObject": {"kind": "VirtualMachineInstance", "name": "web-1"}, "type": "Warning"});
        let f = FieldSelector::parse(
            "involvedObject.kind=VirtualMachineInstance,involvedObject.name=web-1",
            &EVENT,
        )
        .unwrap();
        assert!(f.matches(&ev));
        assert!(
            !FieldSelector::parse("involvedObject.name=web-2", &EVENT)
                .unwrap()
                .matches(&ev)
        );
        assert!(
            FieldSelector::parse("type!=Normal", &EVENT)
                .unwrap()
                .matches(&ev)
        );
        let err = FieldSelector::parse("status.phase=Running", &VMI).unwrap_err();
        assert_eq!(err, "field label not supported: status.phase");
        let pod = json!({"metadata": {"name": "p"}, "spec": {}, "status": {"phase": "Pending"}});
        assert!(
            FieldSelector::parse("spec.nodeName=", &POD)
                .unwrap()
                .matches(&pod)
        );
        assert!(
            FieldSelector::parse("status.phase=Pending,metadata.name=p", &POD)
                .unwrap()
                .matches(&pod)
        );
    }
}
