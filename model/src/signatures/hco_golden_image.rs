//! HCO declining to deploy a golden image. HyperConverged's `dataImportCronTemplates` are the
//! golden images (boot sources) HCO hands to SSP, which creates their DataImportCrons for CDI to
//! import; with multi-architecture boot images, HCO deploys a template only when one of the
//! architectures it lists (the `ssp.kubevirt.io/dict.architectures` annotation) is a node's.
//! Otherwise it writes the template's condition `Deployed: False`, reason
//! `UnsupportedArchitectures`, "DataImportCronTemplate has no supported architectures for the
//! current cluster" (kubevirt/hyperconverged-cluster-operator
//! `controllers/handlers/golden-images/golden_images.go`; the runbook
//! HCOGoldenImageWithNoSupportedArchitecture in kubevirt/monitoring), and the image is never
//! imported: the VMs that clone it wait for a disk. The install's configuration: the control
//! plane's, degraded.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const GOLDEN: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Degraded,
    title: "HCO does not deploy a golden image: no supported architectures for the cluster",
    cause: "the golden image's DataImportCronTemplate lists only architectures no node of the \
        cluster has, so HCO does not hand it to SSP (Deployed False, UnsupportedArchitectures) \
        and CDI never imports it: VMs that clone this boot source wait for their disk",
    next_steps: &[
        "kubectl get hyperconverged -n <hco namespace> -o yaml (status.dataImportCronTemplates: each template's conditions and originalSupportedArchitectures)",
        "kubectl get nodes -L kubernetes.io/arch (the architectures the cluster has)",
    ],
    source: "kubevirt/hyperconverged-cluster-operator controllers/handlers/golden-images/golden_images.go \
        (Deployed, UnsupportedArchitectures); kubevirt/monitoring runbook \
        HCOGoldenImageWithNoSupportedArchitecture",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "hco-golden-image-no-architecture",
        all: &["has no supported architectures for the current"],
        example: "  - message: DataImportCronTemplate has no supported architectures for the current cluster",
        ..GOLDEN
    },
    Signature {
        id: "hco-golden-image-unsupported-architectures",
        all: &["UnsupportedArchitectures"],
        cased: &["UnsupportedArchitectures"],
        example: "        reason: UnsupportedArchitectures",
        ..GOLDEN
    },
];
