//! Bytes: the first load of the console (compressed, as transferred) and Strata's data next to
//! what kubectl and a raw watch move for the same cluster.

use super::{Budget, Figure, Settings};
use anyhow::{Context, Result, bail};
use futures::StreamExt;
use std::time::Duration;

/// A simulator with the demo mix and a console on it, in this process.
pub struct Stack {
    pub sim: sim::Sim,
    pub console: backend::run::Console,
}

impl Stack {
    pub async fn demo(s: &Settings) -> Result<Stack> {
        let sim = sim::Sim::start_demo().await?;
        let client =
            backend::kube_client::connect(backend::kube_client::Source::Url(sim.url())).await?;
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
        let console = backend::run::start(client, listener, Some(s.dist.clone()))?;
        // Wait for the caches.
        for _ in 0..200 {
            if console.store.synced() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        Ok(Stack { sim, console })
    }
}

fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .expect("http client")
}

/// Every `/path/name.(js|wasm|css)` the page references, quoted or not (a minified page drops
/// the quotes), each once.
pub fn asset_paths(html: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut from = 0;
    while let Some(i) = html[from..].find('/').map(|i| from + i) {
        let rest = &html[i..];
        let end = rest
            .find(|c: char| c == '"' || c == '\'' || c.is_whitespace() || c == '>')
            .unwrap_or(rest.len());
        let path = &rest[..end];
        let ok_chars = path[1..]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c))
            && !path.contains("//");
        if ok_chars && [".js", ".wasm", ".css"].iter().any(|e| path.ends_with(e)) {
            if !out.iter().any(|p| p == path) {
                out.push(path.to_string());
            }
            // Not again as the tail of itself (`/inline0.js` of `/snippets/x/inline0.js`).
            from = i + end;
        } else {
            from = i + 1;
        }
    }
    out
}

async fn get_bytes(
    client: &reqwest::Client,
    url: &str,
    encoding: &str,
) -> Result<(usize, Option<String>)> {
    let res = client
        .get(url)
        .header("accept-encoding", encoding)
        .send()
        .await?;
    if !res.status().is_success() {
        bail!("{url}: HTTP {}", res.status());
    }
    let enc = res
        .headers()
        .get("content-encoding")
        .and_then(|v| v.to_str().ok())
        .map(String::from);
    Ok((res.bytes().await?.len(), enc))
}

/// Item 1: bytes transferred for the first load (HTML + wasm + JS + CSS), as a browser that
/// accepts brotli gets them.
pub async fn first_load(s: &Settings, stack: &Stack) -> Result<Vec<Figure>> {
    let client = http();
    let base = stack.console.url();
    let html = client.get(format!("{base}/")).send().await?.text().await?;
    let assets = asset_paths(&html);
    if !assets.iter().any(|a| a.ends_with(".wasm")) {
        bail!(
            "index.html references no wasm: is {} a Trunk build?",
            s.dist.display()
        );
    }
    let (mut br_total, _) = get_bytes(&client, &format!("{base}/"), "br, gzip").await?;
    let (mut raw_total, _) = get_bytes(&client, &format!("{base}/"), "identity").await?;
    let mut encodings = Vec::new();
    for a in &assets {
        let (br, enc) = get_bytes(&client, &format!("{base}{a}"), "br, gzip").await?;
        let (raw, _) = get_bytes(&client, &format!("{base}{a}"), "identity").await?;
        br_total += br;
        raw_total += raw;
        encodings.push(format!(
            "{} {}",
            a.rsplit('.').next().unwrap_or(""),
            enc.unwrap_or_else(|| "identity".into())
        ));
    }
    Ok(vec![
        Figure::new(
            "first_load_br",
            "First load, transferred (brotli)",
            br_total as f64,
            "bytes",
        )
        .budget(Budget::AtMost(300.0 * 1024.0))
        .note(format!(
            "index.html + {} assets over HTTP with Accept-Encoding: br ({})",
            assets.len(),
            encodings.join(", ")
        )),
        Figure::new(
            "first_load_raw",
            "First load, uncompressed",
            raw_total as f64,
            "bytes",
        )
        .note("the same files with Accept-Encoding: identity"),
    ])
}

fn kubeconfig(dir: &std::path::Path, url: &str) -> Result<std::path::PathBuf> {
    let path = dir.join("kubeconfig");
    std::fs::write(
        &path,
        format!(
            "apiVersion: v1\nkind: Config\nclusters:\n- name: sim\n  cluster:\n    server: {url}\n\
             contexts:\n- name: sim\n  context:\n    cluster: sim\n    user: sim\n\
             users:\n- name: sim\n  user: {{}}\ncurrent-context: sim\n"
        ),
    )?;
    Ok(path)
}

/// A kubeconfig for `url` in a fresh temporary folder.
pub fn temp_kubeconfig(url: &str) -> Result<(tempfile::TempDir, std::path::PathBuf)> {
    let dir = tempfile::tempdir()?;
    let path = kubeconfig(dir.path(), url)?;
    Ok((dir, path))
}

/// Item 7: the overview's data vs `kubectl get vmi -A -o json`; one change on the stream vs one
/// raw watch event.
pub async fn side_by_side(stack: &Stack) -> Result<Vec<Figure>> {
    let client = http();
    let (_dir, kc) = temp_kubeconfig(&stack.sim.url())?;
    let out = tokio::process::Command::new("kubectl")
        .args([
            "--kubeconfig",
            kc.to_str().unwrap_or_default(),
            "get",
            "vmi",
            "-A",
            "-o",
            "json",
        ])
        .output()
        .await
        .context("running kubectl")?;
    if !out.status.success() {
        bail!(
            "kubectl get vmi -A -o json failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let kubectl_bytes = out.stdout.len();
    let vmis: serde_json::Value = serde_json::from_slice(&out.stdout)?;
    let count = vmis["items"].as_array().map_or(0, |a| a.len());
    let base = stack.console.url();
    let (ours, _) = get_bytes(&client, &format!("{base}/api/v1/vmis"), "identity").await?;
    let (ours_br, _) = get_bytes(&client, &format!("{base}/api/v1/vmis"), "br").await?;

    // One change, seen by a raw watch and by the browser stream.
    let rv = stack.sim.store().resource_version();
    let mut watch = client
        .get(format!(
            "{}/apis/kubevirt.io/v1/virtualmachineinstances?watch=true&resourceVersion={rv}",
            stack.sim.url()
        ))
        .send()
        .await?
        .bytes_stream();
    let mut sse = client
        .get(format!("{base}/api/v1/stream"))
        .send()
        .await?
        .bytes_stream();
    // The stream starts with a snapshot: read past it.
    let mut buf = Vec::new();
    while !String::from_utf8_lossy(&buf).contains("\n\n") {
        buf.extend_from_slice(&sse.next().await.context("stream ended")??);
    }
    let (_, items) = stack.sim.store().list(&sim::store::VMI, None);
    let target = items.first().context("no VMI")?;
    let (ns, name) = (
        target["metadata"]["namespace"].as_str().unwrap_or(""),
        target["metadata"]["name"].as_str().unwrap_or(""),
    );
    stack.sim.set_vmi_phase(ns, name, "Bench-Changed");
    let raw = tokio::time::timeout(Duration::from_secs(10), async {
        let mut b = Vec::new();
        while !b.contains(&b'\n') {
            b.extend_from_slice(&watch.next().await.context("watch ended")??);
        }
        anyhow::Ok(b.iter().position(|c| *c == b'\n').unwrap_or(b.len()) + 1)
    })
    .await??;
    let ours_change = tokio::time::timeout(Duration::from_secs(10), async {
        let mut b = Vec::new();
        loop {
            let text = String::from_utf8_lossy(&b).into_owned();
            if let Some(pos) = text.find("\n\n") {
                if text[..pos].contains("Bench-Changed") {
                    return anyhow::Ok(pos + 2);
                }
                b.drain(..pos + 2);
                continue;
            }
            b.extend_from_slice(&sse.next().await.context("stream ended")??);
        }
    })
    .await??;
    Ok(vec![
        Figure::new(
            "list_kubectl",
            "VMI list: kubectl get vmi -A -o json",
            kubectl_bytes as f64,
            "bytes",
        )
        .note(format!("{count} VMIs, the raw objects")),
        Figure::new(
            "list_strata",
            "VMI list: Strata's overview data",
            ours as f64,
            "bytes",
        )
        .note(format!(
            "GET /api/v1/vmis, identity; {ours_br} bytes with brotli"
        )),
        Figure::new(
            "change_raw_watch",
            "One change: raw watch event",
            raw as f64,
            "bytes",
        )
        .note("one MODIFIED line of a kubectl-style watch"),
        Figure::new(
            "change_strata",
            "One change: Strata stream message",
            ours_change as f64,
            "bytes",
        )
        .note("one SSE upsert (id, event, data)"),
    ])
}

#[cfg(test)]
mod tests {
    #[test]
    fn finds_trunk_asset_references() {
        let html = r#"<link rel="modulepreload" href="/frontend-ab12.js"><link rel="preload" href="/frontend-ab12_bg.wasm" as="fetch">
<link rel="stylesheet" href="/strata-9f.css"><script type="module">import init from '/frontend-ab12.js';init({ module_or_path: '/frontend-ab12_bg.wasm' });</script>
<link crossorigin href=/snippets/frontend-cd34/inline0.js rel=modulepreload></head>"#;
        assert_eq!(
            super::asset_paths(html),
            [
                "/frontend-ab12.js",
                "/frontend-ab12_bg.wasm",
                "/strata-9f.css",
                "/snippets/frontend-cd34/inline0.js"
            ]
        );
    }
}
