//! The order of the migrations list, as the URL's `sort` (`created`, `name`, `vmi`, `phase`,
//! `outcome`, `duration`) and `dir` (`asc`, `desc`) say. Newest first by default.

use super::facts::{duration_secs, outcome_key};
use model::api::MigrationRow;
use model::time::Timestamp;
use std::cmp::Ordering;

/// What the list is sorted by.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SortKey {
    #[default]
    Created,
    Name,
    Vmi,
    Phase,
    Outcome,
    Duration,
}

impl SortKey {
    /// Every key, in the select's order.
    pub const ALL: [SortKey; 6] = [
        SortKey::Created,
        SortKey::Name,
        SortKey::Vmi,
        SortKey::Phase,
        SortKey::Outcome,
        SortKey::Duration,
    ];

    /// From the URL's `sort`; anything else is [`SortKey::Created`].
    pub fn from_param(p: Option<&str>) -> SortKey {
        Self::ALL
            .into_iter()
            .find(|k| Some(k.as_str()) == p)
            .unwrap_or_default()
    }

    pub fn as_str(self) -> &'static str {
        match self {
            SortKey::Created => "created",
            SortKey::Name => "name",
            SortKey::Vmi => "vmi",
            SortKey::Phase => "phase",
            SortKey::Outcome => "outcome",
            SortKey::Duration => "duration",
        }
    }

    /// The direction when the URL names none: newest and longest first, names A to Z.
    pub fn default_dir(self) -> Dir {
        match self {
            SortKey::Created | SortKey::Duration => Dir::Desc,
            _ => Dir::Asc,
        }
    }
}

/// Ascending or descending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    Asc,
    Desc,
}

impl Dir {
    /// From the URL's `dir`, else `default`.
    pub fn from_param(p: Option<&str>, default: Dir) -> Dir {
        match p {
            Some("asc") => Dir::Asc,
            Some("desc") => Dir::Desc,
            _ => default,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Dir::Asc => "asc",
            Dir::Desc => "desc",
        }
    }
}

fn compare(a: &MigrationRow, b: &MigrationRow, key: SortKey, now: Timestamp) -> Ordering {
    let (x, y) = (&a.report, &b.report);
    match key {
        SortKey::Created => a.created.cmp(&b.created),
        SortKey::Name => x.name.cmp(&y.name),
        SortKey::Vmi => (&x.namespace, &x.vmi_name).cmp(&(&y.namespace, &y.vmi_name)),
        SortKey::Phase => x.phase.cmp(&y.phase),
        SortKey::Outcome => outcome_key(x.outcome).cmp(outcome_key(y.outcome)),
        SortKey::Duration => duration_secs(a, now)
            .unwrap_or(-1.0)
            .total_cmp(&duration_secs(b, now).unwrap_or(-1.0)),
    }
}

/// `rows` in the order of `key` and `dir`; ties by namespace and name (always ascending), so
/// the order is stable.
pub fn sorted(
    mut rows: Vec<MigrationRow>,
    key: SortKey,
    dir: Dir,
    now: Timestamp,
) -> Vec<MigrationRow> {
    rows.sort_by(|a, b| {
        let o = compare(a, b, key, now);
        let o = if dir == Dir::Desc { o.reverse() } else { o };
        o.then_with(|| {
            (&a.report.namespace, &a.report.name).cmp(&(&b.report.namespace, &b.report.name))
        })
    });
    rows
}
