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
    /// The last output lines of each step that failed without a test summary, printed again at
    /// the very end so that a log's tail says why (the fuzz run's output would bury them).
    tails: Vec<(String, Vec<String>)>,
}

/// How many output lines of a failed step are repeated at the end.
const TAIL_LINES: usize = 25;

impl Tally {
    fn check(&mut self, name: &str, result: Result<()>) {
        if let Err(e) = result {
            eprintln!("xtask: FAILED: {name}: {e:#}");
            self.failed += 1;
            self.problems.push(name.to_string());
            self.tails.push((name.to_string(), vec![format!("{e:#}")]));
        }
    }
}

/// Splits output into lines; a line that is not UTF-8 is kept, lossily decoded (stopping at it
/// would lose the test summary after it).
fn read_lines(r: impl std::io::Read) -> impl Iterator<Item = String> {
    BufReader::new(r)
        .split(b'\n')
        .map_while(Result::ok)
        .map(|l| {
            let l = String::from_utf8_lossy(&l).into_owned();
            l.strip_suffix('\r').map(str::to_string).unwrap_or(l)
        })
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
        read_lines(stderr)
            .inspect(|l| eprintln!("{l}"))
            .collect::<Vec<_>>()
    });
    let mut lines: Vec<String> = read_lines(stdout).inspect(|l| eprintln!("{l}")).collect();
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
        let mut run = run_capture(c);
        // A run that ended without any test summary never got to run tests (a browser or driver
        // that did not start, say): it is run once more, and both runs are reported. A run whose
        // tests failed is never repeated.
        if let Ok((false, lines)) = &run
            && parse(lines).is_none()
        {
            eprintln!("xtask: {name}: no test summary; its last lines:");
            for l in tail(lines) {
                eprintln!("xtask: | {l}");
            }
            eprintln!("xtask: {name}: running it once more");
            self.tails.push((
                format!("{name} (first run, repeated)"),
                tail(lines).to_vec(),
            ));
            run = run_capture(c);
        }
        match run {
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
                    if !ok {
                        self.tails.push((name.to_string(), tail(&lines).to_vec()));
                    }
                }
                None => {
                    self.check(
                        name,
                        Err(anyhow::anyhow!("no test summary (did it build?)")),
                    );
                    self.tails.push((name.to_string(), tail(&lines).to_vec()));
                }
            },
            Err(e) => self.check(name, Err(e)),
        }
    }
}

fn tail(lines: &[String]) -> &[String] {
    &lines[lines.len().saturating_sub(TAIL_LINES)..]
}

fn status(c: &mut Command) -> Result<()> {
    eprintln!("xtask: $ {}", show(c));
    if !c.status()?.success() {
        bail!("{} failed", show(c));
    }
    Ok(())
}

/// The real API server suite (`apiserver-harness`'s tests, opted in) into `t`.
fn real_apiserver_suite(t: &mut Tally, bins: &crate::apiserver::Binaries) {
    t.suite(
        "real API server tests",
        &mut crate::apiserver::test_command(bins),
        parse_libtest,
    );
}

/// `cargo xtask apiserver --test`: only the real API server suite, with the closing line.
pub fn run_real_apiserver(bins: &crate::apiserver::Binaries) -> Result<()> {
    let mut t = Tally::default();
    real_apiserver_suite(&mut t, bins);
    finish(t)
}

/// Everything; with `real_apiserver` (the default; `--no-real-apiserver` leaves it out), also
/// the real API server suite, which builds kube-apiserver and etcd on first use (about 10
/// minutes on a fresh machine; with them cached the suite takes about 4 minutes).
pub fn run_all(real_apiserver: bool) -> Result<()> {
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
    // The history store tests need a real PostgreSQL: without one they fail, never skip.
    let pg = pg_harness::Server::start();
    if let Err(e) = &pg {
        t.problems
            .push(format!("no PostgreSQL for the history tests: {e:#}"));
    }
    let mut native = cmd("cargo");
    native
        .args([
            "nextest",
            "run",
            "--locked",
            "--workspace",
            "--exclude",
            "frontend",
            "--exclude",
            "e2e",
            // Run apart below: libtest (one server per test binary) after kube-apiserver and
            // etcd are built.
            "--exclude",
            "apiserver-harness",
            "--no-fail-fast",
        ])
        .env("STRATA_TEST_PG_REQUIRED", "1");
    if let Ok(server) = &pg {
        native.env("STRATA_TEST_PG_URL", &server.url);
    }
    t.suite("native tests", &mut native, parse_nextest);
    drop(pg);
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
    let crds = crate::apiserver::kubevirt_crds();
    if real_apiserver && !crds.exists() {
        // The CRDs are data kept beside the repository, never in it: a clone placed elsewhere
        // says so loudly and runs the rest (`cargo xtask apiserver --test` then fails on it).
        eprintln!(
            "xtask: NOTICE: the real API server tests are left out: KubeVirt's CRDs are not at {} (set STRATA_KUBEVIRT_CRDS to their folder)",
            crds.display()
        );
    } else if real_apiserver {
        match crate::apiserver::ensure() {
            Ok(bins) => real_apiserver_suite(&mut t, &bins),
            Err(e) => t.check("kube-apiserver and etcd (cargo xtask apiserver)", Err(e)),
        }
    } else {
        eprintln!("xtask: the real API server tests are left out (--no-real-apiserver)");
    }
    finish(t)
}

/// Prints the failed steps' tails, the problems and the closing line; exits 1 on a failure.
fn finish(t: Tally) -> Result<()> {
    for (name, lines) in &t.tails {
        eprintln!("xtask: the end of what {name} printed:");
        for l in lines {
            eprintln!("xtask: | {l}");
        }
    }
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
    fn a_line_that_is_not_utf8_keeps_the_summary_after_it() {
        let out: &[u8] =
            b"running 12 tests\n\xff\xfe console bytes\r\ntest result: ok. 12 passed; 0 failed\n";
        let got: Vec<String> = read_lines(out).collect();
        assert_eq!(got.len(), 3, "{got:?}");
        assert!(got[1].ends_with("console bytes"), "{got:?}");
        assert_eq!(parse_libtest(&got), Some((12, 0)));
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
