//! Whether what the push stream delivered is current, decided from when the backend was last
//! heard, plain Rust (its tests run natively; `api` feeds it the browser's clock).
//!
//! The backend never stays silent longer than [`KEEP_ALIVE_SECS`] on an open stream: it sends
//! every change, and a keep-alive event otherwise. An open connection that delivers nothing for
//! longer (a hung proxy, a dead TCP connection that no `error` reports) holds stale data, which
//! no page may call live.

use model::time::Timestamp;
use model::wire::KEEP_ALIVE_SECS;

/// State of the connection to the backend, as every page shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Connection {
    Connecting,
    Live,
    /// Open, but silent past the keep-alive interval and [`MARGIN_MS`]: the data is stale.
    Stale,
    /// The stream dropped; the browser is retrying.
    Reconnecting,
}

/// Slack over the keep-alive interval for delivery and a busy browser.
pub const MARGIN_MS: i64 = 3_000;

/// Silence longer than this (milliseconds) on an open stream makes the data stale.
pub const SILENCE_MS: i64 = KEEP_ALIVE_SECS as i64 * 1000 + MARGIN_MS;

/// True when the backend was last heard at `heard` and is silent past [`SILENCE_MS`] at `now`.
/// Never heard: not silent (the stream is still connecting, which its own state says).
pub fn silent(now: Timestamp, heard: Option<Timestamp>) -> bool {
    heard.is_some_and(|h| now.0 - h.0 > SILENCE_MS)
}

/// The connection state at `now` of a connection in state `conn` that last heard the backend at
/// `heard`: a live one turns stale when silent, a stale one live again once heard. Connecting
/// and reconnecting are the stream's own events' to change.
pub fn judge(conn: Connection, now: Timestamp, heard: Option<Timestamp>) -> Connection {
    match conn {
        Connection::Live if silent(now, heard) => Connection::Stale,
        Connection::Stale if !silent(now, heard) => Connection::Live,
        other => other,
    }
}

/// True when a stale stream should be replaced by a new one at `now`, the last one having been
/// opened at `opened`: once per [`SILENCE_MS`], so a hung proxy is not hammered.
pub fn reopen_due(conn: Connection, now: Timestamp, opened: Option<Timestamp>) -> bool {
    conn == Connection::Stale && opened.is_none_or(|o| now.0 - o.0 > SILENCE_MS)
}

/// The age of the data at `now` in seconds: how long ago the backend was last heard.
pub fn age_secs(now: Timestamp, heard: Option<Timestamp>) -> Option<f64> {
    heard.map(|h| h.seconds_until(now).max(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: Timestamp = Timestamp(1_700_000_000_000);

    fn at(ms: i64) -> Timestamp {
        Timestamp(T0.0 + ms)
    }

    #[test]
    fn a_quiet_stream_hearing_keep_alives_stays_live() {
        // Keep-alives every 15 s: never silent past the margin.
        let mut conn = Connection::Live;
        for k in 0..20 {
            let heard = Some(at(k * 15_000));
            for s in 0..15 {
                conn = judge(conn, at(k * 15_000 + s * 1000), heard);
                assert_eq!(conn, Connection::Live, "at {k}×15 s + {s} s");
            }
        }
    }

    #[test]
    fn silence_past_keep_alive_and_margin_is_stale_and_a_word_makes_it_live() {
        let heard = Some(T0);
        assert_eq!(
            judge(Connection::Live, at(SILENCE_MS), heard),
            Connection::Live
        );
        assert_eq!(
            judge(Connection::Live, at(SILENCE_MS + 1), heard),
            Connection::Stale
        );
        // Within keep-alive + 5 s of silence, whatever the 1 s clock's phase.
        assert!(SILENCE_MS + 1000 < KEEP_ALIVE_SECS as i64 * 1000 + 5000);
        let later = Some(at(SILENCE_MS + 500));
        assert_eq!(
            judge(Connection::Stale, at(SILENCE_MS + 600), later),
            Connection::Live
        );
    }

    #[test]
    fn connecting_and_reconnecting_are_left_to_the_stream() {
        for c in [Connection::Connecting, Connection::Reconnecting] {
            assert_eq!(judge(c, at(3_600_000), Some(T0)), c);
            assert_eq!(judge(c, at(0), None), c);
        }
        assert_eq!(
            judge(Connection::Live, at(3_600_000), None),
            Connection::Live
        );
    }

    #[test]
    fn a_stale_stream_is_reopened_once_per_silence_interval() {
        assert!(reopen_due(Connection::Stale, at(0), None));
        assert!(!reopen_due(Connection::Stale, at(SILENCE_MS), Some(T0)));
        assert!(reopen_due(Connection::Stale, at(SILENCE_MS + 1), Some(T0)));
        assert!(!reopen_due(Connection::Live, at(10 * SILENCE_MS), Some(T0)));
    }

    #[test]
    fn the_age_is_the_time_since_the_backend_was_heard() {
        assert_eq!(age_secs(at(47_000), Some(T0)), Some(47.0));
        assert_eq!(age_secs(at(0), Some(at(500))), Some(0.0));
        assert_eq!(age_secs(at(0), None), None);
    }
}
