//! The guest agent's `guestosinfo` answer and what the agent endpoints answered otherwise.

use super::meta::ObjectMeta;
use super::vmi::GuestOsInfo;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The answer of the `guestosinfo` subresource (`VirtualMachineInstanceGuestAgentInfo`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GuestAgentInfo {
    #[serde(deserialize_with = "super::lenient::any")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "super::lenient::string")]
    pub guest_agent_version: Option<String>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub supported_commands: Vec<GuestAgentCommand>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub hostname: Option<String>,
    #[serde(deserialize_with = "super::lenient::any")]
    pub os: GuestOsInfo,
    /// `"<zone>, <offsetSeconds>"`.
    #[serde(deserialize_with = "super::lenient::string")]
    pub timezone: Option<String>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub user_list: Vec<Value>,
    #[serde(deserialize_with = "super::lenient::any")]
    pub fs_info: FsInfo,
    #[serde(deserialize_with = "super::lenient::string")]
    pub fs_freeze_status: Option<String>,
}
from_value_impl!(GuestAgentInfo);

/// `supportedCommands[]`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GuestAgentCommand {
    #[serde(deserialize_with = "super::lenient::string")]
    pub name: Option<String>,
    #[serde(deserialize_with = "super::lenient::bool")]
    pub enabled: Option<bool>,
}

/// `fsInfo` (wrapper key `disks`, capped at 10).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FsInfo {
    #[serde(deserialize_with = "super::lenient::vec")]
    pub disks: Vec<GuestFilesystem>,
}

/// One guest filesystem.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GuestFilesystem {
    #[serde(deserialize_with = "super::lenient::string")]
    pub disk_name: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub mount_point: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub file_system_type: Option<String>,
    #[serde(deserialize_with = "super::lenient::f64")]
    pub used_bytes: Option<f64>,
    #[serde(deserialize_with = "super::lenient::f64")]
    pub total_bytes: Option<f64>,
}

/// The basic commands KubeVirt requires of the guest agent (`RequiredGuestAgentCommands` in
/// `pkg/virt-handler/vm.go`).
pub const REQUIRED_AGENT_COMMANDS: &[&str] = &[
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
];

impl GuestAgentInfo {
    /// Required basic commands the agent does not list as supported and enabled. `enabled` is
    /// `omitempty` in KubeVirt's `GuestAgentCommandInfo`, so a missing field means disabled
    /// (`guestAgentCommandSubsetSupported`, `pkg/virt-handler/guestagent.go`). Empty when the
    /// answer lists no commands at all (nothing to compare).
    pub fn missing_required_commands(&self) -> Vec<&'static str> {
        if self.supported_commands.is_empty() {
            return Vec::new();
        }
        REQUIRED_AGENT_COMMANDS
            .iter()
            .copied()
            .filter(|req| {
                !self
                    .supported_commands
                    .iter()
                    .any(|c| c.name.as_deref() == Some(req) && c.enabled == Some(true))
            })
            .collect()
    }
}

/// What the guest agent endpoints answered, when they did not answer with data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GuestAgentAnswer {
    /// The `guestosinfo` data.
    Info(Box<GuestAgentInfo>),
    /// 409 "VMI does not have guest agent connected".
    NotConnected,
    /// 409 "VMI is not running".
    NotRunning,
    /// Any other error (500 while proxying, timeouts), verbatim.
    Error { message: String },
}

/// The answer of one guest agent subresource, with the 409 cases told apart (`vmiGuestAgentErr`,
/// `vmiNotRunning` in `pkg/virt-api/rest/subresource.go`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum GuestAgentResult {
    /// The agent answered; `data` is the subresource's JSON as KubeVirt returned it.
    Ok { data: serde_json::Value },
    /// 409: the VMI has no `AgentConnected` condition.
    AgentNotConnected { message: String },
    /// 409: the VMI is not Running.
    VmiNotRunning { message: String },
    /// 403: the caller may not read this subresource.
    Forbidden { message: String },
    /// 404: no such VMI.
    NotFound { message: String },
    /// Anything else (500 while proxying to virt-handler, timeouts), verbatim.
    Error { message: String },
}

impl GuestAgentResult {
    /// The evidence form of a `guestosinfo` answer (a refusal or a missing VMI is an error).
    pub fn answer(&self) -> GuestAgentAnswer {
        match self {
            GuestAgentResult::Ok { data } => {
                GuestAgentAnswer::Info(Box::new(GuestAgentInfo::from_value(data)))
            }
            GuestAgentResult::AgentNotConnected { .. } => GuestAgentAnswer::NotConnected,
            GuestAgentResult::VmiNotRunning { .. } => GuestAgentAnswer::NotRunning,
            GuestAgentResult::Forbidden { message }
            | GuestAgentResult::NotFound { message }
            | GuestAgentResult::Error { message } => GuestAgentAnswer::Error {
                message: message.clone(),
            },
        }
    }
}
