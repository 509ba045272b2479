//! A connection's deadlines, counted from the moment it was accepted: its first request's
//! headers must be complete within the header timeout, and once it has served requests it may
//! stay open with none in flight for the idle timeout. They hold for HTTP/1.1 and HTTP/2 alike:
//! a socket that sends nothing, an HTTP/2 connection idle after its preface, and one whose
//! HEADERS frame never ends all run out of time, whatever hyper's own timers (HTTP/1.1's header
//! timeout starts only once the protocol is known) do or do not cover.
//!
//! A request is in flight from the moment its headers reach the service until its response body
//! is dropped (sent, or the client went away); a push stream keeps its connection in flight.

use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::Instant;

/// What the deadlines are judged on.
#[derive(Debug, Clone, Copy)]
struct State {
    in_flight: usize,
    /// When the last request ended, or when the connection was accepted.
    idle_since: Instant,
    /// Whether any request has reached the service.
    served: bool,
}

/// The requests of one connection.
#[derive(Debug)]
pub struct Activity {
    state: watch::Sender<State>,
}

/// One request in flight; it ends when dropped.
#[derive(Debug)]
pub struct InFlight(Arc<Activity>);

impl Activity {
    /// The activity of a connection accepted now.
    pub fn accepted() -> Arc<Activity> {
        let (state, _) = watch::channel(State {
            in_flight: 0,
            idle_since: Instant::now(),
            served: false,
        });
        Arc::new(Activity { state })
    }

    /// A request's headers arrived.
    pub fn begin(self: &Arc<Self>) -> InFlight {
        self.state.send_modify(|s| {
            s.in_flight += 1;
            s.served = true;
        });
        InFlight(self.clone())
    }

    /// Resolves once the connection is past a deadline: no first request within `first` of
    /// being accepted, or nothing in flight for `idle` after its last request.
    pub async fn expired(&self, first: Duration, idle: Duration) {
        let mut rx = self.state.subscribe();
        loop {
            let s = *rx.borrow_and_update();
            if s.in_flight > 0 {
                // The sender lives in `self`: `changed` cannot fail while this runs.
                let _ = rx.changed().await;
                continue;
            }
            let deadline = s.idle_since + if s.served { idle } else { first };
            tokio::select! {
                _ = tokio::time::sleep_until(deadline) => return,
                _ = rx.changed() => {}
            }
        }
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.state.send_modify(|s| {
            s.in_flight = s.in_flight.saturating_sub(1);
            if s.in_flight == 0 {
                s.idle_since = Instant::now();
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIRST: Duration = Duration::from_secs(10);
    const IDLE: Duration = Duration::from_secs(30);

    #[tokio::test(start_paused = true)]
    async fn no_request_runs_out_at_the_first_deadline() {
        let a = Activity::accepted();
        let start = Instant::now();
        a.expired(FIRST, IDLE).await;
        assert_eq!(start.elapsed(), FIRST);
    }

    #[tokio::test(start_paused = true)]
    async fn a_request_in_flight_holds_and_idleness_counts_from_its_end() {
        let a = Activity::accepted();
        let start = Instant::now();
        let request = a.begin();
        let watcher = {
            let a = a.clone();
            tokio::spawn(async move { a.expired(FIRST, IDLE).await })
        };
        tokio::time::sleep(Duration::from_secs(100)).await;
        assert!(!watcher.is_finished(), "a long request keeps it open");
        drop(request);
        watcher.await.unwrap();
        assert_eq!(start.elapsed(), Duration::from_secs(100) + IDLE);
    }
}
