//! The one policy for the OS random source. Session ids, CSP nonces, correlation ids and the
//! store's epoch all come from it, and none of them has a safe substitute (a clock-based nonce or
//! session id can be guessed), so a failing source is not worked around: it panics, naming the
//! source. `getrandom` fails only on a host without a usable source (on Linux `getrandom(2)`
//! waits for the entropy pool rather than failing), which no page can be served safely on.

/// `N` bytes from the OS random source.
///
/// # Panics
/// When the OS has no usable random source (see the module's policy).
pub fn bytes<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    if let Err(e) = getrandom::fill(&mut b) {
        panic!("the OS random source failed ({e}); Strata needs it for session ids and nonces");
    }
    b
}

#[cfg(test)]
mod tests {
    #[test]
    fn two_draws_differ() {
        // 2^-256 chance of a false failure.
        assert_ne!(super::bytes::<32>(), super::bytes::<32>());
        assert_ne!(super::bytes::<32>(), [0u8; 32]);
    }
}
