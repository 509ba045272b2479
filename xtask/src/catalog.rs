//! `cargo xtask catalog --kubevirt <checkout> [--cdi <checkout>] [--check]`: reads a pinned
//! KubeVirt checkout (and CDI's) and writes the data tables of
//! `model/src/explain/generated/`: event reasons, condition types and reasons, VM printable
//! statuses, VMI phases, migration phases / abort statuses / failure reasons, the components' error strings,
//! CDI's DataVolume phases and reasons, and the package → component mapping.
//!
//! The pin (tag and commit) comes from `--kubevirt-ref TAG@COMMIT` (`--cdi-ref`), else from the
//! checkout's git, else (with `--check`) from the committed tables. `--check` regenerates in
//! memory and fails when a committed file differs; without `--cdi`, the CDI table is not checked.
//!
//! With `--source NAME=PATH` (repeated, `--source-ref NAME=TAG@COMMIT`) it also writes the
//! third-party tables, `generated/third_party/`: the error and warning strings of the programs
//! of `programs::SOURCES` (kubernetes' kubelet, volume plugins, volume controllers and
//! scheduler; Longhorn's manager, engine and instance manager; Multus; the CNI plugins;
//! containerd; Harvester; CDI's programs, from `--cdi`), one file per program (`third_party.rs`), each
//! source pinned in `third_party/mod.rs`. Writing needs every source; checking, any (with
//! `--kubevirt` left out, only they are checked).

mod components;
mod emit;
mod go_scan;
mod programs;
mod tables;
mod third_party;
mod tree;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_third_party;

use anyhow::{Context, Result, bail};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use emit::Pin;
use tree::Tree;

/// The error-string tables: component, file.
const ERROR_FILES: &[(&str, &str)] = &[
    ("VirtApi", "errors_virt_api.rs"),
    ("VirtController", "errors_virt_controller.rs"),
    ("VirtHandler", "errors_virt_handler.rs"),
    ("VirtLauncher", "errors_virt_launcher.rs"),
];

/// The folder the tables are written to.
pub fn out_dir() -> PathBuf {
    crate::root().join("model/src/explain/generated")
}

/// The options of `cargo xtask catalog`.
pub struct Options {
    /// Without it, only the third-party tables are written or checked.
    pub kubevirt: Option<PathBuf>,
    pub kubevirt_ref: Option<String>,
    pub cdi: Option<PathBuf>,
    pub cdi_ref: Option<String>,
    /// The third-party checkouts besides CDI's: `(flag, path, TAG@COMMIT)`, flags of
    /// `programs::SOURCES` (`longhorn-manager`, `kubernetes`).
    pub third_party: Vec<(String, PathBuf, Option<String>)>,
    pub check: bool,
}

pub fn run(o: Options) -> Result<()> {
    let dir = out_dir();
    let tp = third_party_files(&o, &dir.join("third_party"))?;
    if o.check && !tp.is_empty() {
        check(&tp, &dir.join("third_party"))?;
    } else if !tp.is_empty() {
        std::fs::create_dir_all(dir.join("third_party"))?;
        for (name, text) in &tp {
            std::fs::write(dir.join("third_party").join(name), text)
                .with_context(|| format!("writing third_party/{name}"))?;
        }
        eprintln!("xtask: catalog: wrote {} third-party files", tp.len());
    }
    let Some(kubevirt) = o.kubevirt.clone() else {
        if tp.is_empty() {
            bail!("nothing to do: give --kubevirt, or the third-party checkouts");
        }
        return Ok(());
    };
    let kv_pin = pin(
        "kubevirt/kubevirt",
        &kubevirt,
        o.kubevirt_ref.as_deref(),
        o.check,
        &dir.join("source.rs"),
    )?;
    let cdi = match &o.cdi {
        Some(path) => {
            let p = pin(
                "kubevirt/containerized-data-importer",
                path,
                o.cdi_ref.as_deref(),
                o.check,
                &dir.join("cdi.rs"),
            )?;
            Some((path.as_path(), p))
        }
        None if o.check => None,
        None => {
            bail!("--cdi <checkout> is needed to write the tables (only --check may go without)")
        }
    };
    let files = generate(&kubevirt, &kv_pin, cdi.as_ref().map(|(p, pin)| (*p, pin)))?;
    if o.check {
        return check(&files, &dir);
    }
    std::fs::create_dir_all(&dir)?;
    for (name, text) in &files {
        std::fs::write(dir.join(name), text).with_context(|| format!("writing {name}"))?;
    }
    eprintln!(
        "xtask: catalog: wrote {} files into {}",
        files.len(),
        dir.display()
    );
    Ok(())
}

/// Every generated file by name (CDI's only when its checkout is given).
pub fn generate(
    kubevirt: &Path,
    kv: &Pin,
    cdi: Option<(&Path, &Pin)>,
) -> Result<BTreeMap<String, String>> {
    let mut tree = Tree::default();
    tree.read(
        kubevirt,
        "",
        &["pkg", "staging/src/kubevirt.io/api/core/v1"],
    )?;
    let (events, unresolved, resolved) = tables::events(&tree);
    eprintln!(
        "xtask: catalog: {} event reasons; {} recorder calls with a computed reason or type (not tabled)",
        events.len(),
        unresolved.len()
    );
    for u in &unresolved {
        eprintln!("xtask: catalog:   computed: {u}");
    }
    let mut files = BTreeMap::new();
    let mut put = |name: &str, what: &str, konst: &str, rows: &tables::Table, pins: &[&Pin]| {
        eprintln!("xtask: catalog: {name}: {} entries", rows.len());
        files.insert(name.to_string(), emit::table(what, konst, rows, pins));
    };
    put(
        "events.rs",
        "Event reasons the KubeVirt components record (`recorder.Event/Eventf`), with their type.",
        "EVENTS",
        &events,
        &[kv],
    );
    put(
        "conditions.rs",
        "VMI, VM and VMIM condition types and the condition reason constants.",
        "CONDITIONS",
        &tables::conditions(&tree),
        &[kv],
    );
    put(
        "printable_status.rs",
        "Every VM `printableStatus`.",
        "PRINTABLE_STATUSES",
        &tables::printable_statuses(&tree),
        &[kv],
    );
    put(
        "vmi_phase.rs",
        "Every VMI `status.phase`.",
        "VMI_PHASES",
        &tables::vmi_phases(&tree),
        &[kv],
    );
    put(
        "migration.rs",
        "Migration phases, abort statuses, failure reasons and failure event messages.",
        "MIGRATION",
        &tables::migration(&tree, &resolved),
        &[kv],
    );
    // One file per component, so no file grows past a few hundred lines.
    let errors = tables::errors(&tree);
    for (component, file) in ERROR_FILES {
        let rows: tables::Table = errors
            .iter()
            .filter(|r| r.component == *component)
            .cloned()
            .collect();
        let what = format!(
            "Stable prefixes of {}'s error strings (`fmt.Errorf`, `errors.New`) and error-level log messages.",
            file.trim_start_matches("errors_")
                .trim_end_matches(".rs")
                .replace('_', "-")
        );
        let konst = file.trim_end_matches(".rs").to_ascii_uppercase();
        put(file, &what, &konst, &rows, &[kv]);
    }
    if let Some((path, pin)) = cdi {
        let mut t = Tree::default();
        t.read(
            path,
            components::CDI,
            &[
                "pkg/controller",
                "staging/src/kubevirt.io/containerized-data-importer-api/pkg/apis/core/v1beta1",
            ],
        )?;
        let rows = tables::cdi(&t);
        eprintln!("xtask: catalog: cdi.rs: {} entries", rows.len());
        let text = emit::table(
            "CDI's DataVolume phases, condition types and reasons.",
            "CDI",
            &rows,
            &[pin],
        );
        files.insert("cdi.rs".into(), emit::with_pin(text, "CDI_SOURCE", pin));
    }
    files.insert("source.rs".into(), emit::source(kv));
    files.insert("components.rs".into(), emit::components());
    Ok(files)
}

/// The `--source NAME=PATH` and `--source-ref NAME=TAG@COMMIT` options as `Options::third_party`.
pub fn third_party_args(
    sources: &[String],
    refs: &[String],
) -> Result<Vec<(String, PathBuf, Option<String>)>> {
    let split = |s: &String| -> Result<(String, String)> {
        let (name, value) = s.split_once('=').context("expected NAME=VALUE")?;
        if !programs::SOURCES
            .iter()
            .any(|src| src.flag == name && name != "cdi")
        {
            bail!("unknown source {name} (CDI's is --cdi)");
        }
        Ok((name.to_string(), value.to_string()))
    };
    let refs: Vec<(String, String)> = refs.iter().map(split).collect::<Result<_>>()?;
    sources
        .iter()
        .map(|s| {
            let (name, path) = split(s)?;
            let r = refs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, r)| r.clone());
            Ok((name, PathBuf::from(path), r))
        })
        .collect()
}

/// The third-party tables of the sources given (CDI's when `--cdi` is given): every file when
/// all are given (with `mod.rs`), else (checking only) those of the sources given.
fn third_party_files(o: &Options, dir: &Path) -> Result<BTreeMap<String, String>> {
    let mut given: Vec<(&programs::Source, PathBuf, Option<String>)> = Vec::new();
    for src in programs::SOURCES {
        let found = if src.flag == "cdi" {
            o.cdi.clone().map(|p| (p, o.cdi_ref.clone()))
        } else {
            o.third_party
                .iter()
                .find(|(f, _, _)| f == src.flag)
                .map(|(_, p, r)| (p.clone(), r.clone()))
        };
        if let Some((path, r)) = found {
            given.push((src, path, r));
        }
    }
    let all = given.len() == programs::SOURCES.len();
    if given.iter().all(|(s, _, _)| s.flag == "cdi") {
        // CDI alone belongs to the KubeVirt run; third-party tables need the others.
        return Ok(BTreeMap::new());
    }
    if !all && !o.check {
        bail!(
            "writing the third-party tables needs every source: --source NAME=PATH for {} (CDI's: --cdi)",
            programs::SOURCES
                .iter()
                .filter(|s| s.flag != "cdi")
                .map(|s| s.flag)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let mut files = BTreeMap::new();
    let (mut pins, mut stems) = (Vec::new(), Vec::new());
    for (src, path, r) in &given {
        let konst = src.flag.replace('-', "_").to_ascii_uppercase();
        let pin = third_party_pin(
            src,
            path,
            r.as_deref(),
            o.check,
            &dir.join("mod.rs"),
            &konst,
        )?;
        let mut tree = tree::Tree::default();
        tree.read(path, src.prefix, src.folders)?;
        let rows = third_party::rows(&tree);
        for (stem, text) in third_party::files(&rows, &pin) {
            let n = text.matches("\n    p(").count();
            eprintln!("xtask: catalog: third_party/{stem}.rs: {n} strings");
            stems.push(stem.clone());
            files.insert(format!("{stem}.rs"), text);
        }
        pins.push((konst, src.prefix, pin));
    }
    if all {
        stems.sort();
        let refs: Vec<(&str, &str, &Pin)> = pins
            .iter()
            .map(|(k, pre, p)| (k.as_str(), *pre, p))
            .collect();
        files.insert("mod.rs".into(), third_party::module(&refs, &stems));
    }
    Ok(files)
}

/// A third-party source's pin: `--*-ref TAG@COMMIT`, else its git, else (checking) the pin
/// committed in `third_party/mod.rs` under `konst`.
fn third_party_pin(
    src: &programs::Source,
    path: &Path,
    given: Option<&str>,
    check: bool,
    committed: &Path,
    konst: &str,
) -> Result<Pin> {
    if given.is_some() || path.join(".git").exists() {
        return pin(src.repo, path, given, false, committed);
    }
    if check {
        let text = std::fs::read_to_string(committed).unwrap_or_default();
        let block = text
            .split("pub const ")
            .find(|b| b.starts_with(&format!("{konst}:")))
            .unwrap_or_default();
        let field = |f: &str| {
            block
                .lines()
                .find_map(|l| l.trim().strip_prefix(&format!("{f}: \"")))
                .and_then(|v| v.strip_suffix("\","))
                .map(str::to_string)
        };
        if let (Some(tag), Some(commit)) = (field("tag"), field("commit")) {
            return Ok(Pin {
                repo: src.repo,
                tag,
                commit,
            });
        }
    }
    bail!(
        "cannot tell which tag {} is: pass --source-ref {}=TAG@COMMIT",
        path.display(),
        src.flag
    )
}

/// Fails when a committed file differs from what the checkout gives, naming the first line.
fn check(files: &BTreeMap<String, String>, dir: &Path) -> Result<()> {
    let mut stale = Vec::new();
    for (name, want) in files {
        let have = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
        if &have != want {
            let line = have
                .lines()
                .zip(want.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| have.lines().count().min(want.lines().count()));
            stale.push(format!("{name} (first difference at line {})", line + 1));
        }
    }
    if stale.is_empty() {
        eprintln!(
            "xtask: catalog: the {} committed tables match the checkout",
            files.len()
        );
        Ok(())
    } else {
        bail!(
            "stale generated tables, run `cargo xtask catalog`: {}",
            stale.join(", ")
        )
    }
}

/// The pin of a checkout: `--*-ref TAG@COMMIT`, else its git, else (checking) the committed one.
fn pin(
    repo: &'static str,
    path: &Path,
    given: Option<&str>,
    check: bool,
    committed: &Path,
) -> Result<Pin> {
    if let Some(r) = given {
        let (tag, commit) = r.split_once('@').context("a ref is TAG@COMMIT")?;
        return Ok(Pin {
            repo,
            tag: tag.into(),
            commit: commit.into(),
        });
    }
    let git = |args: &[&str]| -> Option<String> {
        let out = std::process::Command::new("git")
            .arg("-C")
            .arg(path)
            .args(args)
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    if path.join(".git").exists()
        && let (Some(tag), Some(commit)) = (
            git(&["describe", "--tags", "--exact-match"]),
            git(&["rev-parse", "HEAD"]),
        )
    {
        return Ok(Pin { repo, tag, commit });
    }
    if check {
        let text = std::fs::read_to_string(committed).unwrap_or_default();
        let field = |f: &str| {
            text.lines()
                .find_map(|l| l.trim().strip_prefix(&format!("{f}: \"")))
                .and_then(|v| v.strip_suffix("\","))
                .map(str::to_string)
        };
        if let (Some(tag), Some(commit)) = (field("tag"), field("commit")) {
            eprintln!(
                "xtask: catalog: {} is no git checkout; trusting it is {repo} {tag}",
                path.display()
            );
            return Ok(Pin { repo, tag, commit });
        }
    }
    bail!(
        "cannot tell which tag {} is: pass --{}-ref TAG@COMMIT",
        path.display(),
        if repo.ends_with("kubevirt") {
            "kubevirt"
        } else {
            "cdi"
        }
    )
}
