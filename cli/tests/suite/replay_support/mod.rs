//! Helpers of the replay tests: small replays recorded by this build, read
//! as text, edited a line at a time, and run.
#![allow(dead_code)]

use fixed_collide_cli::arena::scene::generate;
use fixed_collide_cli::replay::{self, Divergence, ReplayError, Verdict};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh scratch directory under the target directory, of a name no
/// other test (or test process) uses.
pub fn scratch(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let unique = format!("{name}-{}-{n}", std::process::id());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(unique);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn quiet() -> impl FnMut(u64, u64) {
    |_, _| {}
}

/// The text of an arena replay of a generated scene.
pub fn arena_text(dim: u32, bodies: u32, ticks: u32, seed: u64, hash_every: u32) -> String {
    let dir = scratch(&format!("arena_{dim}_{bodies}_{ticks}_{seed}_{hash_every}"));
    let out = dir.join("arena.json");
    if dim == 2 {
        let scene = generate::<2>(bodies, ticks, seed);
        replay::record_arena(scene, seed, ticks, hash_every, &out, &mut quiet()).unwrap();
    } else {
        let scene = generate::<3>(bodies, ticks, seed);
        replay::record_arena(scene, seed, ticks, hash_every, &out, &mut quiet()).unwrap();
    }
    std::fs::read_to_string(out).unwrap()
}

/// The text of a query replay of `count` generated queries.
pub fn queries_text(count: u32, seed: u64) -> String {
    let dir = scratch(&format!("queries_{count}_{seed}"));
    let out = dir.join("queries.json");
    replay::queries::record(count, seed, &out, &mut quiet()).unwrap();
    std::fs::read_to_string(out).unwrap()
}

/// The text of a query replay of the given `eval` lines.
pub fn queries_of(name: &str, inputs: &[&str]) -> String {
    let out = scratch(name).join("queries.json");
    let mut w = replay::queries::QueryWriter::create(&out).unwrap();
    for (i, input) in inputs.iter().enumerate() {
        w.push(&format!("case {i}"), input).unwrap();
    }
    w.finish().unwrap();
    std::fs::read_to_string(out).unwrap()
}

/// A replay of the repository (`replays/NAME`), as text.
pub fn repository(name: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::read_to_string(root.join("replays").join(name)).unwrap()
}

/// The lines of a text (without line ends).
pub fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

/// Lines back into a text, each ended by `\n`.
pub fn join(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The text with line `n` (0 is the header) parsed, changed by `f` and
/// written back as compact JSON.
pub fn edit_line(text: &str, n: usize, f: impl FnOnce(&mut Value)) -> String {
    let mut all = lines(text);
    let mut v: Value = serde_json::from_str(&all[n]).unwrap();
    f(&mut v);
    all[n] = v.to_string();
    join(&all)
}

/// The index of the first line whose record is named `tag`
/// (`{"tag": {..}}`), from line `from` on.
pub fn find(text: &str, tag: &str, from: usize) -> usize {
    text.lines()
        .enumerate()
        .skip(from)
        .find(|(_, l)| l.starts_with(&format!("{{\"{tag}\":")))
        .unwrap_or_else(|| panic!("no {tag} record"))
        .0
}

/// Reads, checks and re-runs a replay given as text.
pub fn run(text: &str) -> Result<Verdict, ReplayError> {
    let r = replay::parse(text)?;
    replay::verify(&r, &mut quiet())
}

/// The first divergence of a replay that must diverge.
pub fn diverged(text: &str) -> Divergence {
    match run(text) {
        Ok(Verdict::Diverged(d)) => d,
        other => panic!("expected a divergence, got {other:?}"),
    }
}

/// The summary of a replay that must match.
pub fn matched(text: &str) -> String {
    match run(text) {
        Ok(Verdict::Match(m)) => m,
        other => panic!("expected a match, got {other:?}"),
    }
}

/// The error of a replay that must be refused.
pub fn refused(text: &str) -> ReplayError {
    match run(text) {
        Err(e) => e,
        Ok(v) => panic!("expected an error, got {v:?}"),
    }
}

/// The text with its header resealed to its (edited) content.
pub fn reseal(text: &str) -> String {
    replay::reseal(text).unwrap_or_else(|e| panic!("reseal: {e}"))
}

/// A small deterministic generator (a 64-bit linear congruential one) for
/// the positions that tests edit.
pub struct Lcg(pub u64);

impl Lcg {
    /// The next value in `0..n` (0 for `n = 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n.max(1) as u64) as usize
    }
}
