//! The watchers' backoff: kube-runtime's default (0.8 s doubling up to 30 s, jittered, as
//! client-go's reflector), reset only once the API server has answered since the last failure.
//!
//! kube-runtime's `StreamBackoff` resets its backoff on every item the stream yields, and the
//! watcher yields `Event::Init` *before* it sends its list request (kube-runtime 5,
//! `watcher.rs`, `State::Empty` with `InitialListStrategy::ListWatch`). A cluster that refuses
//! every list (down since the start, or after a re-list) was therefore asked again about every
//! second, for ever, by every kind's watcher. Here a reset counts only when the kind has had an
//! answer (its state is healthy again: [`super::observed`]), so such a cluster is asked ever less
//! often, at most every 30 s.

use kube::runtime::utils::Backoff;
use kube::runtime::watcher::DefaultBackoff;
use std::time::Duration;

/// [`DefaultBackoff`], reset only when `answered()` says the API server answered.
pub struct AnswerBackoff<F> {
    inner: DefaultBackoff,
    answered: F,
}

impl<F: Fn() -> bool + Send + Sync + Unpin> AnswerBackoff<F> {
    pub fn new(answered: F) -> Self {
        AnswerBackoff {
            inner: DefaultBackoff::default(),
            answered,
        }
    }
}

impl<F> Iterator for AnswerBackoff<F> {
    type Item = Duration;
    fn next(&mut self) -> Option<Duration> {
        self.inner.next()
    }
}

impl<F: Fn() -> bool + Send + Sync + Unpin> Backoff for AnswerBackoff<F> {
    fn reset(&mut self) {
        if (self.answered)() {
            self.inner.reset();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    #[test]
    fn only_an_answer_resets_the_backoff() {
        let answered = Arc::new(AtomicBool::new(false));
        let flag = answered.clone();
        let mut b = AnswerBackoff::new(move || flag.load(Ordering::Relaxed));
        let first = b.next().unwrap();
        for _ in 0..5 {
            b.next();
        }
        b.reset();
        let later = b.next().unwrap();
        assert!(later > first * 4, "not reset without an answer: {later:?}");
        answered.store(true, Ordering::Relaxed);
        b.reset();
        assert!(b.next().unwrap() < later, "reset after an answer");
    }
}
