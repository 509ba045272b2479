//! Strata's browser app.
//!
//! * [`api`]: all I/O (the push stream, JSON requests, clipboard, preferences); nothing else
//!   talks to the network or to browser storage.
//! * [`app`]: the router and the shell (navigation, language, theme, connection, wall mode);
//!   [`theme`]: the colour theme the shell, the charts and the deferred views read.
//! * [`pages`]: one module per route.
//! * [`components`]: views shared by pages (VMI card, VMI view, migration graph, charts).
//! * [`overview_model`]: the overview's layout model, plain Rust tested natively.
//! * [`served_fleet`]: whether the backend watches several clusters (the page it served says).
//! * [`freshness`]: whether the stream's data is current (silence past the keep-alive is
//!   stale), plain Rust tested natively.
//! * [`migrations_model`]: the migrations list's filters and order, plain Rust tested natively.
//! * [`i18n`]: English and Japanese UI text; [`nav`]: view state in the URL;
//!   [`share`]: the compressed dump in a share link's fragment.
//! * [`lazy`]: the paste page's analysis, a second wasm module loaded on first use.
//! * [`deferred`]: the heavier views (migrations and node pages, the VMI page's timeline,
//!   charts, migration history and migration graph), a third wasm module on the main thread,
//!   loaded the first time one is shown; the main binary names them only through
//!   [`deferred::View`], so their code (and plotters) is not in the first load.
//!
//! Everything the pages compute comes from `model`; this crate only renders it.

pub mod api;
pub mod app;
pub mod components;
pub mod deferred;
pub mod first_cluster;
pub mod freshness;
pub mod i18n;
pub mod lazy;
pub mod migrations_model;
pub mod nav;
pub mod overview_model;
pub mod pages;
pub mod served_fleet;
pub mod share;
pub mod theme;

/// Mounts the app on `<body>`.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
