//! Round 16: families read from their sources, each input a synthetic member shaped after the
//! program that writes it, never copied from a batch item:
//!
//! - the kubelet's admission refusals, every reason and message of its predicate handler
//!   (Kubernetes `pkg/kubelet/lifecycle/predicate.go`, recorded on the pod by `rejectPod` in
//!   `pkg/kubelet/kubelet.go`): the node's, wherever the paste shows them (an event row, a cut
//!   event's JSON, a pod's status message);
//! - libvirt's two words for QEMU dying before its monitor answered (`src/qemu/qemu_process.c`,
//!   qemuProcessReportLogError): the node's, and a migration's data plane under `MigrateToURI3`;
//! - virt-launcher's failed attempts to connect to libvirt (`pkg/virt-launcher/virtwrap/cli/
//!   libvirt.go`, NewConnectionWithTimeout polls): start-up noise once a later line shows the
//!   daemon answering, still the launcher's fault when nothing does;
//! - the guest's login refusing the console's credentials ("Login incorrect", util-linux
//!   `login-utils/login.c`; KubeVirt `tests/console/login.go` reads it as a refused login).

#[path = "support/blame.rs"]
mod support_blame;

use model::evidence::SignalPlane;
use model::verdict::Layer;
use support_blame::{blame, layer};

#[test]
fn the_kubelets_admission_refusals_are_the_nodes_wherever_they_are_shown() {
    for paste in [
        // a cut event, as `kubectl get events -o json` prints its fields
        "        {\n            \"kind\": \"Event\",\n            \"reason\": \"UnexpectedAdmissionError\",\n\
                     \"type\": \"Warning\",\n",
        // the pod's status, as the kubelet fails it
        "status:\n  phase: Failed\n  reason: OutOfdevices.kubevirt.io/tun\n  message: 'Pod was rejected: \
         Node didn''t have enough resource: devices.kubevirt.io/tun, requested: 1, used: 110, capacity: 110'\n",
        "status:\n  phase: Failed\n  reason: InvalidNodeInfo\n  message: 'Pod was rejected: Kubelet cannot get node info.'\n",
        "status:\n  phase: Failed\n  message: 'Pod was rejected: Update plugin resources failed due to \
         no healthy devices devices.kubevirt.io/kvm, which is unexpected.'\n",
        "  reason: PodOSSelectorNodeLabelDoesNotMatch\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::Node), "{paste}");
    }
}

#[test]
fn a_guests_java_out_of_memory_error_is_no_admission_refusal() {
    let paste = "[root@web ~]# tail -1 /var/log/app/server.log\n\
                 Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n";
    assert_ne!(layer(paste), Some(Layer::Node));
}

#[test]
fn qemu_exiting_while_connecting_to_its_monitor_is_the_nodes_or_the_migrations() {
    let monitor = "internal error: process exited while connecting to monitor: \
                   qemu-kvm: -drive file=/var/run/kubevirt-private/vmi-disks/root/disk.img: \
                   Could not open '/var/run/kubevirt-private/vmi-disks/root/disk.img': Permission denied";
    let event = format!(
        "LAST SEEN   TYPE      REASON       OBJECT                      MESSAGE\n\
         2m          Warning   SyncFailed   virtualmachineinstance/db   virError(Code=1, Domain=10, Message='{monitor}')\n"
    );
    // named by its signature, not inferred from the words around it
    let (l, _, text) = blame(&event);
    assert_eq!(l, Some(Layer::Node), "{text}");
    assert!(text.contains("QEMU exited while starting"), "{text}");
    let row = "  12m  12m  3  virt-handler, worker-2  Warning  SyncFailed  virError(Code=1, Domain=10, \
               Message='internal error: process exited while connecting to monitor: \
               qemu-system-x86_64: -machine pc-q35-rhel9.4.0: unsupported machine type')\n";
    assert_eq!(layer(row), Some(Layer::Node));
    // under the migration's libvirt call, the migration's data plane (a guard: it held before)
    let migration = format!(
        "{{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"Live migration failed.\",\
         \"reason\":\"error encountered during MigrateToURI3 libvirt api call: virError(Code=1, Domain=10, Message='{monitor}')\"}}\n"
    );
    let (l, plane, text) = blame(&migration);
    assert_eq!(
        (l, plane),
        (Some(Layer::Migration), Some(SignalPlane::Data)),
        "{text}"
    );
}

const ATTEMPT: &str = r#"{"component":"virt-launcher","level":"info","msg":"Connecting to libvirt daemon failed: virError(Code=38, Domain=7, Message='Failed to connect socket to '/var/run/libvirt/libvirt-sock': No such file or directory')","pos":"libvirt.go:510","timestamp":"2023-05-02T10:00:00.100000Z"}"#;

#[test]
fn a_libvirt_connection_attempt_the_daemon_answers_after_is_start_up_noise() {
    for answer in [
        r#"{"component":"virt-launcher","level":"info","msg":"Connected to libvirt daemon","pos":"libvirt.go:518","timestamp":"2023-05-02T10:00:00.600000Z"}"#,
        r#"{"component":"virt-launcher","level":"info","msg":"libvirt version: 9.0.0, package: 1.el9","subcomponent":"libvirt","thread":"40","timestamp":"2023-05-02T10:00:00.150000Z"}"#,
    ] {
        assert_eq!(layer(&format!("{ATTEMPT}\n{answer}\n")), None, "{answer}");
    }
}

#[test]
fn a_libvirt_connection_attempt_nothing_answers_stays_the_launchers() {
    // the daemon's banner before the attempt says nothing of the attempt after it
    let banner = r#"{"component":"virt-launcher","level":"info","msg":"libvirt version: 9.0.0","subcomponent":"libvirt","timestamp":"2023-05-02T10:00:00.050000Z"}"#;
    assert_eq!(layer(&format!("{ATTEMPT}\n")), Some(Layer::Node));
    assert_eq!(layer(&format!("{banner}\n{ATTEMPT}\n")), Some(Layer::Node));
}

#[test]
fn the_guest_refusing_the_console_login_is_the_guests() {
    let paste = "$ virtctl console web\n\
                 Successfully connected to web console. The escape sequence is ^]\n\
                 \n\
                 Fedora Linux 39 (Cloud Edition)\n\
                 Kernel 6.5.6-300.fc39.x86_64 on an x86_64 (ttyS0)\n\
                 \n\
                 web login: fedora\n\
                 Password:\n\
                 Login incorrect\n\
                 \n\
                 web login:\n";
    assert_eq!(layer(paste), Some(Layer::Guest));
    // a login that succeeds shows no fault
    let ok = "$ virtctl console web\n\
              Successfully connected to web console. The escape sequence is ^]\n\
              \n\
              web login: fedora\n\
              Password:\n\
              Last login: Mon Mar  4 09:00:00 on ttyS0\n\
              [fedora@web ~]$\n";
    assert_eq!(layer(ok), None);
}
