//! The rest of Go's certificate vocabulary, so that every x509 or TLS failure between cluster
//! components (or between virtctl and the upload proxy) points at the control plane: the
//! `Error()` strings of `crypto/x509/verify.go` (`CertificateInvalidError`, `HostnameError`,
//! `UnknownAuthorityError`, `SystemRootsError`) and the alerts of `crypto/tls/alert.go`
//! (`"tls: " + alertText`). The most common ones, with their own causes, are in `tls.rs`; these
//! share one cause per family (data table).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const CP: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    ..BASE
};

const NAME_STEPS: &[&str] = &[
    "openssl s_client -connect <host:port> | openssl x509 -noout -text (the names it is valid for)",
    "reach the server by a name its certificate holds (e.g. the upload proxy's service name), or give it a certificate for the name used",
];
const CERT_STEPS: &[&str] = &[
    "kubectl get secrets -n kubevirt | grep certs; kubectl get configmap -n kubevirt kubevirt-ca -o yaml",
    "kubectl logs -n kubevirt deploy/virt-operator (certificate rotation); for CDI: -n cdi deploy/cdi-operator",
];

const NAME_CAUSE: &str = "the server's certificate does not name the host the client used (an IP \
    address where the certificate has no IP SANs, a node port or ingress name where it only \
    names its in-cluster service): TLS verification fails before any request is served";
const CHAIN_CAUSE: &str = "the certificate chain a component presents cannot be verified (a CA \
    or intermediate not allowed to sign, wrong key usage, name constraints, no valid chain): \
    the certificates virt-operator or cdi-operator issued are out of step with the CA bundle, \
    or a hand-made certificate is malformed";

/// One x509 `Error()` string of `crypto/x509/verify.go`.
const fn x509(
    id: &'static str,
    needle: &'static [&'static str],
    title: &'static str,
    names: bool,
) -> Signature {
    Signature {
        id,
        all: needle,
        title,
        cause: if names { NAME_CAUSE } else { CHAIN_CAUSE },
        next_steps: if names { NAME_STEPS } else { CERT_STEPS },
        source: "Go crypto/x509/verify.go (HostnameError, CertificateInvalidError, \
            SystemRootsError Error() strings)",
        ..CP
    }
}

/// One TLS alert of `crypto/tls/alert.go` about certificates, as a peer reports it.
const fn alert(
    id: &'static str,
    needle: &'static [&'static str],
    title: &'static str,
) -> Signature {
    Signature {
        id,
        all: needle,
        title,
        cause: "the TLS peer refused the handshake over a certificate: a component's CA bundle \
            and its peer's certificate disagree (stale after a reinstall or rotation, expired, \
            revoked, or no client certificate sent where one is required)",
        next_steps: CERT_STEPS,
        source: "Go crypto/tls/alert.go (\"tls: \" + alertText)",
        ..CP
    }
}

pub(super) const TABLE: &[Signature] = &[
    Signature {
        example: "Post https://192.168.39.2:31001/v1beta1/upload: x509: cannot validate certificate for 192.168.39.2 because it doesn't contain any IP SANs",
        ..x509(
            "x509-no-ip-sans",
            &["x509: cannot validate certificate for", "IP SANs"],
            "a server's certificate has no IP SANs for the address used (x509)",
            true,
        )
    },
    Signature {
        example: "x509: certificate is valid for 2 IP SANs, but none matched 10.0.0.9",
        ..x509(
            "x509-ip-sans-mismatch",
            &[
                "x509: certificate is valid for",
                "IP SANs, but none matched",
            ],
            "a server's certificate is valid for other IP addresses (x509)",
            true,
        )
    },
    Signature {
        example: "x509: certificate is valid for 3 names, but none matched proxy.example.org",
        ..x509(
            "x509-names-mismatch",
            &["x509: certificate is valid for", "names, but none matched"],
            "a server's certificate is valid for other names (x509)",
            true,
        )
    },
    Signature {
        example: "x509: certificate is not valid for any names, but wanted to match virt-api.kubevirt.svc",
        ..x509(
            "x509-no-names",
            &["x509: certificate is not valid for any names"],
            "a server's certificate names no host at all (x509)",
            true,
        )
    },
    Signature {
        example: "x509: certificate relies on legacy Common Name field, use SANs instead",
        ..x509(
            "x509-legacy-cn",
            &["x509: certificate relies on legacy Common Name field"],
            "a server's certificate names its host only in the Common Name (x509)",
            true,
        )
    },
    Signature {
        example: "x509: certificate is not authorized to sign other certificates",
        ..x509(
            "x509-not-ca",
            &["x509: certificate is not authorized to sign other certificates"],
            "a certificate used as a CA may not sign (x509)",
            false,
        )
    },
    Signature {
        example: "x509: a root or intermediate certificate is not authorized to sign for this name: DNS name \"x\"",
        ..x509(
            "x509-name-constraints",
            &["x509: a root or intermediate certificate is not authorized"],
            "a CA is not authorized for this name or usage (x509)",
            false,
        )
    },
    Signature {
        example: "x509: certificate specifies an incompatible key usage",
        ..x509(
            "x509-key-usage",
            &["x509: certificate specifies an incompatible key usage"],
            "a certificate's key usage does not allow this use (x509)",
            false,
        )
    },
    Signature {
        example: "x509: issuer name does not match subject from issuing certificate",
        ..x509(
            "x509-issuer-mismatch",
            &["x509: issuer name does not match subject"],
            "a certificate's issuer does not match its CA (x509)",
            false,
        )
    },
    Signature {
        example: "x509: too many intermediates for path length constraint",
        ..x509(
            "x509-path-length",
            &["x509: too many intermediates"],
            "a certificate chain is longer than its CA allows (x509)",
            false,
        )
    },
    Signature {
        example: "x509: issuer has name constraints but leaf doesn't have a SAN extension",
        ..x509(
            "x509-issuer-constraints",
            &["x509: issuer has name constraints"],
            "a certificate breaks its CA's name constraints (x509)",
            false,
        )
    },
    Signature {
        example: "x509: failed to load system roots and no roots provided",
        ..x509(
            "x509-no-roots",
            &["x509: failed to load system roots"],
            "no CA certificates to verify with (x509)",
            false,
        )
    },
    Signature {
        example: "tls: failed to verify certificate: x509: no valid chains built",
        ..x509(
            "x509-no-chain",
            &["x509: no valid chains built"],
            "no valid certificate chain (x509)",
            false,
        )
    },
    Signature {
        example: "remote error: tls: expired certificate",
        ..alert(
            "tls-alert-expired",
            &["tls: expired certificate"],
            "a TLS peer reports the certificate expired",
        )
    },
    Signature {
        example: "remote error: tls: revoked certificate",
        ..alert(
            "tls-alert-revoked",
            &["tls: revoked certificate"],
            "a TLS peer reports the certificate revoked",
        )
    },
    Signature {
        example: "remote error: tls: unknown certificate",
        ..alert(
            "tls-alert-unknown-cert",
            &["tls: unknown certificate"],
            "a TLS peer does not accept the certificate (unknown certificate)",
        )
    },
    Signature {
        example: "remote error: tls: unsupported certificate",
        ..alert(
            "tls-alert-unsupported-cert",
            &["tls: unsupported certificate"],
            "a TLS peer does not support the certificate",
        )
    },
    Signature {
        example: "remote error: tls: certificate required",
        ..alert(
            "tls-alert-cert-required",
            &["tls: certificate required"],
            "a TLS peer requires a client certificate that was not sent",
        )
    },
    Signature {
        example: "tls: failed to verify certificate: x509: unknown error",
        ..alert(
            "tls-failed-to-verify",
            &["tls: failed to verify certificate"],
            "TLS could not verify a server's certificate",
        )
    },
    Signature {
        example: "remote error: tls: handshake failure",
        ..alert(
            "tls-alert-handshake",
            &["tls: handshake failure"],
            "a TLS handshake between components fails",
        )
    },
];
