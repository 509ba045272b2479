//! wasm-bindgen tests, run in headless Chromium (`cargo xtask test`).

use frontend::api::Live;
use frontend::components::vmi_card::VmiCard;
use leptos::prelude::*;
use model::kube::vmi::Vmi;
use model::view::VmiSummary;
use model::wire::StreamMsg;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The dump module's analysis, compiled here as the dump module compiles it.
#[path = "../src/bin/dump_module/analyse.rs"]
mod analyse;

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

/// The text of the first element under `root` that `css` selects; panics when there is none.
fn text_of(root: &web_sys::HtmlElement, css: &str) -> String {
    root.query_selector(css)
        .unwrap()
        .unwrap_or_else(|| panic!("{css}"))
        .text_content()
        .unwrap_or_default()
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

#[wasm_bindgen_test]
fn overview_updates_from_the_delta_as_a_full_recount_would() {
    use frontend::overview_model::{Counts, Filter, Grouping, Recency, Shown, Sort};
    use model::verdict::Health;
    let vm = |i: usize, node: &str, broken: bool| {
        let mut s = summary(
            if i.is_multiple_of(2) { "a" } else { "b" },
            &format!("vm{i:02}"),
            "Running",
            false,
        );
        s.node = Some(node.into());
        s.layers.control_plane = if broken {
            Health::Broken
        } else {
            Health::Healthy
        };
        s
    };
    let upsert = |item| StreamMsg::Upsert { item };
    let filter = |q: &str, verdict: Option<&str>, group: &str| Filter {
        q: q.into(),
        verdict: verdict.map(String::from),
        group: Grouping::from_param(Some(group)),
        sort: Sort::Worst,
        changed: None,
        ..Filter::default()
    };
    let filters = [
        filter("", None, ""),
        filter("vm1", None, ""),
        filter("", Some("broken"), ""),
        filter("", None, "verdict"),
        filter("", None, "node"),
        filter("a", Some("healthy"), "namespace"),
        filter("", None, "cluster"),
    ];
    let batches = vec![
        vec![StreamMsg::Snapshot {
            items: (0..30).map(|i| vm(i, "node-1", false)).collect(),
            synced: true,
        }],
        // Replacements that change nothing shown, the verdict, the node; one VMI twice.
        vec![
            upsert(vm(3, "node-1", false)),
            upsert(vm(4, "node-1", true)),
        ],
        vec![
            upsert(vm(5, "node-2", false)),
            upsert(vm(12, "node-1", true)),
            upsert(vm(12, "node-2", false)),
        ],
        vec![
            upsert(vm(4, "node-1", false)),
            upsert(vm(10, "node-1", true)),
        ],
        // Added and removed.
        vec![upsert(vm(40, "node-3", true))],
        vec![StreamMsg::Delete {
            key: vm(3, "", false).key,
        }],
        vec![
            upsert(vm(7, "node-1", false)),
            upsert(vm(8, "node-1", true)),
        ],
    ];
    let owner = Owner::new();
    owner.with(|| {
        let live = Live::new();
        let mut kept: Vec<(Option<Counts>, Option<Shown>)> = vec![(None, None); filters.len()];
        let mut recency = None;
        for (b, batch) in batches.into_iter().enumerate() {
            live.apply_batch(batch);
            let d = live.delta.get_untracked();
            let all = live.vmis.get_untracked();
            let next = Recency::next(recency.take(), &d, &all);
            let r = &*recency.insert(next);
            for (f, (counts, shown)) in filters.iter().zip(kept.iter_mut()) {
                let next = Counts::next(counts.as_ref(), &d, &all, f.q.clone());
                let full = Counts::next(None, &d, &all, f.q.clone());
                assert_eq!(next, full, "counts after batch {b}, {f:?}");
                *counts = Some(next);
                let (next, _) = Shown::next(shown.take(), &d, &all, f.clone(), r);
                let (full, _) = Shown::next(None, &d, &all, f.clone(), r);
                assert_eq!(next, full, "shown after batch {b}, {f:?}");
                *shown = Some(next);
            }
        }
        let d = live.delta.get_untracked();
        assert_eq!(d.seq, 7);
        let replaced = d.replaced.expect("the last batch only replaced");
        let all = live.vmis.get_untracked();
        let names: Vec<&str> = replaced
            .iter()
            .map(|(i, _)| all[*i].key.name.as_str())
            .collect();
        assert_eq!(
            names,
            ["vm08", "vm07"],
            "ascending positions: a/vm08, b/vm07"
        );
    });
}

#[wasm_bindgen_test]
fn verdict_is_the_worst_layer_and_counts_follow_the_chips_order() {
    use frontend::api::Delta;
    use frontend::overview_model::{Counts, VERDICTS, verdict};
    use model::verdict::Health::{self, *};
    let with = |cp: Health, node: Health, guest: Health| {
        let mut s = summary("a", "vm", "Running", false);
        s.layers.control_plane = cp;
        s.layers.node = node;
        s.layers.guest = guest;
        s
    };
    assert_eq!(verdict(&with(Healthy, Broken, Unknown)), Broken);
    assert_eq!(verdict(&with(Unknown, Unknown, Degraded)), Degraded);
    // "Healthy as far as seen" is shown and counted as unknown.
    assert_eq!(verdict(&with(Unknown, Healthy, Unknown)), Unknown);
    assert_eq!(verdict(&with(Unknown, Unknown, Unknown)), Unknown);
    assert_eq!(verdict(&with(Degraded, Healthy, Broken)), Broken);
    let mut whole = with(Healthy, Healthy, Healthy);
    whole.layers.network = Healthy;
    whole.layers.migration = Healthy;
    // 1 broken, 2 degraded, 3 unknown, 4 healthy, counted in the chips' order.
    let all: Vec<VmiSummary> = [(Broken, 1), (Degraded, 2), (Unknown, 3)]
        .into_iter()
        .flat_map(|(h, n)| std::iter::repeat_n(with(h, Unknown, Unknown), n))
        .chain(std::iter::repeat_n(whole, 4))
        .collect();
    let counts = Counts::next(None, &Delta::default(), &all, String::new());
    assert_eq!(VERDICTS, [Broken, Degraded, Unknown, Healthy]);
    assert_eq!(counts.n, [1, 2, 3, 4]);
}

// ---- pure helpers -------------------------------------------------------------------------

const DUMP: &str = include_str!("../../e2e/tests/fixtures/failed-migration.yaml");

#[wasm_bindgen_test]
fn share_link_round_trips_and_rejects_damage() {
    use frontend::share;
    let f = share::encode(DUMP);
    assert!(f.starts_with(share::KEY));
    assert!(f.len() < DUMP.len() / 2, "compressed to {}", f.len());
    assert!(!f.contains(['+', '/', '#', '&']));
    assert_eq!(share::decode(&f).unwrap(), DUMP);
    assert!(share::decode("other=1").unwrap_err().contains("no dump"));
    assert!(
        share::decode("dump=!!!")
            .unwrap_err()
            .contains("characters")
    );
    assert!(
        share::decode("dump=AAAA")
            .unwrap_err()
            .contains("cut or altered")
    );
}

#[wasm_bindgen_test]
fn messages_exist_in_both_languages() {
    use frontend::i18n::{Key, Lang, tr};
    assert_eq!(Lang::from_tag("ja-JP"), Lang::Ja);
    assert_eq!(Lang::from_tag("en-GB"), Lang::En);
    assert_eq!(Lang::from_tag(""), Lang::En);
    assert_eq!(tr(Lang::Ja, Key::NavOverview), "概要");
    assert_eq!(tr(Lang::En, Key::NavOverview), "Overview");
    // A key that does not exist does not compile; every key has both texts.
    assert!(
        Key::ALL
            .iter()
            .all(|k| !tr(Lang::En, *k).is_empty() && !tr(Lang::Ja, *k).is_empty())
    );
}

#[wasm_bindgen_test]
fn dump_analysis_and_migration_graph_states() {
    use frontend::components::migration_graph::{MAIN_PATH, NodeState, main_path_states};
    let a = analyse::analyse(DUMP).expect("the fixture parses");
    assert_eq!(a.details.len(), 2);
    let db = a
        .details
        .iter()
        .find(|d| d.key.name == "db-primary")
        .unwrap();
    let m = db
        .diagnosis
        .migrations
        .first()
        .expect("the failed migration");
    let states = main_path_states(m);
    assert_eq!(states.len(), MAIN_PATH.len());
    // Failed after Running: every phase up to Running passed, Succeeded not reached.
    let running = MAIN_PATH.iter().position(|p| *p == "Running").unwrap();
    assert!(
        states[..=running].iter().all(|s| *s == NodeState::Passed),
        "{states:?}"
    );
    assert_eq!(states[running + 1], NodeState::NotReached);
    assert!(analyse::analyse("").is_err());
}

#[wasm_bindgen_test]
fn overview_search_and_layout() {
    use frontend::overview_model::{Grouping, Row, layout, matches};
    let a = summary("prod", "db", "Running", false);
    let b = summary("dev", "web", "Pending", false);
    assert!(matches(&a, "PROD db"));
    assert!(matches(&a, "node-1"));
    assert!(!matches(&a, "web"));
    let items = vec![&a, &b];
    let rows = layout(&items, Grouping::Namespace, 4);
    assert_eq!(rows.len(), 4, "two headers, two card rows");
    assert!(matches!(&rows[0], Row::Header { label, count: 1 } if label == "dev"));
    let flat = layout(&items, Grouping::None, 1);
    assert_eq!(flat.len(), 2);
    assert!(
        flat.iter()
            .all(|r| matches!(r, Row::Cards(c) if c.len() == 1))
    );
}

#[wasm_bindgen_test]
fn card_shows_every_field() {
    let root = container();
    let vmi = Vmi::from_value(&serde_json::json!({
        "metadata": {"name": "db", "namespace": "prod"},
        "status": {
            "phase": "Running", "nodeName": "node-1",
            "interfaces": [{"name": "default", "ipAddress": "10.0.0.5", "ipAddresses": ["10.0.0.5"]}],
            "conditions": [
                {"type": "AgentConnected", "status": "True"},
                {"type": "LiveMigratable", "status": "False", "reason": "DisksNotLiveMigratable"}
            ],
            "migrationState": {"startTimestamp": "2026-01-01T00:00:00Z", "mode": "PostCopy", "targetNode": "node-2"}
        }
    }));
    let s = VmiSummary::from_vmi(&vmi);
    let handle =
        leptos::mount::mount_to(root.clone(), move || view! { <VmiCard summary=s.clone()/> });
    let text = |css: &str| text_of(&root, css);
    assert_eq!(text("[data-testid=ip]"), "10.0.0.5");
    assert!(text("[data-testid=migratable]").contains("DisksNotLiveMigratable"));
    assert_eq!(text("[data-testid=agent]"), "connected");
    assert!(text("[data-testid=migration]").contains("PostCopy"));
    assert!(text("[data-testid=migration]").contains("node-2"));
    assert_eq!(root.query_selector_all(".glance").unwrap().length(), 5);
    drop(handle);
}

#[wasm_bindgen_test]
async fn card_updates_in_place_with_its_summary_and_language() {
    use frontend::i18n::Lang;
    let root = container();
    let lang = RwSignal::new(Lang::En);
    let s = RwSignal::new(summary("prod", "db", "Running", false));
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(lang);
        view! { <VmiCard summary=s/> }
    });
    let text = |css: &str| text_of(&root, css);
    assert_eq!(text("dt"), "Phase");
    lang.set(Lang::Ja);
    leptos::task::tick().await;
    assert_eq!(text("dt"), "フェーズ");
    let article = root.query_selector("article.vmi-card").unwrap().unwrap();
    let phase = root.query_selector("[data-testid=phase]").unwrap().unwrap();
    let verdict_of = |s: &VmiSummary| frontend::overview_model::verdict(s).as_str();
    assert_eq!(
        article.get_attribute("data-verdict").as_deref(),
        Some(s.with_untracked(verdict_of))
    );
    let failed = summary("prod", "db", "Failed", true);
    assert_ne!(verdict_of(&failed), s.with_untracked(verdict_of));
    s.set(failed.clone());
    leptos::task::tick().await;
    assert_eq!(text("[data-testid=phase]"), "Failed");
    assert_eq!(phase.class_name(), "phase phase-bad");
    // In the language chosen above.
    assert_eq!(text(".badge-paused"), "一時停止中");
    assert_eq!(text("[data-testid=headline]"), failed.headline);
    let glance = |i: u32| {
        root.query_selector_all(".glance")
            .unwrap()
            .item(i)
            .unwrap()
            .unchecked_into::<web_sys::Element>()
    };
    let layers = failed.layers.all();
    for (i, h) in layers.iter().enumerate() {
        let chip = glance(i as u32);
        assert_eq!(
            chip.get_attribute("data-health").as_deref(),
            Some(h.as_str())
        );
        // The sign and the word follow the update, in the page's language.
        let word = frontend::i18n::tr(Lang::Ja, frontend::components::common::health_key(*h));
        assert!(
            chip.text_content().unwrap_or_default().ends_with(word),
            "{:?} {h:?}",
            chip.text_content()
        );
        assert!(
            chip.get_attribute("title")
                .unwrap_or_default()
                .ends_with(word)
        );
    }
    assert_eq!(text("dt"), "フェーズ");
    assert_eq!(
        article.get_attribute("data-verdict").as_deref(),
        Some(verdict_of(&failed))
    );
    assert_eq!(text("[data-testid=migratable]"), "—");
    let mut stuck = failed.clone();
    stuck.live_migratable = Some(false);
    stuck.not_migratable_reason = Some("DisksNotLiveMigratable".into());
    s.set(stuck);
    leptos::task::tick().await;
    assert_eq!(
        text("[data-testid=migratable]"),
        "不可 (DisksNotLiveMigratable)"
    );
    let m = root
        .query_selector("[data-testid=migratable] span")
        .unwrap()
        .unwrap();
    assert_eq!(m.class_name(), "no");
    assert_eq!(
        m.get_attribute("title").as_deref(),
        Some("DisksNotLiveMigratable")
    );
    // A new summary updates the card in place: the same elements, not a new card.
    let now = root.query_selector("article.vmi-card").unwrap().unwrap();
    assert!(now.is_same_node(Some(&article)));
    let now = root.query_selector("[data-testid=phase]").unwrap().unwrap();
    assert!(now.is_same_node(Some(&phase)));
    assert_eq!(
        root.query_selector_all("article.vmi-card")
            .unwrap()
            .length(),
        1
    );
    // Another VMI in this place (a reorder of the virtual list): the same card shows it, name,
    // link and key included, written in place rather than built anew.
    s.set(summary("dev", "web", "Running", false));
    leptos::task::tick().await;
    let card = root.query_selector("article.vmi-card").unwrap().unwrap();
    assert!(card.is_same_node(Some(&article)), "the card is kept");
    assert_eq!(card.get_attribute("data-key").as_deref(), Some("dev/web"));
    assert_eq!(card.get_attribute("aria-label").as_deref(), Some("dev/web"));
    assert_eq!(text("a.name"), "web");
    assert_eq!(text(".ns"), "dev");
    let link = root.query_selector("a.name").unwrap().unwrap();
    assert_eq!(link.get_attribute("href").as_deref(), Some("/vmi/dev/web"));
    assert_eq!(text("[data-testid=phase]"), "Running");
    // Everything the status shows is that VMI's, not what the last one was updated to.
    let web = summary("dev", "web", "Running", false);
    assert_eq!(
        card.get_attribute("data-verdict").as_deref(),
        Some(verdict_of(&web))
    );
    let phase = root.query_selector("[data-testid=phase]").unwrap().unwrap();
    assert_eq!(phase.class_name(), "phase phase-ok");
    assert!(root.query_selector(".badge-paused").unwrap().is_none());
    assert_eq!(
        glance(0).get_attribute("data-health").as_deref(),
        Some(web.layers.control_plane.as_str())
    );
    assert_eq!(text("[data-testid=headline]"), web.headline);
    assert_eq!(text("dt"), "フェーズ");
    assert_eq!(
        root.query_selector_all("article.vmi-card")
            .unwrap()
            .length(),
        1
    );
    drop(handle);
}

#[wasm_bindgen_test]
fn stream_text_reaches_wasm_as_utf8() {
    let text = "{\"upsert\":{\"item\":\"vm-1 — 移行 → node-2 😀\"}}";
    let bytes = frontend::api::utf8(&wasm_bindgen::JsValue::from_str(text));
    assert_eq!(bytes.as_deref(), Some(text.as_bytes()));
    assert_eq!(
        frontend::api::utf8(&wasm_bindgen::JsValue::from_str("")),
        Some(Vec::new())
    );
    assert_eq!(
        frontend::api::utf8(&wasm_bindgen::JsValue::from_f64(1.0)),
        None
    );
}

/// The views module's `Live` is fed the main module's stream events (`api::share_stream`):
/// `open`, each message as its `MessageEvent`, `error`, with the same effect as on the main
/// module's own; a module that opened no stream passes nothing on.
#[wasm_bindgen_test]
async fn stream_events_from_the_main_module_feed_live() {
    use frontend::api::{self, Connection};
    let event = |kind: &str| web_sys::Event::new(kind).unwrap();
    let message = js_sys::Function::new_with_args("d", "return new MessageEvent('vmi', {data: d})");
    let owner = Owner::new();
    let live = owner.with(Live::new);
    assert_eq!(live.connection.get_untracked(), Connection::Connecting);
    api::on_event(live, &event("open"));
    assert_eq!(live.connection.get_untracked(), Connection::Live);
    assert!(live.last_message.get_untracked().is_some());
    let snapshot = serde_json::to_string(&StreamMsg::Snapshot {
        items: vec![summary("a", "x", "Running", false)],
        synced: true,
    })
    .unwrap();
    let ev = message
        .call1(&wasm_bindgen::JsValue::NULL, &snapshot.into())
        .unwrap();
    api::on_event(live, ev.unchecked_ref());
    // Messages are applied in the next animation frame.
    let frame = js_sys::Promise::new(&mut |done, _| {
        let w = web_sys::window().unwrap();
        w.set_timeout_with_callback_and_timeout_and_arguments_0(&done, 300)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(frame).await.unwrap();
    assert!(live.synced.get_untracked());
    assert_eq!(live.vmis.with_untracked(|v| v.len()), 1);
    api::on_event(live, &event("error"));
    assert_eq!(live.connection.get_untracked(), Connection::Reconnecting);

    let heard = std::rc::Rc::new(std::cell::Cell::new(false));
    let h = std::rc::Rc::clone(&heard);
    let tap = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || h.set(true));
    api::share_stream(tap.as_ref().unchecked_ref::<js_sys::Function>().clone());
    assert!(!heard.get(), "no stream here: nothing to pass on");
}

/// A request through gloo-net that the server answers with an error status is a `FetchError`
/// with that status and no sentence (the body is not the backend's `ApiError`: the page says
/// what the status means); one that reaches no server has no status, is no timeout, and may
/// work later. (The test runner's own server answers 404 for a path it does not serve.)
#[wasm_bindgen_test]
async fn requests_fail_with_the_status_or_as_unreachable() {
    use frontend::api::{self, FetchError};
    let missing = api::get_json::<serde_json::Value>("/strata-no-such-path").await;
    assert_eq!(
        missing,
        Err(FetchError {
            status: Some(404),
            message: String::new(),
            timed_out: false,
        })
    );
    assert!(!missing.unwrap_err().transient());
    // Port 9 (discard): nothing listens there, the browser's fetch rejects.
    let unreachable = api::get_json::<serde_json::Value>("http://127.0.0.1:9/x")
        .await
        .unwrap_err();
    assert_eq!((unreachable.status, unreachable.timed_out), (None, false));
    assert!(unreachable.transient());
}

/// An explanation's source reference in backticks is shown as code, never as literal backticks
/// (the eviction catalogue's `admitLauncherPod` showed its backticks in both languages).
#[wasm_bindgen_test]
fn a_findings_backticked_reference_is_code_not_backticks() {
    use frontend::components::finding::findings_list;
    use model::explain::Severity;
    use model::verdict::{Finding, Health, Layer};
    let root = container();
    let f = Finding::new(
        Layer::Migration,
        Health::Degraded,
        Severity::Warning,
        "eviction",
    )
    .explained("KubeVirt does not migrate it (`admitLauncherPod`, pod-eviction-admitter.go).");
    let handle = leptos::mount::mount_to(root.clone(), move || {
        view! { <ul>{findings_list(vec![f.clone()])}</ul> }
    });
    let detail = text_of(&root, "li.finding > p");
    assert!(!detail.contains('`'), "{detail}");
    assert!(
        detail.contains("(admitLauncherPod, pod-eviction-admitter.go)"),
        "{detail}"
    );
    assert_eq!(text_of(&root, "li.finding > p code"), "admitLauncherPod");
    drop(handle);
}

/// Waits up to two seconds for `css` under `root`.
async fn appears(root: &web_sys::HtmlElement, css: &str) -> web_sys::Element {
    for _ in 0..40 {
        if let Some(el) = root.query_selector(css).unwrap() {
            return el;
        }
        let later = js_sys::Promise::new(&mut |done, _| {
            let w = web_sys::window().unwrap();
            w.set_timeout_with_callback_and_timeout_and_arguments_0(&done, 50)
                .unwrap();
        });
        wasm_bindgen_futures::JsFuture::from(later).await.unwrap();
    }
    panic!("{css} never appeared in {}", root.inner_html());
}

/// The fleet wall's tiles are keyed by their cluster: a batch that breaks a VMI of a cluster
/// writes that tile's count and list where it stands, the tile's element kept (it was removed
/// and built again before, as the overview's fleet rows were).
#[wasm_bindgen_test]
async fn a_fleet_walls_tile_is_updated_in_place_when_its_cluster_changes() {
    use frontend::pages::wall_fleet::WallFleet;
    use leptos_router::components::Router;
    let root = container();
    let owner = Owner::new();
    let live = owner.with(Live::new);
    let in_cluster = |cluster: &str, name: &str, phase: &str| {
        let mut s = summary("ns", name, phase, false);
        s.key.cluster = cluster.into();
        s
    };
    owner.with(|| {
        live.apply(StreamMsg::Snapshot {
            items: vec![
                in_cluster("", "a", "Running"),
                in_cluster("", "c", "Running"),
                in_cluster("edge", "b", "Running"),
            ],
            synced: true,
        })
    });
    let handle = owner.with(|| {
        leptos::mount::mount_to(root.clone(), move || {
            provide_context(live);
            view! { <Router><WallFleet/></Router> }
        })
    });
    // The tiles wait for the clusters' first answer (here the test server's 404); unstyled, the
    // grid has one column, so the page shows one tile: the first cluster's (no name answered).
    let tile = appears(&root, ".wall-tile[data-cluster='']").await;
    assert_eq!(tile.get_attribute("data-broken").as_deref(), Some("0"));
    let broken = in_cluster("", "c", "Failed");
    assert_eq!(
        frontend::overview_model::verdict(&broken).as_str(),
        "broken"
    );
    owner.with(|| live.apply(StreamMsg::Upsert { item: broken }));
    appears(&root, ".wall-tile[data-cluster=''][data-broken='1']").await;
    assert!(tile.is_connected(), "the tile was built again");
    assert_eq!(tile.get_attribute("data-broken").as_deref(), Some("1"));
    let listed = tile
        .query_selector("li[data-key]")
        .unwrap()
        .expect("listed");
    assert_eq!(listed.text_content().as_deref(), Some("ns/c"));
    drop(handle);
}
