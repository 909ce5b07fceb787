//! Helpers shared by the integration tests.
#![allow(dead_code)]

/// The seeded generator of the scenes and tests (one source for the whole
/// workspace).
#[path = "../../cli/src/rng.rs"]
pub mod rng;

/// Raw-bit values and generators of the property tests.
pub mod raw;

/// Shape builders and their exact text, for the edge tables.
pub mod table;

/// Property cases per proptest property: `FIXED_COLLIDE_CASES` when set to a
/// number (the cross-platform check lowers it under qemu), else 10,000.
pub fn cases() -> u32 {
    std::env::var("FIXED_COLLIDE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000)
}
