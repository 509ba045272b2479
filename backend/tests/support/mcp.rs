//! A `strata mcp` process driven as an assistant drives it: JSON-RPC lines on its standard input
//! and output (shared by the MCP tests and the fleet's).
#![allow(dead_code)]

use serde_json::{Value, json};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

/// A `strata mcp` process and its pipes.
pub struct Mcp {
    _child: Child,
    /// The history's data directory, removed after the process is killed.
    _data: tempfile::TempDir,
    pub stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    id: u64,
}

impl Mcp {
    pub fn spawn(args: &[&str], token: Option<&str>) -> Mcp {
        let env: Vec<(&str, &str)> = token.map(|t| ("STRATA_TOKEN", t)).into_iter().collect();
        Mcp::spawn_with_env(args, &env)
    }

    /// [`Mcp::spawn`] with these environment variables set (tokens, by name).
    pub fn spawn_with_env(args: &[&str], env: &[(&str, &str)]) -> Mcp {
        let data = tempfile::tempdir().unwrap();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_strata"));
        cmd.arg("mcp")
            .args(args)
            .env("STRATA_DATA_DIR", data.path())
            .env("RUST_LOG", "warn")
            .env_remove("STRATA_TOKEN")
            .env_remove("STRATA_SERVER")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true);
        cmd.envs(env.iter().copied());
        let mut child = cmd.spawn().expect("strata mcp starts");
        Mcp {
            stdin: child.stdin.take().unwrap(),
            stdout: BufReader::new(child.stdout.take().unwrap()),
            _child: child,
            _data: data,
            id: 0,
        }
    }

    pub async fn send(&mut self, msg: &Value) {
        let mut line = serde_json::to_vec(msg).unwrap();
        line.push(b'\n');
        self.stdin.write_all(&line).await.unwrap();
        self.stdin.flush().await.unwrap();
    }

    pub async fn answer(&mut self) -> Value {
        let mut line = String::new();
        tokio::time::timeout(Duration::from_secs(90), self.stdout.read_line(&mut line))
            .await
            .expect("an answer in time")
            .unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
    }

    /// A request's whole answer, checked to carry its id.
    pub async fn request(&mut self, method: &str, params: Value) -> Value {
        self.id += 1;
        let id = self.id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .await;
        let answer = self.answer().await;
        assert_eq!(answer["jsonrpc"], "2.0", "{answer}");
        assert_eq!(answer["id"], id, "{answer}");
        answer
    }

    /// A tool's structured result, checked to repeat itself as text.
    pub async fn call(&mut self, tool: &str, args: Value) -> (Value, bool) {
        let answer = self
            .request("tools/call", json!({"name": tool, "arguments": args}))
            .await;
        let result = &answer["result"];
        assert!(result.is_object(), "{tool}: {answer}");
        let text = result["content"][0]["text"].as_str().expect("text content");
        assert_eq!(result["content"][0]["type"], "text");
        let structured = result["structuredContent"].clone();
        assert_eq!(serde_json::from_str::<Value>(text).unwrap(), structured);
        (structured, result["isError"].as_bool().unwrap())
    }

    /// `tool`'s result once `done` accepts it (the demo is still being read at first).
    pub async fn call_until(
        &mut self,
        tool: &str,
        args: Value,
        done: impl Fn(&Value) -> bool,
    ) -> Value {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            let (v, err) = self.call(tool, args.clone()).await;
            if !err && done(&v) {
                return v;
            }
            assert!(tokio::time::Instant::now() < deadline, "{tool}: {v}");
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    }

    pub async fn initialize(&mut self) {
        let init = self
            .request(
                "initialize",
                json!({"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "test", "version": "0"}}),
            )
            .await;
        let r = &init["result"];
        assert_eq!(r["protocolVersion"], "2025-06-18", "{init}");
        assert_eq!(r["serverInfo"]["name"], "strata");
        assert!(r["capabilities"]["tools"].is_object());
        assert!(r["capabilities"].get("resources").is_none());
        self.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
    }
}
