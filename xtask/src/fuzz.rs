//! The bounded fuzz run of `cargo xtask test`: `cargo +nightly fuzz run paste` on `model/fuzz`
//! (the paste pipeline's fuzz target) for [`SECONDS`] seconds. cargo-fuzz needs a nightly
//! toolchain; `STRATA_SKIP_FUZZ=1` skips the step on purpose (the same body still runs as a
//! libfuzzer-free property test in `cargo test -p model`).

use crate::{cmd, root, show};
use anyhow::{Context, Result, bail};

/// How long the fuzzer runs in `cargo xtask test`.
pub const SECONDS: u32 = 60;

/// Runs the paste fuzz target for a bounded time; fails on a crash, a hang (one input over 10
/// s) or when nightly/cargo-fuzz are missing (unless skipped).
pub fn run_bounded() -> Result<()> {
    if std::env::var_os("STRATA_SKIP_FUZZ").is_some_and(|v| v == "1") {
        eprintln!("xtask: fuzz skipped (STRATA_SKIP_FUZZ=1)");
        return Ok(());
    }
    let fuzz_dir = root().join("model").join("fuzz");
    // The fuzzer's own corpus (written to), seeded with the real pastes (only read).
    let corpus = fuzz_dir.join("corpus").join("paste");
    std::fs::create_dir_all(&corpus)?;
    let seeds = root()
        .join("model")
        .join("tests")
        .join("fixtures")
        .join("real");
    let mut c = cmd("cargo");
    c.current_dir(&fuzz_dir)
        .args(["+nightly", "fuzz", "run", "paste"])
        .arg(&corpus)
        .arg(&seeds)
        .args([
            "--".to_string(),
            format!("-max_total_time={SECONDS}"),
            "-timeout=10".into(),
            "-rss_limit_mb=2048".into(),
            "-max_len=262144".into(),
        ]);
    // libFuzzer prints a line per new input (thousands): they go to a log file, so that the
    // run's own output ends with the closing lines of every step rather than with these.
    let log_path = crate::target_dir().join("fuzz-paste.log");
    std::fs::create_dir_all(crate::target_dir())?;
    let log = std::fs::File::create(&log_path)
        .with_context(|| format!("cannot write {}", log_path.display()))?;
    c.stdout(log.try_clone()?).stderr(log);
    eprintln!("xtask: $ {} > {}", show(&c), log_path.display());
    let ok = c.status()?.success();
    let text = std::fs::read(&log_path).unwrap_or_default();
    let text = String::from_utf8_lossy(&text);
    let lines: Vec<&str> = text.lines().collect();
    let shown = if ok { 2 } else { 60 };
    for l in &lines[lines.len().saturating_sub(shown)..] {
        eprintln!("xtask: fuzz | {l}");
    }
    if !ok {
        bail!(
            "{} failed (a crash or hang, or no nightly/cargo-fuzz: \
             `rustup toolchain install nightly`, `cargo install cargo-fuzz`); its log: {}",
            show(&c),
            log_path.display()
        );
    }
    Ok(())
}
