//! virtctl's tunnels to a VMI: `virtctl ssh`, `virtctl scp` and `virtctl port-forward` carry a
//! TCP stream to the guest over a websocket of virt-api's `portforward` subresource
//! (KubeVirt `pkg/virtctl/portforward/`, `pkg/virtctl/ssh/`; `--local-ssh` runs the system's
//! ssh with `ProxyCommand=virtctl port-forward --stdio`). When the guest's end closes the
//! stream, the websocket closes with 1006 after it: under a tunnel that close is a symptom of
//! what closed it, not the serial console breaking, so it is only degraded and the far end's own
//! error (the guest's sshd) explains the paste.

use crate::evidence::Signal;
use crate::verdict::Health;

/// The paste runs one of virtctl's tunnels.
pub fn shows_tunnel(paste: &str) -> bool {
    ["port-forward", "virtctl ssh", "virtctl scp"]
        .iter()
        .any(|w| crate::scan::holds(paste, w))
}

/// The console's abnormal-close signal read again under a tunnel.
pub fn reread(id: &str, tunnel: bool, mut signal: Signal) -> Signal {
    if !tunnel || id != "console-abnormal-close" {
        return signal;
    }
    signal.health = Health::Degraded;
    signal.title = "virtctl's tunnel to the VMI closed (websocket close 1006)".into();
    signal.cause = "the websocket carrying virtctl's port-forward (ssh, scp) closed abnormally \
        (1006, unexpected EOF): the stream's far end, the guest's port, closed or never \
        answered; a symptom of what closed it, which the client's own error says"
        .into();
    signal.next_steps = vec![
        "read the ssh client's error (the guest's sshd)".into(),
        "virtctl console <vm>, then check the service on that port in the guest".into(),
    ];
    signal.source = "KubeVirt pkg/virtctl/portforward, pkg/virtctl/ssh".into();
    signal
}
