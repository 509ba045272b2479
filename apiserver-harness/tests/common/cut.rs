//! A loopback TCP forwarder to the API server that a test can cut (every connection through it
//! closed, new ones refused) and restore: the console's watches break as they would when the
//! network fails, and resume from the last resourceVersion they saw. TLS passes through
//! untouched (the serving certificate names 127.0.0.1, where the forwarder listens too).
//! Hand-written: twenty lines of tokio, no crate offers a cuttable forwarder.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

pub struct Forwarder {
    pub port: u16,
    open: Arc<AtomicBool>,
    links: Arc<std::sync::Mutex<Vec<JoinHandle<()>>>>,
    accept: JoinHandle<()>,
}

impl Forwarder {
    /// Forwards `127.0.0.1:<port>` to `to` (`host:port`).
    pub async fn start(to: String) -> Forwarder {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let open = Arc::new(AtomicBool::new(true));
        let links: Arc<std::sync::Mutex<Vec<JoinHandle<()>>>> = Arc::default();
        let (o, l) = (open.clone(), links.clone());
        let accept = tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if !o.load(Ordering::SeqCst) {
                    continue; // dropped: the client sees the connection closed
                }
                let to = to.clone();
                l.lock().unwrap().push(tokio::spawn(async move {
                    if let Ok(mut outbound) = TcpStream::connect(&to).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                }));
            }
        });
        Forwarder {
            port,
            open,
            links,
            accept,
        }
    }

    /// Closes every connection and refuses new ones until [`Forwarder::restore`].
    pub fn cut(&self) {
        self.open.store(false, Ordering::SeqCst);
        for link in self.links.lock().unwrap().drain(..) {
            link.abort();
        }
    }

    pub fn restore(&self) {
        self.open.store(true, Ordering::SeqCst);
    }
}

impl Drop for Forwarder {
    fn drop(&mut self) {
        self.accept.abort();
        self.cut();
    }
}
