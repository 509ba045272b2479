//! Which kind of folder tree a dump is, and what one file in it holds, from its relative path
//! alone:
//!
//! * a Harvester support bundle (`support-bundle-kit`): `yamls/cluster/...`,
//!   `yamls/namespaced/<ns>/<group>/<kind>.yaml` (one List per kind), pod logs as
//!   `logs/<ns>/<pod>/<container>.log`;
//! * a KubeVirt or OpenShift must-gather: `namespaces/<ns>/...` (objects, for instance
//!   `namespaces/<ns>/kubevirt.io/virtualmachineinstances/<name>.yaml` or
//!   `namespaces/<ns>/pods/<pod>/<pod>.yaml`), `cluster-scoped-resources/...`, `nodes/<node>/...`
//!   (host command output), pod logs as `namespaces/<ns>/pods/<pod>/<container>/.../current.log`;
//!   often under one image-named folder;
//! * anything else: an export of `kubectl get -o yaml` files.

use serde::{Deserialize, Serialize};

/// The kind of folder tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    HarvesterSupportBundle,
    MustGather,
    Export,
}

impl Layout {
    /// Guesses the layout from every relative path in the tree.
    pub fn detect<'a>(paths: impl IntoIterator<Item = &'a str>) -> Layout {
        let mut must_gather = false;
        for p in paths {
            let segs: Vec<&str> = segments(p).collect();
            if segs.first() == Some(&"yamls") || segs.first() == Some(&"logs") && segs.len() == 4 {
                return Layout::HarvesterSupportBundle;
            }
            if segs.contains(&"namespaces") || segs.contains(&"cluster-scoped-resources") {
                must_gather = true;
            }
        }
        if must_gather {
            Layout::MustGather
        } else {
            Layout::Export
        }
    }

    /// How the layout is named in reports ("read as ...").
    pub fn label(self) -> &'static str {
        match self {
            Layout::HarvesterSupportBundle => "a Harvester support bundle",
            Layout::MustGather => "a must-gather",
            Layout::Export => "an export of YAML/JSON files",
        }
    }
}

/// What a file holds, by its path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "role")]
pub enum FileRole {
    /// Kubernetes objects (`.yaml`, `.yml`, `.json`).
    Objects,
    /// A container log, with what its path says about where it came from.
    Log(LogSource),
    /// Neither: host command output, metadata, archives.
    Other,
}

/// Where a log file came from, as far as its path tells.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogSource {
    pub namespace: Option<String>,
    pub pod: Option<String>,
    pub container: Option<String>,
}

fn segments(p: &str) -> impl Iterator<Item = &str> {
    p.split(['/', '\\']).filter(|s| !s.is_empty() && *s != ".")
}

/// What the file at `path` (relative to the tree's root) holds.
pub fn role(path: &str) -> FileRole {
    let segs: Vec<&str> = segments(path).collect();
    let Some(file) = segs.last() else {
        return FileRole::Other;
    };
    let lower = file.to_ascii_lowercase();
    if [".yaml", ".yml", ".json"]
        .iter()
        .any(|e| lower.ends_with(e))
    {
        return FileRole::Objects;
    }
    if lower.ends_with(".log") && lower != "must-gather.log" {
        return FileRole::Log(log_source(&segs));
    }
    FileRole::Other
}

fn log_source(segs: &[&str]) -> LogSource {
    let owned = |s: Option<&&str>| s.map(|s| s.to_string());
    // must-gather: namespaces/<ns>/pods/<pod>/<container>/...
    if let Some(i) = segs.iter().position(|s| *s == "namespaces")
        && segs.get(i + 2) == Some(&"pods")
    {
        let container = segs.get(i + 4).filter(|_| i + 5 < segs.len());
        return LogSource {
            namespace: owned(segs.get(i + 1)),
            pod: owned(segs.get(i + 3)),
            container: owned(container),
        };
    }
    // Harvester: logs/<ns>/<pod>/<container>.log
    if let Some(i) = segs.iter().position(|s| *s == "logs")
        && segs.len() == i + 4
    {
        let file = segs[i + 3];
        return LogSource {
            namespace: owned(segs.get(i + 1)),
            pod: owned(segs.get(i + 2)),
            container: Some(file.trim_end_matches(".log").to_string()),
        };
    }
    LogSource::default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_and_roles_from_paths() {
        let harvester = [
            "metadata.yaml",
            "yamls/namespaced/default/kubevirt.io/v1/virtualmachineinstances.yaml",
        ];
        assert_eq!(Layout::detect(harvester), Layout::HarvesterSupportBundle);
        let mg = ["quay-io-kubevirt-must-gather/namespaces/prod/kubevirt.io/x.yaml"];
        assert_eq!(Layout::detect(mg), Layout::MustGather);
        assert_eq!(Layout::detect(["vmis.yaml", "pods.json"]), Layout::Export);

        assert_eq!(
            role("logs/harvester-system/virt-handler-abc/virt-handler.log"),
            FileRole::Log(LogSource {
                namespace: Some("harvester-system".into()),
                pod: Some("virt-handler-abc".into()),
                container: Some("virt-handler".into()),
            })
        );
        assert_eq!(
            role(
                "mg/namespaces/kubevirt/pods/virt-handler-x/virt-handler/virt-handler/logs/current.log"
            ),
            FileRole::Log(LogSource {
                namespace: Some("kubevirt".into()),
                pod: Some("virt-handler-x".into()),
                container: Some("virt-handler".into()),
            })
        );
        assert_eq!(role("a/b.YAML"), FileRole::Objects);
        assert_eq!(role("nodes/worker-a/dmesg"), FileRole::Other);
        assert_eq!(role("must-gather.log"), FileRole::Other);
    }
}
