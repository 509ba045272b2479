//! `cargo xtask`: everything needed to set up, build, run and test Strata on a fresh machine.
//!
//! * `setup [--test]`: installs what is missing (version checks only when all is there).
//! * `build`: the release frontend (Trunk) and the release `strata` binary.
//! * `demo [ARGS]`: build, then `strata demo` on the embedded simulated cluster.
//! * `demo --real-apiserver [ARGS]`: the console on a real kube-apiserver the simulator writes
//!   into (see `real_demo.rs`).
//! * `test`: fmt, the main bundle's rule on model imports, clippy (native and wasm32), native
//!   tests, wasm tests in Chromium, e2e, the tests against a real kube-apiserver (its binaries
//!   built on first use); ends with one line `N passed, N failed`.
//! * `test --no-real-apiserver`: the same without the real API server tests.
//! * `apiserver [--test]`: kube-apiserver and etcd built into a cache (see `apiserver.rs`);
//!   with `--test`, the real API server tests alone.
//! * `bundle-rule`: the main bundle's rule on model imports alone (see `bundle_rule.rs`).
//! * `catalog --kubevirt DIR --cdi DIR [--check]`: the tables of `model/src/explain/generated/`
//!   from pinned KubeVirt and CDI checkouts (see `catalog.rs`).

mod apiserver;
mod bundle_rule;
mod catalog;
mod circles;
mod fuzz;
mod glue;
mod precompress;
mod real_demo;
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
    Build {
        /// Only the frontend (`dist/`, its glue shrunk and precompressed as served), e.g. to
        /// measure two builds of it with one backend and bench binary (`STRATA_DIST`).
        #[arg(long)]
        frontend_only: bool,
    },
    /// Build, then run the console on the embedded simulated cluster (extra args go to `strata demo`).
    Demo {
        /// Run the console on a real kube-apiserver (cached binaries, built when missing) that
        /// the simulator writes its world into; its kubeconfig is
        /// `target/real-apiserver/kubeconfig`.
        #[arg(long)]
        real_apiserver: bool,
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Run every check and test suite; ends with `N passed, N failed`.
    Test {
        /// Leave out the tests against a real kube-apiserver + etcd (otherwise run, their
        /// binaries built on first use: about 10 minutes on a fresh machine).
        #[arg(long)]
        no_real_apiserver: bool,
    },
    /// Build kube-apiserver and etcd into the cache (once per version) and print their paths;
    /// with --test, run the real API server tests.
    Apiserver {
        #[arg(long)]
        test: bool,
    },
    /// Check that the main bundle uses only view types of `model`: the sources, and `dist/`
    /// when it has been built.
    BundleRule,
    /// List import circles between the files of each crate (siblings and cousins that use each
    /// other); fails when there is one.
    Circles,
    /// Generate `model/src/explain/generated/` from KubeVirt and CDI checkouts (or check it).
    Catalog {
        /// A KubeVirt checkout (a work tree of the pinned tag).
        #[arg(long, env = "STRATA_KUBEVIRT_SRC")]
        kubevirt: Option<PathBuf>,
        /// Its tag and commit, `TAG@COMMIT` (else read from its git, or the committed tables).
        #[arg(long)]
        kubevirt_ref: Option<String>,
        /// A CDI checkout.
        #[arg(long, env = "STRATA_CDI_SRC")]
        cdi: Option<PathBuf>,
        /// Its tag and commit, `TAG@COMMIT`.
        #[arg(long)]
        cdi_ref: Option<String>,
        /// A third-party checkout, `NAME=PATH`, repeated: every source of
        /// `xtask/src/catalog/programs.rs` (longhorn-manager, longhorn-engine,
        /// longhorn-instance-manager, multus-cni, cni-plugins, containerd, kubernetes; CDI's is
        /// `--cdi`) to write the third-party tables, any of them to check theirs.
        #[arg(long = "source", value_name = "NAME=PATH")]
        sources: Vec<String>,
        /// A third-party checkout's tag and commit, `NAME=TAG@COMMIT`, repeated.
        #[arg(long = "source-ref", value_name = "NAME=TAG@COMMIT")]
        source_refs: Vec<String>,
        /// Regenerate in memory and fail when the committed tables differ.
        #[arg(long)]
        check: bool,
    },
    /// Measure against the budgets; writes target/bench/report.{md,json}.
    Bench {
        /// Small N and short runs (what CI runs).
        #[arg(long)]
        quick: bool,
        /// Fail when a budget is missed; `--check=ratios` judges only the ratios between sizes
        /// (the backend start at 5,000 over 500 VMIs), which a busy machine does not move.
        #[arg(long, num_args = 0..=1, require_equals = true, default_missing_value = "all",
              value_parser = ["all", "ratios"])]
        check: Option<String>,
        /// Only the measurements whose name contains this (e.g. `memory`).
        #[arg(long)]
        only: Option<String>,
        /// Seconds of churn for the overview's JS heap trend (instead of the mode's default).
        #[arg(long)]
        churn: Option<u64>,
        /// Also write CPU profiles of the overview's 10% update into target/bench.
        #[arg(long)]
        cpu_profile: bool,
        /// The fleet sizes `fleet` measures, CLUSTERSxVMIS comma-separated (default
        /// 10x1000,3x10000; the 10x10000 takes about 10.5 GiB in the simulator).
        #[arg(long)]
        fleet: Option<String>,
    },
}

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
}

/// Cargo's target folder (`CARGO_TARGET_DIR`, else `<root>/target`).
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"))
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

/// Builds the release frontend into `dist/`, shrinks the main wasm's names and JS glue (see
/// `glue.rs`) and precompresses its wasm, JS and CSS.
pub fn build_frontend() -> Result<()> {
    let mut trunk = cmd("trunk");
    trunk.args(["build", "--release"]);
    if let Some(flags) = remapped_wasm_flags() {
        trunk.env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS", flags);
    }
    run(&mut trunk)?;
    let dist = root().join("dist");
    glue::shrink(&dist)?;
    precompress::precompress(&dist)
}

/// The wasm target's flags (`.cargo/config.toml`'s, which an environment value replaces) with
/// the crates' source folders remapped to nothing: panic locations in the bundle then name
/// `/leptos-0.8.x/src/…`, not this machine's cargo home, which also takes bytes off the first
/// load. Cargo's `trim-paths` would do it but is not stable.
fn remapped_wasm_flags() -> Option<String> {
    let config = std::fs::read_to_string(root().join(".cargo/config.toml")).ok()?;
    let section = config.split("[target.wasm32-unknown-unknown]").nth(1)?;
    let line = section
        .lines()
        .take_while(|l| !l.starts_with('['))
        .find(|l| l.trim_start().starts_with("rustflags"))?;
    // `rustflags = ["--cfg", "erase_components"]`: the quoted words, in order.
    let base = line
        .split('"')
        .skip(1)
        .step_by(2)
        .collect::<Vec<_>>()
        .join(" ");
    let home = std::env::var_os("CARGO_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")))?;
    let mut flags = base;
    for entry in std::fs::read_dir(home.join("registry/src")).ok()?.flatten() {
        let dir = entry.path();
        if dir
            .to_str()
            .is_some_and(|d| !d.contains(char::is_whitespace))
        {
            flags.push_str(&format!(" --remap-path-prefix={}=", dir.display()));
        }
    }
    Some(flags)
}

/// The release frontend and binaries: `strata`, plus `extra` cargo arguments (more packages).
fn build_release(test_tools: bool, extra: &[&str]) -> Result<()> {
    setup::ensure(test_tools)?;
    build_frontend()?;
    run(cmd("cargo")
        .args([
            "build",
            "--release",
            "--locked",
            "-p",
            "backend",
            "--bin",
            "strata",
        ])
        .args(extra))
}

fn build() -> Result<()> {
    build_release(false, &[])
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Cmd::Setup { test } => setup::ensure(test),
        Cmd::Build {
            frontend_only: true,
        } => setup::ensure(false).and_then(|()| build_frontend()),
        Cmd::Build {
            frontend_only: false,
        } => build(),
        Cmd::Demo {
            real_apiserver: true,
            args,
        } => build().and_then(|()| real_demo::main(args)),
        Cmd::Demo { args, .. } => build().and_then(|()| demo(args)),
        Cmd::Test { no_real_apiserver } => test::run_all(!no_real_apiserver),
        Cmd::Apiserver { test } => apiserver::main().and_then(|bins| match test {
            true => test::run_real_apiserver(&bins),
            false => Ok(()),
        }),
        Cmd::Circles => circles::run(&root()),
        Cmd::BundleRule => bundle_rule::check_sources(&root()).and_then(|()| {
            let dist = root().join("dist");
            if dist.join("dump_module_bg.wasm").exists() {
                bundle_rule::check_bundle(&dist)
            } else {
                Ok(())
            }
        }),
        Cmd::Catalog {
            kubevirt,
            kubevirt_ref,
            cdi,
            cdi_ref,
            sources,
            source_refs,
            check,
        } => catalog::third_party_args(&sources, &source_refs).and_then(|third_party| {
            catalog::run(catalog::Options {
                kubevirt,
                kubevirt_ref,
                cdi,
                cdi_ref,
                third_party,
                check,
            })
        }),
        Cmd::Bench {
            quick,
            check,
            only,
            churn,
            cpu_profile,
            fleet,
        } => bench(quick, check, only, churn, cpu_profile, fleet),
    };
    if let Err(e) = result {
        eprintln!("xtask: error: {e:#}");
        std::process::exit(1);
    }
}

/// Builds release binaries and the frontend, then runs the benchmark runner (`e2e/src/bench`).
pub fn bench(
    quick: bool,
    check: Option<String>,
    only: Option<String>,
    churn: Option<u64>,
    cpu_profile: bool,
    fleet: Option<String>,
) -> Result<()> {
    build_release(true, &["-p", "e2e", "--bin", "bench"])?;
    let mut c = cmd(&target_dir().join("release/bench").to_string_lossy());
    c.arg("--dist").arg(root().join("dist"));
    c.arg("--strata").arg(target_dir().join("release/strata"));
    c.arg("--out").arg(root().join("target/bench"));
    if quick {
        c.arg("--quick");
    }
    if let Some(check) = check {
        c.arg(format!("--check={check}"));
    }
    if let Some(only) = only {
        c.arg("--only").arg(only);
    }
    if let Some(churn) = churn {
        c.arg("--churn").arg(churn.to_string());
    }
    if cpu_profile {
        c.arg("--cpu-profile");
    }
    if let Some(fleet) = fleet {
        c.arg("--fleet").arg(fleet);
    }
    run(&mut c)
}

fn demo(args: Vec<String>) -> Result<()> {
    let mut c = cmd(&target_dir().join("release/strata").to_string_lossy());
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
