//! `fixed-collide replay verify|record`.

use super::arena::Config;
use super::opts::Opts;
use super::progress::Progress;
use fixed_collide_cli::arena::scene::generate;
use fixed_collide_cli::replay::{self, Verdict};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

pub const HELP: &str = "Usage: fixed-collide replay verify FILE|DIR...
       fixed-collide replay record arena [--dim 2|3] [--bodies N] [--ticks N] [--seed S] --out FILE
       fixed-collide replay record queries [--count N] [--seed S] --out FILE

verify re-runs every replay (each .json file of a directory, in name order;
other files are listed as skipped) and compares it bit for bit with its
recorded outputs. One line per file:
  ok    FILE  arena 2D: 400 ticks, final hash 0123456789abcdef
  FAIL  FILE  first divergence at tick 17: state hash: expected .., actual ..
  ERROR FILE  not a valid replay: unsupported header.version 2 ...
Exit status: 0 if every replay matched, 1 otherwise, 2 usage error.

record arena runs a generated scene (defaults: those of 'fixed-collide arena')
and writes its inputs, a state hash per tick and the final state.
record queries writes --count (default 12000) generated eval queries covering
every op in 2D and 3D and every edge category, with this build's answers.
";

/// Runs `replay ...`; returns the exit status.
pub fn command(args: &[OsString]) -> u8 {
    let Some((sub, rest)) = args.split_first() else {
        return usage("replay needs 'verify' or 'record'");
    };
    match sub.to_str() {
        Some("-h" | "--help" | "help") => {
            print!("{HELP}");
            0
        }
        Some("verify") => verify_command(rest),
        Some("record") => record_command(rest),
        _ => usage(&format!(
            "unknown replay command '{}'",
            sub.to_string_lossy()
        )),
    }
}

fn usage(message: &str) -> u8 {
    eprintln!("fixed-collide replay: {message}\nTry 'fixed-collide replay --help'.");
    2
}

fn verify_command(args: &[OsString]) -> u8 {
    if args.is_empty() {
        return usage("verify needs at least one FILE or DIR");
    }
    let mut failed = false;
    for arg in args {
        let path = PathBuf::from(arg);
        if path.is_dir() {
            let mut entries = match std::fs::read_dir(&path) {
                Ok(rd) => rd
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .collect::<Vec<_>>(),
                Err(e) => {
                    println!("ERROR {}  cannot read directory: {e}", path.display());
                    failed = true;
                    continue;
                }
            };
            entries.sort();
            for p in entries {
                if p.extension().is_some_and(|e| e == "json") && p.is_file() {
                    failed |= !verify_one(&p);
                } else {
                    println!("skip  {}  (not a .json file)", p.display());
                }
            }
        } else {
            failed |= !verify_one(&path);
        }
    }
    u8::from(failed)
}

/// Verifies one file and prints its line; true when it matched.
fn verify_one(path: &Path) -> bool {
    let r = match replay::load(path) {
        Ok(r) => r,
        Err(e) => {
            println!("ERROR {}  {e}", path.display());
            return false;
        }
    };
    let what = r.what();
    let mut progress = Progress::new(&format!("verify {}", path.display()));
    let verdict = replay::verify(&r, &mut |d, t| progress.update(d, t));
    progress.finish();
    match verdict {
        Ok(Verdict::Match(summary)) => {
            println!("ok    {}  {what}: {summary}", path.display());
            true
        }
        Ok(Verdict::Diverged(d)) => {
            println!("FAIL  {}  {d}", path.display());
            false
        }
        Err(e) => {
            println!("ERROR {}  {e}", path.display());
            false
        }
    }
}

fn record_command(args: &[OsString]) -> u8 {
    let Some((what, rest)) = args.split_first() else {
        return usage("record needs 'arena' or 'queries'");
    };
    let opts = match Opts::parse(rest, &["dim", "bodies", "ticks", "seed", "count", "out"]) {
        Ok(o) => o,
        Err(e) => return usage(&e),
    };
    let Some(out) = opts.get("out").map(PathBuf::from) else {
        return usage("record needs --out FILE");
    };
    let built: Result<(), String> = match what.to_str() {
        Some("arena") => (|| {
            let Config {
                dim,
                bodies,
                ticks,
                seed,
            } = Config::from_opts(&opts)?;
            let mut progress = Progress::new("record");
            let mut sink = |d, t| progress.update(d, t);
            let r = if dim == 2 {
                replay::record_arena(
                    generate::<2>(bodies, ticks, seed),
                    seed,
                    ticks,
                    1,
                    &out,
                    &mut sink,
                )
            } else {
                replay::record_arena(
                    generate::<3>(bodies, ticks, seed),
                    seed,
                    ticks,
                    1,
                    &out,
                    &mut sink,
                )
            };
            progress.finish();
            r.map(|_| ()).map_err(|e| e.to_string())
        })(),
        Some("queries") => (|| {
            let count: u32 = opts.int("count", 12_000, 1, 10_000_000)?;
            let seed: u64 = opts.int("seed", 1, 0, u64::MAX)?;
            let mut progress = Progress::new("record");
            let r = replay::queries::record(count, seed, &out, &mut |d, t| progress.update(d, t));
            progress.finish();
            r.map_err(|e| e.to_string())
        })(),
        _ => {
            return usage(&format!(
                "cannot record '{}': use 'arena' or 'queries'",
                what.to_string_lossy()
            ));
        }
    };
    match built {
        Ok(()) => {
            println!("recorded {}", out.display());
            0
        }
        Err(e) => usage(&e),
    }
}
