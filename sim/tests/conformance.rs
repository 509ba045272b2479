//! Every KubeVirt object the simulator serves validates against KubeVirt's OpenAPI schema and
//! carries no field the schema does not know. The schema is KubeVirt's
//! `api/openapi-spec/swagger.json` as published in the npm package
//! `@kubevirt-ui-ext/kubevirt-api` 1.7.0 (see `openapi`), installed by `cargo xtask setup --test`.

mod common;
mod openapi;

use common::*;
use serde_json::{Map, Value, json};

/// Where KubeVirt defines the fields below (read at kubevirt/kubevirt commit 00341b09120e).
const TYPES_GO: &str = "kubevirt/kubevirt staging/src/kubevirt.io/api/core/v1/types.go";
/// `metav1.Time` marked `+nullable`: an RFC 3339 string or null.
const NULLABLE_TIME: &str = r#"{"type": ["string", "null"]}"#;

/// Fields the simulator serves that KubeVirt defines but the package's definitions lack:
/// (definition, field, schema, where in `TYPES_GO`). Each is added to its definition, so its type
/// is still checked; none is merely let through.
const NOT_IN_PACKAGE: &[(&str, &str, &str, &str)] = &[
    (
        "v1.VirtualMachineInstanceCondition",
        "lastProbeTime",
        NULLABLE_TIME,
        "VirtualMachineInstanceCondition.LastProbeTime",
    ),
    (
        "v1.VirtualMachineInstanceCondition",
        "lastTransitionTime",
        NULLABLE_TIME,
        "VirtualMachineInstanceCondition.LastTransitionTime",
    ),
    (
        "v1.VirtualMachineCondition",
        "lastProbeTime",
        NULLABLE_TIME,
        "VirtualMachineCondition.LastProbeTime",
    ),
    (
        "v1.VirtualMachineCondition",
        "lastTransitionTime",
        NULLABLE_TIME,
        "VirtualMachineCondition.LastTransitionTime",
    ),
    (
        "v1.VirtualMachineInstanceMigrationCondition",
        "lastProbeTime",
        NULLABLE_TIME,
        "VirtualMachineInstanceMigrationCondition.LastProbeTime",
    ),
    (
        "v1.VirtualMachineInstanceMigrationCondition",
        "lastTransitionTime",
        NULLABLE_TIME,
        "VirtualMachineInstanceMigrationCondition.LastTransitionTime",
    ),
    // The package has it as `vSOCKCID`: the generator camel-cases member names.
    (
        "v1.VirtualMachineInstanceStatus",
        "VSOCKCID",
        r#"{"type": "integer"}"#,
        "VirtualMachineInstanceStatus.VSOCKCID",
    ),
    // The package's KubeVirt had no maxDowntimeMs yet; newer KubeVirt types migrationState's
    // migrationConfiguration as VMIMConfigurationOptions, which has it too.
    (
        "v1.MigrationConfiguration",
        "maxDowntimeMs",
        r#"{"type": "integer"}"#,
        "MigrationConfiguration.MaxDowntimeMs",
    ),
];

struct Schemas {
    defs: Map<String, Value>,
}

impl Schemas {
    fn load() -> Schemas {
        let mut defs = openapi::definitions();
        for (def, field, schema, source) in NOT_IN_PACKAGE {
            let properties = defs
                .get_mut(&openapi::ts_name(def))
                .and_then(|d| d["properties"].as_object_mut())
                .unwrap_or_else(|| panic!("{def} has no properties in {}", openapi::PACKAGE));
            assert!(
                !properties.contains_key(*field),
                "{def}.{field} ({TYPES_GO}: {source}) is in the package now: \
                 drop it from NOT_IN_PACKAGE"
            );
            properties.insert(field.to_string(), serde_json::from_str(schema).unwrap());
        }
        Schemas { defs }
    }

    /// Validates `instance` against definition `def`; returns the errors.
    fn validate(&self, def: &str, instance: &Value) -> Vec<String> {
        let def = &openapi::ts_name(def);
        assert!(self.defs.contains_key(def), "no definition {def}");
        let schema = json!({"$ref": format!("#/definitions/{def}"), "definitions": self.defs});
        let validator = jsonschema::draft4::options()
            .build(&schema)
            .expect("schema compiles");
        let mut errors: Vec<String> = validator
            .iter_errors(instance)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        self.unknown_fields(
            &json!({"$ref": format!("#/definitions/{def}")}),
            instance,
            "",
            &mut errors,
        );
        errors
    }

    fn resolve<'a>(&'a self, mut s: &'a Value) -> &'a Value {
        while let Some(r) = s.get("$ref").and_then(Value::as_str) {
            s = &self.defs[r.trim_start_matches("#/definitions/")];
        }
        if let Some(any) = s.get("anyOf").and_then(Value::as_array) {
            return self.resolve(&any[0]);
        }
        s
    }

    /// Fields the schema does not declare (where it lists properties and allows no others).
    fn unknown_fields(&self, schema: &Value, v: &Value, path: &str, errors: &mut Vec<String>) {
        let s = self.resolve(schema);
        match v {
            Value::Object(m) => {
                if let Some(props) = s.get("properties").and_then(Value::as_object) {
                    for (k, x) in m {
                        match props.get(k) {
                            Some(p) => self.unknown_fields(p, x, &format!("{path}/{k}"), errors),
                            None if s.get("additionalProperties").is_none() => {
                                errors.push(format!("unknown field {path}/{k}"))
                            }
                            None => {}
                        }
                    }
                } else if let Some(ap) = s.get("additionalProperties").filter(|a| a.is_object()) {
                    for (k, x) in m {
                        self.unknown_fields(ap, x, &format!("{path}/{k}"), errors);
                    }
                }
            }
            Value::Array(a) => {
                if let Some(items) = s.get("items") {
                    for (i, x) in a.iter().enumerate() {
                        self.unknown_fields(items, x, &format!("{path}/{i}"), errors);
                    }
                }
            }
            _ => {}
        }
    }
}

#[tokio::test]
async fn kubevirt_objects_match_the_openapi_schema() {
    let schemas = Schemas::load();
    let sim = start_manual("demo").await;
    let mut checked = 0;
    let mut failures = Vec::new();
    // Several moments, so migrations in every phase, failures and drains are covered.
    for step in [0.0, 14.0, 6.0, 10.0, 15.0, 25.0, 40.0, 90.0, 200.0] {
        sim.advance(step);
        for (path, def, list_def) in [
            (
                "/apis/kubevirt.io/v1/virtualmachineinstances",
                "v1.VirtualMachineInstance",
                "v1.VirtualMachineInstanceList",
            ),
            (
                "/apis/kubevirt.io/v1/virtualmachines",
                "v1.VirtualMachine",
                "v1.VirtualMachineList",
            ),
            (
                "/apis/kubevirt.io/v1/virtualmachineinstancemigrations",
                "v1.VirtualMachineInstanceMigration",
                "v1.VirtualMachineInstanceMigrationList",
            ),
        ] {
            let (code, list) = get(&sim, path).await;
            assert_eq!(code, 200);
            for e in schemas.validate(list_def, &list) {
                failures.push(format!("{list_def}: {e}"));
            }
            for o in list["items"].as_array().unwrap() {
                for e in schemas.validate(def, o) {
                    failures.push(format!(
                        "{def} {}/{}: {e}",
                        o["metadata"]["namespace"], o["metadata"]["name"]
                    ));
                }
                checked += 1;
            }
        }
    }
    let sub = "/apis/subresources.kubevirt.io/v1/namespaces";
    for (ns, name) in [
        ("prod", "web-frontend-2"),
        ("data", "win2022-reporting"),
        ("legacy", "erp-app"),
        ("data", "oracle-db"),
    ] {
        for (what, def) in [
            ("guestosinfo", "v1.VirtualMachineInstanceGuestAgentInfo"),
            ("userlist", "v1.VirtualMachineInstanceGuestOSUserList"),
            ("filesystemlist", "v1.VirtualMachineInstanceFileSystemList"),
        ] {
            let (code, v) = get(
                &sim,
                &format!("{sub}/{ns}/virtualmachineinstances/{name}/{what}"),
            )
            .await;
            assert_eq!(code, 200, "{ns}/{name} {what}");
            for e in schemas.validate(def, &v) {
                failures.push(format!("{def} {ns}/{name}: {e}"));
            }
            checked += 1;
        }
    }
    eprintln!(
        "checked {checked} objects against {}@{}",
        openapi::PACKAGE,
        openapi::VERSION
    );
    assert!(checked > 300, "checked {checked}");
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_checker_catches_wrong_objects() {
    let schemas = Schemas::load();
    let bad = json!({"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance", "metadata": {"name": "x"},
        "spec": {"domain": {"devices": {}}}, "status": {"phase": "Running", "runtimeUser": "root", "migrationUID": "x"}});
    let errors = schemas.validate("v1.VirtualMachineInstance", &bad);
    assert!(
        errors.iter().any(|e| e.contains("runtimeUser")),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.contains("unknown field /status/migrationUID")),
        "{errors:?}"
    );
}
