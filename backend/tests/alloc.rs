//! The allocator's settings (`backend::alloc`), in a test binary of its own: the option numbers
//! are checked against mimalloc's defaults before anything sets them.

#[test]
fn the_options_tuned_are_mimallocs_purge_delay_and_arena_eager_commit() {
    // v3's documented defaults: if these numbers named other options, they would differ.
    assert_eq!(
        backend::alloc::options(),
        (10, 2),
        "not the options named: is mimalloc v3?"
    );
    backend::alloc::tune();
    assert_eq!(backend::alloc::options(), (1, 0));
    // The allocator in use is mimalloc: what is allocated shows in its committed memory.
    let before = backend::alloc::committed();
    let held: Vec<Vec<u8>> = (0..64).map(|i| vec![i as u8; 64 * 1024]).collect();
    assert!(backend::alloc::committed() >= before + 2 * 1024 * 1024);
    drop(held);
    backend::alloc::collect();
}
