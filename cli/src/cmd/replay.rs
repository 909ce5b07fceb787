//! `fixed-collide replay verify|record`.

use super::arena::Config;
use super::args::{FAILED, OK, RecordCommand, USAGE};
use super::progress::Progress;
use fixed_collide_cli::arena::scene::generate;
use fixed_collide_cli::replay::{self, ReplayError, Verdict};
use std::path::{Path, PathBuf};

/// The long description of `replay verify`.
pub const VERIFY_ABOUT: &str =
    "Re-run replays and compare them bit for bit with their recorded outputs.

Every .json file of a directory is verified, in name order; other files are
listed as skipped. One line per file:
  ok    FILE  arena 2D: 400 ticks, final hash 0123456789abcdef
  FAIL  FILE  first divergence at tick 17: state hash: expected .., actual ..
  ERROR FILE  not a valid replay: unsupported header.version 2 ...
--explain prints, under a FAIL line, the report of 'replay diff' between the
recording and this build's re-run (the bodies and query that differ).
Exit status: 0 if every replay matched, 1 otherwise, 2 usage error.";

/// Runs `replay verify PATHS`; returns the exit status.
pub fn verify(paths: &[PathBuf], explain: bool) -> u8 {
    let mut failed = false;
    for path in paths {
        if path.is_dir() {
            let mut entries = match std::fs::read_dir(path) {
                Ok(rd) => rd
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .collect::<Vec<_>>(),
                Err(e) => {
                    crate::outln!("ERROR {}  cannot read directory: {e}", path.display());
                    failed = true;
                    continue;
                }
            };
            entries.sort();
            for p in entries {
                if p.extension().is_none_or(|e| e != "json") {
                    crate::outln!("skip  {}  (not a .json file)", p.display());
                } else if p.is_file() {
                    failed |= !verify_one(&p, explain);
                } else {
                    // A .json name that is not a readable file: a dangling
                    // or looping symlink, a directory. Never skipped quietly.
                    let why = match std::fs::metadata(&p) {
                        Ok(m) if m.is_dir() => "a directory, not a replay file".to_string(),
                        Ok(_) => "not a regular file".to_string(),
                        Err(e) => format!("cannot read: {e}"),
                    };
                    crate::outln!("ERROR {}  {why}", p.display());
                    failed = true;
                }
            }
        } else {
            failed |= !verify_one(path, explain);
        }
    }
    if failed { FAILED } else { OK }
}

/// Verifies one file and prints its line; true when it matched.
fn verify_one(path: &Path, explain: bool) -> bool {
    let r = match replay::load(path) {
        Ok(r) => r,
        Err(e) => {
            crate::outln!("ERROR {}  {e}", path.display());
            return false;
        }
    };
    let what = r.what();
    let progress = Progress::new(&format!("verify {}", path.display()));
    let verdict = replay::verify(&r, &mut |d, t| progress.update(d, t));
    progress.finish();
    match verdict {
        Ok(Verdict::Match(summary)) => {
            crate::outln!("ok    {}  {what}: {summary}", path.display());
            true
        }
        Ok(Verdict::Diverged(d)) => {
            crate::outln!("FAIL  {}  {d}", path.display());
            if explain {
                super::diff::explain(path, &r);
            }
            false
        }
        Err(e) => {
            crate::outln!("ERROR {}  {e}", path.display());
            false
        }
    }
}

/// Runs `replay record arena|queries`; returns the exit status: 0 when
/// the replay was written, 1 when the run failed, 2 when the file cannot be
/// written.
pub fn record(what: &RecordCommand) -> u8 {
    let progress = Progress::new("record");
    let mut sink = |d, t| progress.update(d, t);
    let (written, out) = match what {
        RecordCommand::Arena { scene, desync, out } => {
            let config = Config::from_args(scene);
            let options = match super::arena::desync_options(desync, config) {
                Ok(o) => o,
                Err(e) => {
                    progress.finish();
                    eprintln!("fixed-collide replay: {e}");
                    return USAGE;
                }
            };
            let detail = super::arena::detail(desync);
            let Config {
                dim,
                bodies,
                ticks,
                seed,
            } = config;
            let r = if dim == 2 {
                let scene = generate::<2>(bodies, ticks, seed);
                replay::record_arena_with(scene, seed, ticks, detail, &options, out, &mut sink)
                    .map(|_| ())
            } else {
                let scene = generate::<3>(bodies, ticks, seed);
                replay::record_arena_with(scene, seed, ticks, detail, &options, out, &mut sink)
                    .map(|_| ())
            };
            (r, out)
        }
        RecordCommand::Queries { count, seed, out } => {
            let (count, seed) = (count.unwrap_or(16_200), seed.unwrap_or(1));
            (replay::queries::record(count, seed, out, &mut sink), out)
        }
    };
    progress.finish();
    match written {
        Ok(()) => {
            crate::outln!("recorded {}", out.display());
            OK
        }
        Err(e @ ReplayError::Io(_)) => {
            eprintln!("fixed-collide replay: {e}");
            USAGE
        }
        Err(e) => {
            eprintln!("fixed-collide replay: {e}");
            FAILED
        }
    }
}
