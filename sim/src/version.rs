//! The KubeVirt release the simulator imitates (`--kubevirt-version`): behaviour that changed
//! between releases (metric names, abort texts, pod garbage collection, eviction denials)
//! asks it.

/// A KubeVirt release `1.minor` (the simulator covers v1.0 to v1.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct KubeVirtVersion {
    pub minor: u32,
}

impl Default for KubeVirtVersion {
    fn default() -> Self {
        KubeVirtVersion { minor: 9 }
    }
}

impl KubeVirtVersion {
    /// The newest release the simulator knows.
    pub const LATEST: KubeVirtVersion = KubeVirtVersion { minor: 9 };

    /// Parses `1.4`, `v1.4` or `1.4.2`.
    pub fn parse(s: &str) -> Result<KubeVirtVersion, String> {
        let bad = || format!("invalid --kubevirt-version {s:?} (use 1.0 to 1.9)");
        let t = s.trim().trim_start_matches('v');
        let mut parts = t.split('.');
        let major: u32 = parts.next().and_then(|p| p.parse().ok()).ok_or_else(bad)?;
        let minor: u32 = parts.next().and_then(|p| p.parse().ok()).ok_or_else(bad)?;
        if major != 1 || minor > Self::LATEST.minor {
            return Err(bad());
        }
        Ok(KubeVirtVersion { minor })
    }

    /// Whether this release is `1.minor` or newer.
    pub fn at_least(self, minor: u32) -> bool {
        self.minor >= minor
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_release_names() {
        assert_eq!(KubeVirtVersion::parse("1.4").unwrap().minor, 4);
        assert_eq!(KubeVirtVersion::parse("v1.9.0").unwrap().minor, 9);
        assert!(KubeVirtVersion::parse("2.0").is_err());
        assert!(KubeVirtVersion::parse("1.12").is_err());
        assert!(KubeVirtVersion::parse("x").is_err());
    }
}
