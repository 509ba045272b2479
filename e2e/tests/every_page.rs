//! Every page free of errors: each route (overview, every tab of a VMI's page, a migrating VMI's
//! migrations and metrics tabs, the migrations page, the node list, a node, the paste page with a
//! result, the wall) in English and Japanese, light and dark, with no console error, uncaught
//! error, rejected promise or Content Security Policy violation.
//!
//! Two witnesses: a script the browser runs before every document (CSP `securitypolicyviolation`
//! events, `error` and `unhandledrejection` events, `console.error` calls), and chromedriver's
//! browser log, which also holds what no script sees (a refused inline style, a failed load).

use e2e::Harness;
use fantoccini::Locator;
use std::time::Duration;

const T: Duration = Duration::from_secs(20);
const DUMP: &str = include_str!("fixtures/failed-migration.yaml");

/// Runs before each document's own scripts; CDP-injected scripts are not subject to the CSP.
const WITNESS: &str = r#"
window.__strata_errors = [];
const push = (kind, text) => window.__strata_errors.push(kind + ': ' + text);
document.addEventListener('securitypolicyviolation', e =>
  push('csp', e.violatedDirective + ' blocked ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber + ' ' + (e.sample || '')));
window.addEventListener('error', e =>
  push('error', e.message || ('failed to load ' + (e.target && (e.target.src || e.target.href)))), true);
window.addEventListener('unhandledrejection', e => push('rejection', String(e.reason)));
// An inline style attribute is what the CSP refuses most often: name who set it.
const setAttribute = Element.prototype.setAttribute;
Element.prototype.setAttribute = function (name, value) {
  if (String(name).toLowerCase() === 'style') push('inline style', value + ' on <' + this.tagName + '> from ' + new Error().stack);
  return setAttribute.call(this, name, value);
};
const original = console.error;
console.error = function (...args) { push('console.error', args.map(String).join(' ')); original.apply(console, args); };
"#;

/// A VMI of the demo in `phase` (and not paused): `(namespace, name, node)`.
fn vmi_in(h: &Harness, phase: &str, migratable: bool) -> (String, String, String) {
    let (_, vmis) = h.sim.store().list(&sim::store::VMI, None);
    let v = vmis
        .iter()
        .find(|v| {
            let conds = v["status"]["conditions"].as_array();
            v["status"]["phase"] == phase
                && v["status"]["migrationState"].is_null()
                && conds.is_some_and(|c| {
                    !c.iter()
                        .any(|c| c["type"] == "Paused" && c["status"] == "True")
                        && (!migratable
                            || c.iter()
                                .any(|c| c["type"] == "LiveMigratable" && c["status"] == "True"))
                })
        })
        .expect("such a VMI in the demo");
    let s = |p: &serde_json::Value| p.as_str().unwrap_or_default().to_string();
    (
        s(&v["metadata"]["namespace"]),
        s(&v["metadata"]["name"]),
        s(&v["status"]["nodeName"]),
    )
}

/// Loads `path`, waits for `ready` and a moment for charts and fetches to settle, then returns
/// every error either witness saw, each prefixed with the page.
async fn visit(h: &Harness, label: &str, path: &str, ready: &str) -> anyhow::Result<Vec<String>> {
    h.browser.goto(&h.url(path)).await?;
    settle(h, label, ready).await
}

async fn settle(h: &Harness, label: &str, ready: &str) -> anyhow::Result<Vec<String>> {
    let mut found = Vec::new();
    if let Err(e) = h.wait_count(ready, T, |n| n > 0).await {
        found.push(format!("{label}: not ready: {e}"));
    }
    tokio::time::sleep(Duration::from_millis(600)).await;
    let seen = h
        .browser
        .execute("return window.__strata_errors || [];", vec![])
        .await?;
    for e in seen.as_array().map(Vec::as_slice).unwrap_or_default() {
        found.push(format!("{label}: {}", e.as_str().unwrap_or_default()));
    }
    for e in h.browser_log().await? {
        if e.level == "SEVERE" || e.message.contains("Content Security Policy") {
            found.push(format!("{label}: log {}: {}", e.level, e.message));
        }
    }
    Ok(found)
}

/// The paste page with a diagnosed dump.
async fn paste(h: &Harness, label: &str) -> anyhow::Result<Vec<String>> {
    h.browser.goto(&h.url("/diagnose")).await?;
    h.paste_and_run(DUMP).await?;
    let mut found = settle(h, label, "[data-testid=headline]").await?;
    h.browser
        .find(Locator::Css("a[data-tab=migrations]"))
        .await?
        .click()
        .await?;
    found.extend(
        settle(
            h,
            &format!("{label} migrations"),
            "[data-testid=migration-graph]",
        )
        .await?,
    );
    Ok(found)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_in_both_languages_and_themes_is_free_of_errors() -> anyhow::Result<()> {
    // As `strata serve` and `strata demo` run: with the flight recorder on (the VMI page and
    // the wall read its history). `E2E_HISTORY_OFF=1`: without it, where the pages say history
    // is off, which is no error either.
    let data = tempfile::tempdir()?;
    let sim = sim::Sim::start_demo().await?;
    let h = if std::env::var_os("E2E_HISTORY_OFF").is_some() {
        Harness::start_with("every_page", sim).await?
    } else {
        Harness::start_recording("every_page", sim, data.path()).await?
    };
    h.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        serde_json::json!({ "source": WITNESS }),
    )
    .await?;
    let (ns, name, node) = vmi_in(&h, "Running", false);
    let (mns, mname, _) = vmi_in(&h, "Running", true);
    let vmim = h
        .sim
        .migrate(&mns, &mname, "long")
        .map_err(anyhow::Error::msg)?;
    let vmi = format!("/vmi/{ns}/{name}");
    let mig = format!("/vmi/{mns}/{mname}");
    let mut pages: Vec<(String, String, &str)> = vec![
        ("overview".into(), "/".into(), "article.vmi-card"),
        (
            "migrations".into(),
            "/migrations".into(),
            "[data-testid=migrations-table]",
        ),
        ("nodes".into(), "/nodes".into(), "[data-testid=node-list]"),
        (
            "node".into(),
            format!("/node/{node}"),
            "[data-testid=drain-table]",
        ),
        ("wall".into(), "/wall".into(), "[data-testid=wall]"),
        (
            "migrations with a chart open".into(),
            format!("/migrations?chart={vmim}"),
            "[data-testid=mg-chart-row] [data-testid=convergence]",
        ),
        (
            "migrating vmi migrations".into(),
            format!("{mig}?tab=migrations&mig={vmim}"),
            "[data-testid=migration-graph]",
        ),
        (
            "migrating vmi metrics".into(),
            format!("{mig}?tab=metrics"),
            // The domain charts too, not only the migration ones.
            ".charts figure:nth-of-type(5)",
        ),
    ];
    for (tab, ready) in [
        ("diagnosis", "[data-testid=layers]"),
        ("network", "[data-testid=interfaces]"),
        ("guest", "[data-testid=guest]"),
        ("events", "[data-testid=events]"),
        ("migrations", "[data-testid=migrations]"),
        ("metrics", ".charts figure:nth-of-type(5)"),
    ] {
        pages.push((format!("vmi {tab}"), format!("{vmi}?tab={tab}"), ready));
    }

    let mut found = Vec::new();
    let mut visited = 0;
    for lang in ["en", "ja"] {
        for theme in ["light", "dark"] {
            h.browser.goto(&h.url("/")).await?;
            h.browser
                .execute(
                    "localStorage.setItem('strata.lang', arguments[0]); localStorage.setItem('strata.theme', arguments[1]);",
                    vec![lang.into(), theme.into()],
                )
                .await?;
            // What the first load logged before the preferences were set counts too.
            found.extend(settle(&h, "first load", "article.vmi-card").await?);
            for (short, path, ready) in &pages {
                let label = format!("[{lang} {theme}] {short} ({path})");
                found.extend(visit(&h, &label, path, ready).await?);
                let root = h
                    .browser
                    .execute(
                        "return [document.documentElement.lang, document.documentElement.dataset.theme];",
                        vec![],
                    )
                    .await?;
                assert_eq!(root, serde_json::json!([lang, theme]), "{label}");
                visited += 1;
                if matches!((lang, theme), ("en", "light") | ("ja", "dark"))
                    && short.starts_with("migrating")
                {
                    let name = format!("every_page_{lang}_{theme}_{}", short.replace(' ', "_"));
                    h.screenshot_as(&name).await?;
                }
            }
            found.extend(paste(&h, &format!("[{lang} {theme}] paste")).await?);
            visited += 1;
            if lang == "ja" && theme == "dark" {
                h.screenshot_as("every_page_ja_dark_paste").await?;
            }
        }
    }
    eprintln!("{visited} pages visited");
    assert!(
        found.is_empty(),
        "{} errors:\n{}",
        found.len(),
        found.join("\n")
    );
    h.finish().await
}
