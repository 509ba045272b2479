//! Helm refusing or failing a release operation, in the words helm prints (helm/helm): a release
//! whose last operation never finished holds a `pending-*` status and every next operation is
//! refused, "another operation (install/upgrade/rollback) is in progress" (`pkg/action/action.go`
//! errPending); an upgrade of a release with no deployed revision is refused, "has no deployed
//! releases" (`pkg/storage/driver/driver.go` ErrNoDeployedReleases). Releases carry the
//! operators and charts of the install (KubeVirt's, HCO's, Harvester's, Rancher's and Fleet's
//! own), so a release stuck is the install's, the control plane's by this corpus' conventions.
//! The `helm history` and `helm list` tables' STATUS column is read by `input/helm_release.rs`.
//! `UPGRADE FAILED:`/`INSTALLATION FAILED:` (`pkg/cmd/upgrade.go`, `install.go`) wrap another
//! error, read by that error's own signature.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "helm-operation-in-progress",
        all: &["another operation (install/upgrade/rollback) is in progress"],
        layer: Some(Layer::ControlPlane),
        health: Health::Degraded,
        title: "Helm refuses the operation: the release's last one never finished",
        cause: "Helm marks a release pending-install, pending-upgrade or pending-rollback while \
            an operation runs and refuses any other meanwhile; an operation interrupted (its \
            client or the controller running it restarted) leaves the mark, so every later \
            install, upgrade or rollback of that release is refused",
        next_steps: &[
            "helm history <release> -n <ns> (the newest revision pending-*)",
            "helm rollback <release> <last deployed revision> -n <ns>, once nothing else runs an operation on it",
        ],
        source: "helm pkg/action/action.go (errPending: \"another operation \
            (install/upgrade/rollback) is in progress\")",
        example: "Error: UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress",
        ..BASE
    },
    Signature {
        id: "helm-no-deployed-releases",
        all: &["has no deployed releases"],
        layer: Some(Layer::ControlPlane),
        health: Health::Degraded,
        title: "Helm cannot upgrade a release that has no deployed revision",
        cause: "every revision of the release failed or was uninstalled, so Helm has no deployed \
            state to upgrade from and refuses; the chart's resources stay as the last attempt \
            left them",
        next_steps: &[
            "helm history <release> -n <ns> (each revision's status and description)",
            "helm uninstall <release> -n <ns> and install again, or helm rollback to a revision that worked",
        ],
        source: "helm pkg/storage/driver/driver.go (ErrNoDeployedReleases: \"has no deployed \
            releases\")",
        example: "Error: UPGRADE FAILED: \"harvester\" has no deployed releases",
        ..BASE
    },
];
