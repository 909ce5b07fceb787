//! The benchmark report: (a) criterion's medians as a markdown table of
//! ns/query and ratios, (b) both libraries over every kind's full query set,
//! disagreements counted and classified (see `scene::judge`). Exits with
//! status 1 if any disagreement is unexplained.
//!
//! Usage: `report [--criterion DIR] [--check-only]` (default DIR:
//! `bench/target/criterion`).

use scene::{Kind, N_PAIRS, all_kinds, pairs};
use std::path::{Path, PathBuf};

/// The median of criterion's estimate for `group/function`, in ns per
/// query, if that benchmark has been run.
fn median_ns(dir: &Path, group: &str, function: &str) -> Option<f64> {
    let path = dir.join(group).join(function).join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    let per_iter = json["median"]["point_estimate"].as_f64()?;
    Some(per_iter / N_PAIRS as f64)
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

fn timings(dir: &Path, kinds: &[Box<dyn Kind>]) {
    println!("## Time per query (criterion medians, {N_PAIRS} distinct queries per kind)\n");
    println!("| kind | parry call | parry ns | fixed ns | fixed / parry | note |");
    println!("|---|---|---:|---:|---:|---|");
    for kind in kinds {
        let fixed = median_ns(dir, kind.name(), "fixed");
        let parry = median_ns(dir, kind.name(), kind.parry_fn());
        let note = if kind.time_fixed() {
            String::new()
        } else {
            format!("{} / fixed = {}", kind.parry_fn(), ratio(parry, fixed))
        };
        println!(
            "| {} | `{}` | {} | {} | {} | {} |",
            kind.name(),
            kind.parry_call(),
            ns(parry),
            ns(fixed),
            ratio(fixed, parry),
            note
        );
    }
    println!();
}

/// Runs the checks; returns the number of unexplained disagreements.
fn checks(kinds: &[Box<dyn Kind>]) -> u64 {
    let pairs = pairs(scene::PAIR_SEED);
    let pct = |k: u64, n: u64| format!("{:.1}%", 100.0 * k as f64 / n as f64);
    println!("## Answers compared (every query of every kind)\n");
    println!("| kind | parry call | hits fixed | hits parry | explained | unexplained |");
    println!("|---|---|---:|---:|---:|---:|");
    let mut details = Vec::new();
    let mut total = 0;
    for kind in kinds {
        let t = kind.check(&pairs);
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
    if !check_only {
        timings(&dir, &kinds);
    }
    let unexplained = checks(&kinds);
    if unexplained > 0 {
        eprintln!("{unexplained} unexplained disagreements");
        std::process::exit(1);
    }
}
