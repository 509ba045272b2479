//! Per-client push stream caps: at most [`crate::serve::Limits::max_streams_per_client`] open
//! streams per signed-in user (token mode) or per non-loopback client address (local mode
//! shared with `--unsafe-shared-local`). Loopback clients in local mode are the one local user
//! and are bounded only by the server's connection cap.

use parking_lot::Mutex;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;

/// Who a stream is counted against.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Client {
    User([u8; 32]),
    Address(IpAddr),
}

/// Open streams per client.
#[derive(Debug)]
pub struct StreamCaps {
    max: usize,
    open: Mutex<HashMap<Client, usize>>,
}

/// One open stream; counted until dropped.
#[derive(Debug)]
pub struct Slot {
    caps: Arc<StreamCaps>,
    client: Client,
}

impl StreamCaps {
    pub fn new(max: usize) -> Arc<StreamCaps> {
        Arc::new(StreamCaps {
            max: max.max(1),
            open: Mutex::new(HashMap::new()),
        })
    }

    /// A slot for `client`, or `None` when it has [`StreamCaps`]'s maximum open.
    pub fn acquire(self: &Arc<Self>, client: Client) -> Option<Slot> {
        let mut open = self.open.lock();
        let n = open.entry(client.clone()).or_insert(0);
        if *n >= self.max {
            return None;
        }
        *n += 1;
        Some(Slot {
            caps: self.clone(),
            client,
        })
    }

    /// Open streams of `client`.
    pub fn open(&self, client: &Client) -> usize {
        self.open.lock().get(client).copied().unwrap_or(0)
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.caps.open.lock();
        if let Some(n) = open.get_mut(&self.client) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_gets_at_most_max_slots_and_gets_them_back() {
        let caps = StreamCaps::new(2);
        let c = Client::Address("10.0.0.1".parse().unwrap());
        let a = caps.acquire(c.clone()).unwrap();
        let _b = caps.acquire(c.clone()).unwrap();
        assert!(caps.acquire(c.clone()).is_none());
        assert!(caps.acquire(Client::User([0; 32])).is_some());
        drop(a);
        assert_eq!(caps.open(&c), 1);
        assert!(caps.acquire(c).is_some());
    }
}
