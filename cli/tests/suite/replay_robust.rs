//! Nothing panics on any replay: small recordings with bytes changed,
//! removed or repeated, read as they are and sealed again, are refused with
//! an error or re-run to a match or a divergence.

use fixed_collide_cli::replay;
use replay_support::{Lcg, arena_text, queries_text};

use crate::replay_support;

/// Bytes that make JSON interesting where they land.
const BYTES: &[u8] = b"0123456789-.,:{}[]\"e \\\nx";

fn mutate(text: &str, rng: &mut Lcg) -> String {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(b.len());
        match rng.below(3) {
            0 => b[at] = BYTES[rng.below(BYTES.len())],
            1 => {
                b.remove(at);
            }
            _ => {
                let end = (at + 1 + rng.below(40)).min(b.len());
                let piece = b[at..end].to_vec();
                b.splice(at..at, piece);
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Reads and re-runs a text as it is and sealed again; how many of the two
/// were re-run.
fn exercise(text: &str) -> usize {
    let mut ran = 0;
    if let Ok(r) = replay::parse(text) {
        let _ = replay::verify(&r, &mut |_, _| {});
        ran += 1;
    }
    if let Ok(sealed) = replay::reseal(text)
        && let Ok(r) = replay::parse(&sealed)
    {
        let _ = replay::verify(&r, &mut |_, _| {});
        ran += 1;
    }
    ran
}

#[test]
fn mutated_replays_never_panic() {
    let arena = arena_text(2, 6, 6, 3, 2);
    let arena3 = arena_text(3, 5, 4, 4, 1);
    let queries = queries_text(30, 8);
    let mut rng = Lcg(99);
    let mut ran = 0;
    for i in 0..3000 {
        let base = [&arena, &arena3, &queries][i % 3];
        ran += exercise(&mutate(base, &mut rng));
    }
    // Many mutations leave a file that reads (spaces, the same number
    // spelled otherwise, a changed value sealed again) and is re-run.
    assert!(ran > 100, "only {ran} re-runs");
}
