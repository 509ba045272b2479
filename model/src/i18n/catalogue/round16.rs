//! Round 16's sentences: the kubelet's admission refusals (`signatures/kubelet.rs`) and the
//! guest refusing a console login (`signatures/console.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND16: &[Entry] = &[
    // `signatures/kubelet.rs`, kubelet-admission-*
    ("the node's kubelet refused the pod at admission",
     "ノードの kubelet がアドミッションで Pod を拒否しました"),
    ("the scheduler placed the pod but the node's kubelet rejected it when admitting it \
      (its predicate handler: a device plugin's resources not yet advertised, as when \
      virt-handler's device plugins for /dev/kvm and /dev/tun are not up; not enough CPU, \
      memory, pods or ephemeral storage left; the node's own info or OS not matching); the \
      kubelet fails the pod for good, so the VMI's launcher does not run on that node",
     "スケジューラーは Pod を配置しましたが、ノードの kubelet がアドミッションで拒否しました(述語ハンドラー: \
      デバイスプラグインのリソースがまだ広告されていない(virt-handler の /dev/kvm と /dev/tun の\
      デバイスプラグインが起動していないときなど)、CPU・メモリー・Pod 数・エフェメラルストレージの残りが足りない、\
      ノード自身の情報や OS が一致しない)。kubelet は Pod を最終的に失敗させるため、VMI のランチャーは\
      そのノードで動きません"),
    ("kubectl describe pod <virt-launcher pod> (Status: Failed, Reason, Message)",
     "kubectl describe pod <virt-launcher pod>(Status: Failed、Reason、Message)"),
    ("kubectl get node <node> -o jsonpath='{.status.allocatable}' (devices.kubevirt.io/kvm, tun, vhost-net)",
     "kubectl get node <node> -o jsonpath='{.status.allocatable}'(devices.kubevirt.io/kvm、tun、vhost-net)"),
    ("kubectl logs -n kubevirt <virt-handler pod on the node> (its device plugins)",
     "kubectl logs -n kubevirt <ノード上の virt-handler Pod>(そのデバイスプラグイン)"),
    // `signatures/console.rs`, console-login-incorrect
    ("the guest refuses the console login (Login incorrect)",
     "ゲストがコンソールのログインを拒否しています(Login incorrect)"),
    ("the serial console works (the guest printed its login prompt) but the guest's \
      login refused the user or password typed: the image's account does not exist or has \
      another password (cloud-init's user data, the image's defaults); KubeVirt, QEMU and \
      the console path work",
     "シリアルコンソールは動いています(ゲストはログインプロンプトを表示しました)が、ゲストの login が\
      入力されたユーザーかパスワードを拒否しました: イメージのアカウントが存在しないか、別のパスワードです\
      (cloud-init のユーザーデータ、イメージの既定値)。KubeVirt、QEMU、コンソールの経路は動いています"),
    ("check the credentials the image or its cloud-init user data set (user, password, chpasswd)",
     "イメージか cloud-init のユーザーデータが設定する認証情報(user、password、chpasswd)を確認する"),
    ("kubectl get vm <vm> -o yaml (spec.template.spec.volumes: cloudInitNoCloud userData, accessCredentials)",
     "kubectl get vm <vm> -o yaml(spec.template.spec.volumes: cloudInitNoCloud の userData、accessCredentials)"),
];
