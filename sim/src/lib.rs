//! The simulated cluster: the Kubernetes, KubeVirt and Prometheus APIs Strata reads, served on
//! loopback.
//!
//! It stores objects as JSON exactly as an API server would return them and serves them through
//! Kubernetes-style get / list / watch endpoints, so real clients (kube-rs, kubectl) can't tell it
//! from a cluster for what Strata uses. [`Sim::start_with`] binds a listener and returns a handle
//! that tests, benchmarks and the demo use to drive the cluster; the same controls are served
//! over HTTP under `/_sim/`.
//!
//! * [`store`] / [`resources`]: the versioned object store and the kinds it serves.
//! * [`http`]: the Kubernetes HTTP routes; [`discovery`], [`selectors`], [`table`], [`auth`].
//! * [`world`] / [`kubevirt`]: the cluster's state as Rust values and its rendering into objects.
//! * [`scenarios`]: the scenario catalog, the demo mix, scale mode; [`clock`]: simulated time.
//! * [`subresources`]: the `subresources.kubevirt.io` endpoints (guest-agent answers, pause).
//! * [`metrics`] / [`promql`]: `/metrics` and the Prometheus query API.
//! * [`faults`] / [`control`]: fault injection and the `/_sim` control API; [`listener`]: the
//!   port that closes while the cluster is unreachable.
//! * [`fleet`]: several simulated clusters in one process, and their kubeconfig.
//! * [`version`]: the KubeVirt release imitated (`--kubevirt-version`).
//! * [`mirror`]: the world written into a real API server (`--apiserver KUBECONFIG`).

pub mod alerts;
pub mod auth;
pub mod clock;
pub mod control;
pub mod discovery;
pub mod faults;
pub mod fleet;
pub mod http;
pub mod kubevirt;
pub mod listener;
pub mod metrics;
pub mod mirror;
pub mod promql;
pub mod quantity;
pub mod resources;
pub mod scenarios;
pub mod selectors;
pub mod store;
pub mod subresources;
pub mod table;
pub mod version;
pub mod world;

use clock::Clock;
use faults::Faults;
use parking_lot::{Mutex, MutexGuard};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use store::Store;
use tokio::net::TcpListener;
use world::{Key, World};

/// Options of `strata sim` (and of the simulator `strata demo` embeds).
#[derive(Debug, Clone, clap::Args)]
pub struct SimArgs {
    /// Scenarios to run: `demo` (the full mix), `none`, or a comma-separated list of scenario
    /// names (one VM each; see `--list-scenarios`).
    #[arg(long = "scenarios", alias = "scenario", default_value = "demo")]
    pub scenarios: String,
    /// Add this many VMs for scale tests (up to 10000).
    #[arg(long, default_value_t = 0)]
    pub vmis: usize,
    /// Status changes per simulated second among the `--vmis` VMs.
    #[arg(long, default_value_t = 0.0)]
    pub churn: f64,
    /// Seed for names, addresses and metrics; a run is reproducible for a seed and a manual clock.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// `real` (wall time, times `--speed`) or `manual` (moves only through the control API).
    #[arg(long, default_value = "real")]
    pub clock: String,
    /// Speed factor of the real clock (e.g. 60 = one simulated minute per second).
    #[arg(long, default_value_t = 1.0)]
    pub speed: f64,
    /// Start of simulated time for the manual clock (RFC 3339); default 2026-11-30T08:00:00Z.
    #[arg(long)]
    pub start: Option<String>,
    /// JSON file of bearer tokens and their rules; without it, no authentication.
    #[arg(long)]
    pub token_policy: Option<PathBuf>,
    /// How many changes are kept for watch resume before `410 Gone`.
    #[arg(long, default_value_t = 10_000)]
    pub history: usize,
    /// KubeVirt release to imitate (`1.0` to `1.9`): metric names, abort texts, pod GC.
    #[arg(long, default_value = "1.9")]
    pub kubevirt_version: String,
    /// Also write the simulated world into the real Kubernetes API server of this kubeconfig
    /// (with KubeVirt's CRDs installed), kept in step with every change.
    #[arg(long, value_name = "KUBECONFIG")]
    pub apiserver: Option<PathBuf>,
}

impl Default for SimArgs {
    fn default() -> Self {
        SimArgs {
            scenarios: "demo".into(),
            vmis: 0,
            churn: 0.0,
            seed: 1,
            clock: "real".into(),
            speed: 1.0,
            start: None,
            token_policy: None,
            history: 10_000,
            kubevirt_version: "1.9".into(),
            apiserver: None,
        }
    }
}

/// What every route shares.
pub struct Shared {
    pub store: Arc<Store>,
    pub clock: Arc<Clock>,
    world: Mutex<World>,
    pub faults: Faults,
    pub auth: Option<auth::Policy>,
    /// The simulator's own address (for `instance` labels).
    pub addr: SocketAddr,
}

impl Shared {
    /// The world, after running every step due by the clock.
    pub fn world(&self) -> MutexGuard<'_, World> {
        let mut w = self.world.lock();
        let now = self.clock.now();
        if now > w.now {
            w.advance_to(now);
        }
        w
    }
}

/// A running simulator.
#[derive(Clone)]
pub struct Sim {
    shared: Arc<Shared>,
    mirror: Option<mirror::Mirror>,
}

fn invalid(e: String) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidInput, e)
}

impl Sim {
    /// Serves `objects` as they are (no scenarios, real-time clock) on `listener`.
    pub async fn start(
        listener: TcpListener,
        objects: Vec<serde_json::Value>,
    ) -> std::io::Result<Sim> {
        let args = SimArgs {
            scenarios: "none".into(),
            ..SimArgs::default()
        };
        let sim = Sim::start_with(listener, &args).await?;
        for o in objects {
            sim.shared.store.upsert(o);
        }
        Ok(sim)
    }

    /// Binds 127.0.0.1 on a free port and starts the demo mix on a real-time clock.
    pub async fn start_demo() -> std::io::Result<Sim> {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
        Sim::start_with(listener, &SimArgs::default()).await
    }

    /// Starts the simulator described by `args` on `listener`, in background tasks.
    pub async fn start_with(listener: TcpListener, args: &SimArgs) -> std::io::Result<Sim> {
        let auth = match &args.token_policy {
            Some(p) => Some(auth::Policy::load(p).map_err(invalid)?),
            None => None,
        };
        Sim::start_with_policy(listener, args, auth).await
    }

    /// [`Sim::start_with`] with the token policy given (`args.token_policy` is not read).
    pub async fn start_with_policy(
        listener: TcpListener,
        args: &SimArgs,
        auth: Option<auth::Policy>,
    ) -> std::io::Result<Sim> {
        let addr = listener.local_addr()?;
        let clock = match args.clock.as_str() {
            "real" => Clock::real(args.speed),
            "manual" => {
                let start = match &args.start {
                    Some(s) => clock::parse_time(s)
                        .ok_or_else(|| invalid(format!("invalid --start time {s:?}")))?,
                    None => clock::DEFAULT_EPOCH,
                };
                Clock::manual(start)
            }
            other => {
                return Err(invalid(format!(
                    "unknown --clock {other:?} (use real or manual)"
                )));
            }
        };
        let store = Arc::new(Store::with_history(args.history.max(16)));
        let mut w = World::new(store.clone(), args.seed, clock.now());
        build_world(&mut w, args).map_err(invalid)?;
        let mirror = match &args.apiserver {
            Some(kubeconfig) => Some(
                mirror::Mirror::start(store.clone(), kubeconfig)
                    .await
                    .map_err(invalid)?,
            ),
            None => None,
        };
        let shared = Arc::new(Shared {
            store,
            clock: Arc::new(clock),
            world: Mutex::new(w),
            faults: Faults::default(),
            auth,
            addr,
        });
        let app = http::router(shared.clone());
        let listener = listener::Gated::new(listener, shared.faults.watch_unreachable())?;
        tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                tracing::error!(error = %e, "simulator stopped");
            }
        });
        let engine = Arc::downgrade(&shared);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_millis(100));
            loop {
                tick.tick().await;
                let Some(s) = engine.upgrade() else { break };
                drop(s.world());
            }
        });
        Ok(Sim { shared, mirror })
    }

    /// The mirror into a real API server (`--apiserver`).
    pub fn mirror(&self) -> Option<&mirror::Mirror> {
        self.mirror.as_ref()
    }

    /// Waits until the real API server holds every change made so far (at once without a
    /// mirror).
    pub async fn mirrored(&self) {
        if let Some(m) = &self.mirror {
            m.caught_up(self.shared.store.resource_version()).await;
        }
    }

    pub fn addr(&self) -> SocketAddr {
        self.shared.addr
    }

    /// The base URL a Kubernetes client (and a Prometheus client) should use.
    pub fn url(&self) -> String {
        format!("http://{}", self.shared.addr)
    }

    pub fn store(&self) -> &Arc<Store> {
        &self.shared.store
    }

    pub fn shared(&self) -> &Arc<Shared> {
        &self.shared
    }

    /// Runs `f` on the world (after running due steps), then renders its changes.
    pub fn with_world<R>(&self, f: impl FnOnce(&mut World) -> R) -> R {
        let mut w = self.shared.world();
        let r = f(&mut w);
        w.flush();
        r
    }

    /// Simulated now (seconds since the epoch).
    pub fn now(&self) -> f64 {
        self.shared.clock.now()
    }

    /// Moves simulated time forward (any clock mode) and runs what became due.
    pub fn advance(&self, secs: f64) {
        self.shared.clock.advance(secs);
        drop(self.shared.world());
    }

    /// Runs the clock in real time at `speed` from the current simulated time.
    pub fn set_speed(&self, speed: f64) {
        self.shared.clock.set_speed(speed);
    }

    /// Stops the clock (manual mode).
    pub fn freeze_clock(&self) {
        drop(self.shared.world());
        self.shared.clock.freeze();
    }

    /// Sets `status.phase` of a VMI. Returns false when there is no such VMI.
    pub fn set_vmi_phase(&self, namespace: &str, name: &str, phase: &str) -> bool {
        let key: Key = (namespace.to_string(), name.to_string());
        if self.with_world(|w| w.set_phase(&key, phase)) {
            return true;
        }
        self.shared
            .store
            .modify(&store::VMI, Some(namespace), name, |o| {
                o["status"]["phase"] = serde_json::Value::String(phase.to_string());
            })
            .is_some()
    }

    /// Adds a VM playing a named scenario (see [`scenarios::SCENARIOS`]).
    pub fn add_scenario(
        &self,
        scenario: &str,
        namespace: &str,
        name: &str,
        node: Option<&str>,
    ) -> Result<(), String> {
        self.with_world(|w| scenarios::add(w, scenario, namespace, name, node))
    }

    /// Removes a simulated VM and its objects.
    pub fn remove_vm(&self, namespace: &str, name: &str) -> bool {
        self.with_world(|w| w.remove_vm(&(namespace.to_string(), name.to_string())))
    }

    /// Starts a migration of a running VM (`kind` from [`scenarios::migration::NAMED`]), as a
    /// user's VMIM: KubeVirt's webhook may deny it (the error is the API server's message, see
    /// [`scenarios::migration::admit`]). Returns the VMIM name.
    pub fn migrate(&self, namespace: &str, name: &str, kind: &str) -> Result<String, String> {
        let spec = scenarios::migration::MigrationSpec::named(kind)
            .ok_or_else(|| format!("unknown migration kind {kind:?}"))?;
        let key: Key = (namespace.to_string(), name.to_string());
        use scenarios::migration::admit::denied;
        use scenarios::migration::{Refused, create};
        self.with_world(|w| create(w, &key, spec))
            .map_err(|r| match r {
                Refused::Denied(m) => denied(&m),
                Refused::NotRunning => format!("VMI {namespace}/{name} is not running"),
            })
    }

    /// Pauses (`PausedByUser`) or unpauses a VM.
    pub fn set_paused(&self, namespace: &str, name: &str, paused: bool) -> bool {
        let key: Key = (namespace.to_string(), name.to_string());
        self.with_world(|w| {
            if !w.vms.contains_key(&key) {
                return false;
            }
            if paused {
                scenarios::pause(w, &key, "PausedByUser")
            } else {
                scenarios::unpause(w, &key)
            }
            true
        })
    }

    /// Connects or disconnects a VM's guest agent.
    pub fn set_agent(&self, namespace: &str, name: &str, connected: bool) -> bool {
        let key: Key = (namespace.to_string(), name.to_string());
        self.with_world(|w| {
            if !w.vms.contains_key(&key) {
                return false;
            }
            if connected {
                scenarios::connect_agent(w, &key)
            } else {
                scenarios::disconnect_agent(w, &key)
            }
            true
        })
    }

    /// Drains a node (cordon plus evictions by eviction strategy).
    pub fn drain_node(&self, node: &str) -> bool {
        self.with_world(|w| scenarios::drain_node(w, node))
    }

    pub fn uncordon_node(&self, node: &str) -> bool {
        self.with_world(|w| scenarios::uncordon_node(w, node))
    }

    /// Stops (`ready = false`) or restarts a node (kubelet and virt-handler). A stopped node turns
    /// NotReady after 40 s; its VMIs keep phase Running with a stale status (KubeVirt never sets
    /// phase Unknown), so `unknown_after` is ignored.
    pub fn set_node_ready(&self, node: &str, ready: bool, unknown_after: f64) -> bool {
        self.with_world(|w| {
            if ready {
                scenarios::recover_node(w, node)
            } else {
                scenarios::lose_node(w, node, unknown_after)
            }
        })
    }

    /// Stops (`up = false`) or restarts virt-handler on a node (the kubelet is untouched).
    pub fn set_handler(&self, node: &str, up: bool) -> bool {
        self.with_world(|w| {
            if up {
                scenarios::handler::start_handler(w, node)
            } else {
                scenarios::handler::stop_handler(w, node)
            }
        })
    }

    /// Sets or removes the `kubevirt.io/drain:NoSchedule` taint on a node.
    pub fn set_drain_taint(&self, node: &str, set: bool) -> bool {
        self.with_world(|w| scenarios::evict::set_drain_taint(w, node, set))
    }

    /// Force-deletes the launcher pods on a node (no kubelet needed).
    pub fn force_delete_pods(&self, node: &str) -> bool {
        self.with_world(|w| scenarios::handler::force_delete_pods(w, node))
    }

    /// Status changes per simulated second among scale VMs.
    pub fn set_churn(&self, per_second: f64) {
        self.with_world(|w| w.churn = per_second.max(0.0));
    }

    /// Adds `n` scale VMs.
    pub fn add_scale_vms(&self, n: usize) {
        self.with_world(|w| scenarios::scale::populate(w, n));
    }

    pub fn faults(&self) -> &Faults {
        &self.shared.faults
    }

    /// Restarts the API: every watch drops and requests answer 503 for `down`.
    pub fn restart_api(&self, down: Duration) {
        self.shared.faults.restart_api(down);
    }

    /// Makes the cluster unreachable (its port refuses connections, open ones are cut; see
    /// [`listener`]) or reachable again on the same address.
    pub fn set_unreachable(&self, unreachable: bool) {
        self.shared.faults.set_unreachable(unreachable);
    }

    /// Makes the cluster unreachable for `down`, then reachable again.
    pub fn set_unreachable_for(&self, down: Duration) {
        let switch = self.shared.faults.set_unreachable(true);
        let shared = Arc::downgrade(&self.shared);
        tokio::spawn(async move {
            tokio::time::sleep(down).await;
            if let Some(s) = shared.upgrade() {
                s.faults.end_unreachable(switch);
            }
        });
    }

    /// Expires the cluster's credentials (every Kubernetes API request answered 401) or renews
    /// them.
    pub fn set_credentials_expired(&self, expired: bool) {
        self.shared.faults.set_credentials_expired(expired);
    }

    /// Forgets the watch history and drops watches, so resuming clients get `410 Gone`.
    pub fn expire_resource_versions(&self) {
        self.shared.store.compact();
        self.shared.faults.drop_watches();
    }
}

/// Fills a new world from the options.
fn build_world(w: &mut World, args: &SimArgs) -> Result<(), String> {
    w.kubevirt = version::KubeVirtVersion::parse(&args.kubevirt_version)?;
    let names: Vec<&str> = args
        .scenarios
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let any = args.vmis > 0 || !names.iter().all(|n| *n == "none");
    if any {
        scenarios::add_demo_nodes(w);
    }
    for name in &names {
        match *name {
            "none" => {}
            "demo" => scenarios::add_demo_mix(w),
            s => {
                let ns = "default";
                scenarios::add(w, s, ns, s, None)?;
            }
        }
    }
    if args.vmis > 10_000 {
        return Err(format!("--vmis {} is above the supported 10000", args.vmis));
    }
    if args.vmis > 0 {
        scenarios::scale::populate(w, args.vmis);
    }
    w.churn = args.churn.max(0.0);
    if any {
        scenarios::start_periodic(w);
    }
    w.flush();
    Ok(())
}
