//! Token mode across a fleet (issue 32, item 4): two clusters, each knowing its own alice. The
//! browser signs in to the first (the sign-in page offers both), sees its VMIs only, and the
//! overview's row of the second says "not signed in" with a link; following it, the sign-in
//! page has the second picked, and signing in with that cluster's token brings the overview
//! back with both clusters' VMIs, each cut to alice's namespaces there.

use e2e::Harness;
use serde_json::json;
use std::time::Duration;

const T: Duration = Duration::from_secs(30);

/// A simulator enforcing `policy`; keep the directory while it runs.
async fn sim_with_policy(
    policy: serde_json::Value,
    scenarios: &str,
) -> anyhow::Result<(sim::Sim, tempfile::TempDir)> {
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("policy.json");
    std::fs::write(&path, policy.to_string())?;
    let args = sim::SimArgs {
        scenarios: scenarios.into(),
        token_policy: Some(path),
        ..sim::SimArgs::default()
    };
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
    Ok((sim::Sim::start_with(listener, &args).await?, dir))
}

/// `alice` may read VMIs, pods and events in `namespaces`.
fn policy(service: &str, alice: &str, namespaces: &[&str]) -> serde_json::Value {
    let read = ["get", "list", "watch"];
    json!({"users": [
        {"name": "strata", "token": service, "rules": [{"verbs": read}]},
        {"name": "alice", "token": alice, "rules": [
            {"verbs": read, "apiGroups": ["kubevirt.io", ""],
             "resources": ["virtualmachineinstances", "pods", "events"],
             "namespaces": namespaces}
        ]}
    ]})
}

/// The VMIs of `sim` in `ns`.
fn count_in(sim: &sim::Sim, ns: &str) -> usize {
    let (_, vmis) = sim.store().list(&sim::store::VMI, None);
    vmis.iter()
        .filter(|v| v["metadata"]["namespace"] == ns)
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_signs_in_to_a_second_cluster_from_the_overview() -> anyhow::Result<()> {
    let (prod, _a) = sim_with_policy(policy("sa-prod", "alice-prod", &["prod"]), "demo").await?;
    let (staging, _b) =
        sim_with_policy(policy("sa-staging", "alice-staging", &["staging"]), "demo").await?;
    let (in_prod, in_staging) = (count_in(&prod, "prod"), count_in(&staging, "staging"));
    assert!(in_prod > 0 && in_staging > 0);
    let mut config = kube::Config::new(staging.url().parse()?);
    config.auth_info.token = Some("sa-staging".to_string().into());
    let spec = backend::fleet::Spec::from_config("staging", config)?;
    let h = Harness::start_token_fleet("token_fleet", prod, "sa-prod", Some("prod"), vec![spec])
        .await?;

    // The sign-in page offers both clusters, the first picked.
    h.browser.goto(&h.url("/")).await?;
    h.wait_count("select[name=cluster] option", T, |n| n == 2)
        .await?;
    let picked = h
        .browser
        .execute(
            "return document.querySelector('select[name=cluster]').value;",
            vec![],
        )
        .await?;
    assert_eq!(picked, json!("prod"));
    h.screenshot_as("token_fleet_signin").await?;
    h.submit_token("alice-prod").await?;

    // prod's VMIs in prod only; staging's row says "not signed in" with a link.
    h.wait_text("[data-testid=vmi-count]", T, |t| t == in_prod.to_string())
        .await?;
    let link = h
        .wait_text(
            "[data-testid=fleet] tr[data-cluster=staging] [data-testid=cluster-sign-in]",
            T,
            |t| !t.is_empty(),
        )
        .await?;
    assert!(link.contains("sign in"), "{link}");
    let counts = h
        .browser
        .execute(
            "return Array.from(document.querySelectorAll('[data-testid=fleet] tr[data-cluster=staging] td[data-verdict]')).map(td => td.textContent);",
            vec![],
        )
        .await?;
    assert_eq!(counts, json!(["—", "—", "—", "—"]), "no count is known");
    let cards = h.collect_cards().await?;
    assert!(cards.keys().all(|k| k.starts_with("prod/")), "{cards:?}");
    h.screenshot_as("token_fleet_overview_one").await?;

    // The wall: staging's tile says it is not signed in and shows no count ("—", not 0).
    h.browser.goto(&h.url("/wall")).await?;
    let tile = "[data-testid=wall-fleet] .wall-tile[data-cluster=staging]";
    h.wait_text(&format!("{tile} [data-testid=cluster-sign-in]"), T, |t| {
        !t.is_empty()
    })
    .await?;
    let n = h
        .wait_text(&format!("{tile} .wall-tile-n .n"), T, |t| !t.is_empty())
        .await?;
    assert_eq!(n, "—", "a cluster not signed in has no broken count");
    assert_eq!(
        h.count(&format!("{tile}.signed-out")).await?,
        1,
        "drawn as not known, not healthy"
    );
    h.screenshot_as("token_fleet_wall_one").await?;
    h.browser.goto(&h.url("/")).await?;
    h.wait_text("[data-testid=vmi-count]", T, |t| t == in_prod.to_string())
        .await?;

    // Following it: the sign-in page with staging picked, then both clusters.
    h.click("[data-testid=cluster-sign-in]").await?;
    h.wait_count("textarea[name=token]", T, |n| n == 1).await?;
    let picked = h
        .browser
        .execute(
            "return document.querySelector('select[name=cluster]').value;",
            vec![],
        )
        .await?;
    assert_eq!(picked, json!("staging"));
    let said = h
        .wait_text("[data-testid=signed-in]", T, |t| !t.is_empty())
        .await?;
    assert!(said.contains("prod"), "{said}");
    h.screenshot_as("token_fleet_signin_second").await?;
    h.submit_token("alice-staging").await?;
    h.wait_text("[data-testid=vmi-count]", T, |t| {
        t == (in_prod + in_staging).to_string()
    })
    .await?;
    assert_eq!(
        h.count("[data-testid=fleet] [data-testid=cluster-sign-in]")
            .await?,
        0
    );
    let cards = h.collect_cards().await?;
    assert!(
        cards
            .keys()
            .all(|k| k.starts_with("prod/") || k.starts_with("staging:staging/")),
        "{cards:?}"
    );
    assert!(cards.keys().any(|k| k.starts_with("staging:")), "{cards:?}");
    h.screenshot_as("token_fleet_overview_both").await?;
    h.finish().await
}
