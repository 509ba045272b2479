//! Views shared by pages.
pub mod vmi_card;
