//! What every tool answers with ([`Outcome`]: a result, or a failure the assistant reads) and
//! how it reads its arguments (strings, required ones, RFC 3339 times): shared by the tools'
//! dispatch and each tool, so none of them reaches back into another.

use model::time::Timestamp;
use serde_json::{Value, json};

/// One tool's answer.
pub struct Outcome {
    pub data: Value,
    pub is_error: bool,
}

impl Outcome {
    pub fn ok(data: Value) -> Outcome {
        Outcome {
            data,
            is_error: false,
        }
    }

    pub fn fail(message: impl Into<String>) -> Outcome {
        Outcome {
            data: json!({"error": message.into()}),
            is_error: true,
        }
    }

    /// The `tools/call` result: the JSON as text (for clients without structured content) and as
    /// `structuredContent`.
    pub fn into_result(self) -> Value {
        let text = serde_json::to_string_pretty(&self.data).unwrap_or_default();
        json!({
            "content": [{"type": "text", "text": text}],
            "structuredContent": self.data,
            "isError": self.is_error,
        })
    }
}

/// A string argument, trimmed; `None` when absent or empty.
pub fn arg<'a>(args: &'a Value, name: &str) -> Option<&'a str> {
    args.get(name)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// A required string argument, or the failure naming it.
pub fn required<'a>(args: &'a Value, name: &str) -> Result<&'a str, Outcome> {
    arg(args, name).ok_or_else(|| Outcome::fail(format!("`{name}` is required")))
}

/// An optional RFC 3339 argument.
pub fn time(args: &Value, name: &str) -> Result<Option<Timestamp>, Outcome> {
    match arg(args, name) {
        None => Ok(None),
        Some(s) => Timestamp::parse(s).map(Some).ok_or_else(|| {
            Outcome::fail(format!(
                "`{name}`: {s:?} is not an RFC 3339 time such as 2026-01-02T03:04:05Z"
            ))
        }),
    }
}
