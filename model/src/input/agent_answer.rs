//! The guest agent's answer to one of KubeVirt's list subresources, pasted as it came back: a
//! `filesystemlist` (`VirtualMachineInstanceFileSystemList`, items of `diskName`, `mountPoint`,
//! `fileSystemType`, `usedBytes`, `totalBytes`, and `disk` with `serial`/`busType` since
//! KubeVirt v1.1) or a `userlist` (`VirtualMachineInstanceGuestOSUserList`, items of
//! `userName`, `domain`, `loginTime`), both with no `kind` when printed by `virtctl fslist` /
//! `virtctl userlist` or `kubectl get --raw …/filesystemlist` (KubeVirt
//! `staging/src/kubevirt.io/api/core/v1/types.go`; virt-api's
//! `pkg/virt-api/rest/subresource.go` answers them from the launcher's agent poller). Such an
//! answer means the agent is connected and answering: the paste is read as that, blaming no
//! layer, instead of refused as an object Strata does not know. (The `guestosinfo` answer is a
//! `VirtualMachineInstanceGuestAgentInfo`, read as an object.)

use crate::evidence::Signal;
use crate::verdict::Health;
use serde_json::Value;

/// The fields every item of a filesystem list carries (types.go
/// VirtualMachineInstanceFileSystem).
const FILESYSTEM: &[&str] = &["diskName", "mountPoint", "fileSystemType"];
/// The field every item of a user list carries (VirtualMachineInstanceGuestOSUser).
const USER: &[&str] = &["userName"];
/// Fields an item of either list may carry besides.
const OPTIONAL: &[&str] = &[
    "usedBytes",
    "totalBytes",
    "disk",
    "domain",
    "loginTime",
    "diskName",
    "mountPoint",
    "fileSystemType",
    "userName",
];

/// The pasted value, as JSON or YAML.
fn value(input: &str) -> Option<Value> {
    let t = input.trim();
    serde_json::from_str(t)
        .ok()
        .or_else(|| serde_saphyr::from_str(t).ok())
}

/// The two lists the agent answers.
enum List {
    Filesystems,
    Users,
}

/// Which list the items are, when every item has that list's fields and no other.
fn list_of(items: &[Value]) -> Option<List> {
    let fits = |needed: &[&str]| {
        items.iter().all(|i| {
            i.as_object().is_some_and(|o| {
                needed.iter().all(|f| o.contains_key(*f))
                    && o.keys().all(|k| OPTIONAL.contains(&k.as_str()))
            })
        })
    };
    if fits(FILESYSTEM) {
        Some(List::Filesystems)
    } else if fits(USER) {
        Some(List::Users)
    } else {
        None
    }
}

/// A signal reading the paste as the guest agent's answer, when it is one (blames no layer).
pub fn read(input: &str) -> Option<Signal> {
    let v = value(input)?;
    let o = v.as_object()?;
    if o.keys().any(|k| k != "items" && k != "metadata") {
        return None;
    }
    let items = o.get("items")?.as_array()?;
    let what = list_of(items)?;
    if items.is_empty() {
        return None;
    }
    Some(Signal {
        signature: None,
        layer: None,
        plane: None,
        health: Health::Unknown,
        title: match what {
            List::Filesystems => format!(
                "the guest agent answered KubeVirt's list subresource: {} filesystem(s)",
                items.len()
            ),
            List::Users => format!(
                "the guest agent answered KubeVirt's list subresource: {} user(s)",
                items.len()
            ),
        },
        cause: "only the guest agent, connected and answering inside the guest, fills this \
            list; it shows no fault"
            .into(),
        next_steps: Vec::new(),
        source: "KubeVirt staging/src/kubevirt.io/api/core/v1/types.go \
            (VirtualMachineInstanceFileSystemList, VirtualMachineInstanceGuestOSUserList)"
            .into(),
        line: 1,
        from: "a guest agent's answer".into(),
        excerpt: input
            .lines()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
            .trim()
            .to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_is_the_agents_only_with_the_agents_fields() {
        let users = r#"{"items":[{"userName":"admin","domain":"","loginTime":1700000000.5}],"metadata":{}}"#;
        let s = read(users).unwrap();
        assert!(s.title.ends_with("1 user(s)"), "{}", s.title);
        let other = r#"{"items":[{"userName":"admin","role":"owner"}]}"#;
        assert!(read(other).is_none());
        assert!(read(r#"{"items":[]}"#).is_none());
    }
}
