//! Per-client push stream caps: at most [`crate::serve::Limits::max_streams_per_client`] open
//! streams per signed-in user (token mode) or per non-loopback client address (local mode
//! shared with `--unsafe-shared-local`). Loopback clients in local mode are the one local user
//! and are bounded only by the server's connection cap.

use std::net::IpAddr;

/// Who a stream is counted against.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Client {
    User([u8; 32]),
    Address(IpAddr),
}

/// Open streams per client.
pub type StreamCaps = crate::listener::per_client::Caps<Client>;

/// One open stream; counted until dropped.
pub type Slot = crate::listener::per_client::Slot<Client>;

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
