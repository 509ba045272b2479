//! Issue 17, the network side: the `Host` check against DNS rebinding (and `--allowed-host`),
//! the `/k8s` proxy off by default, slow-header connections closed, stream ids tied to the
//! server instance, `Last-Event-ID: u64::MAX`, `Vary` on static files, and shutdown ending
//! push streams.

mod common;

use backend::run::{Console, Options};
use common::*;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// One raw HTTP/1.1 GET of `path` naming `host`; the status code (0: no answer).
async fn get_with_host(addr: SocketAddr, path: &str, host: &str) -> u16 {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out)).await;
    let text = String::from_utf8_lossy(&out);
    text.split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

async fn local_console(sim: &sim::Sim, options: Options) -> Console {
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(sim.url()))
        .await
        .unwrap();
    console_with(client, options).await
}

#[tokio::test]
async fn a_rebinding_host_is_refused_and_loopback_hosts_pass() {
    let sim = sim("healthy").await;
    let console = console(&sim).await;
    all_synced(&console).await;
    let port = console.addr.port();
    for host in ["evil.example", &format!("evil.example:{port}"), "10.1.2.3"] {
        for path in ["/api/v1/vmis", "/", "/api/v1/stream", "/readyz"] {
            assert_eq!(
                get_with_host(console.addr, path, host).await,
                403,
                "{host}{path}"
            );
        }
    }
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        "127.0.0.2".to_string(),
        "localhost".to_string(),
    ] {
        assert_eq!(
            get_with_host(console.addr, "/api/v1/vmis", &host).await,
            200,
            "{host}"
        );
    }
}

#[tokio::test]
async fn allowed_host_admits_its_name_only() {
    let sim = sim("healthy").await;
    let console = local_console(
        &sim,
        Options {
            allowed_hosts: vec!["strata.lab".into()],
            ..Options::local(None)
        },
    )
    .await;
    all_synced(&console).await;
    assert_eq!(
        get_with_host(console.addr, "/api/v1/vmis", "strata.lab:8080").await,
        200
    );
    assert_eq!(
        get_with_host(console.addr, "/api/v1/vmis", "other.lab").await,
        403
    );
}

#[tokio::test]
async fn the_k8s_proxy_is_off_by_default() {
    let sim = sim("healthy").await;
    let console = console(&sim).await;
    all_synced(&console).await;
    let (code, err) = get_json(&console, "/k8s/api/v1/namespaces/default/pods").await;
    assert_eq!(code, 404, "{err}");
    assert!(
        err["error"]
            .as_str()
            .unwrap()
            .contains("--enable-k8s-proxy")
    );
    assert_eq!(
        console
            .metrics
            .proxy_forwarded
            .load(std::sync::atomic::Ordering::Relaxed),
        0
    );
    let on = console_k8s(&sim).await;
    assert_eq!(
        get_json(&on, "/k8s/api/v1/namespaces/default/pods").await.0,
        200
    );
}

#[tokio::test]
async fn trickling_connections_are_closed_after_the_header_timeout() {
    let sim = sim("healthy").await;
    let console = local_console(
        &sim,
        Options {
            limits: backend::serve::Limits {
                header_read_timeout: Duration::from_secs(1),
                ..Default::default()
            },
            ..Options::local(None)
        },
    )
    .await;
    let start = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..20 {
        let addr = console.addr;
        tasks.push(tokio::spawn(async move {
            let mut s = TcpStream::connect(addr).await.unwrap();
            s.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
                .await
                .unwrap();
            // One header byte every 200 ms, never the end of the headers.
            let mut buf = [0u8; 256];
            loop {
                if s.write_all(b"X").await.is_err() {
                    return start.elapsed();
                }
                match tokio::time::timeout(Duration::from_millis(200), s.read(&mut buf)).await {
                    Ok(Ok(0)) | Ok(Err(_)) => return start.elapsed(),
                    Ok(Ok(_)) => return start.elapsed(), // an error answer, then close
                    Err(_) if start.elapsed() > Duration::from_secs(8) => {
                        panic!("still open after 8 s")
                    }
                    Err(_) => {}
                }
            }
        }));
    }
    for t in tasks {
        let closed_after = t.await.unwrap();
        assert!(closed_after < Duration::from_secs(4), "{closed_after:?}");
    }
}

/// Opens the stream (with `last_event_id`, if any) and returns the first event's text.
async fn first_event(console: &Console, last_event_id: Option<&str>) -> String {
    let mut req = http().get(format!("{}/api/v1/stream", console.url()));
    if let Some(id) = last_event_id {
        req = req.header("last-event-id", id);
    }
    let mut res = req.send().await.unwrap();
    assert_eq!(res.status(), 200);
    let mut seen = String::new();
    while !seen.contains("\n\n") {
        let chunk = tokio::time::timeout(Duration::from_secs(10), res.chunk())
            .await
            .expect("an event within 10 s")
            .unwrap()
            .expect("the stream stays open");
        seen.push_str(&String::from_utf8_lossy(&chunk));
    }
    seen
}

fn id_of(event: &str) -> String {
    event
        .lines()
        .find_map(|l| l.strip_prefix("id: "))
        .expect("an id")
        .to_string()
}

#[tokio::test]
async fn an_id_of_another_instance_gets_a_snapshot() {
    let sim = sim("healthy,no-agent").await;
    let console = console(&sim).await;
    all_synced(&console).await;
    let first = first_event(&console, None).await;
    assert!(first.contains("{\"snapshot\":"), "{first}");
    let id = id_of(&first);
    let (epoch, seq) = id.split_once('-').expect("epoch-seq");
    assert!(sim.set_vmi_phase("default", "healthy", "Failed"));
    eventually(Duration::from_secs(10), "the change stored", || async {
        (console.store.snapshot().0 > seq.parse().unwrap()).then_some(())
    })
    .await;
    // Our own id resumes.
    let resumed = first_event(&console, Some(&id)).await;
    assert!(resumed.contains("{\"upsert\":"), "{resumed}");
    // Another process's (or replica's) id with the same sequence number, and an id without an
    // epoch, get a snapshot instead of a resume that would miss that process's deletes.
    let other = format!("{:016x}-{seq}", u64::from_str_radix(epoch, 16).unwrap() ^ 1);
    for foreign in [other.as_str(), seq] {
        let text = first_event(&console, Some(foreign)).await;
        assert!(text.contains("{\"snapshot\":"), "{foreign}: {text}");
    }
    // Another console on the same cluster has its own epoch.
    let second = console_k8s(&sim).await;
    all_synced(&second).await;
    let text = first_event(&second, Some(&id)).await;
    assert!(text.contains("{\"snapshot\":"), "{text}");
}

#[tokio::test]
async fn last_event_id_u64_max_gets_a_snapshot() {
    let sim = sim("healthy").await;
    let console = console(&sim).await;
    all_synced(&console).await;
    // A change, so the change log is not empty (an empty log was never compared with the id).
    let before = console.store.snapshot().0;
    assert!(sim.set_vmi_phase("default", "healthy", "Failed"));
    eventually(Duration::from_secs(10), "the change stored", || async {
        (console.store.snapshot().0 > before).then_some(())
    })
    .await;
    // Without an epoch (a debug build used to overflow on `last + 1`), then with this one's.
    let text = first_event(&console, Some(&u64::MAX.to_string())).await;
    assert!(text.contains("{\"snapshot\":"), "{text}");
    let epoch = id_of(&text);
    let epoch = epoch.split_once('-').expect("epoch-seq").0;
    let text = first_event(&console, Some(&format!("{epoch}-{}", u64::MAX))).await;
    assert!(text.contains("{\"snapshot\":"), "{text}");
}

#[tokio::test]
async fn static_files_vary_on_accept_encoding() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        "<!doctype html><title>t</title>",
    )
    .unwrap();
    let js = "console.log('strata');\n".repeat(100);
    std::fs::write(dir.path().join("app.js"), &js).unwrap();
    std::fs::write(dir.path().join("app.js.br"), b"br-bytes").unwrap();
    std::fs::write(dir.path().join("app.js.gz"), b"gz-bytes").unwrap();
    std::fs::write(dir.path().join("tiny.png"), b"png").unwrap();
    let sim = sim("healthy").await;
    let console = local_console(&sim, Options::local(Some(dir.path().to_path_buf()))).await;
    let client = reqwest::Client::builder()
        .no_gzip()
        .no_brotli()
        .build()
        .unwrap();
    for (path, accept, encoding) in [
        ("/app.js", "br", Some("br")),
        ("/app.js", "gzip", Some("gzip")),
        ("/app.js", "identity", None),
        ("/tiny.png", "br, gzip", None),
    ] {
        let res = client
            .get(format!("{}{path}", console.url()))
            .header("accept-encoding", accept)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "{path} {accept}");
        let h = res.headers();
        assert_eq!(
            h.get("content-encoding").map(|v| v.to_str().unwrap()),
            encoding,
            "{path} {accept}"
        );
        let vary: Vec<&str> = h
            .get_all("vary")
            .iter()
            .map(|v| v.to_str().unwrap())
            .collect();
        assert!(
            vary.iter()
                .any(|v| v.to_ascii_lowercase().contains("accept-encoding")),
            "{path} {accept}: {vary:?}"
        );
    }
}

#[tokio::test]
async fn shutdown_ends_open_streams_and_the_server() {
    let sim = sim("healthy").await;
    let console = console(&sim).await;
    all_synced(&console).await;
    let mut res = http()
        .get(format!("{}/api/v1/stream", console.url()))
        .send()
        .await
        .unwrap();
    res.chunk().await.unwrap();
    let t = Instant::now();
    console.shutdown.trigger();
    // The stream ends (the browser would reconnect elsewhere)...
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        while let Ok(Some(_)) = res.chunk().await {}
    })
    .await;
    assert!(ended.is_ok(), "the stream stayed open");
    // ...and the server finishes, well within the 10 s Kubernetes allows by default.
    tokio::time::timeout(Duration::from_secs(8), console.server)
        .await
        .expect("server finished")
        .unwrap()
        .unwrap();
    assert!(t.elapsed() < Duration::from_secs(8));
    assert!(
        TcpStream::connect(console.addr).await.is_err(),
        "no longer accepting"
    );
}
