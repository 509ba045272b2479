//! Signatures of guest messages: the QEMU guest agent, the serial console, guest shutdown (data
//! table).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const G: Signature = Signature {
    layer: Some(Layer::Guest),
    health: Health::Degraded,
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "agent-not-connected",
        all: &["VMI does not have guest agent connected"],
        title: "no guest agent connected (guestosinfo refused)",
        cause: "the guestosinfo subresource needs the QEMU guest agent (guest-agent) in the guest; \
            condition AgentConnected is absent, so no OS info, users or filesystems are reported",
        next_steps: &[
            "install and start qemu-guest-agent in the guest",
            "kubectl get vmi <name> -o jsonpath='{.status.conditions}' (AgentConnected)",
        ],
        source: "pkg/virt-api/rest/subresource.go: \"VMI does not have guest agent connected\"",
        example: r#"Operation cannot be fulfilled on virtualmachineinstance.kubevirt.io "win7": VMI does not have guest agent connected"#,
        ..G
    },
    Signature {
        id: "agent-version-not-supported",
        all: &["AgentVersionNotSupported"],
        title: "the guest agent lacks required commands (AgentVersionNotSupported)",
        cause: "condition AgentVersionNotSupported: the guest-agent in the guest is too old or \
            has commands disabled that KubeVirt needs (guest-get-osinfo, guest-get-users, …)",
        next_steps: &["update qemu-guest-agent in the guest; check its blocked commands"],
        source: "staging/src/kubevirt.io/api/core/v1/types.go \
            (VirtualMachineInstanceUnsupportedAgent = \"AgentVersionNotSupported\")",
        example: r#"            Type: "AgentVersionNotSupported","#,
        ..G
    },
    Signature {
        id: "guest-os-info-empty",
        all: &["guestOSInfo", "empty"],
        title: "guestOSInfo is empty while the agent is connected",
        cause: "AgentConnected is True but guestOSInfo comes and goes: the guest-agent answers \
            some commands and not guest-get-osinfo (agent version or blocked commands)",
        next_steps: &[
            "virtctl guestosinfo <vmi>",
            "check the guest agent's version",
        ],
        source: "VMI status guestOSInfo (staging/src/kubevirt.io/api/core/v1/types.go); corpus 010",
        example: "  guestOSInfo:     #**this filed always empty**",
        ..G
    },
    Signature {
        id: "agent-connected-condition",
        all: &["AgentConnected"],
        health: Health::Unknown,
        title: "condition AgentConnected (guest-agent)",
        cause: "the VMI's AgentConnected condition: whether the QEMU guest agent is connected",
        source: "staging/src/kubevirt.io/api/core/v1/types.go (AgentConnected)",
        example: "    type: AgentConnected",
        ..G
    },
    Signature {
        id: "console-connected-blank",
        all: &["Successfully connected to", "console"],
        title: "the serial console connects but the guest writes nothing",
        cause: "virtctl console reached the VMI's serial console; a blank console means the guest \
            does not write to its serial port (no console=ttyS0 on the kernel command line, or \
            a graphical-only guest)",
        next_steps: &[
            "virtctl vnc <vm>",
            "add console=ttyS0 to the guest kernel command line",
        ],
        source: "pkg/virtctl/console/console.go",
        example: "Successfully connected to testvm console. The escape sequence is ^]",
        ..G
    },
    // virt-launcher's access-credential manager (KubeVirt
    // `pkg/virt-launcher/virtwrap/access-credentials/access_credentials.go`) writes SSH keys and
    // passwords into the guest through the guest agent (`getent passwd`, `guest-file-open`,
    // `guest-exec` of mkdir/chown/chmod, `guest-set-user-password`); what fails there is the
    // guest's: the user does not exist, its home cannot be read, the agent forbids the command.
    // Reading the secret's files in the launcher pod ("reading access credential secret file")
    // is not among them.
    Signature {
        id: "access-credentials-guest-write",
        all: &["access credential"],
        any: &[
            "Unable to detect",
            "writing ssh pub key",
            "using guest agent",
            "guest-ssh-add-authorized-keys",
            "guest-set-user-password",
        ],
        none: &["secret file"],
        title: "the guest agent could not write the access credentials into the guest",
        cause: "virt-launcher writes the VMI's accessCredentials (SSH keys, passwords) through the \
            QEMU guest agent: it looks the user up in the guest (getent passwd), creates \
            ~/.ssh with guest-exec and writes authorized_keys with guest-file-write; the user \
            does not exist in the guest (its image or cloud-init did not create it), or the \
            agent has the needed commands disabled. The VMI's AccessCredentialsSynchronized \
            condition stays False",
        next_steps: &[
            "virtctl console <vm>: check that the user exists (getent passwd <user>)",
            "check the guest agent's blocked commands (guest-exec, guest-file-*)",
        ],
        source: "KubeVirt pkg/virt-launcher/virtwrap/access-credentials/access_credentials.go \
            (agentGetUserInfo, agentWriteAuthorizedKeys)",
        example: "Error encountered writing ssh pub key access credentials for user [alice]: Unable to detect home directory of user alice: exited with error code:2",
        ..G
    },
    // The same file's user lookup on its own (`agentGetUserInfo`), cut from its wrapper.
    Signature {
        id: "access-credentials-no-such-user",
        all: &["Unable to detect home directory of user"],
        title: "the guest agent found no home directory for the access credentials' user",
        cause: "virt-launcher looks the accessCredentials' user up in the guest through the \
            guest agent (getent passwd <user>) before writing its authorized_keys; the user \
            does not exist in the guest (its image or cloud-init did not create it) or the \
            agent cannot run getent",
        next_steps: &["virtctl console <vm>: getent passwd <user>"],
        source: "KubeVirt pkg/virt-launcher/virtwrap/access-credentials/access_credentials.go \
            (agentGetUserInfo)",
        example: "Unable to detect home directory of user bob",
        ..G
    },
    Signature {
        id: "vmi-succeeded-row",
        all: &[" Succeeded"],
        // A condition's `type: Succeeded` (CDI's, vm-import's) is not the VMI's phase.
        // Nor is a workload's pod count (`Pods Status:  1 Running / 2 Waiting / 0 Succeeded /
        // 0 Failed`, `Pods Statuses:` of kubectl's DaemonSet, ReplicaSet and Job describers in
        // `staging/src/k8s.io/kubectl/pkg/describe/describe.go`).
        // Nor the SR-IOV network operator's node state, whose SYNC STATUS is `Succeeded`
        // beside its DESIRED and CURRENT SYNC STATE (`Idle`, `Drain_Required`, `DrainComplete`:
        // sriov-network-operator `api/v1/sriovnetworknodestate_types.go`, its printer columns).
        none: &[
            "migration",
            "vmim",
            "type:",
            "pods status",
            "succeeded /",
            "  idle",
            "drain_required",
            "draincomplete",
        ],
        // The phase is the constant `Succeeded` (`types.go`), printed as spelled; a lowercase
        // `succeeded` is another program's result (a backup's `Result: succeeded`) or prose.
        cased: &["Succeeded"],
        title: "the VMI Succeeded: the guest shut itself down",
        cause: "a VMI in phase Succeeded means the guest powered off from inside (shutdown); with \
            runStrategy Manual (or Halted) KubeVirt does not restart it and the VMI and its \
            Completed launcher pod stay until the VM is started again",
        next_steps: &[
            "virtctl start <vm>",
            "kubectl get vm <name> -o jsonpath='{.spec.runStrategy}'",
        ],
        source: "VMI phase Succeeded (staging/src/kubevirt.io/api/core/v1/types.go); corpus 066",
        example: "vm-1-example  Succeeded # <-- should have disappeared",
        ..G
    },
    // OpenSSH's client (`kex.c`, kex_exchange_identification) when the far end closes the
    // connection before sending its version banner: through `virtctl ssh` / `virtctl
    // port-forward` the tunnel reached the VMI (virt-handler forwards to the guest's port), and
    // the guest's side closed it: sshd not running or not listening, or refusing the client.
    Signature {
        id: "ssh-closed-before-banner",
        all: &["kex_exchange_identification", "closed by remote host"],
        health: Health::Broken,
        title: "the guest's SSH server closes the connection before its banner",
        cause: "ssh reached the VMI (through virtctl's port-forward tunnel) but the far end \
            closed the connection before the SSH handshake (OpenSSH's \
            kex_exchange_identification): nothing in the guest answers SSH on that port (sshd \
            not running, listening elsewhere, or refusing the client); the tunnel's websocket \
            closes after it",
        next_steps: &[
            "virtctl console <vm>, then check sshd in the guest (systemctl status sshd, ss -ltn)",
            "check the port given to virtctl ssh / port-forward",
        ],
        source: "OpenSSH kex.c (kex_exchange_identification: \"Connection closed by remote \
            host\"); KubeVirt pkg/virtctl/ssh, pkg/virtctl/portforward",
        example: "kex_exchange_identification: Connection closed by remote host",
        ..G
    },
];
