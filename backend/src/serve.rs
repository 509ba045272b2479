//! The HTTP server loop: hyper-util's connection builder, a cap on open connections and on those
//! of one client address, deadlines counted from accept ([`crate::listener::idle`]: the first
//! request's headers, then idleness, for HTTP/1.1 and HTTP/2 alike), HTTP/2 keep-alive pings,
//! the client's address for the handlers (axum's `ConnectInfo`, and the resolved
//! [`ClientAddr`] behind `--trusted-proxy`), and a graceful shutdown with a deadline.
//! Hand-written because `axum::serve` sets none of these.
//!
//! A connection over its address's cap is closed as soon as it is accepted, before it takes
//! anything but a moment of the loop. Peers named by `--trusted-proxy` are not capped per
//! address (every client behind them shares their address); the global cap still holds.
//!
//! When many connections have closed (a load ended: a thousand push streams, a flood of
//! requests), the allocator is asked to return the pages they freed ([`crate::memory::trim`]),
//! so resident memory goes back to its baseline instead of waiting for the periodic trim.

use crate::listener::client::{ClientAddr, TrustedProxies, key};
use crate::listener::idle::Activity;
use crate::listener::load::Load;
use crate::listener::per_client::Caps;
use crate::shutdown::Shutdown;
use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::net::TcpListener;
use tower::ServiceExt;

/// The server's limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// A connection must have sent its first request's headers this long after it was accepted,
    /// and each later HTTP/1.1 request's within this of the previous response.
    pub header_read_timeout: Duration,
    /// A connection that served requests is closed after this long with none in flight.
    pub idle_timeout: Duration,
    /// Open connections at most; further clients wait in the listen backlog.
    pub max_connections: usize,
    /// Open connections at most per client address (an IPv6 address's /64); more are closed
    /// at once. Trusted proxies are not capped per address.
    pub max_connections_per_address: usize,
    /// Push streams at most per signed-in user (token mode) or per non-loopback client address.
    pub max_streams_per_client: usize,
    /// After the shutdown starts, connections still open after this are dropped.
    pub shutdown_grace: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_read_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(30),
            max_connections: 8192,
            max_connections_per_address: 256,
            max_streams_per_client: 64,
            shutdown_grace: Duration::from_secs(5),
        }
    }
}

/// HTTP/2: a ping after this long without a frame from the client ...
pub const H2_KEEP_ALIVE: Duration = Duration::from_secs(20);
/// ... which must be answered within this, or the connection is closed.
pub const H2_KEEP_ALIVE_TIMEOUT: Duration = Duration::from_secs(10);
/// HTTP/2: the largest header block accepted (a HEADERS frame and its CONTINUATIONs).
pub const H2_MAX_HEADER_LIST: u32 = 64 * 1024;

/// What the loop shares with the rest of the console.
#[derive(Debug, Clone)]
pub struct Listener {
    /// Its connection slots (`--max-connections`), which `/readyz` reads.
    pub load: Arc<Load>,
    /// Whose forwarding headers name the client.
    pub trusted: Arc<TrustedProxies>,
}

impl Listener {
    pub fn new(limits: &Limits, trusted: TrustedProxies) -> Listener {
        Listener {
            load: Load::new(limits.max_connections),
            trusted: Arc::new(trusted),
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
    shared: Listener,
    shutdown: Shutdown,
) -> std::io::Result<()> {
    let permits = shared.load.slots.clone();
    let per_address = Caps::<IpAddr>::new(limits.max_connections_per_address);
    let graceful = GracefulShutdown::new();
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout);
    builder
        .http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(H2_KEEP_ALIVE)
        .keep_alive_timeout(H2_KEEP_ALIVE_TIMEOUT)
        .max_header_list_size(H2_MAX_HEADER_LIST);
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
        let held = match shared.trusted.trusts(addr.ip()) {
            true => None,
            false => match per_address.acquire(key(addr.ip())) {
                Some(slot) => Some(slot),
                None => {
                    // Closed at once: the permit goes back with it.
                    shared.load.refused_over_cap();
                    tracing::debug!(client = %addr, "connection over its address's cap closed");
                    continue;
                }
            },
        };
        let activity = Activity::accepted();
        let service = service(router.clone(), addr, &shared.trusted, &activity);
        let conn = builder
            .serve_connection_with_upgrades(TokioIo::new(stream), service)
            .into_owned();
        let conn = graceful.watch(conn);
        let (closed, load) = (closed.clone(), shared.load.clone());
        tokio::spawn(async move {
            tokio::select! {
                ended = conn => if let Err(e) = ended {
                    tracing::debug!(client = %addr, error = %e, "connection ended with an error");
                },
                _ = activity.expired(limits.header_read_timeout, limits.idle_timeout) => {
                    load.closed_silent();
                    tracing::debug!(client = %addr, "connection closed: no request in time");
                }
            }
            drop((permit, held));
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

/// One connection's service: the router, with the peer (`ConnectInfo`) and the resolved client
/// ([`ClientAddr`]) on every request, each request counted in flight until its response body
/// is dropped.
fn service(
    router: Router,
    addr: SocketAddr,
    trusted: &Arc<TrustedProxies>,
    activity: &Arc<Activity>,
) -> impl hyper::service::Service<
    Request<Incoming>,
    Response = axum::response::Response,
    Error = Infallible,
    Future = impl Future<Output = Result<axum::response::Response, Infallible>> + Send + 'static,
> + Send
+ 'static {
    let (trusted, activity) = (trusted.clone(), activity.clone());
    hyper::service::service_fn(move |req: Request<Incoming>| {
        let in_flight = activity.begin();
        let client = trusted.client(addr.ip(), req.headers());
        let mut req = req.map(Body::new);
        req.extensions_mut().insert(ConnectInfo(addr));
        req.extensions_mut().insert(ClientAddr(client));
        let response = router.clone().oneshot(req);
        async move {
            let res = response.await?;
            // The body holds the request in flight until hyper drops it.
            Ok(res.map(|b| {
                Body::new(b.map_frame(move |frame| {
                    let _held = &in_flight;
                    frame
                }))
            }))
        }
    })
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
