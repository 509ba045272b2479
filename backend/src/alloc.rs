//! The backend's allocator: mimalloc.
//!
//! Reading a cluster's lists is millions of small allocations (each object's JSON read into a
//! tree, projected, dropped). With glibc's malloc, pinned to one arena for memory's sake (see
//! [`crate::memory`]), `malloc` and `free` were a third of the CPU of a three-cluster start of
//! 30,000 VMIs, with lock waits between threads (8.5 s of CPU and 6.9 s until every cluster was
//! counted, on an idle two-core machine); with mimalloc's thread-local heaps, 3.1 s and 2.4 s.
//! Declared here, in the library, so that everything linking `backend` (`strata`, the tests,
//! the bench) allocates the same way.
//!
//! Left to itself, mimalloc asks for transparent huge pages on its arenas: after a start the
//! resident memory was 81 MiB against glibc's 51-64. [`crate::memory::tune`] turns huge pages
//! off for the process (57 MiB, the same CPU); [`crate::memory::trim`] also asks mimalloc to
//! return what it keeps free ([`collect`]).

use libmimalloc_sys::{mi_collect, mi_process_info};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Asks mimalloc to return the memory it keeps free (all threads' abandoned pages included).
pub fn collect() {
    // SAFETY: mi_collect walks mimalloc's own heaps; it takes no pointers from us.
    unsafe { mi_collect(true) }
}

/// The memory mimalloc has committed now, in bytes (on Linux: what it holds readable and
/// writable, an estimate of its share of the resident set).
pub fn committed() -> usize {
    let mut v = [0usize; 8];
    let [a, b, c, d, e, f, g, h] = &mut v;
    // SAFETY: mi_process_info writes one usize through each pointer, all valid for the call.
    unsafe { mi_process_info(a, b, c, d, e, f, g, h) };
    v[5]
}
