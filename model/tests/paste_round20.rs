//! Round 20: batch18 as the working set (the table in `fixtures/fresh/README.md`, "Round 20"),
//! each category fixed as a family read from its source; every input is a synthetic member
//! shaped after the program that writes it, never copied from a batch item:
//!
//! - a `kubectl get` table whose header a web page collapsed to single spaces, with a viewer's
//!   ` | |` cell markers: the header is no row (no object named `NAME`), the markers no cell;
//! - libvirt's informational lines in the launcher: a domain noted as tainted (libvirt
//!   `src/qemu/qemu_domain.c` qemuDomainObjTaintMsg, `src/conf/domain_conf.c` virDomainTaint)
//!   and the PCI config-space probes the read-only /sys refuses (`src/util/virpci.c`
//!   virPCIDeviceConfigOpenInternal): noise, blaming nothing;
//! - kubectl's print of an Invalid status with its causes (`The %s %q is invalid: <field>:
//!   <message>`, kubectl `pkg/cmd/util/helpers.go`), whatever the admitter's sentence: the
//!   control plane's;
//! - a VirtualMachineInstancePreset conflicting with the VMI (KubeVirt's preset code, "Unable to
//!   apply VirtualMachineInstancePreset", "VirtualMachinePresets cannot be applied due to
//!   conflicts"): the control plane's;
//! - the cluster network add-ons operator's Progressing messages for the DaemonSets and
//!   Deployments it rolls out (`pkg/controller/statusmanager/status_manager.go` SetFromPods):
//!   the network's.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::{blame, layer};

#[test]
fn a_collapsed_header_is_no_row_and_cell_markers_are_no_cells() {
    for paste in [
        "$ kubectl get vmi | |\nNAME AGE PHASE IP NODENAME | |\nweb-1 12s Scheduling | |\n",
        "kubectl get vmi\nNAME AGE PHASE IP NODENAME READY |\ndb-0 4m Running 10.244.1.9 worker-2 True |\n",
        "$ kubectl get vmi -A\nNAMESPACE NAME AGE PHASE IP NODENAME\nlab web-1 2m Scheduled 10.0.0.4 node-a | |\n",
    ] {
        let (_, _, text) = blame(paste);
        assert!(!text.contains("== /NAME"), "{text}");
        assert!(!text.contains("/AGE"), "{text}");
        assert!(!text.contains("on |"), "{text}");
        assert!(!text.contains("error line"), "{text}");
    }
}

#[test]
fn an_aligned_table_keeps_its_rows_and_nodes() {
    let paste = "$ kubectl get vmi\nNAME    AGE   PHASE     IP          NODENAME\nweb-1   3m    Running   10.0.0.5    node-a\n";
    let (_, _, text) = blame(paste);
    assert!(
        text.contains("VirtualMachineInstance web-1: Running"),
        "{text}"
    );
    assert!(!text.contains("NAME"), "{text}");
}

#[test]
fn a_domain_libvirt_notes_as_tainted_is_no_fault() {
    for flag in [
        "custom-ga-command",
        "host-cpu",
        "custom-argv",
        "high-privileges",
    ] {
        let paste = format!(
            "{{\"component\":\"virt-launcher\",\"level\":\"warning\",\"msg\":\"Domain id=2 name='apps_db-0' uuid=5f0e2a8c-1d3b-4c2a-8e77-0a9d1c2b3e4f is tainted: {flag}\",\"pos\":\"qemuDomainObjTaintMsg:6090\",\"subcomponent\":\"libvirt\",\"thread\":\"31\",\"timestamp\":\"2024-03-02T10:11:12.000000Z\"}}\n"
        );
        assert_eq!(layer(&paste), None, "{paste}");
    }
}

#[test]
fn a_tainted_domain_does_not_hide_the_guest_agents_silence() {
    let paste = "{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"Guest agent is not responding: Guest agent not available for now\",\"pos\":\"qemuAgentSend:764\",\"subcomponent\":\"libvirt\",\"thread\":\"30\",\"timestamp\":\"2024-03-02T10:11:12.000000Z\"}\n\
        {\"component\":\"virt-launcher\",\"level\":\"warning\",\"msg\":\"Domain id=2 name='apps_db-0' uuid=5f0e2a8c-1d3b-4c2a-8e77-0a9d1c2b3e4f is tainted: custom-ga-command\",\"pos\":\"qemuDomainObjTaintMsg:6090\",\"subcomponent\":\"libvirt\",\"thread\":\"31\",\"timestamp\":\"2024-03-02T10:11:12.000000Z\"}\n";
    assert_eq!(layer(paste), Some(Layer::Guest));
}

#[test]
fn pci_probes_the_read_only_sysfs_refuses_are_no_fault() {
    for dev in ["0000:00:01.0", "0000:3b:00.1"] {
        let paste = format!(
            "- {{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"Failed to open config space file '/sys/bus/pci/devices/{dev}/config': Read-only file system\",\"pos\":\"virPCIDeviceConfigOpen:298\",\"subcomponent\":\"libvirt\",\"thread\":\"40\",\"timestamp\":\"2020-05-01T08:00:00.000000Z\"}}\n"
        );
        assert_eq!(layer(&paste), None, "{paste}");
    }
}

#[test]
fn a_device_refused_its_config_space_keeps_its_reading() {
    let paste = "{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"Failed to open config space file '/sys/bus/pci/devices/0000:5e:02.1/config': Permission denied\",\"pos\":\"virPCIDeviceConfigOpen:298\",\"subcomponent\":\"libvirt\",\"thread\":\"40\",\"timestamp\":\"2020-05-01T08:00:00.000000Z\"}\n";
    assert_eq!(layer(paste), Some(Layer::Node));
}

#[test]
fn kubectls_invalid_status_with_a_field_cause_is_the_control_planes() {
    for paste in [
        // an old webhook's status with no kind or name
        "$ kubectl apply -f vm.yaml\nThe  \"\" is invalid: spec.template.spec.domain.devices.interfaces: every interface must have a network\n",
        "oc create -f vmi.yaml\nThe VirtualMachineInstance \"db\" is invalid: spec.domain.cpu.cores: must be greater than zero\n",
        "The VirtualMachine \"web\" is invalid: [spec.template.spec.volumes[0]: should have exactly one source, metadata.name: too long]\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::ControlPlane), "{paste}");
    }
}

#[test]
fn a_sentence_saying_is_invalid_without_a_field_keeps_its_reading() {
    let paste = "the token is invalid: please log in again\n";
    assert_ne!(layer(paste), Some(Layer::ControlPlane));
}

#[test]
fn a_preset_conflicting_with_the_vmi_is_the_control_planes() {
    for paste in [
        "LAST SEEN   TYPE      REASON     OBJECT                       MESSAGE\n2m          Warning   Conflict   virtualmachineinstance/db    Unable to apply VirtualMachineInstancePreset 'large': spec.memory: &{4Gi} != &{2Gi}\n",
        "{\"component\":\"virt-controller\",\"level\":\"error\",\"msg\":\"VirtualMachinePresets cannot be applied due to conflicts: presets 'a' and 'b' conflict: spec.cpu: &{2} != &{4}\",\"kind\":\"VirtualMachineInstance\",\"name\":\"db\"}\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::ControlPlane), "{paste}");
    }
}

#[test]
fn network_addons_rolling_out_is_the_networks() {
    for paste in [
        "$ kubectl get networkaddonsconfig -o custom-columns=\"\":.status.conditions[*].message\nDaemonSet \"cluster-network-addons/ovs-cni-amd64\" update is being processed (generation 3, observed generation 2)\n",
        "    message: DaemonSet \"cluster-network-addons/bridge-marker\" is not available (awaiting 2 nodes)\n",
        "Deployment \"cluster-network-addons/kubemacpool-mac-controller-manager\" is not yet scheduled on any nodes\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::Network), "{paste}");
    }
}
