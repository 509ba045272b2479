//! The backend and glibc's allocator: settings and calls that make resident memory follow what
//! is kept rather than what was once parsed.
//!
//! The heap has a peculiar shape: every (re)list parses pages of large JSON objects that are
//! dropped as soon as they are projected into the compact records that stay (see
//! [`crate::watch`]). Left to its defaults, glibc keeps much of that freed memory resident:
//!
//! * Its mmap threshold is dynamic: once a large buffer (a list page's body, say) is freed, the
//!   threshold rises to that buffer's size (up to 32 MiB) and the trim threshold to twice that.
//!   Later large buffers then come from the arenas, and a thread arena's free top is no longer
//!   given back on `free` (`malloc_trim` never shrinks a thread arena's top either). [`tune`]
//!   pins both thresholds at glibc's default of 128 KiB, which turns the adjustment off: large
//!   buffers are mapped and unmapped on their own, and a free top is returned.
//! * Free pages inside an arena stay resident until `malloc_trim` `madvise`s them away. [`trim`]
//!   is called after every (re)list and, through [`trim_periodically`], every [`TRIM_EVERY`].
//! * glibc gives threads their own arenas (up to eight per core), and each keeps its own free
//!   memory: what the watch loop frees on one worker is not reused for what the recorder or a
//!   blocking SQLite thread allocates on another. [`tune`] keeps [`ARENAS`] arenas; glibc's
//!   per-thread caches still serve most small allocations without taking an arena's lock. (The
//!   bench's `backend_rss_per_vmi_10000` read 300 to 600 bytes less per VMI with one arena than
//!   with glibc's default; two read about 100 bytes more than one. With one arena, though, the
//!   threads reading a fleet's lists queue on its one lock: the backend's CPU until a 10 ×
//!   10,000 fleet is ready was 9.2-12.0 s with one and 6.4-8.0 s with two, alternated, on two
//!   cores; see docs/benchmarks.md.)
//!
//! [`heap`] reads the allocator's own figures for `/metrics`. With another C library all of
//! this does nothing.

use std::time::Duration;

/// glibc's default mmap threshold, pinned (see the module documentation); the trim threshold is
/// set to the same.
pub const THRESHOLD: usize = 128 * 1024;

/// Heap arenas at most (see the module documentation).
pub const ARENAS: usize = 2;

/// How often free heap pages are returned besides after each (re)list.
pub const TRIM_EVERY: Duration = Duration::from_secs(60);

/// Sets the allocator up. Call it first thing in `main`, before any thread starts.
pub fn tune() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets glibc's own parameters; it takes no pointers.
    unsafe {
        let t = THRESHOLD as libc::c_int;
        libc::mallopt(libc::M_MMAP_THRESHOLD, t);
        libc::mallopt(libc::M_TRIM_THRESHOLD, t);
        libc::mallopt(libc::M_ARENA_MAX, ARENAS as libc::c_int);
    }
}

/// Asks the allocator to return free memory to the system: glibc's `malloc_trim` shrinks the
/// main heap and, since glibc 2.8, `madvise`s away the whole free pages inside every arena,
/// which is where the freed list pages sit.
pub fn trim() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks glibc's own arenas; it takes no pointers from us.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Calls [`trim`] every [`TRIM_EVERY`]: watch events, re-projections and page requests (an
/// evidence bundle, a drain impact over every VM) allocate and free transient objects, and
/// glibc keeps the freed pages resident until asked.
pub async fn trim_periodically() {
    let mut tick = tokio::time::interval(TRIM_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tick.tick().await;
    loop {
        tick.tick().await;
        trim();
    }
}

/// Heap bytes in use and free (kept by the allocator), where glibc tells.
pub fn heap() -> Option<(usize, usize)> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: mallinfo2 only reads glibc's own statistics.
        let m = unsafe { libc::mallinfo2() };
        Some((m.uordblks + m.hblkhd, m.fordblks))
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many arenas glibc has (`malloc_info` writes one `<heap>` element per arena).
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn arenas() -> usize {
        // SAFETY: the FILE is ours from tmpfile to fclose; malloc_info only writes into it.
        unsafe {
            let f = libc::tmpfile();
            assert!(!f.is_null());
            libc::malloc_info(0, f);
            libc::fflush(f);
            let text = std::fs::read_to_string(format!("/proc/self/fd/{}", libc::fileno(f)));
            libc::fclose(f);
            text.unwrap_or_default().matches("<heap nr=").count()
        }
    }

    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    fn new_threads_get_no_arena_of_their_own() {
        tune();
        let before = arenas();
        assert!(before >= 1);
        // Eight threads allocating at once: glibc would give each an arena of its own.
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(8));
        let threads: Vec<_> = (0..8)
            .map(|i| {
                let barrier = barrier.clone();
                std::thread::spawn(move || {
                    let v = vec![i as u8; 4096];
                    barrier.wait();
                    v.iter().map(|&b| b as usize).sum::<usize>()
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert!(arenas() <= before, "{} arenas, {before} before", arenas());
    }

    #[test]
    fn tuning_and_trimming_keep_the_heap_usable() {
        tune();
        let big = vec![1u8; 4 * THRESHOLD];
        let small: Vec<Box<[u8; 64]>> = (0..1000).map(|_| Box::new([7u8; 64])).collect();
        drop(big);
        trim();
        assert!(small.iter().all(|b| b[63] == 7));
        if let Some((used, _free)) = heap() {
            assert!(used >= 64 * 1000);
        }
    }
}
