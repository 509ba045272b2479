//! A fleet: several simulated clusters in one process, each on its own loopback port with its own
//! name, seed, size, troubles and (optionally) token, so a console watching many clusters can be
//! tested and demonstrated (`strata sim --clusters N`).
//!
//! * [`plan`]: what each cluster holds, the demo fleet and the scale fleet.
//! * [`build`]: a plan built into a cluster's world; [`kubeconfig`]: the fleet's kubeconfig;
//!   [`args`]: the `--clusters` options.
//!
//! Each cluster is a whole [`Sim`] with its own store, clock and faults: one cluster made
//! unreachable ([`Fleet::set_unreachable`]) or with expired credentials
//! ([`Fleet::set_credentials_expired`]) leaves the others live.

pub mod args;
pub mod build;
pub mod kubeconfig;
pub mod plan;

pub use args::FleetArgs;
pub use plan::{ClusterPlan, PlannedVm, SHARED_VM, demo_fleet, scale_fleet};

use crate::{Sim, SimArgs};
use std::net::SocketAddr;
use std::path::Path;
use tokio::net::TcpListener;

/// One running cluster of a fleet.
#[derive(Clone)]
pub struct FleetCluster {
    pub plan: ClusterPlan,
    pub sim: Sim,
}

impl FleetCluster {
    pub fn name(&self) -> &str {
        &self.plan.name
    }

    pub fn url(&self) -> String {
        self.sim.url()
    }

    /// The bearer token the cluster accepts (None: it accepts anonymous requests).
    pub fn token(&self) -> Option<&str> {
        self.plan.token.as_deref()
    }

    fn entry(&self) -> kubeconfig::Entry {
        kubeconfig::Entry {
            name: self.plan.name.clone(),
            server: self.url(),
            user: self.plan.user(),
            token: self.plan.token.clone(),
        }
    }
}

/// Several simulated clusters.
#[derive(Clone)]
pub struct Fleet {
    clusters: Vec<FleetCluster>,
}

fn invalid(e: String) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidInput, e)
}

impl Fleet {
    /// Starts every plan. Cluster `i` listens on `listen`'s port plus `i` (every cluster on a free
    /// port of its own when that port is 0). From `base` only the clock (`clock`, `speed`,
    /// `start`), `history` and `kubevirt_version` are read; the rest comes from the plans.
    pub async fn start(
        plans: Vec<ClusterPlan>,
        base: &SimArgs,
        listen: SocketAddr,
    ) -> std::io::Result<Fleet> {
        let mut clusters: Vec<FleetCluster> = Vec::with_capacity(plans.len());
        for (i, plan) in plans.into_iter().enumerate() {
            if clusters.iter().any(|c| c.plan.name == plan.name) {
                return Err(invalid(format!("two clusters named {:?}", plan.name)));
            }
            let mut addr = listen;
            if listen.port() != 0 {
                let port = u16::try_from(listen.port() as usize + i)
                    .map_err(|_| invalid(format!("no port for cluster {}", plan.name)))?;
                addr.set_port(port);
            }
            let listener = TcpListener::bind(addr).await.map_err(|e| {
                std::io::Error::new(e.kind(), format!("cluster {}: {addr}: {e}", plan.name))
            })?;
            let args = SimArgs {
                scenarios: "none".into(),
                vmis: 0,
                churn: 0.0,
                seed: plan.seed,
                token_policy: None,
                apiserver: None,
                ..base.clone()
            };
            let sim = Sim::start_with_policy(listener, &args, plan.policy()).await?;
            sim.with_world(|w| build::populate(w, &plan))
                .map_err(invalid)?;
            clusters.push(FleetCluster { plan, sim });
        }
        Ok(Fleet { clusters })
    }

    /// The demo fleet of `n` clusters on free loopback ports, on the clock of `base`.
    pub async fn demo(n: usize, base: &SimArgs) -> std::io::Result<Fleet> {
        let any = SocketAddr::from(([127, 0, 0, 1], 0));
        Fleet::start(demo_fleet(n, base.seed), base, any).await
    }

    pub fn clusters(&self) -> &[FleetCluster] {
        &self.clusters
    }

    /// The cluster called `name`.
    pub fn cluster(&self, name: &str) -> Option<&FleetCluster> {
        self.clusters.iter().find(|c| c.plan.name == name)
    }

    /// The simulator of the cluster called `name`.
    pub fn sim(&self, name: &str) -> Option<&Sim> {
        self.cluster(name).map(|c| &c.sim)
    }

    /// Makes the cluster `name` unreachable (its port refuses connections, open ones are cut)
    /// or reachable again. False when there is no such cluster.
    pub fn set_unreachable(&self, name: &str, unreachable: bool) -> bool {
        self.sim(name)
            .map(|s| s.set_unreachable(unreachable))
            .is_some()
    }

    /// Expires the credentials of cluster `name` (every Kubernetes API request answered 401) or
    /// renews them. False when there is no such cluster.
    pub fn set_credentials_expired(&self, name: &str, expired: bool) -> bool {
        self.sim(name)
            .map(|s| s.set_credentials_expired(expired))
            .is_some()
    }

    /// Moves every cluster's simulated time forward.
    pub fn advance(&self, secs: f64) {
        for c in &self.clusters {
            c.sim.advance(secs);
        }
    }

    /// The kubeconfig naming every cluster (see [`kubeconfig`]).
    pub fn kubeconfig(&self) -> String {
        let entries: Vec<_> = self.clusters.iter().map(FleetCluster::entry).collect();
        kubeconfig::render(&entries)
    }

    /// Writes [`Fleet::kubeconfig`] to `path` (readable by its owner only: it holds tokens).
    pub fn write_kubeconfig(&self, path: &Path) -> std::io::Result<()> {
        write_private(path, self.kubeconfig().as_bytes())
    }
}

fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut o, 0o600);
    std::io::Write::write_all(&mut o.open(path)?, bytes)
}
