//! The allocator (`backend::alloc`) and its settings (`backend::memory::tune`), in a test binary
//! of its own.

#[test]
fn allocations_go_to_mimalloc_and_the_process_has_no_transparent_huge_pages() {
    backend::memory::tune();
    // What is allocated shows in mimalloc's committed memory.
    let before = backend::alloc::committed();
    let held: Vec<Vec<u8>> = (0..64).map(|i| vec![i as u8; 64 * 1024]).collect();
    assert!(backend::alloc::committed() >= before + 2 * 1024 * 1024);
    drop(held);
    backend::alloc::collect();
    // SAFETY: PR_GET_THP_DISABLE reads a flag of this process; the other arguments are unused.
    let thp_disabled = unsafe { libc::prctl(libc::PR_GET_THP_DISABLE, 0, 0, 0, 0) };
    assert_eq!(thp_disabled, 1);
}
