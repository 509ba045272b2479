//! API discovery: `/version`, `/api`, `/apis`, and the resource list of each group-version.
//!
//! Answers are the legacy (non-aggregated) discovery documents; kube-rs and kubectl fall back to
//! them when the server does not offer `apidiscovery.k8s.io` aggregated discovery.

use crate::resources::RESOURCES;
use serde_json::{Value, json};

/// Group versions served besides the core `v1`, with their preferred version.
pub const GROUPS: &[(&str, &str)] = &[
    ("authorization.k8s.io", "v1"),
    ("kubevirt.io", "v1"),
    ("subresources.kubevirt.io", "v1"),
];

/// The VMI subresources virt-api announces (method is GET or PUT).
pub const VMI_SUBRESOURCES: &[(&str, &str)] = &[
    ("guestosinfo", "get"),
    ("userlist", "get"),
    ("filesystemlist", "get"),
    ("console", "get"),
    ("vnc", "get"),
    ("vnc/screenshot", "get"),
    ("portforward", "get"),
    ("usbredir", "get"),
    ("vsock", "get"),
    ("objectgraph", "get"),
    ("pause", "update"),
    ("unpause", "update"),
    ("freeze", "update"),
    ("unfreeze", "update"),
    ("softreboot", "update"),
    ("reset", "update"),
    ("addvolume", "update"),
    ("removevolume", "update"),
    ("evacuate/cancel", "update"),
];

/// The VM subresources virt-api announces.
pub const VM_SUBRESOURCES: &[(&str, &str)] = &[
    ("start", "update"),
    ("stop", "update"),
    ("restart", "update"),
    ("migrate", "update"),
    ("expand-spec", "get"),
    ("objectgraph", "get"),
    ("portforward", "get"),
    ("evacuate/cancel", "update"),
];

pub fn version() -> Value {
    json!({
        "major": "1", "minor": "33", "emulationMajor": "1", "emulationMinor": "33",
        "minCompatibilityMajor": "1", "minCompatibilityMinor": "32",
        "gitVersion": "v1.33.4", "gitCommit": "74cdb426e8e1ab2fd2a1bc4b5a84b38e1c02cf18",
        "gitTreeState": "clean", "buildDate": "2026-08-12T12:00:00Z", "goVersion": "go1.24.5",
        "compiler": "gc", "platform": "linux/amd64"
    })
}

pub fn api_versions() -> Value {
    json!({
        "kind": "APIVersions", "versions": ["v1"],
        "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": "127.0.0.1:6443"}]
    })
}

fn group(name: &str, version: &str) -> Value {
    let gv = json!({"groupVersion": format!("{name}/{version}"), "version": version});
    json!({"name": name, "versions": [gv.clone()], "preferredVersion": gv})
}

pub fn api_groups() -> Value {
    let groups: Vec<Value> = GROUPS.iter().map(|(g, v)| group(g, v)).collect();
    json!({"kind": "APIGroupList", "apiVersion": "v1", "groups": groups})
}

/// `/apis/{group}`, or None for an unknown group.
pub fn api_group(name: &str) -> Option<Value> {
    let (g, v) = GROUPS.iter().find(|(g, _)| *g == name)?;
    let mut doc = group(g, v);
    doc["kind"] = json!("APIGroup");
    doc["apiVersion"] = json!("v1");
    Some(doc)
}

fn entry(name: &str, singular: &str, namespaced: bool, kind: &str, verbs: &[&str]) -> Value {
    json!({"name": name, "singularName": singular, "namespaced": namespaced, "kind": kind, "verbs": verbs})
}

/// The `APIResourceList` of a group-version, or None when it is not served.
pub fn resource_list(group: &str, version: &str) -> Option<Value> {
    let gv = if group.is_empty() {
        version.to_string()
    } else {
        format!("{group}/{version}")
    };
    let mut resources = Vec::new();
    for r in RESOURCES
        .iter()
        .filter(|r| r.group == group && r.version == version)
    {
        let verbs: &[&str] = if r.group == "kubevirt.io" {
            &[
                "delete",
                "deletecollection",
                "get",
                "list",
                "patch",
                "create",
                "update",
                "watch",
            ]
        } else {
            &[
                "create",
                "delete",
                "deletecollection",
                "get",
                "list",
                "patch",
                "update",
                "watch",
            ]
        };
        let mut e = entry(r.plural, r.singular, r.namespaced, r.kind, verbs);
        if !r.short_names.is_empty() {
            e["shortNames"] = json!(r.short_names);
        }
        if !r.categories.is_empty() {
            e["categories"] = json!(r.categories);
        }
        resources.push(e);
        if matches!(
            r.kind,
            "VirtualMachine" | "VirtualMachineInstanceMigration" | "Pod" | "Node" | "Namespace"
        ) {
            resources.push(entry(
                &format!("{}/status", r.plural),
                "",
                r.namespaced,
                r.kind,
                &["get", "patch", "update"],
            ));
        }
        if r.kind == "Pod" {
            resources.push(entry("pods/eviction", "", true, "Eviction", &["create"]));
            resources.push(entry("pods/log", "", true, "Pod", &["get"]));
        }
    }
    match (group, version) {
        ("authorization.k8s.io", "v1") => {
            resources.push(entry(
                "selfsubjectaccessreviews",
                "selfsubjectaccessreview",
                false,
                "SelfSubjectAccessReview",
                &["create"],
            ));
        }
        ("subresources.kubevirt.io", "v1") => {
            for (sub, verb) in VMI_SUBRESOURCES {
                resources.push(entry(
                    &format!("virtualmachineinstances/{sub}"),
                    "",
                    true,
                    "",
                    &[verb],
                ));
            }
            for (sub, verb) in VM_SUBRESOURCES {
                resources.push(entry(
                    &format!("virtualmachines/{sub}"),
                    "",
                    true,
                    "",
                    &[verb],
                ));
            }
            resources.push(entry("expand-vm-spec", "", true, "", &["update"]));
        }
        _ => {}
    }
    if resources.is_empty() {
        return None;
    }
    Some(
        json!({"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": gv, "resources": resources}),
    )
}
