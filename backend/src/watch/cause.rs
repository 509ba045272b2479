//! Why a watch failed, in the words a cluster's reachability uses ([`crate::fleet::reach`]):
//! the API server could not be reached (connection refused, reset, timed out), it refused the
//! credentials (401: expired or unknown), it refused the identity (403), or anything else (a
//! kind the cluster does not serve, an answer that cannot be read).

use kube::runtime::watcher;
use serde::Serialize;

/// The class of a watch failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// No answer: the connection was refused, cut or timed out.
    Unreachable,
    /// 401: the credentials expired or are not known.
    CredentialsExpired,
    /// 403: the credentials are known but refused this read.
    CredentialsRefused,
    /// Any other failure (another status, an unreadable answer).
    Other,
}

impl Cause {
    /// The class of a kube-runtime watcher error.
    pub fn of(e: &watcher::Error) -> Cause {
        match e {
            watcher::Error::InitialListFailed(e)
            | watcher::Error::WatchStartFailed(e)
            | watcher::Error::WatchFailed(e) => Cause::of_client(e),
            watcher::Error::WatchError(status) => Cause::of_status(status.code),
            watcher::Error::NoResourceVersion => Cause::Other,
        }
    }

    /// The class of a kube client error: a transport error is unreachable, an API error by its
    /// status code.
    pub fn of_client(e: &kube::Error) -> Cause {
        match e {
            kube::Error::Api(status) => Cause::of_status(status.code),
            kube::Error::HyperError(_) | kube::Error::Service(_) | kube::Error::ReadEvents(_) => {
                Cause::Unreachable
            }
            _ => Cause::Other,
        }
    }

    fn of_status(code: u16) -> Cause {
        match code {
            401 => Cause::CredentialsExpired,
            403 => Cause::CredentialsRefused,
            _ => Cause::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn api(code: u16) -> kube::Error {
        kube::Error::Api(Box::new(kube::core::Status {
            code,
            ..Default::default()
        }))
    }

    #[test]
    fn statuses_and_transport_errors_are_told_apart() {
        let list = |e| watcher::Error::InitialListFailed(e);
        assert_eq!(Cause::of(&list(api(401))), Cause::CredentialsExpired);
        assert_eq!(Cause::of(&list(api(403))), Cause::CredentialsRefused);
        assert_eq!(Cause::of(&list(api(404))), Cause::Other);
        let refused = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        let e = watcher::Error::WatchFailed(kube::Error::Service(Box::new(refused)));
        assert_eq!(Cause::of(&e), Cause::Unreachable);
        let status = kube::core::Status {
            code: 401,
            ..Default::default()
        };
        assert_eq!(
            Cause::of(&watcher::Error::WatchError(Box::new(status))),
            Cause::CredentialsExpired
        );
    }
}
