//! `cargo xtask bench`: what Strata costs, measured here, against budgets.
//!
//! Each measurement produces [`Figure`]s. The report is printed as a table and written to
//! `target/bench/report.md` and `report.json`. Timings live here, never in pass/fail tests;
//! `--check` turns a missed budget into a failing exit code.

pub mod fleet;
pub mod fleet_overview;
pub mod fleet_pixel;
pub mod history;
pub mod load;
pub mod mixed;
pub mod mixed_dump;
pub mod overview;
pub mod paste;
pub mod pixel;
pub mod server;
pub mod sessions;
pub mod silent;
pub mod start;
pub mod throughput;

use serde::Serialize;
use std::path::{Path, PathBuf};

/// A budget a figure must meet.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Budget {
    AtMost(f64),
    AtLeast(f64),
}

/// One measured figure.
#[derive(Debug, Clone, Serialize)]
pub struct Figure {
    pub id: String,
    pub title: String,
    pub value: f64,
    pub unit: String,
    pub budget: Option<Budget>,
    /// How it was measured, and anything that qualifies the number.
    pub note: String,
}

impl Figure {
    pub fn new(id: &str, title: &str, value: f64, unit: &str) -> Figure {
        Figure {
            id: id.into(),
            title: title.into(),
            value,
            unit: unit.into(),
            budget: None,
            note: String::new(),
        }
    }
    pub fn budget(mut self, b: Budget) -> Figure {
        self.budget = Some(b);
        self
    }
    /// The budget applies only when `applies` (e.g. only at the N the issue names).
    pub fn budget_if(self, applies: bool, b: Budget) -> Figure {
        if applies { self.budget(b) } else { self }
    }
    pub fn note(mut self, n: impl Into<String>) -> Figure {
        self.note = n.into();
        self
    }
    /// `Some(true)` when the budget is met, `None` without a budget.
    pub fn met(&self) -> Option<bool> {
        self.budget.map(|b| match b {
            Budget::AtMost(max) => self.value <= max,
            Budget::AtLeast(min) => self.value >= min,
        })
    }
}

/// The unit of a ratio between two measurements of one run (such as the backend's start at
/// 5,000 VMIs over its start at 500): what a slow or busy machine cannot fail, as it slows both.
pub const RATIO: &str = "×";

impl Figure {
    /// A ratio between two figures of the same run (unit [`RATIO`]).
    pub fn ratio(id: &str, title: &str, value: f64) -> Figure {
        Figure::new(id, title, value, RATIO)
    }
    /// True for a ratio between two figures of the same run.
    pub fn is_ratio(&self) -> bool {
        self.unit == RATIO
    }
}

/// What `--check` judges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Check {
    /// Every budget, and every measurement that could not run.
    All,
    /// Only the ratios' budgets (what CI checks): absolute times depend on the machine and
    /// its load, a ratio between two sizes measured in one run does not. A run that measured
    /// no ratio fails too, so a broken measurement cannot pass unnoticed.
    Ratios,
}

/// Settings shared by every measurement.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Small N and short runs (CI).
    pub quick: bool,
    /// The built frontend (`dist/`, precompressed).
    pub dist: PathBuf,
    /// The release `strata` binary, for measurements that need it as its own process.
    pub strata: PathBuf,
}

/// The whole report.
#[derive(Debug, Serialize)]
pub struct Report {
    pub mode: &'static str,
    pub figures: Vec<Figure>,
    /// Measurements that could not run, with why.
    pub errors: Vec<String>,
}

fn fmt_value(v: f64, unit: &str) -> String {
    match unit {
        "bytes" if v >= 1024.0 * 1024.0 => format!("{:.2} MiB", v / 1024.0 / 1024.0),
        "bytes" if v >= 1024.0 => format!("{:.1} KiB", v / 1024.0),
        "bytes" => format!("{v:.0} B"),
        _ if v.fract() == 0.0 && v.abs() < 1e15 => format!("{v:.0} {unit}"),
        _ if v.abs() >= 100.0 => format!("{v:.0} {unit}"),
        _ => format!("{v:.2} {unit}"),
    }
}

impl Report {
    /// The report as a Markdown table.
    pub fn markdown(&self) -> String {
        let mut s = format!("# Strata benchmarks ({} mode)\n\n", self.mode);
        s.push_str("| figure | value | budget | met | how |\n|---|---|---|---|---|\n");
        for f in &self.figures {
            let budget = match f.budget {
                Some(Budget::AtMost(m)) => format!("≤ {}", fmt_value(m, &f.unit)),
                Some(Budget::AtLeast(m)) => format!("≥ {}", fmt_value(m, &f.unit)),
                None => "—".into(),
            };
            let met = match f.met() {
                Some(true) => "yes",
                Some(false) => "**NO**",
                None => "",
            };
            s.push_str(&format!(
                "| {} | {} | {} | {} | {} |\n",
                f.title,
                fmt_value(f.value, &f.unit),
                budget,
                met,
                f.note.replace('|', "\\|")
            ));
        }
        if !self.errors.is_empty() {
            s.push_str("\n## Not measured\n\n");
            for e in &self.errors {
                s.push_str(&format!("- {e}\n"));
            }
        }
        s
    }

    /// Writes `report.md` and `report.json` into `dir`.
    pub fn write(&self, dir: &Path) -> anyhow::Result<()> {
        std::fs::create_dir_all(dir)?;
        std::fs::write(dir.join("report.md"), self.markdown())?;
        std::fs::write(dir.join("report.json"), serde_json::to_vec_pretty(self)?)?;
        Ok(())
    }

    /// Figures whose budget is missed.
    pub fn missed(&self) -> Vec<&Figure> {
        self.figures
            .iter()
            .filter(|f| f.met() == Some(false))
            .collect()
    }

    /// Why the run fails `check`, one line each; empty when it passes.
    pub fn failures(&self, check: Check) -> Vec<String> {
        let judged = |f: &&Figure| check == Check::All || f.is_ratio();
        let mut out: Vec<String> = self
            .missed()
            .into_iter()
            .filter(judged)
            .map(|f| {
                let budget = match f.budget {
                    Some(Budget::AtMost(m)) => format!("≤ {}", fmt_value(m, &f.unit)),
                    Some(Budget::AtLeast(m)) => format!("≥ {}", fmt_value(m, &f.unit)),
                    None => String::new(),
                };
                format!(
                    "budget missed: {} = {} (budget {budget})",
                    f.title,
                    fmt_value(f.value, &f.unit)
                )
            })
            .collect();
        match check {
            Check::All => out.extend(self.errors.iter().map(|e| format!("not measured: {e}"))),
            Check::Ratios
                if !self
                    .figures
                    .iter()
                    .any(|f| f.is_ratio() && f.budget.is_some()) =>
            {
                out.push("no ratio with a budget was measured".into());
                out.extend(self.errors.iter().map(|e| format!("not measured: {e}")));
            }
            Check::Ratios => {}
        }
        out
    }
}

/// Restricts every thread of process `pid` to the CPUs `cpus` (e.g. `"1"`, `"0,1"`) with
/// `taskset`; false when that failed.
pub fn pin(pid: u32, cpus: &str) -> bool {
    std::process::Command::new("taskset")
        .args(["-a", "-p", "-c", cpus, &pid.to_string()])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Restricts the one thread `tid` (a process's main thread has the process's id) to `cpus`.
pub fn pin_thread(tid: u32, cpus: &str) -> bool {
    std::process::Command::new("taskset")
        .args(["-p", "-c", cpus, &tid.to_string()])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// True when `pid` is a Chromium renderer, the process that runs a page's scripts on its main
/// thread (whose id is the process's). Chromium rewrites its helpers' command lines into one
/// string, so arguments are split at NULs and spaces alike.
pub fn is_renderer(pid: u32) -> bool {
    std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|c| renderer_cmdline(&c))
}

/// True when the command line `cmdline` (as in `/proc/PID/cmdline`) is a renderer's.
fn renderer_cmdline(cmdline: &[u8]) -> bool {
    cmdline
        .split(|b| *b == 0 || *b == b' ')
        .any(|arg| arg == b"--type=renderer")
}

/// The CPUs this process could use when the bench started (`Cpus_allowed_list` of
/// `/proc/self/status`), read once: pinning narrows the process's own affinity, and what is
/// restored afterwards must be the set it started with. The bench's `main` reads it first.
pub fn cpus() -> &'static [usize] {
    static CPUS: std::sync::OnceLock<Vec<usize>> = std::sync::OnceLock::new();
    CPUS.get_or_init(|| {
        std::fs::read_to_string("/proc/self/status")
            .ok()
            .and_then(|st| {
                st.lines()
                    .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
                    .map(cpu_list)
            })
            .filter(|cpus| !cpus.is_empty())
            .unwrap_or_else(|| {
                (0..std::thread::available_parallelism().map_or(1, |n| n.get())).collect()
            })
    })
}

/// Parses a CPU list such as `0-3,6,8-9`; parts that do not read are left out.
fn cpu_list(s: &str) -> Vec<usize> {
    s.trim()
        .split(',')
        .flat_map(|part| {
            let (a, b) = part.split_once('-').unwrap_or((part, part));
            match (a.trim().parse::<usize>(), b.trim().parse::<usize>()) {
                (Ok(a), Ok(b)) if a <= b => a..b + 1,
                _ => 0..0,
            }
        })
        .collect()
}

/// The number of CPUs the bench may use.
pub fn cores() -> usize {
    cpus().len()
}

/// The `i`-th of [`cpus`], as `taskset` names it.
pub fn cpu(i: usize) -> String {
    cpus().get(i).copied().unwrap_or(0).to_string()
}

/// All of [`cpus`], as `taskset` lists them.
pub fn all_cpus() -> String {
    cpus()
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Gives the page's main thread a core to itself, as on a user's machine, where neither the
/// cluster, the backend nor the browser's other processes and threads (the network service
/// delivering a burst, the compositor) preempt it in the middle of a script: the renderers'
/// main threads (of `browser`'s processes) on the second CPU, everything else, this process
/// included, on the first. With `whole_renderer`, the renderers' other threads go along: a CPU
/// profile is sampled by one of them, which would otherwise wait for the first CPU and miss
/// samples. False when there are fewer than two CPUs or a step failed; [`unpin`] undoes it
/// either way. (A Chromium helper may exit between listing and pinning: that one does not
/// matter.)
pub fn isolate_page(browser: &[u32], whole_renderer: bool) -> bool {
    let (rest, page) = (cpu(0), cpu(1));
    cores() >= 2
        && pin(std::process::id(), &rest)
        && browser.iter().filter(|pid| pin(**pid, &rest)).count() > 1
        && browser
            .iter()
            .filter(|pid| {
                is_renderer(**pid)
                    && if whole_renderer {
                        pin(**pid, &page)
                    } else {
                        pin_thread(**pid, &page)
                    }
            })
            .count()
            > 0
}

/// Gives this process and `browser`'s processes every CPU the bench started with again.
pub fn unpin(browser: &[u32]) {
    if cores() >= 2 {
        let all = all_cpus();
        pin(std::process::id(), &all);
        for pid in browser {
            pin(*pid, &all);
        }
    }
}

/// A simulator with `n` scale VMs and no scenarios, on a free loopback port.
pub async fn scale_sim(n: usize) -> anyhow::Result<sim::Sim> {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
    let args = sim::SimArgs {
        scenarios: "none".into(),
        vmis: n,
        ..Default::default()
    };
    Ok(sim::Sim::start_with(listener, &args).await?)
}

/// The `q`-quantile (0..=1) of `values` (sorted in place), nearest-rank.
pub fn quantile(values: &mut [f64], q: f64) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(|a, b| a.total_cmp(b));
    let rank = ((q * values.len() as f64).ceil() as usize).clamp(1, values.len());
    values[rank - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_lists_read_as_taskset_writes_them() {
        assert_eq!(cpu_list("0-1\n"), [0, 1]);
        assert_eq!(cpu_list("0-3,6,8-9"), [0, 1, 2, 3, 6, 8, 9]);
        assert_eq!(cpu_list("5"), [5]);
        assert_eq!(cpu_list("x,2,4-3"), [2]);
        assert!(cpu_list("").is_empty());
        // This process may use at least one CPU, and all_cpus names each.
        assert!(cores() >= 1);
        assert_eq!(all_cpus().split(',').count(), cores());
    }

    #[test]
    fn renderers_are_told_by_their_command_line() {
        // As exec'd (NUL-separated) and as Chromium rewrites its helpers' (one string).
        assert!(renderer_cmdline(
            b"/usr/lib/chromium/chromium\0--type=renderer\0--lang=en\0"
        ));
        assert!(renderer_cmdline(
            b"/usr/lib/chromium/chromium --type=renderer --crashpad-handler-pid=0\0"
        ));
        assert!(!renderer_cmdline(
            b"/usr/lib/chromium/chromium --type=gpu-process --no-sandbox\0"
        ));
        assert!(!renderer_cmdline(
            b"/usr/bin/renderer\0--type=renderer-ish\0"
        ));
        assert!(!renderer_cmdline(b""));
        assert!(!is_renderer(std::process::id()));
    }

    #[test]
    fn budgets_and_quantiles() {
        assert_eq!(
            Figure::new("a", "A", 5.0, "ms")
                .budget(Budget::AtMost(5.0))
                .met(),
            Some(true)
        );
        assert_eq!(
            Figure::new("a", "A", 5.1, "ms")
                .budget(Budget::AtMost(5.0))
                .met(),
            Some(false)
        );
        assert_eq!(
            Figure::new("a", "A", 9.0, "/s")
                .budget(Budget::AtLeast(10.0))
                .met(),
            Some(false)
        );
        assert_eq!(Figure::new("a", "A", 9.0, "/s").met(), None);
        let mut v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(quantile(&mut v, 0.5), 50.0);
        assert_eq!(quantile(&mut v, 0.99), 99.0);
        assert_eq!(quantile(&mut [3.0], 0.99), 3.0);
    }

    /// A quick run's report: the backend start at 500 and 5,000 VMIs and their ratio, and an
    /// absolute figure with a budget.
    fn quick(ratio: f64, throughput: f64, errors: Vec<String>) -> Report {
        Report {
            mode: "quick",
            figures: vec![
                Figure::new("backend_start_500", "start 500", 300.0, "ms"),
                Figure::new("backend_start_5000", "start 5000", 300.0 * ratio, "ms"),
                Figure::ratio("backend_start_ratio_5000_500", "start ratio", ratio)
                    .budget(Budget::AtMost(12.0)),
                Figure::new("diagnose_native", "diagnosis", throughput, "VMIs/s")
                    .budget(Budget::AtLeast(130_000.0)),
            ],
            errors,
        }
    }

    #[test]
    fn check_judges_every_budget_or_only_the_ratios() {
        // Linear start, fast diagnosis: both checks pass.
        let r = quick(9.5, 140_000.0, vec![]);
        assert!(r.failures(Check::All).is_empty());
        assert!(r.failures(Check::Ratios).is_empty());
        // A slow machine misses an absolute budget: only the full check fails.
        let r = quick(9.5, 90_000.0, vec![]);
        let all = r.failures(Check::All);
        assert_eq!(all.len(), 1, "{all:?}");
        assert!(
            all[0].contains("diagnosis") && all[0].contains("≥ 130000"),
            "{all:?}"
        );
        assert!(r.failures(Check::Ratios).is_empty());
        // A start step that grows faster than the VMIs: both fail, naming the ratio.
        let r = quick(12.5, 140_000.0, vec![]);
        for check in [Check::All, Check::Ratios] {
            let f = r.failures(check);
            assert_eq!(f.len(), 1, "{f:?}");
            assert!(f[0].contains("start ratio = 12.50 ×"), "{f:?}");
        }
        // Exactly at the budget is within it.
        assert!(
            quick(12.0, 140_000.0, vec![])
                .failures(Check::Ratios)
                .is_empty()
        );
        // A measurement that could not run fails the full check, not the ratios' check...
        let r = quick(9.5, 140_000.0, vec!["fan-out: no chromedriver".into()]);
        assert_eq!(
            r.failures(Check::All),
            ["not measured: fan-out: no chromedriver"]
        );
        assert!(r.failures(Check::Ratios).is_empty());
        // ...unless no ratio was measured at all.
        let r = Report {
            mode: "quick",
            figures: vec![Figure::new("a", "A", 1.0, "ms")],
            errors: vec!["backend start: no strata binary".into()],
        };
        let f = r.failures(Check::Ratios);
        assert_eq!(f.len(), 2, "{f:?}");
        assert!(f[0].contains("no ratio") && f[1].contains("no strata binary"));
    }

    #[test]
    fn markdown_marks_missed_budgets() {
        let r = Report {
            mode: "quick",
            figures: vec![
                Figure::new("x", "Bundle", 400_000.0, "bytes").budget(Budget::AtMost(300_000.0)),
            ],
            errors: vec!["fan-out: no chromedriver".into()],
        };
        let md = r.markdown();
        assert!(md.contains("**NO**") && md.contains("Not measured"), "{md}");
        assert_eq!(r.missed().len(), 1);
    }
}
