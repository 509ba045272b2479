//! Every log line of a test binary, captured: a global `tracing` subscriber writing into a
//! buffer, for tests that count or search what was logged.
#![allow(dead_code)]

use std::sync::{Arc, Mutex, OnceLock};

fn buffer() -> &'static Arc<Mutex<Vec<u8>>> {
    static LOGS: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        let buf = Arc::new(Mutex::new(Vec::new()));
        let sink = buf.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::DEBUG)
            .with_ansi(false)
            .with_writer(move || Sink(sink.clone()))
            .finish();
        tracing::subscriber::set_global_default(subscriber).unwrap();
        buf
    })
}

/// Starts capturing (call before what logs).
pub fn capture() {
    buffer();
}

/// What was logged so far.
pub fn text() -> String {
    String::from_utf8_lossy(&buffer().lock().unwrap()).into_owned()
}

/// The lines logged so far that contain `needle`.
pub fn lines_with(needle: &str) -> usize {
    text().lines().filter(|l| l.contains(needle)).count()
}

struct Sink(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Sink {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The log lines of the current thread while it lives (a `#[tokio::test]` runs its tasks on its
/// one thread): for tests of one binary that count lines side by side.
pub struct Local {
    buf: Arc<Mutex<Vec<u8>>>,
    _guard: tracing::subscriber::DefaultGuard,
}

impl Local {
    pub fn new() -> Local {
        let buf = Arc::new(Mutex::new(Vec::new()));
        let sink = buf.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::DEBUG)
            .with_ansi(false)
            .with_writer(move || Sink(sink.clone()))
            .finish();
        Local {
            buf,
            _guard: tracing::subscriber::set_default(subscriber),
        }
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.buf.lock().unwrap()).into_owned()
    }

    pub fn lines_with(&self, needle: &str) -> usize {
        self.text().lines().filter(|l| l.contains(needle)).count()
    }
}
