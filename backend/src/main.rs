//! `strata`: the KubeVirt console.
//!
//! * `strata serve`: against a real cluster (kubeconfig or in-cluster).
//! * `strata demo`: against the embedded simulated cluster.
//! * `strata sim`: the simulated cluster alone (for kubectl, benchmarks, tests).

use backend::cluster::{self, Source};
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
    /// Base URL of the Prometheus HTTP API that scrapes KubeVirt (for the charts).
    #[arg(long, env = "STRATA_PROMETHEUS_URL")]
    prometheus_url: Option<String>,
    /// `local`: act as the kubeconfig / in-cluster identity. `token`: users sign in with their
    /// own bearer token and see only what they may read.
    #[arg(long, value_enum, default_value_t = AuthArg::Local, env = "STRATA_AUTH")]
    auth: AuthArg,
    /// Mark the session cookie `Secure` (set this when Strata is served over HTTPS, e.g.
    /// behind a TLS-terminating ingress).
    #[arg(long, env = "STRATA_SECURE_COOKIE")]
    secure_cookie: bool,
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
        /// kubeconfig file (default: KUBECONFIG, then ~/.kube/config, then in-cluster).
        #[arg(long)]
        kubeconfig: Option<PathBuf>,
        /// kubeconfig context to use.
        #[arg(long)]
        context: Option<String>,
    },
    /// Serve the console for the embedded simulated cluster.
    Demo {
        #[command(flatten)]
        web: WebOpts,
    },
    /// Run the simulated cluster alone.
    Sim {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8081")]
        listen: SocketAddr,
    },
}

#[tokio::main]
async fn main() -> ExitCode {
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
    TcpListener::bind(addr).await.map_err(|e| {
        anyhow::anyhow!("cannot listen on {addr}: {e} (choose another address with --listen)")
    })
}

async fn serve_console(
    client: kube::Client,
    config: kube::Config,
    web: WebOpts,
) -> anyhow::Result<ExitCode> {
    let listener = bind(web.listen).await?;
    if !web.assets.join("index.html").is_file() {
        tracing::warn!(assets = %web.assets.display(), "frontend not built; pages will answer 503");
    }
    if web.auth == AuthArg::Local && !web.listen.ip().is_loopback() {
        tracing::warn!(
            listen = %web.listen,
            "local auth on a non-loopback address: everyone who reaches it reads the cluster as \
             Strata's identity; use --auth token unless a proxy in front authenticates users"
        );
    }
    let auth = match web.auth {
        AuthArg::Local => backend::auth::Mode::Local,
        AuthArg::Token => backend::auth::Mode::Token {
            base: Box::new(config),
            secure_cookie: web.secure_cookie,
        },
    };
    let options = backend::run::Options {
        assets: Some(web.assets),
        auth,
        prometheus_url: web.prometheus_url,
    };
    let console = backend::run::start_with(client, listener, options)?;
    println!("Strata is serving on {}", console.url());
    console.server.await??;
    Ok(ExitCode::SUCCESS)
}

async fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Serve {
            web,
            kubeconfig,
            context,
        } => {
            let source = Source::Kubeconfig {
                path: kubeconfig,
                context,
            };
            let (client, config) = match cluster::connect_with_config(source).await {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("strata: {e}\n{}", e.hint());
                    return Ok(ExitCode::from(2));
                }
            };
            serve_console(client, config, web).await
        }
        Command::Demo { mut web } => {
            let sim = sim::Sim::start_demo().await?;
            tracing::info!(url = %sim.url(), "simulated cluster started");
            let (client, config) = cluster::connect_with_config(Source::Url(sim.url())).await?;
            // The simulator also answers the Prometheus query API.
            web.prometheus_url.get_or_insert_with(|| sim.url());
            serve_console(client, config, web).await
        }
        Command::Sim { listen } => {
            let sim = sim::Sim::start(bind(listen).await?, sim::scenarios::demo()).await?;
            println!("Simulated cluster on {}", sim.url());
            tokio::signal::ctrl_c().await?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
