//! Token mode: the browser is sent to the sign-in page, signs in with a user's token, and sees
//! only the namespaces that user may read; a VMI elsewhere shows a clear "forbidden" state.

use e2e::Harness;
use fantoccini::Locator;
use serde_json::json;
use std::time::Duration;

const T: Duration = Duration::from_secs(20);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_sees_only_their_namespaces() -> anyhow::Result<()> {
    let read = ["get", "list", "watch"];
    let policy = json!({"users": [
        {"name": "strata", "token": "strata-sa-token", "rules": [{"verbs": read}]},
        {"name": "alice", "token": "alice-token", "rules": [
            {"verbs": read, "apiGroups": ["kubevirt.io", ""],
             "resources": ["virtualmachineinstances", "virtualmachineinstancemigrations", "pods", "events"],
             "namespaces": ["prod"]},
            {"verbs": ["get"], "apiGroups": ["subresources.kubevirt.io"],
             "resources": ["virtualmachineinstances/guestosinfo"], "namespaces": ["prod"]}
        ]}
    ]});
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("policy.json");
    std::fs::write(&path, policy.to_string())?;
    let args = sim::SimArgs {
        token_policy: Some(path),
        ..sim::SimArgs::default()
    };
    let sim = sim::Sim::start_with(
        tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?,
        &args,
    )
    .await?;
    let (_, vmis) = sim.store().list(&sim::store::VMI, None);
    let prod: Vec<_> = vmis
        .iter()
        .filter(|v| v["metadata"]["namespace"] == "prod")
        .collect();
    let other = vmis
        .iter()
        .find(|v| v["metadata"]["namespace"] != "prod")
        .expect("a VMI outside prod");
    assert!(!prod.is_empty());
    let h = Harness::start_token("token_mode", sim, "strata-sa-token").await?;

    // No session: the console sends the browser to the sign-in page.
    h.browser.goto(&h.url("/")).await?;
    h.wait_count("textarea[name=token]", T, |n| n == 1).await?;
    assert!(h.current_url().await?.contains("/auth/signin"));
    h.screenshot_as("token_mode_signin").await?;
    h.set_value("textarea[name=token]", "alice-token").await?;
    h.browser
        .find(Locator::Css(
            "form[action='/auth/signin'] button, form[action='/auth/signin'] [type=submit]",
        ))
        .await?
        .click()
        .await?;

    // Only prod's VMIs.
    h.wait_text("[data-testid=vmi-count]", T, |t| {
        t == prod.len().to_string()
    })
    .await?;
    let cards = h.collect_cards().await?;
    assert!(
        cards.keys().all(|k| k.starts_with("prod/")),
        "alice sees {cards:?}"
    );
    h.screenshot_as("token_mode_overview").await?;

    // A VMI in a namespace alice may not read: a clear failure, not a blank page.
    let (ns, name) = (
        other["metadata"]["namespace"].as_str().unwrap(),
        other["metadata"]["name"].as_str().unwrap(),
    );
    h.browser.goto(&h.url(&format!("/vmi/{ns}/{name}"))).await?;
    let msg = h
        .wait_text("[data-testid=failure]", T, |t| !t.is_empty())
        .await?;
    eprintln!("forbidden: {msg}");
    // Not "gone": it exists, alice just may not read it.
    assert_eq!(h.count("[data-testid=vmi-gone]").await?, 0);
    assert!(
        msg.contains("403") || msg.to_lowercase().contains("forbidden"),
        "{msg}"
    );
    h.finish().await
}
