//! Replays are recorded and verified as streams: a 200,000-query replay
//! (about 58 MB) records and verifies in at most 64 MB resident. This file
//! holds one test, so that the peak resident size of its process
//! (`VmHWM`, Linux) is the test's own. It runs in release builds only (in
//! debug it takes minutes): `cargo test --release --test replay_memory`.

use fixed_collide_cli::replay::{self, Verdict};

#[path = "suite/replay_support/mod.rs"]
mod replay_support;

/// The peak resident size of this process in KiB, where Linux tells it.
fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
#[cfg_attr(debug_assertions, ignore = "minutes in debug: run with --release")]
fn a_200000_query_replay_records_and_verifies_in_64_mb() {
    let Some(before) = peak_kib() else {
        eprintln!("no /proc/self/status here: skipped");
        return;
    };
    let file = replay_support::scratch("memory").join("queries.json");
    replay::queries::record(200_000, 11, &file, &mut |_, _| {}).unwrap();
    let size = std::fs::metadata(&file).unwrap().len();
    assert!(size > 50_000_000, "{size} bytes");
    let r = replay::load(&file).unwrap();
    let verdict = replay::verify(&r, &mut |_, _| {}).unwrap();
    assert!(
        matches!(&verdict, Verdict::Match(m) if m.starts_with("200000 queries")),
        "{verdict:?}"
    );
    let peak = peak_kib().unwrap();
    eprintln!("peak resident: {peak} KiB (before: {before} KiB), file: {size} bytes");
    assert!(peak <= 64 * 1024, "peak resident {peak} KiB");
    let _ = std::fs::remove_file(&file);
}
