//! wasm-bindgen tests, run in headless Chromium (`cargo xtask test`).

use frontend::api::Live;
use frontend::components::vmi_card::VmiCard;
use leptos::prelude::*;
use model::VmiSummary;
use model::vmi::Vmi;
use model::wire::StreamMsg;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn summary(ns: &str, name: &str, phase: &str, paused: bool) -> VmiSummary {
    let conditions = if paused {
        serde_json::json!([{"type": "Paused", "status": "True", "reason": "PausedByUser"}])
    } else {
        serde_json::json!([])
    };
    VmiSummary::from_vmi(&Vmi::from_value(&serde_json::json!({
        "metadata": {"name": name, "namespace": ns},
        "status": {"phase": phase, "nodeName": "node-1", "conditions": conditions}
    })))
}

fn container() -> web_sys::HtmlElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let div = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&div).unwrap();
    div.unchecked_into()
}

#[wasm_bindgen_test]
fn card_shows_phase_node_and_paused_badge() {
    let root = container();
    let s = summary("prod", "db", "Running", true);
    let handle =
        leptos::mount::mount_to(root.clone(), move || view! { <VmiCard summary=s.clone()/> });
    let card = root
        .query_selector("article.vmi-card")
        .unwrap()
        .expect("a card");
    assert_eq!(card.get_attribute("data-key").as_deref(), Some("prod/db"));
    let phase = root.query_selector("[data-testid=phase]").unwrap().unwrap();
    assert_eq!(phase.text_content().as_deref(), Some("Running"));
    assert!(
        root.query_selector(".badge-paused").unwrap().is_some(),
        "paused badge"
    );
    drop(handle);
}

#[wasm_bindgen_test]
fn unknown_and_missing_phases_render_verbatim() {
    let root = container();
    let odd = summary("ns", "odd", "SomethingNew", false);
    let blank = summary("ns", "blank", "", false);
    let handle = leptos::mount::mount_to(root.clone(), move || {
        view! { <VmiCard summary=odd.clone()/> <VmiCard summary=blank.clone()/> }
    });
    let phases = root.query_selector_all("[data-testid=phase]").unwrap();
    assert_eq!(phases.length(), 2);
    assert_eq!(
        phases.item(0).unwrap().text_content().as_deref(),
        Some("SomethingNew")
    );
    assert_eq!(
        phases.item(1).unwrap().text_content().as_deref(),
        Some("(no phase)")
    );
    assert!(root.query_selector(".badge-paused").unwrap().is_none());
    drop(handle);
}

#[wasm_bindgen_test]
fn live_state_applies_stream_messages() {
    let owner = Owner::new();
    owner.with(|| {
        let live = Live::new();
        live.apply(StreamMsg::Snapshot {
            items: vec![summary("a", "x", "Pending", false)],
            synced: true,
        });
        assert!(live.synced.get_untracked());
        live.apply(StreamMsg::Upsert {
            item: summary("a", "x", "Running", false),
        });
        live.apply(StreamMsg::Upsert {
            item: summary("a", "w", "Running", false),
        });
        let names: Vec<String> = live
            .vmis
            .get_untracked()
            .iter()
            .map(|s| s.key.name.clone())
            .collect();
        assert_eq!(names, ["w", "x"]);
        assert_eq!(live.vmis.get_untracked()[1].phase, "Running");
        live.apply(StreamMsg::Delete {
            key: summary("a", "w", "", false).key,
        });
        assert_eq!(live.vmis.get_untracked().len(), 1);
    });
}
