//! Faults tests can switch on: API restart (every watch drops, requests fail for a while),
//! forced `410 Gone`, slow responses, Prometheus down, guest-agent endpoints failing with 500, the
//! cluster unreachable (its port refuses connections, see [`crate::listener`]) and its
//! credentials expired (every Kubernetes API request answered 401).

use parking_lot::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// The switchable faults. Shared behind the simulator's state.
#[derive(Debug)]
pub struct Faults {
    epoch: watch::Sender<u64>,
    down_until: Mutex<Option<Instant>>,
    slow_ms: AtomicU64,
    prometheus_down: AtomicBool,
    guest_agent_500: AtomicBool,
    unreachable: watch::Sender<bool>,
    /// Bumped by every switch of `unreachable`, so a timed outage ends only its own switch.
    unreachable_switches: AtomicU64,
    credentials_expired: AtomicBool,
}

impl Default for Faults {
    fn default() -> Self {
        Faults {
            epoch: watch::channel(0).0,
            down_until: Mutex::new(None),
            slow_ms: AtomicU64::new(0),
            prometheus_down: AtomicBool::new(false),
            guest_agent_500: AtomicBool::new(false),
            unreachable: watch::channel(false).0,
            unreachable_switches: AtomicU64::new(0),
            credentials_expired: AtomicBool::new(false),
        }
    }
}

impl Faults {
    /// Ends every open watch; for `down`, Kubernetes API requests then answer 503.
    pub fn restart_api(&self, down: Duration) {
        *self.down_until.lock() = Some(Instant::now() + down);
        self.drop_watches();
    }

    /// Ends every open watch (clients reconnect).
    pub fn drop_watches(&self) {
        self.epoch.send_modify(|e| *e += 1);
    }

    /// A receiver that changes when watches must end.
    pub fn watch_epoch(&self) -> watch::Receiver<u64> {
        self.epoch.subscribe()
    }

    /// Whether the API is down (restarting) now.
    pub fn api_down(&self) -> bool {
        self.down_until.lock().is_some_and(|t| Instant::now() < t)
    }

    pub fn set_slow(&self, delay: Duration) {
        self.slow_ms
            .store(delay.as_millis() as u64, Ordering::Relaxed);
    }

    pub fn slow(&self) -> Duration {
        Duration::from_millis(self.slow_ms.load(Ordering::Relaxed))
    }

    pub fn set_prometheus_down(&self, down: bool) {
        self.prometheus_down.store(down, Ordering::Relaxed);
    }

    pub fn prometheus_down(&self) -> bool {
        self.prometheus_down.load(Ordering::Relaxed)
    }

    pub fn set_guest_agent_failing(&self, failing: bool) {
        self.guest_agent_500.store(failing, Ordering::Relaxed);
    }

    pub fn guest_agent_failing(&self) -> bool {
        self.guest_agent_500.load(Ordering::Relaxed)
    }

    /// Makes the cluster unreachable (`true`: its port refuses connections and every open
    /// connection is cut) or reachable again. Returns the switch's number for
    /// [`Faults::end_unreachable`].
    pub fn set_unreachable(&self, unreachable: bool) -> u64 {
        let n = self.unreachable_switches.fetch_add(1, Ordering::Relaxed) + 1;
        self.unreachable.send_replace(unreachable);
        if unreachable {
            self.drop_watches();
        }
        n
    }

    /// Ends the outage switched on as number `switch`, unless another switch came since.
    pub fn end_unreachable(&self, switch: u64) {
        if self.unreachable_switches.load(Ordering::Relaxed) == switch {
            self.set_unreachable(false);
        }
    }

    pub fn unreachable(&self) -> bool {
        *self.unreachable.borrow()
    }

    /// A receiver of the unreachable switch (the listener closes and reopens on it).
    pub fn watch_unreachable(&self) -> watch::Receiver<bool> {
        self.unreachable.subscribe()
    }

    /// Expires the cluster's credentials (`true`): every Kubernetes API request is then answered
    /// 401 `Unauthorized`, as kube-apiserver answers a token it no longer accepts, and open
    /// watches end (a real API server keeps them until their timeout; ending them at once lets a
    /// test see the 401 without waiting minutes).
    pub fn set_credentials_expired(&self, expired: bool) {
        self.credentials_expired.store(expired, Ordering::Relaxed);
        if expired {
            self.drop_watches();
        }
    }

    pub fn credentials_expired(&self) -> bool {
        self.credentials_expired.load(Ordering::Relaxed)
    }

    /// Switches every fault off.
    pub fn clear(&self) {
        *self.down_until.lock() = None;
        self.set_slow(Duration::ZERO);
        self.set_prometheus_down(false);
        self.set_guest_agent_failing(false);
        if self.unreachable() {
            self.set_unreachable(false);
        }
        self.set_credentials_expired(false);
    }

    /// The current state, for `GET /_sim/faults`.
    pub fn describe(&self) -> serde_json::Value {
        serde_json::json!({
            "apiDown": self.api_down(),
            "slowMs": self.slow().as_millis() as u64,
            "prometheusDown": self.prometheus_down(),
            "guestAgentFailing": self.guest_agent_failing(),
            "unreachable": self.unreachable(),
            "credentialsExpired": self.credentials_expired(),
        })
    }
}
