//! The end-to-end harness: each test gets its own simulator, backend and chromedriver on free
//! loopback ports, and a fresh headless Chromium profile.
//!
//! The frontend must be built first (`cargo xtask test` does it; by hand: `trunk build --release`).
//! Its folder is `STRATA_DIST`, else `<workspace>/dist`.

pub mod bench;
pub mod cdp;
pub mod door;
pub mod process;

use door::{DoorState, FrontDoor};

use anyhow::{Context, Result, bail};
use fantoccini::{Client, ClientBuilder, Locator};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::process::{Child, Command};

/// The workspace root.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("e2e lives in the workspace")
        .to_path_buf()
}

/// Where screenshots go: `target/e2e-screens/`.
pub fn screens_dir() -> PathBuf {
    workspace().join("target").join("e2e-screens")
}

fn dist() -> Result<PathBuf> {
    let dir = std::env::var_os("STRATA_DIST")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("dist"));
    if !dir.join("index.html").is_file() {
        bail!(
            "no built frontend in {}: run `cargo xtask build` (or `trunk build --release`) first",
            dir.display()
        );
    }
    Ok(dir)
}

/// Chromium's flags for this machine: headless, no sandbox (root), nothing that calls home.
pub fn chrome_args(profile: &Path) -> Vec<String> {
    [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=1280,860",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([format!("--user-data-dir={}", profile.display())])
    .collect()
}

/// A chromedriver process, killed with its whole process group when dropped.
struct Driver {
    child: Child,
}

impl Drop for Driver {
    fn drop(&mut self) {
        if let Some(pid) = self
            .child
            .id()
            .and_then(|p| i32::try_from(p).ok())
            .filter(|p| *p > 1)
        {
            // The group holds chromedriver and the Chromium processes it started. Signal it with
            // the system call itself: some `kill` programs misread a negative pid as -1 (every
            // process).
            // SAFETY: kill(2) with a negative pid only signals that process group.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        let _ = self.child.start_kill();
    }
}

/// Starts chromedriver on a free port; answers it with its URL.
async fn start_driver() -> Result<(Driver, String)> {
    let port = free_port().await?;
    let chromedriver =
        std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
    let child = Command::new(&chromedriver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("cannot start {chromedriver}"))?;
    Ok((Driver { child }, format!("http://127.0.0.1:{port}")))
}

/// A browser on its own (chromedriver and a session with a fresh profile, both ended when
/// dropped), for a test whose backend is a `strata` process rather than a [`Harness`]'s (see
/// [`process::demo_fleet`]).
pub struct Browser {
    pub client: Client,
    _driver: Driver,
    _profile: tempfile::TempDir,
}

impl Browser {
    pub async fn start() -> Result<Browser> {
        let (driver, url) = start_driver().await?;
        let (client, profile) = session(&url).await?;
        Ok(Browser {
            client,
            _driver: driver,
            _profile: profile,
        })
    }

    /// The browser's processes (chromedriver's process group), as [`Harness::browser_pids`].
    pub fn pids(&self) -> Vec<u32> {
        self._driver.child.id().map(group_pids).unwrap_or_default()
    }
}

/// The processes of process group `group` (chromedriver's: the browser it started).
fn group_pids(group: u32) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            // Field 5 of /proc/PID/stat is the process group; the command name before it is
            // in parentheses and may hold spaces.
            std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|st| {
                st.rsplit_once(')')
                    .and_then(|(_, rest)| rest.split_whitespace().nth(2)?.parse::<u32>().ok())
                    == Some(group)
            })
        })
        .collect()
}

/// The folder of the built frontend the tests serve (`STRATA_DIST`, else `<workspace>/dist`).
pub fn dist_dir() -> Result<PathBuf> {
    dist()
}

/// A free loopback port.
pub async fn free_port() -> Result<u16> {
    Ok(TcpListener::bind(("127.0.0.1", 0))
        .await?
        .local_addr()?
        .port())
}

/// What [`Harness::collect_cards_full`] reads from an overview card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    pub phase: String,
    pub verdict: String,
}

/// A new browser session on chromedriver `url`, with its own fresh profile (kept while the
/// returned directory lives).
async fn session(url: &str) -> Result<(Client, tempfile::TempDir)> {
    let profile = tempfile::tempdir()?;
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into()),
            "args": chrome_args(profile.path()),
        }),
    );
    // Keeps the browser's console (errors, CSP reports, failed loads) for `Harness::browser_log`.
    caps.insert(
        "goog:loggingPrefs".into(),
        serde_json::json!({ "browser": "ALL" }),
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let mut builder =
            ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new());
        builder.capabilities(caps.clone());
        match builder.connect(url).await {
            Ok(c) => return Ok((c, profile)),
            Err(e) if Instant::now() > deadline => {
                bail!("chromedriver on {url} did not start: {e}")
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

/// One test's world.
pub struct Harness {
    pub sim: sim::Sim,
    pub console: backend::run::Console,
    pub browser: Client,
    door: FrontDoor,
    /// The `strata` process serving `console.addr` after [`Harness::restart_recording`].
    process: Option<process::Serve>,
    driver_url: String,
    name: String,
    _driver: Driver,
    _profile: tempfile::TempDir,
}

impl Harness {
    /// Starts the demo simulator, the backend pointed at it, chromedriver and a browser session.
    pub async fn start(name: &str) -> Result<Harness> {
        let sim = sim::Sim::start_demo().await?;
        Self::start_with(name, sim).await
    }

    /// Like [`Harness::start`], with a simulator the test made. As in `strata demo`, the
    /// simulator's Prometheus API feeds the charts.
    pub async fn start_with(name: &str, sim: sim::Sim) -> Result<Harness> {
        Self::start_opts(name, sim, true).await
    }

    /// Like [`Harness::start_with`]; `prometheus: false` starts the backend without a
    /// Prometheus URL.
    pub async fn start_opts(name: &str, sim: sim::Sim, prometheus: bool) -> Result<Harness> {
        let client =
            backend::kube_client::connect(backend::kube_client::Source::Url(sim.url())).await?;
        let mut options = backend::run::Options::local(Some(dist()?));
        if prometheus {
            options.prometheus_url = Some(sim.url());
        }
        Self::start_console(name, sim, client, options).await
    }

    /// Like [`Harness::start_with`], recording history in `data_dir` (SQLite, as `strata serve
    /// --data-dir`).
    pub async fn start_recording(name: &str, sim: sim::Sim, data_dir: &Path) -> Result<Harness> {
        let client =
            backend::kube_client::connect(backend::kube_client::Source::Url(sim.url())).await?;
        let options = Self::recording_options(&sim, data_dir).await?;
        Self::start_console(name, sim, client, options).await
    }

    async fn recording_options(sim: &sim::Sim, data_dir: &Path) -> Result<backend::run::Options> {
        let mut options = backend::run::Options::local(Some(dist()?));
        options.prometheus_url = Some(sim.url());
        options.history =
            Some(backend::history::open_handle(None, data_dir, Default::default()).await);
        Ok(options)
    }

    /// Stops the backend (as SIGTERM does) and starts the `strata` binary (`strata serve
    /// --data-dir`, a process of its own, see [`process`]) on the same address, recording in
    /// `data_dir`: a real restart, behind the same door. Afterwards `console` is the stopped
    /// in-process backend (its address still names the server); a second restart replaces the
    /// process.
    pub async fn restart_recording(&mut self, data_dir: &Path) -> Result<()> {
        let addr = self.console.addr;
        self.console.shutdown.trigger();
        let _ = (&mut self.console.server).await;
        // Nothing of the old backend watches or records any more.
        self.console.watchers = backend::run::Watchers(Vec::new());
        self.console.history = backend::history::HistoryHandle::off("restarted as a process");
        if let Some(old) = self.process.take() {
            drop(old);
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        // The port is free again once the old server let go of it.
        loop {
            match TcpListener::bind(addr).await {
                Ok(l) => {
                    drop(l);
                    break;
                }
                Err(e) if Instant::now() > deadline => bail!("cannot listen on {addr} again: {e}"),
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        }
        self.process = Some(process::serve(&self.sim.url(), addr, &dist()?, data_dir).await?);
        Ok(())
    }

    /// Token mode (`--auth token`): the backend watches with `service_token` and each browser
    /// signs in with its own token. `sim` must have been started with a token policy.
    pub async fn start_token(name: &str, sim: sim::Sim, service_token: &str) -> Result<Harness> {
        Self::start_token_fleet(name, sim, service_token, None, Vec::new()).await
    }

    /// [`Harness::start_token`] with the first cluster called `first` and watching `others`
    /// too (`--context a --context b …`): each user signs in to each cluster with that
    /// cluster's token. Keep the other clusters running.
    pub async fn start_token_fleet(
        name: &str,
        sim: sim::Sim,
        service_token: &str,
        first: Option<&str>,
        others: Vec<backend::fleet::Spec>,
    ) -> Result<Harness> {
        let mut config = kube::Config::new(sim.url().parse()?);
        config.auth_info.token = Some(service_token.to_string().into());
        let client = kube::Client::try_from(config.clone())?;
        let options = backend::run::Options {
            auth: backend::auth::Mode::Token {
                base: Box::new(config),
                secure_cookie: false,
            },
            prometheus_url: Some(sim.url()),
            cluster: first.map(str::to_string),
            clusters: others,
            ..backend::run::Options::local(Some(dist()?))
        };
        Self::start_console(name, sim, client, options).await
    }

    async fn start_console(
        name: &str,
        sim: sim::Sim,
        client: kube::Client,
        options: backend::run::Options,
    ) -> Result<Harness> {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
        let console = backend::run::start_with(client, listener, options)?;
        let door = FrontDoor::start(console.addr).await?;

        let (driver, url) = start_driver().await?;
        let (browser, profile) = session(&url).await?;
        Ok(Harness {
            sim,
            console,
            browser,
            door,
            process: None,
            driver_url: url,
            name: name.to_string(),
            _driver: driver,
            _profile: profile,
        })
    }

    /// A second browser session with a fresh profile (nothing shared with [`Harness::browser`]:
    /// no storage, no cookies), e.g. to open a copied link as someone else would. Close it with
    /// `close()`; keep the directory alive until then.
    pub async fn fresh_session(&self) -> Result<(Client, tempfile::TempDir)> {
        session(&self.driver_url).await
    }

    /// The processes of the browser: chromedriver and the Chromium processes it started, which
    /// share chromedriver's process group.
    pub fn browser_pids(&self) -> Vec<u32> {
        self._driver.child.id().map(group_pids).unwrap_or_default()
    }

    /// The console's URL for `path` (through the front door).
    /// A running, live-migratable, unpaused VMI of the demo that is not migrating and is not
    /// `except`: `(namespace, name, node)`. Only the VMs of the simulator's `healthy` scenario
    /// (sim/src/scenarios/catalog) are taken: no scenario of their own migrates them, so a
    /// migration a test starts is the only one (a scenario VM's own next run could leave the
    /// test's migration `Pending`).
    pub fn migratable_vmi(&self, except: &str) -> (String, String, String) {
        const QUIET: [&str; 3] = ["web-frontend-1", "web-frontend-2", "api-gateway"];
        let (_, vmis) = self.sim.store().list(&sim::store::VMI, None);
        let v = vmis
            .iter()
            .filter(|v| {
                let name = v["metadata"]["name"].as_str().unwrap_or_default();
                QUIET.contains(&name) && name != except
            })
            .find(|v| {
                let conds = v["status"]["conditions"].as_array();
                v["status"]["phase"] == "Running"
                    && v["status"]["migrationState"].is_null()
                    && conds.is_some_and(|c| {
                        c.iter()
                            .any(|c| c["type"] == "LiveMigratable" && c["status"] == "True")
                            && !c
                                .iter()
                                .any(|c| c["type"] == "Paused" && c["status"] == "True")
                    })
            })
            .expect("a live-migratable VMI of the healthy scenario in the demo");
        let s = |p: &str| {
            v.pointer(p)
                .and_then(|x| x.as_str())
                .unwrap_or_default()
                .to_string()
        };
        (
            s("/metadata/namespace"),
            s("/metadata/name"),
            s("/status/nodeName"),
        )
    }

    /// Starts a migration of kind `kind` (the simulator's migration kinds) of a
    /// [`Harness::migratable_vmi`] other than `except`: `(namespace, name, migration)`.
    pub fn migrate_quiet_vmi(&self, except: &str, kind: &str) -> Result<(String, String, String)> {
        let (ns, name, _) = self.migratable_vmi(except);
        let vmim = self
            .sim
            .migrate(&ns, &name, kind)
            .map_err(anyhow::Error::msg)?;
        Ok((ns, name, vmim))
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.door.addr, path)
    }

    /// Takes the backend away from the browser: open connections (the stream too) are cut and
    /// new ones are refused, as when the backend process dies.
    pub fn backend_down(&self) {
        self.door.set(DoorState::Down);
    }

    /// Brings the backend back on the same address (also after [`Harness::freeze`]).
    pub fn backend_up(&self) {
        self.door.set(DoorState::Open);
    }

    /// A hung proxy between browser and backend: every connection, the stream's too, stays
    /// open and nothing goes through either way until [`Harness::backend_up`].
    pub fn freeze(&self) {
        self.door.set(DoorState::Frozen);
    }

    /// Waits until `css` matches an element whose text satisfies `pred`; returns that text.
    pub async fn wait_text(
        &self,
        css: &str,
        timeout: Duration,
        pred: impl Fn(&str) -> bool,
    ) -> Result<String> {
        let deadline = Instant::now() + timeout;
        let mut last = String::new();
        loop {
            if let Ok(el) = self.browser.find(Locator::Css(css)).await
                && let Ok(text) = el.text().await
            {
                if pred(&text) {
                    return Ok(text);
                }
                last = text;
            }
            if Instant::now() > deadline {
                // What the page showed instead, so a failure says why (an error box, a spinner).
                let page = match self.browser.find(Locator::Css("main")).await {
                    Ok(el) => el.text().await.unwrap_or_default(),
                    Err(_) => String::new(),
                };
                let page: String = page.chars().take(600).collect();
                bail!(
                    "`{css}` did not show the expected text within {timeout:?}; last seen: {last:?}; the page showed: {page:?}"
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Sets a form field's value as typing would (an `input` event follows), without sending
    /// thousands of key events for a long text.
    pub async fn set_value(&self, css: &str, text: &str) -> Result<()> {
        // The page may still be loading: wait for the field first.
        self.on_element(
            css,
            "el.value = arguments[1];\n\
             el.dispatchEvent(new Event('input', { bubbles: true }));",
            text,
        )
        .await
    }

    /// Signs in on the sign-in page with `token`: waits for its field, fills it, sends the form.
    pub async fn submit_token(&self, token: &str) -> Result<()> {
        self.wait_count("textarea[name=token]", Duration::from_secs(30), |n| n == 1)
            .await?;
        self.set_value("textarea[name=token]", token).await?;
        self.browser
            .find(Locator::Css("form[action='/auth/signin'] button"))
            .await?
            .click()
            .await?;
        Ok(())
    }

    /// Pastes `text` into the paste page's input and runs the analysis (the page must be open).
    pub async fn paste_and_run(&self, text: &str) -> Result<()> {
        self.set_value("[data-testid=dump-input]", text).await?;
        self.click("[data-testid=run]").await
    }

    /// Clicks the first element matching `css` once there is one, found and clicked in one step
    /// in the page (a list that re-renders between a find and a click would leave a stale
    /// element reference).
    pub async fn click(&self, css: &str) -> Result<()> {
        self.on_element(css, "el.click();", "").await
    }

    /// Once an element matches `css` (the page may still be loading), runs `js` in the page
    /// with the first one as `el` and `arg` as `arguments[1]`. The find and the act are one
    /// step in the page, retried until the element is there: a view that re-renders between
    /// a webdriver find and a script would otherwise leave nothing to act on.
    pub async fn on_element(&self, css: &str, js: &str, arg: &str) -> Result<()> {
        let timeout = Duration::from_secs(10);
        let deadline = Instant::now() + timeout;
        let script = format!(
            "const el = document.querySelector(arguments[0]);\n\
             if (!el) {{ return false; }}\n{js}\nreturn true;"
        );
        loop {
            let done = self
                .browser
                .execute(&script, vec![css.into(), arg.into()])
                .await?;
            if done.as_bool() == Some(true) {
                return Ok(());
            }
            if Instant::now() > deadline {
                bail!("no element matched `{css}` within {timeout:?}");
            }
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
    }

    /// How many pixels of the first canvas `css` matches differ from its first pixel (the
    /// chart is drawn, not blank); 0 without such a canvas.
    pub async fn inked(&self, css: &str) -> Result<u64> {
        let n = self
            .browser
            .execute(
                "const c = document.querySelector(arguments[0]); if (!c) return 0;\n\
                 const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;\n\
                 let n = 0; for (let i = 0; i < d.length; i += 4) { if (d[i] !== d[0] || d[i+1] !== d[1] || d[i+2] !== d[2]) n++; }\n\
                 return n;",
                vec![css.into()],
            )
            .await?;
        Ok(n.as_u64().unwrap_or(0))
    }

    /// How many elements match `css` now.
    pub async fn count(&self, css: &str) -> Result<usize> {
        Ok(self.browser.find_all(Locator::Css(css)).await?.len())
    }

    /// Waits until `count(css)` satisfies `pred`; returns the count.
    pub async fn wait_count(
        &self,
        css: &str,
        timeout: Duration,
        pred: impl Fn(usize) -> bool,
    ) -> Result<usize> {
        let deadline = Instant::now() + timeout;
        loop {
            let n = self.count(css).await?;
            if pred(n) {
                return Ok(n);
            }
            if Instant::now() > deadline {
                bail!("`{css}` count {n} did not reach the expected value within {timeout:?}");
            }
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
    }

    /// What the page's clipboard holds now (`error: …` when the browser refuses to read it).
    pub async fn clipboard_text(&self) -> Result<serde_json::Value> {
        Ok(self
            .browser
            .execute_async(
                "const done = arguments[arguments.length - 1]; navigator.clipboard.readText().then(done, e => done('error: ' + e));",
                vec![],
            )
            .await?)
    }

    /// Scrolls the first element matching `css` to the top of the viewport (for screenshots).
    pub async fn scroll_to(&self, css: &str) -> Result<()> {
        self.browser
            .execute(
                "const el = document.querySelector(arguments[0]); if (el) el.scrollIntoView({block: 'start'});",
                vec![css.into()],
            )
            .await?;
        Ok(())
    }

    /// Scrolls the virtualized overview list from top to bottom and returns every card seen as
    /// `key -> phase text`; ends scrolled back to the top.
    pub async fn collect_cards(&self) -> Result<std::collections::BTreeMap<String, String>> {
        Ok(self
            .collect_cards_full()
            .await?
            .into_iter()
            .map(|(k, c)| (k, c.phase))
            .collect())
    }

    /// Like [`Harness::collect_cards`], with each card's phase and verdict.
    pub async fn collect_cards_full(&self) -> Result<std::collections::BTreeMap<String, Card>> {
        let seen = self
            .browser
            .execute_async(
                "const done = arguments[arguments.length - 1]; const seen = {};\n\
                 const grab = () => document.querySelectorAll('article.vmi-card').forEach(c => {\n\
                   const p = c.querySelector('[data-testid=phase]');\n\
                   seen[c.dataset.key] = { phase: p ? p.textContent : '', verdict: c.dataset.verdict || '' }; });\n\
                 let y = 0; window.scrollTo(0, 0);\n\
                 const step = () => { grab(); if (y > document.body.scrollHeight) { window.scrollTo(0, 0); done(seen); return; }\n\
                   y += window.innerHeight / 2; window.scrollTo(0, y);\n\
                   requestAnimationFrame(() => requestAnimationFrame(step)); };\n\
                 requestAnimationFrame(step);",
                vec![],
            )
            .await?;
        Ok(seen
            .as_object()
            .map(|o| {
                o.iter()
                    .map(|(k, v)| {
                        let field = |f: &str| v[f].as_str().unwrap_or_default().to_string();
                        (
                            k.clone(),
                            Card {
                                phase: field("phase"),
                                verdict: field("verdict"),
                            },
                        )
                    })
                    .collect()
            })
            .unwrap_or_default())
    }

    /// The page's current URL.
    pub async fn current_url(&self) -> Result<String> {
        Ok(self.browser.current_url().await?.to_string())
    }

    /// Runs axe-core on the current page and returns its serious and critical violations as
    /// `"<id> (<impact>): <help> [<n> nodes]"`. axe-core is read from the file named by `AXE_JS`
    /// (`node_modules/axe-core/axe.min.js`); without it this fails: an accessibility check is
    /// never skipped silently.
    pub async fn axe_serious(&self) -> Result<Vec<String>> {
        let path = std::env::var_os("AXE_JS").context(
            "AXE_JS is not set: point it at axe-core's axe.min.js \
             (npm install axe-core@4, then AXE_JS=node_modules/axe-core/axe.min.js)",
        )?;
        let source = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read AXE_JS={}", Path::new(&path).display()))?;
        self.browser.execute(&source, vec![]).await?;
        let result = self
            .browser
            .execute_async(
                "const done = arguments[arguments.length - 1];\n\
                 axe.run(document, { resultTypes: ['violations'] })\n\
                   .then(r => done(r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length, targets: v.nodes.slice(0, 3).map(n => n.target.join(' ')) }))))\n\
                   .catch(e => done({ error: String(e) }));",
                vec![],
            )
            .await?;
        if let Some(e) = result.get("error") {
            bail!("axe-core failed: {e}");
        }
        Ok(result
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .filter(|v| matches!(v["impact"].as_str(), Some("serious" | "critical")))
            .map(|v| {
                format!(
                    "{} ({}): {} [{} nodes: {}]",
                    v["id"].as_str().unwrap_or("?"),
                    v["impact"].as_str().unwrap_or("?"),
                    v["help"].as_str().unwrap_or(""),
                    v["nodes"],
                    v["targets"]
                )
            })
            .collect())
    }

    /// Saves a screenshot as `target/e2e-screens/<test name>.png`.
    pub async fn screenshot(&self) -> Result<PathBuf> {
        let png = self.browser.screenshot().await?;
        let dir = screens_dir();
        std::fs::create_dir_all(&dir)?;
        let path = dir.join(format!("{}.png", self.name));
        std::fs::write(&path, png)?;
        Ok(path)
    }

    /// Saves an extra screenshot as `target/e2e-screens/<name>.png`.
    pub async fn screenshot_as(&self, name: &str) -> Result<PathBuf> {
        let png = self.browser.screenshot().await?;
        let dir = screens_dir();
        std::fs::create_dir_all(&dir)?;
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png)?;
        Ok(path)
    }

    /// Takes the test's screenshot and ends the browser session.
    pub async fn finish(self) -> Result<()> {
        self.screenshot().await?;
        self.browser.close().await?;
        Ok(())
    }
}
