//! Reading a file of `tests/fixtures/` by its path under that folder (shared by the test files
//! that diagnose fixtures by name).

/// The text of `tests/fixtures/<name>`; a missing file fails the test with its path.
pub fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
