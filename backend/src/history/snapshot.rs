//! A recorded page, kept as its evidence: the bundle the page was diagnosed from and the time it
//! was diagnosed against, JSON, deflate-compressed. Kept as evidence rather than as the page so
//! that reading it can cut it exactly as the live page is cut for the reader (each kind by its
//! own access review, [`crate::routes::redact::Readable`]) and diagnose what is left, as the
//! live page does: a whole diagnosed page cannot be cut after the fact (its findings quote pods,
//! events and nodes).

use super::{Result, StoreError};
use model::evidence::Evidence;
use model::time::Timestamp;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};

/// What is recorded of a page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The clock the page was diagnosed against (time-based findings depend on it).
    pub now: Option<Timestamp>,
    pub evidence: Evidence,
}

impl Snapshot {
    /// As stored: JSON, deflate-compressed.
    pub fn compress(&self) -> Vec<u8> {
        let json = serde_json::to_vec(self).unwrap_or_default();
        let mut enc = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::fast());
        // Writing into a Vec cannot fail.
        let _ = enc.write_all(&json);
        enc.finish().unwrap_or_default()
    }

    /// Back from [`Snapshot::compress`]'s bytes.
    pub fn decompress(bytes: &[u8]) -> Result<Snapshot> {
        let mut json = Vec::new();
        flate2::read::DeflateDecoder::new(bytes)
            .read_to_end(&mut json)
            .map_err(|e| StoreError::new("recorded page is not deflate data", e))?;
        serde_json::from_slice(&json)
            .map_err(|e| StoreError::new("recorded page is not a recorded bundle", e))
    }

    /// The page, diagnosed from what the evidence holds (after any cut).
    pub fn page(&self) -> model::view::detail::VmiDetail {
        model::view::detail::VmiDetail::build(&self.evidence, self.now)
    }
}
