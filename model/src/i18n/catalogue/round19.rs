//! Round 19's sentences: the API server's 401 (`signatures/unauthenticated.rs`), the
//! hypervisor's report of a guest crash (`signatures/guest_panic.rs`), OVN-Kubernetes failing a
//! pod's network (`signatures/ovn_kubernetes.rs`), a panic owned by its log stream
//! (`input/lines.rs`) and a delete answered NotFound (`input/already_deleted.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND19: &[Entry] = &[
    // `signatures/unauthenticated.rs`, api-unauthorized-*
    ("the API server did not authenticate the request (401 Unauthorized)",
     "API サーバーがリクエストを認証しませんでした(401 Unauthorized)"),
    ("the API server answered 401: no credential of the request was accepted (an expired \
      token or client certificate, a kubeconfig without a user, a revoked service account \
      token, or for KubeVirt's subresources such as start, stop, migrate and console, the \
      aggregation layer's proxy credentials virt-api does not accept); nothing reached \
      KubeVirt, and the VM is as it was",
     "API サーバーが 401 を返しました。リクエストの認証情報がどれも受け入れられていません(期限切れの\
      トークンやクライアント証明書、ユーザーのない kubeconfig、失効したサービスアカウントトークン、\
      または start、stop、migrate、console などの KubeVirt のサブリソースでは virt-api が受け入れない\
      アグリゲーション層のプロキシ認証情報)。KubeVirt には何も届いておらず、VM は元のままです"),
    ("kubectl auth whoami (or kubectl get --raw /version) with the same kubeconfig",
     "同じ kubeconfig で kubectl auth whoami(または kubectl get --raw /version)"),
    ("renew the kubeconfig's token or certificate (oc login, the cloud's get-credentials)",
     "kubeconfig のトークンまたは証明書を更新する(oc login、クラウドの get-credentials)"),
    ("kubectl get apiservice v1.subresources.kubevirt.io -o yaml (status; virt-api's logs \
      for the aggregator's requests)",
     "kubectl get apiservice v1.subresources.kubevirt.io -o yaml(status。アグリゲーターからの\
      リクエストについては virt-api のログ)"),
    // `signatures/guest_panic.rs`, guest-panic-*
    ("the guest operating system crashed (the hypervisor's guest panic report)",
     "ゲスト OS がクラッシュしました(ハイパーバイザーのゲストパニック報告)"),
    ("the guest told the hypervisor through its crash device that it panicked (Hyper-V's \
      crash registers, pvpanic, s390's disabled wait); QEMU stopped it and libvirt logged the \
      crash's parameters; for a Windows guest the first argument is the bug check code (0x7B \
      INACCESSIBLE_BOOT_DEVICE: no driver for the boot disk's bus; 0xD1 and others: a driver): \
      the guest's operating system or its drivers, not KubeVirt or the node",
     "ゲストがクラッシュデバイス(Hyper-V のクラッシュレジスター、pvpanic、s390 の disabled wait)を\
      通じてハイパーバイザーにパニックを伝えました。QEMU はゲストを停止し、libvirt がクラッシュの\
      パラメーターを記録しました。Windows ゲストでは最初の引数がバグチェックコードです(0x7B \
      INACCESSIBLE_BOOT_DEVICE: ブートディスクのバスのドライバーがない。0xD1 など: ドライバー)。\
      原因はゲストの OS またはそのドライバーで、KubeVirt やノードではありません"),
    ("virtctl console <vm> or virtctl vnc <vm> (the guest's own crash screen)",
     "virtctl console <vm> または virtctl vnc <vm>(ゲスト自身のクラッシュ画面)"),
    ("look up the bug check code (arg1) in Microsoft's bug check reference",
     "バグチェックコード(arg1)を Microsoft のバグチェックリファレンスで調べる"),
    // `signatures/ovn_kubernetes.rs`, ovn-k-*
    ("OVN-Kubernetes could not set up the pod's network",
     "OVN-Kubernetes が Pod のネットワークを設定できませんでした"),
    ("ovnkube-controller, which creates every pod's logical switch port and writes its \
      network annotation, failed for this pod (its address could not be allocated or kept, the \
      node's logical switch is missing, a port could not be created), or ovnkube-node's CNI \
      gave up waiting for that annotation; the pod (a VM's launcher too) gets no network \
      until the controller succeeds",
     "すべての Pod の論理スイッチポートを作成しネットワークアノテーションを書き込む \
      ovnkube-controller が、この Pod で失敗しました(アドレスを割り当てられないか保持できない、\
      ノードの論理スイッチがない、ポートを作成できない)。または ovnkube-node の CNI がその\
      アノテーションを待つのをあきらめました。コントローラーが成功するまで、Pod(VM の \
      launcher も)にはネットワークがありません"),
    ("kubectl get events -n <ns> --field-selector involvedObject.name=<pod> \
      (ErrorAddingResource, ErrorUpdatingResource)",
     "kubectl get events -n <ns> --field-selector involvedObject.name=<pod>\
      (ErrorAddingResource、ErrorUpdatingResource)"),
    ("kubectl logs -n ovn-kubernetes <ovnkube-controller or ovnkube-node pod on the pod's \
      node> | grep <pod>",
     "kubectl logs -n ovn-kubernetes <Pod のノード上の ovnkube-controller または ovnkube-node \
      の Pod> | grep <pod>"),
    // `input/lines.rs`: a panic owned by the log stream it is printed in
    ("{t}; it is printed among the log lines of {}, so the {t} layer",
     "{0}。{1} のログ行の中に出力されているため、{2}レイヤーです"),
    // `input/already_deleted.rs`: a delete answered NotFound
    ("a delete answered NotFound: the object is already gone",
     "削除に NotFound が返りました: オブジェクトはすでにありません"),
    ("the API server found nothing to delete: the object was removed before (by its \
      owner, a controller or an earlier command), which is the state the delete asked for; \
      kubectl's --ignore-not-found treats this answer as a successful delete",
     "API サーバーには削除するものがありませんでした。オブジェクトは以前に(所有者、コントローラー、\
      または先のコマンドによって)削除されており、それは削除が求めた状態です。kubectl の \
      --ignore-not-found はこの応答を削除の成功として扱います"),
];
