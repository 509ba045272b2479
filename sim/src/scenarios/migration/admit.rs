//! Whether a new VMIM of a VMI is admitted, as KubeVirt's validating webhook decides
//! (`pkg/virt-api/webhooks/validating-webhook/admitters/migration-create-admitter.go`, `Admit`):
//! the VMI must exist, must not be final, must not be `LiveMigratable=False`, and no other VMIM of
//! it may be in flight (`ensureNoConflict`: any VMIM labelled `kubevirt.io/vmi-name=<vmi>` whose
//! phase is neither Succeeded nor Failed; before KubeVirt PR #5242 the same rule read
//! `vmi.Status.MigrationState`, refusing while it is neither `completed` nor `failed`).
//!
//! The API server answers a denial the way `k8s.io/apiserver`'s webhook admission does
//! (`pkg/admission/plugin/webhook/errors/statuserror.go`, `ToStatusErr`): the webhook's result
//! (KubeVirt `pkg/util/webhooks`, `ToAdmissionResponseError`: code 400, no reason) with its message
//! prefixed by `admission webhook "<name>" denied the request: `, as users see it, e.g. kubevirt
//! issue #2495: `admission webhook "migration-create-validator.kubevirt.io" denied the request:
//! in-flight migration detected. Active migration job (<uid>) is currently already in progress
//! for VMI vmi-migratable.`
//!
//! The simulator holds one migration per VMI (the current or last), so "another VMIM in flight"
//! is that one when it is not final: a second is never running beside it, and the scenarios'
//! own migrations go through [`in_flight`] too (they skip a round instead of starting next to a
//! user's migration).

use crate::world::{Key, World};
use serde_json::Value;

/// The validating webhook's name, as the denials users post name it (kubevirt issue #2495).
pub const WEBHOOK: &str = "migration-create-validator.kubevirt.io";

/// The uid of the VMI's migration in flight (not Succeeded, not Failed, not deleted), if any.
pub fn in_flight(w: &World, k: &Key) -> Option<String> {
    w.vms
        .get(k)?
        .migration
        .as_ref()
        .filter(|m| !m.gone && !matches!(m.phase.as_str(), "Succeeded" | "Failed"))
        .map(|m| m.uid.clone())
}

/// `Ok` when the webhook admits a new VMIM of `k`; else the webhook's own message.
pub fn admit(w: &World, k: &Key) -> Result<(), String> {
    let Some(vm) = w.vms.get(k) else {
        return Err(format!("the VMI \"{}/{}\" does not exist", k.0, k.1));
    };
    if matches!(vm.phase.as_str(), "Succeeded" | "Failed") {
        return Err("Cannot migrate VMI in finalized state.".into());
    }
    if let Some((reason, message)) = &vm.not_migratable {
        return Err(format!(
            "Cannot migrate VMI, Reason: {reason}, Message: {message}"
        ));
    }
    if let Some(uid) = in_flight(w, k) {
        return Err(format!(
            "in-flight migration detected. Active migration job ({uid}) is currently already in progress for VMI {}.",
            k.1
        ));
    }
    Ok(())
}

/// The message the API server returns for the webhook's denial `message`.
pub fn denied(message: &str) -> String {
    format!("admission webhook \"{WEBHOOK}\" denied the request: {message}")
}

/// The `Status` body the API server returns for the webhook's denial `message` (code 400, no
/// reason: the webhook sets none).
pub fn denial_status(message: &str) -> Value {
    serde_json::json!({
        "kind": "Status", "apiVersion": "v1", "metadata": {},
        "status": "Failure", "message": denied(message), "code": 400
    })
}
