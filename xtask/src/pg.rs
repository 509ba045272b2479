//! A throwaway PostgreSQL cluster for the history store tests: `initdb` into a temporary
//! directory and `pg_ctl start` on a free loopback port (as the `postgres` user when run as
//! root, through `runuser`), stopped (`-m immediate`) and removed when dropped. The tests get
//! its URL in `STRATA_TEST_PG_URL`.

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::process::Command;

pub struct Server {
    bin: PathBuf,
    dir: PathBuf,
    as_postgres: bool,
    pub url: String,
}

/// Debian's newest `/usr/lib/postgresql/*/bin`.
fn bin_dir() -> Result<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .context("no /usr/lib/postgresql (run `cargo xtask setup --test`)")?
        .flatten()
        .map(|e| e.path().join("bin"))
        .filter(|b| b.join("initdb").is_file())
        .collect();
    dirs.sort();
    dirs.pop().context("no initdb under /usr/lib/postgresql")
}

fn pg(bin: &Path, tool: &str, as_postgres: bool) -> Command {
    if as_postgres {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(bin.join(tool));
        c
    } else {
        Command::new(bin.join(tool))
    }
}

fn ok(c: &mut Command, what: &str) -> Result<()> {
    let out = c.output().with_context(|| format!("cannot run {what}"))?;
    if !out.status.success() {
        bail!("{what} failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    Ok(())
}

impl Server {
    pub fn start() -> Result<Server> {
        let bin = bin_dir()?;
        let root = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| o.stdout.trim_ascii() == b"0");
        let dir = std::env::temp_dir().join(format!("strata-xtask-pg-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)?;
        if root {
            ok(
                Command::new("chown").arg("postgres:postgres").arg(&dir),
                "chown",
            )?;
        }
        let data = dir.join("data");
        ok(
            pg(&bin, "initdb", root)
                .args([
                    "-A",
                    "trust",
                    "-U",
                    "postgres",
                    "--no-sync",
                    "-E",
                    "UTF8",
                    "-D",
                ])
                .arg(&data),
            "initdb",
        )?;
        let port = std::net::TcpListener::bind("127.0.0.1:0")?
            .local_addr()?
            .port();
        let opts = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            dir.display()
        );
        let server = Server {
            bin,
            dir,
            as_postgres: root,
            url: format!("postgres://postgres@127.0.0.1:{port}/postgres"),
        };
        ok(
            pg(&server.bin, "pg_ctl", root)
                .arg("-D")
                .arg(&data)
                .arg("-l")
                .arg(server.dir.join("log"))
                .args(["-o", &opts, "-w", "start"]),
            "pg_ctl start",
        )?;
        Ok(server)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = pg(&self.bin, "pg_ctl", self.as_postgres)
            .arg("-D")
            .arg(self.dir.join("data"))
            .args(["-m", "immediate", "stop"])
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[cfg(test)]
mod tests {
    /// Starts and stops a real server (needs Debian's postgresql): `cargo test -p xtask --
    /// --ignored`.
    #[test]
    #[ignore]
    fn a_server_starts_answers_and_stops() {
        let s = super::Server::start().unwrap();
        let port = s.url.rsplit(':').next().unwrap().split('/').next().unwrap();
        let port: u16 = port.parse().unwrap();
        assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_ok());
        let dir = s.dir.clone();
        drop(s);
        assert!(!dir.exists());
        assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_err());
    }
}
