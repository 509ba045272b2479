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

/// Two sightings of one object tell different stories: another status, or another node (a
/// sighting that does not say one, a describe cut before its status, contradicts nothing).
fn differs(a: &Sighting, b: &Sighting) -> bool {
    let both = |x: &str, y: &str| !x.is_empty() && !y.is_empty() && x != y;
    a.line != b.line && (both(&a.status, &b.status) || both(&a.node, &b.node))
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
    merge_unnamespaced(s);
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
                // The same story: the later sighting, with what only the earlier says.
                let before = std::mem::replace(&mut read, x);
                if read.status.is_empty() {
                    read.status = before.status;
                }
                if read.node.is_empty() {
                    read.node = before.node;
                }
                read.age = read.age.or(before.age);
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

/// An object seen without a namespace (a table of the context's namespace, without `-n`) is the
/// one object of its kind and name that another block shows with a namespace, when there is
/// exactly one: its sightings join that object's.
fn merge_unnamespaced(s: &mut Sightings) {
    let bare: Vec<ObjKey> = s
        .history
        .keys()
        .filter(|k| k.1.is_empty() && k.0.namespaced())
        .cloned()
        .collect();
    for key in bare {
        let mut named = s
            .history
            .keys()
            .filter(|k| k.0 == key.0 && k.2 == key.2 && !k.1.is_empty());
        let (Some(target), None) = (named.next().cloned(), named.next()) else {
            continue;
        };
        let moved = s.history.remove(&key).unwrap_or_default();
        s.latest.remove(&key);
        let list = s.history.entry(target.clone()).or_default();
        list.extend(moved.into_iter().map(|mut x| {
            x.namespace = target.1.clone();
            x
        }));
        list.sort_by_key(|x| x.line);
        if let Some(last) = list.last().cloned() {
            s.latest.insert(target, last);
        }
    }
}
