//! `/vmi/{namespace}/{name}` (and `/c/{cluster}/vmi/{namespace}/{name}` for a VMI of a named
//! cluster, its API paths under `/api/v1/c/{cluster}/`): the live diagnosis of one VMI. The page's view model
//! ([`model::view::detail::VmiDetail`]: diagnosis, explanations, guest agent answer) comes from
//! `GET /api/v1/vmis/{ns}/{name}/detail`, diagnosed on the backend, and is fetched again whenever
//! the stream reports a change of this VMI, and every [`model::view::detail::REFRESH_SECS`] for what the stream does
//! not carry (new events, the guest agent's answer); the metrics come from their own endpoint.
//! When the backend cannot be reached (or fails) the last diagnosis stays, marked stale with its
//! age; the page reads again as soon as the stream reconnects, and every [`RETRY_MS`] meanwhile.
//! The diagnosis comes first, the timeline (history) under it.

use crate::api::{self, Connection, FetchError, Live};
use crate::components::charts::Chart;
use crate::components::common::{FetchFailure, failure_text};
use crate::components::incident_link::IncidentLink;
use crate::components::timeline::{self, AsOf, AsOfState};
use crate::components::vmi_view::{CopyLink, VmiView};
use crate::deferred::{Deferred, View};
use crate::i18n::{Key, t};
use crate::nav::{param_href, query_param};
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;
use model::api::{Series, SeriesSet};
use model::time::{Timestamp, format_duration};
use model::view::detail::{REFRESH_SECS, VmiDetail};

/// The time ranges of the charts: (query value, seconds).
pub const RANGES: [(&str, u32); 4] = [("15m", 900), ("1h", 3600), ("6h", 21600), ("24h", 86400)];

/// How long after a failed read (the backend unreachable or failing) it is tried again,
/// while the stream has not reconnected yet (milliseconds).
pub const RETRY_MS: u64 = 5_000;

/// The last diagnosis shown: what it is, when it arrived, and the moment (`?at=`) it answers.
#[derive(Clone, PartialEq)]
struct Shown {
    detail: VmiDetail,
    received: Timestamp,
    at: Option<String>,
}

/// What the page shows: a failure, nothing yet, or the last diagnosis (with the error that
/// makes it stale, if any).
type Showing = Result<Option<(Shown, Option<FetchError>)>, FetchError>;

#[component]
pub fn VmiPage() -> impl IntoView {
    let params = use_params_map();
    let live = expect_context::<Live>();
    let named = Memo::new(move |_| params.with(|p| p.get("cluster").unwrap_or_default()));
    // A link naming the first cluster (`/c/{its name}/vmi/…`) means its keys, which name no
    // cluster (the backend's `fleet`): its name is asked for once a link names a cluster.
    let first = RwSignal::new(String::new());
    Effect::new(move |_| {
        if !named.with(String::is_empty) {
            crate::first_cluster::ask(first);
        }
    });
    let cluster = Memo::new(move |_| {
        named.with(|c| first.with(|f| crate::overview_model::fleet::key_cluster(c, f)))
    });
    let ns = Memo::new(move |_| params.with(|p| p.get("namespace").unwrap_or_default()));
    let name = Memo::new(move |_| params.with(|p| p.get("name").unwrap_or_default()));
    // This VMI's summary in the stream: a change triggers a new fetch.
    let summary = Memo::new(move |_| {
        let (c, n, m) = (cluster.get(), ns.get(), name.get());
        live.vmis.with(|l| {
            l.iter()
                .find(|s| s.key.cluster == c && s.key.namespace == n && s.key.name == m)
                .cloned()
        })
    });
    // The stream (re)opened: read again at once, so an outage's error goes as the pill turns live.
    let online = Memo::new(move |_| live.connection.get() == Connection::Live);
    let retry = RwSignal::new(0u32);
    // Changes every REFRESH_SECS of the page's clock. A signal set by an effect: a memo that
    // nothing reads (the resource only tracks it) was never recomputed, so never refetched.
    let bucket = move |t: Timestamp| t.0 / (REFRESH_SECS * 1000);
    let period = RwSignal::new(bucket(live.now.get_untracked()));
    Effect::new(move |_| {
        let b = bucket(live.now.get());
        if period.get_untracked() != b {
            period.set(b);
        }
    });
    let last_good = RwSignal::new(None::<Shown>);
    // `?at=`: the diagnosis as recorded then (the timeline's; see components::timeline).
    let at = query_param("at");
    let as_of = AsOfState::new();
    let language = crate::i18n::lang();
    let detail = LocalResource::new(move || {
        let (c, n, m, at) = (cluster.get(), ns.get(), name.get(), at.get());
        // The diagnosis is translated on the server: a new language, a new fetch.
        language.track();
        summary.track();
        retry.track();
        period.track();
        online.track();
        async move {
            let r = timeline::as_of::fetch(&c, &n, &m, at.clone(), as_of).await;
            if let Ok(d) = &r {
                last_good.set(Some(Shown {
                    detail: d.clone(),
                    received: api::now(),
                    at,
                }));
            }
            r
        }
    });
    // A read that failed for a reason that may pass is tried again soon.
    Effect::new(move |_| {
        if let Some(Err(e)) = detail.get()
            && e.transient()
        {
            set_timeout(
                move || retry.update(|r| *r += 1),
                std::time::Duration::from_millis(RETRY_MS),
            );
        }
    });
    // Absent from the synced stream. Not when the answer is 403: the VMI may well exist in a
    // namespace this user may not read, and the stream only carries readable ones.
    let gone = move || {
        live.synced.get()
            && summary.with(Option::is_none)
            && !matches!(
                detail.get(),
                Some(Err(FetchError {
                    status: Some(403),
                    ..
                }))
            )
    };
    let now = Signal::derive(move || Some(live.now.get()));
    let on_retry = Callback::new(move |_| retry.update(|r| *r += 1));

    // What the page shows: a failure, nothing yet, or a diagnosis (stale after a failed read).
    let shown = Memo::new(move |_| {
        // The last diagnosis of the moment the URL names (never the live one for a past moment).
        let kept = move || last_good.get().filter(|s| s.at == at.get());
        match detail.get() {
            // Loading, or read: what the last read of this moment gave (set by the read itself).
            None | Some(Ok(_)) => Ok(kept().map(|s| (s, None))),
            Some(Err(err)) => match kept() {
                // The VMI vanished: its last diagnosis, under "no longer exists".
                Some(s) if err.status == Some(404) && at.get().is_none() => Ok(Some((s, None))),
                // The backend is down or failing: the last diagnosis, marked stale with its age.
                Some(s) if err.transient() => Ok(Some((s, Some(err)))),
                _ => Err(err),
            },
        }
    });
    let content = content(shown, cluster, ns, name, now, on_retry);
    view! {
        <div class="vmi-page">
            // A recorded moment (`?at=`) has its own age, in its banner: no live data age.
            <div class="page-tools">{move || at.get().is_none().then(|| view! { <Freshness/> })}<CopyLink/><IncidentLink cluster=cluster ns=ns name=name at=at/></div>
            <AsOf state=as_of/>
            {move || gone().then(|| view! {
                <div class="failure" role="alert" data-testid="vmi-gone"><strong>{t(Key::VmiGone)}</strong></div>
            })}
            {content}
            <Deferred view=Signal::derive(move || View::Timeline { cluster: cluster.get(), ns: ns.get(), name: name.get() })/>
            {move || (leptos_router::hooks::use_location().query.with(|q| q.get("tab")).as_deref() == Some("migrations")).then(|| view! { <Deferred view=View::MigrationHistory { ns: ns.get(), name: name.get() }/> })}
        </div>
    }
}

/// What the page shows, one of three (a failure, loading, a diagnosis): rebuilt when which of
/// the three changes, never when only the diagnosis does (the VMI view follows its detail in
/// place, so the charts are not drawn anew).
fn content(
    shown: Memo<Showing>,
    cluster: Memo<String>,
    ns: Memo<String>,
    name: Memo<String>,
    now: Signal<Option<Timestamp>>,
    on_retry: Callback<()>,
) -> impl Fn() -> AnyView + Send + Sync + 'static {
    let kind = Memo::new(move |_| shown.with(|s| s.as_ref().map(Option::is_some).map_err(|_| ())));
    let detail_now = Signal::derive(move || {
        shown.with(|s| match s {
            Ok(Some((s, _))) => Some(s.detail.clone()),
            _ => None,
        })
    });
    // The charts' view: mounted again only when it changes (a migration starts or ends).
    let metrics = Memo::new(move |_| View::Metrics {
        cluster: cluster.get(),
        ns: ns.get(),
        name: name.get(),
        migrating: detail_now.with(|d| d.as_ref().is_some_and(|d| d.migrating)),
    });
    move || match kind.get() {
        Err(_) => (move || {
            shown
                .get()
                .err()
                .map(|err| view! { <FetchFailure error=err on_retry/> })
        })
        .into_any(),
        Ok(false) => view! { <p class="empty" role="status">{t(Key::VmiLoading)}</p> }.into_any(),
        Ok(true) => {
            let stale = move || {
                shown.get().ok().flatten().and_then(|(s, stale)| {
                    stale.map(|err| view! { <Stale err received=s.received on_retry/> })
                })
            };
            // The last diagnosis, kept for the moment this page is torn down (kind changes).
            let Some(first) = detail_now.get_untracked() else {
                return view! { <p class="empty" role="status">{t(Key::VmiLoading)}</p> }
                    .into_any();
            };
            let last = StoredValue::new(first);
            let detail = Signal::derive(move || match detail_now.get() {
                Some(d) => {
                    last.set_value(d.clone());
                    d
                }
                None => last.get_value(),
            });
            view! {
                {stale}
                <VmiView detail now=now
                    metrics=ViewFn::from(move || view! { <Deferred view=metrics/> })/>
            }
            .into_any()
        }
    }
}

/// How old what the page shows is, as the wall says it: the time since the backend was last
/// heard on the stream (which carries every change of this VMI, and keep-alives otherwise), and
/// a stale pill once that silence passes the keep-alive interval (`crate::freshness`) or the
/// stream is down, so a hung connection never passes for a live diagnosis.
#[component]
fn Freshness() -> impl IntoView {
    let live = expect_context::<Live>();
    let age = move || {
        crate::freshness::age_secs(live.now.get(), live.last_message.get())
            .map(format_duration)
            .unwrap_or_else(|| "—".into())
    };
    let state = move || live.connection.get();
    view! {
        <span class="vmi-age" data-testid="vmi-age" data-state=move || format!("{:?}", state())>
            {t(Key::WallAge)} ": " {age}
        </span>
        {move || matches!(state(), Connection::Stale | Connection::Reconnecting).then(|| view! {
            <span class="conn conn-down conn-stale" role="status" data-testid="vmi-silent">{move || if state() == Connection::Stale { t(Key::ConnSilent)() } else { t(Key::ConnDown)() }}</span>
        })}
    }
}

/// Over a diagnosis kept through an outage: it is not current, how old it is, and why.
#[component]
fn Stale(err: FetchError, received: Timestamp, on_retry: Callback<()>) -> impl IntoView {
    let live = expect_context::<Live>();
    let age = move || format_duration(received.seconds_until(live.now.get()).max(0.0));
    view! {
        <div class="failure stale-diagnosis" role="status" data-testid="vmi-stale"
            data-status=err.status.map(|s| s.to_string()).unwrap_or_else(|| "network".into())>
            <strong>{t(Key::VmiStaleTitle)}</strong>
            <p>
                <span data-testid="vmi-stale-age">{t(Key::VmiStaleAgePre)} " " {age} " " {t(Key::VmiStaleAgePost)}</span>
                " · " {failure_text(&err)}
            </p>
            <button type="button" on:click=move |_| on_retry.run(())>{t(Key::ErrRetry)}</button>
        </div>
    }
}

/// Groups of charts: (title, metrics plotted together).
pub const DOMAIN_CHARTS: [(Key, &[&str]); 5] = [
    (Key::ChartCpu, &["cpu"]),
    (
        Key::ChartMemory,
        &["memory_resident", "memory_available", "memory_usable"],
    ),
    (Key::ChartBlockIo, &["block_read", "block_write"]),
    (Key::ChartNetwork, &["net_rx", "net_tx"]),
    (Key::ChartDirtyRate, &["dirty_rate"]),
];
const MIGRATION_CHARTS: [(Key, &[&str]); 2] = [
    (
        Key::ChartMigrationData,
        &["migration_processed", "migration_remaining"],
    ),
    (
        Key::ChartMigrationRates,
        &["migration_transfer_rate", "migration_dirty_rate"],
    ),
];

/// The series of `set` that plot `metrics`.
pub fn pick(set: &SeriesSet, metrics: &[&str]) -> Vec<Series> {
    set.series
        .iter()
        .filter(|s| metrics.contains(&s.metric.as_str()))
        .cloned()
        .collect()
}

/// The charts with their time range picker (`?range=`). Drawn by the views module (see
/// `crate::deferred`), so plotters stays out of the main bundle.
#[component]
pub fn Metrics(cluster: String, ns: String, name: String, migrating: bool) -> impl IntoView {
    let range = query_param("range");
    // Wall mode (`?wall`): the charts in large type.
    let large = query_param("wall").get_untracked().is_some();
    let secs = Memo::new(move |_| {
        let r = range.get().unwrap_or_else(|| "1h".into());
        RANGES
            .iter()
            .find(|(k, _)| *k == r)
            .map(|(_, s)| *s)
            .unwrap_or(3600)
    });
    let (c1, n1, m1) = (cluster.clone(), ns.clone(), name.clone());
    let domain = LocalResource::new(move || {
        let (c, n, m, s) = (c1.clone(), n1.clone(), m1.clone(), secs.get());
        async move { api::fetch_metrics(&c, &n, &m, "domain", s).await }
    });
    let migration = LocalResource::new(move || {
        let (c, n, m, s) = (cluster.clone(), ns.clone(), name.clone(), secs.get());
        async move {
            if migrating {
                Some(api::fetch_metrics(&c, &n, &m, "migration", s).await)
            } else {
                None
            }
        }
    });
    let picker = RANGES
        .iter()
        .map(|(k, _)| {
            let k = *k;
            let on = move || range.get().as_deref().unwrap_or("1h") == k;
            view! { <a href=param_href("range", Some(k.to_string())) class="range" class:tab-on=on aria-current=move || on().to_string() data-range=k>{k}</a> }
        })
        .collect_view();
    let charts = move |set: SeriesSet, groups: &[(Key, &[&str])]| {
        if !set.available {
            return view! {
                <div class="failure" role="status" data-testid="no-metrics"><strong>{t(Key::VmiNoprom)}</strong>
                <p>{set.message.clone().unwrap_or_default()}</p></div>
            }
            .into_any();
        }
        groups
            .iter()
            .map(|(title, ms)| view! { <Chart title=t(*title)().to_string() series=pick(&set, ms) range_secs=secs.get_untracked() large/> })
            .collect_view()
            .into_any()
    };
    view! {
        <nav class="ranges" aria-label=move || t(Key::VmiRange)()>{t(Key::VmiRange)} ": " {picker}</nav>
        <div class="charts">
            {move || match domain.get() {
                None => view! { <p class="empty">{t(Key::VmiLoading)}</p> }.into_any(),
                Some(Err(e)) => view! { <FetchFailure error=e/> }.into_any(),
                Some(Ok(set)) => charts(set, &DOMAIN_CHARTS),
            }}
            {move || match migration.get() {
                Some(Some(Ok(set))) => charts(set, &MIGRATION_CHARTS),
                Some(Some(Err(e))) => view! { <FetchFailure error=e/> }.into_any(),
                _ => ().into_any(),
            }}
        </div>
    }
}
