//! Token authentication and RBAC for real: static tokens and issued ServiceAccount tokens are
//! reviewed by the API server (TokenReview), and a user with a namespace-scoped Role sees exactly
//! that namespace (SelfSubjectAccessReview, lists), one with no rules nothing.

use crate::common::*;
use apiserver_harness::User;
use k8s_openapi::api::authentication::v1::{TokenReview, TokenReviewSpec};
use k8s_openapi::api::authorization::v1::{
    ResourceAttributes, SelfSubjectAccessReview, SelfSubjectAccessReviewSpec,
};
use kube::api::{Api, ListParams, PostParams};

/// SelfSubjectAccessReview as `client`: may it list VMIs in `namespace` (`None`: all)?
async fn may_list_vmis(client: kube::Client, namespace: Option<&str>) -> bool {
    let review = SelfSubjectAccessReview {
        spec: SelfSubjectAccessReviewSpec {
            resource_attributes: Some(ResourceAttributes {
                group: Some("kubevirt.io".into()),
                resource: Some("virtualmachineinstances".into()),
                verb: Some("list".into()),
                namespace: namespace.map(str::to_string),
                ..ResourceAttributes::default()
            }),
            ..SelfSubjectAccessReviewSpec::default()
        },
        ..SelfSubjectAccessReview::default()
    };
    let api: Api<SelfSubjectAccessReview> = Api::all(client);
    let answer = api.create(&PostParams::default(), &review).await.unwrap();
    answer.status.unwrap().allowed
}

/// The HTTP status of listing VMIs as `user` in `namespace` (`None`: all namespaces).
async fn list_status(client: kube::Client, namespace: Option<&str>) -> u16 {
    let api: Api<kube::api::DynamicObject> = match namespace {
        Some(ns) => Api::namespaced_with(client, ns, &vmi_resource()),
        None => Api::all_with(client, &vmi_resource()),
    };
    match api.list(&ListParams::default()).await {
        Ok(_) => 200,
        Err(kube::Error::Api(s)) => s.code,
        Err(e) => panic!("listing VMIs: {e}"),
    }
}

#[tokio::test]
async fn a_namespace_scoped_user_sees_exactly_their_namespace() {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let (a, b) = (
        apiserver_harness::namespace(server, "team-a").await,
        apiserver_harness::namespace(server, "team-b").await,
    );
    apiserver_harness::grant_read(server, &a, User::Alice).await;
    apiserver_harness::grant_read(server, &b, User::Bob).await;
    let alice = || server.client(User::Alice).unwrap();
    assert!(may_list_vmis(alice(), Some(&a)).await);
    assert!(!may_list_vmis(alice(), Some(&b)).await);
    assert!(!may_list_vmis(alice(), None).await);
    assert_eq!(list_status(alice(), Some(&a)).await, 200);
    assert_eq!(list_status(alice(), Some(&b)).await, 403);
    assert_eq!(list_status(alice(), None).await, 403);
    let bob = server.client(User::Bob).unwrap();
    assert!(may_list_vmis(bob.clone(), Some(&b)).await);
    assert!(!may_list_vmis(bob, Some(&a)).await);
}

#[tokio::test]
async fn a_user_with_no_rules_may_read_nothing() {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let ns = apiserver_harness::namespace(server, "nobody").await;
    let nobody = || server.client(User::Nobody).unwrap();
    assert!(!may_list_vmis(nobody(), Some(&ns)).await);
    assert!(!may_list_vmis(nobody(), None).await);
    assert_eq!(list_status(nobody(), Some(&ns)).await, 403);
    // The admin (system:masters) may.
    assert!(may_list_vmis(server.client(User::Admin).unwrap(), None).await);
}

#[tokio::test]
async fn tokens_are_reviewed_by_the_api_server_static_and_issued_alike() {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let ns = apiserver_harness::namespace(server, "sa").await;
    let sa_token = apiserver_harness::service_account_token(server, &ns, "viewer").await;
    let reviews: Api<TokenReview> = Api::all(server.client(User::Admin).unwrap());
    let review = |token: String| TokenReview {
        spec: TokenReviewSpec {
            token,
            ..TokenReviewSpec::default()
        },
        ..TokenReview::default()
    };
    let who = |r: TokenReview| {
        let s = r.status.unwrap();
        (s.authenticated, s.user.and_then(|u| u.username))
    };
    let sa = who(reviews
        .create(&PostParams::default(), &review(sa_token.clone()))
        .await
        .unwrap());
    assert_eq!(
        sa,
        (
            Some(true),
            Some(format!("system:serviceaccount:{ns}:viewer"))
        )
    );
    let alice = who(reviews
        .create(
            &PostParams::default(),
            &review(server.token(User::Alice).into()),
        )
        .await
        .unwrap());
    assert_eq!(alice, (Some(true), Some("alice".to_string())));
    let forged = who(reviews
        .create(&PostParams::default(), &review("not-a-token".into()))
        .await
        .unwrap());
    assert_ne!(forged.0, Some(true));
    // The issued token works as a credential, and RBAC applies to it: nothing granted yet.
    let as_sa = kube::Client::try_from(server.config_with_token(&sa_token)).unwrap();
    assert!(!may_list_vmis(as_sa, Some(&ns)).await);
}
