//! Fuzz target: any bytes pasted into `strata diagnose` or the paste page go through the whole
//! pipeline without a panic or a hang. The body is `model::input::fuzz::fuzz_one`, which the
//! property tests run too.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    model::input::fuzz::fuzz_one(data);
});
