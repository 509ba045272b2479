//! Round 34: batch33 as the working set (`fixtures/fresh/README.md`, "Round 34"); every input is
//! a synthetic member of a family shaped after the program that prints it, never copied from a
//! batch item:
//!
//! - SELinux refusals read by the types they name (linux `security/selinux/avc.c`, libselinux's
//!   USER_AVC, `security/selinux/ss/sidtab.c`'s unmapped context): the node's stack
//!   (container-selinux, sVirt, KubeVirt's launcher policy) is the node's, the QEMU guest
//!   agent's domain the guest's; a permissive or unrelated refusal is not placed by them;
//! - a KubeVirt image's own script missing a command (bash's "command not found"): the
//!   control plane's image;
//! - client-go's leader election on a standby replica: noise;
//! - a writer's sentence announcing the lines below it: it points at them, it blames nothing.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::blame;

#[test]
fn selinux_refusals_of_the_node_stack_are_the_nodes() {
    for paste in [
        // The container runtime refused by the host's policy (kernel AVC in the journal).
        "Mar 02 09:14:11 worker-2 audit[1880]: AVC avc:  denied  { read } for  pid=1880 comm=\"conmon\" name=\"userdata\" scontext=system_u:system_r:container_runtime_t:s0 tcontext=system_u:object_r:var_run_t:s0 tclass=dir permissive=0\n",
        // QEMU in its sVirt domain refused a disk image.
        "type=AVC msg=audit(1712000000.512:900): avc:  denied  { open } for  pid=5512 comm=\"qemu-kvm\" path=\"/var/run/kubevirt-private/vmi-disks/disk0/disk.img\" scontext=system_u:system_r:svirt_tcg_t:s0:c12,c34 tcontext=system_u:object_r:var_lib_t:s0 tclass=file permissive=0\n",
        // KubeVirt's launcher domain refused.
        "type=AVC msg=audit(1712000001.100:901): avc:  denied  { map } for  pid=601 comm=\"virt-launcher\" scontext=system_u:system_r:virt_launcher.process:s0:c1,c2 tcontext=system_u:object_r:container_file_t:s0:c1,c2 tclass=file permissive=0\n",
        // A new policy no longer knows the runtime's binary type.
        "[   12.004411] SELinux:  Context system_u:object_r:container_runtime_exec_t:s0 is not valid (left unmapped).\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Node), "{paste}\n{text}");
    }
}

#[test]
fn the_guest_agents_refusal_is_the_guests() {
    for paste in [
        "type=AVC msg=audit(1712000002.000:77): avc:  denied  { read } for  pid=812 comm=\"bash\" name=\"shadow\" scontext=system_u:system_r:virt_qemu_ga_t:s0 tcontext=system_u:object_r:shadow_t:s0 tclass=file permissive=0\n",
        "type=USER_AVC msg=audit(1712000003.000:78): pid=1 uid=0 auid=4294967295 ses=4294967295 subj=system_u:system_r:init_t:s0 msg='avc:  denied  { status } for auid=n/a uid=0 gid=0 cmdline=\"/usr/sbin/usermod -p x\" scontext=system_u:system_r:virt_qemu_ga_t:s0 tcontext=system_u:system_r:init_t:s0 tclass=system permissive=0 exe=\"/usr/lib/systemd/systemd\"'\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Guest), "{paste}\n{text}");
    }
}

#[test]
fn selinux_lines_that_name_no_stack_do_not_place() {
    // Guards (pass before and after): a permissive refusal was only logged; an installer's test
    // label left unmapped is harmless; a guest's web server refused says nothing of the node.
    let (_, _, text) = blame(
        "type=AVC msg=audit(1712000004.000:80): avc:  denied  { write } for  pid=2210 comm=\"kubelet\" name=\"pods\" scontext=system_u:system_r:kubelet_t:s0 tcontext=system_u:object_r:var_lib_t:s0 tclass=dir permissive=1\n",
    );
    assert!(!text.contains("SELinux policy refuses"), "{text}");
    let (l, _, text) = blame(
        "[   53.1] SELinux:  Context unconfined_u:object_r:invalid_installer_testlabel_t:s0 is not valid (left unmapped).\n",
    );
    assert_eq!(l, None, "{text}");
    let (l, _, text) = blame(
        "type=AVC msg=audit(1712000005.000:81): avc:  denied  { name_bind } for  pid=99 comm=\"httpd\" src=8081 scontext=system_u:system_r:httpd_t:s0 tcontext=system_u:object_r:unreserved_port_t:s0 tclass=tcp_socket permissive=0\n",
    );
    assert_ne!(l, Some(Layer::Node), "{text}");
}

#[test]
fn a_kubevirt_image_script_missing_a_command_is_the_control_planes() {
    for paste in [
        "/usr/bin/node-labeller.sh: line 31: virsh: command not found\n",
        "+ virtqemud -d\n/usr/bin/node-labeller.sh: line 29: virtqemud: command not found\n",
        "/usr/bin/virt-handler.sh: 4: cat: not found\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{paste}\n{text}");
    }
}

#[test]
fn a_standby_replicas_leader_election_blames_nothing() {
    let paste = "Our csi-snapshotter sidecars print the following errors on every worker node:\n\
        I0405 08:00:01.000100       1 leaderelection.go:352] lock is held by snapshot-controller-6d9c-x2x and has not yet expired\n\
        I0405 08:00:01.000200       1 leaderelection.go:253] failed to acquire lease kube-system/snapshot-controller-leader\n\
        I0405 08:00:09.000300       1 leaderelection.go:253] failed to acquire lease kube-system/snapshot-controller-leader\n";
    let (l, _, text) = blame(paste);
    assert_eq!(l, None, "{text}");
}

#[test]
fn a_leader_losing_its_lease_is_not_read_as_standby() {
    // Guard (passes before and after): the leader losing its lease is not a standby's routine.
    let (_, _, text) = blame(
        "E0405 08:00:01.000100       1 leaderelection.go:330] error retrieving resource lock kubevirt/virt-controller: the server was unable to return a response in the time allotted\nF0405 08:00:02.000100       1 leaderelection.go:367] leaderelection lost\n",
    );
    assert!(!text.contains("standby replica"), "{text}");
}
