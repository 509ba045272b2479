//! Issue 27, finding 3: silent connections must not block the console. Real sockets against a
//! console on the simulator: idle TCP connections up to the per-address cap leave room for
//! another address; a socket that never sends a byte, an HTTP/2 (h2c) connection idle after its
//! preface, one whose HEADERS frame never ends, and one idle after its request are all closed by
//! the deadlines counted from accept; and the operator port's `/readyz` sees a saturated
//! listener. (Loopback addresses 127.0.0.2 and up are other clients to the server.)

mod common;

use backend::run::{Console, Options};
use backend::serve::Limits;
use common::*;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// The HTTP/2 connection preface and an empty SETTINGS frame.
const PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\x04\0\0\0\0\0";

/// One HTTP/2 frame.
fn frame(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Vec<u8> {
    let len = payload.len() as u32;
    let mut f = len.to_be_bytes()[1..].to_vec();
    f.extend([kind, flags]);
    f.extend(stream.to_be_bytes());
    f.extend(payload);
    f
}

/// HPACK for `GET http://localhost/healthz`: indexed `:method GET` and `:scheme http`, then
/// `:path` and `:authority` as literals (no Huffman).
fn get_healthz_block() -> Vec<u8> {
    let mut b = vec![0x82, 0x86, 0x44, 8];
    b.extend(b"/healthz");
    b.extend([0x41, 9]);
    b.extend(b"localhost");
    b
}

const HEADERS: u8 = 0x1;
const END_STREAM: u8 = 0x1;
const END_HEADERS: u8 = 0x4;

async fn connect_from(from: [u8; 4], to: SocketAddr) -> TcpStream {
    let s = TcpSocket::new_v4().unwrap();
    s.bind(SocketAddr::from((from, 0))).unwrap();
    s.connect(to).await.unwrap()
}

/// Reads (and drops) what the server sends until it closes; how long that took, or `None` when
/// it is still open after `wait`.
async fn closed_within(s: &mut TcpStream, wait: Duration) -> Option<Duration> {
    let start = Instant::now();
    let mut buf = [0u8; 4096];
    loop {
        let left = wait.checked_sub(start.elapsed())?;
        match tokio::time::timeout(left, s.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(start.elapsed()),
            Ok(Ok(_)) => {}
        }
    }
}

/// `GET path` over HTTP/1.1 from the client address `from`; the status, or `None` without an
/// answer within `wait`.
async fn get_from(from: [u8; 4], to: SocketAddr, path: &str, wait: Duration) -> Option<u16> {
    let exchange = async {
        let mut s = connect_from(from, to).await;
        let req = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        s.write_all(req.as_bytes()).await.ok()?;
        let mut out = Vec::new();
        s.read_to_end(&mut out).await.ok()?;
        String::from_utf8_lossy(&out)
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
    };
    tokio::time::timeout(wait, exchange).await.ok().flatten()
}

async fn console_limited(sim: &sim::Sim, limits: Limits, operator: bool) -> Console {
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(sim.url()))
        .await
        .unwrap();
    let console = console_with(
        client,
        Options {
            limits,
            metrics_listen: operator.then(|| "127.0.0.1:0".parse().unwrap()),
            ..Options::local(None)
        },
    )
    .await;
    all_synced(&console).await;
    console
}

#[tokio::test]
async fn idle_connections_up_to_the_address_cap_leave_room_for_another_address() {
    let sim = sim("healthy").await;
    let limits = Limits {
        max_connections: 20,
        max_connections_per_address: 10,
        // Long enough that no deadline frees a slot while this runs.
        header_read_timeout: Duration::from_secs(60),
        ..Default::default()
    };
    let console = console_limited(&sim, limits, false).await;
    // One address opens more idle connections than the whole server may hold.
    let mut idle = Vec::new();
    for _ in 0..30 {
        idle.push(connect_from([127, 0, 0, 3], console.addr).await);
    }
    assert_eq!(
        get_from(
            [127, 0, 0, 2],
            console.addr,
            "/healthz",
            Duration::from_secs(5)
        )
        .await,
        Some(200),
        "another address is served while the first one holds its cap"
    );
    // Its connections over the cap were closed at once; those up to the cap stay open.
    let mut open = 0;
    for s in &mut idle {
        if closed_within(s, Duration::from_millis(300)).await.is_none() {
            open += 1;
        }
    }
    assert_eq!(open, 10, "the address holds exactly its cap");
}

#[tokio::test]
async fn a_socket_that_sends_nothing_is_closed_after_the_header_timeout() {
    let sim = sim("healthy").await;
    let limits = Limits {
        header_read_timeout: Duration::from_secs(1),
        ..Default::default()
    };
    let console = console_limited(&sim, limits, false).await;
    let mut s = connect_from([127, 0, 0, 4], console.addr).await;
    let after = closed_within(&mut s, Duration::from_secs(8)).await;
    assert!(after.is_some(), "a silent socket is still open after 8 s");
    assert!(after.unwrap() >= Duration::from_millis(900), "{after:?}");
}

#[tokio::test]
async fn an_h2c_connection_idle_after_its_preface_is_closed_after_the_header_timeout() {
    let sim = sim("healthy").await;
    let limits = Limits {
        header_read_timeout: Duration::from_secs(1),
        ..Default::default()
    };
    let console = console_limited(&sim, limits, false).await;
    let mut s = connect_from([127, 0, 0, 5], console.addr).await;
    s.write_all(PREFACE).await.unwrap();
    let after = closed_within(&mut s, Duration::from_secs(8)).await;
    assert!(
        after.is_some(),
        "an idle h2c connection is still open after 8 s"
    );
}

#[tokio::test]
async fn an_h2c_headers_frame_that_never_ends_is_closed_after_the_header_timeout() {
    let sim = sim("healthy").await;
    let limits = Limits {
        header_read_timeout: Duration::from_secs(1),
        ..Default::default()
    };
    let console = console_limited(&sim, limits, false).await;
    let mut s = connect_from([127, 0, 0, 6], console.addr).await;
    s.write_all(PREFACE).await.unwrap();
    // HEADERS without END_HEADERS: the server waits for a CONTINUATION that never comes.
    let block = get_healthz_block();
    s.write_all(&frame(HEADERS, END_STREAM, 1, &block[..2]))
        .await
        .unwrap();
    let after = closed_within(&mut s, Duration::from_secs(8)).await;
    assert!(
        after.is_some(),
        "an unfinished HEADERS frame is still open after 8 s"
    );
}

/// Reads frames until stream 1's response has ended.
async fn read_response(s: &mut TcpStream) {
    loop {
        let mut head = [0u8; 9];
        s.read_exact(&mut head).await.unwrap();
        let len = u32::from_be_bytes([0, head[0], head[1], head[2]]) as usize;
        let mut payload = vec![0u8; len];
        s.read_exact(&mut payload).await.unwrap();
        let (kind, flags) = (head[3], head[4]);
        let stream = u32::from_be_bytes([head[5], head[6], head[7], head[8]]) & 0x7fff_ffff;
        // DATA or HEADERS of stream 1 with END_STREAM.
        if stream == 1 && kind <= 1 && flags & END_STREAM != 0 {
            return;
        }
    }
}

#[tokio::test]
async fn an_h2c_connection_idle_after_a_request_is_closed_after_the_idle_timeout() {
    let sim = sim("healthy").await;
    let limits = Limits {
        idle_timeout: Duration::from_secs(1),
        ..Default::default()
    };
    let console = console_limited(&sim, limits, false).await;
    let mut s = connect_from([127, 0, 0, 7], console.addr).await;
    s.write_all(PREFACE).await.unwrap();
    s.write_all(&frame(
        HEADERS,
        END_STREAM | END_HEADERS,
        1,
        &get_healthz_block(),
    ))
    .await
    .unwrap();
    tokio::time::timeout(Duration::from_secs(5), read_response(&mut s))
        .await
        .expect("the h2c request is answered");
    let after = closed_within(&mut s, Duration::from_secs(8)).await;
    assert!(
        after.is_some(),
        "an h2c connection idle after its request is still open after 8 s"
    );
}

/// The operator port's `/readyz`: status and body.
async fn operator_readyz(console: &Console) -> (u16, serde_json::Value) {
    let res = http()
        .get(format!("http://{}/readyz", console.operator_addr.unwrap()))
        .send()
        .await
        .unwrap();
    (res.status().as_u16(), res.json().await.unwrap())
}

#[tokio::test]
async fn readyz_reports_a_saturated_listener() {
    let sim = sim("healthy").await;
    let limits = Limits {
        max_connections: 6,
        header_read_timeout: Duration::from_secs(60),
        ..Default::default()
    };
    let console = console_limited(&sim, limits, true).await;
    let (code, body) = operator_readyz(&console).await;
    assert_eq!(
        (code, &body["saturated"]),
        (200, &serde_json::json!(false)),
        "{body}"
    );
    let mut idle = Vec::new();
    for i in 0..6u8 {
        idle.push(connect_from([127, 0, 1, i], console.addr).await);
    }
    let body = eventually(Duration::from_secs(5), "/readyz says saturated", || async {
        let (code, body) = operator_readyz(&console).await;
        (code == 503).then_some(body)
    })
    .await;
    assert_eq!(body["saturated"], true, "{body}");
    assert_eq!(body["connections"]["open"], 6, "{body}");
    drop(idle);
    eventually(Duration::from_secs(5), "/readyz ready again", || async {
        (operator_readyz(&console).await.0 == 200).then_some(())
    })
    .await;
}
