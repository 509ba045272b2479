//! `cargo xtask test`: every check and test suite, in one command, with one closing line.
//!
//! Steps run in order and a failing step does not stop the next ones, so one run shows every
//! problem. The closing line counts tests (`N passed, N failed`); a failing check (fmt, clippy,
//! a build) counts as one failure.

use crate::{build_frontend, bundle_rule, cmd, root, setup, show};
use anyhow::{Context, Result, bail};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[derive(Default)]
struct Tally {
    passed: u64,
    failed: u64,
    problems: Vec<String>,
}

impl Tally {
    fn check(&mut self, name: &str, result: Result<()>) {
        if let Err(e) = result {
            eprintln!("xtask: FAILED: {name}: {e:#}");
            self.failed += 1;
            self.problems.push(name.to_string());
        }
    }
}

/// Runs a command, echoing its output, and returns (success, every output line).
fn run_capture(c: &mut Command) -> Result<(bool, Vec<String>)> {
    eprintln!("xtask: $ {}", show(c));
    let mut child = c
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot start {}", show(c)))?;
    let stdout = child.stdout.take().context("no stdout")?;
    let stderr = child.stderr.take().context("no stderr")?;
    let err_thread = std::thread::spawn(move || {
        BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
            .inspect(|l| eprintln!("{l}"))
            .collect::<Vec<_>>()
    });
    let mut lines: Vec<String> = BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        .inspect(|l| eprintln!("{l}"))
        .collect();
    lines.extend(err_thread.join().unwrap_or_default());
    Ok((child.wait()?.success(), lines))
}

fn number_before(text: &str, word: &str) -> Option<u64> {
    let idx = text.find(word)?;
    text[..idx]
        .split(|c: char| !c.is_ascii_digit())
        .rfind(|s| !s.is_empty())?
        .parse()
        .ok()
}

/// Counts from nextest's summary line, e.g.
/// `Summary [ 1.2s] 12 tests run: 10 passed, 1 failed, 1 timed out, 0 skipped`.
pub fn parse_nextest(lines: &[String]) -> Option<(u64, u64)> {
    let line = lines
        .iter()
        .rev()
        .find(|l| l.contains("Summary [") && l.contains(" run: "))?;
    let tail = &line[line.find(" run: ")?..];
    let passed = number_before(tail, " passed").unwrap_or(0);
    let failed = number_before(tail, " failed").unwrap_or(0)
        + number_before(tail, " timed out").unwrap_or(0);
    Some((passed, failed))
}

/// Counts from libtest-style lines (`test result: ok. 3 passed; 0 failed; ...`), summed.
pub fn parse_libtest(lines: &[String]) -> Option<(u64, u64)> {
    let results: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("test result:"))
        .collect();
    if results.is_empty() {
        return None;
    }
    Some(results.iter().fold((0, 0), |(p, f), l| {
        (
            p + number_before(l, " passed").unwrap_or(0),
            f + number_before(l, " failed").unwrap_or(0),
        )
    }))
}

impl Tally {
    fn suite(&mut self, name: &str, c: &mut Command, parse: fn(&[String]) -> Option<(u64, u64)>) {
        match run_capture(c) {
            Ok((ok, lines)) => match parse(&lines) {
                Some((p, f)) => {
                    self.passed += p;
                    self.failed += f;
                    if f > 0 || !ok {
                        self.problems.push(format!("{name} ({f} failed)"));
                    }
                    if f == 0 && !ok {
                        self.failed += 1;
                    }
                }
                None => self.check(
                    name,
                    Err(anyhow::anyhow!("no test summary (did it build?)")),
                ),
            },
            Err(e) => self.check(name, Err(e)),
        }
    }
}

fn status(c: &mut Command) -> Result<()> {
    eprintln!("xtask: $ {}", show(c));
    if !c.status()?.success() {
        bail!("{} failed", show(c));
    }
    Ok(())
}

pub fn run_all() -> Result<()> {
    setup::ensure(true)?;
    let mut t = Tally::default();
    t.check(
        "cargo fmt",
        status(cmd("cargo").args(["fmt", "--all", "--check"])),
    );
    t.check(
        "main bundle uses only view types of model (sources)",
        bundle_rule::check_sources(&root()),
    );
    t.check(
        "clippy (native)",
        status(cmd("cargo").args([
            "clippy",
            "--locked",
            "--workspace",
            "--exclude",
            "frontend",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ])),
    );
    let wasm_clippy = |args: &[&str]| {
        status(
            cmd("cargo")
                .args(["clippy", "--locked", "--target", "wasm32-unknown-unknown"])
                .args(args)
                .args(["--", "-D", "warnings"]),
        )
    };
    t.check(
        "clippy (wasm32)",
        wasm_clippy(&["-p", "frontend", "--all-targets"])
            .and_then(|()| wasm_clippy(&["-p", "model", "--lib"])),
    );
    let frontend = build_frontend();
    let frontend_ok = frontend.is_ok();
    t.check("trunk build --release", frontend);
    t.check(
        "main bundle holds no diagnosis (built wasm)",
        if frontend_ok {
            bundle_rule::check_bundle(&root().join("dist"))
        } else {
            Err(anyhow::anyhow!("skipped: the frontend did not build"))
        },
    );
    t.suite(
        "native tests",
        cmd("cargo").args([
            "nextest",
            "run",
            "--locked",
            "--workspace",
            "--exclude",
            "frontend",
            "--exclude",
            "e2e",
            "--no-fail-fast",
        ]),
        parse_nextest,
    );
    // The frontend's plain modules (the overview's layout model, i18n, the share codec).
    t.suite(
        "native tests (frontend lib)",
        cmd("cargo").args(["test", "--locked", "-p", "frontend", "--lib"]),
        parse_libtest,
    );
    t.suite(
        "wasm tests (Chromium)",
        cmd("cargo")
            .args([
                "test",
                "--locked",
                "-p",
                "frontend",
                "--target",
                "wasm32-unknown-unknown",
            ])
            .env("CHROMEDRIVER", "/usr/bin/chromedriver")
            .env("WASM_BINDGEN_TEST_TIMEOUT", "120"),
        parse_libtest,
    );
    if frontend_ok {
        t.suite(
            "e2e (Chromium)",
            cmd("cargo")
                .args([
                    "nextest",
                    "run",
                    "--locked",
                    "-p",
                    "e2e",
                    "--no-fail-fast",
                    "--test-threads",
                    "2",
                ])
                .env("STRATA_DIST", root().join("dist"))
                .env("AXE_JS", setup::axe_js().unwrap_or_default()),
            parse_nextest,
        );
    } else {
        t.check(
            "e2e (Chromium)",
            Err(anyhow::anyhow!("skipped: the frontend did not build")),
        );
    }
    t.check(
        "fuzz (model paste target, bounded)",
        crate::fuzz::run_bounded(),
    );
    if !t.problems.is_empty() {
        eprintln!("xtask: problems: {}", t.problems.join("; "));
    }
    println!("{} passed, {} failed", t.passed, t.failed);
    if t.failed > 0 {
        std::process::exit(1);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &str) -> Vec<String> {
        s.lines().map(String::from).collect()
    }

    #[test]
    fn nextest_summary_with_failures_and_timeouts() {
        let l = lines(
            "junk\n     Summary [   3.210s] 12 tests run: 9 passed, 2 failed, 1 timed out, 0 skipped\n",
        );
        assert_eq!(parse_nextest(&l), Some((9, 3)));
        let l = lines("     Summary [   0.5s] 1 test run: 1 passed, 0 skipped");
        assert_eq!(parse_nextest(&l), Some((1, 0)));
        assert_eq!(parse_nextest(&lines("error: could not compile")), None);
    }

    #[test]
    fn libtest_results_are_summed() {
        let l = lines(
            "test result: ok. 3 passed; 0 failed; 0 ignored\nx\ntest result: FAILED. 2 passed; 1 failed; 0 ignored",
        );
        assert_eq!(parse_libtest(&l), Some((5, 1)));
        assert_eq!(parse_libtest(&lines("nothing")), None);
    }
}
