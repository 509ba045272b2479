//! Views shared by pages.
pub mod charts;
pub mod common;
pub mod convergence;
pub mod finding;
pub mod incident_link;
pub mod migration_graph;
pub mod migration_history;
pub mod rel_time;
pub mod stale_banner;
pub mod timeline;
pub mod vmi_card;
pub mod vmi_view;
