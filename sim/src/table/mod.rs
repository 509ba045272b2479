//! Server-side printing: `meta.k8s.io/v1` `Table` answers, as `kubectl get` asks for them.
//!
//! The columns are those of the real API server (built-in kinds) and of KubeVirt's CRD printer
//! columns (`pkg/virt-operator/resource/generate/components/crds.go`). Ages are computed on the
//! server from the simulated clock.
//!
//! Hand-written: no crate serves the `meta.k8s.io/v1` Table format (kube-rs and k8s-openapi only
//! read it), and the cells must match the API server's and KubeVirt's printers.
//!
//! * [`columns`]: the column definitions; [`cells`]: one row's cells.

pub mod cells;
pub mod columns;

pub use cells::cells;
pub use columns::columns;

use crate::resources::Resource;
use serde_json::{Value, json};

/// Whether an `Accept` header asks for a Table.
pub fn wants_table(accept: &str) -> bool {
    accept
        .split(',')
        .next()
        .is_some_and(|first| first.contains("as=Table"))
}

/// What a Table row's `object` carries (`includeObject`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IncludeObject {
    None,
    Metadata,
    Object,
}

impl IncludeObject {
    pub fn parse(s: Option<&str>) -> IncludeObject {
        match s {
            Some("None") => IncludeObject::None,
            Some("Object") => IncludeObject::Object,
            _ => IncludeObject::Metadata,
        }
    }
}

/// One Table row.
pub fn row(r: &Resource, o: &Value, now: f64, include: IncludeObject) -> Value {
    let mut row = json!({"cells": cells(r, o, now)});
    match include {
        IncludeObject::None => {}
        IncludeObject::Metadata => {
            row["object"] = json!({"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1", "metadata": o["metadata"]});
        }
        IncludeObject::Object => row["object"] = o.clone(),
    }
    row
}

/// A whole Table.
pub fn table(
    r: &Resource,
    items: &[&Value],
    metadata: Value,
    now: f64,
    include: IncludeObject,
    with_columns: bool,
) -> Value {
    let mut t = json!({
        "kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": metadata,
        "rows": items.iter().map(|o| row(r, o, now, include)).collect::<Vec<_>>(),
    });
    if with_columns {
        t["columnDefinitions"] = json!(columns(r));
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::parse_time;
    use crate::resources::{EVENT, NAMESPACE, NODE, POD, VM, VMI, VMIM};

    #[test]
    fn vmi_row_has_kubevirt_printer_columns() {
        let o = json!({"metadata": {"name": "web-1", "creationTimestamp": "2026-11-30T08:00:00Z"},
            "status": {"phase": "Running", "nodeName": "worker-a", "interfaces": [{"ipAddress": "10.0.0.5"}],
                "conditions": [{"type": "Ready", "status": "True"}, {"type": "LiveMigratable", "status": "False"}]}});
        let now = parse_time("2026-11-30T08:05:00Z").unwrap();
        let c = cells(&VMI, &o, now);
        assert_eq!(
            c,
            vec![
                json!("web-1"),
                json!("5m"),
                json!("Running"),
                json!("10.0.0.5"),
                json!("worker-a"),
                json!("True"),
                json!("False"),
                // No Paused condition: the real API server's cell is null, not "".
                Value::Null
            ]
        );
        assert_eq!(columns(&VMI).len(), c.len());
        for r in [POD, NODE, NAMESPACE, EVENT, VM, VMIM] {
            assert_eq!(columns(&r).len(), cells(&r, &o, now).len(), "{}", r.plural);
        }
        let node = json!({"metadata": {"name": "w"}, "status": {"nodeInfo": {
            "kernelVersion": "5.14.0", "architecture": "amd64", "osImage": ""}}});
        assert_eq!(
            cells(&NODE, &node, now)[7..],
            [
                json!("<unknown>"),
                json!("5.14.0 (amd64)"),
                json!("<unknown>")
            ]
        );
        assert!(wants_table(
            "application/json;as=Table;v=v1;g=meta.k8s.io,application/json"
        ));
        assert!(!wants_table("application/json"));
    }
}
