//! The errors of the server: [`WebError`] when it cannot start, [`ApiError`] for a request
//! it refuses (always answered as JSON: `{"ok": false, "error": "..."}` with an HTTP status).

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use thiserror::Error;

/// Why `mankala serve` cannot start or stopped.
#[derive(Debug, Error)]
pub enum WebError {
    /// A `--runs` directory that cannot be used.
    #[error("--runs {path}: expected a directory")]
    RunDir {
        /// The directory as given.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The address cannot be bound.
    #[error("cannot listen on {addr}")]
    Bind {
        /// The address.
        addr: String,
        /// Why.
        source: std::io::Error,
    },
    /// The runtime cannot start, or serving failed.
    #[error("the server failed")]
    Serve(#[from] std::io::Error),
}

/// A request refused: its HTTP status and a message naming what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong and what was expected.
    pub message: String,
}

impl ApiError {
    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 403: a path outside the run directories, or a file the page may not name.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    /// 404: no such session, run, file or route.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 413: a body or file over the limit.
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }

    /// 503: every session slot is taken.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// An error with `status`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(json!({"ok": false, "error": self.message})),
        )
            .into_response()
    }
}
