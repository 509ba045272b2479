//! Per-test namespaces and the rights tests give users in them.

use crate::server::ApiServer;
use crate::users::User;
use k8s_openapi::api::authentication::v1::TokenRequest;
use k8s_openapi::api::core::v1::{Namespace, ServiceAccount};
use k8s_openapi::api::rbac::v1::{PolicyRule, Role, RoleBinding, RoleRef, Subject};
use kube::api::{Api, ObjectMeta, PostParams};
use std::sync::atomic::{AtomicUsize, Ordering};

fn meta(name: &str, namespace: Option<&str>) -> ObjectMeta {
    ObjectMeta {
        name: Some(name.to_string()),
        namespace: namespace.map(str::to_string),
        ..ObjectMeta::default()
    }
}

/// Creates a fresh namespace `<prefix>-<n>` for one test and answers its name.
pub async fn namespace(server: &ApiServer, prefix: &str) -> String {
    static N: AtomicUsize = AtomicUsize::new(0);
    let name = format!("{prefix}-{}", N.fetch_add(1, Ordering::Relaxed));
    let api: Api<Namespace> = Api::all(server.client(User::Admin).unwrap());
    let ns = Namespace {
        metadata: meta(&name, None),
        ..Namespace::default()
    };
    api.create(&PostParams::default(), &ns)
        .await
        .unwrap_or_else(|e| panic!("creating namespace {name}: {e}"));
    name
}

/// What a namespace reader of the console needs (as `deploy/rbac.yaml` grants cluster-wide):
/// get, list and watch of KubeVirt's VMIs, VMs and migrations, pods and events.
fn read_rules() -> Vec<PolicyRule> {
    let verbs = || ["get", "list", "watch"].map(String::from).to_vec();
    vec![
        PolicyRule {
            api_groups: Some(vec!["kubevirt.io".into()]),
            resources: Some(
                [
                    "virtualmachineinstances",
                    "virtualmachines",
                    "virtualmachineinstancemigrations",
                ]
                .map(String::from)
                .to_vec(),
            ),
            verbs: verbs(),
            ..PolicyRule::default()
        },
        PolicyRule {
            api_groups: Some(vec![String::new()]),
            resources: Some(vec!["pods".into(), "events".into()]),
            verbs: verbs(),
            ..PolicyRule::default()
        },
    ]
}

/// Binds a Role `strata-read` (see [`read_rules`]) in `namespace` to `subject` (a static user).
pub async fn grant_read(server: &ApiServer, namespace: &str, subject: User) {
    let admin = server.client(User::Admin).unwrap();
    let roles: Api<Role> = Api::namespaced(admin.clone(), namespace);
    let role = Role {
        metadata: meta("strata-read", Some(namespace)),
        rules: Some(read_rules()),
    };
    // Several users may be granted in one namespace: the Role is made once.
    match roles.create(&PostParams::default(), &role).await {
        Ok(_) => {}
        Err(kube::Error::Api(s)) if s.code == 409 => {}
        Err(e) => panic!("creating Role in {namespace}: {e}"),
    }
    let bindings: Api<RoleBinding> = Api::namespaced(admin, namespace);
    let binding = RoleBinding {
        metadata: meta(&format!("strata-read-{}", subject.name()), Some(namespace)),
        role_ref: RoleRef {
            api_group: Some("rbac.authorization.k8s.io".into()),
            kind: "Role".into(),
            name: "strata-read".into(),
        },
        subjects: Some(vec![Subject {
            api_group: Some("rbac.authorization.k8s.io".into()),
            kind: "User".into(),
            name: subject.name().into(),
            namespace: None,
        }]),
    };
    bindings
        .create(&PostParams::default(), &binding)
        .await
        .unwrap_or_else(|e| {
            panic!(
                "binding strata-read to {} in {namespace}: {e}",
                subject.name()
            )
        });
}

/// Creates ServiceAccount `name` in `namespace` and answers a token the API server issues for
/// it (TokenRequest, one hour).
pub async fn service_account_token(server: &ApiServer, namespace: &str, name: &str) -> String {
    let api: Api<ServiceAccount> = Api::namespaced(server.client(User::Admin).unwrap(), namespace);
    let sa = ServiceAccount {
        metadata: meta(name, Some(namespace)),
        ..ServiceAccount::default()
    };
    match api.create(&PostParams::default(), &sa).await {
        Ok(_) => {}
        Err(kube::Error::Api(s)) if s.code == 409 => {}
        Err(e) => panic!("creating ServiceAccount {namespace}/{name}: {e}"),
    }
    let request = TokenRequest {
        spec: Some(k8s_openapi::api::authentication::v1::TokenRequestSpec {
            expiration_seconds: Some(3600),
            ..Default::default()
        }),
        ..Default::default()
    };
    let issued = api
        .create_token_request(name, &PostParams::default(), &request)
        .await
        .unwrap_or_else(|e| panic!("TokenRequest for {namespace}/{name}: {e}"));
    issued
        .status
        .and_then(|s| s.token)
        .expect("an issued token")
}
