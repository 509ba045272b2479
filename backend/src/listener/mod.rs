//! The parts of the console's listener that the server loop ([`crate::serve`]) puts together:
//!
//! * [`client`]: who a request's client is (the peer, or behind `--trusted-proxy` the rightmost
//!   untrusted hop of `X-Forwarded-For`/`Forwarded`), and the key per-client limits count by.
//! * [`per_client`]: at most so many open per key (connections per address, streams per user).
//! * [`idle`]: a connection's deadlines from accept: its first request, then idleness.
//! * [`load`]: how full the listener is, for `/readyz`.
//! * [`bind`]: the listening socket, with a backlog for bursts.

pub mod bind;
pub mod client;
pub mod idle;
pub mod load;
pub mod per_client;
