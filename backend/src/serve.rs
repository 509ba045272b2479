//! The HTTP server loop: hyper-util's connection builder with a header-read timeout, a cap on
//! open connections, the client's address for the handlers (axum's `ConnectInfo`), and a
//! graceful shutdown with a deadline. Hand-written because `axum::serve` sets neither a
//! header-read timeout nor a connection cap.
//!
//! When many connections have closed (a load ended: a thousand push streams, a flood of
//! requests), the allocator is asked to return the pages they freed ([`crate::memory::trim`]),
//! so resident memory goes back to its baseline instead of waiting for the periodic trim.

use crate::shutdown::Shutdown;
use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// The server's limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// A client must send a request's headers within this (slow-header connections close).
    pub header_read_timeout: Duration,
    /// Open connections at most; further clients wait in the listen backlog.
    pub max_connections: usize,
    /// Push streams at most per signed-in user (token mode) or per non-loopback client address.
    pub max_streams_per_client: usize,
    /// After the shutdown starts, connections still open after this are dropped.
    pub shutdown_grace: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_read_timeout: Duration::from_secs(10),
            max_connections: 8192,
            max_streams_per_client: 64,
            shutdown_grace: Duration::from_secs(5),
        }
    }
}

/// Connections that must have closed since the last trim before the next one.
pub const TRIM_AFTER_CLOSED: usize = 64;
/// How often closed connections are counted towards a trim.
pub const TRIM_CHECK: Duration = Duration::from_secs(1);

/// Trims every [`TRIM_CHECK`] when at least [`TRIM_AFTER_CLOSED`] connections closed since the
/// last trim (on a blocking thread: a trim walks every arena).
async fn trim_after_load(closed: Arc<AtomicUsize>) {
    let mut tick = tokio::time::interval(TRIM_CHECK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if closed.load(Ordering::Relaxed) >= TRIM_AFTER_CLOSED {
            closed.store(0, Ordering::Relaxed);
            let _ = tokio::task::spawn_blocking(crate::memory::trim).await;
        }
    }
}

/// Serves `router` on `listener` until `shutdown`, then stops accepting, lets open requests
/// finish (push streams end on the same signal) for at most [`Limits::shutdown_grace`].
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: Shutdown,
) -> std::io::Result<()> {
    let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout);
    builder.http2().timer(TokioTimer::new());
    let stop = shutdown.wait();
    tokio::pin!(stop);
    let closed = Arc::new(AtomicUsize::new(0));
    let trimmer = tokio::spawn(trim_after_load(closed.clone()));
    loop {
        let permit = tokio::select! {
            p = permits.clone().acquire_owned() => match p {
                Ok(p) => p,
                Err(_) => break,
            },
            _ = &mut stop => break,
        };
        let (stream, addr) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors and the like: wait instead of spinning.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        let service = router.clone().map_request(move |req: Request<Incoming>| {
            let mut req = req.map(Body::new);
            req.extensions_mut().insert(ConnectInfo(addr));
            req
        });
        let conn = builder
            .serve_connection_with_upgrades(TokioIo::new(stream), TowerToHyperService::new(service))
            .into_owned();
        let conn = graceful.watch(conn);
        let closed = closed.clone();
        tokio::spawn(async move {
            if let Err(e) = conn.await {
                tracing::debug!(client = %addr, error = %e, "connection ended with an error");
            }
            drop(permit);
            closed.fetch_add(1, Ordering::Relaxed);
        });
    }
    trimmer.abort();
    drop(listener);
    tokio::select! {
        _ = graceful.shutdown() => {}
        _ = tokio::time::sleep(limits.shutdown_grace) => {
            tracing::warn!("connections still open after the shutdown grace period; closing them");
        }
    }
    Ok(())
}

/// Whether `addr` is a loopback client (the single user of local mode).
pub fn is_loopback(addr: &SocketAddr) -> bool {
    match addr.ip() {
        std::net::IpAddr::V4(v4) => v4.is_loopback(),
        std::net::IpAddr::V6(v6) => {
            v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v| v.is_loopback())
        }
    }
}
