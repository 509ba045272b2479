//! Round 19's sentences: the API server's 401 (`signatures/unauthenticated.rs`), the
//! hypervisor's report of a guest crash (`signatures/guest_panic.rs`), OVN-Kubernetes failing a
//! pod's network (`signatures/ovn_kubernetes.rs`) and a panic owned by its log stream
//! (`input/lines.rs`).

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
];
