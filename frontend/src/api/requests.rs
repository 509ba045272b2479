//! The backend's HTTP API as the pages ask it: JSON `GET`s with a deadline (a request the
//! backend does not answer in time is abandoned and said so, never left loading), their
//! errors as a page shows them, and one function per endpoint (`model::wire::paths`).

use super::*;

/// Why a request failed.
#[derive(Debug, Clone, PartialEq)]
pub struct FetchError {
    /// The HTTP status, or `None` when the backend could not be reached at all.
    pub status: Option<u16>,
    /// The backend's own sentence (its `ApiError`); empty when there is none. With `status`
    /// `None`, the browser's words, never shown (the page says it in the user's language).
    pub message: String,
    /// No answer within [`FETCH_TIMEOUT_MS`] (`status` is then `None`): the request was given up.
    pub timed_out: bool,
}

impl FetchError {
    /// Whether trying again later may work: the backend was not reached or failed (5xx), as
    /// opposed to an answer about the request (403, 404).
    pub fn transient(&self) -> bool {
        self.status.is_none_or(|s| s >= 500)
    }
}

impl FetchError {
    /// The request did not reach the backend or was given up: `error` is gloo-net's (the
    /// browser's `TypeError` or the deadline's `AbortError`), kept for the console only.
    fn network(error: gloo_net::Error) -> FetchError {
        FetchError {
            status: None,
            timed_out: false,
            message: error.to_string(),
        }
    }
}

/// `GET url` and read the JSON answer. Errors carry the backend's `ApiError` sentence.
pub async fn get_json<T: DeserializeOwned>(url: &str) -> Result<T, FetchError> {
    let (status, text) = get_text(url).await?;
    parse_json(url, status, &text)
}

/// How long a request may go unanswered, its answer read to the end, before it is given up and
/// the page says so ([`FetchError::timed_out`]) and offers to try again. The browser itself
/// waits for ever: a hung backend or proxy would leave the page loading with no word.
pub const FETCH_TIMEOUT_MS: i32 = 30_000;

/// A request's deadline: aborts it after [`FETCH_TIMEOUT_MS`]. Dropped (answered, failed, or
/// the reading future dropped by a page that no longer needs it), it clears its timer and
/// aborts what is still going on.
struct Deadline {
    controller: web_sys::AbortController,
    timer: Option<i32>,
    _abort: Closure<dyn FnMut()>,
}

impl Deadline {
    fn start(window: &web_sys::Window) -> Option<Deadline> {
        let controller = web_sys::AbortController::new().ok()?;
        let c = controller.clone();
        let abort = Closure::<dyn FnMut()>::new(move || c.abort());
        let timer = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(
                abort.as_ref().unchecked_ref(),
                FETCH_TIMEOUT_MS,
            )
            .ok();
        Some(Deadline {
            controller,
            timer,
            _abort: abort,
        })
    }

    fn passed(&self) -> bool {
        self.controller.signal().aborted()
    }
}

impl Drop for Deadline {
    fn drop(&mut self) {
        if let (Some(w), Some(t)) = (web_sys::window(), self.timer) {
            w.clear_timeout_with_handle(t);
        }
        self.controller.abort();
    }
}

/// `GET url`: the status and text of a successful answer, fetched by gloo-net. The request
/// keeps the browser's defaults (mode `cors`, credentials `same-origin`): the session cookie
/// of token mode goes along, as it must to the same origin.
async fn get_text(url: &str) -> Result<(u16, String), FetchError> {
    let window = web_sys::window().ok_or_else(|| FetchError {
        status: None,
        message: "no window".into(),
        timed_out: false,
    })?;
    let deadline = Deadline::start(&window);
    let signal = deadline.as_ref().map(|d| d.controller.signal());
    let failed = |e: gloo_net::Error| {
        let mut error = FetchError::network(e);
        error.timed_out = deadline.as_ref().is_some_and(Deadline::passed);
        error
    };
    let resp = gloo_net::http::Request::get(&with_lang(url))
        .abort_signal(signal.as_ref())
        .send()
        .await
        .map_err(failed)?;
    let status = resp.status();
    let text = resp.text().await.map_err(failed)?;
    drop(deadline);
    if !resp.ok() {
        let error = serde_json::from_slice::<model::api::ApiError>(text.as_bytes());
        if status == 401 && error.as_ref().is_ok_and(|e| e.code == 401) {
            to_sign_in();
        }
        // Only the backend's own sentence is kept for the page; anything else (a proxy's HTML
        // page, an empty body) goes to the console, and the page says what the status means.
        let message = error.map(|e| e.error).unwrap_or_else(|_| {
            let raw: String = text.chars().take(300).collect();
            leptos::logging::warn!("{url}: HTTP {status}: {raw}");
            String::new()
        });
        return Err(FetchError {
            status: Some(status),
            message,
            timed_out: false,
        });
    }
    Ok((status, text))
}

/// Reads the JSON answer `text` of `url`.
fn parse_json<T: DeserializeOwned>(url: &str, status: u16, text: &str) -> Result<T, FetchError> {
    serde_json::from_slice(text.as_bytes()).map_err(|e| {
        leptos::logging::warn!("unexpected answer from {url}: {e}");
        FetchError {
            status: Some(status),
            message: String::new(),
            timed_out: false,
        }
    })
}

fn enc(s: &str) -> String {
    String::from(js_sys::encode_uri_component(s))
}

/// One VMI's API path from its template in [`paths`], under its cluster's prefix when it names
/// one ([`paths::in_cluster`]).
fn vmi_path(template: &str, cluster: &str, ns: &str, name: &str) -> String {
    paths::in_cluster(
        cluster,
        &paths::fill(template, &[("ns", ns), ("name", name)]),
    )
}

/// `GET /api/v1/vmis/{ns}/{name}/detail`: the VMI page, diagnosed by the backend.
pub async fn fetch_detail(
    cluster: &str,
    ns: &str,
    name: &str,
) -> Result<model::view::detail::VmiDetail, FetchError> {
    get_json(&vmi_path(paths::VMI_DETAIL, cluster, ns, name)).await
}

/// `GET /api/v1/vmis/{ns}/{name}/detail?at=RFC3339`: the page as the recorder kept it then, or
/// why history is off.
pub async fn fetch_detail_at(
    cluster: &str,
    ns: &str,
    name: &str,
    at: &str,
) -> Result<model::api::history::DetailAt, FetchError> {
    use model::api::history::{DetailAt, HistoryOff, RecordedDetail};
    /// The answer's own field beside the flattened detail.
    #[derive(serde::Deserialize)]
    struct RecordedAt {
        #[serde(with = "model::api::history::rfc3339")]
        recorded_at: i64,
    }
    let url = format!(
        "{}?at={}",
        vmi_path(paths::VMI_DETAIL, cluster, ns, name),
        enc(at)
    );
    // Read as each of its forms in turn, rather than as `DetailAt` / `RecordedDetail`: serde's
    // untagged and flattening decoders would add a second decoder of every detail type to the
    // first load.
    let (status, text) = get_text(&url).await?;
    if let Ok(off) = parse_json::<HistoryOff>(&url, status, &text) {
        return Ok(DetailAt::Off(off));
    }
    let at: RecordedAt = parse_json(&url, status, &text)?;
    Ok(DetailAt::Recorded(Box::new(RecordedDetail {
        recorded_at: at.recorded_at,
        detail: parse_json(&url, status, &text)?,
    })))
}

/// `GET /api/v1/vmis/{ns}/{name}/history?from=&to=` (milliseconds, sent as RFC 3339).
pub async fn fetch_history(
    cluster: &str,
    ns: &str,
    name: &str,
    from: i64,
    to: i64,
) -> Result<model::api::history::History, FetchError> {
    get_json(&format!(
        "{}?from={}&to={}",
        vmi_path(paths::VMI_HISTORY, cluster, ns, name),
        enc(&Timestamp(from).to_rfc3339()),
        enc(&Timestamp(to).to_rfc3339())
    ))
    .await
}

/// `GET /api/v1/history`: whether history is recorded, and why not.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
pub struct HistoryStatus {
    pub enabled: bool,
    #[serde(default)]
    pub error: Option<String>,
    /// `sqlite` or `postgres`; absent when there is no store to read.
    #[serde(default)]
    pub backend: Option<String>,
}

pub async fn fetch_history_status() -> Result<HistoryStatus, FetchError> {
    get_json(paths::HISTORY).await
}

/// `GET /api/v1/history/changes?since=&limit=`: each VMI's newest change, newest first.
pub async fn fetch_changes(
    since: i64,
    limit: usize,
) -> Result<Vec<model::api::history::Changed>, FetchError> {
    get_json(&format!(
        "{}?since={}&limit={limit}",
        paths::HISTORY_CHANGES,
        enc(&Timestamp(since).to_rfc3339())
    ))
    .await
}

/// `GET /api/v1/vmis/{ns}/{name}/metrics?set=…&range=…&step=…`.
pub async fn fetch_metrics(
    cluster: &str,
    ns: &str,
    name: &str,
    set: &str,
    range_secs: u32,
) -> Result<model::api::SeriesSet, FetchError> {
    let step = (range_secs / 120).max(5);
    get_json(&format!(
        "{}?set={set}&range={range_secs}&step={step}",
        vmi_path(paths::VMI_METRICS, cluster, ns, name)
    ))
    .await
}

/// `GET /api/v1/migrations/reports`: every migration, interpreted by the backend, newest first.
pub async fn fetch_migrations() -> Result<Vec<model::api::MigrationRow>, FetchError> {
    get_json(paths::MIGRATION_REPORTS).await
}

/// `GET /api/v1/nodes/{name}/drain`.
pub async fn fetch_drain(node: &str) -> Result<model::view::DrainReport, FetchError> {
    get_json(&paths::fill(paths::NODE_DRAIN, &[("name", node)])).await
}

/// `GET /api/v1/nodes/rows`: the nodes list, unhealthy first.
pub async fn fetch_node_rows() -> Result<Vec<model::view::NodeRow>, FetchError> {
    get_json(paths::NODE_ROWS).await
}

/// `GET /api/v1/nodes/{name}/view`: the node page.
pub async fn fetch_node_view(node: &str) -> Result<model::view::NodeView, FetchError> {
    get_json(&paths::fill(paths::NODE_VIEW, &[("name", node)])).await
}
