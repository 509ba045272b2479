//! virt-controller's per-VMI series: `kubevirt_vmi_info`, non-evictable and launcher overhead.

use super::{Series, push};
use crate::kubevirt::{Vm, overhead_mib};

/// virt-controller's per-VMI series (present whatever virt-handler does).
pub(super) fn series(vm: &Vm, id: &[(String, String)], out: &mut Vec<Series>) {
    let ann = |k: &str| {
        vm.annotations
            .iter()
            .find(|(a, _)| a == k)
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| "<none>".into())
    };
    let agent = vm.agent.connected() && vm.running();
    let g = |s: &str| if agent { s.to_string() } else { String::new() };
    let pod = vm.pod.as_ref().map(|p| p.name.clone()).unwrap_or_default();
    let evictable = vm.eviction_strategy.is_none() || vm.not_migratable.is_none();
    let info = [
        ("phase", vm.phase.to_lowercase()),
        ("os", ann("vm.kubevirt.io/os")),
        ("workload", ann("vm.kubevirt.io/workload")),
        ("flavor", ann("vm.kubevirt.io/flavor")),
        ("instance_type", "<none>".into()),
        ("preference", "<none>".into()),
        ("guest_os_kernel_release", g(vm.os.kernel_release)),
        (
            "guest_os_machine",
            if vm.running() {
                "pc-q35-rhel9.6.0".into()
            } else {
                String::new()
            },
        ),
        ("guest_os_arch", g("x86_64")),
        ("guest_os_name", g(vm.os.name)),
        ("guest_os_version_id", g(vm.os.version_id)),
        ("evictable", evictable.to_string()),
        ("outdated", "false".into()),
        ("vmi_pod", pod),
    ];
    push(out, "kubevirt_vmi_info", id, &info, 1.0);
    push(
        out,
        "kubevirt_vmi_non_evictable",
        id,
        &[],
        if non_evictable(vm) { 1.0 } else { 0.0 },
    );
    let nn = [
        ("namespace".to_string(), vm.ns.clone()),
        ("name".to_string(), vm.name.clone()),
    ];
    push(
        out,
        "kubevirt_vmi_launcher_memory_overhead_bytes",
        &nn,
        &[],
        overhead_mib(vm) as f64 * 1024.0 * 1024.0,
    );
}

/// `kubevirt_vmi_non_evictable` is 1. KubeVirt
/// `pkg/monitoring/metrics/virt-controller/vmistats_collector.go`, `isVMEvictable`: LiveMigrate
/// with LiveMigratable False *or not set yet* (only a Running VMI has it here).
pub fn non_evictable(vm: &Vm) -> bool {
    matches!(vm.eviction_strategy, Some("LiveMigrate"))
        && (vm.not_migratable.is_some() || !vm.running())
}
