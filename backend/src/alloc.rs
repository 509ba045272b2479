//! The backend's allocator: mimalloc, with settings that give freed memory back soon.
//!
//! Reading a cluster's lists is millions of small allocations (each object's JSON read into a
//! tree, projected, dropped). With glibc's malloc, pinned to one arena for memory's sake (see
//! [`crate::memory`]), `malloc` and `free` were a third of the CPU of a three-cluster start of
//! 30,000 VMIs, with lock waits between threads: 4.2 s of CPU. mimalloc's thread-local heaps
//! took it to 2.6 s. Declared here, in the library, so that everything linking `backend`
//! (`strata`, the tests, the bench) allocates the same way.
//!
//! mimalloc keeps freed pages for reuse: after a start's burst, left to its defaults, it held
//! 1.5 to 2.5 times glibc's resident memory. [`tune`] has it return them 1 ms after they are
//! freed and commit arena memory as used, which kept the resident memory at glibc's (56 against
//! 53-66 MiB) for 2.8 s of CPU; [`crate::memory::trim`] also asks it to collect.

use libmimalloc_sys::{mi_option_get, mi_option_set, mi_option_t};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_arena_eager_commit` in mimalloc v3's `mimalloc.h` (default 2: on overcommitting
/// systems). The Rust crate's constants are v2's numbering, so v3's are named here.
pub const ARENA_EAGER_COMMIT: mi_option_t = 4;
/// `mi_option_purge_delay` in mimalloc v3's `mimalloc.h` (milliseconds; default 10).
pub const PURGE_DELAY: mi_option_t = 15;

/// Sets mimalloc's options (see the module's documentation). Call it first thing in `main`.
pub fn tune() {
    // SAFETY: plain setters of mimalloc's option table, valid at any time.
    unsafe {
        mi_option_set(PURGE_DELAY, 1);
        mi_option_set(ARENA_EAGER_COMMIT, 0);
    }
}

/// The purge delay and the arenas' eager commit as mimalloc holds them now.
pub fn options() -> (i64, i64) {
    // SAFETY: reads of mimalloc's option table.
    unsafe {
        (
            mi_option_get(PURGE_DELAY) as i64,
            mi_option_get(ARENA_EAGER_COMMIT) as i64,
        )
    }
}

/// Asks mimalloc to return the memory it keeps free (all threads' abandoned pages included).
pub fn collect() {
    // SAFETY: mi_collect walks mimalloc's own heaps; it takes no pointers from us.
    unsafe { libmimalloc_sys::mi_collect(true) }
}

/// The memory mimalloc has committed now, in bytes (on Linux: what it holds readable and
/// writable, an estimate of its share of the resident set).
pub fn committed() -> usize {
    let mut v = [0usize; 8];
    // SAFETY: mi_process_info writes one usize through each pointer, all valid for the call.
    unsafe {
        let [a, b, c, d, e, f, g, h] = &mut v;
        libmimalloc_sys::mi_process_info(a, b, c, d, e, f, g, h);
    }
    v[5]
}
