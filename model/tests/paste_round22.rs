//! Round 22: batch20 as the working set (the table in `fixtures/fresh/README.md`, "Round 22"),
//! each category fixed as a family read from its source; every input is a synthetic member
//! shaped after the program that writes it, never copied from a batch item:
//!
//! - virt-api's remaining Conflict answers (KubeVirt `pkg/virt-api/rest/lifecycle.go`,
//!   `console.go`, `memorydump.go`, `usbredir.go`, `sev.go`): a request the VM's state makes
//!   wrong is the control plane's (degraded), one the configuration rules out no fault;
//! - KubeMacPool's MAC refusals and collisions (`pkg/pool-manager/virtualmachine_pool.go`,
//!   `pool.go`, `pkg/controller/maccollision/`): the network's;
//! - ovn-nbctl refusing a logical port (ovn-org/ovn `utilities/ovn-nbctl.c`): the network's;
//! - a wrangler controller's handler failing and requeuing (rancher/lasso
//!   `pkg/controller/sharedhandler.go`, `controller.go`): the control plane's, as a fallback;
//! - a migration's start (the PDB expanded, KubeVirt <= 1.5) that the paste shows succeeding
//!   (`pkg/virt-handler/migration-target.go` Migrated, `pkg/virt-controller/watch/migration/
//!   migration.go` SuccessfulMigration): history, and the PDB's shrink after any migration's
//!   end (`disruptionbudget.go` shrinkPDB) no fault by itself;
//! - dracut's initqueue giving up on the root device (`modules.d/98dracut-systemd/
//!   dracut-initqueue.sh`, `parse-root.sh`, `dracut-mount.sh`): the guest's.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::{blame, layer};

#[test]
fn virt_api_refusing_to_start_a_failed_rerun_on_failure_vm_is_the_control_planes() {
    for paste in [
        "$ virtctl start web -n apps\nError starting VirtualMachine Operation cannot be fulfilled on virtualmachine.kubevirt.io \"web\": RerunOnFailure does not support starting VM from failed state\n",
        "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\"Operation cannot be fulfilled on virtualmachine.kubevirt.io \\\"db-2\\\": RerunOnFailure does not support starting VM from failed state\",\"reason\":\"Conflict\",\"code\":409}\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{text}");
        assert!(text.contains("RerunOnFailure"), "{text}");
    }
}

#[test]
fn virt_api_refusing_a_failed_vmis_console_or_an_unfit_dump_claim_is_the_control_planes() {
    for paste in [
        "$ virtctl console db\nCan't access VMI db: Operation cannot be fulfilled on virtualmachineinstance.kubevirt.io \"db\": VMI is in failed status\n",
        "$ virtctl memory-dump get db --claim-name=dump\nError: Operation cannot be fulfilled on persistentvolumeclaim.kubevirt.io \"dump\": pvc should be filesystem pvc\n",
        "Operation cannot be fulfilled on persistentvolumeclaim.kubevirt.io \"dump\": pvc size [512Mi] should be bigger then [2148Mi]\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::ControlPlane), "{paste}");
    }
}

#[test]
fn virt_api_refusing_what_the_configuration_rules_out_is_no_fault() {
    for paste in [
        "$ virtctl stop db\nError stopping VirtualMachine Operation cannot be fulfilled on virtualmachine.kubevirt.io \"db\": Halted only supports manual stop requests with a shorter graceperiod\n",
        "$ virtctl usbredir 0951:1666 db\nError: Operation cannot be fulfilled on virtualmachineinstance.kubevirt.io \"db\": Not configured with USB Redirection\n",
        "$ virtctl restart db\nError restarting VirtualMachine Operation cannot be fulfilled on virtualmachine.kubevirt.io \"db\": VM snapshot is in progress\n",
    ] {
        assert_eq!(layer(paste), None, "{paste}");
    }
}

#[test]
fn kubemacpool_refusing_or_finding_a_mac_twice_is_the_networks() {
    for paste in [
        "{\"level\":\"error\",\"ts\":\"2025-03-02T10:11:12Z\",\"logger\":\"PoolManager.AllocateVirtualMachineMac.checkRequestedVirtualMachineInterfaceMac\",\"msg\":\"mac address 02:54:00:aa:bb:01 already allocated to [{vm/ns1/api eth1 0001-01-01}], conflict with: vm/ns2/api-copy:eth1\",\"error\":\"failed to allocate requested mac address\"}\n",
        "$ kubectl get events -n ns2\nLAST SEEN   TYPE      REASON         OBJECT                            MESSAGE\n40s         Warning   MACCollision   virtualmachineinstance/api-copy   MAC 02:54:00:aa:bb:01: Collision between ns1/api, ns2/api-copy\n",
        "Error from server: error when creating \"vm.yaml\": admission webhook \"mutatevirtualmachines.kubemacpool.io\" denied the request: Failed to create virtual machine allocation error: Failed to allocate mac to the vm object: the range is full\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Network), "{text}");
        assert!(text.contains("MAC"), "{text}");
    }
}

#[test]
fn a_mac_in_prose_is_no_fault() {
    let paste = "The VM got mac address 02:54:00:aa:bb:01 from the pool and the range is 02:54:00:00:00:00 to 02:54:00:ff:ff:ff.\n";
    assert_eq!(layer(paste), None);
}

#[test]
fn ovn_nbctl_refusing_the_pods_logical_port_is_the_networks() {
    for paste in [
        "E0412 08:15:02.118830       7 pod.go:412] failed to create lsp web-0.apps: ovn-nbctl: web-0.apps: a port with this name already exists\n",
        "  Warning  CreateOVNPortFailed  2m  kube-ovn-controller  ovn-nbctl: db.apps: port already exists with different parent virt-launcher-db\n",
        "E0412 08:15:02.5 subnet.go:733] ovn-nbctl: net-b: switch net-b not found\n",
        "the launcher pod reports ovn-nbctl: db.apps.net1.apps.ovn: port already exists but has parent virt-launcher-db-x2k\n",
        "ovn-nbctl: lrp-ext: port already exists but in router ovn-cluster\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::Network), "{paste}");
    }
}

#[test]
fn dracuts_initqueue_giving_up_is_the_guests() {
    for paste in [
        "[  181.402113] dracut-initqueue[391]: Warning: dracut-initqueue: starting timeout scripts\n",
        "[  190.5] dracut-initqueue[391]: Warning: Not all disks have been found.\n[  190.5] dracut-initqueue[391]: Warning: You might want to regenerate your initramfs.\n",
        "[  190.6] dracut-initqueue[391]: Warning: Could not boot.\n[  190.6] dracut-initqueue[391]: Warning: \"/dev/mapper/rhel-root\" does not exist\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::Guest), "{paste}");
    }
}

#[test]
fn a_healthy_initramfs_boot_is_no_fault() {
    let paste = "[  OK  ] Finished dracut-initqueue.service - dracut initqueue hook.\n[  OK  ] Reached target initrd-root-device.target - Initrd Root Device.\n[  OK  ] Mounted sysroot.mount - /sysroot.\n";
    assert_eq!(layer(paste), None);
}

#[test]
fn a_wrangler_handler_failing_and_requeuing_is_the_control_planes() {
    for paste in [
        "time=\"2025-01-09T04:12:55Z\" level=error msg=\"error syncing 'default/win-2022': handler harvester-vm-image-controller: failed to create backing image default-win-2022: backingimages.longhorn.io \\\"default-win-2022\\\" already exists, requeuing\"\n",
        "time=\"2024-06-30T11:00:01Z\" level=error msg=\"error syncing 'fleet-local/harvester': handler bundle-deploy: secrets \\\"harvester-values\\\" not found, requeuing\"\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::ControlPlane), "{paste}");
    }
}

#[test]
fn the_network_controllers_handler_and_a_plain_requeue_keep_their_readings() {
    // Harvester's network controller wires the nodes' VLANs: not read as a reconcile retry.
    let paste = "time=\"2024-02-01T10:00:00Z\" level=error msg=\"error syncing 'vlan100': handler harvester-network-vlanconfig-controller: set up VLAN failed, error: link mgmt-bo not found, requeuing\"\n";
    assert_ne!(layer(paste), Some(Layer::ControlPlane), "{paste}");
    // client-go's sample-controller wording without a wrangler handler: Kube-OVN's controller.
    let paste = "E0301 10:00:00.000000       1 controller.go:1022] error syncing 'kube-system/ovn-default': gateway node gw-1 not ready, requeuing\n";
    assert_ne!(layer(paste), Some(Layer::ControlPlane), "{paste}");
}

#[test]
fn a_migration_that_started_and_succeeded_is_no_fault() {
    for success in [
        "  Normal  Migrated          3m    virt-handler                 The VirtualMachineInstance migrated to node worker-b.",
        "  Normal  SuccessfulMigration  3m  virtualmachine-controller  Source node reported migration succeeded",
    ] {
        let paste = format!(
            "$ kubectl describe vmi api -n apps\nStatus:\n  Phase:  Running\nEvents:\n  Type    Reason            Age   From                         Message\n  ----    ------            ----  ----                         -------\n  Normal  SuccessfulUpdate  4m    virtualmachine-controller    Expanded PodDisruptionBudget kubevirt-disruption-budget-q2x7w\n{success}\n  Normal  SuccessfulUpdate  3m    disruptionbudget-controller  shrank PodDisruptionBudget kubevirt-disruption-budget-q2x7w\n"
        );
        let (l, _, text) = blame(&paste);
        assert_eq!(l, None, "{text}");
    }
}

#[test]
fn a_migration_expanded_and_shrunk_without_moving_keeps_its_reading() {
    let paste = "SuccessfulUpdate | VirtualMachineInstance api Expanded PodDisruptionBudget kubevirt-disruption-budget-q2x7w\nSuccessfulUpdate | VirtualMachineInstance api shrank PodDisruptionBudget kubevirt-disruption-budget-q2x7w\n";
    assert_eq!(layer(paste), Some(Layer::Migration));
}
