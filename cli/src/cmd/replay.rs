//! `fixed-collide replay verify|record`.

use super::arena::Config;
use super::args::{FAILED, OK, RecordCommand, USAGE};
use super::progress::Progress;
use fixed_collide_cli::arena::scene::generate;
use fixed_collide_cli::replay::{self, Kind, Replay, ReplayError, Verdict};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The long description of `replay verify`.
pub const VERIFY_ABOUT: &str =
    "Re-run replays and compare them bit for bit with their recorded outputs.

Every .json file of a directory is verified, in name order; other files are
listed as skipped. One line per file:
  ok    FILE  arena 2D: 400 ticks, final hash 0123456789abcdef
  FAIL  FILE  first divergence at tick 17: state hash: expected .., actual ..
  ERROR FILE  not a valid replay: unsupported header.version 2 ...
Exit status: 0 if every replay matched, 1 otherwise, 2 usage error.";

/// Runs `replay verify PATHS`; returns the exit status.
pub fn verify(paths: &[PathBuf]) -> u8 {
    let mut failed = false;
    for path in paths {
        if path.is_dir() {
            let mut entries = match std::fs::read_dir(path) {
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
            failed |= !verify_one(path);
        }
    }
    if failed { FAILED } else { OK }
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
    let what = match (&r.arena, &r.queries) {
        (Some(a), _) => format!("arena {}D", a.dim),
        (_, Some(_)) => "queries".to_string(),
        _ => String::new(),
    };
    let progress = Progress::new(&format!("verify {}", path.display()));
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

/// Runs `replay record arena|queries`; returns the exit status.
pub fn record(what: &RecordCommand) -> u8 {
    let (built, out) = match what {
        RecordCommand::Arena { scene, out } => (record_arena(Config::from_args(scene)), out),
        RecordCommand::Queries { count, seed, out } => {
            let records = replay::queries::generate(count.unwrap_or(12_000), seed.unwrap_or(1));
            let r = Replay {
                header: replay::Header::current(Kind::Queries),
                arena: None,
                queries: Some(records),
            };
            (Ok(r), out)
        }
    };
    let r = match built {
        Ok(r) => r,
        Err(e) => {
            eprintln!("fixed-collide replay: {e}");
            return FAILED;
        }
    };
    match write_replay(&r, out) {
        Ok(()) => {
            println!("recorded {}", out.display());
            OK
        }
        Err(e) => {
            eprintln!("fixed-collide replay: {e}");
            USAGE
        }
    }
}

fn record_arena(config: Config) -> Result<Replay, ReplayError> {
    let Config {
        dim,
        bodies,
        ticks,
        seed,
    } = config;
    let progress = Progress::new("record");
    let mut sink = |d, t| progress.update(d, t);
    let r = if dim == 2 {
        replay::record_arena(
            generate::<2>(bodies, ticks, seed),
            seed,
            ticks,
            1,
            &mut sink,
        )
    } else {
        replay::record_arena(
            generate::<3>(bodies, ticks, seed),
            seed,
            ticks,
            1,
            &mut sink,
        )
    };
    progress.finish();
    r
}

/// Writes a replay as JSON: pretty for an arena, one query a line for a
/// query list (so a diff shows the queries that changed).
///
/// # Errors
/// The file cannot be written.
pub fn write_replay(r: &Replay, path: &Path) -> Result<(), String> {
    let io = |e: std::io::Error| format!("{}: {e}", path.display());
    let ser = |e: serde_json::Error| format!("{}: {e}", path.display());
    let file = std::fs::File::create(path).map_err(io)?;
    let mut w = std::io::BufWriter::new(file);
    match &r.queries {
        Some(qs) => {
            let header = serde_json::to_string(&r.header).map_err(ser)?;
            write!(w, "{{\"header\":{header},\n\"queries\":[").map_err(io)?;
            for (i, q) in qs.iter().enumerate() {
                let sep = if i == 0 { "\n" } else { ",\n" };
                write!(w, "{sep}{}", serde_json::to_string(q).map_err(ser)?).map_err(io)?;
            }
            writeln!(w, "\n]}}").map_err(io)?;
        }
        None => {
            serde_json::to_writer_pretty(&mut w, r).map_err(ser)?;
            writeln!(w).map_err(io)?;
        }
    }
    w.flush().map_err(io)
}
