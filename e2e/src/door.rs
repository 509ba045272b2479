//! The address the browser uses: a TCP relay in front of the backend, so a test can take the
//! backend away (every connection is cut and new ones are refused) and bring it back on the
//! same port, or freeze it: every connection, open or new, is held open and nothing is
//! forwarded either way, as a hung proxy does. (Hand-written: a relay that can pause is a few
//! lines over tokio; no proxy crate offers it.)

use anyhow::Result;
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::watch;

/// What the door does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoorState {
    /// Forwards both ways.
    Open,
    /// Holds every connection open and forwards nothing.
    Frozen,
    /// Cuts every connection and refuses new ones.
    Down,
}

pub struct FrontDoor {
    pub addr: SocketAddr,
    state: watch::Sender<DoorState>,
}

impl FrontDoor {
    pub async fn start(backend: SocketAddr) -> Result<FrontDoor> {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
        let addr = listener.local_addr()?;
        let (state, rx) = watch::channel(DoorState::Open);
        tokio::spawn(Self::serve(listener, addr, backend, rx));
        Ok(FrontDoor { addr, state })
    }

    pub fn set(&self, to: DoorState) {
        self.state.send_replace(to);
    }

    async fn serve(
        listener: TcpListener,
        addr: SocketAddr,
        backend: SocketAddr,
        mut rx: watch::Receiver<DoorState>,
    ) {
        let mut listener = Some(listener);
        loop {
            let Some(l) = &listener else {
                // Down: wait to come back, then listen on the same port again.
                if rx.wait_for(|s| *s != DoorState::Down).await.is_err() {
                    return;
                }
                listener = TcpListener::bind(addr).await.ok();
                continue;
            };
            tokio::select! {
                accepted = l.accept() => {
                    let Ok((inbound, _)) = accepted else { continue };
                    let mut state = rx.clone();
                    tokio::spawn(async move {
                        let Ok(outbound) = tokio::net::TcpStream::connect(backend).await else {
                            return;
                        };
                        let (in_r, in_w) = inbound.into_split();
                        let (out_r, out_w) = outbound.into_split();
                        let both = {
                            let (up, down) = (state.clone(), state.clone());
                            async move { tokio::join!(pump(in_r, out_w, up), pump(out_r, in_w, down)) }
                        };
                        tokio::select! {
                            _ = both => {}
                            _ = state.wait_for(|s| *s == DoorState::Down) => {}
                        }
                    });
                }
                changed = rx.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    if *rx.borrow_and_update() == DoorState::Down {
                        listener = None;
                    }
                }
            }
        }
    }
}

/// Copies `from` to `to` while the door is open; frozen, it reads nothing (what was read just
/// before is held) until the door opens again. Ends at end of input, closing `to`'s side.
async fn pump(
    mut from: OwnedReadHalf,
    mut to: OwnedWriteHalf,
    mut state: watch::Receiver<DoorState>,
) {
    let mut buf = vec![0u8; 16 * 1024];
    let open = |s: &DoorState| *s == DoorState::Open;
    loop {
        if state.wait_for(open).await.is_err() {
            return;
        }
        let n = tokio::select! {
            r = from.read(&mut buf) => match r {
                Ok(0) | Err(_) => {
                    let _ = to.shutdown().await;
                    return;
                }
                Ok(n) => n,
            },
            _ = state.changed() => continue,
        };
        if state.wait_for(open).await.is_err() || to.write_all(&buf[..n]).await.is_err() {
            return;
        }
    }
}
