//! Who is asking, and what they may see.
//!
//! * `--auth local` (default): every request acts as Strata's own identity (kubeconfig or
//!   in-cluster service account); the server binds 127.0.0.1 unless told otherwise.
//! * `--auth token`: a sign-in page takes the user's bearer token and keeps it in an `HttpOnly`,
//!   `SameSite=Strict` cookie (`Secure` behind TLS). Proxied and guest agent calls are made with a
//!   client carrying only that token. Data from the shared watch caches is served only after a
//!   SelfSubjectAccessReview made as that user, cached for [`REVIEW_TTL`].
//!
//! Tokens are kept only in memory, keyed by their SHA-256 (the key is what is compared, never
//! printed); `Caller`'s `Debug` redacts them, and nothing here logs a token.

use crate::error::ApiErr;
use axum::http::{HeaderMap, StatusCode};
use cookie::{Cookie, SameSite};
use k8s_openapi::api::authorization::v1::{
    ResourceAttributes, SelfSubjectAccessReview, SelfSubjectAccessReviewSpec,
};
use kube::api::{Api, PostParams};
use parking_lot::Mutex;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The session cookie.
pub const COOKIE: &str = "strata_session";
/// How long an access review answer is reused.
pub const REVIEW_TTL: Duration = Duration::from_secs(30);
/// How long a per-user client is reused.
pub const CLIENT_TTL: Duration = Duration::from_secs(300);
/// The longest token accepted.
pub const MAX_TOKEN_LEN: usize = 8192;

/// The authentication mode.
#[derive(Clone)]
pub enum Mode {
    Local,
    Token {
        /// Strata's own config; per-user clients keep its API server and TLS trust only.
        base: Box<kube::Config>,
        /// Mark the cookie `Secure` (set when served behind TLS).
        secure_cookie: bool,
    },
}

/// The caller of one request.
#[derive(Clone)]
pub enum Caller {
    Local,
    User { token: Arc<str>, key: [u8; 32] },
}

impl std::fmt::Debug for Caller {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Caller::Local => f.write_str("Caller::Local"),
            Caller::User { .. } => f.write_str("Caller::User(<redacted>)"),
        }
    }
}

/// What an access review asks.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Access {
    pub verb: &'static str,
    pub group: &'static str,
    pub resource: String,
    /// `None`: cluster-scoped, or all namespaces.
    pub namespace: Option<String>,
}

impl Access {
    /// `list` of a resource in a namespace (or cluster-wide).
    pub fn list(group: &'static str, resource: &str, namespace: Option<&str>) -> Access {
        Access {
            verb: "list",
            group,
            resource: resource.to_string(),
            namespace: namespace.map(str::to_string),
        }
    }
}

type ReviewKey = ([u8; 32], Access);

pub struct Auth {
    pub mode: Mode,
    local: kube::Client,
    clients: Mutex<HashMap<[u8; 32], (kube::Client, Instant)>>,
    reviews: Mutex<HashMap<ReviewKey, (bool, Instant)>>,
}

/// A token's key: its SHA-256.
pub fn token_key(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// Whether a pasted token is plausible (visible ASCII, no separators a cookie cannot carry).
pub fn token_is_well_formed(token: &str) -> bool {
    !token.is_empty()
        && token.len() <= MAX_TOKEN_LEN
        && token
            .bytes()
            .all(|b| b.is_ascii_graphic() && !matches!(b, b';' | b',' | b'"' | b'\\'))
}

/// The session token from the `Cookie` headers, if any (parsed by the `cookie` crate).
pub fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == COOKIE)
        .map(|c| c.value().to_string())
        .filter(|t| token_is_well_formed(t))
}

/// How long a session cookie lives.
const SESSION_AGE: cookie::time::Duration = cookie::time::Duration::hours(8);

/// The session cookie's attributes: `Path=/`, `HttpOnly`, `SameSite=Strict`, `Secure` when
/// asked, and `Max-Age`.
fn session(value: &str, max_age: cookie::time::Duration, secure: bool) -> String {
    Cookie::build((COOKIE, value))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Strict)
        .max_age(max_age)
        .secure(secure)
        .build()
        .to_string()
}

/// The `Set-Cookie` value that stores `token`.
pub fn session_cookie(token: &str, secure: bool) -> String {
    session(token, SESSION_AGE, secure)
}

/// The `Set-Cookie` value that clears the session.
pub fn clear_cookie(secure: bool) -> String {
    session("", cookie::time::Duration::ZERO, secure)
}

impl Auth {
    pub fn new(mode: Mode, local: kube::Client) -> Auth {
        Auth {
            mode,
            local,
            clients: Mutex::new(HashMap::new()),
            reviews: Mutex::new(HashMap::new()),
        }
    }

    pub fn is_token_mode(&self) -> bool {
        matches!(self.mode, Mode::Token { .. })
    }

    pub fn secure_cookie(&self) -> bool {
        matches!(
            self.mode,
            Mode::Token {
                secure_cookie: true,
                ..
            }
        )
    }

    /// The caller of a request: local, or the user of the session cookie (401 without one).
    pub fn caller(&self, headers: &HeaderMap) -> Result<Caller, ApiErr> {
        match self.mode {
            Mode::Local => Ok(Caller::Local),
            Mode::Token { .. } => {
                let token = session_token(headers).ok_or_else(ApiErr::unauthorized)?;
                let key = token_key(&token);
                Ok(Caller::User {
                    token: token.into(),
                    key,
                })
            }
        }
    }

    /// The client to act as `caller`.
    /// The console's own client (the one its watchers use).
    pub fn local_client(&self) -> kube::Client {
        self.local.clone()
    }

    pub fn client(&self, caller: &Caller) -> Result<kube::Client, ApiErr> {
        let (token, key) = match caller {
            Caller::Local => return Ok(self.local.clone()),
            Caller::User { token, key } => (token, key),
        };
        let Mode::Token { base, .. } = &self.mode else {
            return Ok(self.local.clone());
        };
        let mut clients = self.clients.lock();
        let now = Instant::now();
        if let Some((c, at)) = clients.get(key)
            && now.duration_since(*at) < CLIENT_TTL
        {
            return Ok(c.clone());
        }
        clients.retain(|_, (_, at)| now.duration_since(*at) < CLIENT_TTL);
        let client = crate::cluster::client_for_token(base, token).map_err(|e| {
            ApiErr::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("cannot build a client for this session: {e}"),
            )
        })?;
        clients.insert(*key, (client.clone(), now));
        Ok(client)
    }

    /// Whether `caller` may do `access`. Local callers may do what Strata may. Answers are cached
    /// for [`REVIEW_TTL`]. A rejected token gives 401.
    pub async fn may(&self, caller: &Caller, access: &Access) -> Result<bool, ApiErr> {
        let key = match caller {
            Caller::Local => return Ok(true),
            Caller::User { key, .. } => *key,
        };
        let cache_key = (key, access.clone());
        {
            let reviews = self.reviews.lock();
            if let Some((allowed, at)) = reviews.get(&cache_key)
                && at.elapsed() < REVIEW_TTL
            {
                return Ok(*allowed);
            }
        }
        let client = self.client(caller)?;
        let allowed = review(&client, access).await?;
        let mut reviews = self.reviews.lock();
        if reviews.len() > 50_000 {
            reviews.retain(|_, (_, at)| at.elapsed() < REVIEW_TTL);
        }
        reviews.insert(cache_key, (allowed, Instant::now()));
        Ok(allowed)
    }

    /// Like [`Auth::may`], turning "no" into a 403 that names what is missing.
    pub async fn require(&self, caller: &Caller, access: &Access) -> Result<(), ApiErr> {
        if self.may(caller, access).await? {
            Ok(())
        } else {
            Err(ApiErr::forbidden(format!(
                "Your account may not {} {}{}{}; ask for a Role granting it.",
                access.verb,
                access.resource,
                if access.group.is_empty() {
                    String::new()
                } else {
                    format!(".{}", access.group)
                },
                access
                    .namespace
                    .as_deref()
                    .map(|n| format!(" in namespace {n}"))
                    .unwrap_or_else(|| " cluster-wide".into())
            )))
        }
    }

    /// Of `namespaces`, those where `caller` may list `group/resource`.
    pub async fn visible_namespaces(
        &self,
        caller: &Caller,
        group: &'static str,
        resource: &str,
        namespaces: impl IntoIterator<Item = String>,
    ) -> Result<Vec<String>, ApiErr> {
        let namespaces: Vec<String> = namespaces.into_iter().collect();
        let answers = futures::future::join_all(namespaces.iter().map(|ns| {
            let access = Access::list(group, resource, Some(ns));
            async move { self.may(caller, &access).await }
        }))
        .await;
        let mut out = Vec::new();
        for (ns, a) in namespaces.into_iter().zip(answers) {
            if a? {
                out.push(ns);
            }
        }
        Ok(out)
    }
}

/// One SelfSubjectAccessReview with `client`.
pub async fn review(client: &kube::Client, access: &Access) -> Result<bool, ApiErr> {
    let api: Api<SelfSubjectAccessReview> = Api::all(client.clone());
    let ssar = SelfSubjectAccessReview {
        spec: SelfSubjectAccessReviewSpec {
            resource_attributes: Some(ResourceAttributes {
                verb: Some(access.verb.to_string()),
                group: Some(access.group.to_string()),
                resource: Some(access.resource.split('/').next().unwrap_or("").to_string()),
                subresource: access.resource.split_once('/').map(|(_, s)| s.to_string()),
                namespace: access.namespace.clone(),
                ..Default::default()
            }),
            ..Default::default()
        },
        ..Default::default()
    };
    match tokio::time::timeout(
        Duration::from_secs(10),
        api.create(&PostParams::default(), &ssar),
    )
    .await
    {
        Ok(Ok(r)) => Ok(r.status.is_some_and(|s| s.allowed)),
        Ok(Err(kube::Error::Api(s))) if s.code == 401 => Err(ApiErr::unauthorized()),
        Ok(Err(e)) => Err(ApiErr::new(
            StatusCode::BAD_GATEWAY,
            format!("the access review failed, so nothing is shown: {e}"),
        )),
        Err(_) => Err(ApiErr::new(
            StatusCode::GATEWAY_TIMEOUT,
            "the API server did not answer the access review within 10 s",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn session_cookie_round_trip_and_flags() {
        let c = session_cookie("abc.def-ghi", true);
        assert!(c.contains("HttpOnly") && c.contains("SameSite=Strict") && c.contains("Secure"));
        assert!(!session_cookie("t", false).contains("Secure"));
        let mut h = HeaderMap::new();
        h.insert(
            axum::http::header::COOKIE,
            HeaderValue::from_static("theme=dark; strata_session=abc.def-ghi; x=y"),
        );
        assert_eq!(session_token(&h).as_deref(), Some("abc.def-ghi"));
        h.insert(
            axum::http::header::COOKIE,
            HeaderValue::from_static("strata_session=a\\b"),
        );
        assert_eq!(session_token(&h), None);
    }

    #[test]
    fn tokens_are_checked_and_never_printed() {
        assert!(token_is_well_formed("eyJhbGciOi.payload.sig_-"));
        assert!(!token_is_well_formed("has space"));
        assert!(!token_is_well_formed("semi;colon"));
        assert!(!token_is_well_formed(""));
        let c = Caller::User {
            token: "secret-token".into(),
            key: token_key("secret-token"),
        };
        assert!(!format!("{c:?}").contains("secret"));
        assert_ne!(token_key("a"), token_key("b"));
    }
}
