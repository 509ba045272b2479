//! A delete the API server answers NotFound: the object is already gone, which is what the
//! delete asked for. kubectl prints the answer as `Error from server (NotFound): <resource>
//! "<name>" not found` (k8s.io/kubectl `pkg/cmd/util/helpers.go`, StandardErrorMessage "Error
//! from server (%s): %s", over apimachinery's `NewNotFound`, "%s %q not found"), and its delete
//! command documents that answer as a success on request (`pkg/cmd/delete/delete.go`,
//! `--ignore-not-found`: "Treat \"resource not found\" as a successful delete"). Under a
//! `kubectl delete` (or `oc`'s, or the `k` alias) the line states no fault; under any other
//! command (a `get`, a `describe`, a `virtctl` verb) a missing object keeps its reading.

use crate::signatures::Signature;
use crate::signatures::base::BASE;

/// The reading of such a line: known, no layer (noise), so nothing weighs it again.
pub const GONE: Signature = Signature {
    id: "delete-already-gone",
    title: "a delete answered NotFound: the object is already gone",
    cause: "the API server found nothing to delete: the object was removed before (by its \
        owner, a controller or an earlier command), which is the state the delete asked for; \
        kubectl's --ignore-not-found treats this answer as a successful delete",
    source: "k8s.io/kubectl pkg/cmd/delete/delete.go (--ignore-not-found); \
        pkg/cmd/util/helpers.go (Error from server (%s): %s)",
    example: "Error from server (NotFound): virtualmachines.kubevirt.io \"vm1\" not found",
    ..BASE
};

/// `line` is the API server's NotFound and `command` (the shell command of its block) deletes.
pub fn already_gone(command: Option<&str>, line: &str) -> bool {
    // A block without a command is not searched (every line of every block is asked).
    command.is_some()
        && line.contains("(NotFound)")
        && line.contains("not found")
        && command.is_some_and(deletes)
}

/// `kubectl … delete …`: the client, then `delete` as its verb (flags such as `-n ns` may come
/// before it).
fn deletes(command: &str) -> bool {
    let mut words = command.split_whitespace();
    let client = words.next().map(|w| w.rsplit('/').next().unwrap_or(w));
    matches!(client, Some("kubectl" | "oc" | "k"))
        && words
            .take_while(|w| *w != "|" && *w != "&&" && *w != ";")
            .any(|w| w == "delete")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_delete_answered_not_found_is_gone() {
        let nf = r#"Error from server (NotFound): virtualmachines.kubevirt.io "vm1" not found"#;
        assert!(already_gone(Some("kubectl delete vm vm1"), nf));
        assert!(already_gone(Some("kubectl -n lab delete vm vm1"), nf));
        assert!(already_gone(
            Some("/usr/local/bin/oc delete vm vm1 --wait=false"),
            nf
        ));
        assert!(!already_gone(Some("kubectl get vm vm1"), nf));
        assert!(!already_gone(Some("virtctl stop vm1"), nf));
        assert!(!already_gone(None, nf));
        let forbidden = r#"Error from server (Forbidden): virtualmachines.kubevirt.io "vm1" is forbidden: User "u" cannot delete resource"#;
        assert!(!already_gone(Some("kubectl delete vm vm1"), forbidden));
    }
}
