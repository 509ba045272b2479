//! The SSE event ids: `<epoch>-<seq>`, the store's random epoch in hex and the sequence number
//! of the last change the event carries. A `Last-Event-ID` of another epoch (an earlier process,
//! another replica behind the same Service) or of no epoch at all resumes nothing: the stream
//! starts with a snapshot. Browsers treat the id as opaque; nothing parses it but this module.

/// The id of an event whose last change is `seq`.
pub fn event_id(epoch: u64, seq: u64) -> String {
    format!("{epoch:016x}-{seq}")
}

/// The sequence number a `Last-Event-ID` resumes from, when it is of `epoch`.
pub fn resume_from(epoch: u64, last_event_id: &str) -> Option<u64> {
    let (e, seq) = last_event_id.trim().split_once('-')?;
    let e = u64::from_str_radix(e, 16).ok()?;
    (e == epoch).then_some(())?;
    seq.parse::<u64>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_foreign_ones_resume_nothing() {
        let id = event_id(0xabc, 42);
        assert_eq!(id, "0000000000000abc-42");
        assert_eq!(resume_from(0xabc, &id), Some(42));
        assert_eq!(resume_from(0xabd, &id), None);
        assert_eq!(resume_from(0xabc, "42"), None);
        assert_eq!(resume_from(0xabc, "0000000000000abc-"), None);
        assert_eq!(resume_from(1, &event_id(1, u64::MAX)), Some(u64::MAX));
    }
}
