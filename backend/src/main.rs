//! `strata`: the KubeVirt console.
//!
//! * `strata serve`: against a real cluster (kubeconfig or in-cluster), or several
//!   (`--context` repeated; see `backend::fleet`).
//! * `strata demo`: against the embedded simulated cluster (`--clusters N`: a simulated fleet).
//! * `strata sim`: the simulated cluster alone (for kubectl, benchmarks, tests).
//! * `strata history NAMESPACE/NAME`: a VMI's recorded timeline, from the data directory.
//! * `strata mcp`: a read-only Model Context Protocol server on stdio (`backend::mcp`).

use backend::fleet::connect::Connected;
use backend::kube_client::{self, Source};
use clap::{Parser, Subcommand};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use tokio::net::TcpListener;

#[derive(Parser)]
#[command(
    name = "strata",
    version,
    about = "A web console that tells which layer of a KubeVirt VM is broken"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Args)]
struct WebOpts {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080", env = "STRATA_LISTEN")]
    listen: SocketAddr,
    /// The frontend built by Trunk.
    #[arg(long, default_value = "dist", env = "STRATA_ASSETS")]
    assets: PathBuf,
    /// Base URL of the Prometheus HTTP API that scrapes KubeVirt (for the charts). Repeatable
    /// with several clusters: one per cluster, in the order of the contexts (an empty value
    /// skips a cluster); see `backend::fleet::upstreams`.
    #[arg(
        long,
        value_name = "URL",
        env = "STRATA_PROMETHEUS_URL",
        value_delimiter = ','
    )]
    prometheus_url: Vec<String>,
    /// Base URL of Alertmanager (its API v2) to read KubeVirt's alerts from; without it they
    /// are read from --prometheus-url's `/api/v1/alerts`. Repeatable like --prometheus-url.
    #[arg(
        long,
        value_name = "URL",
        env = "STRATA_ALERTMANAGER_URL",
        value_delimiter = ','
    )]
    alertmanager_url: Vec<String>,
    /// `local`: act as the kubeconfig / in-cluster identity. `token`: users sign in with their
    /// own bearer token and see only what they may read.
    #[arg(long, value_enum, default_value_t = AuthArg::Local, env = "STRATA_AUTH")]
    auth: AuthArg,
    #[command(flatten)]
    history: backend::history::cli::HistoryArgs,
    /// A host name (or `name:port`, or `*.suffix`) the console answers to besides localhost,
    /// 127.0.0.0/8, ::1 and the listen address; repeatable. Other `Host`s get 403 (DNS
    /// rebinding). In token mode, naming any turns the check on.
    #[arg(
        long = "allowed-host",
        value_name = "HOST",
        env = "STRATA_ALLOWED_HOSTS",
        value_delimiter = ','
    )]
    allowed_hosts: Vec<String>,
    /// Serve the read-only Kubernetes API proxy under /k8s/ (off by default; the web pages
    /// never use it).
    #[arg(long, env = "STRATA_ENABLE_K8S_PROXY")]
    enable_k8s_proxy: bool,
    /// Allow `--auth local` on a non-loopback address: everyone who reaches it reads the
    /// cluster as Strata's identity. Only behind a proxy that authenticates every user.
    #[arg(long)]
    unsafe_shared_local: bool,
    /// Also serve /healthz, /readyz and /metrics, without a session, on this address (for
    /// probes and Prometheus; keep it off the Ingress).
    #[arg(long, env = "STRATA_METRICS_LISTEN")]
    metrics_listen: Option<SocketAddr>,
    /// Open connections at most.
    #[arg(long, default_value_t = backend::serve::Limits::default().max_connections)]
    max_connections: usize,
    /// Open connections at most per client address (an IPv6 address counts by its /64);
    /// further ones are closed at once. Trusted proxies are exempt.
    #[arg(long, default_value_t = backend::serve::Limits::default().max_connections_per_address)]
    max_connections_per_address: usize,
    /// A proxy (CIDR or address) whose forwarding header names the client, e.g. the ingress
    /// controller's pods; repeatable. The client is the rightmost hop not itself trusted; other
    /// peers are the client whatever they send.
    #[arg(
        long = "trusted-proxy",
        value_name = "CIDR",
        env = "STRATA_TRUSTED_PROXIES",
        value_delimiter = ',',
        value_parser = backend::listener::client::parse_net
    )]
    trusted_proxies: Vec<ipnet::IpNet>,
    /// The header trusted proxies keep: `x-forwarded-for` or RFC 7239 `forwarded`. Name the one
    /// your proxy writes: the other passes through from the client unchecked.
    #[arg(long, value_enum, default_value_t, env = "STRATA_TRUSTED_PROXY_HEADER")]
    trusted_proxy_header: backend::listener::client::ForwardedHeader,
    /// Push streams at most per signed-in user, or per non-loopback client address.
    #[arg(long, default_value_t = backend::serve::Limits::default().max_streams_per_client)]
    max_streams_per_client: usize,
    /// Token mode on plain HTTP: a `strata_session` cookie without `Secure` (and no HSTS)
    /// instead of `__Host-strata_session; Secure`. Refused unless --listen is a loopback
    /// address; browsers reach it only as http://127.0.0.1 or http://localhost.
    #[arg(long, env = "STRATA_INSECURE_COOKIE")]
    insecure_cookie: bool,
    /// No effect: the session cookie is `Secure` by default.
    #[arg(long = "secure-cookie", hide = true)]
    _secure_cookie: bool,
}

impl WebOpts {
    /// Local mode on a non-loopback address is refused unless `--unsafe-shared-local`.
    fn check(&self) -> anyhow::Result<()> {
        if self.auth == AuthArg::Local && !self.listen.ip().is_loopback() {
            if !self.unsafe_shared_local {
                anyhow::bail!(
                    "refusing --auth local on {}: everyone who reaches a non-loopback address \
                     would read the cluster with Strata's own credentials, unauthenticated (the \
                     CVE-2018-18264 Kubernetes Dashboard pattern). Listen on 127.0.0.1 and use \
                     `kubectl port-forward` (deploy/single-user.yaml), use --auth token, or, \
                     only behind a proxy that authenticates every user, pass \
                     --unsafe-shared-local.",
                    self.listen
                );
            }
            tracing::warn!(
                listen = %self.listen,
                "--unsafe-shared-local: everyone who reaches this address reads the cluster as \
                 Strata's identity"
            );
        }
        Ok(())
    }
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum AuthArg {
    Local,
    Token,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the console for a real cluster.
    Serve {
        #[command(flatten)]
        web: WebOpts,
        /// kubeconfig file (default: KUBECONFIG, then ~/.kube/config, then in-cluster);
        /// repeatable: the files are merged as kubectl merges KUBECONFIG (the first to name a
        /// cluster, user or context wins) and each --context is looked up across them.
        #[arg(long, value_name = "FILE")]
        kubeconfig: Vec<PathBuf>,
        /// kubeconfig context to use; repeatable: one cluster per context, the first one's VMIs
        /// on every page for now, every cluster on /api/v1/clusters.
        #[arg(long, value_name = "CONTEXT")]
        context: Vec<String>,
        /// The name a cluster goes by (default: its context). Repeatable: one per --context, in
        /// the same order; without --context, one names the current context's cluster.
        #[arg(long, value_name = "NAME")]
        cluster_name: Vec<String>,
    },
    /// Serve the console for the embedded simulated cluster.
    Demo {
        #[command(flatten)]
        web: WebOpts,
        /// Simulate this many clusters (`prod`, `staging`, `edge`, `prod-2` …, each of its own
        /// size and troubles), one context each; without it, one cluster named `demo`.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=30))]
        clusters: Option<u16>,
    },
    /// Diagnose a dump (`kubectl get vmi,vmim,pod -o yaml`, JSON, a List, or a pasted status),
    /// or a folder tree (an export of YAML files, a KubeVirt must-gather, a Harvester support
    /// bundle). Exit code 0: nothing broken; 1: a layer is broken; 2: the input cannot be read.
    Diagnose {
        /// The file or folder to read; `-` or nothing reads standard input.
        file: Option<PathBuf>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Judge ages against this time (RFC 3339) instead of the newest time in the input.
        #[arg(long)]
        now: Option<String>,
    },
    /// Print a VMI's recorded timeline (verdicts, phases, events, migrations) from the data
    /// directory, with no server running. Exit code 2 when there is no history to read.
    History {
        /// NAMESPACE/NAME of the VMI.
        vmi: String,
        /// The cluster of a fleet the VMI is in, by the name the console gave it (its context
        /// or --cluster-name); without it, the first cluster's (or a one-cluster console's).
        #[arg(long)]
        cluster: Option<String>,
        /// How far back, e.g. 24h, 7d.
        #[arg(long, default_value = backend::history::cli::SINCE, value_parser = backend::history::cli::parse_duration)]
        since: std::time::Duration,
        /// Print JSON (the shape of GET /api/v1/vmis/{ns}/{name}/history).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        history: backend::history::cli::HistoryArgs,
    },
    /// Write a VMI's incident file: one self-contained HTML page (its diagnosis, evidence and
    /// next steps; opens offline) from the recorded history, with no server running. Exit code
    /// 2 when nothing was recorded for it.
    Snapshot {
        /// NAMESPACE/NAME of the VMI.
        vmi: String,
        /// The cluster of a fleet the VMI is in, by the name the console gave it (its context
        /// or --cluster-name); without it, the first cluster's (or a one-cluster console's).
        #[arg(long)]
        cluster: Option<String>,
        /// The moment (RFC 3339); the newest recording without it.
        #[arg(long)]
        at: Option<String>,
        /// Replace names, IP and MAC addresses by placeholders (secrets are always left out).
        #[arg(long)]
        redact: bool,
        /// The file to write; standard output without it.
        #[arg(short = 'o', long)]
        output: Option<PathBuf>,
        #[command(flatten)]
        history: backend::history::cli::HistoryArgs,
    },
    /// A read-only Model Context Protocol server on standard input and output, for assistants:
    /// the VMIs, a VMI's diagnosis and history, a node's drain impact (from the cluster or a
    /// running console), and a pasted dump's diagnosis and explanations (no cluster needed).
    Mcp {
        #[command(flatten)]
        args: backend::mcp::McpArgs,
    },
    /// Run the simulated cluster alone.
    Sim {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8081")]
        listen: SocketAddr,
        #[command(flatten)]
        args: sim::SimArgs,
        #[command(flatten)]
        fleet: sim::fleet::FleetArgs,
    },
}

fn main() -> ExitCode {
    // Before the runtime starts its threads (see `backend::memory`).
    backend::memory::tune();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("strata: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let code = runtime.block_on(start());
    // Tasks still running (connections past the shutdown grace) do not hold the exit.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    code
}

async fn start() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    match run(Cli::parse()).await {
        Ok(code) => code,
        Err(e) => {
            eprintln!("strata: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn bind(addr: SocketAddr) -> anyhow::Result<TcpListener> {
    backend::listener::bind::bind(addr).map_err(|e| {
        anyhow::anyhow!("cannot listen on {addr}: {e} (choose another address with --listen)")
    })
}

/// Serves the console for `clusters` (the first one on every page; see `backend::fleet`).
async fn serve_console(
    clusters: Vec<Connected>,
    web: WebOpts,
    demo: bool,
) -> anyhow::Result<ExitCode> {
    let mut upstreams = backend::fleet::upstreams::pair(
        clusters.len(),
        &web.prometheus_url,
        &web.alertmanager_url,
    )?
    .into_iter();
    let mut clusters = clusters.into_iter();
    let (Some(first), Some(first_upstreams)) = (clusters.next(), upstreams.next()) else {
        anyhow::bail!("no cluster to watch");
    };
    let others: Vec<_> = clusters
        .zip(upstreams)
        .map(|(c, upstreams)| backend::fleet::Spec {
            upstreams,
            ..c.spec()
        })
        .collect();
    // What an incident file names as its cluster: its context (or --cluster-name), else the API
    // server's host.
    let cluster = first.name;
    let (client, config) = (first.client, first.config);
    let listener = bind(web.listen).await?;
    if !web.assets.join("index.html").is_file() {
        tracing::warn!(assets = %web.assets.display(), "frontend not built; pages will answer 503");
    }
    if web.insecure_cookie && !web.listen.ip().is_loopback() {
        anyhow::bail!("--insecure-cookie is for plain HTTP on a loopback address only");
    }
    let auth = match web.auth {
        AuthArg::Local => backend::auth::Mode::Local,
        AuthArg::Token => backend::auth::Mode::Token {
            base: Box::new(config),
            secure_cookie: !web.insecure_cookie,
        },
    };
    // The guard keeps a demo's temporary data directory until the server ends.
    let (history, _data_dir) = web.history.open(demo).await;
    let options = backend::run::Options {
        assets: Some(web.assets),
        auth,
        prometheus_url: first_upstreams.prometheus_url,
        alertmanager_url: first_upstreams.alertmanager_url,
        alerts_poll: backend::alerts::poll::POLL,
        history: Some(history),
        k8s_proxy: web.enable_k8s_proxy,
        allowed_hosts: web.allowed_hosts,
        limits: backend::serve::Limits {
            max_connections: web.max_connections,
            max_connections_per_address: web.max_connections_per_address,
            max_streams_per_client: web.max_streams_per_client,
            ..Default::default()
        },
        trusted_proxies: backend::listener::client::TrustedProxies::new(
            web.trusted_proxies,
            web.trusted_proxy_header,
        ),
        metrics_listen: web.metrics_listen,
        cluster: Some(cluster),
        server: Some(first.server),
        clusters: others,
    };
    let console = backend::run::start_with(client, listener, options)?;
    console.shutdown.on_signals();
    println!("Strata is serving on {}", console.url());
    console.server.await??;
    Ok(ExitCode::SUCCESS)
}

/// `strata diagnose`: only I/O here; the report comes from `model::cli`.
fn diagnose(file: Option<PathBuf>, json: bool, now: Option<String>) -> ExitCode {
    use std::io::Read;
    let fail = |msg: String| {
        eprintln!("strata diagnose: {msg}");
        ExitCode::from(2)
    };
    let now = match now.as_deref().map(model::time::Timestamp::parse) {
        None => None,
        Some(Some(t)) => Some(t),
        Some(None) => {
            return fail("--now expects an RFC 3339 time such as 2026-01-02T03:04:05Z".into());
        }
    };
    if let Some(dir) = file.as_ref().filter(|p| p.is_dir()) {
        return match backend::diagnose_dir::diagnose_dir(dir, json, now) {
            Ok(outcome) => print_outcome(outcome, json),
            Err(e) => fail(e.to_string()),
        };
    }
    let mut bytes = Vec::new();
    let read = match &file {
        Some(path) if path.as_os_str() != "-" => {
            std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes))
        }
        _ => std::io::stdin().read_to_end(&mut bytes),
    };
    let name = file
        .as_ref()
        .map_or("standard input".to_string(), |p| p.display().to_string());
    if let Err(e) = read {
        return fail(format!("cannot read {name}: {e}"));
    }
    let Ok(input) = String::from_utf8(bytes) else {
        return fail(format!(
            "{name} is not UTF-8 text; expected Kubernetes YAML or JSON"
        ));
    };
    let outcome = model::cli::diagnose_text(&input, &model::cli::CliOptions { json, now });
    print_outcome(outcome, json)
}

/// Prints a diagnosis (an unreadable input's text on standard error) and gives its exit code.
fn print_outcome(outcome: model::cli::DiagnoseOutcome, json: bool) -> ExitCode {
    if outcome.exit_code == 2 && !json {
        eprint!("{}", outcome.output);
    } else {
        print!("{}", outcome.output);
    }
    ExitCode::from(u8::try_from(outcome.exit_code).unwrap_or(2))
}

async fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    if let Command::Serve { web, .. } | Command::Demo { web, .. } = &cli.command {
        web.check()?;
    }
    match cli.command {
        Command::Diagnose { file, json, now } => Ok(diagnose(file, json, now)),
        Command::History {
            vmi,
            cluster,
            since,
            json,
            history,
        } => Ok(
            match backend::history::cli::print(&vmi, cluster.as_deref(), since, json, &history)
                .await
            {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("strata history: {e}");
                    ExitCode::from(2)
                }
            },
        ),
        Command::Snapshot {
            vmi,
            cluster,
            at,
            redact,
            output,
            history,
        } => Ok(
            match backend::history::cli::snapshot(
                &vmi,
                cluster.as_deref(),
                at.as_deref(),
                redact,
                output.as_deref(),
                &history,
            )
            .await
            {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("strata snapshot: {e}");
                    ExitCode::from(2)
                }
            },
        ),
        Command::Serve {
            web,
            kubeconfig,
            context,
            cluster_name,
        } => {
            let named = match backend::fleet::names::pair(&context, &cluster_name) {
                Ok(n) => n,
                Err(e) => {
                    eprintln!("strata: {e}");
                    return Ok(ExitCode::from(2));
                }
            };
            // Checked before connecting: a URL for a cluster not watched is refused at once.
            let ups = backend::fleet::upstreams::pair(
                named.len(),
                &web.prometheus_url,
                &web.alertmanager_url,
            );
            if let Err(e) = ups {
                eprintln!("strata: {e}");
                return Ok(ExitCode::from(2));
            }
            let clusters = match backend::fleet::connect::connect(&kubeconfig, named).await {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("strata: {e}\n{}", e.hint());
                    return Ok(ExitCode::from(2));
                }
            };
            serve_console(clusters, web, false).await
        }
        Command::Demo { mut web, clusters } => {
            let Some(n) = clusters else {
                let sim = sim::Sim::start_demo().await?;
                tracing::info!(url = %sim.url(), "simulated cluster started");
                let (client, config) =
                    kube_client::connect_with_config(Source::Url(sim.url())).await?;
                // The simulator also answers the Prometheus query API.
                if web.prometheus_url.is_empty() {
                    web.prometheus_url.push(sim.url());
                }
                let server = backend::fleet::cluster::server_url(&config.cluster_url);
                let demo = Connected {
                    name: "demo".into(),
                    server,
                    client,
                    config,
                };
                return serve_console(vec![demo], web, true).await;
            };
            let fleet = sim::fleet::Fleet::demo(n.into(), &sim::SimArgs::default()).await?;
            let names: Vec<String> = fleet
                .clusters()
                .iter()
                .map(|c| c.name().to_string())
                .collect();
            for c in fleet.clusters() {
                tracing::info!(cluster = c.name(), url = %c.url(), "simulated cluster started");
            }
            // Each cluster's simulator also answers the Prometheus query API (its charts and
            // alerts), unless --prometheus-url names that cluster's.
            for (i, c) in fleet.clusters().iter().enumerate() {
                if web.prometheus_url.len() <= i {
                    web.prometheus_url.push(c.url());
                }
            }
            let clusters = backend::fleet::connect::from_text(&fleet.kubeconfig(), &names)
                .await
                .map_err(|e| anyhow::anyhow!("the simulated fleet's kubeconfig: {e}"))?;
            serve_console(clusters, web, true).await
        }
        Command::Mcp { args } => {
            backend::mcp::run(args).await?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Sim {
            listen,
            args,
            fleet,
        } if fleet.clusters > 0 => {
            for c in fleet.start(&args, listen).await?.clusters() {
                println!("Simulated cluster {} on {}", c.name(), c.url());
            }
            tokio::signal::ctrl_c().await?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Sim { listen, args, .. } => {
            let sim = sim::Sim::start_with(bind(listen).await?, &args).await?;
            println!("Simulated cluster on {}", sim.url());
            tokio::signal::ctrl_c().await?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
