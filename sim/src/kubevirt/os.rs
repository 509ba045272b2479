//! Guest operating systems as the guest agent reports them, with the images they boot from.

/// A guest operating system, as the guest agent reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Os {
    pub id: &'static str,
    pub name: &'static str,
    pub version_id: &'static str,
    pub version: &'static str,
    pub pretty_name: &'static str,
    pub kernel_release: &'static str,
    pub kernel_version: &'static str,
    pub agent_version: &'static str,
    pub user: &'static str,
    pub fs_type: &'static str,
    pub image: &'static str,
}

pub const FEDORA: Os = Os {
    id: "fedora",
    name: "Fedora Linux",
    version_id: "41",
    version: "41 (Cloud Edition)",
    pretty_name: "Fedora Linux 41 (Cloud Edition)",
    kernel_release: "6.11.4-301.fc41.x86_64",
    kernel_version: "#1 SMP PREEMPT_DYNAMIC Sun Oct 20 15:02:33 UTC 2024",
    agent_version: "9.1.1",
    user: "fedora",
    fs_type: "btrfs",
    image: "quay.io/containerdisks/fedora:41",
};
pub const UBUNTU: Os = Os {
    id: "ubuntu",
    name: "Ubuntu",
    version_id: "24.04",
    version: "24.04.1 LTS (Noble Numbat)",
    pretty_name: "Ubuntu 24.04.1 LTS",
    kernel_release: "6.8.0-48-generic",
    kernel_version: "#48-Ubuntu SMP PREEMPT_DYNAMIC Fri Sep 27 14:04:52 UTC 2024",
    agent_version: "8.2.2",
    user: "ubuntu",
    fs_type: "ext4",
    image: "quay.io/containerdisks/ubuntu:24.04",
};
pub const RHEL: Os = Os {
    id: "rhel",
    name: "Red Hat Enterprise Linux",
    version_id: "9.5",
    version: "9.5 (Plow)",
    pretty_name: "Red Hat Enterprise Linux 9.5 (Plow)",
    kernel_release: "5.14.0-503.11.1.el9_5.x86_64",
    kernel_version: "#1 SMP PREEMPT_DYNAMIC Mon Sep 30 11:54:45 EDT 2024",
    agent_version: "9.0.0",
    user: "cloud-user",
    fs_type: "xfs",
    image: "registry.redhat.io/rhel9/rhel-guest-image:9.5",
};
pub const CENTOS: Os = Os {
    id: "centos",
    name: "CentOS Stream",
    version_id: "9",
    version: "9",
    pretty_name: "CentOS Stream 9",
    kernel_release: "5.14.0-527.el9.x86_64",
    kernel_version: "#1 SMP PREEMPT_DYNAMIC Wed Oct 23 20:51:29 UTC 2024",
    agent_version: "9.0.0",
    user: "cloud-user",
    fs_type: "xfs",
    image: "quay.io/containerdisks/centos-stream:9",
};
pub const WINDOWS: Os = Os {
    id: "mswindows",
    name: "Microsoft Windows",
    version_id: "2022",
    version: "Microsoft Windows Server 2022",
    pretty_name: "Windows Server 2022 Datacenter",
    kernel_release: "20348",
    kernel_version: "10.0",
    agent_version: "107.0.1",
    user: "Administrator",
    fs_type: "NTFS",
    image: "",
};
