//! client-go's leader election on the replicas that do not hold the lock: a standby's
//! routine, not a fault.
//!
//! Controllers run several replicas and elect one through a Lease (k8s.io/client-go
//! `tools/leaderelection/leaderelection.go`): every replica calls tryAcquireOrRenew each retry
//! period; while another holds an unexpired lease it logs `lock is held by %v and has not yet
//! expired` and acquire logs `failed to acquire lease %v`, at info level, again and again, for as
//! long as it stands by (the CSI sidecars of every storage driver, KubeVirt's, CDI's and the
//! platforms' controllers alike). `attempting to acquire leader lease %v...`, `successfully
//! acquired lease %v` and `successfully renewed lease %v` are the same routine. Not taken here:
//! `failed to renew lease %v: %v` and `leaderelection lost` (the leader lost its lease and
//! exits) and `error retrieving resource lock %v: %v` (the API server did not answer): those
//! are faults (data table).

use super::Signature;
use super::base::BASE;

const STANDBY: Signature = Signature {
    title: "a standby replica waiting for the leader's lease (client-go leader election)",
    cause: "the controller runs several replicas and only the one holding the Lease acts; the \
        others log that the lock is held and that they did not acquire it, every retry period, \
        for as long as they stand by: this is the election working, not a fault",
    source: "k8s.io/client-go tools/leaderelection/leaderelection.go (tryAcquireOrRenew: \"lock \
        is held by %v and has not yet expired\"; acquire: \"failed to acquire lease %v\", \
        \"attempting to acquire leader lease %v...\", \"successfully acquired lease %v\")",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "leader-election-lock-held",
        all: &["lock is held by", "has not yet expired"],
        example: "I0101 10:00:00.000001       1 leaderelection.go:352] lock is held by csi-snapshotter-5f7d9c-abcde and has not yet expired",
        ..STANDBY
    },
    Signature {
        id: "leader-election-not-acquired",
        all: &["failed to acquire lease"],
        none: &[
            "failed to renew",
            "leaderelection lost",
            "error retrieving resource lock",
        ],
        example: "I0101 10:00:00.000002       1 leaderelection.go:248] failed to acquire lease kube-system/snapshot-controller-leader",
        ..STANDBY
    },
    Signature {
        id: "leader-election-acquiring",
        all: &["attempting to acquire leader lease"],
        example: "I0101 10:00:00.000003       1 leaderelection.go:248] attempting to acquire leader lease kubevirt/virt-controller...",
        ..STANDBY
    },
];
