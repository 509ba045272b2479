//! When the stream's queued messages are applied: the pace of the batches, which sets how many
//! times the pages render during a burst.
//!
//! A lone change is applied in the next animation frame. Once a batch had more than [`BURST`]
//! messages that came faster than [`BURST_RATE`] a second, a burst is going on (the backend
//! gathers a burst's changes into an event every 50 ms, `backend/src/routes/stream/machine.rs`,
//! and a 10% change of 10,000 VMIs reaches it over about a second, some 2,000 messages a
//! second): the next batch waits until [`FIRST_GAP_MS`] after it, and while the burst goes on,
//! each one after until [`GAP_MS`] after the last (applied in the timer's callback, not a frame
//! later: requesting a frame costs the page more than the frame saves here). Renders, not
//! messages, drive the overview's DOM work (every card on screen is rewritten when a burst moves
//! cards): a burst of a second renders about four times, and what it holds back shows at most
//! [`GAP_MS`] late. A fleet's steady churn (tens of changes a second) is no burst, however many
//! messages a wait gathered: judged by count alone, a wait's own gathering kept it paced at
//! [`GAP_MS`] for good, and every change showed up to 400 ms late.
//!
//! Nor is a churn's lump: at 10 × 10,000 VMIs each cluster changes its VMIs in a tick that one
//! backend event carries (20 messages, 40-60 when ticks meet), faster than [`BURST_RATE`] within
//! its 50 ms, and each read as a burst's start held the next change back [`FIRST_GAP_MS`]. A
//! burst starts only when a batch also comes faster than [`CALM_FACTOR`] times the page's rate
//! over the last [`CALM_MS`] (its lumps and all): from a quiet page (a 10% update) that is
//! [`BURST_RATE`], as before; under a churn of 200 messages a second, about 1,500. A burst that started
//! goes on by [`BURST_RATE`] alone.
//!
//! Whatever the messages, the page spends at most about [`DUTY`] of its time applying them: a
//! batch that took the page C ms (its effects included) is followed by the next no sooner than
//! C / [`DUTY`] after it began. Cheap batches (a few ms at 10,000 VMIs) leave the next frame as
//! it was; at 100,000 VMIs, where one batch takes tens of ms, a steady churn no longer keeps
//! the page busy all the time, which queued the changes behind one another (a second late).

/// A batch with more messages than this may be a burst.
pub const BURST: usize = 2;
/// Messages a second above which a batch of more than [`BURST`] is a burst.
pub const BURST_RATE: f64 = 400.0;
/// The shortest time a batch's rate is read over (ms): the backend's gathering period, so one
/// event's messages caught in one frame do not read as a burst.
pub const GATHER_MS: f64 = 50.0;
/// How many times the page's recent rate a batch must come at to start a burst.
pub const CALM_FACTOR: f64 = 8.0;
/// The time (ms) the page's recent rate is read over: ten of the backend's gathering periods.
pub const CALM_MS: f64 = 1000.0;
/// The first wait of a burst (ms), after the first batch of more than [`BURST`] messages.
pub const FIRST_GAP_MS: f64 = 200.0;
/// The wait between the batches of a burst that goes on (ms).
pub const GAP_MS: f64 = 400.0;
/// The share of the page's time batches may take (see the module documentation).
pub const DUTY: f64 = 1.0 / 3.0;

/// The batches applied so far, as far as the pace goes.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Pacing {
    /// When the last batch was applied (ms, any clock).
    last: f64,
    /// When the first message of the batch being gathered was queued.
    first: f64,
    /// How many batches in a row, up to the last, were bursts' (see [`BURST_RATE`]).
    burst_run: u32,
    /// What the last batch took the page (ms), once known.
    cost: f64,
    /// The messages of the batches applied over the last [`CALM_MS`], each counted less,
    /// linearly, the older it is: the page's recent rate is this many a second.
    recent: f64,
}

impl Pacing {
    /// Notes that a batch's first message was queued at `at`.
    pub fn queued(&mut self, at: f64) {
        self.first = at;
    }

    /// Notes what the batch applied last took the page, its effects included (ms). A batch that
    /// held a `snapshot` built the page's whole state once (350 ms at 100,000 VMIs): that is no
    /// pace of the changes, and counted as one it held the first change after it back a second.
    pub fn cost(&mut self, ms: f64, snapshot: bool) {
        self.cost = if snapshot { 0.0 } else { ms.max(0.0) };
    }

    /// Notes a batch of `len` messages applied at `at`.
    pub fn applied(&mut self, at: f64, len: usize) {
        let over = (at - self.first).max(GATHER_MS);
        let rate = len as f64 * 1000.0 / over;
        let kept = (1.0 - (at - self.last) / CALM_MS).clamp(0.0, 1.0);
        let calm = self.recent * kept * 1000.0 / CALM_MS;
        let bar = match self.burst_run {
            0 => BURST_RATE.max(CALM_FACTOR * calm),
            _ => BURST_RATE,
        };
        let fast = len > BURST && rate > bar;
        self.recent = self.recent * kept + len as f64;
        self.last = at;
        self.cost = 0.0;
        self.burst_run = if fast {
            self.burst_run.saturating_add(1)
        } else {
            0
        };
    }

    /// How long (ms) a message queued at `now` waits before the frame that applies it; 0 or
    /// less: the next frame.
    pub fn wait(&self, now: f64) -> f64 {
        let gap = match self.burst_run {
            0 => 0.0,
            1 => FIRST_GAP_MS,
            _ => GAP_MS,
        };
        self.last + gap.max(self.cost / DUTY) - now
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
        p.queued(0.0);
        p.applied(0.0, 1);
        // A 10% update: 40 messages in a frame, then hundreds each wait.
        p.queued(1.0);
        p.applied(16.0, 40);
        assert_eq!(p.wait(66.0), 150.0);
        p.queued(66.0);
        p.applied(216.0, 200);
        assert_eq!(p.wait(266.0), 350.0);
        p.queued(266.0);
        p.applied(616.0, 300);
        assert_eq!(p.wait(666.0), 350.0);
        // Quiet again: a lone change after the burst shows at the next frame.
        p.queued(1000.0);
        p.applied(1016.0, 1);
        assert!(p.wait(3000.0) <= 0.0);
        assert!(p.wait(1020.0) <= 0.0);
    }

    #[test]
    fn a_batch_that_took_the_page_long_spaces_the_next_and_a_cheap_one_does_not() {
        let mut p = Pacing::default();
        p.queued(0.0);
        p.applied(0.0, 2);
        // Tens of ms at 100,000 VMIs: the next batch no sooner than three times that after.
        p.cost(60.0, false);
        assert_eq!(p.wait(70.0), 180.0 - 70.0);
        assert!(p.wait(200.0) <= 0.0);
        // A few ms: the next frame, as before.
        p.queued(200.0);
        p.applied(200.0, 1);
        p.cost(3.0, false);
        assert!(p.wait(216.0) <= 0.0);
        // A burst's gap is not shortened by a cheap batch.
        p.queued(300.0);
        p.applied(316.0, 40);
        p.cost(3.0, false);
        assert_eq!(p.wait(366.0), 150.0);
    }

    #[test]
    fn a_steady_churn_is_no_burst_however_much_a_wait_gathered() {
        let mut p = Pacing::default();
        // One backend event of five changes caught in one frame: 100 a second, no burst.
        p.queued(0.0);
        p.applied(16.0, 5);
        assert!(p.wait(20.0) <= 0.0);
        // After a burst, a wait of 400 ms gathered 40 changes of a churn of 100 a second: the
        // churn is applied at the next frame from then on, not paced for good.
        p.queued(100.0);
        p.applied(116.0, 300);
        p.queued(200.0);
        p.applied(316.0, 300);
        assert_eq!(p.wait(400.0), 316.0 + GAP_MS - 400.0);
        p.queued(316.0);
        p.applied(716.0, 40);
        assert!(p.wait(720.0) <= 0.0);
    }

    #[test]
    fn a_fleets_churn_in_lumps_is_no_burst() {
        // 10 clusters each changing 10 VMIs a second: an event of one cluster's tick (20
        // messages at once) every 100 ms, then two ticks together (40) now and then, one batch
        // a frame: every change shows at the next frame.
        let mut p = Pacing::default();
        for k in 0..60 {
            let t = k as f64 * 100.0;
            let len = if k >= 10 && k % 3 == 0 { 40 } else { 20 };
            p.queued(t);
            p.applied(t + 16.0, len);
            assert!(p.wait(t + 20.0) <= 0.0, "held back after batch {k}");
        }
        // A 10% update meanwhile (100 messages an event) is a burst.
        p.queued(6000.0);
        p.applied(6016.0, 100);
        assert_eq!(p.wait(6020.0), 6016.0 + FIRST_GAP_MS - 6020.0);
    }

    #[test]
    fn a_snapshots_cost_does_not_hold_the_next_change_back() {
        // The first snapshot of 100,000 VMIs took the page 350 ms: the change after it is
        // applied at the next frame, as after any cheap batch.
        let mut p = Pacing::default();
        p.queued(0.0);
        p.applied(0.0, 1);
        p.cost(350.0, true);
        assert!(p.wait(400.0) <= 0.0, "waits {}", p.wait(400.0));
        // The same cost from changes spaces the next batch (see `DUTY`).
        p.queued(400.0);
        p.applied(400.0, 1);
        p.cost(350.0, false);
        assert!(p.wait(800.0) > 0.0, "waits {}", p.wait(800.0));
    }
}
