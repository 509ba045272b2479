//! The API server's and kubectl's own error lines, as a `kubectl apply/create/get` prints them:
//! a kind the API does not serve (KubeVirt's or CDI's CRDs not installed, or their install not
//! finished), an invalid object whose causes carry no field-error type, a resource type the
//! server does not know. Strings from k8s.io/apimachinery `pkg/api/meta/errors.go`
//! (`NoKindMatchError`: "no matches for kind %q in version %q", `NoResourceMatchError`),
//! k8s.io/cli-runtime `pkg/resource/mapper.go` ("unable to recognize %q: %v") and k8s.io/kubectl
//! `pkg/cmd/util/helpers.go` ("The request is invalid", "the server doesn't have a resource
//! type %q") (data table).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const CP: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    ..BASE
};

const INSTALL_STEPS: &[&str] = &[
    "kubectl get crd | grep -e kubevirt.io -e cdi.kubevirt.io",
    "kubectl get kubevirt -n kubevirt -o yaml (status.phase Deployed?) and kubectl get pods -n kubevirt",
    "kubectl logs -n kubevirt deploy/virt-operator",
];

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "api-no-kind-match",
        all: &["no matches for kind"],
        title: "the API does not serve this kind (its CRD is not installed)",
        cause: "the API server has no resource for the manifest's kind and version: KubeVirt's \
            (or CDI's) CustomResourceDefinitions are not installed, or virt-operator never \
            finished deploying KubeVirt, or the manifest names an apiVersion the installed \
            release does not serve",
        next_steps: INSTALL_STEPS,
        source: "k8s.io/apimachinery pkg/api/meta/errors.go (NoKindMatchError: \"no matches for \
            kind %q in version %q\")",
        example: r#"error: unable to recognize "vm.yaml": no matches for kind "VirtualMachine" in version "kubevirt.io/v1""#,
        ..CP
    },
    Signature {
        id: "api-no-resource-type",
        all: &["the server doesn't have a resource type"],
        title: "the API does not serve this resource type (its CRD is not installed)",
        cause: "kubectl asked for a resource the API server does not know: KubeVirt's (or \
            CDI's) CRDs are not installed or not yet established",
        next_steps: INSTALL_STEPS,
        source: "k8s.io/kubectl pkg/cmd/util/helpers.go (\"the server doesn't have a resource \
            type %q\")",
        example: r#"error: the server doesn't have a resource type "vmi""#,
        ..CP
    },
    // The API server's admission refusing a request: k8s.io/apiserver `pkg/admission/errors.go`
    // (`NewForbidden`: apimachinery's `NewForbidden(resource, name, err)`, printed `%s %q is
    // forbidden: %v`), the form every built-in admission plugin refuses with (Kubernetes
    // `plugin/pkg/admission/`: DefaultStorageClass, NamespaceLifecycle, LimitRanger,
    // ResourceQuota, PodSecurity, ServiceAccount, Priority). What it names (a claim, a pod) is
    // what the request was for; the refusal is the cluster's admission. RBAC's refusal says
    // `User "…" cannot …` (`rbac.rs`), a webhook's names the webhook (`webhook_owner`): not here.
    Signature {
        id: "api-admission-forbidden",
        all: &["is forbidden:"],
        none: &["cannot ", "webhook"],
        health: Health::Degraded,
        title: "the API server's admission refuses the request (forbidden)",
        cause: "an admission plugin of the API server refused to create or change the object; \
            the text after \"is forbidden:\" says which rule (two default StorageClasses, a \
            namespace being deleted, a LimitRange or ResourceQuota, a Pod Security level, a \
            missing PriorityClass): the cluster's configuration or the manifest must change",
        next_steps: &[
            "read the text after \"is forbidden:\"",
            "kubectl get storageclass,resourcequota,limitrange -A",
        ],
        source: "k8s.io/apiserver pkg/admission/errors.go (NewForbidden); Kubernetes \
            plugin/pkg/admission/",
        example: r#"Error from server (Forbidden): error when creating "pvc.yaml": persistentvolumeclaims "data" is forbidden: unable to create new content in namespace lab because it is being terminated"#,
        ..CP
    },
    Signature {
        id: "api-request-invalid",
        all: &["The request is invalid"],
        title: "the API refuses the object (the request is invalid)",
        cause: "the API server or virt-api's admission refused the manifest; the text after \
            \"is invalid:\" names the field and why (a setting the cluster's KubeVirt \
            configuration does not allow, a value out of range): fix the manifest or the \
            cluster configuration it needs",
        next_steps: &[
            "fix the manifest as the message says",
            "kubectl get kubevirt -n kubevirt -o yaml (spec.configuration: the settings the message names)",
        ],
        source: "k8s.io/kubectl pkg/cmd/util/helpers.go (StatusReasonInvalid: \"The request is \
            invalid\"); pkg/virt-api/webhooks/validating-webhook/admitters",
        example: "The request is invalid: spec.template.spec.domain.devices.gpus: GPU vendor.com/x is not permitted in permittedHostDevices configuration",
        ..CP
    },
    Signature {
        id: "kubectl-cannot-reach-api-server",
        all: &["Unable to connect to the server"],
        layer: Some(Layer::ControlPlane),
        health: Health::Degraded,
        title: "kubectl cannot reach the API server from where it runs",
        cause: "kubectl's own error before any request was answered: the API server is down or \
            not reachable at the kubeconfig's server address from this machine (VPN, firewall, \
            a wrong context); nothing of the cluster, the VMs included, can be read or changed \
            from here until it answers",
        next_steps: &[
            "kubectl config current-context; kubectl cluster-info",
            "check the API server from a control-plane node",
        ],
        source: "k8s.io/kubectl pkg/cmd/util/helpers.go (\"Unable to connect to the server: %v\")",
        example: "Unable to connect to the server: dial tcp 10.0.0.1:6443: i/o timeout",
        ..BASE
    },
    Signature {
        id: "kubectl-connection-refused-no-kubeconfig",
        all: &["The connection to the server", "was refused"],
        layer: Some(Layer::ControlPlane),
        health: Health::Degraded,
        title: "kubectl has no reachable API server (the server is down, or no kubeconfig)",
        cause: "kubectl's own error: nothing listens at the API server address it uses: the \
            API server is not up (yet), or kubectl has no kubeconfig (localhost:8080 is its \
            default then); nothing of the cluster can be read or changed until it answers",
        next_steps: &["export KUBECONFIG=<the cluster's kubeconfig>; kubectl cluster-info"],
        source: "k8s.io/client-go rest and k8s.io/kubectl (\"The connection to the server %s was \
            refused - did you specify the right host or port?\")",
        example: "The connection to the server localhost:8080 was refused - did you specify the right host or port?",
        ..BASE
    },
];
