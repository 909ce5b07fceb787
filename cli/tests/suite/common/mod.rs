//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::process::Command;

/// Property cases per proptest property: `FIXED_COLLIDE_CASES` when set to a
/// number (the cross-platform check lowers it under qemu), else 10,000.
pub fn cases() -> u32 {
    std::env::var("FIXED_COLLIDE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000)
}

/// A command running the `fixed-collide` binary in the workspace root,
/// through the emulator named by `FIXED_COLLIDE_RUNNER` (such as
/// `qemu-aarch64`) when it is set.
pub fn bin() -> Command {
    let mut c = runner();
    c.current_dir(root());
    c
}

fn runner() -> Command {
    let exe = env!("CARGO_BIN_EXE_fixed-collide");
    match std::env::var("FIXED_COLLIDE_RUNNER") {
        Ok(runner) if !runner.trim().is_empty() => {
            let mut parts = runner.split_whitespace();
            let mut c = Command::new(parts.next().unwrap_or_default());
            c.args(parts).arg(exe);
            c
        }
        _ => Command::new(exe),
    }
}

/// The workspace root, where `replays/` and `examples/` are.
pub fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}
