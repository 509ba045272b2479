//! `cargo xtask`: everything needed to set up, build, run and test Strata on a fresh machine.
//!
//! * `setup [--test]`: installs what is missing (version checks only when all is there).
//! * `build`: the release frontend (Trunk) and the release `strata` binary.
//! * `demo [ARGS]`: build, then `strata demo` on the embedded simulated cluster.
//! * `test`: fmt, clippy (native and wasm32), native tests, wasm tests in Chromium, e2e;
//!   ends with one line `N passed, N failed`.

mod setup;
mod test;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(Parser)]
#[command(name = "cargo xtask")]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Install whatever is missing (add --test for the test tools: Chromium, Prometheus, ...).
    Setup {
        #[arg(long)]
        test: bool,
    },
    /// Build the release frontend and backend.
    Build,
    /// Build, then run the console on the embedded simulated cluster (extra args go to `strata demo`).
    Demo {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Run every check and test suite; ends with `N passed, N failed`.
    Test,
}

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
}

/// A command run from the workspace root.
pub fn cmd(program: &str) -> Command {
    let mut c = Command::new(program);
    c.current_dir(root());
    c
}

/// Runs a command, failing with its command line when it fails.
pub fn run(c: &mut Command) -> Result<()> {
    eprintln!("xtask: $ {}", show(c));
    let status = c
        .status()
        .with_context(|| format!("cannot start {}", show(c)))?;
    if !status.success() {
        bail!("{} failed ({status})", show(c));
    }
    Ok(())
}

pub fn show(c: &Command) -> String {
    let mut s = c.get_program().to_string_lossy().into_owned();
    for a in c.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

/// Builds the release frontend into `dist/`.
pub fn build_frontend() -> Result<()> {
    run(cmd("trunk").args(["build", "--release"]))
}

fn build() -> Result<()> {
    setup::ensure(false)?;
    build_frontend()?;
    run(cmd("cargo").args([
        "build",
        "--release",
        "--locked",
        "-p",
        "backend",
        "--bin",
        "strata",
    ]))
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Cmd::Setup { test } => setup::ensure(test),
        Cmd::Build => build(),
        Cmd::Demo { args } => build().and_then(|()| demo(args)),
        Cmd::Test => test::run_all(),
    };
    if let Err(e) = result {
        eprintln!("xtask: error: {e:#}");
        std::process::exit(1);
    }
}

fn demo(args: Vec<String>) -> Result<()> {
    let mut c = cmd(&root().join("target/release/strata").to_string_lossy());
    c.arg("demo")
        .arg("--assets")
        .arg(root().join("dist"))
        .args(args);
    eprintln!("xtask: $ {}", show(&c));
    // Replace this process with the console: Ctrl-C reaches it directly and nothing is left behind.
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        Err(c.exec()).context("cannot start strata")
    }
    #[cfg(not(unix))]
    {
        run(&mut c)
    }
}
