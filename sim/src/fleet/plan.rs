//! What each cluster of a fleet holds: its name, seed, size, troubles and credentials, and the
//! demo fleet (`prod`, `staging`, `edge`, then the same kinds again with other seeds and sizes).

use crate::auth::{Policy, Rule, User};

/// A VM every cluster of the demo fleet holds under the same namespace and name, each a different
/// object (its own UID, node and state): a console that mixes clusters up shows it.
pub const SHARED_VM: (&str, &str) = ("infra", "bastion");

/// One VM playing a named scenario (see [`crate::scenarios::SCENARIOS`]).
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedVm {
    pub scenario: String,
    pub namespace: String,
    pub name: String,
    /// `None`: a schedulable node picked with the cluster's seed.
    pub node: Option<String>,
}

fn vm(scenario: &str, namespace: &str, name: &str, node: Option<&str>) -> PlannedVm {
    PlannedVm {
        scenario: scenario.into(),
        namespace: namespace.into(),
        name: name.into(),
        node: node.map(str::to_string),
    }
}

/// One simulated cluster of a fleet.
#[derive(Debug, Clone, PartialEq)]
pub struct ClusterPlan {
    /// The cluster's (and its kubeconfig context's) name.
    pub name: String,
    pub seed: u64,
    /// The full demo mix on the demo nodes (every scenario; a node drained, one lost).
    pub demo_mix: bool,
    /// Worker nodes when there is no demo mix (`worker-1` …), next to one control-plane node.
    pub workers: usize,
    /// Named VMs, after the demo mix.
    pub vms: Vec<PlannedVm>,
    /// Scale VMs (as `--vmis`) and their status changes per simulated second (as `--churn`).
    pub vmis: usize,
    pub churn: f64,
    /// A node that stops (turns NotReady 40 s later) this many simulated seconds after the start.
    pub lose_node: Option<(String, f64)>,
    /// A bearer token: with one, the cluster answers 401 to requests without it.
    pub token: Option<String>,
    /// More users of this cluster's API server besides the token's holder (with a token only):
    /// each its own token and rules, known to this cluster alone, so a token of one cluster is
    /// refused (401) by every other (token mode's sign-in per cluster).
    pub users: Vec<User>,
}

impl ClusterPlan {
    /// An empty cluster of three workers, no token.
    pub fn new(name: &str, seed: u64) -> ClusterPlan {
        ClusterPlan {
            name: name.into(),
            seed,
            demo_mix: false,
            workers: 3,
            vms: Vec::new(),
            vmis: 0,
            churn: 0.0,
            lose_node: None,
            token: None,
            users: Vec::new(),
        }
    }

    /// The token policy: one user holding the token, allowed everything, then [`Self::users`].
    pub fn policy(&self) -> Option<Policy> {
        let token = self.token.clone()?;
        let all = vec!["*".to_string()];
        let admin = User {
            name: self.user(),
            token,
            groups: vec!["system:masters".into()],
            rules: vec![Rule {
                verbs: all.clone(),
                api_groups: all.clone(),
                resources: all.clone(),
                namespaces: all,
            }],
        };
        Some(Policy {
            users: std::iter::once(admin)
                .chain(self.users.iter().cloned())
                .collect(),
        })
    }

    /// The kubeconfig user of this cluster.
    pub fn user(&self) -> String {
        match self.token {
            Some(_) => format!("{}-admin", self.name),
            None => format!("{}-anonymous", self.name),
        }
    }
}

/// The token of a demo-fleet cluster (a simulator on loopback; nothing secret).
fn token(name: &str, seed: u64) -> Option<String> {
    Some(format!("sim-{name}-{seed:04}"))
}

/// `prod`: the full demo mix, the shared VM healthy; more scale VMs each round.
fn prod(name: &str, seed: u64, round: usize) -> ClusterPlan {
    let (ns, n) = SHARED_VM;
    ClusterPlan {
        demo_mix: true,
        vms: vec![vm("healthy", ns, n, Some("worker-1"))],
        vmis: 50 * round,
        token: token(name, seed),
        ..ClusterPlan::new(name, seed)
    }
}

/// `staging`: a smaller set with a migration whose target pod dies (the migration fails), the
/// shared VM without a guest agent, and some scale VMs.
fn staging(name: &str, seed: u64, round: usize) -> ClusterPlan {
    let (ns, n) = SHARED_VM;
    ClusterPlan {
        workers: 4,
        vms: vec![
            vm("healthy", "web", "frontend-1", None),
            vm("healthy", "web", "frontend-2", None),
            vm("no-agent", ns, n, Some("worker-2")),
            vm("no-agent", "ci", "runner-1", None),
            vm(
                "migration-target-pod-down",
                "db",
                "postgres-0",
                Some("worker-3"),
            ),
            vm("paused-by-user", "qa", "perf-bench", None),
        ],
        vmis: 20 + 30 * round,
        token: token(name, seed),
        ..ClusterPlan::new(name, seed)
    }
}

/// `edge`: a few VMs on three workers, one of which stops 30 s in (NotReady 40 s later); no
/// token (an anonymous cluster).
fn edge(name: &str, seed: u64, round: usize) -> ClusterPlan {
    let (ns, n) = SHARED_VM;
    let mut vms = vec![
        vm("healthy", ns, n, Some("worker-1")),
        vm("node-not-ready", "edge", "camera-hub", Some("worker-3")),
    ];
    for i in 1..=2 + round {
        vms.push(vm("healthy", "edge", &format!("sensor-gw-{i}"), None));
    }
    ClusterPlan {
        workers: 3,
        vms,
        lose_node: Some(("worker-3".into(), 30.0)),
        ..ClusterPlan::new(name, seed)
    }
}

/// The demo fleet of `n` clusters: `prod`, `staging`, `edge`, then `prod-2`, `staging-2`,
/// `edge-2` … (bigger each round, seeds `first_seed`, `first_seed + 1` …).
pub fn demo_fleet(n: usize, first_seed: u64) -> Vec<ClusterPlan> {
    (0..n)
        .map(|i| {
            let round = i / 3;
            let base = ["prod", "staging", "edge"][i % 3];
            let name = match round {
                0 => base.to_string(),
                r => format!("{base}-{}", r + 1),
            };
            let seed = first_seed + i as u64;
            match i % 3 {
                0 => prod(&name, seed, round),
                1 => staging(&name, seed, round),
                _ => edge(&name, seed, round),
            }
        })
        .collect()
}

/// `n` clusters (`cluster-01` …) of `vmis` scale VMs each changing `churn` times a simulated
/// second, with tokens: the scale scenario.
pub fn scale_fleet(n: usize, vmis: usize, churn: f64, first_seed: u64) -> Vec<ClusterPlan> {
    (0..n)
        .map(|i| {
            let name = format!("cluster-{:02}", i + 1);
            let seed = first_seed + i as u64;
            ClusterPlan {
                vmis,
                churn,
                token: token(&name, seed),
                ..ClusterPlan::new(&name, seed)
            }
        })
        .collect()
}
