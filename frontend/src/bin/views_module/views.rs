//! Each [`View`] as the components of the `frontend` library draw it, inside a router of its own
//! that follows the main one (see `frontend::deferred::url`).

use crate::host;
use frontend::api::Connection;
use frontend::components::convergence::Convergence;
use frontend::components::migration_graph::MigrationGraph;
use frontend::components::migration_history::MigrationHistory;
use frontend::components::timeline::Timeline;
use frontend::deferred::{View, url};
use frontend::i18n::{Key, t};
use frontend::pages;
use frontend::pages::wall_charts;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::location::BrowserUrl;
use leptos_router::path;
use std::cell::RefCell;
use std::rc::Rc;

/// `view` with the shared state in context.
pub fn view(
    view: View,
    router: Rc<RefCell<Option<BrowserUrl>>>,
    on_url: js_sys::Function,
) -> impl IntoView {
    let h = host::host();
    provide_context(h.live);
    provide_context(h.lang);
    provide_context(h.theme);
    // The router's children must be `Send`; this runs on the one thread there is.
    let main = send_wrapper::SendWrapper::new((router, on_url));
    view! {
        <Router>
            <Inner view main/>
        </Router>
    }
}

type ToMain = send_wrapper::SendWrapper<(Rc<RefCell<Option<BrowserUrl>>>, js_sys::Function)>;

#[component]
fn Inner(view: View, main: ToMain) -> impl IntoView {
    let (cell, on_url) = main.take();
    tell_main(&cell, on_url);
    // The views read the main app's stream, passed on through the bridge (the nodes of a
    // migration in flight come from its VMI): drawn once it delivered the cluster, or once it
    // failed (a view then says why).
    let live = host::host().live;
    let ready = Memo::new(move |was: Option<&bool>| {
        was.copied().unwrap_or(false)
            || live.synced.get()
            || live.connection.get() == Connection::Reconnecting
    });
    view! {
        <Show when=move || ready.get()
            fallback=|| view! { <p class="empty" role="status">{t(Key::VmiLoading)}</p> }>
            {content(view.clone())}
        </Show>
    }
}

/// Keeps this router where the main app can reach it and tells the main app each URL this view
/// navigates to.
fn tell_main(cell: &Rc<RefCell<Option<BrowserUrl>>>, on_url: js_sys::Function) {
    let Some(router) = use_context::<BrowserUrl>() else {
        return;
    };
    let here = url::full_memo(&router);
    *cell.borrow_mut() = Some(router);
    Effect::new(move |first: Option<()>| {
        let to = here.get();
        if first.is_some() {
            let _ = on_url.call1(&wasm_bindgen::JsValue::NULL, &to.into());
        }
    });
}

fn content(view: View) -> AnyView {
    match view {
        View::Page => view! {
            <Routes fallback=|| ()>
                <Route path=path!("/diagnose") view=pages::diagnose::Diagnose/>
                <Route path=path!("/migrations") view=pages::migrations::Migrations/>
                <Route path=path!("/nodes") view=pages::node::Nodes/>
                <Route path=path!("/node/:name") view=pages::node::NodePage/>
            </Routes>
        }
        .into_any(),
        View::Timeline { cluster, ns, name } => {
            let (cluster, ns, name) = (
                Memo::new(move |_| cluster.clone()),
                Memo::new(move |_| ns.clone()),
                Memo::new(move |_| name.clone()),
            );
            view! { <Timeline cluster ns name/> }.into_any()
        }
        View::Metrics {
            cluster,
            ns,
            name,
            migrating,
        } => view! { <pages::vmi::Metrics cluster ns name migrating/> }.into_any(),
        View::MigrationHistory { ns, name } => {
            view! { <MigrationHistory namespace=ns name/> }.into_any()
        }
        View::Migration { report, live } => {
            // Wall mode (`?wall`): the chart in large type.
            let large = frontend::nav::query_param("wall").get_untracked().is_some();
            view! {
                <MigrationGraph report=(*report).clone()/>
                <Convergence report=*report live large/>
            }
            .into_any()
        }
        View::WallMigrations => view! { <wall_charts::WallMigrations/> }.into_any(),
        View::WallFocus {
            cluster,
            ns,
            name,
            layer,
        } => view! { <wall_charts::WallFocus cluster ns name layer/> }.into_any(),
        View::FleetRows => view! { <pages::overview::fleet::FleetRows/> }.into_any(),
        View::WallFleet => view! { <pages::wall_fleet::WallFleet/> }.into_any(),
    }
}
