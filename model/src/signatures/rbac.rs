//! The API server's authorization denial, read for WHO lacks WHAT: `User "<user>" cannot <verb>
//! resource "<resource>" in API group "<group>" in the namespace "<ns>"` (or `at the cluster
//! scope`), as `staging/src/k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/errors.go`
//! (`forbiddenMessage`) writes it inside a `Forbidden` status. The cluster works: the user's
//! access is refused. By the corpus conventions (`tests/fixtures/fresh/README.md`: admission and
//! API access problems are the control plane's) it points at the control plane, degraded, and
//! says which permission is missing and how to grant it.
//!
//! `forbiddenMessage` has three forms, all read: a resource in a namespace, a resource at the
//! cluster scope, and a non-resource URL (`User %q cannot %s path %q`, a `/healthz` or `/apis`
//! request). A denial pasted as posted in a thread may carry placeholders for its values
//! (`<name>`, `<namespace>`), unquoted, and may be wrapped before `in API group` or `in the
//! namespace`: `continued` joins such a line with its next.

use super::fallback::Sourced;
use crate::scan::FastLines as _;
use crate::verdict::Layer;

/// The file the message comes from.
const SOURCE: &str = "kubernetes/kubernetes staging/src/k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/errors.go";

/// The quoted value after `key` in `line`.
fn quoted_after<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let rest = &line[line.find(key)? + key.len()..];
    let rest = rest.trim_start_fast().strip_prefix('"')?;
    Some(&rest[..rest.find('"')?])
}

/// A value as posted: quoted (`"alice"`), a placeholder (`<my-user>`) or bare, with a Markdown
/// link rewrite (`[g](http://g/)`) read as its text.
fn value(word: &str) -> &str {
    let w = word.trim_matches(|c| matches!(c, '"' | '<' | '>' | '.' | ','));
    match w.strip_prefix('[') {
        Some(inner) => inner.split(']').next().unwrap_or(inner),
        None => w,
    }
}

/// The value after `key`: quoted as the API server writes it, or a placeholder or bare word as
/// a thread posts it (`in the namespace <namespace>`).
fn value_after<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    quoted_after(line, key).or_else(|| {
        let rest = &line[line.find(key)? + key.len()..];
        let v = value(rest.split_whitespace().next()?);
        (!v.is_empty()).then_some(v)
    })
}

/// The user: `User "<name>"` as the API server quotes it, or a name pasted unquoted.
fn user(line: &str) -> Option<&str> {
    let rest = &line[line.find("User ")? + "User ".len()..];
    let name = match rest.strip_prefix('"') {
        Some(q) => &q[..q.find('"')?],
        None => value(rest.split_whitespace().next()?),
    };
    (!name.is_empty()).then_some(name)
}

/// The denial `line` holds, as who lacks which permission. Both forms the API server has
/// written: `cannot <verb> resource "<resource>" in API group "<group>" in the namespace "<ns>"`
/// (or `at the cluster scope`), and the older `cannot <verb> <resource>[.<group>] in the
/// namespace "<ns>".` of `forbiddenMessage` before the API group was quoted (OpenShift's
/// authorizer adds `in project "<ns>"`).
pub fn denial(line: &str) -> Option<Sourced> {
    // The denial as any client quotes it: bare (kubectl), or inside another string (a logfmt
    // `output="…"`, a JSON `msg`, Go's `%q` in a test's status dump), its quotes escaped once
    // or twice. Hand-written: two `replace`s, no crate needed.
    if line.contains("\\\"") {
        let unescaped = line.replace("\\\\\\\"", "\"").replace("\\\"", "\"");
        return denial_in(&unescaped);
    }
    denial_in(line)
}

fn denial_in(line: &str) -> Option<Sourced> {
    let user = user(line)?;
    let after_user = &line[line.find(" cannot ")? + " cannot ".len()..];
    let mut words = after_user.split_whitespace();
    let verb = words.next()?;
    let next = words.next()?;
    let resource = if next == "resource" || next == "path" {
        value(words.next()?)
    } else {
        value(next)
    };
    if resource.is_empty() || verb.is_empty() {
        return None;
    }
    let group = value_after(after_user, "in API group").map(value);
    let scope = match value_after(after_user, "in the namespace")
        .or_else(|| value_after(after_user, "in project"))
    {
        Some(ns) => format!("in the namespace {ns}"),
        None if after_user.contains("at the cluster scope") => "at the cluster scope".into(),
        // The non-resource form: `cannot get path "/healthz"`.
        None if next == "path" => "(a non-resource URL)".into(),
        None => return None,
    };
    let group_words = match group {
        Some("") => " of the core API group".to_string(),
        Some(g) => format!(" of the API group {g}"),
        None => String::new(),
    };
    Some(Sourced {
        layer: Layer::ControlPlane,
        title: format!("forbidden: {user} may not {verb} {resource}"),
        cause: format!(
            "the API server's authorization refused the request (forbidden): the user {user} \
             lacks the permission to {verb} {resource}{group_words} {scope}. The cluster and \
             the VMs are not at fault; the user's access is: bind a Role or ClusterRole granting \
             `{verb}` on `{resource}` (for KubeVirt's objects the aggregated kubevirt.io:view, \
             kubevirt.io:edit or kubevirt.io:admin roles), then check with `kubectl auth can-i \
             {verb} {resource} --as {user}`"
        ),
        source: SOURCE.into(),
    })
}

/// The words a wrapped denial's second line starts with.
const CONTINUATIONS: [&str; 4] = [
    "in API group",
    "in the namespace",
    "in project",
    "at the cluster scope",
];

/// The line `i` of `text` joined with the next when it holds a denial wrapped before its scope
/// (`User <name> cannot update resource "virtualmachines/migrate"` then `in API group …`), and
/// the one line joined; `None` when it continues nothing.
pub fn continued(text: &[&str], i: usize) -> Option<(String, usize)> {
    let line = text.get(i)?;
    // `User ` first: its anchor, a capital U, is rare; the lines without it are nearly all.
    if crate::scan::find(line, "User ").is_none()
        || crate::scan::find(line, " cannot ").is_none()
        || denial(line).is_some()
    {
        return None;
    }
    let next = text.get(i + 1)?.trim_fast();
    if !CONTINUATIONS.iter().any(|c| next.starts_with(c)) {
        return None;
    }
    let joined = format!("{} {next}", line.trim_end_fast());
    denial(&joined).map(|_| (joined, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn who_lacks_what() {
        let s = denial(r#"Error from server (Forbidden): virtualmachineinstances.kubevirt.io is forbidden: User "alice" cannot watch resource "virtualmachineinstances" in API group "kubevirt.io" at the cluster scope"#).unwrap();
        assert_eq!(s.layer, Layer::ControlPlane);
        assert!(
            s.title
                .contains("alice may not watch virtualmachineinstances"),
            "{}",
            s.title
        );
        assert!(s.cause.contains("at the cluster scope"), "{}", s.cause);
        assert!(denial("User \"bob\" logged in").is_none());
    }
}
