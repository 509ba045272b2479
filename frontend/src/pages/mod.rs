//! One module per route.
pub mod overview;
