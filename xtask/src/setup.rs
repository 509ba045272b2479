//! Installing what is missing. Every step first checks the installed version and does nothing
//! when it matches, so a second run spends no time installing.

use crate::{cmd, root, run};
use anyhow::{Context, Result, bail};
use std::process::Command;

pub const TRUNK_VERSION: &str = "0.21.14";
pub const BINARYEN_VERSION: &str = "132";
/// terser, which minifies the JS glue after its names were shortened (see `glue.rs`).
pub const TERSER_VERSION: &str = "5.51.4";
/// axe-core, injected into pages by the accessibility e2e test.
pub const AXE_VERSION: &str = "4.14.1";

/// `@kubevirt-ui-ext/kubevirt-api`, KubeVirt's OpenAPI definitions as TypeScript, against which
/// the simulator's conformance test checks what it serves (`sim/tests/openapi/mod.rs`, which pins
/// the same version and finds the package in the global npm root too).
pub const KUBEVIRT_API: &str = "@kubevirt-ui-ext/kubevirt-api";
pub const KUBEVIRT_API_VERSION: &str = "1.7.0";

/// The folder of the globally installed npm `package`, if it is `version`.
fn npm_global(package: &str, version: &str) -> Option<std::path::PathBuf> {
    let root = output("npm", &["root", "--global"])?;
    let dir = std::path::Path::new(root.trim()).join(package);
    let manifest = std::fs::read_to_string(dir.join("package.json")).ok()?;
    let manifest: serde_json::Value = serde_json::from_str(&manifest).ok()?;
    (manifest["version"] == version).then_some(dir)
}

/// `axe.min.js` of the globally installed axe-core, if it is the pinned version.
pub fn axe_js() -> Option<std::path::PathBuf> {
    npm_global("axe-core", AXE_VERSION)
        .map(|dir| dir.join("axe.min.js"))
        .filter(|p| p.is_file())
}

/// The output of `program args`, or None when it cannot run or fails.
fn output(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Whether word `field` of `program --version` is `want` (e.g. `trunk 0.21.14`, field 1).
fn version_is(program: &str, field: usize, want: &str) -> bool {
    output(program, &["--version"]).is_some_and(|v| v.split_whitespace().nth(field) == Some(want))
}

/// The version of a package in Cargo.lock.
pub fn locked_version(package: &str) -> Result<String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock")).context("reading Cargo.lock")?;
    let needle = format!("name = \"{package}\"\nversion = \"");
    let start = lock
        .find(&needle)
        .with_context(|| format!("{package} is not in Cargo.lock"))?
        + needle.len();
    let end = lock[start..].find('"').context("malformed Cargo.lock")?;
    Ok(lock[start..start + end].to_string())
}

/// Checks that Trunk.toml pins the tool versions this setup installs.
fn check_trunk_toml(wasm_bindgen: &str) -> Result<()> {
    let trunk = std::fs::read_to_string(root().join("Trunk.toml")).context("reading Trunk.toml")?;
    let want_bindgen = format!("wasm_bindgen = \"{wasm_bindgen}\"");
    let want_opt = format!("wasm_opt = \"version_{BINARYEN_VERSION}\"");
    if !trunk.contains(&want_bindgen)
        || !trunk.contains(&want_opt)
        || !trunk.contains("offline = true")
    {
        bail!(
            "Trunk.toml must say `{want_bindgen}`, `{want_opt}` and `offline = true` \
             (Cargo.lock has wasm-bindgen {wasm_bindgen})"
        );
    }
    Ok(())
}

fn apt_install(packages: &[&str]) -> Result<()> {
    if packages.is_empty() {
        return Ok(());
    }
    let sudo = output("id", &["-u"]).is_some_and(|u| u.trim() != "0");
    let apt = |args: &[&str]| {
        let mut c = if sudo {
            let mut c = cmd("sudo");
            c.arg("apt-get");
            c
        } else {
            cmd("apt-get")
        };
        c.args(args).env("DEBIAN_FRONTEND", "noninteractive");
        run(&mut c)
    };
    apt(&["update"])?;
    let mut args = vec!["install", "-y", "--no-install-recommends"];
    args.extend_from_slice(packages);
    apt(&args)
}

/// Installs what is missing; with `test`, also what the test suites need.
pub fn ensure(test: bool) -> Result<()> {
    let targets = output("rustup", &["target", "list", "--installed"]).unwrap_or_default();
    if !targets
        .lines()
        .any(|t| t.trim() == "wasm32-unknown-unknown")
    {
        run(cmd("rustup").args(["target", "add", "wasm32-unknown-unknown"]))?;
    }
    for (tool, component) in [("fmt", "rustfmt"), ("clippy", "clippy")] {
        if output("cargo", &[tool, "--version"]).is_none() {
            run(cmd("rustup").args(["component", "add", component]))?;
        }
    }
    let bindgen = locked_version("wasm-bindgen")?;
    check_trunk_toml(&bindgen)?;
    if !version_is("trunk", 1, TRUNK_VERSION) {
        run(cmd("cargo").args(["install", "trunk", "--version", TRUNK_VERSION, "--locked"]))?;
    }
    if !version_is("wasm-bindgen", 1, &bindgen) {
        // Without --locked: wasm-bindgen-cli's own lock file does not build with every toolchain.
        run(cmd("cargo").args([
            "install",
            "wasm-bindgen-cli",
            "--version",
            &bindgen,
            "--force",
        ]))?;
    }
    if !version_is("wasm-opt", 2, BINARYEN_VERSION) {
        run(cmd("npm").args([
            "install",
            "--global",
            &format!("binaryen@{BINARYEN_VERSION}"),
        ]))?;
    }
    if !version_is("terser", 1, TERSER_VERSION) {
        run(cmd("npm").args(["install", "--global", &format!("terser@{TERSER_VERSION}")]))?;
    }
    run(cmd("cargo").args(["fetch", "--locked"]))?;
    if test {
        if output("cargo", &["nextest", "--version"]).is_none() {
            run(cmd("cargo").args(["install", "cargo-nextest", "--locked"]))?;
        }
        // The bounded fuzz run (`fuzz.rs`): cargo-fuzz needs a nightly toolchain.
        let toolchains = output("rustup", &["toolchain", "list"]).unwrap_or_default();
        if !toolchains.lines().any(|t| t.starts_with("nightly")) {
            run(cmd("rustup").args(["toolchain", "install", "nightly", "--profile", "minimal"]))?;
        }
        if output("cargo", &["fuzz", "--version"]).is_none() {
            run(cmd("cargo").args(["install", "cargo-fuzz", "--locked"]))?;
        }
        if axe_js().is_none() {
            run(cmd("npm").args(["install", "--global", &format!("axe-core@{AXE_VERSION}")]))?;
        }
        if npm_global(KUBEVIRT_API, KUBEVIRT_API_VERSION).is_none() {
            let package = format!("{KUBEVIRT_API}@{KUBEVIRT_API_VERSION}");
            run(cmd("npm").args(["install", "--global", &package]))?;
        }
        let mut missing = Vec::new();
        for (bin, package) in [
            ("/usr/bin/chromium", "chromium"),
            ("/usr/bin/chromedriver", "chromium-driver"),
            ("/usr/bin/prometheus", "prometheus"),
            // The alert tests send Prometheus's alerts to a real Alertmanager.
            (
                "/usr/bin/prometheus-alertmanager",
                "prometheus-alertmanager",
            ),
            // The history store tests run against a real PostgreSQL.
            ("/usr/lib/postgresql", "postgresql"),
            // Japanese text in the e2e screenshots.
            (
                "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
                "fonts-noto-cjk",
            ),
        ] {
            if !std::path::Path::new(bin).exists() {
                missing.push(package);
            }
        }
        // Some images ship kubectl from another package; Debian's is only needed when none is there.
        if output("kubectl", &["version", "--client"]).is_none() {
            missing.push("kubernetes-client");
        }
        apt_install(&missing)?;
    }
    Ok(())
}
