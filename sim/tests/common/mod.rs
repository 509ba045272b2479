//! Helpers shared by the simulator's integration tests.
#![allow(dead_code)]

pub mod source;

use serde_json::Value;
use sim::{Sim, SimArgs};
use std::time::Duration;

/// A simulator on 127.0.0.1:0 with a manual clock (deterministic) and the given scenarios.
pub async fn start_manual(scenarios: &str) -> Sim {
    let args = SimArgs {
        scenarios: scenarios.into(),
        clock: "manual".into(),
        ..SimArgs::default()
    };
    start(&args).await
}

pub async fn start(args: &SimArgs) -> Sim {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    Sim::start_with(listener, args).await.unwrap()
}

pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

/// GET a path; returns the status code and the JSON body.
pub async fn get(sim: &Sim, path: &str) -> (u16, Value) {
    let r = client()
        .get(format!("{}{path}", sim.url()))
        .send()
        .await
        .unwrap();
    let code = r.status().as_u16();
    (code, r.json().await.unwrap_or(Value::Null))
}

pub async fn post(sim: &Sim, path: &str) -> (u16, Value) {
    let r = client()
        .post(format!("{}{path}", sim.url()))
        .send()
        .await
        .unwrap();
    let code = r.status().as_u16();
    (code, r.json().await.unwrap_or(Value::Null))
}

/// The condition of type `ty` of an object.
pub fn condition<'a>(o: &'a Value, ty: &str) -> Option<&'a Value> {
    o["status"]["conditions"]
        .as_array()?
        .iter()
        .find(|c| c["type"] == ty)
}

/// Reads newline-delimited watch events from a streaming response until `n` lines or `timeout`.
pub struct WatchReader {
    resp: reqwest::Response,
    buf: Vec<u8>,
}

impl WatchReader {
    pub async fn open(sim: &Sim, path: &str) -> WatchReader {
        let resp = client()
            .get(format!("{}{path}", sim.url()))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status().as_u16(), 200, "{path}");
        WatchReader {
            resp,
            buf: Vec::new(),
        }
    }

    /// The next event, or None when the stream ended or nothing came within `timeout`.
    pub async fn next(&mut self, timeout: Duration) -> Option<Value> {
        loop {
            if let Some(i) = self.buf.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=i).collect();
                return Some(serde_json::from_slice(&line).expect("watch line is JSON"));
            }
            match tokio::time::timeout(timeout, self.resp.chunk()).await {
                Ok(Ok(Some(c))) => self.buf.extend_from_slice(&c),
                _ => return None,
            }
        }
    }

    /// Events until one satisfies `pred` (returned), or None.
    pub async fn until(
        &mut self,
        timeout: Duration,
        pred: impl Fn(&Value) -> bool,
    ) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let ev = self.next(left).await?;
            if pred(&ev) {
                return Some(ev);
            }
        }
    }
}
