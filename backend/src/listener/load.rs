//! How full the console's listener is, for `/readyz`: the connection slots
//! (`--max-connections`) the server loop takes one of per open connection, and how many
//! connections were closed unserved (over the per-address cap, or past a deadline).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::Semaphore;

#[derive(Debug)]
pub struct Load {
    max: usize,
    /// One permit per connection that may be open.
    pub(crate) slots: Arc<Semaphore>,
    over_cap: AtomicU64,
    timed_out: AtomicU64,
}

/// A reading of [`Load`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Reading {
    pub open: usize,
    pub max: usize,
    /// Every slot is taken: new clients wait in the listen backlog until one closes.
    pub saturated: bool,
    /// Connections closed at once because their address had its maximum open.
    pub refused_over_address_cap: u64,
    /// Connections closed for sending no (complete) request in time, or idling too long.
    pub closed_silent: u64,
}

impl Load {
    pub fn new(max_connections: usize) -> Arc<Load> {
        let max = max_connections.max(1);
        Arc::new(Load {
            max,
            slots: Arc::new(Semaphore::new(max)),
            over_cap: AtomicU64::new(0),
            timed_out: AtomicU64::new(0),
        })
    }

    pub fn refused_over_cap(&self) {
        self.over_cap.fetch_add(1, Ordering::Relaxed);
    }

    pub fn closed_silent(&self) {
        self.timed_out.fetch_add(1, Ordering::Relaxed);
    }

    pub fn read(&self) -> Reading {
        let free = self.slots.available_permits();
        Reading {
            open: self.max.saturating_sub(free),
            max: self.max,
            saturated: free == 0,
            refused_over_address_cap: self.over_cap.load(Ordering::Relaxed),
            closed_silent: self.timed_out.load(Ordering::Relaxed),
        }
    }
}
