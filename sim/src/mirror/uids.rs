//! The simulator's uids and the real server's: an object the mirror creates gets a uid of the
//! real server's choosing, and every reference to it (owner references, an event's
//! `involvedObject.uid`, a launcher pod's `kubevirt.io/created-by` label and `--uid` argument, a
//! VMI's `status.activePods` keys, a migration's `kubevirt.io/migrationJobUID` label) must name
//! that one, or the real world's objects would point at nothing.

use serde_json::Value;
use std::collections::{HashMap, HashSet};

#[derive(Default)]
pub struct Uids {
    /// Simulator uid → real uid, of the objects mirrored.
    real: HashMap<String, String>,
    /// Every uid of an object the simulator's store has held.
    sim: HashSet<String>,
}

impl Uids {
    /// Notes the uid of an object of the simulator (mirrored or not yet).
    pub fn note_sim(&mut self, obj: &Value) {
        if let Some(uid) = obj["metadata"]["uid"].as_str() {
            self.sim.insert(uid.to_string());
        }
    }

    /// The real server gave the simulator's object `sim_uid` the uid `real_uid`.
    pub fn learn(&mut self, sim_uid: &str, real_uid: &str) {
        if !sim_uid.is_empty() && !real_uid.is_empty() {
            self.real.insert(sim_uid.to_string(), real_uid.to_string());
        }
    }

    /// Rewrites every string and object key of `v` that is the uid of another object of the
    /// simulator into that object's real uid (a whole-value match: a uid is never part of a longer
    /// string the simulator writes). `own` (the object's own uid, which some of its fields repeat:
    /// a node's `systemUUID`) is left alone. Answers whether a reference could not be rewritten
    /// yet (its object is not mirrored yet).
    pub fn rewrite(&self, v: &mut Value, own: &str) -> bool {
        let mut unresolved = false;
        self.walk(v, own, &mut unresolved);
        unresolved
    }

    fn swap(&self, s: &str, own: &str, unresolved: &mut bool) -> Option<String> {
        if s == own || !self.sim.contains(s) {
            return None;
        }
        let real = self.real.get(s).cloned();
        *unresolved |= real.is_none();
        real
    }

    fn walk(&self, v: &mut Value, own: &str, unresolved: &mut bool) {
        match v {
            Value::String(s) => {
                if let Some(r) = self.swap(s, own, unresolved) {
                    *s = r;
                }
            }
            Value::Array(a) => a.iter_mut().for_each(|x| self.walk(x, own, unresolved)),
            Value::Object(m) => {
                let renamed: Vec<(String, String)> = m
                    .keys()
                    .filter_map(|k| Some((k.clone(), self.swap(k, own, unresolved)?)))
                    .collect();
                for (old, new) in renamed {
                    if let Some(x) = m.remove(&old) {
                        m.insert(new, x);
                    }
                }
                m.values_mut().for_each(|x| self.walk(x, own, unresolved));
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn references_are_rewritten_and_unknown_ones_reported() {
        let mut u = Uids::default();
        for uid in ["vmi-1", "pod-1", "node-1"] {
            u.note_sim(&json!({"metadata": {"uid": uid}}));
        }
        u.learn("vmi-1", "real-vmi");
        let mut pod = json!({
            "metadata": {"uid": "pod-1", "labels": {"kubevirt.io/created-by": "vmi-1"},
                         "ownerReferences": [{"uid": "vmi-1", "name": "a"}]},
            "spec": {"containers": [{"command": ["--uid", "vmi-1"]}]},
            "status": {"message": "vmi-1 is fine", "other": "not-a-uid"},
        });
        assert!(!u.rewrite(&mut pod, "pod-1"));
        assert_eq!(
            pod["metadata"]["labels"]["kubevirt.io/created-by"],
            "real-vmi"
        );
        assert_eq!(pod["metadata"]["ownerReferences"][0]["uid"], "real-vmi");
        assert_eq!(pod["spec"]["containers"][0]["command"][1], "real-vmi");
        // Only whole values are uids.
        assert_eq!(pod["status"]["message"], "vmi-1 is fine");
        assert_eq!(pod["metadata"]["uid"], "pod-1");
        // A key naming a pod not mirrored yet stays, and says so.
        let mut vmi = json!({"status": {"activePods": {"pod-1": "worker-1"}}});
        assert!(u.rewrite(&mut vmi, "vmi-1"));
        u.learn("pod-1", "real-pod");
        assert!(!u.rewrite(&mut vmi, "vmi-1"));
        assert_eq!(vmi["status"]["activePods"], json!({"real-pod": "worker-1"}));
    }
}
