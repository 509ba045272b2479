//! When the stream's queued messages are applied: the pace of the batches, which sets how many
//! times the pages render during a burst.
//!
//! A lone change is applied in the next animation frame. Once a batch had more than [`BURST`]
//! messages, a burst is going on (the backend gathers a burst's changes into an event every
//! 50 ms, `backend/src/routes/stream/machine.rs`, and a 10% change of 10,000 VMIs reaches it over
//! about a second): the next batch waits until [`FIRST_GAP_MS`] after it, and while the burst
//! goes on, each one after until [`GAP_MS`] after the last (applied in the timer's callback, not
//! a frame later: requesting a frame costs the page more than the frame saves here). Renders, not messages, drive the
//! overview's DOM work (every card on screen is rewritten when a burst moves cards): a burst
//! of a second renders about four times, and what it holds back shows at most [`GAP_MS`] late.

/// A batch with more messages than this means a burst is going on.
pub const BURST: usize = 2;
/// The first wait of a burst (ms), after the first batch of more than [`BURST`] messages.
pub const FIRST_GAP_MS: f64 = 200.0;
/// The wait between the batches of a burst that goes on (ms).
pub const GAP_MS: f64 = 400.0;

/// The batches applied so far, as far as the pace goes.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Pacing {
    /// When the last batch was applied (ms, any clock).
    last: f64,
    /// How many batches in a row, up to the last, had more than [`BURST`] messages.
    burst_run: u32,
}

impl Pacing {
    /// Notes a batch of `len` messages applied at `at`.
    pub fn applied(&mut self, at: f64, len: usize) {
        self.last = at;
        self.burst_run = if len > BURST {
            self.burst_run.saturating_add(1)
        } else {
            0
        };
    }

    /// How long (ms) a message queued at `now` waits before the frame that applies it; 0 or
    /// less: the next frame.
    pub fn wait(&self, now: f64) -> f64 {
        let gap = match self.burst_run {
            0 => return 0.0,
            1 => FIRST_GAP_MS,
            _ => GAP_MS,
        };
        self.last + gap - now
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_change_waits_for_nothing() {
        let mut p = Pacing::default();
        assert!(p.wait(5.0) <= 0.0);
        p.applied(10.0, 1);
        assert!(p.wait(20.0) <= 0.0);
        p.applied(30.0, BURST);
        assert!(p.wait(31.0) <= 0.0);
    }

    #[test]
    fn a_burst_that_goes_on_is_applied_less_often() {
        let mut p = Pacing::default();
        p.applied(0.0, 1);
        p.applied(16.0, 40);
        assert_eq!(p.wait(66.0), 150.0);
        p.applied(216.0, 200);
        assert_eq!(p.wait(266.0), 350.0);
        p.applied(616.0, 300);
        assert_eq!(p.wait(666.0), 350.0);
        // Quiet again: a lone change after the burst shows at the next frame.
        p.applied(1016.0, 1);
        assert!(p.wait(3000.0) <= 0.0);
        assert!(p.wait(1020.0) <= 0.0);
    }

    /// A burst of a second, an event every 50 ms (the backend's pace), applied when the wait
    /// says: the number of batches, which is the number of renders.
    #[test]
    fn a_second_long_burst_renders_four_or_five_times() {
        let mut p = Pacing::default();
        let mut queued = 0;
        let mut due: Option<f64> = None;
        let mut batches = 0;
        let frame = 16.0;
        let mut t = 0.0;
        while t <= 1500.0 {
            if t <= 1000.0 && (t as u64).is_multiple_of(50) {
                queued += if t == 0.0 { 1 } else { 50 };
                if due.is_none() {
                    due = Some(t + p.wait(t).max(0.0) + frame);
                }
            }
            if let Some(d) = due
                && t >= d
            {
                p.applied(t, queued);
                queued = 0;
                due = None;
                batches += 1;
            }
            t += 1.0;
        }
        assert_eq!(queued, 0);
        assert!((4..=5).contains(&batches), "{batches} batches");
    }
}
