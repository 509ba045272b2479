//! Every page as a person sees it (issue 29, points 5 and the pictures): the overview, the
//! wall, a VMI's diagnosis, its migration with the convergence chart, its metrics, a node, the
//! node list, the migrations page, a recorded moment (`?at=`) and the paste page with a
//! result, in English and Japanese, light and dark. On each, axe-core finds no serious or
//! critical violation; each is photographed at 1440×900 as
//! `target/e2e-screens/tour_<page>_<lang>_<theme>.png` (the README's pictures are copied from
//! there), and a few at 1920×1080 and on a 390×844 phone.

use e2e::Harness;
use std::time::Duration;

const T: Duration = Duration::from_secs(30);
const DUMP: &str = include_str!("fixtures/failed-migration.yaml");

/// A VMI of the demo in phase Running, not migrating, not paused, with the guest agent, and
/// live-migratable when `migratable`: `(namespace, name, node)`.
fn running_vmi(h: &Harness, migratable: bool, except: &str) -> (String, String, String) {
    let (_, vmis) = h.sim.store().list(&sim::store::VMI, None);
    let v = vmis
        .iter()
        .find(|v| {
            let conds = v["status"]["conditions"].as_array().cloned();
            let has = |t: &str| {
                conds
                    .as_ref()
                    .is_some_and(|c| c.iter().any(|c| c["type"] == t && c["status"] == "True"))
            };
            v["status"]["phase"] == "Running"
                && v["metadata"]["name"] != except
                && v["status"]["migrationState"].is_null()
                && !has("Paused")
                && has("AgentConnected")
                && (!migratable || has("LiveMigratable"))
        })
        .expect("such a VMI in the demo");
    let s = |p: &str| {
        v.pointer(p)
            .and_then(|x| x.as_str())
            .unwrap_or_default()
            .to_string()
    };
    (
        s("/metadata/namespace"),
        s("/metadata/name"),
        s("/status/nodeName"),
    )
}

/// Waits until every laid-out canvas on the page is drawn at its width (a backing store of
/// its CSS width × the pixel ratio).
async fn charts_drawn(h: &Harness) -> anyhow::Result<()> {
    let deadline = std::time::Instant::now() + T;
    loop {
        let pending = h
            .browser
            .execute(
                "return [...document.querySelectorAll('canvas')].filter(c => c.clientWidth > 0 &&\n\
                   Math.abs(c.width - c.clientWidth * devicePixelRatio) > 2).length;",
                vec![],
            )
            .await?;
        if pending.as_u64() == Some(0) {
            return Ok(());
        }
        anyhow::ensure!(
            std::time::Instant::now() < deadline,
            "{pending} canvases never drawn"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Opens `path`, waits for `ready` and the charts, and returns axe's serious findings.
async fn open(h: &Harness, path: &str, ready: &str) -> anyhow::Result<Vec<String>> {
    h.browser.goto(&h.url(path)).await?;
    h.wait_count(ready, T, |n| n > 0).await?;
    charts_drawn(h).await?;
    h.axe_serious().await
}

/// The paste page with the diagnosis of a dump.
async fn paste(h: &Harness) -> anyhow::Result<Vec<String>> {
    h.browser.goto(&h.url("/diagnose")).await?;
    h.set_value("[data-testid=dump-input]", DUMP).await?;
    h.click("[data-testid=run]").await?;
    h.wait_count("[data-testid=headline]", T, |n| n == 1)
        .await?;
    h.axe_serious().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_in_both_languages_and_themes_passes_axe_and_is_photographed()
-> anyhow::Result<()> {
    let data = tempfile::tempdir()?;
    let sim = sim::Sim::start_demo().await?;
    let h = Harness::start_recording("tour", sim, data.path()).await?;
    let (ns, name, node) = running_vmi(&h, false, "");
    let (mns, mname, _) = running_vmi(&h, true, &name);
    let vmim = h
        .sim
        .migrate(&mns, &mname, "long")
        .map_err(anyhow::Error::msg)?;
    let vmi = format!("/vmi/{ns}/{name}");

    // A moment the VMI page's timeline offers (its first change: the state it was first seen in).
    h.viewport(1440, 900).await?;
    h.browser.goto(&h.url(&vmi)).await?;
    h.wait_count("[data-testid=tl-moments] li a", T, |n| n > 0)
        .await?;
    let at = h
        .browser
        .execute(
            "const a = [...document.querySelectorAll('[data-testid=tl-moments] li a')].pop();\n\
             const u = new URL(a.href); return u.pathname + u.search;",
            vec![],
        )
        .await?;
    let at = at.as_str().unwrap_or_default().to_string();
    assert!(at.contains("at="), "a timeline moment links to ?at=: {at}");
    // The migration sends data (its progress has a figure) before its chart is photographed.
    h.browser.goto(&h.url("/migrations")).await?;
    h.wait_text(
        &format!("tr[data-migration='{vmim}'] [data-testid=mg-progress]"),
        T,
        |t| t.contains('%'),
    )
    .await?;

    let pages: Vec<(&str, String, &str)> = vec![
        ("overview", "/".into(), "article.vmi-card"),
        ("wall", "/wall".into(), "[data-testid=wall-list] li"),
        ("vmi", vmi.clone(), "[data-testid=layers]"),
        (
            "vmi_migration",
            format!("/vmi/{mns}/{mname}?tab=migrations&mig={vmim}"),
            "[data-testid=convergence][data-state=data]",
        ),
        (
            "vmi_metrics",
            format!("{vmi}?tab=metrics&range=15m"),
            ".charts figure:nth-of-type(5)",
        ),
        ("history_at", at.clone(), "[data-testid=as-of]"),
        ("node", format!("/node/{node}"), "[data-testid=drain-table]"),
        ("nodes", "/nodes".into(), "[data-testid=node-list]"),
        (
            "migrations",
            "/migrations".into(),
            "[data-testid=migrations-table]",
        ),
    ];

    let mut found = Vec::new();
    // English and light last: the README's pictures, with the migration furthest along.
    for lang in ["ja", "en"] {
        for theme in ["dark", "light"] {
            h.browser
                .execute(
                    "localStorage.setItem('strata.lang', arguments[0]); localStorage.setItem('strata.theme', arguments[1]);",
                    vec![lang.into(), theme.into()],
                )
                .await?;
            let mut walk = Vec::new();
            for (page, path, ready) in &pages {
                walk.push((*page, open(&h, path, ready).await?));
                // The charts' pages are photographed at their chart.
                match *page {
                    // A recorded moment says its age in its banner, not a live data age.
                    "history_at" => assert_eq!(h.count("[data-testid=vmi-age]").await?, 0),
                    "vmi_migration" => h.scroll_to("[data-testid=convergence]").await?,
                    "vmi_metrics" => h.scroll_to(".ranges").await?,
                    _ => {}
                }
                h.screenshot_as(&format!("tour_{page}_{lang}_{theme}"))
                    .await?;
            }
            walk.push(("paste", paste(&h).await?));
            h.screenshot_as(&format!("tour_paste_{lang}_{theme}"))
                .await?;
            for (page, violations) in walk {
                found.extend(
                    violations
                        .into_iter()
                        .map(|v| format!("{page} [{lang} {theme}]: {v}")),
                );
            }
        }
    }

    // The large screen and the phone, in English and light.
    h.browser
        .execute(
            "localStorage.setItem('strata.lang', 'en'); localStorage.setItem('strata.theme', 'light');",
            vec![],
        )
        .await?;
    h.viewport(1920, 1080).await?;
    for (page, path, ready) in pages.iter().filter(|p| matches!(p.0, "overview" | "wall")) {
        found.extend(open(&h, path, ready).await?);
        h.screenshot_as(&format!("tour_{page}_1920x1080")).await?;
    }
    h.viewport(390, 844).await?;
    for (page, path, ready) in pages
        .iter()
        .filter(|p| matches!(p.0, "overview" | "vmi" | "migrations"))
    {
        found.extend(
            open(&h, path, ready)
                .await?
                .into_iter()
                .map(|v| format!("{page} phone: {v}")),
        );
        h.screenshot_as(&format!("tour_{page}_phone")).await?;
    }
    assert!(
        found.is_empty(),
        "{} axe-core findings:\n{}",
        found.len(),
        found.join("\n")
    );
    h.finish().await
}
