//! `strata mcp`: a read-only Model Context Protocol server over stdio, so an assistant can ask
//! Strata what it tells a person: which VMIs are broken and in which layer, one VMI's diagnosis
//! with its evidence, its verdict changes, what draining a node does, what a pasted dump or a
//! KubeVirt value means.
//!
//! * [`protocol`]: JSON-RPC 2.0 and MCP's methods (lifecycle and tools only).
//! * [`transport`]: newline-delimited messages on standard input and output, bounded.
//! * [`tools`]: the tools' list and dispatch; [`offline`]: the two that need no cluster;
//!   [`cluster`]: the four that read a console; [`client`]: that console's JSON API.
//!
//! The cluster is read through a console's API either way: `--server URL` reads a running one
//! (as its caller: `STRATA_TOKEN` in token mode, [`tokens`]); otherwise this process starts its own on a
//! loopback port (local auth, as `strata serve`'s default) from the kubeconfig (`--context`) or,
//! with `--demo`, the simulated cluster. No diagnosis is made here: the console's answers come
//! from `model`, and so do the offline tools'.

pub mod client;
pub mod cluster;
pub mod offline;
pub mod outcome;
pub mod protocol;
pub mod tokens;
pub mod tools;
pub mod transport;

use crate::kube_client::{self, Source};
use client::Console;
use std::path::PathBuf;

/// `strata mcp`'s options.
#[derive(clap::Args)]
pub struct McpArgs {
    /// Read a running console at this URL (`http(s)://HOST[:PORT]`) instead of the cluster. In
    /// token mode, the token is read from the STRATA_TOKEN environment variable (never a flag);
    /// a fleet console's other clusters' from STRATA_TOKEN_<CLUSTER NAME> each.
    #[arg(long, env = "STRATA_SERVER", conflicts_with_all = ["kubeconfig", "context", "demo"])]
    pub server: Option<String>,
    /// kubeconfig file (default: KUBECONFIG, then ~/.kube/config, then in-cluster).
    #[arg(long)]
    pub kubeconfig: Option<PathBuf>,
    /// kubeconfig context to use.
    #[arg(long)]
    pub context: Option<String>,
    /// Read the embedded simulated cluster (to try it out).
    #[arg(long, conflicts_with_all = ["kubeconfig", "context"])]
    pub demo: bool,
    #[command(flatten)]
    pub history: crate::history::cli::HistoryArgs,
}

/// What keeps a console started here running.
#[derive(Default)]
pub struct Held {
    _sim: Option<sim::Sim>,
    _console: Option<crate::run::Console>,
    _data_dir: Option<tempfile::TempDir>,
}

/// Serves MCP on standard input and output until the input ends.
pub async fn run(args: McpArgs) -> anyhow::Result<()> {
    let (console, _held) = match connect(&args).await {
        Ok((c, h)) => (Ok(c), h),
        Err(e) => {
            tracing::warn!("no cluster, only diagnose_dump and explain answer: {e:#}");
            (Err(format!("{e:#}")), Held::default())
        }
    };
    let tools = tools::Tools { console };
    let stdin = tokio::io::BufReader::new(tokio::io::stdin());
    transport::serve(&tools, stdin, tokio::io::stdout()).await?;
    Ok(())
}

async fn connect(args: &McpArgs) -> anyhow::Result<(Console, Held)> {
    if let Some(url) = &args.server {
        // `vars_os`: a variable that is not UTF-8 (none of ours) must not stop the reading.
        let vars = std::env::vars_os()
            .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)));
        let tokens = tokens::Tokens::from_vars(vars)?;
        let name = reqwest::Url::parse(url)
            .ok()
            .and_then(|u| u.host_str().map(str::to_string))
            .unwrap_or_default();
        return Ok((Console::new(url, name, tokens)?, Held::default()));
    }
    let mut held = Held::default();
    // The simulator also answers Prometheus's API (its alerts).
    let mut prometheus_url = None;
    let (source, name) = if args.demo {
        let sim = sim::Sim::start_demo().await?;
        let url = sim.url();
        prometheus_url = Some(url.clone());
        held._sim = Some(sim);
        (Source::Url(url), "demo".to_string())
    } else {
        let name = args.context.clone().unwrap_or_else(|| "default".into());
        let source = Source::Kubeconfig {
            path: args.kubeconfig.clone(),
            context: args.context.clone(),
        };
        (source, name)
    };
    let (client, _config) = kube_client::connect_with_config(source)
        .await
        .map_err(|e| anyhow::anyhow!("{e} ({})", e.hint()))?;
    let (history, data_dir) = args.history.open(args.demo).await;
    held._data_dir = data_dir;
    let listener = crate::listener::bind::bind(std::net::SocketAddr::from(([127, 0, 0, 1], 0)))?;
    let options = crate::run::Options {
        history: Some(history),
        prometheus_url,
        ..crate::run::Options::local(None)
    };
    let started = crate::run::start_with(client, listener, options)?;
    let mut console = Console::new(&started.url(), name, tokens::Tokens::default())?;
    console.in_process = true;
    held._console = Some(started);
    Ok((console, held))
}
