//! `cargo xtask apiserver [--test]`: kube-apiserver and etcd for the real API server tests,
//! built from the Go module proxy once per version into a cache outside the work tree.
//!
//! The wrapper module `xtask/apiserver/` (go.mod and go.sum committed) requires
//! `k8s.io/kubernetes` and pins its staging modules (k8s.io/kubernetes itself cannot be `go
//! install`ed: its go.mod replaces them with ./staging) and etcd's server, whose root package is
//! etcd's main. Go 1.26 only: Go 1.27 turns JSON v2 on, which breaks the API server's OpenAPI,
//! unless `GOEXPERIMENT=nojsonv2`. Go's build cache is a temporary folder removed after the
//! build; only the two binaries are kept (`versions::bin_dir`, named after the versions).

#[path = "../../apiserver-harness/src/versions.rs"]
mod versions;

use crate::{cmd, root, run};
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The Go release the wrapper module is built with.
const GO_MINOR: u32 = 26;

/// The two binaries' folder.
pub struct Binaries {
    pub dir: PathBuf,
}

/// `go1.26.8` → (1, 26), from `go version`'s output.
fn go_release(version_line: &str) -> Option<(u32, u32)> {
    let word = version_line
        .split_whitespace()
        .find(|w| w.starts_with("go1."))?;
    let mut parts = word.trim_start_matches("go").split(['.', 'r', 'b', '-']);
    Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
}

/// Refuses a Go other than 1.26, except 1.27+ with `GOEXPERIMENT=nojsonv2`.
fn check_go(version_line: &str, goexperiment: &str) -> Result<()> {
    let Some((major, minor)) = go_release(version_line) else {
        bail!("cannot read the Go release from `{}`", version_line.trim());
    };
    let nojsonv2 = goexperiment.split(',').any(|e| e.trim() == "nojsonv2");
    match (major, minor) {
        (1, m) if m == GO_MINOR => Ok(()),
        (1, m) if m > GO_MINOR && nojsonv2 => Ok(()),
        (1, m) if m > GO_MINOR => bail!(
            "{} turns JSON v2 on, which breaks kube-apiserver's OpenAPI: use Go 1.{GO_MINOR}, or set GOEXPERIMENT=nojsonv2",
            version_line.trim()
        ),
        _ => bail!(
            "{} is too old: the wrapper module needs Go 1.{GO_MINOR}",
            version_line.trim()
        ),
    }
}

fn go_version() -> Result<String> {
    let out = std::process::Command::new("go")
        .arg("version")
        .env("GOTOOLCHAIN", "local")
        .output()
        .context("cannot run `go` (Go 1.26 is needed to build kube-apiserver and etcd)")?;
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The cached binaries, built first when missing.
pub fn ensure() -> Result<Binaries> {
    let dir = versions::bin_dir().context("no cache folder: set XDG_CACHE_HOME or HOME")?;
    let wanted = [dir.join("kube-apiserver"), dir.join("etcd")];
    if wanted.iter().all(|b| b.is_file()) {
        eprintln!("xtask: kube-apiserver and etcd cached in {}", dir.display());
        return Ok(Binaries { dir });
    }
    let version = go_version()?;
    check_go(&version, &std::env::var("GOEXPERIMENT").unwrap_or_default())?;
    build(&dir)?;
    Ok(Binaries { dir })
}

/// `go build`s both into a fresh folder beside `dir`, checks their versions, then moves it to
/// `dir`, so an interrupted build never leaves a half-filled cache.
fn build(dir: &Path) -> Result<()> {
    let parent = dir.parent().context("cache folder")?;
    std::fs::create_dir_all(parent)?;
    let work = parent.join(format!(".build-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    let (out, gocache) = (work.join("bin"), work.join("gocache"));
    std::fs::create_dir_all(&out)?;
    let began = Instant::now();
    eprintln!(
        "xtask: building kube-apiserver and etcd ({}) from the Go module proxy; about 10 minutes on two cores",
        versions::cache_key()
    );
    let result = (|| -> Result<()> {
        for (name, package, stamp) in [
            (
                "kube-apiserver",
                "k8s.io/kubernetes/cmd/kube-apiserver",
                kubernetes_stamp()?,
            ),
            ("etcd", "go.etcd.io/etcd/server/v3", String::new()),
        ] {
            run(cmd("go")
                .current_dir(root().join("xtask/apiserver"))
                .args(["build", "-trimpath"])
                .arg(format!("-ldflags=-s -w{stamp}"))
                .arg("-o")
                .arg(out.join(name))
                .arg(package)
                .env("GOCACHE", &gocache)
                .env("GOFLAGS", "-mod=readonly")
                .env("GOTOOLCHAIN", "local"))?;
        }
        check_versions(&out)?;
        let _ = std::fs::remove_dir_all(dir);
        std::fs::rename(&out, dir)
            .with_context(|| format!("moving the binaries to {}", dir.display()))
    })();
    let _ = std::fs::remove_dir_all(&work);
    result?;
    eprintln!(
        "xtask: built in {:.0} s into {}",
        began.elapsed().as_secs_f64(),
        dir.display()
    );
    Ok(())
}

/// The `-X` flags Kubernetes' own build sets (`hack/lib/version.sh`), so that `/version` and
/// `--version` name the release rather than `v0.0.0-master`.
fn kubernetes_stamp() -> Result<String> {
    let k8s = versions::required(versions::GO_MOD, "k8s.io/kubernetes").context("go.mod")?;
    let mut parts = k8s.trim_start_matches('v').split('.');
    let (major, minor) = (parts.next().unwrap_or("1"), parts.next().unwrap_or("0"));
    let mut flags = String::new();
    for pkg in [
        "k8s.io/component-base/version",
        "k8s.io/client-go/pkg/version",
    ] {
        for (var, value) in [
            ("gitVersion", k8s.as_str()),
            ("gitMajor", major),
            ("gitMinor", minor),
            ("gitTreeState", "clean"),
        ] {
            flags.push_str(&format!(" -X {pkg}.{var}={value}"));
        }
    }
    Ok(flags)
}

/// The built binaries say the versions the wrapper module pins.
fn check_versions(out: &Path) -> Result<()> {
    let k8s = versions::required(versions::GO_MOD, "k8s.io/kubernetes").context("go.mod")?;
    let etcd =
        versions::required(versions::GO_MOD, "go.etcd.io/etcd/server/v3").context("go.mod")?;
    for (bin, expect) in [
        ("kube-apiserver", format!("Kubernetes {k8s}")),
        (
            "etcd",
            format!("etcd Version: {}", etcd.trim_start_matches('v')),
        ),
    ] {
        let said = std::process::Command::new(out.join(bin))
            .arg("--version")
            .output()
            .with_context(|| format!("cannot run the built {bin}"))?;
        let text = String::from_utf8_lossy(&said.stdout);
        if !text.contains(&expect) {
            bail!("the built {bin} says `{}`, not `{expect}`", text.trim());
        }
    }
    Ok(())
}

/// KubeVirt's generated CRDs, kept beside the repository (see `apiserver-harness/src/crds.rs`).
pub fn kubevirt_crds() -> PathBuf {
    std::env::var_os("STRATA_KUBEVIRT_CRDS")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/kubevirt/crds"))
}

/// The real API server tests: `cargo test -p apiserver-harness`, opted in (missing binaries or
/// CRDs fail). libtest, not nextest: one server per test binary, shared by its tests.
pub fn test_command(bins: &Binaries) -> std::process::Command {
    let mut c = cmd("cargo");
    c.args(["test", "--locked", "-p", "apiserver-harness"])
        .env("STRATA_REAL_APISERVER", "1")
        .env("STRATA_APISERVER_DIR", &bins.dir)
        .env("STRATA_KUBEVIRT_CRDS", kubevirt_crds());
    c
}

/// `cargo xtask apiserver`: builds what is missing, prints the binaries' paths, returns them.
pub fn main() -> Result<Binaries> {
    let bins = ensure()?;
    println!("{}", bins.dir.join("kube-apiserver").display());
    println!("{}", bins.dir.join("etcd").display());
    Ok(bins)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_1_26_is_taken_and_1_27_only_without_json_v2() {
        assert!(check_go("go version go1.26.8 linux/amd64", "").is_ok());
        assert!(check_go("go version go1.26rc1 linux/amd64", "").is_ok());
        let e = check_go("go version go1.27.0 linux/amd64", "").unwrap_err();
        assert!(e.to_string().contains("nojsonv2"), "{e}");
        assert!(check_go("go version go1.27.0 linux/amd64", "loopvar,nojsonv2").is_ok());
        assert!(check_go("go version go1.25.4 linux/amd64", "nojsonv2").is_err());
        assert!(check_go("bash: go: not found", "").is_err());
    }
}
