//! Signatures of TLS and x509 failures between cluster components: KubeVirt's and CDI's
//! components talk over TLS with certificates virt-operator (and cdi-operator) issue and rotate
//! (CA bundles in `kubevirt-ca` / `cdi-apiserver-signer-bundle`), and the API server calls
//! virt-api's and cdi-apiserver's aggregated APIs and webhooks with those CA bundles. A
//! rejected certificate between them is a control-plane fault (data table). Messages from Go's
//! `crypto/tls` and `crypto/x509`; certificate handling in KubeVirt's `pkg/certificates/` and
//! `pkg/virt-operator/resource/generate/components/secrets.go`.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const CP: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    ..BASE
};

const STEPS: &[&str] = &[
    "kubectl get secrets -n kubevirt | grep certs (kubevirt-virt-api-certs, kubevirt-virt-handler-certs)",
    "kubectl get configmap -n kubevirt kubevirt-ca -o yaml (CA bundle)",
    "kubectl logs -n kubevirt deploy/virt-operator (certificate rotation)",
    "restart the component whose certificate is rejected",
];

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "tls-bad-certificate",
        all: &["tls: bad certificate"],
        title: "a TLS peer rejects a component's certificate (tls: bad certificate)",
        cause: "one side of a TLS connection between cluster components refused the other's \
            certificate: the callers of virt-api / cdi-apiserver (the API server, virt-handler) \
            hold a CA bundle that does not match the serving certificate (stale after a \
            reinstall or rotation, expired, issued by another CA)",
        next_steps: STEPS,
        source: "Go crypto/tls (\"remote error: tls: bad certificate\"), as logged by virt-api, \
            cdi-apiserver and virt-handler; pkg/certificates",
        example: r#"{"component":"virt-api","level":"info","msg":"http: TLS handshake error from 100.64.0.4:47408: remote error: tls: bad certificate\n","pos":"server.go:3160"}"#,
        ..CP
    },
    Signature {
        id: "tls-unknown-authority",
        all: &["tls: unknown certificate authority"],
        title: "a TLS peer does not know the CA of a component's certificate",
        cause: "the peer's CA bundle lacks the CA that issued the certificate (a CA rotated \
            without the bundle following, or a certificate from another install)",
        next_steps: STEPS,
        source: "Go crypto/tls (\"remote error: tls: unknown certificate authority\")",
        example: "http: TLS handshake error from 10.0.0.4:55308: remote error: tls: unknown certificate authority",
        ..CP
    },
    Signature {
        id: "x509-wrong-names",
        all: &["x509: certificate is valid for"],
        title: "a server presents a certificate for other names (x509)",
        cause: "the name used to reach the server is not in its certificate: the service routes \
            to other pods (e.g. virt-handler's certificate where virt-api's is expected), or an \
            external name reaches a component whose certificate only names its in-cluster \
            service (cdi-uploadproxy through a node port or ingress)",
        next_steps: &[
            "kubectl get endpoints -n <ns> <service> -o wide (which pods serve it)",
            "use the name the certificate is valid for, or give the component a certificate for the external name",
        ],
        source: "Go crypto/x509 (HostnameError: \"x509: certificate is valid for %s, not %s\")",
        example: "Post https://k8s.example.com:30000/v1alpha1/upload: x509: certificate is valid for cdi-uploadproxy, cdi-uploadproxy.cdi, cdi-uploadproxy.cdi.svc, not k8s.example.com",
        ..CP
    },
    Signature {
        id: "x509-expired",
        all: &["x509: certificate has expired"],
        title: "a component's certificate has expired (x509)",
        cause: "a serving or client certificate is past its validity: virt-operator's (or \
            cdi-operator's) rotation did not run (operator down, clock skew between nodes)",
        next_steps: STEPS,
        source: "Go crypto/x509 (CertificateInvalidError Expired: \"x509: certificate has \
            expired or is not yet valid\")",
        example: r#"failed to call webhook: Post "https://virt-api.kubevirt.svc:443/x": tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time 2023-10-24T07:52:53Z is after 2023-10-23T10:00:00Z"#,
        ..CP
    },
    Signature {
        id: "x509-unknown-authority",
        all: &["x509: certificate signed by unknown authority"],
        title: "a certificate is signed by an unknown authority (x509)",
        cause: "the client does not trust the CA that signed the server's certificate: a CA \
            bundle out of sync (component certificates), or a registry or upload proxy with a \
            private CA the importer or virtctl is not given",
        next_steps: &[
            "kubectl get configmap -n kubevirt kubevirt-ca -o yaml",
            "for a registry or HTTP source: the DataVolume's certConfigMap",
        ],
        source: "Go crypto/x509 (UnknownAuthorityError)",
        example: "Get \"https://registry.example.com/v2/\": x509: certificate signed by unknown authority",
        ..CP
    },
];
