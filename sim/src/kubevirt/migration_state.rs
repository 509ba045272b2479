//! A VM's current or last migration as state: its course and libvirt's progress model (what is
//! left to send, what was sent, the dirty rate) at any time of it.

use serde_json::Value;

/// The current or last migration of a VM.
#[derive(Debug, Clone, PartialEq)]
pub struct Migration {
    pub name: String,
    pub uid: String,
    pub created: f64,
    /// VMIM phase.
    pub phase: String,
    pub phase_times: Vec<(String, f64)>,
    pub source_node: String,
    pub source_pod: String,
    pub target_node: Option<String>,
    pub target_pod: Option<String>,
    pub target_address: Option<String>,
    /// Whether the VMI shows `migrationState` (false until the target pod runs).
    pub on_vmi: bool,
    pub start: Option<f64>,
    pub end: Option<f64>,
    pub mode: &'static str,
    pub mode_since: f64,
    pub remaining_at_mode: f64,
    /// Bytes to send when the pre-copy began (`remaining_at_mode` moves at a switch).
    pub remaining_at_start: f64,
    pub completed: bool,
    pub failed: bool,
    pub abort_requested: bool,
    pub abort_status: Option<&'static str>,
    pub failure_reason: Option<String>,
    pub total_bytes: f64,
    pub transfer_rate: f64,
    pub dirty_rate: f64,
    pub allow_post_copy: bool,
    pub conditions: Vec<Value>,
    /// Source node, for evacuation migrations.
    pub evacuation: Option<String>,
    pub deleting: Option<f64>,
    /// The VMIM object was deleted (the VMI keeps its migrationState).
    pub gone: bool,
}

impl Migration {
    /// Bytes still to send at `t` (the libvirt DataRemaining model), at any `t` of the
    /// migration's course, so a range query asked after a switch or after the end still sees
    /// the pre-copy it followed. Pre-copy sends at the transfer rate while the guest dirties at
    /// its rate; after the switch to PostCopy (the target pulls the missing pages) or Paused (the
    /// guest stops dirtying) nothing is dirtied any more and the rest falls at the transfer rate
    /// to nothing, which is when the transfer ends. Past the end it stays where it ended.
    pub fn remaining(&self, t: f64) -> f64 {
        let Some(start) = self.start else {
            return self.total_bytes;
        };
        let t = self.end.map_or(t, |e| t.min(e));
        if self.completed && !self.failed && self.end.is_some_and(|e| t >= e) {
            return 0.0;
        }
        if self.mode != "PreCopy" && t >= self.mode_since {
            let dt = t - self.mode_since;
            return (self.remaining_at_mode - self.transfer_rate * dt).max(0.0);
        }
        let dt = (t - start).max(0.0);
        let r0 = self.remaining_at_start;
        let net = self.transfer_rate - self.dirty_rate;
        if net > 0.0 {
            (r0 - net * dt).max(self.total_bytes * 0.002)
        } else {
            // Not converging: each iteration resends what the guest dirtied; it hovers.
            r0 * (1.0 + 0.04 * (dt / 7.0).sin())
        }
    }

    /// Bytes sent so far at `t` (nothing more after the end).
    pub fn processed(&self, t: f64) -> f64 {
        let t = self.end.map_or(t, |e| t.min(e));
        match self.start {
            Some(s) => self.transfer_rate * (t - s).max(0.0),
            None => 0.0,
        }
    }

    /// The effective dirty rate at `t` (zero once the guest is paused or in post-copy: the one
    /// switch away from PreCopy happened at `mode_since`, so earlier samples were pre-copy).
    pub fn dirty_rate_at(&self, t: f64) -> f64 {
        if self.mode == "PreCopy" || t < self.mode_since {
            self.dirty_rate
        } else {
            0.0
        }
    }

    /// Whether it was in progress at `t`: started and not yet ended. virt-handler polls a
    /// migration's domain stats only while it is in progress
    /// (`pkg/monitoring/metrics/virt-handler/migrationdomainstats/queue.go`,
    /// `isMigrationFinished`), so its series exist only then.
    pub fn active_at(&self, t: f64) -> bool {
        self.start.is_some_and(|s| t >= s) && self.end.is_none_or(|e| t <= e)
    }

    /// Whether it is in progress in the sense of `migrations.IsMigrating`.
    pub fn active(&self) -> bool {
        self.start.is_some() && self.end.is_none()
    }
}
