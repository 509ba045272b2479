//! Strata's browser app.
//!
//! * [`api`]: all I/O with the backend (the push stream); nothing else talks to the network.
//! * [`app`]: the router and the shell (header, connection badge).
//! * [`pages`]: one module per route.
//! * [`components`]: views shared by pages (the VMI card).
//!
//! Everything the pages compute comes from `model`; this crate only renders it.

pub mod api;
pub mod app;
pub mod components;
pub mod pages;

/// Mounts the app on `<body>`.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
