//! JSON errors: every API error is a [`crate::api::ApiError`] with a sentence a person can act on.

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
