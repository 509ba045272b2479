//! Signatures of guest messages (data table).

use super::Signature;
#[allow(unused_imports)]
use crate::evidence::SignalPlane;
#[allow(unused_imports)]
use crate::verdict::{Health, Layer};

pub(super) const TABLE: &[Signature] = &[];
