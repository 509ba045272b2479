//! Name, type and help of every exported metric (KubeVirt `pkg/monitoring/metrics/virt-handler/`
//! and `virt-controller/`).

/// Name, type and help of every exported metric, in exposition order.
pub const METRICS: &[(&str, &str, &str)] = &[
    (
        "kubevirt_vmi_cpu_usage_seconds_total",
        "counter",
        "Total CPU time spent in all modes (sum of both vcpu and hypervisor usage).",
    ),
    (
        "kubevirt_vmi_cpu_user_usage_seconds_total",
        "counter",
        "Total CPU time spent in user mode.",
    ),
    (
        "kubevirt_vmi_cpu_system_usage_seconds_total",
        "counter",
        "Total CPU time spent in system mode.",
    ),
    (
        "kubevirt_vmi_vcpu_seconds_total",
        "counter",
        "Total amount of time spent in each state by each vcpu (cpu_time excluding hypervisor time).",
    ),
    (
        "kubevirt_vmi_vcpu_wait_seconds_total",
        "counter",
        "Amount of time spent by each vcpu while waiting on I/O.",
    ),
    (
        "kubevirt_vmi_vcpu_delay_seconds_total",
        "counter",
        "Amount of time spent by each vcpu waiting in the queue instead of running.",
    ),
    (
        "kubevirt_vmi_guest_load_1m",
        "gauge",
        "Guest system load average over 1 minute as reported by the guest agent.",
    ),
    (
        "kubevirt_vmi_guest_load_5m",
        "gauge",
        "Guest system load average over 5 minutes as reported by the guest agent.",
    ),
    (
        "kubevirt_vmi_guest_load_15m",
        "gauge",
        "Guest system load average over 15 minutes as reported by the guest agent.",
    ),
    (
        "kubevirt_vmi_memory_resident_bytes",
        "gauge",
        "Resident set size of the process running the domain.",
    ),
    (
        "kubevirt_vmi_memory_available_bytes",
        "gauge",
        "Amount of usable memory as seen by the domain.",
    ),
    (
        "kubevirt_vmi_memory_unused_bytes",
        "gauge",
        "The amount of memory left completely unused by the system.",
    ),
    (
        "kubevirt_vmi_memory_cached_bytes",
        "gauge",
        "The amount of memory that is being used to cache I/O and is available to be reclaimed.",
    ),
    (
        "kubevirt_vmi_memory_usable_bytes",
        "gauge",
        "The amount of memory which can be reclaimed by balloon without pushing the guest system to swap.",
    ),
    (
        "kubevirt_vmi_memory_actual_balloon_bytes",
        "gauge",
        "Current balloon size in bytes.",
    ),
    (
        "kubevirt_vmi_memory_domain_bytes",
        "gauge",
        "The amount of memory in bytes allocated to the domain.",
    ),
    (
        "kubevirt_vmi_memory_swap_in_traffic_bytes",
        "gauge",
        "The total amount of data read from swap space of the guest in bytes.",
    ),
    (
        "kubevirt_vmi_memory_swap_out_traffic_bytes",
        "gauge",
        "The total amount of memory written out to swap space of the guest in bytes.",
    ),
    (
        "kubevirt_vmi_memory_pgmajfault_total",
        "counter",
        "The number of page faults when disk IO was required.",
    ),
    (
        "kubevirt_vmi_memory_pgminfault_total",
        "counter",
        "The number of other page faults, when disk IO was not required.",
    ),
    (
        "kubevirt_vmi_storage_iops_read_total",
        "counter",
        "Total number of I/O read operations.",
    ),
    (
        "kubevirt_vmi_storage_iops_write_total",
        "counter",
        "Total number of I/O write operations.",
    ),
    (
        "kubevirt_vmi_storage_read_traffic_bytes_total",
        "counter",
        "Total number of bytes read from storage.",
    ),
    (
        "kubevirt_vmi_storage_write_traffic_bytes_total",
        "counter",
        "Total number of written bytes.",
    ),
    (
        "kubevirt_vmi_storage_read_times_seconds_total",
        "counter",
        "Total time spent on read operations.",
    ),
    (
        "kubevirt_vmi_storage_write_times_seconds_total",
        "counter",
        "Total time spent on write operations.",
    ),
    (
        "kubevirt_vmi_storage_flush_requests_total",
        "counter",
        "Total storage flush requests.",
    ),
    (
        "kubevirt_vmi_storage_flush_times_seconds_total",
        "counter",
        "Total time spent on cache flushing.",
    ),
    (
        "kubevirt_vmi_network_receive_bytes_total",
        "counter",
        "Total network traffic received in bytes.",
    ),
    (
        "kubevirt_vmi_network_transmit_bytes_total",
        "counter",
        "Total network traffic transmitted in bytes.",
    ),
    (
        "kubevirt_vmi_network_receive_packets_total",
        "counter",
        "Total network traffic received packets.",
    ),
    (
        "kubevirt_vmi_network_transmit_packets_total",
        "counter",
        "Total network traffic transmitted packets.",
    ),
    (
        "kubevirt_vmi_network_receive_errors_total",
        "counter",
        "Total network received error packets.",
    ),
    (
        "kubevirt_vmi_network_transmit_errors_total",
        "counter",
        "Total network transmitted error packets.",
    ),
    (
        "kubevirt_vmi_network_receive_packets_dropped_total",
        "counter",
        "The total number of rx packets dropped on vNIC interfaces.",
    ),
    (
        "kubevirt_vmi_network_transmit_packets_dropped_total",
        "counter",
        "The total number of tx packets dropped on vNIC interfaces.",
    ),
    (
        "kubevirt_vmi_node_cpu_affinity",
        "gauge",
        "Number of VMI CPU affinities to node physical cores.",
    ),
    (
        "kubevirt_vmi_filesystem_capacity_bytes",
        "gauge",
        "Total VM filesystem capacity in bytes.",
    ),
    (
        "kubevirt_vmi_filesystem_used_bytes",
        "gauge",
        "Used VM filesystem capacity in bytes.",
    ),
    (
        "kubevirt_vmi_dirty_rate_bytes_per_second",
        "gauge",
        "Guest dirty-rate in bytes per second.",
    ),
    (
        "kubevirt_vmi_migration_data_bytes_total",
        "counter",
        "The total Guest OS data to be migrated to the new VM.",
    ),
    (
        "kubevirt_vmi_migration_data_remaining_bytes",
        "gauge",
        "The remaining guest OS data to be migrated to the new VM.",
    ),
    (
        "kubevirt_vmi_migration_data_processed_bytes",
        "gauge",
        "The total Guest OS data processed and migrated to the new VM.",
    ),
    (
        "kubevirt_vmi_migration_dirty_memory_rate_bytes",
        "gauge",
        "The rate of memory being dirty in the Guest OS.",
    ),
    (
        "kubevirt_vmi_migration_memory_transfer_rate_bytes",
        "gauge",
        "The rate at which the memory is being transferred.",
    ),
    // Names of older releases and v1.9's panic counter (see `names`).
    (
        "kubevirt_vmi_cpu_usage_seconds",
        "counter",
        "Total CPU time spent in all modes (sum of both vcpu and hypervisor usage).",
    ),
    (
        "kubevirt_vmi_migration_data_total_bytes",
        "counter",
        "The total Guest OS data to be migrated to the new VM.",
    ),
    (
        "kubevirt_vmi_migration_disk_transfer_rate_bytes",
        "gauge",
        "The rate at which the memory is being transferred.",
    ),
    (
        "kubevirt_migrate_vmi_data_processed_bytes",
        "gauge",
        "The total Guest OS data processed and migrated to the new VM.",
    ),
    (
        "kubevirt_migrate_vmi_data_remaining_bytes",
        "gauge",
        "The remaining guest OS data to be migrated to the new VM.",
    ),
    (
        "kubevirt_migrate_vmi_dirty_memory_rate_bytes",
        "gauge",
        "The rate of memory being dirty in the Guest OS.",
    ),
    (
        "kubevirt_migrate_vmi_memory_transfer_rate_bytes",
        "gauge",
        "The rate at which the memory is being transferred.",
    ),
    (
        "kubevirt_migrate_vmi_disk_transfer_rate_bytes",
        "gauge",
        "The rate at which the disk is being transferred.",
    ),
    (
        "kubevirt_vmi_guest_os_panic_total",
        "counter",
        "Total number of guest OS panic events detected, partitioned by VMI and panic type.",
    ),
    (
        "kubevirt_vmi_info",
        "gauge",
        "Information about VirtualMachineInstances.",
    ),
    (
        "kubevirt_vmi_non_evictable",
        "gauge",
        "Indication for a VirtualMachine that its eviction strategy is set to Live Migration but is not migratable.",
    ),
    (
        "kubevirt_vmi_launcher_memory_overhead_bytes",
        "gauge",
        "Estimation of the memory amount required for virt-launcher's infrastructure components (e.g. libvirt, QEMU).",
    ),
    // kube-state-metrics' (`metrics/kube_state.rs`), for KubeVirt's alert rules.
    ("kube_pod_info", "gauge", "Information about pod."),
    (
        "kube_pod_status_ready",
        "gauge",
        "Describes whether the pod is ready to serve requests.",
    ),
    ("kube_pod_status_phase", "gauge", "The pods current phase."),
];
