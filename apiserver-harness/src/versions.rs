//! Which kube-apiserver and etcd the tests use, and where `cargo xtask apiserver` caches them.
//!
//! The versions are those the committed wrapper module (`xtask/apiserver/go.mod`) requires, so
//! the harness and the builder can never disagree; the cache folder is named after them.

use std::path::PathBuf;

/// The wrapper module the binaries are built from.
pub const GO_MOD: &str = include_str!("../../xtask/apiserver/go.mod");

/// The version `go.mod` requires of `module` (`v1.36.3`), from its `require` lines.
pub fn required(go_mod: &str, module: &str) -> Option<String> {
    go_mod.lines().find_map(|line| {
        let mut words = line.split_whitespace();
        let first = words.next()?;
        let (name, version) = if first == "require" {
            (words.next()?, words.next()?)
        } else {
            (first, words.next()?)
        };
        (name == module && version.starts_with('v')).then(|| version.to_string())
    })
}

/// `kubernetes-v1.36.3_etcd-v3.6.8`: the cache folder's name for the pinned versions.
pub fn cache_key() -> String {
    let k8s = required(GO_MOD, "k8s.io/kubernetes").expect("go.mod requires k8s.io/kubernetes");
    let etcd =
        required(GO_MOD, "go.etcd.io/etcd/server/v3").expect("go.mod requires etcd's server");
    format!("kubernetes-{k8s}_etcd-{etcd}")
}

/// Where the binaries live: `STRATA_APISERVER_DIR`, else
/// `$XDG_CACHE_HOME/strata/apiserver/<key>` (`~/.cache` without it).
pub fn bin_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("STRATA_APISERVER_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(cache.join("strata/apiserver").join(cache_key()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_come_from_the_require_block_not_the_replacements() {
        let go_mod = "module x\n\nrequire (\n\tgo.etcd.io/etcd/server/v3 v3.6.8\n\tk8s.io/kubernetes v1.36.3\n)\n\nreplace (\n\tk8s.io/api => k8s.io/api v0.36.3\n)\n";
        assert_eq!(required(go_mod, "k8s.io/kubernetes").unwrap(), "v1.36.3");
        assert_eq!(
            required(go_mod, "go.etcd.io/etcd/server/v3").unwrap(),
            "v3.6.8"
        );
        assert_eq!(required(go_mod, "k8s.io/api"), None);
        assert_eq!(
            required("require k8s.io/kubernetes v1.36.1\n", "k8s.io/kubernetes").unwrap(),
            "v1.36.1"
        );
    }

    #[test]
    fn the_committed_module_pins_kubernetes_1_36_and_etcd_3_6() {
        let key = cache_key();
        assert!(key.starts_with("kubernetes-v1.36."), "{key}");
        assert!(key.contains("_etcd-v3.6."), "{key}");
    }
}
