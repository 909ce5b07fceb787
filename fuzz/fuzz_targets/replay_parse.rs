//! The replay reader on any text: never a panic; a file it accepts
//! verifies or reports a divergence, without panicking either.
#![no_main]

use fixed_collide_cli::replay;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(r) = replay::parse(text) {
        // Verification re-runs the recording: it must match or diverge,
        // never panic. Long arena runs are legitimate but slow: the fuzzer
        // re-runs only short ones.
        let short = r.arena().is_none_or(|a| a.ticks <= 64 && a.bodies <= 64);
        if short {
            let _ = replay::verify(&r, &mut |_, _| {});
        }
    }
});
