//! The backend's allocator: mimalloc, set up so that resident memory follows what is kept
//! rather than what was once parsed.
//!
//! The heap has a peculiar shape: every (re)list parses pages of large JSON objects into
//! `serde_json` values (millions of small maps and strings at 10,000 VMIs) that are dropped as
//! soon as they are projected into the compact records that stay (see [`crate::watch`]).
//! glibc's malloc spent about 40% of the start at 10,000 VMIs in its own bookkeeping
//! (`_int_malloc`, `_int_free`, `malloc_consolidate`), the more so as it had been held to one
//! arena to keep its resident memory down; with mimalloc the start took about half as long for
//! about the same resident memory (`cargo xtask bench --only "backend start"` and
//! `--only "backend memory"` measure both).
//!
//! Its defaults keep freed memory committed for a while and commit arenas eagerly; [`tune`]
//! purges freed pages at once and commits on demand, and [`trim`] (called after every (re)list
//! and, through [`trim_periodically`], every [`TRIM_EVERY`]) collects what every thread freed.
//! [`resident`] reads the process's resident memory for `/metrics`.

use libmimalloc_sys as mi;
use std::time::Duration;

#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's option numbers, from `enum mi_option_e` in the v3 `include/mimalloc.h` that
/// libmimalloc-sys builds (its Rust constants name only some of the options).
const ARENA_EAGER_COMMIT: mi::mi_option_t = 4;
const PURGE_DELAY: mi::mi_option_t = 15;

/// How often freed memory is collected besides after each (re)list.
pub const TRIM_EVERY: Duration = Duration::from_secs(60);

/// Sets the allocator up. Call it first thing in `main`, before any thread starts.
pub fn tune() {
    // SAFETY: mi_option_set only stores a value in mimalloc's option table; it takes no pointers.
    unsafe {
        mi::mi_option_set(ARENA_EAGER_COMMIT, 0);
        mi::mi_option_set(PURGE_DELAY, 0);
    }
}

/// The allocator's option `option` now (for the tests).
fn option(option: mi::mi_option_t) -> i64 {
    // SAFETY: mi_option_get only reads mimalloc's option table.
    i64::from(unsafe { mi::mi_option_get(option) })
}

/// Asks the allocator to return free memory to the system (the freed list pages).
pub fn trim() {
    // SAFETY: mi_collect only walks mimalloc's own heaps; it takes no pointers from us.
    unsafe { mi::mi_collect(true) };
}

/// Calls [`trim`] every [`TRIM_EVERY`]: watch events, re-projections and page requests (an
/// evidence bundle, a drain impact over every VM) allocate and free transient objects.
pub async fn trim_periodically() {
    let mut tick = tokio::time::interval(TRIM_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tick.tick().await;
    loop {
        tick.tick().await;
        trim();
    }
}

/// The process's resident bytes now (`/proc/self/statm`; mimalloc's own process figures
/// report its committed bytes there, which do not drop when freed pages are reset).
pub fn resident() -> Option<usize> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: usize = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf only reads a system constant.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(pages * usize::try_from(page).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_options_are_set_where_mimalloc_reads_them() {
        tune();
        assert_eq!(option(PURGE_DELAY), 0);
        assert_eq!(option(ARENA_EAGER_COMMIT), 0);
    }

    #[test]
    fn freed_memory_goes_back_to_the_system() {
        tune();
        let big: Vec<Vec<u8>> = (0..64).map(|i| vec![i as u8; 1 << 20]).collect();
        let during = resident().expect("a resident figure");
        assert!(
            during >= 64 << 20,
            "{during} bytes resident with 64 MiB live"
        );
        drop(big);
        trim();
        let after = resident().expect("a resident figure");
        assert!(
            after + (32 << 20) < during,
            "{after} bytes resident after freeing 64 MiB (were {during})"
        );
    }
}
