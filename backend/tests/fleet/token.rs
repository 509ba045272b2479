//! Token mode across a fleet (issue 32, item 4): a user signs in to each cluster with that
//! cluster's token, judged by that cluster's API server (a token of a is refused for b, and not
//! kept); a session holds one grant per cluster. Signed in to a alone, the stream and the list
//! carry a's VMIs only and b's routes answer 403 saying so; signed in to both, each cluster's
//! VMIs are cut by that cluster's own reviews, and the two `infra/bastion`s never mix. Signing
//! in to a second cluster keeps the first under a new session id; signing out ends both.

use super::keys::{Watch, bastion, find, key_in, keys_of, uid_in};
use super::*;
use backend::auth::Mode;
use model::VmiKey;
use sim::auth::{Rule, User};

/// Alice's token on a, where she may read VMIs in `infra` and `web`.
pub(super) const ALICE_A: &str = "alice-token-of-a";
/// Alice's token on b, where she may read VMIs in `infra` only.
pub(super) const ALICE_B: &str = "alice-token-of-b";

fn alice(token: &str, namespaces: &[&str]) -> User {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    User {
        name: "alice".into(),
        token: token.into(),
        groups: Vec::new(),
        rules: vec![Rule {
            verbs: s(&["get", "list", "watch"]),
            api_groups: s(&["kubevirt.io", ""]),
            resources: s(&["virtualmachineinstances", "pods", "events"]),
            namespaces: s(namespaces),
        }],
    }
}

/// Both clusters hold `infra/bastion` (healthy in a, without a guest agent in b) and
/// `web/frontend`; a also `vault/keeper`. Each knows its own alice.
pub(super) async fn token_fleet() -> Fleet {
    let a = ClusterPlan {
        vms: vec![
            vm("healthy", "infra", "bastion"),
            vm("healthy", "web", "frontend"),
            vm("healthy", "vault", "keeper"),
        ],
        token: Some(TOKEN_A.into()),
        users: vec![alice(ALICE_A, &["infra", "web"])],
        ..ClusterPlan::new("a", 1)
    };
    let b = ClusterPlan {
        vms: vec![
            vm("no-agent", "infra", "bastion"),
            vm("healthy", "web", "frontend"),
        ],
        token: Some(TOKEN_B.into()),
        users: vec![alice(ALICE_B, &["infra"])],
        ..ClusterPlan::new("b", 2)
    };
    let base = SimArgs {
        clock: "manual".into(),
        ..SimArgs::default()
    };
    let any = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    Fleet::start(vec![a, b], &base, any).await.unwrap()
}

/// `strata serve --auth token --context a --context b`: the console watches as each cluster's
/// admin; users sign in.
pub(super) async fn token_console(fleet: &Fleet, dir: &std::path::Path) -> Console {
    let files = kubeconfig_files(fleet, dir);
    let named = names::pair(&["a".into(), "b".into()], &[]).unwrap();
    let mut clusters = connect::connect(&files, named).await.unwrap().into_iter();
    let first = clusters.next().unwrap();
    let console = common::console_with(
        first.client.clone(),
        Options {
            auth: Mode::Token {
                base: Box::new(first.config.clone()),
                secure_cookie: false,
            },
            cluster: Some(first.name.clone()),
            server: Some(first.server.clone()),
            clusters: clusters.map(|c| c.spec()).collect(),
            ..Options::local(None)
        },
    )
    .await;
    for (c, n) in [("a", 3), ("b", 2)] {
        let store = console.fleet.get(c).unwrap().store.clone();
        eventually(RECOVERY, &format!("{c} synced"), || async {
            (store.synced() && store.len() == n).then_some(())
        })
        .await;
    }
    console
}

/// Posts the sign-in form: `token` for `cluster` (none: the first), with the session `cookie`.
async fn sign_in(
    console: &Console,
    cookie: Option<&str>,
    cluster: Option<&str>,
    token: &str,
) -> reqwest::Response {
    let mut form = vec![("token", token)];
    if let Some(c) = cluster {
        form.push(("cluster", c));
    }
    let mut req = common::http()
        .post(format!("{}/auth/signin", console.url()))
        .header("origin", console.url())
        .form(&form);
    if let Some(c) = cookie {
        req = req.header("cookie", c);
    }
    req.send().await.unwrap()
}

/// Signs in and answers the session cookie (`name=value`).
async fn session(console: &Console, cookie: Option<&str>, cluster: &str, token: &str) -> String {
    let res = sign_in(console, cookie, Some(cluster), token).await;
    assert_eq!(res.status().as_u16(), 303, "{cluster}");
    let set = res.headers()["set-cookie"].to_str().unwrap();
    set.split(';').next().unwrap().to_string()
}

/// The keys `/api/v1/vmis` lists for the session of `cookie`.
async fn listed(console: &Console, cookie: &str) -> Vec<VmiKey> {
    let (code, items) = common::get_as(console, cookie, "/api/v1/vmis").await;
    assert_eq!(code, 200, "{items}");
    let items: Vec<model::view::VmiSummary> = serde_json::from_value(items).unwrap();
    items.into_iter().map(|s| s.key).collect()
}

/// The stream's list for the session of `cookie`, once it holds `expected` (then exactly it).
async fn streamed(console: &Console, cookie: &str, expected: &[VmiKey]) -> Watch {
    let mut watch = Watch::open_as(console, Some(cookie)).await;
    watch
        .until("the keys expected", |l| {
            expected.iter().all(|k| find(l, k).is_some())
        })
        .await;
    let mut keys: Vec<VmiKey> = watch.list.iter().map(|s| s.key.clone()).collect();
    keys.sort();
    let mut want = expected.to_vec();
    want.sort();
    assert_eq!(keys, want);
    watch
}

fn not_signed_in(code: u16, body: &Value, cluster: &str) -> bool {
    let text = body["error"].as_str().unwrap_or_default();
    code == 403
        && text.contains("not signed in")
        && text.contains(&format!("/auth/signin?cluster={cluster}"))
}

#[tokio::test]
async fn a_token_is_judged_by_the_api_server_of_the_cluster_it_is_for() {
    let fleet = token_fleet().await;
    let dir = tempfile::tempdir().unwrap();
    let console = token_console(&fleet, dir.path()).await;
    // b's token for the first cluster (the default), a's token for b: refused, nothing kept.
    for (cluster, token) in [(None, ALICE_B), (Some("b"), ALICE_A)] {
        let res = sign_in(&console, None, cluster, token).await;
        assert_eq!(res.status().as_u16(), 401, "{cluster:?}");
        assert!(res.headers().get("set-cookie").is_none());
        let page = res.text().await.unwrap();
        assert!(page.contains("another cluster"), "{page}");
    }
    let res = sign_in(&console, None, Some("nowhere"), ALICE_A).await;
    assert_eq!(res.status().as_u16(), 400);
    // Signed in to a, a's token again for b: refused, and the session keeps a.
    let cookie = session(&console, None, "a", ALICE_A).await;
    let res = sign_in(&console, Some(&cookie), Some("b"), ALICE_A).await;
    assert_eq!(res.status().as_u16(), 401);
    assert!(res.headers().get("set-cookie").is_none());
    assert_eq!(
        common::get_as(&console, &cookie, "/api/v1/vmis").await.0,
        200
    );
    let (_, answer) = common::get_as(&console, &cookie, "/api/v1/clusters").await;
    assert_eq!(row(&answer, "a")["signed_in"], true, "{answer}");
    assert_eq!(row(&answer, "b")["signed_in"], false, "{answer}");
    // The sign-in page offers the clusters, says which the session is signed in to, and picks
    // the one asked for (or the one the page to return to is under).
    let page = |query: &'static str| {
        let (console, cookie) = (&console, cookie.clone());
        async move {
            let res = common::http()
                .get(format!("{}/auth/signin{query}", console.url()))
                .header("cookie", cookie)
                .send()
                .await
                .unwrap();
            res.text().await.unwrap()
        }
    };
    let plain = page("").await;
    assert!(
        plain.contains("<select id=\"cluster\" name=\"cluster\">"),
        "{plain}"
    );
    assert!(
        plain.contains("<option value=\"a\" selected>a (signed in)</option>"),
        "{plain}"
    );
    assert!(plain.contains("Signed in to <strong>a</strong>"), "{plain}");
    for query in ["?cluster=b", "?next=%2Fc%2Fb%2Fvmi%2Finfra%2Fbastion"] {
        let picked = page(query).await;
        assert!(
            picked.contains("<option value=\"b\" selected>b</option>"),
            "{query}: {picked}"
        );
    }
}

#[tokio::test]
async fn signed_in_to_one_cluster_a_user_sees_that_cluster_alone() {
    let fleet = token_fleet().await;
    let dir = tempfile::tempdir().unwrap();
    let console = token_console(&fleet, dir.path()).await;
    let only_a = session(&console, None, "a", ALICE_A).await;
    let a_keys = [bastion("a"), key_in("a", "web", "frontend")];
    let mut watch = streamed(&console, &only_a, &a_keys).await;
    assert_eq!(listed(&console, &only_a).await, a_keys);
    // b's routes: refused, saying so, whatever the route.
    for path in [
        "/api/v1/c/b/vmis",
        "/api/v1/c/b/vmis/infra/bastion",
        "/api/v1/c/b/vmis/infra/bastion/detail",
        "/api/v1/c/b/nodes",
        "/api/v1/c/b/migrations",
        "/api/v1/c/b/alerts",
    ] {
        let (code, body) = common::get_as(&console, &only_a, path).await;
        assert!(not_signed_in(code, &body, "b"), "{path}: {code} {body}");
    }
    let (_, answer) = common::get_as(&console, &only_a, "/api/v1/clusters").await;
    assert_eq!(
        total(row(&answer, "a")),
        2,
        "cut to infra and web: {answer}"
    );
    assert_eq!(row(&answer, "b")["counts"], Value::Null, "{answer}");
    // A change in b never reaches a's stream; one in a does, after it.
    let b_store = console.fleet.get("b").unwrap().store.clone();
    let (sim_a, sim_b) = (fleet.sim("a").unwrap(), fleet.sim("b").unwrap());
    sim_b
        .with_world(|w| sim::scenarios::add(w, "healthy", "infra", "late", Some("worker-2")))
        .unwrap();
    eventually(RECOVERY, "b's late VMI in the store", || async {
        (b_store.len() == 3).then_some(())
    })
    .await;
    let read = watch.seen.len();
    sim_a
        .with_world(|w| sim::scenarios::add(w, "healthy", "infra", "late", Some("worker-2")))
        .unwrap();
    watch
        .until("a's late VMI", |l| {
            find(l, &key_in("a", "infra", "late")).is_some()
        })
        .await;
    for m in &watch.seen[read..] {
        assert!(keys_of(m).iter().all(|k| k.cluster.is_empty()), "{m:?}");
    }
    // Signed in to b alone: b's VMIs, and the first cluster's routes refused.
    let only_b = session(&console, None, "b", ALICE_B).await;
    let b_keys = [bastion("b"), key_in("b", "infra", "late")];
    streamed(&console, &only_b, &b_keys).await;
    assert_eq!(listed(&console, &only_b).await, b_keys);
    let (code, body) = common::get_as(&console, &only_b, "/api/v1/vmis/infra/bastion").await;
    assert!(not_signed_in(code, &body, "a"), "{code} {body}");
}

#[tokio::test]
async fn signed_in_to_both_each_cluster_is_cut_by_its_own_reviews_and_never_mixed() {
    let fleet = token_fleet().await;
    let dir = tempfile::tempdir().unwrap();
    let console = token_console(&fleet, dir.path()).await;
    let first = session(&console, None, "a", ALICE_A).await;
    let both = session(&console, Some(&first), "b", ALICE_B).await;
    assert_ne!(first, both, "a new id for what it grants now");
    assert_eq!(
        common::get_as(&console, &first, "/api/v1/vmis").await.0,
        401
    );
    // a's infra and web (not vault), b's infra (not web): each by its own cluster's rules.
    let keys = [bastion("a"), key_in("a", "web", "frontend"), bastion("b")];
    let watch = streamed(&console, &both, &keys).await;
    assert_eq!(listed(&console, &both).await, keys);
    // Each bastion as its own cluster's store holds it: a healthy one and one without an agent.
    let layers = |k: &VmiKey| find(&watch.list, k).unwrap().layers;
    for c in ["a", "b"] {
        let held = console.fleet.get(c).unwrap().store.items();
        let held = held.iter().find(|s| s.key == bastion(c)).unwrap();
        assert_eq!(layers(&bastion(c)), held.layers, "{c}'s own");
    }
    assert_ne!(layers(&bastion("a")), layers(&bastion("b")));
    let (uid_a, uid_b) = (uid_in(&fleet, "a").await, uid_in(&fleet, "b").await);
    assert_ne!(uid_a, uid_b);
    // Each cluster's route as that cluster's user.
    let bundle_uid = |path: &'static str| {
        let (console, both) = (&console, both.clone());
        async move {
            let (code, bundle) = common::get_as(console, &both, path).await;
            assert_eq!(code, 200, "{path}: {bundle}");
            bundle["vmi"]["value"]["metadata"]["uid"]
                .as_str()
                .unwrap()
                .to_string()
        }
    };
    assert_eq!(bundle_uid("/api/v1/vmis/infra/bastion").await, uid_a);
    assert_eq!(bundle_uid("/api/v1/c/b/vmis/infra/bastion").await, uid_b);
    let (code, body) = common::get_as(&console, &both, "/api/v1/c/b/vmis/web/frontend").await;
    assert_eq!(code, 403, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("may not list"),
        "{body}"
    );
    assert_eq!(
        common::get_as(&console, &both, "/api/v1/vmis/web/frontend")
            .await
            .0,
        200
    );
    let (_, answer) = common::get_as(&console, &both, "/api/v1/clusters").await;
    for (c, n) in [("a", 2), ("b", 1)] {
        assert_eq!(row(&answer, c)["signed_in"], true, "{answer}");
        assert_eq!(total(row(&answer, c)), n, "{c}: {answer}");
    }
    // Signing out ends both.
    let res = common::http()
        .post(format!("{}/auth/signout", console.url()))
        .header("origin", console.url())
        .header("cookie", &both)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 303);
    for path in ["/api/v1/vmis", "/api/v1/c/b/vmis", "/api/v1/stream"] {
        assert_eq!(common::get_as(&console, &both, path).await.0, 401, "{path}");
    }
}

#[tokio::test]
async fn a_token_its_cluster_no_longer_accepts_loses_that_cluster_alone() {
    let fleet = token_fleet().await;
    let dir = tempfile::tempdir().unwrap();
    let console = token_console(&fleet, dir.path()).await;
    let first = session(&console, None, "a", ALICE_A).await;
    let both = session(&console, Some(&first), "b", ALICE_B).await;
    // b's API server now answers 401 to every token: alice's grant for b ends at its next
    // review, her session and its grant for a stay.
    assert!(fleet.set_credentials_expired("b", true));
    let (code, body) = common::get_as(&console, &both, "/api/v1/c/b/vmis/infra/bastion").await;
    assert!(not_signed_in(code, &body, "b"), "{code} {body}");
    assert_eq!(
        listed(&console, &both).await,
        [bastion("a"), key_in("a", "web", "frontend")]
    );
    let (_, answer) = common::get_as(&console, &both, "/api/v1/clusters").await;
    assert_eq!(row(&answer, "a")["signed_in"], true, "{answer}");
    assert_eq!(row(&answer, "b")["signed_in"], false, "{answer}");
    // Renewed, b stays signed out; the token b refused is refused without asking b for a
    // while (`auth::review::REJECTED_TTL`), and the session keeps a meanwhile.
    assert!(fleet.set_credentials_expired("b", false));
    let (code, body) = common::get_as(&console, &both, "/api/v1/c/b/vmis/infra/bastion").await;
    assert!(not_signed_in(code, &body, "b"), "{code} {body}");
    let res = sign_in(&console, Some(&both), Some("b"), ALICE_B).await;
    assert_eq!(res.status().as_u16(), 401);
    assert_eq!(
        common::get_as(&console, &both, "/api/v1/vmis/infra/bastion")
            .await
            .0,
        200
    );
}
