//! Chrome DevTools Protocol commands through chromedriver's `goog/cdp/execute` endpoint, for the
//! measurements WebDriver has no command for (script time, JS heap).

use fantoccini::wd::WebDriverCompatibleCommand;

/// One CDP command, e.g. `Performance.getMetrics`.
#[derive(Debug)]
pub struct Cdp {
    pub cmd: String,
    pub params: serde_json::Value,
}

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let body = serde_json::json!({ "cmd": self.cmd, "params": self.params });
        (http::Method::POST, Some(body.to_string()))
    }
}

/// Runs a CDP command on `client`'s page and returns its result.
pub async fn cdp(
    client: &fantoccini::Client,
    cmd: &str,
    params: serde_json::Value,
) -> anyhow::Result<serde_json::Value> {
    Ok(client
        .issue_cmd(Cdp {
            cmd: cmd.into(),
            params,
        })
        .await?)
}

/// `Performance.getMetrics` of `client`'s page as a name → value map (enables the domain
/// first).
pub async fn metrics(
    client: &fantoccini::Client,
) -> anyhow::Result<std::collections::HashMap<String, f64>> {
    cdp(client, "Performance.enable", serde_json::json!({})).await?;
    let r = cdp(client, "Performance.getMetrics", serde_json::json!({})).await?;
    Ok(r["metrics"]
        .as_array()
        .map(|m| {
            m.iter()
                .filter_map(|e| Some((e["name"].as_str()?.to_string(), e["value"].as_f64()?)))
                .collect()
        })
        .unwrap_or_default())
}

impl crate::Harness {
    /// Runs a CDP command and returns its result.
    pub async fn cdp(
        &self,
        cmd: &str,
        params: serde_json::Value,
    ) -> anyhow::Result<serde_json::Value> {
        cdp(&self.browser, cmd, params).await
    }

    /// Makes the page's viewport exactly `width`×`height` CSS pixels at a device pixel ratio of
    /// 1 (a phone's when narrower than 600), whatever the window: what a screen of that size shows
    /// above the fold. Applies from now on, reloads included.
    pub async fn viewport(&self, width: u32, height: u32) -> anyhow::Result<()> {
        self.viewport_scaled(width, height, 1.0).await
    }

    /// [`Harness::viewport`] at a device pixel ratio of `scale` (a high-DPI screen at 2).
    pub async fn viewport_scaled(&self, width: u32, height: u32, scale: f64) -> anyhow::Result<()> {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            serde_json::json!({
                "width": width, "height": height, "deviceScaleFactor": scale, "mobile": width < 600,
            }),
        )
        .await?;
        Ok(())
    }

    /// `Performance.getMetrics` as a name → value map (enables the domain first).
    pub async fn metrics(&self) -> anyhow::Result<std::collections::HashMap<String, f64>> {
        metrics(&self.browser).await
    }
}

/// chromedriver's browser log (`POST /session/{id}/se/log`): what the console shows, including
/// messages no script sees (a CSP refusal, a failed load). Reading it empties it.
#[derive(Debug)]
pub struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/se/log",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(serde_json::json!({ "type": "browser" }).to_string()),
        )
    }
}

/// One entry of the browser log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    /// `SEVERE`, `WARNING`, `INFO`, `DEBUG`.
    pub level: String,
    pub message: String,
}

impl crate::Harness {
    /// The browser log's entries since the last call.
    pub async fn browser_log(&self) -> anyhow::Result<Vec<LogEntry>> {
        let r = self.browser.issue_cmd(BrowserLog).await?;
        Ok(r.as_array()
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .map(|e| LogEntry {
                level: e["level"].as_str().unwrap_or_default().to_string(),
                message: e["message"].as_str().unwrap_or_default().to_string(),
            })
            .collect())
    }
}
