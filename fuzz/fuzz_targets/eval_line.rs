//! The eval line parser on any bytes: never a panic, and every line gets
//! exactly one answer or one error whose JSON parses back.
#![no_main]

use fixed_collide_cli::eval::eval_bytes;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match eval_bytes(1, data) {
        Ok(answer) => {
            let json = answer.to_json();
            assert!(json.starts_with("{\"hit\":"), "{json}");
        }
        Err(e) => {
            let json = e.to_json();
            assert!(json.starts_with("{\"error\":\"line 1: "), "{json}");
        }
    }
});
