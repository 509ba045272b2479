//! Of an object seen in several blocks that disagree (its status, or the node it runs on), the
//! sighting that is read: the newer one where the blocks' times say which is newer
//! ([`super::clock`]), else the later one in the paste (people paste commands in the order they
//! ran them). The disagreement becomes a note naming both lines and saying which block is newer
//! and why; the other sighting's signals are withdrawn, and the signal that stays says it is
//! the newer.

use super::clock::ObjKey;
use super::sightings::{Sighting, Sightings, qualified};
use super::vocab::Kind;

/// What a sighting that won over another says: its line and `newer than line N (why)`.
pub type Won = (usize, String);

/// Two sightings of one object tell different stories: another status, or another node.
fn differs(a: &Sighting, b: &Sighting) -> bool {
    a.line != b.line
        && (a.status != b.status || (!a.node.is_empty() && !b.node.is_empty() && a.node != b.node))
}

fn place(x: &Sighting) -> String {
    match (x.status.is_empty(), x.node.is_empty()) {
        (_, true) => x.status.clone(),
        (true, false) => format!("on {}", x.node),
        (false, false) => format!("{} on {}", x.status, x.node),
    }
}

/// Picks the sighting read for every object seen more than once; records the contradictions
/// and the withdrawn lines in `s`, and returns what each winning line says of itself.
pub fn resolve(s: &mut Sightings) -> Vec<Won> {
    let mut keys: Vec<(usize, ObjKey)> = s
        .history
        .iter()
        .filter(|(_, v)| v.len() > 1)
        .map(|(k, v)| (v[0].line, k.clone()))
        .collect();
    keys.sort_by_key(|(line, _)| *line);
    let mut won = Vec::new();
    for (_, key) in keys {
        let list = s.history.get(&key).cloned().unwrap_or_default();
        let mut read = list[0].clone();
        for x in list.into_iter().skip(1) {
            if !differs(&read, &x) {
                read = x;
                continue;
            }
            let order = s.clocks.order(read.block, x.block, &key);
            let (newer, older, why) = match order {
                Some(o) if !o.second_newer => (read, x, Some(o.why)),
                Some(o) => (x, read, Some(o.why)),
                None => (x, read, None),
            };
            let decision = match &why {
                Some(why) => format!(
                    "the block at line {} is newer ({why}), so it is read",
                    newer.block
                ),
                None => format!(
                    "their times do not say which is newer, so the later in the paste (line {}) is read",
                    newer.line
                ),
            };
            s.contradictions.push((
                newer.line,
                format!(
                    "{} {} is {} at line {}, but {} at line {} ({}); {decision}",
                    key.0.name(),
                    qualified(&key.1, &key.2),
                    place(&newer),
                    newer.line,
                    place(&older),
                    older.line,
                    older.from
                ),
            ));
            s.withdrawn.push(older.line);
            won.push((
                newer.line,
                match why {
                    Some(why) => format!("newer than line {} ({why})", older.line),
                    None => format!("later in the paste than line {}", older.line),
                },
            ));
            read = newer;
        }
        s.latest.insert(key, read);
    }
    s.vmi_nodes = s
        .latest
        .values()
        .filter(|x| x.kind == Kind::Vmi && !x.node.is_empty())
        .map(|x| x.node.clone())
        .collect();
    won
}
