//! One module per route.
pub mod diagnose;
pub mod migrations;
pub mod node;
pub mod overview;
pub mod vmi;
pub mod wall;
pub mod wall_charts;
pub mod wall_fleet;
pub mod wall_list;
