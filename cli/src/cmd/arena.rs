//! `fixed-collide arena`: run the deterministic arena, print its hashes, and
//! optionally record or check a replay.

use super::args::{ArenaArgs, DesyncArgs, DetailArg, FAILED, OK, SceneArgs, USAGE};
use super::progress::Progress;
use fixed_collide_cli::arena::scene::generate;
use fixed_collide_cli::replay::{self, ArenaCheck, ArenaWriter, Detail, FinalState, RunOptions};
use fixed_collide_cli::state_hash::hex;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The scene `arena` runs with no options, recorded in `replays/arena-2d.json`.
pub const DEFAULT: Config = Config {
    dim: 2,
    bodies: 400,
    ticks: 400,
    seed: 1,
};

impl Config {
    /// The scene options given, the others from [`DEFAULT`].
    pub fn from_args(args: &SceneArgs) -> Config {
        Config {
            dim: args.dim.unwrap_or(DEFAULT.dim),
            bodies: args.bodies.unwrap_or(DEFAULT.bodies),
            ticks: args.ticks.unwrap_or(DEFAULT.ticks),
            seed: args.seed.unwrap_or(DEFAULT.seed),
        }
    }
}

/// An arena run's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// 2 or 3.
    pub dim: u32,
    /// Number of moving bodies.
    pub bodies: u32,
    /// Number of ticks.
    pub ticks: u32,
    /// Scene seed.
    pub seed: u64,
}

/// The long description of `arena`.
pub const ABOUT: &str = "Run the deterministic arena: moving boxes, oriented boxes, balls and
capsules (and convex polygons in 2D) among static obstacles (and segment
walls and polygons in 2D), using every
query family each tick (continuous sweeps so
fast bodies never tunnel, ray sensors, contacts, triggers). Prints the state
hash every --print-every ticks (default: 8 lines in all) and a summary:
ticks, queries per family, time per tick, final hash.

With no options it runs the default scene (2D, 400 bodies, 400 ticks, seed 1)
and checks it against replays/arena-2d.json. --record FILE writes a replay of
the run (a state hash every tick; with --detail bodies,queries also every
body's state and a digest of every query family every tick, for 'replay
diff'); --check FILE compares the run with a recorded replay of the same
parameters. --perturb BODY@TICK moves one body by one ulp before one tick:
a simulated desync (docs/desync.md).";

/// Shown after `arena`'s help.
pub const AFTER_HELP: &str =
    "Exit status: 0 success, 1 a check failed, 2 usage error or unreadable file.";

/// Runs `arena` with its options; returns the exit status.
pub fn command(args: &ArenaArgs) -> u8 {
    let config = Config::from_args(&args.scene);
    let print_every = args.print_every.unwrap_or((config.ticks / 8).max(1));
    let check = match &args.check {
        Some(p) => Some(p.clone()),
        None if args.is_default_run() => default_replay(),
        None => None,
    };
    let record = args.record.as_deref();
    if !args.desync.detail.is_empty() && record.is_none() {
        eprintln!(
            "fixed-collide arena: --detail is what --record FILE records: give --record FILE"
        );
        return USAGE;
    }
    let options = match desync_options(&args.desync, config) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("fixed-collide arena: {e}");
            return USAGE;
        }
    };
    let detail = detail(&args.desync);
    let out = record.map(|p| (p, detail));
    match config.dim {
        2 => run::<2>(config, print_every, out, check.as_deref(), &options),
        _ => run::<3>(config, print_every, out, check.as_deref(), &options),
    }
}

/// The detail `--detail` asks for.
pub fn detail(args: &DesyncArgs) -> Detail {
    Detail {
        bodies: args.detail.contains(&DetailArg::Bodies),
        queries: args.detail.contains(&DetailArg::Queries),
    }
}

/// The run options of `--detail` and `--perturb BODY@TICK`, the
/// perturbation checked against the run.
///
/// # Errors
/// A message naming `--perturb`'s value and the range it is out of.
pub fn desync_options(args: &DesyncArgs, config: Config) -> Result<RunOptions, String> {
    if let Some((body, tick)) = args.perturb {
        let value = format!("--perturb {body}@{tick}");
        if body >= config.bodies {
            return Err(format!(
                "{value}: there is no body {body} (the run has bodies 0..{}, --bodies {})",
                config.bodies, config.bodies
            ));
        }
        if tick == 0 || tick > config.ticks {
            return Err(format!(
                "{value}: tick {tick} is not a tick of the run (1..={}, --ticks {})",
                config.ticks, config.ticks
            ));
        }
    }
    Ok(RunOptions {
        perturb: args.perturb,
        queries: detail(args).queries,
        capture: None,
    })
}

/// `replays/arena-2d.json` in the current directory or in the crate's.
fn default_replay() -> Option<PathBuf> {
    let rel = Path::new("replays").join("arena-2d.json");
    if rel.exists() {
        return Some(rel);
    }
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join(&rel);
    built.exists().then_some(built)
}

fn run<const D: usize>(
    config: Config,
    print_every: u32,
    record: Option<(&Path, Detail)>,
    check: Option<&Path>,
    options: &RunOptions,
) -> u8
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let scene = generate::<D>(config.bodies, config.ticks, config.seed);
    crate::outln!(
        "arena {D}D: {} bodies, {} obstacles, {} ticks, seed {}",
        config.bodies,
        scene.obstacles.len(),
        config.ticks,
        config.seed
    );
    if let Some((body, tick)) = options.perturb {
        crate::outln!(
            "perturbed: body {body} moved by one ulp along x before tick {tick} (a simulated desync)"
        );
    }
    // The replay to check against and the one to record are read and
    // written as the run goes, one record at a time; both are opened before
    // the run, so a bad path is reported at once.
    let mut checker = match check.map(|p| open_check(p, config)).transpose() {
        Ok(c) => c,
        Err(status) => return status,
    };
    let mut writer = match record
        .map(|(p, d)| ArenaWriter::create_with(p, &scene, config.seed, config.ticks, 1, d))
        .transpose()
    {
        Ok(w) => w,
        Err(e) => {
            eprintln!("fixed-collide arena: cannot record: {e}");
            return USAGE;
        }
    };
    let progress = Progress::new("arena");
    let started = Instant::now();
    // One run: its per-tick hashes are printed, checked and recorded as
    // they come.
    let outcome = replay::run_arena_with(scene, config.ticks, options, &mut |world| {
        let (t, h) = (world.tick(), world.state_hash());
        if t % print_every == 0 || t == config.ticks {
            progress.suspend(|| crate::outln!("tick {t:>7}  hash {}", hex(h)));
        }
        progress.update(u64::from(t), u64::from(config.ticks));
        if let Some(c) = checker.as_mut() {
            // Keep running (and printing) after a mismatch.
            let _ = c.state(t, h);
        }
        if let Some(w) = writer.as_mut() {
            w.tick(world, h);
        }
        ControlFlow::Continue(())
    });
    let elapsed = started.elapsed();
    progress.finish();
    let run = match outcome {
        Ok(r) => r,
        Err(e) => {
            eprintln!("fixed-collide arena: {e}");
            return FAILED;
        }
    };
    crate::outln!("queries: {}", run.counts);
    let per_tick = elapsed.as_secs_f64() * 1e3 / f64::from(config.ticks.max(1));
    crate::outln!(
        "time: {per_tick:.3} ms per tick ({:.0} ms in all)",
        elapsed.as_secs_f64() * 1e3
    );
    crate::outln!("final hash {}", hex(run.final_state.hash));
    let mut status = OK;
    if let (Some(c), Some(path)) = (checker, check) {
        status = check_against(path, c, &run.final_state);
    }
    if let (Some(w), Some((path, _))) = (writer, record) {
        match w.finish(&run.final_state) {
            Ok(()) => crate::outln!("recorded {}", path.display()),
            Err(e) => {
                eprintln!("fixed-collide arena: cannot record: {e}");
                status = status.max(USAGE);
            }
        }
    }
    status
}

/// Opens a recorded arena replay of the same parameters as this run; the
/// exit status when it cannot be used.
fn open_check(path: &Path, config: Config) -> Result<ArenaCheck, u8> {
    let r = match replay::load(path) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("fixed-collide arena: {}: {e}", path.display());
            return Err(USAGE);
        }
    };
    let Some(a) = r.arena() else {
        eprintln!(
            "fixed-collide arena: {} is not an arena replay",
            path.display()
        );
        return Err(USAGE);
    };
    if (a.dim, a.bodies, a.ticks, a.seed) != (config.dim, config.bodies, config.ticks, config.seed)
    {
        eprintln!(
            "fixed-collide arena: {} records {}D, {} bodies, {} ticks, seed {}: other parameters than this run",
            path.display(),
            a.dim,
            a.bodies,
            a.ticks,
            a.seed
        );
        return Err(FAILED);
    }
    ArenaCheck::open(&r).map_err(|e| {
        eprintln!("fixed-collide arena: {}: {e}", path.display());
        USAGE
    })
}

/// Compares this run's final state with the replay's (its state hashes
/// were compared as the run went).
fn check_against(path: &Path, check: ArenaCheck, actual: &FinalState) -> u8 {
    let states = check.info().states();
    let recorded_by = check.header().crate_version.clone();
    match check.finish(actual) {
        Ok(Some(d)) => {
            crate::outln!("MISMATCH with {}: {d}", path.display());
            FAILED
        }
        Ok(None) => {
            crate::outln!(
                "final hash {} matches {} (recorded by fixed-collide {recorded_by}): {states} tick hashes agree",
                hex(actual.hash),
                path.display(),
            );
            OK
        }
        Err(e) => {
            eprintln!("fixed-collide arena: {}: {e}", path.display());
            USAGE
        }
    }
}
