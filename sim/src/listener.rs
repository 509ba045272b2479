//! The simulator's listening port, which goes away while the cluster is unreachable
//! ([`crate::faults::Faults::set_unreachable`]).
//!
//! An unreachable cluster is simulated the way a client meets an API server whose process or
//! machine is gone: the listening socket is closed, so a new connection is refused (kube-rs's
//! client fails to connect, `ECONNREFUSED`), and every open connection is cut mid-stream (a watch
//! ends with a reset, not with a clean end of its chunked body). A `503` from a running server
//! (the `restart-api` fault) is the other kind of outage: something still answers HTTP there.
//! When the cluster is reachable again the same address is bound anew, so clients reconnect to
//! the URL they had.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// A listener that closes while `down` is true; served by `axum::serve`.
pub struct Gated {
    addr: SocketAddr,
    listener: Option<TcpListener>,
    down: watch::Receiver<bool>,
}

impl Gated {
    pub fn new(listener: TcpListener, down: watch::Receiver<bool>) -> io::Result<Gated> {
        Ok(Gated {
            addr: listener.local_addr()?,
            listener: Some(listener),
            down,
        })
    }
}

/// Waits until `down` holds `want` (forever once its sender is gone: the simulator is ending).
async fn wait_for(down: &mut watch::Receiver<bool>, want: bool) {
    if down.wait_for(|d| *d == want).await.is_err() {
        std::future::pending::<()>().await;
    }
}

impl axum::serve::Listener for Gated {
    type Io = Cuttable;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Cuttable, SocketAddr) {
        loop {
            if *self.down.borrow_and_update() {
                self.listener = None;
                wait_for(&mut self.down, false).await;
                continue;
            }
            if self.listener.is_none() {
                match TcpListener::bind(self.addr).await {
                    Ok(l) => self.listener = Some(l),
                    Err(e) => {
                        tracing::warn!(addr = %self.addr, error = %e, "cannot listen again");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                }
            }
            let Some(listener) = &self.listener else {
                continue;
            };
            let down = &mut self.down;
            tokio::select! {
                r = listener.accept() => match r {
                    Ok((stream, addr)) => {
                        return (Cuttable::new(stream, down.clone()), addr);
                    }
                    // As axum's own loop: a full file table or an aborted handshake passes.
                    Err(_) => tokio::time::sleep(Duration::from_millis(10)).await,
                },
                _ = wait_for(down, true) => {}
            }
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        Ok(self.addr)
    }
}

/// An accepted connection that fails (connection reset) once the cluster turns unreachable.
pub struct Cuttable {
    stream: TcpStream,
    /// Ready when the cluster turns unreachable; `None` once it did.
    cut: Option<Pin<Box<dyn Future<Output = ()> + Send>>>,
}

impl Cuttable {
    fn new(stream: TcpStream, mut down: watch::Receiver<bool>) -> Cuttable {
        Cuttable {
            stream,
            cut: Some(Box::pin(async move { wait_for(&mut down, true).await })),
        }
    }

    /// The reset error once cut (and registers the waker for the cut otherwise).
    fn cut(&mut self, cx: &mut Context<'_>) -> Option<io::Error> {
        if let Some(f) = &mut self.cut
            && f.as_mut().poll(cx).is_ready()
        {
            self.cut = None;
            // Closed with a reset, as a machine that is gone answers its peer.
            let _ = reset_on_close(&self.stream);
        }
        self.cut
            .is_none()
            .then(|| io::Error::new(io::ErrorKind::ConnectionReset, "the cluster is unreachable"))
    }
}

#[allow(deprecated)]
fn reset_on_close(stream: &TcpStream) -> io::Result<()> {
    stream.set_linger(Some(Duration::ZERO))
}

impl AsyncRead for Cuttable {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if let Some(e) = self.cut(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Cuttable {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if let Some(e) = self.cut(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        if let Some(e) = self.cut(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if let Some(e) = self.cut(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
