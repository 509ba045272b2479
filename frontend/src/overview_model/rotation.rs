//! The wall's tiles of a fleet when they do not fit one row (issue 32, item 3): the row holds as
//! many tiles as the grid lays out columns ([`columns`], from the computed
//! `grid-template-columns`); when there are more clusters, the tiles are shown a page at a time,
//! the clusters with broken VMIs first (most broken first, then those that do not answer), and
//! the page turns every `period` seconds of the clock ([`page`]), with an indicator of which
//! clusters are on screen ([`TilePage::indicator`]). When every tile fits, they keep the
//! backend's order and nothing turns. Plain Rust with native tests; drawn by
//! `pages::wall_fleet` (the views module).

use super::fleet::WallTile;
use std::cmp::Reverse;

/// The seconds a page of tiles stays on screen unless the URL's `rotate` says otherwise.
pub const PERIOD_SECS: i64 = 10;

/// The page turn's period: the URL's `rotate` (whole seconds, above 0), else [`PERIOD_SECS`].
pub fn period(rotate: Option<&str>) -> i64 {
    rotate
        .and_then(|r| r.trim().parse::<i64>().ok())
        .filter(|r| *r > 0)
        .unwrap_or(PERIOD_SECS)
}

/// The columns of a grid from its computed `grid-template-columns` (`"348px 348px 348px"`: one
/// length per track, as browsers resolve `repeat(auto-fill, …)`); at least 1.
pub fn columns(template: &str) -> usize {
    template.split_whitespace().count().max(1)
}

/// The tiles worst first: most broken VMIs first, then (as many broken) those that do not answer;
/// otherwise in the backend's order (a stable sort).
pub fn worst_first(mut tiles: Vec<WallTile>) -> Vec<WallTile> {
    tiles.sort_by_key(|t| (Reverse(t.cluster.counts[0]), t.cluster.reachable));
    tiles
}

/// The tiles on screen now and where they are in the whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TilePage {
    /// The tiles of this page, in order.
    pub tiles: Vec<WallTile>,
    /// Which page this is (0-based) of `pages`.
    pub index: usize,
    pub pages: usize,
    /// The position of its first tile among all (1-based; 0 when there are none).
    pub first: usize,
    /// The number of tiles in all.
    pub total: usize,
}

impl TilePage {
    /// "1–4 / 9" when the tiles rotate; `None` when every tile is on screen.
    pub fn indicator(&self) -> Option<String> {
        (self.pages > 1).then(|| {
            let last = self.first + self.tiles.len().saturating_sub(1);
            if last > self.first {
                format!("{}–{} / {}", self.first, last, self.total)
            } else {
                format!("{} / {}", self.first, self.total)
            }
        })
    }
}

/// The page of `tiles` (in the backend's order) on screen `elapsed_secs` into the clock, `per_page`
/// tiles to a page (at least 1), turning every `period_secs` (at least 1). All of them, as they
/// are, when they fit; else, worst first, the page the clock is at.
pub fn page(
    tiles: Vec<WallTile>,
    per_page: usize,
    elapsed_secs: i64,
    period_secs: i64,
) -> TilePage {
    let total = tiles.len();
    let per_page = per_page.max(1);
    if total <= per_page {
        return TilePage {
            first: usize::from(total > 0),
            tiles,
            index: 0,
            pages: 1,
            total,
        };
    }
    let pages = total.div_ceil(per_page);
    let turns = elapsed_secs.max(0) / period_secs.max(1);
    let index = (turns as u64 % pages as u64) as usize;
    let start = index * per_page;
    let tiles: Vec<WallTile> = worst_first(tiles)
        .into_iter()
        .skip(start)
        .take(per_page)
        .collect();
    TilePage {
        tiles,
        index,
        pages,
        first: start + 1,
        total,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::overview_model::ClusterSummary;
    use crate::overview_model::VERDICTS;

    /// A tile of cluster `name` with `broken` broken VMIs.
    fn tile(name: &str, broken: usize, reachable: bool) -> WallTile {
        let mut counts = [0; VERDICTS.len()];
        counts[0] = broken;
        counts[VERDICTS.len() - 1] = 3;
        WallTile {
            cluster: ClusterSummary {
                name: name.into(),
                key: name.into(),
                reachable,
                stale_since: None,
                error: None,
                signed_in: true,
                counts,
                worst: None,
            },
            broken: Vec::new(),
        }
    }

    /// Nine clusters as `strata demo --clusters 9` names them, some with broken VMIs.
    fn nine() -> Vec<WallTile> {
        vec![
            tile("prod", 1, true),
            tile("staging", 0, true),
            tile("edge", 2, true),
            tile("prod-2", 0, true),
            tile("staging-2", 0, false),
            tile("edge-2", 2, false),
            tile("prod-3", 3, true),
            tile("staging-3", 0, true),
            tile("edge-3", 0, true),
        ]
    }

    fn names(p: &TilePage) -> Vec<&str> {
        p.tiles.iter().map(|t| t.cluster.name.as_str()).collect()
    }

    #[test]
    fn the_columns_are_the_grids_tracks() {
        assert_eq!(columns("348px 348px 348px 348px 348px"), 5);
        assert_eq!(columns("1880px"), 1);
        assert_eq!(columns(""), 1, "not laid out yet: one");
        assert_eq!(columns("none"), 1);
    }

    #[test]
    fn the_period_is_the_urls_rotate_else_ten_seconds() {
        assert_eq!(period(Some("2")), 2);
        assert_eq!(period(None), PERIOD_SECS);
        assert_eq!(period(Some("0")), PERIOD_SECS);
        assert_eq!(period(Some("-3")), PERIOD_SECS);
        assert_eq!(period(Some("soon")), PERIOD_SECS);
    }

    #[test]
    fn tiles_that_fit_keep_their_order_and_do_not_turn() {
        let three: Vec<WallTile> = nine().into_iter().take(3).collect();
        for now in [0, 10, 25, 1_000_000] {
            let p = page(three.clone(), 5, now, 10);
            assert_eq!(names(&p), ["prod", "staging", "edge"], "at {now}");
            assert_eq!((p.pages, p.first, p.total), (1, 1, 3));
            assert_eq!(p.indicator(), None);
        }
        let none = page(Vec::new(), 5, 42, 10);
        assert_eq!((none.pages, none.first, none.total), (1, 0, 0));
        assert_eq!(none.indicator(), None);
    }

    #[test]
    fn the_broken_come_first_most_broken_first_then_the_unreachable() {
        let order: Vec<String> = worst_first(nine())
            .into_iter()
            .map(|t| t.cluster.name)
            .collect();
        assert_eq!(
            order,
            [
                "prod-3",
                "edge-2",
                "edge",
                "prod",
                "staging-2",
                "staging",
                "prod-2",
                "staging-3",
                "edge-3"
            ],
            "as many broken: the unreachable first; else the backend's order"
        );
    }

    #[test]
    fn a_page_at_a_time_every_period_and_round_again() {
        // Four to a row: pages of 4, 4 and 1.
        let at = |secs| page(nine(), 4, secs, 10);
        let first = at(0);
        assert_eq!(names(&first), ["prod-3", "edge-2", "edge", "prod"]);
        assert_eq!((first.index, first.pages), (0, 3));
        assert_eq!(first.indicator().as_deref(), Some("1–4 / 9"));
        assert_eq!(at(9), first, "the same page until the period is up");
        let second = at(10);
        assert_eq!(
            names(&second),
            ["staging-2", "staging", "prod-2", "staging-3"]
        );
        assert_eq!(second.indicator().as_deref(), Some("5–8 / 9"));
        let last = at(25);
        assert_eq!(names(&last), ["edge-3"]);
        assert_eq!(last.indicator().as_deref(), Some("9 / 9"));
        assert_eq!(at(30), first, "then the first page again");
        // Every cluster is shown once a round.
        let mut seen: Vec<String> = (0..3)
            .flat_map(|i| at(i * 10).tiles)
            .map(|t| t.cluster.name)
            .collect();
        seen.sort();
        let mut all: Vec<String> = nine().into_iter().map(|t| t.cluster.name).collect();
        all.sort();
        assert_eq!(seen, all);
        // A two-second period (the URL's `rotate=2`).
        assert_eq!(page(nine(), 4, 2, 2), second);
        // A row of one: a page per cluster.
        assert_eq!(page(nine(), 0, 0, 10).pages, 9);
    }
}
