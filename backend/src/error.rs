//! JSON errors: every API error is a [`crate::api::ApiError`] with a sentence a person can act on.
//! Upstream failures (API server, Prometheus) are logged in full with a correlation id; the
//! client gets a generic sentence and that id ([`correlated`]), never an internal URL.

use crate::api::ApiError;
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// An error answer of the JSON API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiErr {
    pub status: StatusCode,
    pub message: String,
}

impl ApiErr {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiErr {
        ApiErr {
            status,
            message: message.into(),
        }
    }
    pub fn bad_request(message: impl Into<String>) -> ApiErr {
        Self::new(StatusCode::BAD_REQUEST, message)
    }
    pub fn not_found(message: impl Into<String>) -> ApiErr {
        Self::new(StatusCode::NOT_FOUND, message)
    }
    pub fn forbidden(message: impl Into<String>) -> ApiErr {
        Self::new(StatusCode::FORBIDDEN, message)
    }
    pub fn unauthorized() -> ApiErr {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "Not signed in, or the session expired: sign in again at /auth/signin with a bearer \
             token the API server accepts.",
        )
    }
    pub fn unavailable(message: impl Into<String>) -> ApiErr {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }
}

/// Logs `detail` (which may name internal addresses) with a fresh correlation id, and returns
/// `public` with that id, for the client.
pub fn correlated(public: &str, detail: impl std::fmt::Display) -> String {
    let id: String = crate::random::bytes::<6>()
        .iter()
        .map(|x| format!("{x:02x}"))
        .collect();
    tracing::warn!(correlation_id = %id, error = %detail, "{public}");
    format!("{public} (correlation id {id}; the details are in Strata's log)")
}

impl ApiErr {
    /// 502 for an upstream failure: `public` and a correlation id; `detail` goes to the log.
    pub fn upstream(public: &str, detail: impl std::fmt::Display) -> ApiErr {
        Self::new(StatusCode::BAD_GATEWAY, correlated(public, detail))
    }
}

impl IntoResponse for ApiErr {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(ApiError {
                error: self.message,
                code: self.status.as_u16(),
            }),
        )
            .into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upstream_errors_keep_their_detail_out_of_the_answer() {
        let e = ApiErr::upstream(
            "The Kubernetes API server could not be reached.",
            "error sending request for url (https://10.0.0.1:6443/api/v1/pods)",
        );
        assert_eq!(e.status, StatusCode::BAD_GATEWAY);
        assert!(!e.message.contains("10.0.0.1"), "{}", e.message);
        assert!(e.message.contains("correlation id "), "{}", e.message);
    }
}
