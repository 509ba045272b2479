//! Longhorn's data path failing, in the words of its engine and instance manager, as their logs
//! and longhorn-manager's errors carry them (`kubectl logs` of an instance-manager pod, a
//! manager's `failed to …: … cannot connect to …`). Read from longhorn/longhorn-engine (the
//! engine, the volume's controller process, `pkg/controller/control.go`, `replicator.go`,
//! `rebuild.go`, `pkg/dataconn/client.go`, `pkg/backend/remote/remote.go`,
//! `pkg/controller/client/controller_client.go`) and longhorn/longhorn-instance-manager
//! (`pkg/client/instance.go`, `disk.go`: the gRPC clients the manager uses to reach it).
//!
//! The engine writes to every replica; a replica that times out or fails a write is set to
//! `ERR` and dropped (degraded while others serve); with none left the engine has no backend
//! and every I/O of the VM's disk fails (broken). An engine or instance manager the manager
//! cannot reach (`connection refused` under `cannot connect to …`) leaves the volume without
//! its controller: broken. All of it is the nodes' storage.

use super::Signature;
use super::base::BASE;
use super::longhorn_steps::ENGINE;
use crate::verdict::{Health, Layer};

/// The engine without a replica to serve from.
const NO_BACKEND: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "the Longhorn engine of the VM's volume has no replica left to serve",
    cause: "the engine (the volume's controller process in the instance manager on the VM's \
        node) has no replica in RW mode left: every read and write of the VM's disk fails with \
        an I/O error until a replica is salvaged or rebuilt",
    next_steps: ENGINE,
    ..BASE
};

/// A replica dropped by the engine.
const REPLICA_DROPPED: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Degraded,
    title: "the Longhorn engine dropped a replica of the VM's volume",
    cause: "the engine could not write to or reach one replica in time (its node's disk full \
        or slow, its instance manager down, or the network between the nodes) and set it to \
        ERR: the volume serves on the other replicas, degraded, and Longhorn rebuilds one",
    next_steps: ENGINE,
    ..BASE
};

/// An engine or instance manager the manager cannot reach.
const UNREACHABLE: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "Longhorn could not reach the engine or instance manager of the VM's volume",
    cause: "longhorn-manager could not connect to the engine's controller service or to a \
        node's instance manager (refused or timed out: the instance manager pod restarted or \
        died, or the node is unreachable): the volume's engine is not under control and the \
        VM's disk stops answering if it is gone",
    next_steps: ENGINE,
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "longhorn-engine-no-backend",
        all: &["no backend available"],
        source: "longhorn/longhorn-engine pkg/controller/replicator.go (ErrNoBackend = errors.New(\"no backend available\"))",
        example: "time=\"2025-03-01T10:00:00Z\" level=error msg=\"I/O error\" error=\"no backend available\"",
        ..NO_BACKEND
    },
    Signature {
        id: "longhorn-engine-no-healthy-replica",
        all: &["cannot find any healthy replica"],
        source: "longhorn/longhorn-engine pkg/controller/rebuild.go (fmt.Errorf(\"cannot find any healthy replica\"))",
        example: "level=error msg=\"Failed to rebuild replica\" error=\"cannot find any healthy replica\"",
        ..NO_BACKEND
    },
    Signature {
        id: "longhorn-engine-no-replica-for-salvage",
        all: &["cannot find any replica for salvage"],
        source: "longhorn/longhorn-engine pkg/controller/control.go (fmt.Errorf(\"cannot find any replica for salvage\"))",
        example: "level=error msg=\"Failed to start volume\" error=\"cannot find any replica for salvage\"",
        ..NO_BACKEND
    },
    Signature {
        id: "longhorn-engine-replica-to-err",
        all: &["Setting ", "replica ", " to ERR"],
        cased: &["ERR"],
        none: &["due to no space"],
        source: "longhorn/longhorn-engine pkg/controller/control.go (log.WithError(err).Errorf(\"Setting replica %s to ERR\", address))",
        example: "level=error msg=\"Setting replica tcp://10.42.2.31:10000 to ERR\" error=\"r/w timeout\"",
        ..REPLICA_DROPPED
    },
    Signature {
        id: "longhorn-engine-replica-no-space",
        all: &["replica ", " to ERR due to no space"],
        cased: &["ERR"],
        source: "longhorn/longhorn-engine pkg/controller/control.go (log.Infof(\"Setting RW replica %s to ERR due to no space\", address), \"Setting WO replica …\")",
        example: "level=info msg=\"Setting RW replica tcp://10.42.2.31:10000 to ERR due to no space\"",
        cause: "the disk under one replica is full: the engine set the replica to ERR and the \
            volume serves on the other replicas, degraded (with every replica out of space \
            the VM's writes fail with ENOSPC)",
        title: "a Longhorn replica's disk is full",
        ..REPLICA_DROPPED
    },
    Signature {
        id: "longhorn-engine-rw-timeout",
        all: &["R/W Timeout"],
        cased: &["R/W Timeout"],
        source: "longhorn/longhorn-engine pkg/dataconn/client.go (log.Errorf(\"R/W Timeout. No response received in %v\", exceededTimeout); ErrRWTimeout = errors.New(\"r/w timeout\"))",
        example: "level=error msg=\"R/W Timeout. No response received in 8s\"",
        ..REPLICA_DROPPED
    },
    Signature {
        id: "longhorn-engine-replica-service-unreachable",
        all: &["cannot connect to ReplicaService"],
        source: "longhorn/longhorn-engine pkg/backend/remote/remote.go (errors.Wrapf(err, \"cannot connect to ReplicaService %v\", r.replicaServiceURL))",
        example: "error=\"cannot connect to ReplicaService 10.42.2.31:10001: rpc error: code = Unavailable desc = connection error: desc = \\\"transport: Error while dialing: dial tcp 10.42.2.31:10001: connect: connection refused\\\"\"",
        ..REPLICA_DROPPED
    },
    Signature {
        id: "longhorn-engine-controller-service-unreachable",
        all: &["cannot connect to ControllerService"],
        source: "longhorn/longhorn-engine pkg/controller/client/controller_client.go (errors.Wrapf(err, \"cannot connect to ControllerService %v\", serviceUrl))",
        example: "failed to get volume info: cannot connect to ControllerService tcp://10.42.1.17:10010: rpc error: code = Unavailable desc = connection error: desc = \"transport: Error while dialing: dial tcp 10.42.1.17:10010: connect: connection refused\"",
        ..UNREACHABLE
    },
    Signature {
        id: "longhorn-instance-service-unreachable",
        all: &["cannot connect to Instance Service"],
        source: "longhorn/longhorn-instance-manager pkg/client/instance.go (errors.Wrapf(err, \"cannot connect to Instance Service %v\", serviceUrl))",
        example: "failed to get instance: cannot connect to Instance Service 10.42.1.5:8500: connection refused",
        ..UNREACHABLE
    },
    Signature {
        id: "longhorn-disk-service-unreachable-client",
        all: &["cannot connect to Disk Service"],
        source: "longhorn/longhorn-instance-manager pkg/client/disk.go (errors.Wrapf(err, \"cannot connect to Disk Service %v\", serviceUrl))",
        example: "failed to get disk info: cannot connect to Disk Service 10.42.1.5:8505: connection refused",
        ..UNREACHABLE
    },
];
