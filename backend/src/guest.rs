//! The guest agent subresources (`guestosinfo`, `userlist`, `filesystemlist`), called through
//! kube-rs with the caller's client, and the mapping of their failures into [`GuestAgentResult`]
//! (`pkg/virt-api/rest/subresource.go`): 409 "VMI is not running", 409 "VMI does not have guest
//! agent connected", 403, 404, and everything else verbatim.

use crate::api::GuestAgentResult;
use std::time::Duration;

/// The guest agent subresources Strata reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subresource {
    GuestOsInfo,
    UserList,
    FilesystemList,
}

impl Subresource {
    pub const ALL: [Subresource; 3] = [
        Subresource::GuestOsInfo,
        Subresource::UserList,
        Subresource::FilesystemList,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Subresource::GuestOsInfo => "guestosinfo",
            Subresource::UserList => "userlist",
            Subresource::FilesystemList => "filesystemlist",
        }
    }

    pub fn parse(s: &str) -> Option<Subresource> {
        Self::ALL.into_iter().find(|x| x.as_str() == s)
    }
}

/// The API path of a subresource (names are validated by the caller).
pub fn path(namespace: &str, name: &str, sub: Subresource) -> String {
    format!(
        "/apis/subresources.kubevirt.io/v1/namespaces/{namespace}/virtualmachineinstances/{name}/{}",
        sub.as_str()
    )
}

/// How long a guest agent call may take (virt-api asks virt-handler, which asks the agent).
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// Maps a failed answer (HTTP status and the `Status` message) to a state.
pub fn map_failure(code: u16, message: &str) -> GuestAgentResult {
    let message = message.to_string();
    let lower = message.to_lowercase();
    match code {
        409 if lower.contains("guest agent") => GuestAgentResult::AgentNotConnected { message },
        409 if lower.contains("not running") => GuestAgentResult::VmiNotRunning { message },
        401 | 403 => GuestAgentResult::Forbidden { message },
        404 => GuestAgentResult::NotFound { message },
        _ => GuestAgentResult::Error {
            message: if message.is_empty() {
                format!("the API server answered HTTP {code}")
            } else {
                message
            },
        },
    }
}

/// Calls one subresource.
pub async fn call(
    client: &kube::Client,
    namespace: &str,
    name: &str,
    sub: Subresource,
) -> GuestAgentResult {
    let req = match axum::http::Request::get(path(namespace, name, sub)).body(Vec::new()) {
        Ok(r) => r,
        Err(e) => {
            return GuestAgentResult::Error {
                message: e.to_string(),
            };
        }
    };
    match tokio::time::timeout(TIMEOUT, client.request::<serde_json::Value>(req)).await {
        Ok(Ok(data)) => GuestAgentResult::Ok { data },
        Ok(Err(kube::Error::Api(status))) => map_failure(status.code, &status.message),
        Ok(Err(e)) => GuestAgentResult::Error {
            message: crate::error::correlated("the guest agent call failed", e),
        },
        Err(_) => GuestAgentResult::Error {
            message: format!(
                "no answer from the {} subresource within {} s",
                sub.as_str(),
                TIMEOUT.as_secs()
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflicts_are_told_apart() {
        let not_connected = "Operation cannot be fulfilled on virtualmachineinstance.kubevirt.io \"web\": VMI does not have guest agent connected";
        assert!(matches!(
            map_failure(409, not_connected),
            GuestAgentResult::AgentNotConnected { .. }
        ));
        assert!(matches!(
            map_failure(409, "VMI is not running"),
            GuestAgentResult::VmiNotRunning { .. }
        ));
        assert!(matches!(
            map_failure(403, "forbidden"),
            GuestAgentResult::Forbidden { .. }
        ));
        assert!(matches!(
            map_failure(404, "not found"),
            GuestAgentResult::NotFound { .. }
        ));
        assert!(matches!(
            map_failure(500, "dial virt-handler: connection refused"),
            GuestAgentResult::Error { message } if message.contains("virt-handler")
        ));
        assert!(matches!(
            map_failure(409, "something else"),
            GuestAgentResult::Error { .. }
        ));
        assert!(matches!(
            map_failure(502, ""),
            GuestAgentResult::Error { message } if message.contains("502")
        ));
    }

    #[test]
    fn paths_and_names() {
        assert_eq!(
            path("prod", "web", Subresource::UserList),
            "/apis/subresources.kubevirt.io/v1/namespaces/prod/virtualmachineinstances/web/userlist"
        );
        assert_eq!(
            Subresource::parse("filesystemlist"),
            Some(Subresource::FilesystemList)
        );
        assert_eq!(Subresource::parse("console"), None);
    }
}
