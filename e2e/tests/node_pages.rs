//! The node pages and the migrations page's filters, in English and Japanese: what each shows
//! (a lost node sorted first, virt-handler, devices, conditions, the VMIs with their drain
//! impact, the alerts' place; filters and sorting read from and written to the URL; the
//! per-VMI history with each run's nodes), a screenshot of each, and no serious accessibility
//! violation on any.

use e2e::Harness;
use std::time::Duration;

const T: Duration = Duration::from_secs(20);

/// Switches the UI language through the language select and waits for the navigation to show
/// it.
async fn set_lang(h: &Harness, lang: &str) -> anyhow::Result<()> {
    h.browser
        .execute(
            &format!(
                "const s = document.querySelector('[data-testid=lang]'); s.value = '{lang}'; s.dispatchEvent(new Event('change'));"
            ),
            vec![],
        )
        .await?;
    let word = if lang == "ja" { "概要" } else { "Overview" };
    h.wait_text("nav.mainnav", T, |t| t.contains(word)).await?;
    Ok(())
}

/// Fails with every serious or critical axe violation of the current page, named by `what`.
async fn axe(h: &Harness, what: &str, failures: &mut Vec<String>) -> anyhow::Result<()> {
    failures.extend(
        h.axe_serious()
            .await?
            .into_iter()
            .map(|v| format!("{what}: {v}")),
    );
    Ok(())
}

/// The `data-*` attribute `attr` of every element matching `css`, in document order.
async fn attrs(h: &Harness, css: &str, attr: &str) -> anyhow::Result<Vec<String>> {
    let v = h
        .browser
        .execute(
            &format!(
                "return [...document.querySelectorAll({css:?})].map(e => e.getAttribute({attr:?}) || '');"
            ),
            vec![],
        )
        .await?;
    Ok(v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|x| x.as_str().map(str::to_string))
        .collect())
}

fn rank(h: &str) -> u8 {
    match h {
        "broken" => 0,
        "degraded" => 1,
        "unknown" => 2,
        _ => 3,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nodes_list_and_node_page_in_both_languages() -> anyhow::Result<()> {
    let h = Harness::start("node_pages").await?;
    let (_, _, node) = h.migratable_vmi("");
    let (_, nodes) = h.sim.store().list(&sim::store::NODE, None);
    let lost = nodes
        .iter()
        .filter_map(|n| n["metadata"]["name"].as_str())
        .find(|n| *n != node)
        .expect("a second node")
        .to_string();
    // The kubelet and virt-handler of `lost` stop: 40 s later it is NotReady.
    assert!(h.sim.set_node_ready(&lost, false, 0.0));
    h.sim.advance(60.0);
    let mut failures = Vec::new();

    h.browser.goto(&h.url("/nodes")).await?;
    let row = format!("[data-testid=node-list] tr[data-node='{lost}'][data-health=broken]");
    h.wait_count(&row, T, |n| n == 1).await?;
    let healths = attrs(&h, "[data-testid=node-list] tbody tr", "data-health").await?;
    assert!(
        healths.windows(2).all(|w| rank(&w[0]) <= rank(&w[1])),
        "unhealthy first: {healths:?}"
    );
    let names = attrs(&h, "[data-testid=node-list] tbody tr", "data-node").await?;
    assert_eq!(names.len(), nodes.len(), "one row per node");
    let lost_text = h.wait_text(&row, T, |t| t.contains("Ready is")).await?;
    eprintln!("lost node row: {lost_text}");
    h.screenshot_as("nodes_list_en").await?;
    axe(&h, "/nodes en", &mut failures).await?;

    h.browser.goto(&h.url(&format!("/node/{node}"))).await?;
    h.wait_count("[data-testid=drain-table] tbody tr", T, |n| n > 0)
        .await?;
    let conditions = h
        .wait_text("[data-testid=node-conditions]", T, |t| t.contains("Ready"))
        .await?;
    assert!(conditions.contains("True"), "{conditions}");
    let devices = h
        .wait_text("[data-testid=node-resources]", T, |t| !t.is_empty())
        .await?;
    assert!(devices.contains("devices.kubevirt.io/kvm"), "{devices}");
    // Quantities in human units (`32.0 GiB`, not `33554432Ki`), the verbatim one on hover.
    let memory = h
        .wait_text("[data-resource=memory] td", T, |t| !t.is_empty())
        .await?;
    assert!(memory.ends_with("iB"), "memory shown as {memory:?}");
    let handler = h
        .wait_text("[data-testid=node-handler]", T, |t| !t.is_empty())
        .await?;
    assert!(handler.contains("ago"), "a heartbeat age: {handler}");
    let schedulable = h
        .wait_text("[data-testid=handler-schedulable]", T, |t| !t.is_empty())
        .await?;
    assert_eq!(schedulable, "true");
    let actions = attrs(&h, "[data-testid=drain-table] tbody tr", "data-action").await?;
    assert!(actions.iter().all(|a| !a.is_empty()), "{actions:?}");
    let notes = h
        .wait_text("[data-testid=drain-notes]", T, |t| !t.is_empty())
        .await?;
    assert!(notes.contains("PodDisruptionBudget"), "{notes}");
    // The simulator serves Prometheus' alerts API, so the section reads it (a list or "none"),
    // never "no alert source".
    h.wait_count(
        "[data-testid=node-alerts-none], [data-testid=node-alerts-list]",
        T,
        |n| n == 1,
    )
    .await?;
    h.wait_count("[data-testid=node-alerts-nosource]", T, |n| n == 0)
        .await?;
    h.scroll_to("[data-testid=node-alerts]").await?;
    h.screenshot_as("node_page_alerts_en").await?;
    h.screenshot_as("node_page_en").await?;
    h.scroll_to("[data-testid=drain-table]").await?;
    h.screenshot_as("node_page_vmis_en").await?;
    axe(&h, "/node en", &mut failures).await?;

    h.browser.goto(&h.url(&format!("/node/{lost}"))).await?;
    let problems = h
        .wait_text("[data-testid=node-problems]", T, |t| t.contains("Ready is"))
        .await?;
    eprintln!("lost node problems: {problems}");
    h.screenshot_as("node_page_lost_en").await?;

    set_lang(&h, "ja").await?;
    h.browser.goto(&h.url("/nodes")).await?;
    h.wait_count(&row, T, |n| n == 1).await?;
    h.wait_text("[data-testid=node-list] thead", T, |t| t.contains("状態"))
        .await?;
    h.screenshot_as("nodes_list_ja").await?;
    axe(&h, "/nodes ja", &mut failures).await?;
    h.browser.goto(&h.url(&format!("/node/{node}"))).await?;
    h.wait_count("[data-testid=drain-table] tbody tr", T, |n| n > 0)
        .await?;
    h.wait_text("[data-testid=node-handler]", T, |t| t.contains("前"))
        .await?;
    h.screenshot_as("node_page_ja").await?;
    axe(&h, "/node ja", &mut failures).await?;

    assert!(failures.is_empty(), "{}", failures.join("\n"));
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrations_filters_live_in_the_url_in_both_languages() -> anyhow::Result<()> {
    let h = Harness::start("migrations_filters").await?;
    let (ns, name, node) = h.migratable_vmi("");
    let vmim = h
        .sim
        .migrate(&ns, &name, "long")
        .map_err(anyhow::Error::msg)?;
    let mut failures = Vec::new();

    // A deep link: in progress, user-triggered, this VMI's node, sorted by name.
    let link =
        format!("/migrations?outcome=in_progress&trigger=user&node={node}&sort=name&dir=asc");
    h.browser.goto(&h.url(&link)).await?;
    let mine = format!("[data-testid=migrations-table] tr[data-migration='{vmim}']");
    h.wait_count(&mine, T, |n| n == 1).await?;
    let triggers = attrs(
        &h,
        "[data-testid=migrations-table] tbody tr",
        "data-trigger",
    )
    .await?;
    assert!(triggers.iter().all(|t| t == "user"), "{triggers:?}");
    let outcomes = attrs(
        &h,
        "[data-testid=migrations-table] tbody [data-testid=mg-outcome]",
        "data-outcome",
    )
    .await?;
    assert!(outcomes.iter().all(|o| o == "in_progress"), "{outcomes:?}");
    let selected = h
        .browser
        .execute(
            "return ['outcome','trigger','node','sort','dir'].map(p => document.querySelector('[data-testid=mg-filter-' + p + ']').value);",
            vec![],
        )
        .await?;
    assert_eq!(
        selected,
        serde_json::json!(["in_progress", "user", node, "name", "asc"]),
        "the selects show the URL's filters"
    );
    let nodes_cell = h
        .wait_text(&format!("{mine} [data-testid=mg-nodes]"), T, |t| {
            t.starts_with(&node)
        })
        .await?;
    eprintln!("nodes: {nodes_cell}");
    // One time format (issue 29, point 6): an age, the exact UTC time on hover, RFC 3339 in
    // `datetime` for machines.
    let age = h
        .browser
        .execute(
            &format!("const t = document.querySelector(\"{mine} [data-testid=mg-age] time\"); return [t.getAttribute('title'), t.getAttribute('datetime')];"),
            vec![],
        )
        .await?;
    let (hover, machine) = (age[0].as_str().unwrap_or(""), age[1].as_str().unwrap_or(""));
    let shape = |s: &str| s.len() == 23 && s.as_bytes()[10] == b' ' && s.ends_with(" UTC");
    assert!(shape(hover), "the exact time on hover: {age}");
    assert!(
        machine.contains('T') && machine.ends_with('Z'),
        "RFC 3339 in datetime: {age}"
    );
    h.screenshot_as("migrations_filtered_en").await?;
    axe(&h, "/migrations filtered en", &mut failures).await?;

    // The search box writes `q` into the URL and narrows the list.
    h.set_value("[data-testid=mg-search]", "no-such-migration-anywhere")
        .await?;
    h.wait_count("[data-testid=mg-nomatch]", T, |n| n == 1)
        .await?;
    let url = h.current_url().await?;
    assert!(url.contains("q=no-such-migration-anywhere"), "{url}");
    assert!(
        url.contains("trigger=user"),
        "the other filters stay: {url}"
    );

    // The VMI page's history names this run's source node.
    h.browser
        .goto(&h.url(&format!("/vmi/{ns}/{name}?tab=migrations")))
        .await?;
    let run = format!("[data-testid=mh-table] tr[data-migration='{vmim}']");
    h.wait_count(&run, T, |n| n == 1).await?;
    let source = attrs(&h, &run, "data-source").await?;
    assert_eq!(source, std::slice::from_ref(&node), "the run's source node");
    h.scroll_to("[data-testid=migration-history]").await?;
    h.screenshot_as("vmi_migration_history_en").await?;
    axe(&h, "/vmi migrations tab en", &mut failures).await?;

    // A migration whose target pod dies fails; its row names the failure's plane and reason.
    let (_, _, failing) = h.migrate_quiet_vmi(&name, "target-pod-down")?;
    h.sim.advance(150.0);
    h.browser
        .goto(&h.url(&format!("/migrations?q={failing}")))
        .await?;
    let failure = format!(
        "[data-testid=migrations-table] tr[data-migration='{failing}'] [data-testid=mg-failure]"
    );
    let text = h
        .wait_text(&failure, Duration::from_secs(40), |t| !t.is_empty())
        .await?;
    eprintln!("failure: {text}");
    let plane = attrs(&h, &failure, "data-plane").await?;
    assert!(
        plane
            .iter()
            .all(|p| ["ControlPlane", "DataPlane", "Unknown"].contains(&p.as_str()))
            && plane.len() == 1,
        "{plane:?}"
    );
    h.screenshot_as("migrations_failed_en").await?;
    axe(&h, "/migrations failed en", &mut failures).await?;

    set_lang(&h, "ja").await?;
    h.browser
        .goto(&h.url(&format!("/migrations?trigger=user&ns={ns}&sort=duration")))
        .await?;
    h.wait_count(&mine, T, |n| n == 1).await?;
    h.wait_text("[data-testid=mg-toolbar]", T, |t| t.contains("並べ替え"))
        .await?;
    h.screenshot_as("migrations_filtered_ja").await?;
    axe(&h, "/migrations filtered ja", &mut failures).await?;

    assert!(failures.is_empty(), "{}", failures.join("\n"));
    h.finish().await
}
