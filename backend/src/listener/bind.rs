//! Binding the console's listeners with a listen backlog of [`BACKLOG`] (the kernel caps it at
//! `net.core.somaxconn`) instead of tokio's 1024: connections a client opens in a burst wait
//! there until the loop accepts them (and closes those over their address's cap), instead of
//! filling the queue so that other clients' SYNs are dropped and retried a second later.

use std::net::SocketAddr;
use tokio::net::{TcpListener, TcpSocket};

/// The listen backlog asked for.
pub const BACKLOG: u32 = 4096;

/// A listener on `addr` (address reuse as `std` sets it); needs a tokio runtime.
pub fn bind(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = match addr {
        SocketAddr::V4(_) => TcpSocket::new_v4()?,
        SocketAddr::V6(_) => TcpSocket::new_v6()?,
    };
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}
