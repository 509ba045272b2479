//! Who is asking, and what they may see.
//!
//! * `--auth local` (default): every request acts as Strata's own identity (kubeconfig or
//!   in-cluster service account); the server binds 127.0.0.1 unless told otherwise.
//! * `--auth token`: a sign-in page takes the user's bearer token; the API server judges it once
//!   (one SelfSubjectAccessReview) before anything is kept. An accepted token gets a server-side
//!   [`sessions`] entry; the browser holds only the opaque session id in the [`cookie`]. Proxied
//!   and guest agent calls are made as that user over one shared HTTP/TLS stack
//!   ([`crate::kube_client::as_user`]). Data from the shared watch caches is served only after a
//!   SelfSubjectAccessReview made as that user ([`review`], cached, at most a few at once).
//!   Sign-in attempts are rate-limited per client, over all clients (junk senders in a pool of
//!   their own), and per accepted token ([`limit`]).
//!
//! A cookie naming no live session is refused before any client is built or the API server is
//! asked, so forged cookies cost nothing. Tokens are kept only in memory; `Caller`'s `Debug`
//! redacts them, and nothing here logs a token or a session id.

pub mod cookie;
pub mod limit;
pub mod review;
pub mod sessions;

use crate::error::ApiErr;
use axum::http::{HeaderMap, StatusCode};
pub use review::REVIEW_TTL;
use sessions::{Lifetimes, MAX_SESSIONS, Session, Sessions};
use std::net::IpAddr;

/// The longest token accepted.
pub const MAX_TOKEN_LEN: usize = 8192;

/// The authentication mode.
#[derive(Clone)]
pub enum Mode {
    Local,
    Token {
        /// Strata's own config; the shared stack keeps its API server and TLS trust only.
        base: Box<kube::Config>,
        /// `__Host-` cookie with `Secure`, and HSTS (the default of `strata serve`); false only
        /// for plain HTTP on loopback.
        secure_cookie: bool,
    },
}

/// The caller of one request.
#[derive(Clone)]
pub enum Caller {
    Local,
    User(Session),
}

impl std::fmt::Debug for Caller {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Caller::Local => f.write_str("Caller::Local"),
            Caller::User(_) => f.write_str("Caller::User(<redacted>)"),
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

/// Why a sign-in did not start a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignInError {
    Malformed,
    TooMany,
    Rejected,
    /// The API server could not judge the token: a generic text with a correlation id (the
    /// details, which may name internal addresses, are only logged).
    Failed(StatusCode, String),
}

pub struct Auth {
    pub mode: Mode,
    local: kube::Client,
    /// Token mode: one HTTP/TLS stack without credentials, shared by every user's client.
    shared: Option<kube::Client>,
    sessions: Sessions,
    reviews: review::Reviews,
    sign_ins: limit::SignInLimit,
}

/// Whether a pasted token is plausible (visible ASCII, no separators a header cannot carry).
pub fn token_is_well_formed(token: &str) -> bool {
    !token.is_empty()
        && token.len() <= MAX_TOKEN_LEN
        && token
            .bytes()
            .all(|b| b.is_ascii_graphic() && !matches!(b, b';' | b',' | b'"' | b'\\'))
}

impl Auth {
    pub fn new(mode: Mode, local: kube::Client) -> Auth {
        let shared = match &mode {
            Mode::Token { base, .. } => match crate::kube_client::shared_stack(base) {
                Ok(c) => Some(c),
                Err(e) => {
                    tracing::error!(error = %e, "cannot build the shared client; sign-in fails");
                    None
                }
            },
            Mode::Local => None,
        };
        Auth {
            mode,
            local,
            shared,
            sessions: Sessions::new(MAX_SESSIONS, Lifetimes::from_env()),
            reviews: review::Reviews::default(),
            sign_ins: limit::SignInLimit::default(),
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

    /// The caller of a request: local, or the user of a live session (401 without one, 400 for
    /// two session cookies). Never asks the API server.
    pub fn caller(&self, headers: &HeaderMap) -> Result<Caller, ApiErr> {
        if !self.is_token_mode() {
            return Ok(Caller::Local);
        }
        match cookie::presented(headers, self.secure_cookie()) {
            cookie::Presented::One(id) => self
                .sessions
                .get(&id)
                .map(Caller::User)
                .ok_or_else(ApiErr::unauthorized),
            cookie::Presented::None => Err(ApiErr::unauthorized()),
            cookie::Presented::Duplicate => Err(ApiErr::bad_request(
                "This request carries two session cookies; Strata uses neither. Clear this \
                 site's cookies and sign in again.",
            )),
        }
    }

    /// The console's own client (the one its watchers use).
    pub fn local_client(&self) -> kube::Client {
        self.local.clone()
    }

    /// The client to act as `caller`.
    pub fn client(&self, caller: &Caller) -> Result<kube::Client, ApiErr> {
        match caller {
            Caller::Local => Ok(self.local.clone()),
            Caller::User(s) => Ok(s.client.clone()),
        }
    }

    /// Judges `token` with one access review (made as that user) and, when the API server
    /// accepts it, starts a session; returns the session id. Nothing is kept for a token that is
    /// refused, except its digest among the recently rejected. `client` is the request's client
    /// ([`crate::listener::client`]), which the sign-in budgets count by ([`limit`]).
    pub async fn sign_in(
        &self,
        token: &str,
        client: Option<IpAddr>,
    ) -> Result<String, SignInError> {
        let client = client.map(crate::listener::client::key);
        let key = sessions::digest(token);
        if !self.sign_ins.allow(client, &key) {
            return Err(SignInError::TooMany);
        }
        if !token_is_well_formed(token) {
            return Err(SignInError::Malformed);
        }
        if self.reviews.was_rejected(&key) {
            return Err(SignInError::Rejected);
        }
        let shared = self.shared.as_ref().ok_or_else(|| {
            SignInError::Failed(
                StatusCode::INTERNAL_SERVER_ERROR,
                "this server has no client for the API server".into(),
            )
        })?;
        let client_of_user =
            crate::kube_client::as_user(shared, token).map_err(|_| SignInError::Malformed)?;
        // Any answer but 401 means the API server accepted the token.
        let probe = Access::list("kubevirt.io", "virtualmachineinstances", None);
        match self.reviews.ask(&client_of_user, key, &probe).await {
            Ok(_) => {
                self.sign_ins.accepted(key);
                Ok(self.sessions.create(token, client_of_user))
            }
            Err(e) if e.status == StatusCode::UNAUTHORIZED => {
                self.sign_ins.rejected(client, &key);
                Err(SignInError::Rejected)
            }
            Err(e) => Err(SignInError::Failed(e.status, e.message)),
        }
    }

    /// Ends the session of `headers`, if any (sign-out).
    pub fn sign_out(&self, headers: &HeaderMap) {
        if let cookie::Presented::One(id) = cookie::presented(headers, self.secure_cookie()) {
            self.sessions.revoke(&id);
        }
    }

    /// Live sessions, cached review answers, remembered rejected tokens.
    pub fn sizes(&self) -> (usize, usize, usize) {
        let (answers, rejected) = self.reviews.sizes();
        (self.sessions.len(), answers, rejected)
    }

    /// Whether `caller` may do `access`. Local callers may do what Strata may. Answers are cached
    /// for [`REVIEW_TTL`]. An ended session, or a token the API server now rejects, gives 401
    /// (and ends every session of that token).
    pub async fn may(&self, caller: &Caller, access: &Access) -> Result<bool, ApiErr> {
        let session = match caller {
            Caller::Local => return Ok(true),
            Caller::User(s) => s,
        };
        if self.sessions.get_by_key(&session.id_key).is_none() {
            return Err(ApiErr::unauthorized());
        }
        if let Some(allowed) = self.reviews.cached(session.token_key, access) {
            return Ok(allowed);
        }
        let answer = self
            .reviews
            .ask(&session.client, session.token_key, access)
            .await;
        if matches!(&answer, Err(e) if e.status == StatusCode::UNAUTHORIZED) {
            self.sessions.revoke_token(&session.token_key);
        }
        answer
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

    /// Of `namespaces`, those where `caller` may list `group/resource` (the reviews go at most
    /// [`review::AT_ONCE`] at a time).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_checked() {
        assert!(token_is_well_formed("eyJhbGciOi.payload.sig_-"));
        assert!(!token_is_well_formed("has space"));
        assert!(!token_is_well_formed("semi;colon"));
        assert!(!token_is_well_formed(""));
        assert_ne!(sessions::digest("a"), sessions::digest("b"));
    }
}
