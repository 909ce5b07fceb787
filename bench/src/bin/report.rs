//! The benchmark report: (a) criterion's medians as a markdown table of
//! ns/query and ratios, one row per kind per family (mixed, no-shortcut,
//! streaming; streaming rows also give the bytes of one query's inputs),
//! with a second ratio from paired runs (below), (b) both libraries over
//! every scene's full query set, the fractions of hits and of the shortcut
//! cases, disagreements counted and classified (see `scene::judge`). Exits
//! with status 1 if any disagreement is unexplained.
//!
//! Paired ratio: criterion times one library for seconds, then the other;
//! on a shared machine the load can change in between. The report also
//! alternates the two libraries [`ROUNDS`] times on the same queries (each
//! run at least [`RUN_NS`] of CPU time, slow kinds on a prefix of the
//! queries) and takes the median of the per-round ratios: both sides of a
//! round see the same conditions.
//!
//! Usage: `report [--criterion DIR] [--check-only] [--only NAMES]` (default
//! DIR: `bench/target/criterion`; NAMES: `|`-separated substrings of the
//! criterion groups to report, e.g. `capsule|ray_sphere`; default all).

use scene::{Family, Kind, Spec, all_specs, thread_cpu_ns};
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

/// The paired runs of one scene: medians over [`ROUNDS`] rounds, each
/// running both libraries on the same queries back to back.
struct Paired {
    /// Median of the per-round ratios fixed time / parry time.
    ratio: f64,
    /// Median ns per query of fixed-collide.
    fixed_ns: f64,
    /// Median ns per query of parry.
    parry_ns: f64,
}

/// The paired runs of `kind` (see the module docs).
fn paired(kind: &dyn Kind) -> Paired {
    // Size the runs: the slower side on 1/64 of the queries, then a prefix
    // that takes about RUN_NS.
    let probe = kind.len() / 64;
    let slowest = cpu_time(|| kind.run_fixed(probe)).max(cpu_time(|| kind.run_parry(probe)));
    let n = ((RUN_NS / slowest * probe as f64) as usize).clamp(probe, kind.len());
    let (mut ratios, mut fixed, mut parry) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        let (f, p) = (
            cpu_time(|| kind.run_fixed(n)),
            cpu_time(|| kind.run_parry(n)),
        );
        ratios.push(f / p);
        fixed.push(f / n as f64);
        parry.push(p / n as f64);
    }
    Paired {
        ratio: median(&mut ratios),
        fixed_ns: median(&mut fixed),
        parry_ns: median(&mut parry),
    }
}

/// The median of criterion's estimate for the spec's group and `function`,
/// in ns per query, if that benchmark has been run.
fn median_ns(dir: &Path, spec: &Spec, kind: &dyn Kind, function: &str) -> Option<f64> {
    Some(median_iter_ns(dir, &spec.group(), function)? / kind.len() as f64)
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

/// The timing row of one scene.
fn timing_row(dir: &Path, spec: &Spec, kind: &dyn Kind) -> String {
    let fixed = median_ns(dir, spec, kind, "fixed");
    let parry = median_ns(dir, spec, kind, spec.parry_fn);
    let pair = paired(kind);
    let paired = pair.ratio;
    let note = if spec.time_fixed {
        String::new()
    } else {
        format!(
            "{} / fixed = {} (paired {:.1})",
            spec.parry_fn,
            ratio(parry, fixed),
            1.0 / paired
        )
    };
    let bytes = match spec.family {
        Family::Stream => format!("{} / {}", spec.bytes.0, spec.bytes.1),
        _ => "—".into(),
    };
    format!(
        "| {} | {} | `{}` | {} | {} | {} | {:.2} | {:.2} / {:.2} | {} | {} |",
        spec.query,
        spec.family.label(),
        spec.parry_call,
        ns(parry),
        ns(fixed),
        ratio(fixed, parry),
        paired,
        pair.parry_ns,
        pair.fixed_ns,
        bytes,
        note
    )
}

fn print_timings(rows: &[String]) {
    println!("## Time per query (criterion medians)\n");
    println!(
        "| kind | family | parry call | parry ns | fixed ns | fixed / parry | paired | paired ns parry / fixed | bytes/query fixed / parry | note |"
    );
    println!("|---|---|---|---:|---:|---:|---:|---:|---:|---|");
    for row in rows {
        println!("{row}");
    }
    println!(
        "\nfixed / parry: ratio of the criterion medians; paired: median over {ROUNDS} \
         back-to-back runs of both (same load), with the median ns per query of each side \
         in those runs (a prefix of the scene's queries for slow kinds). Clock: thread CPU time. Families: mixed \
         is the {} pairs of two pools of 1024 shapes (in cache) in random order, \
         no-shortcut the same for pools where no pair is a shortcut case (see the \
         queries below); streaming is {} distinct queries read once from memory, whose \
         input bytes per query are given.\n",
        scene::N_PAIRS,
        scene::stream::N_STREAM
    );
}

/// The check row of one scene, its disagreement classes and unexplained
/// examples.
fn check_row(spec: &Spec, kind: &dyn Kind) -> (String, Vec<String>, u64) {
    let pct = |k: u64, n: u64| format!("{:.1}%", 100.0 * k as f64 / n as f64);
    let t = kind.check(kind.len());
    let explained: u64 = t.classes.values().sum();
    let cases = if spec.shortcuts == ["", ""] {
        "—".to_string()
    } else {
        let [a, b] = spec.shortcuts;
        format!(
            "{a} {}, {b} {}",
            pct(t.shortcuts[0], t.n),
            pct(t.shortcuts[1], t.n)
        )
    };
    let row = format!(
        "| {} | {} | `{}` | {} | {} | {} | {} | {} | {} |",
        spec.query,
        spec.family.label(),
        spec.parry_call,
        t.n,
        pct(t.fixed_hits, t.n),
        pct(t.parry_hits, t.n),
        cases,
        explained,
        t.unexplained
    );
    let name = format!(
        "{} ({}) vs {}",
        spec.query,
        spec.family.label(),
        spec.parry_fn
    );
    let mut details: Vec<String> = t
        .classes
        .iter()
        .map(|(class, count)| format!("- {name}: {count} — {class}"))
        .collect();
    details.extend(
        t.examples
            .iter()
            .map(|e| format!("- {name}: UNEXPLAINED {e}")),
    );
    (row, details, t.unexplained)
}

fn print_checks(rows: &[String], details: &[String]) {
    println!("## Answers compared (every query of every scene)\n");
    println!(
        "| kind | family | parry call | queries | hits fixed | hits parry | shortcut cases | explained | unexplained |"
    );
    println!("|---|---|---|---:|---:|---:|---|---:|---:|");
    for row in rows {
        println!("{row}");
    }
    println!(
        "\nShortcut cases (counted on the exact grid values, whether or not the \
         library takes a shortcut there): for rays the origin inside the box and the box \
         behind the origin on some axis (for capsules and spheres: the origin in the shape, \
         and both ends of the segment behind it); for sweeps the moving box missing the bounding box \
         of its sweep, and overlapping at both ends.\n"
    );
    println!("### Disagreement classes\n");
    for line in details {
        println!("{line}");
    }
    println!();
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
    let only: Vec<String> = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        .map_or_else(Vec::new, |names| {
            names.split('|').map(String::from).collect()
        });
    let wanted = |spec: &Spec| only.is_empty() || only.iter().any(|n| spec.group().contains(n));
    let (mut timing_rows, mut check_rows, mut details) = (Vec::new(), Vec::new(), Vec::new());
    let mut unexplained = 0;
    // One scene at a time: a streaming scene is hundreds of MB.
    for spec in all_specs().into_iter().filter(wanted) {
        let kind = spec.build();
        if !check_only {
            timing_rows.push(timing_row(&dir, &spec, kind.as_ref()));
        }
        let (row, lines, bad) = check_row(&spec, kind.as_ref());
        check_rows.push(row);
        details.extend(lines);
        unexplained += bad;
    }
    if !check_only {
        print_timings(&timing_rows);
    }
    // The batch and broadphase tables belong to no query group: `--only`
    // leaves them out.
    let pairs_agree = !only.is_empty() || {
        let batch_agrees = batch(&dir);
        broadphase(&dir) && batch_agrees
    };
    print_checks(&check_rows, &details);
    if !pairs_agree {
        std::process::exit(1);
    }
    if unexplained > 0 {
        eprintln!("{unexplained} unexplained disagreements");
        std::process::exit(1);
    }
}
