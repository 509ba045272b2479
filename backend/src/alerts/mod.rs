//! Alerts from Alertmanager (API v2, `--alertmanager-url`) or, without one, from Prometheus
//! (`/api/v1/alerts` of `--prometheus-url`): read by one poller ([`poll`]) into a bounded board
//! ([`board`]) that summaries, VMI pages and `GET /api/v1/alerts` read. No browser request ever
//! reaches Alertmanager or Prometheus for alerts. What an alert means is decided in
//! [`model::alerts`].
//!
//! * [`read`]: one read of either API, body and count bounded, parsed into [`model::alerts::Alert`].
//! * [`board`]: the last read, indexed by namespace and node, and where it came from.
//! * [`poll`]: the loop, and the re-projection of the VMIs whose alerts changed.

pub mod board;
pub mod poll;
pub mod read;

pub use board::Board;
pub use poll::poller;
pub use read::Upstream;
