//! The benchmark report: (a) criterion's medians as a markdown table of
//! ns/query and ratios, with a second ratio from paired runs (below), (b)
//! both libraries over every kind's full query set, disagreements counted
//! and classified (see `scene::judge`). Exits with status 1 if any
//! disagreement is unexplained.
//!
//! Paired ratio: criterion times one library for seconds, then the other;
//! on a shared machine the load can change in between. The report also
//! alternates the two libraries [`ROUNDS`] times on the same queries (each
//! run at least [`RUN_NS`] of CPU time, slow kinds on a prefix of the
//! pairs) and takes the median of the per-round ratios: both sides of a
//! round see the same conditions.
//!
//! Usage: `report [--criterion DIR] [--check-only]` (default DIR:
//! `bench/target/criterion`).

use scene::{Kind, N_PAIRS, Pair, all_kinds, pairs, thread_cpu_ns};
use std::hint::black_box;
use std::path::{Path, PathBuf};

/// Rounds of the paired ratio.
const ROUNDS: usize = 41;

/// Largest CPU time of one run of the paired ratio (slower kinds run on a
/// prefix of the pairs): 20 ms.
const RUN_NS: f64 = 2e7;

/// CPU time of `run` in ns.
fn cpu_time(run: impl FnOnce() -> u64) -> f64 {
    let start = thread_cpu_ns();
    black_box(run());
    (thread_cpu_ns() - start) as f64
}

/// The median of `v` (sorted in place).
fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The median over [`ROUNDS`] of fixed time / parry time, each round
/// running both on the same pairs back to back.
fn paired_ratio(kind: &dyn Kind, pairs: &[Pair]) -> f64 {
    // Size the runs: the slower side on 1/64 of the pairs, then a prefix
    // that takes about RUN_NS.
    let probe = &pairs[..pairs.len() / 64];
    let slowest = cpu_time(|| kind.run_fixed(probe)).max(cpu_time(|| kind.run_parry(probe)));
    let n = ((RUN_NS / slowest * probe.len() as f64) as usize).clamp(probe.len(), pairs.len());
    let sample = &pairs[..n];
    let mut ratios: Vec<f64> = (0..ROUNDS)
        .map(|_| cpu_time(|| kind.run_fixed(sample)) / cpu_time(|| kind.run_parry(sample)))
        .collect();
    median(&mut ratios)
}

/// The median of criterion's estimate for `group/function`, in ns per
/// query, if that benchmark has been run.
fn median_ns(dir: &Path, group: &str, function: &str) -> Option<f64> {
    Some(median_iter_ns(dir, group, function)? / N_PAIRS as f64)
}

/// The median of criterion's estimate for `group/function`, in ns per
/// iteration.
fn median_iter_ns(dir: &Path, group: &str, function: &str) -> Option<f64> {
    let path = dir.join(group).join(function).join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json["median"]["point_estimate"].as_f64()
}

/// The batch table: ns per box test of the single-query loop and of the
/// batch form, and the speed-up. Returns whether their answers agreed.
fn batch(dir: &Path) -> bool {
    use scene::batch::{Batch, CASES};
    let data = Batch::new();
    println!(
        "## Batch forms against the single-query loop (criterion medians, {} box tests)\n",
        data.tests()
    );
    println!("| case | single ns/test | batch ns/test | speed-up |");
    println!("|---|---:|---:|---:|");
    for case in CASES {
        let group = format!("batch_{case}");
        let per = |f| median_iter_ns(dir, &group, f).map(|v| v / data.tests() as f64);
        let (s, b) = (per("single"), per("batch"));
        println!("| {case} | {} | {} | {} |", ns(s), ns(b), ratio(s, b));
    }
    match data.check() {
        Ok(()) => {
            println!("\nSingle and batch answers agree on every case.\n");
            true
        }
        Err(e) => {
            println!("\nBATCH ANSWERS DIFFER: {e}\n");
            false
        }
    }
}

/// The broadphase table: ms per tick (update every box, list every pair)
/// for each scene size, and the pair sets compared tick by tick on the
/// smallest scene. Returns whether the pair sets agreed.
fn broadphase(dir: &Path) -> bool {
    use scene::broad;
    println!("## Broadphase: moving boxes, per tick update + pair list (criterion medians)\n");
    println!("| bodies | parry `Bvh` ms/tick | fixed `Broadphase` ms/tick | fixed / parry |");
    println!("|---:|---:|---:|---:|");
    for &n in broad::SIZES {
        let group = format!("broadphase_{}k", n / 1000);
        let per_tick = |f| median_iter_ns(dir, &group, f).map(|v| v / broad::TICKS as f64 / 1e6);
        let (p, f) = (per_tick("parry"), per_tick("fixed"));
        let ms = |v: Option<f64>| v.map_or("—".into(), |v| format!("{v:.3}"));
        println!("| {n} | {} | {} | {} |", ms(p), ms(f), ratio(f, p));
    }
    let n = broad::SIZES[0];
    let m = broad::motion(n, broad::TICKS + 1, broad::SEED);
    match broad::check_same_pairs(&m) {
        Ok(count) => {
            println!(
                "\nSame pair sets as parry on every tick ({n} bodies, {count} pairs over {} ticks); ours in canonical order.\n",
                broad::TICKS
            );
            true
        }
        Err(e) => {
            println!("\nPAIR SETS DIFFER: {e}\n");
            false
        }
    }
}

fn ns(v: Option<f64>) -> String {
    v.map_or("—".into(), |v| format!("{v:.2}"))
}

fn ratio(num: Option<f64>, den: Option<f64>) -> String {
    match (num, den) {
        (Some(n), Some(d)) => format!("{:.2}", n / d),
        _ => "—".into(),
    }
}

fn timings(dir: &Path, kinds: &[Box<dyn Kind>], pairs: &[Pair]) {
    println!("## Time per query (criterion medians, {N_PAIRS} distinct queries per kind)\n");
    println!("| kind | parry call | parry ns | fixed ns | fixed / parry | paired | note |");
    println!("|---|---|---:|---:|---:|---:|---|");
    for kind in kinds {
        let fixed = median_ns(dir, kind.name(), "fixed");
        let parry = median_ns(dir, kind.name(), kind.parry_fn());
        let paired = paired_ratio(kind.as_ref(), pairs);
        let note = if kind.time_fixed() {
            String::new()
        } else {
            format!(
                "{} / fixed = {} (paired {:.1})",
                kind.parry_fn(),
                ratio(parry, fixed),
                1.0 / paired
            )
        };
        println!(
            "| {} | `{}` | {} | {} | {} | {:.2} | {} |",
            kind.name(),
            kind.parry_call(),
            ns(parry),
            ns(fixed),
            ratio(fixed, parry),
            paired,
            note
        );
    }
    println!(
        "\nfixed / parry: ratio of the criterion medians; paired: median over {ROUNDS} \
         back-to-back runs of both (same load). Clock: thread CPU time.\n"
    );
}

/// Runs the checks; returns the number of unexplained disagreements.
fn checks(kinds: &[Box<dyn Kind>], pairs: &[Pair]) -> u64 {
    let pct = |k: u64, n: u64| format!("{:.1}%", 100.0 * k as f64 / n as f64);
    println!("## Answers compared (every query of every kind)\n");
    println!("| kind | parry call | hits fixed | hits parry | explained | unexplained |");
    println!("|---|---|---:|---:|---:|---:|");
    let mut details = Vec::new();
    let mut total = 0;
    for kind in kinds {
        let t = kind.check(pairs);
        let explained: u64 = t.classes.values().sum();
        println!(
            "| {} | `{}` | {} | {} | {} | {} |",
            kind.name(),
            kind.parry_call(),
            pct(t.fixed_hits, t.n),
            pct(t.parry_hits, t.n),
            explained,
            t.unexplained
        );
        total += t.unexplained;
        details.push((kind.name(), kind.parry_fn(), t));
    }
    println!("\n### Disagreement classes\n");
    for (name, parry_fn, t) in &details {
        for (class, count) in &t.classes {
            println!("- {name} vs {parry_fn}: {count} — {class}");
        }
        for example in &t.examples {
            println!("- {name} vs {parry_fn}: UNEXPLAINED {example}");
        }
    }
    println!();
    total
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check_only = args.iter().any(|a| a == "--check-only");
    let dir = args
        .iter()
        .position(|a| a == "--criterion")
        .and_then(|i| args.get(i + 1))
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/criterion"));
    let kinds = all_kinds();
    let pairs = pairs(scene::PAIR_SEED);
    if !check_only {
        timings(&dir, &kinds, &pairs);
    }
    let batch_agrees = batch(&dir);
    let pairs_agree = broadphase(&dir) && batch_agrees;
    let unexplained = checks(&kinds, &pairs);
    if !pairs_agree {
        std::process::exit(1);
    }
    if unexplained > 0 {
        eprintln!("{unexplained} unexplained disagreements");
        std::process::exit(1);
    }
}
