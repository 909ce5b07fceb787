//! `fixed-collide arena`: run the deterministic arena, print its hashes, and
//! optionally record or check a replay.

use super::opts::Opts;
use super::progress::Progress;
use fixed_collide::arena::World;
use fixed_collide::arena::scene::{RandomRot, generate};
use fixed_collide::replay;
use fixed_collide::rot::{Obb, Rot};
use fixed_collide::state_hash::hex;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The scene `arena` runs with no options, recorded in `replays/arena-2d.json`.
pub const DEFAULT: Config = Config {
    dim: 2,
    bodies: 400,
    ticks: 400,
    seed: 1,
};

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

pub const HELP: &str = "Usage: fixed-collide arena [--dim 2|3] [--bodies N] [--ticks N] [--seed S]
                           [--print-every N] [--record FILE] [--check FILE]

Runs the deterministic arena: moving boxes, oriented boxes and balls among
static obstacles, using every query family each tick (continuous sweeps so
fast bodies never tunnel, ray sensors, contacts, triggers). Prints the state
hash every --print-every ticks (default: 8 lines in all) and a summary:
ticks, queries per family, time per tick, final hash.

With no options it runs the default scene (2D, 400 bodies, 400 ticks, seed 1)
and checks it against replays/arena-2d.json. --record FILE writes a replay of
the run (a state hash every tick); --check FILE compares the run with a
recorded replay of the same parameters.

Exit status: 0 success, 1 a check failed, 2 usage error or unreadable file.
";

/// Runs `arena` with its arguments; returns the exit status.
pub fn command(args: &[OsString]) -> u8 {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        print!("{HELP}");
        return 0;
    }
    let opts = match Opts::parse(
        args,
        &[
            "dim",
            "bodies",
            "ticks",
            "seed",
            "print-every",
            "record",
            "check",
        ],
    ) {
        Ok(o) => o,
        Err(e) => return usage(&e),
    };
    if let Some(p) = opts.positional.first() {
        return usage(&format!("arena takes no positional argument (got '{p}')"));
    }
    let parsed = (|| -> Result<(Config, u32), String> {
        let c = Config {
            dim: opts.int("dim", DEFAULT.dim, 2, 3)?,
            bodies: opts.int("bodies", DEFAULT.bodies, 0, 200_000)?,
            ticks: opts.int("ticks", DEFAULT.ticks, 0, 10_000_000)?,
            seed: opts.int("seed", DEFAULT.seed, 0, u64::MAX)?,
        };
        let print_every = opts.int("print-every", (c.ticks / 8).max(1), 1, u64::from(u32::MAX))?;
        Ok((c, print_every))
    })();
    let (config, print_every) = match parsed {
        Ok(v) => v,
        Err(e) => return usage(&e),
    };
    let check = match opts.get("check") {
        Some(p) => Some(PathBuf::from(p)),
        None if opts.is_empty() => default_replay(),
        None => None,
    };
    let record = opts.get("record").map(PathBuf::from);
    match config.dim {
        2 => run::<2>(config, print_every, record.as_deref(), check.as_deref()),
        _ => run::<3>(config, print_every, record.as_deref(), check.as_deref()),
    }
}

fn usage(message: &str) -> u8 {
    eprintln!("fixed-collide arena: {message}\nTry 'fixed-collide arena --help'.");
    2
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
    record: Option<&Path>,
    check: Option<&Path>,
) -> u8
where
    Rot<D>: RandomRot,
    Obb<D>: fixed_collide::Sat,
{
    let scene = generate::<D>(config.bodies, config.ticks, config.seed);
    let obstacles = scene.obstacles.len();
    let mut world = match World::new(scene.clone()) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("fixed-collide arena: invalid scene: {e}");
            return 2;
        }
    };
    println!(
        "arena {D}D: {} bodies, {obstacles} obstacles, {} ticks, seed {}",
        config.bodies, config.ticks, config.seed
    );
    let mut progress = Progress::new("arena");
    let mut hashes = Vec::with_capacity(config.ticks as usize);
    let started = Instant::now();
    for t in 1..=config.ticks {
        if let Err(e) = world.step() {
            progress.finish();
            eprintln!("fixed-collide arena: tick {t}: {e}");
            return 1;
        }
        let h = world.state_hash();
        hashes.push(hex(h));
        if t % print_every == 0 || t == config.ticks {
            progress.finish();
            println!("tick {t:>7}  hash {}", hex(h));
        }
        progress.update(u64::from(t), u64::from(config.ticks));
    }
    let elapsed = started.elapsed();
    progress.finish();
    let c = world.counts();
    println!(
        "queries: {} in all: aabb_overlap {}, aabb_intersection {}, aabb_contact {}, aabb_sweep {}, \
         aabb_sweep_pair {}, ray_aabb {}, ray_obb {}, obb_overlap {}, sphere_aabb {}, sphere_obb {}",
        c.total(),
        c.aabb_overlap,
        c.aabb_intersection,
        c.aabb_contact,
        c.aabb_sweep,
        c.aabb_sweep_pair,
        c.ray_aabb,
        c.ray_obb,
        c.obb_overlap,
        c.sphere_aabb,
        c.sphere_obb
    );
    let per_tick = elapsed.as_secs_f64() * 1e3 / f64::from(config.ticks.max(1));
    println!(
        "time: {per_tick:.3} ms per tick ({:.0} ms in all)",
        elapsed.as_secs_f64() * 1e3
    );
    let final_hash = hex(world.state_hash());
    println!("final hash {final_hash}");
    let mut status = 0;
    if let Some(path) = record {
        let mut sink = |_, _| {};
        let written = replay::record_arena(scene, config.seed, config.ticks, 1, &mut sink)
            .map_err(|e| e.to_string())
            .and_then(|r| super::replay::write_replay(&r, path));
        match written {
            Ok(()) => println!("recorded {}", path.display()),
            Err(e) => {
                eprintln!("fixed-collide arena: cannot record: {e}");
                status = 2;
            }
        }
    }
    if let Some(path) = check {
        status = status.max(check_against(path, config, &hashes, &final_hash));
    }
    status
}

/// Compares this run's per-tick hashes with a recorded arena replay.
fn check_against(path: &Path, config: Config, hashes: &[String], final_hash: &str) -> u8 {
    let r = match replay::load(path) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("fixed-collide arena: {}: {e}", path.display());
            return 2;
        }
    };
    let Some(a) = r.arena.as_ref() else {
        eprintln!(
            "fixed-collide arena: {} is not an arena replay",
            path.display()
        );
        return 2;
    };
    if (a.dim, a.scene.bodies.len() as u32, a.ticks, a.seed)
        != (config.dim, config.bodies, config.ticks, config.seed)
    {
        eprintln!(
            "fixed-collide arena: {} records {}D, {} bodies, {} ticks, seed {}: other parameters than this run",
            path.display(),
            a.dim,
            a.scene.bodies.len(),
            a.ticks,
            a.seed
        );
        return 1;
    }
    let every = a.hash_every.max(1) as usize;
    for (k, want) in a.hashes.iter().enumerate() {
        let tick = (k + 1) * every;
        if hashes.get(tick - 1) != Some(want) {
            println!(
                "MISMATCH with {}: tick {tick}: state hash expected {want}, actual {}",
                path.display(),
                hashes.get(tick - 1).map_or("(none)", String::as_str)
            );
            return 1;
        }
    }
    if a.final_state.hash != final_hash {
        println!(
            "MISMATCH with {}: final hash expected {}, actual {final_hash}",
            path.display(),
            a.final_state.hash
        );
        return 1;
    }
    println!(
        "final hash {final_hash} matches {} (recorded by fixed-collide {}): {} tick hashes agree",
        path.display(),
        r.header.crate_version,
        a.hashes.len()
    );
    0
}
