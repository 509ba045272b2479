//! Who is asking, and what they may see.
//!
//! * `--auth local` (default): every request acts as Strata's own identity (kubeconfig or
//!   in-cluster service account) on each cluster; the server binds 127.0.0.1 unless told
//!   otherwise.
//! * `--auth token`: a sign-in page takes the user's bearer token for one cluster of the fleet
//!   (the first unless the form names another: a token is valid for one API server); that
//!   cluster's API server judges it once (one SelfSubjectAccessReview, with that cluster's
//!   address and TLS trust) before anything is kept. An accepted token becomes that cluster's
//!   grant in a server-side [`sessions`] entry (one grant per cluster at most); the browser
//!   holds only the opaque session id in the [`cookie`]. Signing in to another cluster adds its
//!   grant to the live session, whose id is replaced; signing out ends every grant. Proxied and
//!   guest agent calls to a cluster are made as that cluster's user over one HTTP/TLS stack per
//!   cluster ([`crate::kube_client::as_user`]). Data from a cluster's shared watch caches is
//!   served only after a SelfSubjectAccessReview made as that user on that cluster ([`review`],
//!   cached per cluster and token, at most a few at once).
//!   Sign-in attempts are rate-limited per client, over all clients (junk senders in a pool of
//!   their own), and per accepted token ([`limit`]).
//!
//! [`Auth`] is one cluster's view ([`Auth::at`]) over what every cluster shares (sessions,
//! reviews, budgets): handlers read `state.auth`, which `/api/v1/c/{cluster}/…` narrows to that
//! cluster's view, so the same handler acts as the session's token *for that cluster*. A user
//! not signed in to the view's cluster gets a 403 saying so ([`Auth::not_signed_in`]), never
//! another cluster's answer.
//!
//! A cookie naming no live session is refused before any client is built or the API server is
//! asked, so forged cookies cost nothing. Tokens are kept only in memory, as the user's client's
//! `Authorization` header; `Caller`'s `Debug` redacts them, and nothing here logs a token or a
//! session id.

pub mod cookie;
pub mod limit;
pub mod review;
pub mod sessions;

use crate::error::ApiErr;
use axum::http::{HeaderMap, StatusCode};
pub use review::REVIEW_TTL;
use sessions::{Grant, Lifetimes, MAX_SESSIONS, Session, Sessions};
use std::net::IpAddr;
use std::sync::Arc;

/// The longest token accepted.
pub const MAX_TOKEN_LEN: usize = 8192;

/// The authentication mode.
#[derive(Clone)]
pub enum Mode {
    Local,
    Token {
        /// Strata's own config of the first cluster; its shared stack keeps its API server and
        /// TLS trust only (the other clusters' come with them: [`Door::base`]).
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

/// A cluster of the fleet as sign-in knows it, in the fleet's order (the first one first).
pub struct Door {
    pub name: String,
    /// The console's own client for it (the one its watchers use).
    pub local: kube::Client,
    /// Token mode: the configuration whose API server and TLS trust its users' requests go
    /// through (none of its credentials are carried over: [`crate::kube_client::shared_stack`]).
    pub base: Option<kube::Config>,
}

/// A door with its shared stack built.
struct Open {
    name: String,
    local: kube::Client,
    /// Token mode: one HTTP/TLS stack without credentials, shared by every user's client of
    /// this cluster.
    shared: Option<kube::Client>,
}

/// What every cluster's view shares: the sessions, the reviews, the sign-in budgets.
struct Core {
    mode: Mode,
    doors: Vec<Open>,
    sessions: Sessions,
    reviews: review::Reviews,
    sign_ins: limit::SignInLimit,
}

/// Authentication as one cluster of the fleet sees it ([`Auth::at`]): its users' grants, its
/// console client, over sessions, reviews and budgets shared by every cluster.
pub struct Auth {
    core: Arc<Core>,
    /// The cluster this view acts on, by its place in the fleet (0: the first).
    at: usize,
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
    /// One cluster, whose console client is `local` (token mode: its config is `mode`'s).
    pub fn new(mode: Mode, local: kube::Client) -> Auth {
        Auth::fleet(mode, "cluster".into(), local, Vec::new())
    }

    /// The first cluster `first` (console client `local`, in token mode `mode`'s config) and
    /// the `others`, in the fleet's order; the view is the first cluster's.
    pub fn fleet(mode: Mode, first: String, local: kube::Client, others: Vec<Door>) -> Auth {
        let base = match &mode {
            Mode::Token { base, .. } => Some((**base).clone()),
            Mode::Local => None,
        };
        let token_mode = base.is_some();
        let doors = std::iter::once(Door {
            name: first,
            local,
            base,
        })
        .chain(others)
        .map(|d| {
            let shared = match (&d.base, token_mode) {
                (Some(base), true) => crate::kube_client::shared_stack(base)
                    .map_err(|e| {
                        tracing::error!(cluster = %d.name, error = %e,
                            "cannot build the shared client; sign-in to this cluster fails");
                    })
                    .ok(),
                _ => None,
            };
            Open {
                name: d.name,
                local: d.local,
                shared,
            }
        })
        .collect();
        Auth {
            core: Arc::new(Core {
                mode,
                doors,
                sessions: Sessions::new(MAX_SESSIONS, Lifetimes::from_env()),
                reviews: review::Reviews::default(),
                sign_ins: limit::SignInLimit::default(),
            }),
            at: 0,
        }
    }

    /// The view of the cluster at `at` in the fleet (`None`: no such cluster).
    pub fn at(&self, at: usize) -> Option<Auth> {
        (at < self.core.doors.len()).then(|| Auth {
            core: self.core.clone(),
            at,
        })
    }

    /// The place in the fleet of the cluster called `name`.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.core.doors.iter().position(|d| d.name == name)
    }

    /// The clusters' names, in the fleet's order.
    pub fn cluster_names(&self) -> impl Iterator<Item = &str> {
        self.core.doors.iter().map(|d| d.name.as_str())
    }

    fn door(&self) -> &Open {
        &self.core.doors[self.at]
    }

    pub fn is_token_mode(&self) -> bool {
        matches!(self.core.mode, Mode::Token { .. })
    }

    pub fn secure_cookie(&self) -> bool {
        matches!(
            self.core.mode,
            Mode::Token {
                secure_cookie: true,
                ..
            }
        )
    }

    /// The caller of a request: local, or the user of a live session (401 without one, 400 for
    /// two session cookies), whichever clusters it signed in to. Never asks the API server.
    pub fn caller(&self, headers: &HeaderMap) -> Result<Caller, ApiErr> {
        if !self.is_token_mode() {
            return Ok(Caller::Local);
        }
        match cookie::presented(headers, self.secure_cookie()) {
            cookie::Presented::One(id) => self
                .core
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

    /// The 403 of a user who has not signed in to this view's cluster.
    pub fn not_signed_in(&self) -> ApiErr {
        let name = &self.door().name;
        let query = form_urlencoded::Serializer::new(String::new())
            .append_pair("cluster", name)
            .finish();
        ApiErr::forbidden(format!(
            "You have not signed in to cluster {name:?} (a token is valid for one API server): \
             sign in to it with a token of that cluster at /auth/signin?{query}."
        ))
    }

    /// `Ok` for the local user and for a user signed in to this view's cluster; else the 403
    /// of [`Auth::not_signed_in`].
    pub fn signed_in(&self, caller: &Caller) -> Result<(), ApiErr> {
        match caller {
            Caller::User(s) if s.grant(self.at).is_none() => Err(self.not_signed_in()),
            _ => Ok(()),
        }
    }

    /// The console's own client for this view's cluster (the one its watchers use).
    pub fn local_client(&self) -> kube::Client {
        self.door().local.clone()
    }

    /// The client to act as `caller` on this view's cluster.
    pub fn client(&self, caller: &Caller) -> Result<kube::Client, ApiErr> {
        match caller {
            Caller::Local => Ok(self.local_client()),
            Caller::User(s) => s
                .grant(self.at)
                .map(|g| g.client.clone())
                .ok_or_else(|| self.not_signed_in()),
        }
    }

    /// Judges `token` for the cluster at `cluster` in the fleet with one access review made as
    /// that user on that cluster's API server and, when it accepts the token, grants it: to the
    /// live session `previous` (the request's cookie, if any) besides its other clusters, under
    /// a new id, else to a new session; returns the session id. Nothing is kept for a token that
    /// is refused, except its digest among the recently rejected (of that cluster). `client` is
    /// the request's client ([`crate::listener::client`]), which the sign-in budgets count by
    /// ([`limit`]).
    pub async fn sign_in(
        &self,
        token: &str,
        cluster: usize,
        previous: Option<&str>,
        client: Option<IpAddr>,
    ) -> Result<String, SignInError> {
        let client = client.map(crate::listener::client::key);
        let door = self.core.doors.get(cluster).ok_or_else(|| {
            SignInError::Failed(StatusCode::BAD_REQUEST, "no such cluster".into())
        })?;
        let key = sessions::grant_key(&door.name, token);
        let core = &self.core;
        if !core.sign_ins.allow(client, &key) {
            return Err(SignInError::TooMany);
        }
        if !token_is_well_formed(token) {
            return Err(SignInError::Malformed);
        }
        if core.reviews.was_rejected(&key) {
            return Err(SignInError::Rejected);
        }
        let shared = door.shared.as_ref().ok_or_else(|| {
            SignInError::Failed(
                StatusCode::INTERNAL_SERVER_ERROR,
                "this server has no client for that cluster's API server".into(),
            )
        })?;
        let client_of_user =
            crate::kube_client::as_user(shared, token).map_err(|_| SignInError::Malformed)?;
        // Any answer but 401 means the API server accepted the token.
        let probe = Access::list("kubevirt.io", "virtualmachineinstances", None);
        match core.reviews.ask(&client_of_user, key, &probe).await {
            Ok(_) => {
                core.sign_ins.accepted(key);
                let grant = Grant {
                    key,
                    client: client_of_user,
                };
                Ok(core
                    .sessions
                    .grant(previous, core.doors.len(), cluster, grant))
            }
            Err(e) if e.status == StatusCode::UNAUTHORIZED => {
                core.sign_ins.rejected(client, &key);
                Err(SignInError::Rejected)
            }
            Err(e) => Err(SignInError::Failed(e.status, e.message)),
        }
    }

    /// Ends the session of `headers`, if any (sign-out from every cluster).
    pub fn sign_out(&self, headers: &HeaderMap) {
        if let cookie::Presented::One(id) = cookie::presented(headers, self.secure_cookie()) {
            self.core.sessions.revoke(&id);
        }
    }

    /// Live sessions, cached review answers, remembered rejected tokens.
    pub fn sizes(&self) -> (usize, usize, usize) {
        let (answers, rejected) = self.core.reviews.sizes();
        (self.core.sessions.len(), answers, rejected)
    }

    /// Whether `caller` may do `access` on this view's cluster. Local callers may do what
    /// Strata may. Answers are cached for [`REVIEW_TTL`]. An ended session gives 401; a user
    /// not signed in to this cluster, 403 ([`Auth::not_signed_in`]). A token this cluster's API
    /// server now rejects loses its grant in every session holding it (a session left with
    /// none ends: 401).
    pub async fn may(&self, caller: &Caller, access: &Access) -> Result<bool, ApiErr> {
        let session = match caller {
            Caller::Local => return Ok(true),
            Caller::User(s) => s,
        };
        self.signed_in(caller)?;
        // The session as it is now: still live, still holding this cluster's grant.
        let sessions = &self.core.sessions;
        let live = sessions
            .get_by_key(&session.id_key)
            .ok_or_else(ApiErr::unauthorized)?;
        let grant = live.grant(self.at).ok_or_else(|| self.not_signed_in())?;
        if let Some(allowed) = self.core.reviews.cached(grant.key, access) {
            return Ok(allowed);
        }
        let answer = self
            .core
            .reviews
            .ask(&grant.client, grant.key, access)
            .await;
        if matches!(&answer, Err(e) if e.status == StatusCode::UNAUTHORIZED) {
            sessions.revoke_grant(self.at, &grant.key);
            if sessions.get_by_key(&session.id_key).is_some() {
                return Err(self.not_signed_in());
            }
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

    /// Of `namespaces`, those where `caller` may list `group/resource` on this view's cluster
    /// (the reviews go at most [`review::AT_ONCE`] at a time); a user not signed in to it gets
    /// the 403 of [`Auth::not_signed_in`], whatever the namespaces.
    pub async fn visible_namespaces(
        &self,
        caller: &Caller,
        group: &'static str,
        resource: &str,
        namespaces: impl IntoIterator<Item = String>,
    ) -> Result<Vec<String>, ApiErr> {
        self.signed_in(caller)?;
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

    fn client() -> kube::Client {
        kube::Client::try_from(kube::Config::new("http://127.0.0.1:1".parse().unwrap())).unwrap()
    }

    #[tokio::test]
    async fn each_cluster_has_a_view_and_unknown_ones_none() {
        let others = ["b", "c"]
            .map(|n| Door {
                name: n.into(),
                local: client(),
                base: None,
            })
            .into();
        let auth = Auth::fleet(Mode::Local, "a".into(), client(), others);
        assert_eq!(auth.cluster_names().collect::<Vec<_>>(), ["a", "b", "c"]);
        assert_eq!(auth.index_of("c"), Some(2));
        assert_eq!(auth.index_of("d"), None);
        assert!(auth.at(2).is_some() && auth.at(3).is_none());
        let message = auth.at(1).unwrap().not_signed_in().message;
        assert!(
            message.contains("\"b\"") && message.contains("/auth/signin?cluster=b"),
            "{message}"
        );
    }
}
