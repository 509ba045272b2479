//! Everything read from a paste: the objects parsed, each block's report, the signals, what
//! tables and describe output said of each object, the timestamps and the listings. Filled by
//! [`super::paste`] and the readers it calls, which all depend on it and not on each other.

use super::listing::Listing;
use super::object::{ParseError, Parsed};
use super::sightings::Sightings;
use crate::evidence::Signal;
use crate::view::BlockReport;

/// Everything read from a paste.
#[derive(Debug, Default)]
pub struct ReadPaste {
    pub parsed: Parsed,
    pub blocks: Vec<BlockReport>,
    pub signals: Vec<Signal>,
    /// The first object block's error, for when nothing at all could be read.
    pub error: Option<ParseError>,
    /// What tables and describe output said of each object, and the VMI each of their signals
    /// concerns.
    pub sightings: Sightings,
    /// Absolute timestamps read outside objects (describe output).
    pub times: Vec<crate::time::Timestamp>,
    /// The workloads namespace-wide listings showed ([`super::workloads`]).
    pub workloads: Listing,
}

impl ReadPaste {
    /// Withdraws the signals of `signature` that a later line of `input` answers (`answered`:
    /// the paste's lines and the signal's 1-based line), as a failed attempt the daemon then
    /// answered, or a blank console the guest then wrote to.
    pub fn withdraw_answered(
        &mut self,
        input: &str,
        signature: &str,
        answered: impl Fn(&[&str], usize) -> bool,
    ) {
        let ours = |s: &Signal| s.signature.as_deref() == Some(signature);
        if !self.signals.iter().any(ours) {
            return;
        }
        let lines: Vec<&str> = input.lines().collect();
        self.signals
            .retain(|s| !ours(s) || !answered(&lines, s.line));
    }
}
