//! The shutdown signal: one per console, triggered by SIGTERM or Ctrl-C (or a test), observed by
//! the server loop (stop accepting, drain connections) and by every push stream (end, so the
//! drain does not wait for browsers that never hang up).

use tokio::sync::watch;

/// A shared flag that turns on once; clones observe the same flag.
#[derive(Clone, Debug)]
pub struct Shutdown(watch::Sender<bool>);

impl Default for Shutdown {
    fn default() -> Self {
        Shutdown(watch::Sender::new(false))
    }
}

impl Shutdown {
    /// Starts the shutdown (idempotent).
    pub fn trigger(&self) {
        self.0.send_replace(true);
    }

    /// Whether the shutdown has started.
    pub fn started(&self) -> bool {
        *self.0.borrow()
    }

    /// Returns once the shutdown has started (at once if it has).
    pub fn wait(&self) -> impl Future<Output = ()> + Send + 'static + use<> {
        let mut rx = self.0.subscribe();
        async move {
            // The sender lives in `self` and its clones; a dropped sender also means "stop".
            let _ = rx.wait_for(|down| *down).await;
        }
    }

    /// Triggers the shutdown on SIGTERM (what Kubernetes sends) or Ctrl-C.
    pub fn on_signals(&self) {
        let this = self.clone();
        tokio::spawn(async move {
            let reason = terminated_or_interrupted().await;
            tracing::info!(signal = reason, "shutting down");
            this.trigger();
        });
    }
}

/// Waits for SIGTERM or SIGINT; names the one that came.
async fn terminated_or_interrupted() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            return tokio::select! {
                _ = term.recv() => "SIGTERM",
                _ = tokio::signal::ctrl_c() => "SIGINT",
            };
        }
    }
    let _ = tokio::signal::ctrl_c().await;
    "SIGINT"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn waiters_wake_once_triggered() {
        let s = Shutdown::default();
        let w = s.wait();
        assert!(!s.started());
        s.clone().trigger();
        w.await;
        assert!(s.started());
        s.wait().await;
    }
}
