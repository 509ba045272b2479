//! A 503 on virtctl's subresource websocket, told by the answer's body: kube-aggregator's
//! "service unavailable" (`k8s.io/kube-aggregator/pkg/apiserver/handler_proxy.go`, an APIService
//! that is not available: virt-api cannot be reached) is the control plane; virt-handler's
//! session-in-use answers (KubeVirt `pkg/virt-handler/rest/console.go`) blame nothing; a 503
//! whose body the paste does not give stays unclaimed.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::blame;

#[test]
fn the_aggregators_service_unavailable_is_virt_api_out_of_reach() {
    let members = [
        "$ virtctl console vm-a\nCan't connect to websocket (503): service unavailable\n",
        "$ virtctl vnc db -n prod\nCan't access VMI db: Can't connect to websocket (503): service unavailable\n\n",
        "$ virtctl port-forward vmi/web 8080\nCan't connect to websocket (503): Service Unavailable\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, Some(Layer::ControlPlane), "{p}\n{text}");
    }
}

#[test]
fn a_console_session_in_use_is_no_fault() {
    let members = [
        "$ virtctl vnc win10 --preserve-session\nCan't connect to websocket (503): Active VNC connection. Request denied.\n",
        "$ virtctl usbredir 0951:1666 vm1\nCan't connect to websocket (503): All USB devices are in use.\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, None, "{p}\n{text}");
    }
    // No body: which of the two answered is not said.
    let bare = "$ virtctl vnc win10\nCan't connect to websocket (503): websocket: bad handshake\n";
    assert_eq!(blame(bare).0, None, "{bare}");
}
