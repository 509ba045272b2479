//! A whole `kubectl describe vmi` as kubectl prints a VirtualMachineInstance (the generic
//! describer of `staging/src/k8s.io/kubectl/pkg/describe/describe.go`: the object's fields in
//! Title Case, lists of maps as repeated keys), with a failed last migration: the VMI is named,
//! its timestamps set the clock, its `Migration State:` is its last migration's, and the phases
//! it went through (`Phase Transition Timestamps:`) are not its phase now.

use model::input::analyse;
use model::time::Timestamp;
use model::verdict::{Health, Layer};

const DESCRIBE: &str = r#"$ kubectl describe vmi testvm -n default
Name:         testvm
Namespace:    default
Labels:       kubevirt.io/domain=testvm
              kubevirt.io/nodeName=node01
              kubevirt.io/size=small
Annotations:  kubevirt.io/latest-observed-api-version: v1
              kubevirt.io/storage-observed-api-version: v1
API Version:  kubevirt.io/v1
Kind:         VirtualMachineInstance
Metadata:
  Creation Timestamp:  2024-03-11T09:14:02Z
  Finalizers:
    kubevirt.io/virtualMachineControllerFinalize
    foregroundDeleteVirtualMachine
  Generation:  12
  Owner References:
    API Version:           kubevirt.io/v1
    Block Owner Deletion:  true
    Controller:            true
    Kind:                  VirtualMachine
    Name:                  testvm
    UID:                   5c1c4a43-0f0b-4c59-a0c4-0a4c8b7e1f11
  Resource Version:        482113
  UID:                     0b2c5e21-9b0a-4f43-9f5e-2a3a1b5f7c22
Spec:
  Domain:
    Cpu:
      Cores:    1
      Model:    host-model
      Sockets:  1
      Threads:  1
    Devices:
      Disks:
        Disk:
          Bus:  virtio
        Name:   containerdisk
      Interfaces:
        Masquerade:
        Name:  default
    Machine:
      Type:  q35
    Resources:
      Requests:
        Memory:  128Mi
  Eviction Strategy:  LiveMigrate
  Networks:
    Name:  default
    Pod:
  Volumes:
    Container Disk:
      Image:  quay.io/kubevirt/cirros-container-disk-demo
    Name:     containerdisk
Status:
  Active Pods:
    8a7d27e5-6b2f-4f0e-a0a1-7d6c1f0f3a33:  node01
  Conditions:
    Last Probe Time:       <nil>
    Last Transition Time:  2024-03-11T09:14:20Z
    Status:                True
    Type:                  Ready
    Last Probe Time:       <nil>
    Last Transition Time:  <nil>
    Status:                True
    Type:                  LiveMigratable
  Guest OS Info:
  Interfaces:
    Info Source:  domain
    Ip Address:   10.244.0.15
    Ip Addresses:
      10.244.0.15
    Mac:             52:54:00:1a:2b:3c
    Name:            default
    Queue Count:     1
  Launcher Container Image Version:  quay.io/kubevirt/virt-launcher:v1.2.0
  Machine:
    Type:  pc-q35-rhel9.2.0
  Migration Method:  BlockMigration
  Migration State:
    Abort Status:                   Failed
    Completed:                      true
    End Timestamp:                  2024-03-11T10:02:41Z
    Failed:                         true
    Migration UID:                  3d2f1e0c-1111-2222-3333-444455556666
    Mode:                           PreCopy
    Source Node:                    node01
    Source Pod:                     virt-launcher-testvm-abcde
    Start Timestamp:                2024-03-11T10:01:12Z
    Target Node:                    node02
    Target Node Address:            10.244.1.7
    Target Pod:                     virt-launcher-testvm-fghij
  Migration Transport:              Unix
  Node Name:                        node01
  Phase:                            Running
  Phase Transition Timestamps:
    Phase:                        Pending
    Phase Transition Timestamp:   2024-03-11T09:14:02Z
    Phase:                        Scheduling
    Phase Transition Timestamp:   2024-03-11T09:14:03Z
    Phase:                        Scheduled
    Phase Transition Timestamp:   2024-03-11T09:14:15Z
    Phase:                        Running
    Phase Transition Timestamp:   2024-03-11T09:14:20Z
  Qos Class:                      Burstable
  Selinux Context:                none
  Virtual Machine Revision Name:  revision-start-vm-5c1c4a43-2
  Volume Status:
    Name:    containerdisk
    Target:  vda
Events:
  Type     Reason            Age   From                       Message
  ----     ------            ----  ----                       -------
  Normal   SuccessfulCreate  48m   virtualmachine-controller  Created virtual machine pod virt-launcher-testvm-abcde
  Warning  Migrated          1m    virt-handler               VirtualMachineInstance migration uid 3d2f1e0c failed. reason: Live migration failed
"#;

#[test]
fn a_describe_vmi_is_named_timed_and_read_by_its_sections() {
    let a = analyse(DESCRIBE, None).unwrap();
    let r = &a.report;
    assert_eq!(r.diagnoses.len(), 1, "{:?}", r.diagnoses);
    let d = &r.diagnoses[0];
    assert_eq!(d.key.to_string(), "default/testvm");
    // The newest timestamp: the migration's end.
    assert_eq!(
        r.now,
        Timestamp::parse("2024-03-11T10:02:41Z"),
        "{}",
        r.now_source
    );
    assert!(!r.now_source.contains("no timestamps"), "{}", r.now_source);
    let layer = |l: Layer| d.layers.iter().find(|v| v.layer == l).unwrap();
    // Its last migration failed (Migration State), which is not its phase.
    assert_eq!(layer(Layer::Migration).health, Health::Broken);
    // It runs: `Phase:  Scheduling` of its phase history says nothing of now.
    let node = layer(Layer::Node);
    assert_ne!(node.health, Health::Degraded, "{node:?}");
    let text = format!("{:?}", d.layers);
    for past in ["Scheduling", "Pending"] {
        assert!(
            !text.contains(past),
            "{past} is a phase it went through: {text}"
        );
    }
}
