//! Finding the kube-apiserver and etcd binaries `cargo xtask apiserver` built.

use std::path::PathBuf;

pub struct Binaries {
    pub kube_apiserver: PathBuf,
    pub etcd: PathBuf,
}

impl Binaries {
    /// Both binaries from [`crate::versions::bin_dir`], or why they cannot be had.
    pub fn find() -> Result<Binaries, String> {
        let dir = crate::versions::bin_dir()
            .ok_or("neither STRATA_APISERVER_DIR, XDG_CACHE_HOME nor HOME is set")?;
        let found = Binaries {
            kube_apiserver: dir.join("kube-apiserver"),
            etcd: dir.join("etcd"),
        };
        for bin in [&found.kube_apiserver, &found.etcd] {
            if !bin.is_file() {
                return Err(format!(
                    "no {} (build it with `cargo xtask apiserver`)",
                    bin.display()
                ));
            }
        }
        Ok(found)
    }
}
