//! When each block of a paste was taken, as far as its times say, so that of two blocks that
//! contradict each other the newer one is read.
//!
//! A block states times in two ways: absolute timestamps (a describe's `Creation Timestamp:`,
//! its conditions' and migration's times: the block was taken at or after the newest of them)
//! and ages relative to when it was taken (a `get` table's AGE column). Ages become absolute
//! where another block gives the same object's creation time (taken at = created + age), and
//! two tables listing the same objects are ordered by how much older those objects are in one
//! than in the other (an object's age grows with the time between the two commands). The object
//! the blocks disagree about is never its own clock: it may have been deleted and created again
//! (a VM's new VMI), and then its age says nothing of when the blocks were taken.

use super::age::{Age, human};
use super::vocab::Kind;
use crate::time::Timestamp;
use rustc_hash::FxHashMap;

/// An object: its kind, namespace (may be empty) and name.
pub type ObjKey = (Kind, String, String);

/// What one block says of its own time.
#[derive(Debug, Default, Clone)]
pub struct BlockClock {
    /// The newest absolute timestamp the block shows.
    pub newest: Option<Timestamp>,
    /// The age of each object the block lists (its AGE column).
    pub ages: Vec<(ObjKey, Age)>,
}

/// Every block's clock (by the block's first line) and every creation time the paste states.
#[derive(Debug, Default)]
pub struct Clocks {
    blocks: FxHashMap<usize, BlockClock>,
    created: FxHashMap<ObjKey, Timestamp>,
}

/// Which of two blocks is newer, and the words saying why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// True when the second block is the newer one.
    pub second_newer: bool,
    pub why: String,
}

/// Two times closer than this are not told apart by absolute timestamps (kubectl prints ages to
/// the second at best, a describe's times are of its own events, not of the command).
const SAME_TIME_SECS: i64 = 60;

impl Clocks {
    /// The clock of the block starting at `block` (created empty on first use).
    pub fn block(&mut self, block: usize) -> &mut BlockClock {
        self.blocks.entry(block).or_default()
    }

    /// Records that the paste states an object's creation time.
    pub fn created(&mut self, key: ObjKey, at: Timestamp) {
        self.created.entry(key).or_insert(at);
    }

    /// When the block was taken, as a window `[lo, hi)` in milliseconds (either end open), from
    /// its newest timestamp and its objects' ages with their creation times (but `subject`'s).
    fn window(&self, block: usize, subject: &ObjKey) -> (Option<i64>, Option<i64>, String) {
        let Some(c) = self.blocks.get(&block) else {
            return (None, None, String::new());
        };
        let (mut lo, mut hi, mut why) = (c.newest.map(|t| t.0), None::<i64>, String::new());
        if let Some(t) = c.newest {
            why = format!("it shows times up to {t}");
        }
        for (key, age) in &c.ages {
            if key == subject {
                continue;
            }
            let Some(created) = self.created.get(key) else {
                continue;
            };
            let (a, b) = (
                created.0 + age.low as i64 * 1000,
                created.0 + age.high as i64 * 1000,
            );
            if lo.is_none_or(|l| a > l) {
                lo = Some(a);
                why = format!(
                    "{} {} was created at {created} and is {} old there",
                    key.0.name(),
                    key.2,
                    human(age.low)
                );
            }
            hi = Some(hi.map_or(b, |h| h.min(b)));
        }
        (lo, hi, why)
    }

    /// Which of blocks `a` and `b` (by first line) was taken later, when their times say so;
    /// `subject` (the object they disagree about) is not used as a clock.
    pub fn order(&self, a: usize, b: usize, subject: &ObjKey) -> Option<Order> {
        if a == b {
            return None;
        }
        let (alo, ahi, awhy) = self.window(a, subject);
        let (blo, bhi, bwhy) = self.window(b, subject);
        // One block ends before the other starts.
        if let (Some(ah), Some(bl)) = (ahi, blo)
            && ah <= bl
        {
            return Some(newer(true, bwhy));
        }
        if let (Some(bh), Some(al)) = (bhi, alo)
            && bh <= al
        {
            return Some(newer(false, awhy));
        }
        // Both known from below only: the one showing later times.
        if let (Some(al), Some(bl)) = (alo, blo)
            && (al - bl).abs() >= SAME_TIME_SECS * 1000
        {
            return Some(if bl > al {
                newer(true, bwhy)
            } else {
                newer(false, awhy)
            });
        }
        self.by_common_ages(a, b, subject)
    }

    /// Two blocks listing the same objects: the one where they are older is newer.
    fn by_common_ages(&self, a: usize, b: usize, subject: &ObjKey) -> Option<Order> {
        let (ca, cb) = (self.blocks.get(&a)?, self.blocks.get(&b)?);
        let mut vote: Option<(bool, String)> = None;
        for (key, x) in &ca.ages {
            if key == subject {
                continue;
            }
            let Some((_, y)) = cb.ages.iter().find(|(k, _)| k == key) else {
                continue;
            };
            let says = if y.low >= x.high {
                true
            } else if x.low >= y.high {
                false
            } else {
                continue;
            };
            match &vote {
                Some((v, _)) if *v != says => return None,
                Some(_) => {}
                None => {
                    let (older, younger) = if says { (y, x) } else { (x, y) };
                    vote = Some((
                        says,
                        format!(
                            "{} {} is {} old there and {} in the other",
                            key.0.name(),
                            key.2,
                            human(older.low),
                            human(younger.low)
                        ),
                    ));
                }
            }
        }
        vote.map(|(second_newer, why)| newer(second_newer, why))
    }
}

fn newer(second_newer: bool, why: String) -> Order {
    Order { second_newer, why }
}

#[cfg(test)]
mod tests {
    use super::super::age::parse_age;
    use super::*;

    fn key(kind: Kind, name: &str) -> ObjKey {
        (kind, "prod".into(), name.into())
    }

    #[test]
    fn tables_are_ordered_by_the_objects_both_list_and_never_by_the_subject() {
        let mut c = Clocks::default();
        let web = key(Kind::Vmi, "web");
        let db = key(Kind::Vmi, "db");
        c.block(1).ages = vec![
            (web.clone(), parse_age("45m").unwrap()),
            (db.clone(), parse_age("2d").unwrap()),
        ];
        c.block(10).ages = vec![
            (web.clone(), parse_age("3m").unwrap()),
            (db.clone(), parse_age("2d2h").unwrap()),
        ];
        let o = c.order(1, 10, &web).unwrap();
        assert!(o.second_newer, "{o:?}");
        assert!(o.why.contains("db"), "{o:?}");
        // The subject alone says nothing (it may have been created again).
        let mut alone = Clocks::default();
        alone.block(1).ages = vec![(web.clone(), parse_age("45m").unwrap())];
        alone.block(10).ages = vec![(web.clone(), parse_age("3m").unwrap())];
        assert_eq!(alone.order(1, 10, &web), None);
    }

    #[test]
    fn a_creation_time_elsewhere_makes_a_table_absolute() {
        let mut c = Clocks::default();
        let web = key(Kind::Vmi, "web");
        let node = (Kind::Node, String::new(), "n1".to_string());
        c.created(
            node.clone(),
            Timestamp::parse("2024-05-02T08:00:00Z").unwrap(),
        );
        c.block(1).ages = vec![(node, parse_age("2h").unwrap())];
        c.block(10).newest = Timestamp::parse("2024-05-02T09:00:00Z");
        // The table was taken 2h after 08:00 (10:00 to 11:00): later than 09:00.
        let o = c.order(1, 10, &web).unwrap();
        assert!(!o.second_newer, "{o:?}");
        assert!(o.why.contains("n1"), "{o:?}");
    }
}
