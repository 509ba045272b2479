//! A client of a console's JSON API (`/api/v1/...`, [`model::wire::paths`]): the cluster tools
//! read what the console's pages read, as its caller may. In token mode it signs in with the
//! token (the sign-in form, as a browser) and sends the session cookie; on a `401` it signs in
//! once more. The token is kept in memory only, sent only in the sign-in form's body, never in
//! a URL nor a log line. Answers are read up to [`MAX_ANSWER_BYTES`].

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
    token: Option<String>,
    /// The session cookie (`name=value`) in token mode.
    cookie: Mutex<Option<String>>,
    /// Started in this process: its first list may still be running (see [`Console::ready`]).
    pub in_process: bool,
}

/// A failed read: what to tell the assistant (never the token).
pub type Failure = String;

impl Console {
    pub fn new(base: &str, cluster: String, token: Option<String>) -> anyhow::Result<Console> {
        let url = reqwest::Url::parse(base)
            .map_err(|e| anyhow::anyhow!("--server {base:?} is not a URL: {e}"))?;
        if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
            anyhow::bail!("--server expects http(s)://HOST[:PORT]");
        }
        if token.is_some() && url.scheme() == "http" && !is_loopback(&url) {
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
            token,
            cookie: Mutex::new(None),
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

    /// GETs `path_and_query` (an API path from [`model::wire::paths`]) as JSON.
    pub async fn get(&self, path_and_query: &str) -> Result<Value, Failure> {
        if self.token.is_some() && self.cookie.lock().await.is_none() {
            self.sign_in().await?;
        }
        match self.get_once(path_and_query).await? {
            Some(v) => Ok(v),
            None if self.token.is_some() => {
                // The session ended (expired, or the console restarted): once more.
                self.sign_in().await?;
                self.get_once(path_and_query)
                    .await?
                    .ok_or_else(|| "the console refused the token (401)".to_string())
            }
            None => Err("the console answered 401: it runs in token mode; set STRATA_TOKEN".into()),
        }
    }

    /// `None` on a 401.
    async fn get_once(&self, path_and_query: &str) -> Result<Option<Value>, Failure> {
        let mut req = self
            .http
            .get(format!("{}{path_and_query}", self.base))
            .header(reqwest::header::ACCEPT, "application/json");
        if let Some(c) = self.cookie.lock().await.as_deref() {
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
            return Err(format!("the console answered {status}: {why}"));
        }
        Ok(Some(json))
    }

    /// Token mode's sign-in form; keeps the session cookie.
    async fn sign_in(&self) -> Result<(), Failure> {
        let Some(token) = &self.token else {
            return Ok(());
        };
        let resp = self
            .http
            .post(format!("{}/auth/signin", self.base))
            // The console's CSRF check: a form posted from its own origin.
            .header(reqwest::header::ORIGIN, &self.base)
            .form(&[("token", token.as_str())])
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
                *self.cookie.lock().await = Some(c);
                Ok(())
            }
            None => Err(format!(
                "the console did not accept the token (sign-in answered {})",
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
