//! The defaults every table entry starts from (`..BASE`), so each entry names only what it says.

use super::Signature;
use crate::verdict::Health;

/// An entry with no needles, no layer and no text: every table entry overrides what it needs.
pub(crate) const BASE: Signature = Signature {
    id: "",
    all: &[],
    none: &[],
    any: &[],
    cells: &[],
    cased: &[],
    layer: None,
    plane: None,
    health: Health::Unknown,
    title: "",
    cause: "",
    next_steps: &[],
    source: "",
    example: "",
    needs_panic: false,
};
