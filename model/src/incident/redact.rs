//! What an incident file may not carry. Always dropped: annotations that hold credentials or a
//! whole applied object (`kubectl.kubernetes.io/last-applied-configuration` repeats the spec,
//! cloud-init user data and its passwords included), and strings shaped like a bearer token or
//! a JWT. With names redacted, besides: every IPv4 and IPv6 address (as documentation addresses,
//! RFC 5737 and RFC 3849), every MAC address (as locally administered ones), and the names of
//! the namespace, the VMI and its VM, its pods' and migrations' nodes, each replaced wherever it
//! stands as a word by a stable placeholder (`ns-redacted-1`, `vm-redacted-1`,
//! `node-redacted-1`: a cluster's own names may be `node-1`): the same value gets the
//! same placeholder throughout the file, so the evidence still reads as one story.

use crate::evidence::Evidence;
use serde_json::Value;
use std::collections::BTreeMap;

/// Annotation keys dropped whatever their value: a whole applied object, or a credential.
const SECRET_KEY_WORDS: &[&str] = &[
    "last-applied-configuration",
    "token",
    "password",
    "passwd",
    "secret",
    "credential",
    "private-key",
    "userdata",
    "user-data",
];

/// `e` without secrets, and with names and addresses replaced when `names`.
pub fn redact(e: &Evidence, names: bool) -> Evidence {
    let Ok(mut v) = serde_json::to_value(e) else {
        return e.clone();
    };
    drop_secrets(&mut v);
    if names {
        let mut r = Replacer::new(&v);
        r.walk(&mut v);
    }
    serde_json::from_value(v).unwrap_or_else(|_| e.clone())
}

fn secret_key(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    SECRET_KEY_WORDS.iter().any(|w| k.contains(w))
}

/// A bearer token or a JWT (three base64url parts, the first a JSON header `eyJ…`).
fn token_like(s: &str) -> bool {
    let t = s.trim();
    t.starts_with("Bearer ")
        || (t.starts_with("eyJ") && t.matches('.').count() == 2 && !t.contains(char::is_whitespace))
}

fn drop_secrets(v: &mut Value) {
    match v {
        Value::Object(m) => {
            if let Some(Value::Object(a)) = m.get_mut("annotations") {
                a.retain(|k, _| !secret_key(k));
            }
            m.values_mut().for_each(drop_secrets);
        }
        Value::Array(a) => a.iter_mut().for_each(drop_secrets),
        Value::String(s) if token_like(s) => *s = "<redacted>".into(),
        _ => {}
    }
}

/// Names to replace, with their placeholders, and the addresses seen so far.
struct Replacer {
    /// (name, placeholder), longest name first.
    names: Vec<(String, String)>,
    addresses: BTreeMap<String, String>,
}

impl Replacer {
    fn new(v: &Value) -> Replacer {
        let mut found: Vec<(String, &str)> = Vec::new();
        let s = |p: &str| v.pointer(p).and_then(Value::as_str).map(str::to_string);
        // `default` names nothing of anyone's (and is also the pod network's name).
        found.extend(
            s("/key/namespace")
                .filter(|n| n != "default")
                .map(|n| (n, "ns")),
        );
        found.extend(s("/key/name").map(|n| (n, "vm")));
        found.extend(s("/vm/value/metadata/name").map(|n| (n, "vm")));
        let mut nodes: Vec<String> = Vec::new();
        collect_nodes(v, &mut nodes);
        found.extend(nodes.into_iter().map(|n| (n, "node")));
        let mut names: Vec<(String, String)> = Vec::new();
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for (name, kind) in found {
            if name.is_empty() || names.iter().any(|(n, _)| *n == name) {
                continue;
            }
            let c = counts.entry(kind).or_default();
            *c += 1;
            names.push((name, format!("{kind}-redacted-{c}")));
        }
        names.sort_by_key(|n| std::cmp::Reverse(n.0.len()));
        Replacer {
            names,
            addresses: BTreeMap::new(),
        }
    }

    fn walk(&mut self, v: &mut Value) {
        match v {
            Value::Object(m) => m.values_mut().for_each(|x| self.walk(x)),
            Value::Array(a) => a.iter_mut().for_each(|x| self.walk(x)),
            Value::String(s) => *s = self.text(s),
            _ => {}
        }
    }

    /// `s` with every address and name replaced.
    fn text(&mut self, s: &str) -> String {
        let mut out = String::with_capacity(s.len());
        for (token, is_word) in tokens(s) {
            if !is_word {
                out.push_str(token);
                continue;
            }
            out.push_str(&self.token(token));
        }
        for (name, placeholder) in &self.names {
            out = replace_word(&out, name, placeholder);
        }
        out
    }

    /// One run of address characters: an address (with its CIDR suffix) replaced, else as is.
    fn token(&mut self, t: &str) -> String {
        let (addr, suffix) = match t.split_once('/') {
            Some((a, p)) if p.bytes().all(|b| b.is_ascii_digit()) && !p.is_empty() => {
                (a, &t[a.len()..])
            }
            _ => (t, ""),
        };
        let kind = if addr.parse::<std::net::Ipv4Addr>().is_ok() && addr.matches('.').count() == 3 {
            Some(0)
        } else if addr.contains("::") || addr.matches(':').count() >= 2 {
            if is_mac(addr) {
                Some(2)
            } else if addr.parse::<std::net::Ipv6Addr>().is_ok() {
                Some(1)
            } else {
                None
            }
        } else if is_mac(addr) {
            Some(2)
        } else {
            None
        };
        let Some(kind) = kind else {
            return t.to_string();
        };
        let n = self.addresses.len() + 1;
        let placeholder = self
            .addresses
            .entry(addr.to_ascii_lowercase())
            .or_insert_with(|| match kind {
                0 => format!("192.0.2.{}", n % 254 + 1),
                1 => format!("2001:db8::{n:x}"),
                _ => format!("02:00:00:00:{:02x}:{:02x}", n / 256 % 256, n % 256),
            })
            .clone();
        format!("{placeholder}{suffix}")
    }
}

/// The node names a bundle names: its nodes, its VMI's and pods' node, its migrations' nodes.
fn collect_nodes(v: &Value, out: &mut Vec<String>) {
    const KEYS: &[&str] = &[
        "nodeName",
        "sourceNode",
        "targetNode",
        "evacuationNodeName",
        "node",
    ];
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if let (true, Value::String(s)) = (KEYS.contains(&k.as_str()), x) {
                    out.push(s.clone());
                }
                collect_nodes(x, out);
            }
            if let Some(Value::Array(nodes)) = m.get("nodes") {
                for n in nodes {
                    if let Some(s) = n.pointer("/value/metadata/name").and_then(Value::as_str) {
                        out.push(s.to_string());
                    }
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| collect_nodes(x, out)),
        _ => {}
    }
}

/// Six pairs of hex digits joined by `:` or `-`.
fn is_mac(s: &str) -> bool {
    let sep = if s.contains(':') { ':' } else { '-' };
    let parts: Vec<&str> = s.split(sep).collect();
    parts.len() == 6
        && parts
            .iter()
            .all(|p| p.len() == 2 && p.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// `s` split into runs of address characters (hex digits, `.`, `:`, `/`, `-`: `true`) and the
/// rest (`false`).
fn tokens(s: &str) -> Vec<(&str, bool)> {
    let addr = |c: char| c.is_ascii_hexdigit() || matches!(c, '.' | ':' | '/' | '-');
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_addr = None;
    for (i, c) in s.char_indices() {
        let a = addr(c);
        if in_addr != Some(a) {
            if i > start {
                out.push((&s[start..i], in_addr.unwrap_or(false)));
            }
            start = i;
            in_addr = Some(a);
        }
    }
    if start < s.len() {
        out.push((&s[start..], in_addr.unwrap_or(false)));
    }
    // A run of address characters glued to letters (`node02`, `deadbeef-x`) is a word, not an
    // address: only a run standing alone is tried.
    let n = out.len();
    (0..n)
        .map(|i| {
            let (t, a) = out[i];
            let glued = |j: Option<usize>| {
                j.and_then(|j| out.get(j))
                    .is_some_and(|(u, _)| u.chars().next().is_some_and(|c| c.is_alphanumeric()))
            };
            let before = i
                .checked_sub(1)
                .and_then(|j| out.get(j))
                .is_some_and(|(u, _)| u.chars().last().is_some_and(|c| c.is_alphanumeric()));
            (t, a && !before && !glued(Some(i + 1)))
        })
        .collect()
}

/// `s` with `name` replaced by `with` wherever it stands as a word (between characters that
/// are not ASCII letters or digits).
fn replace_word(s: &str, name: &str, with: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    let mut prev: Option<char> = None;
    while let Some(i) = rest.find(name) {
        let before = rest[..i].chars().last().or(prev);
        let after = rest[i + name.len()..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
        out.push_str(&rest[..i]);
        if !word(before) && !word(after) {
            out.push_str(with);
        } else {
            out.push_str(name);
        }
        prev = name.chars().last();
        rest = &rest[i + name.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_become_stable_placeholders_and_words_stay() {
        let v = serde_json::json!({"key": {"namespace": "prod", "name": "db"}});
        let mut r = Replacer::new(&v);
        let a = r.text("pod 10.244.1.7/24 on fe80::1 mac 52:54:00:AB:cd:01, again 10.244.1.7");
        assert_eq!(
            a,
            "pod 192.0.2.2/24 on 2001:db8::2 mac 02:00:00:00:00:03, again 192.0.2.2"
        );
        // not addresses: a time, a version, a hash glued to a word, a UID
        let b = r.text("at 10:00:01, v1.2.3, node02, 4ae21d5d-aaaa");
        assert_eq!(b, "at 10:00:01, v1.2.3, node02, 4ae21d5d-aaaa");
        // names as words, in pod names too, not inside other words
        let c = r.text("virt-launcher-db-x7k2p in prod; dbx and proddy stay");
        assert_eq!(
            c,
            "virt-launcher-vm-redacted-1-x7k2p in ns-redacted-1; dbx and proddy stay"
        );
    }

    #[test]
    fn secrets_go_whatever_is_asked() {
        let mut v = serde_json::json!({"metadata": {"annotations": {
            "kubectl.kubernetes.io/last-applied-configuration": "{\"userData\": \"password: x\"}",
            "example.com/api-token": "abc",
            "kubevirt.io/domain": "db"
        }}, "m": "Bearer abc.def", "j": "eyJhbGciOi.eyJzdWIi.c2ln"});
        drop_secrets(&mut v);
        let a = v["metadata"]["annotations"].as_object().unwrap();
        assert_eq!(a.keys().collect::<Vec<_>>(), vec!["kubevirt.io/domain"]);
        assert_eq!(
            (v["m"].as_str(), v["j"].as_str()),
            (Some("<redacted>"), Some("<redacted>"))
        );
    }
}
