//! Signatures of admission: the API server failing to call KubeVirt's webhooks (virt-api serves
//! them, CDI's cdi-apiserver serves CDI's), the denials whose layer follows from the webhook's
//! purpose (migration webhooks: the migration's control plane; the eviction interceptor: a
//! drain starting an evacuation, not a fault), and the API server's field validation errors
//! as kubectl prints them (data table). Webhook names from
//! `pkg/virt-operator/resource/generate/components/webhooks.go`; field error types from
//! k8s.io/apimachinery `pkg/util/validation/field/errors.go`.

use super::Signature;
use super::base::BASE;
use crate::evidence::SignalPlane;
use crate::verdict::{Health, Layer};

const CP: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    ..BASE
};

/// What to run when the API server cannot call a webhook.
const CALL_STEPS: &[&str] = &[
    "kubectl get pods,endpoints -n kubevirt -l kubevirt.io=virt-api (Ready, endpoints)",
    "kubectl logs -n kubevirt <virt-api pod>",
    "kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations | grep kubevirt",
];

const CALL_SOURCE: &str = "Kubernetes API server admission (\"failed calling webhook\"); \
    webhooks served by virt-api, registered by \
    pkg/virt-operator/resource/generate/components/webhooks.go";

/// The field package's error types (`k8s.io/apimachinery pkg/util/validation/field/errors.go`),
/// after any other needles given.
macro_rules! field_error_types {
    ($($other:literal),*) => {
        &[
            $($other,)*
            "Invalid value",
            "Unsupported value",
            "Required value",
            "Duplicate value",
            "Forbidden:",
            "Too long",
            "Too many",
        ]
    };
}

const FIELD_ERROR_TYPES: &[&str] = field_error_types!();

/// What the field-cause entry leaves to the others: kubectl's words for a status without kind
/// and name (api-request-invalid) and the field package's types (api-invalid-field).
const NOT_A_FIELD_CAUSE: &[&str] = field_error_types!("The request is invalid");

/// A manifest refused for a field: one reading, whichever words name the field.
const INVALID_FIELD: Signature = Signature {
    title: "the API refuses the object: a field is invalid",
    cause: "the API server (its schema validation or virt-api's admission webhook) refused the \
        manifest; the field path and the reason follow \"is invalid:\": fix the manifest (or the \
        client that wrote it)",
    next_steps: &[
        "kubectl explain <kind>.<field path>",
        "fix the manifest as the message says",
    ],
    ..CP
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "webhook-call-timeout",
        all: &["failed calling webhook", "deadline exceeded"],
        title: "the API server's call to a KubeVirt admission webhook times out (virt-api)",
        cause: "every create or update of the webhook's objects fails because the API server \
            cannot get an answer from the webhook's service (virt-api, or cdi-apiserver for \
            CDI's) in time: the API server cannot reach the pod network (CNI, kube-proxy, \
            firewall) or virt-api is overloaded",
        next_steps: CALL_STEPS,
        source: CALL_SOURCE,
        example: r#"Internal error occurred: failed calling webhook "virtualmachines-mutator.kubevirt.io": failed to call webhook: Post "https://virt-api.kubevirt.svc:443/virtualmachines-mutate?timeout=10s": context deadline exceeded"#,
        ..CP
    },
    Signature {
        id: "webhook-call-io-timeout",
        all: &["failed calling webhook", "i/o timeout"],
        title: "the API server cannot connect to a KubeVirt admission webhook (i/o timeout)",
        cause: "the API server's connection to the webhook's service (virt-api, or \
            cdi-apiserver) times out: the control-plane node cannot reach the service's pods \
            (CNI, kube-proxy, network policy, firewall)",
        next_steps: CALL_STEPS,
        source: CALL_SOURCE,
        example: r#"failed calling webhook "virtualmachineinstances-create-validator.kubevirt.io": Post "https://virt-api.kubevirt.svc:443/virtualmachineinstances-validate-create?timeout=10s": dial tcp 10.96.1.2:443: i/o timeout"#,
        ..CP
    },
    Signature {
        id: "webhook-call-refused",
        all: &["failed calling webhook", "connection refused"],
        title: "a KubeVirt admission webhook refuses the API server's connection",
        cause: "nothing listens behind the webhook's service (virt-api, or cdi-apiserver): the \
            pods are restarting or not ready",
        next_steps: CALL_STEPS,
        source: CALL_SOURCE,
        example: r#"failed calling webhook "virtualmachine-validator.kubevirt.io": Post "https://virt-api.kubevirt.svc:443/virtualmachines-validate?timeout=10s": dial tcp 10.96.1.2:443: connect: connection refused"#,
        ..CP
    },
    Signature {
        id: "webhook-call-no-endpoints",
        all: &["failed calling webhook", "no endpoints available"],
        title: "a KubeVirt admission webhook has no ready pod (no endpoints available)",
        cause: "the webhook's service (virt-api, or cdi-apiserver) has no ready endpoint: its \
            pods are not running or fail their readiness probe",
        next_steps: CALL_STEPS,
        source: CALL_SOURCE,
        example: r#"failed calling webhook "virtualmachineinstances-mutator.kubevirt.io": Post "https://virt-api.kubevirt.svc:443/virtualmachineinstances-mutate?timeout=10s": no endpoints available for service "virt-api""#,
        ..CP
    },
    Signature {
        id: "webhook-call-x509",
        all: &["failed calling webhook", "x509"],
        title: "the API server rejects a KubeVirt webhook's certificate (x509)",
        cause: "the server behind the webhook's service presents a certificate the API server \
            does not accept (issued for other names, e.g. virt-handler's instead of virt-api's \
            when the service routes to the wrong pods; expired; or a CA bundle out of sync \
            after a certificate rotation)",
        next_steps: &[
            "kubectl get endpoints -n kubevirt virt-api -o wide (which pods serve it)",
            "kubectl get secret -n kubevirt kubevirt-virt-api-certs -o yaml",
            "kubectl logs -n kubevirt deploy/virt-operator (certificate rotation)",
        ],
        source: CALL_SOURCE,
        example: r#"failed calling webhook "virtualmachineinstances-create-validator.kubevirt.io": Post "https://virt-api.kubevirt.svc:443/virtualmachineinstances-validate-create?timeout=30s": x509: certificate is valid for virt-handler, virt-handler.kubevirt, not virt-api.kubevirt.svc"#,
        ..CP
    },
    Signature {
        id: "webhook-call-failed",
        all: &["failed calling webhook"],
        title: "the API server cannot call a KubeVirt admission webhook",
        cause: "the API server could not get an answer from the webhook's service (virt-api, \
            or cdi-apiserver for CDI's webhooks), so the object is refused; the text after the \
            URL says why",
        next_steps: CALL_STEPS,
        source: CALL_SOURCE,
        example: r#"Internal error occurred: failed calling webhook "migration-create-validator.kubevirt.io": failed to call webhook: Post "https://virt-api.kubevirt.svc:443/migration-validate-create?timeout=10s": EOF"#,
        ..CP
    },
    Signature {
        id: "webhook-denied-migration",
        all: &["denied the request"],
        any: &[
            "migration-create-validator",
            "migration-update-validator",
            "migration-policy-validator",
            "migrations-mutator",
        ],
        layer: Some(Layer::Migration),
        plane: Some(SignalPlane::Control),
        title: "a migration webhook denied the migration",
        cause: "virt-api's migration admission refused the VirtualMachineInstanceMigration \
            (another migration in flight, the VMI not migratable or not running, a policy \
            field wrong): the migration never starts",
        next_steps: &[
            "kubectl get vmim -n <ns>",
            "kubectl get vmi <name> -o yaml (conditions LiveMigratable, migrationState)",
        ],
        source: "pkg/virt-api/webhooks/validating-webhook/admitters/migration-create-admitter.go; \
            webhooks.go (migration-create-validator.kubevirt.io)",
        example: r#"admission webhook "migration-create-validator.kubevirt.io" denied the request: Cannot migrate VMI in finalized state."#,
        ..CP
    },
    Signature {
        id: "eviction-triggers-evacuation",
        all: &["denied the request", "Eviction triggered evacuation"],
        layer: None,
        health: Health::Unknown,
        title: "an eviction started the VMI's evacuation (live migration)",
        cause: "virt-api's eviction interceptor answers an eviction of a virt-launcher pod by \
            starting a live migration of the VMI (evictionStrategy LiveMigrate); kubectl drain \
            retries until the migration has moved it: expected, not a fault",
        next_steps: &["kubectl get vmim -n <ns> (the evacuation's migration)"],
        source: "pkg/virt-api/webhooks/validating-webhook/admitters/pod-eviction-admitter.go \
            (\"Eviction triggered evacuation of VMI\")",
        example: r#"error when evicting pods/"virt-launcher-vm1-abcde" -n "default" (will retry after 5s): admission webhook "virt-launcher-eviction-interceptor.kubevirt.io" denied the request: Eviction triggered evacuation of VMI "default/vm1""#,
        ..BASE
    },
    Signature {
        id: "api-invalid-field",
        all: &["is invalid"],
        any: FIELD_ERROR_TYPES,
        source: "k8s.io/apimachinery pkg/util/validation/field/errors.go (Invalid value, \
            Required value, ...); pkg/virt-api/webhooks/validating-webhook/admitters",
        example: r#"The request is invalid: spec.domain.devices.inputs[0].type: Invalid value: "keyboard": Input device can have only tablet type."#,
        ..INVALID_FIELD
    },
    // kubectl prints an Invalid status as `The %s %q is invalid` and, for each cause the
    // validator gave, `<field>: <message>` (k8s.io/kubectl pkg/cmd/util/helpers.go checkErr and
    // statusCausesToAggrError); KubeVirt's admitters answer with causes whose message is their
    // own sentence, not one of the field package's types, and an old webhook's status left the
    // kind and name empty (`The  "" is invalid: spec.…`). A field path after "is invalid:" is
    // the refusal of the manifest whatever the message says.
    Signature {
        id: "api-invalid-field-cause",
        all: &["is invalid: "],
        none: NOT_A_FIELD_CAUSE,
        any: &[
            "is invalid: spec.",
            "is invalid: metadata.",
            "is invalid: [spec.",
            "is invalid: [metadata.",
        ],
        source: "k8s.io/kubectl pkg/cmd/util/helpers.go (checkErr: \"The %s %q is invalid\", \
            statusCausesToAggrError); pkg/virt-api/webhooks/validating-webhook/admitters",
        example: r#"The VirtualMachine "vm-a" is invalid: spec.template.spec.domain.devices.interfaces[1].name: every interface must be mapped to a network"#,
        ..INVALID_FIELD
    },
    Signature {
        id: "manifest-schema-rejected",
        all: &["error validating data"],
        title: "kubectl's schema validation refuses the manifest",
        cause: "a field of the manifest is unknown or of the wrong type for the installed CRD \
            (mis-indented YAML, a field of another KubeVirt version): nothing was sent",
        next_steps: &[
            "kubectl explain <kind>.<field path>",
            "fix the manifest (or --validate=false)",
        ],
        source: "kubectl (client-side OpenAPI validation: \"error validating data: \
            ValidationError(...)\")",
        example: r#"error: error validating "vm.yaml": error validating data: ValidationError(VirtualMachine.spec.template.spec.domain): unknown field "disk" in io.kubevirt.v1.DomainSpec"#,
        ..CP
    },
    Signature {
        id: "manifest-strict-decoding",
        all: &["strict decoding error"],
        title: "the API server refuses an unknown field of the manifest",
        cause: "server-side field validation (strict) finds a field the CRD does not define: \
            mis-indented YAML or a field of another KubeVirt version",
        next_steps: &["kubectl explain <kind>.<field path>"],
        source: "Kubernetes API server (field validation Strict: \"strict decoding error: \
            unknown field\")",
        example: r#"Error from server (BadRequest): error when creating "vm.yaml": VirtualMachine in version "v1" cannot be handled as a VirtualMachine: strict decoding error: unknown field "spec.template.spec.domain.disk""#,
        ..CP
    },
];
