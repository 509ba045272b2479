//! The fleet options of `strata sim` (`--clusters N`, `--write-kubeconfig FILE`) and how the
//! single-cluster options apply to a fleet.

use super::Fleet;
use super::plan::{ClusterPlan, PlannedVm, demo_fleet};
use crate::SimArgs;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Options for simulating several clusters.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct FleetArgs {
    /// Simulate this many clusters (`prod`, `staging`, `edge`, `prod-2` …), cluster i on the
    /// `--listen` port plus i. `--vmis` and `--churn` then apply to each cluster, `--seed` is the
    /// first cluster's, `--scenarios` other than `demo` replaces the demo troubles;
    /// `--token-policy` and `--apiserver` are not read (each cluster has its own token).
    #[arg(long, default_value_t = 0)]
    pub clusters: usize,
    /// With `--clusters`: write a kubeconfig with one context per simulated cluster (named as
    /// the cluster) to this file.
    #[arg(long, value_name = "FILE")]
    pub write_kubeconfig: Option<PathBuf>,
}

impl FleetArgs {
    /// The plans of `--clusters N` under the single-cluster options `base`.
    pub fn plans(&self, base: &SimArgs) -> Vec<ClusterPlan> {
        let names: Vec<&str> = base
            .scenarios
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != "none")
            .collect();
        let demo = names == ["demo"];
        let mut plans = demo_fleet(self.clusters, base.seed);
        for p in &mut plans {
            if !demo {
                p.demo_mix = false;
                p.lose_node = None;
                p.vms = names
                    .iter()
                    .map(|s| PlannedVm {
                        scenario: s.to_string(),
                        namespace: "default".into(),
                        name: s.to_string(),
                        node: None,
                    })
                    .collect();
            }
            if base.vmis > 0 {
                p.vmis = base.vmis;
            }
            p.churn = base.churn;
        }
        plans
    }

    /// Starts the fleet on `listen` and writes its kubeconfig when asked.
    pub async fn start(&self, base: &SimArgs, listen: SocketAddr) -> std::io::Result<Fleet> {
        let fleet = Fleet::start(self.plans(base), base, listen).await?;
        if let Some(path) = &self.write_kubeconfig {
            fleet.write_kubeconfig(path)?;
        }
        Ok(fleet)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sim_options_apply_to_every_cluster() {
        let fleet = FleetArgs {
            clusters: 4,
            write_kubeconfig: None,
        };
        let base = SimArgs {
            scenarios: "none".into(),
            vmis: 10_000,
            churn: 100.0,
            seed: 7,
            ..SimArgs::default()
        };
        let plans = fleet.plans(&base);
        let names: Vec<_> = plans.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["prod", "staging", "edge", "prod-2"]);
        assert!(plans.iter().all(|p| p.vmis == 10_000 && p.churn == 100.0));
        assert!(plans.iter().all(|p| !p.demo_mix && p.vms.is_empty()));
        assert_eq!(plans[3].seed, 10);
        let demo = fleet.plans(&SimArgs::default());
        assert!(demo[0].demo_mix && !demo[1].vms.is_empty() && demo[2].lose_node.is_some());
        assert_eq!(demo[3].vmis, 50, "a second round is bigger");
    }
}
