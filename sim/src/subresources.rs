//! The `subresources.kubevirt.io/v1` endpoints virt-api serves for a VMI: the guest-agent answers
//! (`guestosinfo`, `userlist`, `filesystemlist`) with KubeVirt's exact 409 answers
//! (`pkg/virt-api/rest/subresource.go`), and the `pause` / `unpause` actions.

use crate::Shared;
use crate::http::status_error;
use crate::kubevirt::Vm;
use crate::world::Key;
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

fn conflict(name: &str, msg: &str) -> Response {
    status_error(
        StatusCode::CONFLICT,
        "Conflict",
        &format!(
            "Operation cannot be fulfilled on virtualmachineinstance.kubevirt.io \"{name}\": {msg}"
        ),
        Some(
            json!({"name": name, "group": "virtualmachineinstance.kubevirt.io", "kind": "virtualmachineinstance.kubevirt.io"}),
        ),
    )
}

fn not_found(kind: &str, name: &str) -> Response {
    status_error(
        StatusCode::NOT_FOUND,
        "NotFound",
        &format!("{kind}.kubevirt.io \"{name}\" not found"),
        Some(json!({"name": name, "group": "kubevirt.io", "kind": kind})),
    )
}

/// Serves one subresource request.
pub fn handle(
    shared: &Shared,
    method: &Method,
    kind: &str,
    ns: &str,
    name: &str,
    sub: &str,
) -> Response {
    if kind != "virtualmachineinstances" {
        return status_error(
            StatusCode::NOT_FOUND,
            "NotFound",
            "the server could not find the requested resource",
            None,
        );
    }
    let key: Key = (ns.to_string(), name.to_string());
    let mut w = shared.world();
    let Some(vm) = w.vms.get(&key) else {
        // Objects loaded without a simulated VM: answer from the stored VMI when it exists.
        return match shared.store.get(&crate::store::VMI, Some(ns), name) {
            Some(_) => conflict(name, "VMI does not have guest agent connected"),
            None => not_found("virtualmachineinstances", name),
        };
    };
    match (method, sub) {
        (&Method::GET, "guestosinfo" | "userlist" | "filesystemlist") => {
            if vm.phase != "Running" || vm.frozen {
                return conflict(name, "VMI is not running");
            }
            if !vm.agent.connected() {
                return conflict(name, "VMI does not have guest agent connected");
            }
            if shared.faults.guest_agent_failing() {
                return status_error(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "InternalError",
                    &format!(
                        "Internal error occurred: dial tcp {}:8186: connect: connection refused",
                        crate::kubevirt::node_ip(vm.node.as_deref().unwrap_or_default())
                    ),
                    Some(json!({"causes": [{"message": "dial tcp: connect: connection refused"}]})),
                );
            }
            let now = w.now;
            let body = match sub {
                "guestosinfo" => guest_os_info(vm, now),
                "userlist" => {
                    json!({"kind": "VirtualMachineInstanceGuestOSUserList", "apiVersion": "kubevirt.io/v1", "metadata": {}, "items": users(vm, now)})
                }
                _ => {
                    json!({"kind": "VirtualMachineInstanceFileSystemList", "apiVersion": "kubevirt.io/v1", "metadata": {}, "items": filesystems(vm)})
                }
            };
            axum::Json(body).into_response()
        }
        (&Method::PUT, "pause") => {
            if vm.phase != "Running" {
                return conflict(name, "VMI is not running");
            }
            if vm.paused.is_some() {
                return conflict(name, "VMI is already paused");
            }
            crate::scenarios::pause(&mut w, &key, "PausedByUser");
            w.flush();
            StatusCode::OK.into_response()
        }
        (&Method::PUT, "unpause") => {
            if vm.paused.is_none() {
                return conflict(name, "VMI is not paused");
            }
            crate::scenarios::unpause(&mut w, &key);
            w.flush();
            StatusCode::OK.into_response()
        }
        _ => status_error(
            StatusCode::NOT_FOUND,
            "NotFound",
            "the server could not find the requested resource",
            None,
        ),
    }
}

/// Logged-in users: one per VM, two for long-running Windows guests.
pub fn users(vm: &Vm, now: f64) -> Vec<Value> {
    let login = vm.running_since.unwrap_or(now) + 300.0 + (vm.seed % 3600) as f64;
    let mut out = vec![json!({"userName": vm.os.user, "loginTime": login.min(now)})];
    if vm.os.id == "mswindows" {
        out[0]["domain"] = json!(format!("WIN-{}", &vm.uid[..8].to_uppercase()));
        out.push(json!({"userName": "svc-backup", "domain": format!("WIN-{}", &vm.uid[..8].to_uppercase()), "loginTime": (login + 60.0).min(now)}));
    }
    out
}

/// Guest filesystems.
pub fn filesystems(vm: &Vm) -> Vec<Value> {
    let root = vm.disks.first().map_or(30 << 30, |d| d.size);
    let used = |frac: f64, total: u64| (total as f64 * frac) as u64;
    let f = vm.root_fill.unwrap_or(0.2 + (vm.seed % 60) as f64 / 100.0);
    if vm.os.id == "mswindows" {
        return vec![json!({
            "diskName": "\\\\?\\Volume{1b8c6e2d-0000-0000-0000-100000000000}\\", "mountPoint": "C:\\",
            "fileSystemType": "NTFS", "totalBytes": root, "usedBytes": used(f, root),
            "disk": [{"serial": format!("{}-rootdisk", &vm.uid[..8]), "busType": "sata"}],
        })];
    }
    let mut out = vec![
        json!({"diskName": "vda4", "mountPoint": "/", "fileSystemType": vm.os.fs_type, "totalBytes": root - (1 << 30),
               "usedBytes": used(f, root - (1 << 30)), "disk": [{"serial": format!("{}-rootdisk", &vm.uid[..8]), "busType": "virtio"}]}),
        json!({"diskName": "vda3", "mountPoint": "/boot", "fileSystemType": "ext4", "totalBytes": 1_006_632_960u64,
               "usedBytes": 214_310_912u64, "disk": [{"serial": format!("{}-rootdisk", &vm.uid[..8]), "busType": "virtio"}]}),
        json!({"diskName": "vda2", "mountPoint": "/boot/efi", "fileSystemType": "vfat", "totalBytes": 104_634_368u64,
               "usedBytes": 7_454_720u64, "disk": [{"serial": format!("{}-rootdisk", &vm.uid[..8]), "busType": "virtio"}]}),
    ];
    for d in vm
        .disks
        .iter()
        .skip(1)
        .filter(|d| d.kind.starts_with("pvc"))
    {
        out.push(json!({"diskName": format!("{}1", d.target), "mountPoint": format!("/mnt/{}", d.name), "fileSystemType": "xfs",
                        "totalBytes": d.size, "usedBytes": used(f * 0.8, d.size), "disk": [{"serial": d.name, "busType": "virtio"}]}));
    }
    out
}

/// The `VirtualMachineInstanceGuestAgentInfo` answer.
pub fn guest_os_info(vm: &Vm, now: f64) -> Value {
    const BASIC: &[&str] = &[
        "guest-ping",
        "guest-get-time",
        "guest-info",
        "guest-shutdown",
        "guest-network-get-interfaces",
        "guest-get-fsinfo",
        "guest-get-host-name",
        "guest-get-users",
        "guest-get-timezone",
        "guest-get-osinfo",
        "guest-exec",
        "guest-exec-status",
        "guest-file-open",
        "guest-file-close",
        "guest-file-read",
        "guest-file-write",
        "guest-set-user-password",
        "guest-ssh-get-authorized-keys",
        "guest-ssh-add-authorized-keys",
        "guest-ssh-remove-authorized-keys",
        "guest-fsfreeze-status",
        "guest-fsfreeze-freeze",
        "guest-fsfreeze-thaw",
        "guest-get-load",
    ];
    let unsupported = matches!(vm.agent, crate::kubevirt::Agent::Unsupported { .. });
    let commands: Vec<Value> = BASIC
        .iter()
        .map(|c| {
            // An old agent misses the commands KubeVirt requires.
            let enabled = !(unsupported
                && matches!(
                    *c,
                    "guest-get-osinfo" | "guest-get-users" | "guest-get-timezone"
                ));
            // KubeVirt `types.go` `GuestAgentCommandInfo`: `enabled,omitempty`, so a disabled
            // command has no `enabled` key at all.
            if enabled {
                json!({"name": c, "enabled": true})
            } else {
                json!({"name": c})
            }
        })
        .collect();
    let mut fs: Vec<Value> = filesystems(vm);
    fs.truncate(10);
    let mut user_list = users(vm, now);
    user_list.truncate(10);
    let (zone, offset) = if vm.os.id == "mswindows" {
        ("W. Europe Standard Time", 3600)
    } else {
        ("UTC", 0)
    };
    json!({
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstanceGuestAgentInfo",
        "guestAgentVersion": if unsupported { "2.5.0" } else { vm.os.agent_version },
        "supportedCommands": commands,
        "hostname": if vm.os.id == "mswindows" { format!("WIN-{}", &vm.uid[..8].to_uppercase()) } else { vm.name.clone() },
        "os": {
            "name": vm.os.name, "kernelRelease": vm.os.kernel_release, "version": vm.os.version,
            "prettyName": vm.os.pretty_name, "versionId": vm.os.version_id, "kernelVersion": vm.os.kernel_version,
            "machine": "x86_64", "id": vm.os.id,
        },
        "timezone": format!("{zone}, {offset}"),
        "userList": user_list,
        "fsInfo": {"disks": fs},
        "fsFreezeStatus": "thawed",
    })
}
