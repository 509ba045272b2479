//! The history flags of `serve` and `demo`, and `strata history [--cluster NAME]
//! NAMESPACE/NAME`, which prints a VMI's timeline from the data directory (or
//! `--history-url`) with no server running.

use super::retention::Bounds;
use super::{HistoryHandle, HistoryUrl, now_ms, timeline};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Where history is kept and for how long.
#[derive(clap::Args, Debug, Clone)]
pub struct HistoryArgs {
    /// Directory of the embedded history database (default for `serve`:
    /// `$XDG_STATE_HOME/strata`, else `~/.local/state/strata`; for `demo`: a temporary one).
    #[arg(long, env = "STRATA_DATA_DIR")]
    pub data_dir: Option<PathBuf>,
    /// Keep history in PostgreSQL instead (`postgres://user:password@host/db`), shared by
    /// replicas. Its password is never shown (not in logs, errors nor this help).
    #[arg(long, env = "STRATA_HISTORY_URL", hide_env_values = true, value_parser = parse_url)]
    pub history_url: Option<HistoryUrl>,
    /// How long history is kept, e.g. `14d`, `36h`.
    #[arg(long, default_value = "14d", value_parser = parse_duration, env = "STRATA_HISTORY_RETENTION")]
    pub history_retention: Duration,
    /// The most bytes history may take (oldest rows go first), e.g. `1GiB`, `500MiB`, `1000000`.
    #[arg(long, default_value = "1GiB", value_parser = parse_bytes, env = "STRATA_HISTORY_MAX_BYTES")]
    pub history_max_bytes: u64,
}

/// `--history-url`: never refused here, so clap's error (which repeats the value) never shows
/// it; a value that names no store is refused, redacted, when the store is opened.
pub fn parse_url(s: &str) -> Result<HistoryUrl, std::convert::Infallible> {
    Ok(HistoryUrl::parse(s))
}

/// `24h`, `14d`, `90s`, `1h30m` (humantime's syntax).
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    humantime::parse_duration(s).map_err(|e| format!("{s:?}: {e} (write e.g. 24h, 14d, 30m)"))
}

/// A byte count with an optional `KiB`, `MiB`, `GiB` (or `K`, `M`, `G`) suffix. Hand-written:
/// three binary suffixes.
pub fn parse_bytes(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (n, unit) = t.split_at(split);
    let n: u64 = n
        .parse()
        .map_err(|_| format!("{s:?} is not a size such as 1GiB"))?;
    let mul = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kib" | "kb" => 1 << 10,
        "m" | "mib" | "mb" => 1 << 20,
        "g" | "gib" | "gb" => 1 << 30,
        _ => return Err(format!("{s:?}: unknown unit (use KiB, MiB or GiB)")),
    };
    n.checked_mul(mul)
        .ok_or_else(|| format!("{s:?} is too large"))
}

/// The per-user default data directory.
pub fn default_data_dir() -> PathBuf {
    let from = |v: &str| {
        std::env::var_os(v)
            .filter(|p| !p.is_empty())
            .map(PathBuf::from)
    };
    from("XDG_STATE_HOME")
        .or_else(|| from("HOME").map(|h| h.join(".local").join("state")))
        .unwrap_or_else(std::env::temp_dir)
        .join("strata")
}

impl HistoryArgs {
    pub fn bounds(&self) -> Bounds {
        Bounds {
            retention: self.history_retention,
            max_bytes: self.history_max_bytes,
        }
    }

    /// Opens the console's history. `demo` without `--data-dir` uses a temporary directory,
    /// removed when the returned guard drops.
    pub async fn open(&self, demo: bool) -> (Arc<HistoryHandle>, Option<tempfile::TempDir>) {
        let mut guard = None;
        let dir = match (&self.data_dir, demo) {
            (Some(d), _) => d.clone(),
            (None, false) => default_data_dir(),
            (None, true) => match tempfile::Builder::new().prefix("strata-demo-").tempdir() {
                Ok(t) => {
                    let p = t.path().to_path_buf();
                    guard = Some(t);
                    p
                }
                Err(e) => {
                    return (
                        HistoryHandle::off(format!("no temporary data dir: {e}")),
                        None,
                    );
                }
            },
        };
        let handle = super::open_handle(self.history_url.as_ref(), &dir, self.bounds()).await;
        (handle, guard)
    }
}

/// `strata history`: exit code 0 with the timeline, 2 when it cannot be read.
pub async fn print(
    target: &str,
    cluster: Option<&str>,
    since: Duration,
    json: bool,
    args: &HistoryArgs,
) -> Result<(), String> {
    let (store, id) = open_subject(target, cluster, args).await?;
    let to = now_ms();
    let from = to - i64::try_from(since.as_millis()).unwrap_or(i64::MAX / 2);
    let h = store
        .history(&id, from, to)
        .await
        .map_err(|e| e.to_string())?;
    if json {
        println!("{}", serde_json::to_string_pretty(&h).unwrap_or_default());
    } else {
        print!("{}", timeline::render(&h));
    }
    Ok(())
}

/// The store the data directory (or `--history-url`) holds, and the VMI `target`
/// (`NAMESPACE/NAME`) names in it, in `cluster` (`--cluster`; without it the first cluster of a
/// fleet, whose rows name none, or a one-cluster console's): the VMI that held the name last
/// (history is kept per VMI object, by its UID). Shared by `strata history` and `strata
/// snapshot`.
pub async fn open_subject(
    target: &str,
    cluster: Option<&str>,
    args: &HistoryArgs,
) -> Result<(super::DynStore, super::VmiId), String> {
    let Some((namespace, name)) = target.split_once('/') else {
        return Err(format!("{target:?}: write NAMESPACE/NAME"));
    };
    let dir = args.data_dir.clone().unwrap_or_else(default_data_dir);
    if args.history_url.is_none() && !dir.join(super::sqlite::FILE).is_file() {
        return Err(format!(
            "no history in {} (give --data-dir, or --history-url for PostgreSQL)",
            dir.display()
        ));
    }
    let store = super::open(args.history_url.as_ref(), &dir)
        .await
        .map_err(|e| e.to_string())?;
    let key = model::VmiKey::new(namespace, name).in_cluster(cluster.unwrap_or_default());
    let uid = store.latest_uid(&key).await.map_err(|e| e.to_string())?;
    if uid.is_none() && !key.cluster.is_empty() {
        return Err(format!(
            "nothing was recorded for {target} in cluster {:?} (the first cluster of a fleet is \
             recorded under no name: leave --cluster out for it)",
            key.cluster
        ));
    }
    Ok((store, super::VmiId::new(key, uid.unwrap_or_default())))
}

/// `strata snapshot NAMESPACE/NAME`: the VMI's incident file (`model::incident`) as the
/// recorder kept it at `at` (RFC 3339; the newest recording without it), written to `output`
/// (standard output without it), with names and addresses replaced when `redact`.
pub async fn snapshot(
    target: &str,
    cluster: Option<&str>,
    at: Option<&str>,
    redact: bool,
    output: Option<&std::path::Path>,
    args: &HistoryArgs,
) -> Result<(), String> {
    let at = match at {
        Some(t) => {
            model::time::Timestamp::parse(t)
                .ok_or_else(|| format!("--at {t:?}: write an RFC 3339 time"))?
                .0
        }
        None => now_ms(),
    };
    let (store, id) = open_subject(target, cluster, args).await?;
    let Some((_, body)) = store.detail_at(&id, at).await.map_err(|e| e.to_string())? else {
        return Err(format!(
            "nothing was recorded for {target} at or before {}",
            model::time::Timestamp(at)
        ));
    };
    let s = super::snapshot::Snapshot::decompress(&body).map_err(|e| e.to_string())?;
    let incident = model::incident::Incident::new(&s.evidence, s.now, None, redact);
    let html = model::incident::write::render(&incident);
    match output {
        Some(path) => {
            std::fs::write(path, html).map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
        None => {
            use std::io::Write;
            std::io::stdout()
                .write_all(html.as_bytes())
                .map_err(|e| e.to_string())
        }
    }
}

/// Default `--since`.
pub const SINCE: &str = "24h";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::retention;

    #[test]
    fn sizes_and_durations_parse() {
        assert_eq!(parse_bytes("1GiB"), Ok(1 << 30));
        assert_eq!(parse_bytes("500 MiB"), Ok(500 << 20));
        assert_eq!(parse_bytes("1000"), Ok(1000));
        assert!(parse_bytes("1TB").is_err());
        assert_eq!(parse_duration("14d"), Ok(retention::RETENTION));
        assert_eq!(parse_duration("24h"), Ok(Duration::from_secs(86_400)));
        assert!(parse_duration("soon").is_err());
    }
}
