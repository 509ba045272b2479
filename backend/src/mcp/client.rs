//! A client of a console's JSON API (`/api/v1/...`, [`model::wire::paths`]): the cluster tools
//! read what the console's pages read, as its caller may. In token mode it signs in with the
//! token (the sign-in form, as a browser) and sends the session cookie; on a `401` it signs in
//! once more. A fleet console is signed in to cluster by cluster, each with that cluster's token
//! ([`super::tokens`]), into one session (as a browser's). Tokens are kept in memory only, sent
//! only in the sign-in form's body, never in a URL nor a log line. Answers are read up to
//! [`MAX_ANSWER_BYTES`].

use super::tokens::{self, Tokens};

use serde_json::Value;
use std::time::Duration;
use tokio::sync::Mutex;

/// The largest answer read from the console.
pub const MAX_ANSWER_BYTES: usize = 32 << 20;
/// How long one request may take.
const TIMEOUT: Duration = Duration::from_secs(60);

/// A console to read.
pub struct Console {
    http: reqwest::Client,
    /// `scheme://host[:port]`, without a trailing slash.
    base: String,
    /// What `list_vmis` calls this cluster.
    pub cluster: String,
    tokens: Tokens,
    /// The session in token mode.
    session: Mutex<Session>,
    /// Started in this process: its first list may still be running (see [`Console::ready`]).
    pub in_process: bool,
}

/// A failed read: what to tell the assistant (never the token).
pub type Failure = String;

/// Token mode's session: its cookie and the clusters it is signed in to (`None`: the first).
#[derive(Default)]
struct Session {
    /// `name=value`.
    cookie: Option<String>,
    clusters: std::collections::BTreeSet<Option<String>>,
}

impl Console {
    pub fn new(base: &str, cluster: String, tokens: Tokens) -> anyhow::Result<Console> {
        let url = reqwest::Url::parse(base)
            .map_err(|e| anyhow::anyhow!("--server {base:?} is not a URL: {e}"))?;
        if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
            anyhow::bail!("--server expects http(s)://HOST[:PORT]");
        }
        if tokens.any() && url.scheme() == "http" && !is_loopback(&url) {
            anyhow::bail!("refusing to send a token over plain HTTP to a non-loopback server");
        }
        let http = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(Console {
            http,
            base: url.origin().ascii_serialization(),
            cluster,
            tokens,
            session: Mutex::new(Session::default()),
            in_process: false,
        })
    }

    /// Waits (up to `limit`) until the console has read the cluster once (`/readyz`).
    pub async fn ready(&self, limit: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let ok = self
                .http
                .get(format!("{}/readyz", self.base))
                .send()
                .await
                .is_ok_and(|r| r.status().is_success());
            if ok {
                return true;
            }
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// GETs `path_and_query` (an API path from [`model::wire::paths`]) as JSON, for `cluster`
    /// (`None`: the console's first), signed in first: to `cluster` with its own token, else
    /// to the first cluster with `STRATA_TOKEN` (which may be the cluster named).
    pub async fn get(&self, path_and_query: &str, cluster: Option<&str>) -> Result<Value, Failure> {
        let (target, token) = match self.tokens.for_cluster(cluster) {
            Some(t) => (cluster, Some(t)),
            None => (None, self.tokens.for_cluster(None)),
        };
        let mut session = self.session.lock().await;
        if let Some(token) = token
            && !session.clusters.contains(&target.map(str::to_string))
        {
            self.sign_in(&mut session, target, token).await?;
        }
        match self.get_once(&session, path_and_query, cluster).await? {
            Some(v) => Ok(v),
            None if token.is_none() => Err(format!(
                "the console answered 401: it runs in token mode; set {}",
                tokens::DEFAULT_VAR
            )),
            None => {
                // The session ended (expired, or the console restarted): a new one, once more.
                *session = Session::default();
                if let Some(token) = token {
                    self.sign_in(&mut session, target, token).await?;
                }
                self.get_once(&session, path_and_query, cluster)
                    .await?
                    .ok_or_else(|| "the console refused the token (401)".to_string())
            }
        }
    }

    /// `None` on a 401.
    async fn get_once(
        &self,
        session: &Session,
        path_and_query: &str,
        cluster: Option<&str>,
    ) -> Result<Option<Value>, Failure> {
        let mut req = self
            .http
            .get(format!("{}{path_and_query}", self.base))
            .header(reqwest::header::ACCEPT, "application/json");
        if let Some(c) = session.cookie.as_deref() {
            req = req.header(reqwest::header::COOKIE, c);
        }
        let resp = req
            .send()
            .await
            .map_err(|e| format!("cannot reach the console: {}", e.without_url()))?;
        let status = resp.status();
        if status == reqwest::StatusCode::UNAUTHORIZED {
            return Ok(None);
        }
        let body = read_bounded(resp).await?;
        let json: Value = serde_json::from_slice(&body)
            .map_err(|_| format!("the console answered {status} with no JSON"))?;
        if !status.is_success() {
            let why = json
                .get("error")
                .and_then(Value::as_str)
                .map_or_else(|| json.to_string(), str::to_string);
            // Not signed in to a cluster of the fleet: which variable would sign in to it.
            let hint = match cluster {
                Some(c)
                    if status == reqwest::StatusCode::FORBIDDEN
                        && self.tokens.any()
                        && self.tokens.for_cluster(Some(c)).is_none() =>
                {
                    format!(" (set {} to a token of cluster {c})", tokens::var_of(c))
                }
                _ => String::new(),
            };
            return Err(format!("the console answered {status}: {why}{hint}"));
        }
        Ok(Some(json))
    }

    /// Token mode's sign-in form for `cluster` (`None`: the first) with the session's cookie:
    /// the console adds the cluster to the session and answers its new cookie.
    async fn sign_in(
        &self,
        session: &mut Session,
        cluster: Option<&str>,
        token: &str,
    ) -> Result<(), Failure> {
        let mut form = vec![("token", token)];
        if let Some(c) = cluster {
            form.push(("cluster", c));
        }
        let mut req = self
            .http
            .post(format!("{}/auth/signin", self.base))
            // The console's CSRF check: a form posted from its own origin.
            .header(reqwest::header::ORIGIN, &self.base)
            .form(&form);
        if let Some(c) = session.cookie.as_deref() {
            req = req.header(reqwest::header::COOKIE, c);
        }
        let resp = req
            .send()
            .await
            .map_err(|e| format!("cannot reach the console to sign in: {}", e.without_url()))?;
        let cookie = resp
            .headers()
            .get_all(reqwest::header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .filter_map(|v| v.split(';').next())
            .find(|c| c.contains("strata_session=") && !c.ends_with('='))
            .map(str::to_string);
        match cookie {
            Some(c) => {
                session.cookie = Some(c);
                session.clusters.insert(cluster.map(str::to_string));
                Ok(())
            }
            None => Err(format!(
                "the console did not accept the token{} (sign-in answered {})",
                cluster.map_or(String::new(), |c| format!(" of cluster {c}")),
                resp.status()
            )),
        }
    }
}

fn is_loopback(url: &reqwest::Url) -> bool {
    let host = url.host_str().unwrap_or_default();
    host == "localhost"
        || host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

async fn read_bounded(mut resp: reqwest::Response) -> Result<Vec<u8>, Failure> {
    let mut body = Vec::new();
    while let Some(chunk) = resp
        .chunk()
        .await
        .map_err(|e| format!("the console's answer broke off: {}", e.without_url()))?
    {
        if body.len() + chunk.len() > MAX_ANSWER_BYTES {
            return Err(format!(
                "the console's answer is larger than {MAX_ANSWER_BYTES} bytes"
            ));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}
