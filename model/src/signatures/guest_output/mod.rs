//! What a guest prints on its way up, beyond the few lines `console.rs` reads: the vocabulary of
//! each program that runs before and during the guest's boot, read from its source, one file per
//! program family: the firmware and boot loader (`boot_chain`: SeaBIOS, EDK2's BdsDxe, GRUB),
//! the guest operating system starting (`guest_os`: the Linux kernel, dracut, systemd's waits,
//! DHCP clients, cloud-init) and Windows' bug check codes (`stop_codes`). Each entry cites the
//! source file its words come from. The guest's own output blames the guest, except where the
//! words show another layer's fault: a guest that waits for a DHCP answer that never comes is
//! the VM's network (KubeVirt's or the secondary network's DHCP server serves it), a Windows
//! clock watchdog or hardware error is the vCPU's host.

mod boot_chain;
mod guest_os;
mod initqueue;
mod stop_codes;

pub(super) use boot_chain::TABLE as BOOT_CHAIN;
pub(super) use guest_os::TABLE as GUEST_OS;
pub(super) use initqueue::TABLE as INITQUEUE;
pub(super) use stop_codes::TABLE as STOP_CODES;
