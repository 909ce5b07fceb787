//! Running an arena with options beyond stepping (a simulated desync, a
//! query log) and recording it with detail.

use super::detail::Detail;
use super::run::{ArenaCheck, ArenaRun, ArenaWriter, FinalState};
use super::{Replay, ReplayError};
use crate::arena::World;
use crate::arena::scene::Scene;
use std::ops::ControlFlow;
use std::path::Path;

/// What a run does beyond stepping: a simulated desync, a query log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunOptions {
    /// `(body, tick)`: moves the body by one ulp along x just before the
    /// tick (from 1) is run ([`World::perturb`]).
    pub perturb: Option<(u32, u32)>,
    /// Logs each query family's digest per tick ([`World::log_queries`]).
    pub queries: bool,
    /// Captures the queries of one family (every family: `None`) at one
    /// tick (a query log).
    pub capture: Option<(u32, Option<crate::eval::Op>)>,
}

/// Runs a scene for `ticks` ticks as [`run_arena`](super::run_arena) does, with `options`;
/// `on_tick` sees the world after every tick.
///
/// # Errors
/// As [`run_arena`](super::run_arena); [`ReplayError::Input`] naming `perturb.tick` or
/// `perturb.body` when the perturbation names no tick or body of the run.
///
/// # Examples
/// ```
/// use fixed_collide_cli::{arena::scene::generate, replay::{run_arena_with, RunOptions}};
/// use std::ops::ControlFlow;
/// let perturbed = RunOptions { perturb: Some((2, 3)), ..RunOptions::default() };
/// let mut hashes = [Vec::new(), Vec::new()];
/// for (h, o) in hashes.iter_mut().zip([RunOptions::default(), perturbed]) {
///     run_arena_with(generate::<2>(8, 5, 1), 5, &o, &mut |w| {
///         h.push(w.state_hash());
///         ControlFlow::Continue(())
///     })
///     .unwrap();
/// }
/// assert_eq!(hashes[0][..2], hashes[1][..2]);
/// assert_ne!(hashes[0][2], hashes[1][2]);
/// let late = RunOptions { perturb: Some((2, 6)), ..RunOptions::default() };
/// let e = run_arena_with(generate::<2>(8, 5, 1), 5, &late, &mut |_| ControlFlow::Continue(()));
/// assert!(e.unwrap_err().to_string().contains("perturb.tick: 6"));
/// ```
pub fn run_arena_with<const D: usize>(
    scene: Scene<D>,
    ticks: u32,
    options: &RunOptions,
    on_tick: &mut dyn FnMut(&World<D>) -> ControlFlow<()>,
) -> Result<ArenaRun, ReplayError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let n = scene.bodies.len();
    let mut world = World::new(scene)?;
    if let Some((body, tick)) = options.perturb {
        if tick == 0 || tick > ticks {
            return Err(ReplayError::Input(crate::Error::Invalid {
                field: crate::Field::new("perturb.tick"),
                reason: format!("{tick} (the run has ticks 1..={ticks})"),
            }));
        }
        if body as usize >= n {
            return Err(ReplayError::Input(crate::Error::Invalid {
                field: crate::Field::new("perturb.body"),
                reason: format!("{body} (the run has bodies 0..{n})"),
            }));
        }
    }
    if options.queries || options.capture.is_some() {
        world.log_queries(options.capture);
    }
    for t in 1..=ticks {
        if let Some((body, tick)) = options.perturb
            && tick == t
        {
            world.perturb(body)?;
        }
        world.step()?;
        if on_tick(&world).is_break() {
            break;
        }
    }
    Ok(ArenaRun {
        final_state: FinalState::of(&world),
        counts: world.counts(),
    })
}

/// Runs a scene with `options` and records it at `out` with `detail`, a
/// state hash every `hash_every` ticks; `progress(done, total)` follows the
/// ticks. A perturbed run is recorded as if it were not: its inputs are the
/// scene's, its states those of the perturbed run (a simulated desync).
///
/// # Errors
/// As [`record_arena`](super::record_arena) and [`run_arena_with`].
///
/// # Examples
/// ```
/// use fixed_collide_cli::{arena::scene::generate, replay::{self, Detail, RunOptions, Verdict}};
/// let out = std::env::temp_dir().join(format!("fc-detail-doc-{}.json", std::process::id()));
/// let all = Detail { bodies: true, queries: true };
/// let o = RunOptions { perturb: Some((1, 3)), ..RunOptions::default() };
/// replay::record_arena_with(generate::<2>(5, 6, 9), 9, 6, all, &o, &out, &mut |_, _| {}).unwrap();
/// let r = replay::load(&out).unwrap();
/// assert_eq!(r.header.extensions, ["body-states", "query-digests"]);
/// let Verdict::Diverged(d) = replay::verify(&r, &mut |_, _| {}).unwrap() else { panic!() };
/// assert_eq!(d.at, "tick 3");
/// # std::fs::remove_file(&out).unwrap();
/// ```
#[allow(clippy::too_many_arguments)]
pub fn record_arena_with<const D: usize>(
    scene: Scene<D>,
    seed: u64,
    ticks: u32,
    detail: Detail,
    options: &RunOptions,
    out: &Path,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<ArenaRun, ReplayError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let mut writer = ArenaWriter::create_with(out, &scene, seed, ticks, 1, detail)?;
    let options = RunOptions {
        queries: options.queries || detail.queries,
        ..*options
    };
    let run = run_arena_with(scene, ticks, &options, &mut |w| {
        writer.tick(w, w.state_hash());
        progress(u64::from(w.tick()), u64::from(ticks));
        ControlFlow::Continue(())
    })?;
    writer.finish(&run.final_state)?;
    Ok(run)
}

/// Runs an arena replay's scene again with this build and records the
/// run at `out` with the same detail and state interval: the other side of
/// `replay verify --explain`'s report.
///
/// # Errors
/// [`ReplayError::Format`] for a query replay; as [`super::load`] when the
/// file changed since it was read; as [`record_arena_with`].
///
/// # Examples
/// ```
/// use fixed_collide_cli::{arena::scene::generate, replay::{self, Detail, RunOptions}};
/// let dir = std::env::temp_dir();
/// let [a, b] = ["a", "b"].map(|n| dir.join(format!("fc-rerecord-doc-{n}-{}.json", std::process::id())));
/// let d = Detail { bodies: true, queries: true };
/// replay::record_arena_with(generate::<3>(4, 3, 2), 2, 3, d, &RunOptions::default(), &a, &mut |_, _| {}).unwrap();
/// let r = replay::load(&a).unwrap();
/// replay::rerecord(&r, &b).unwrap();
/// assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
/// # for p in [a, b] { std::fs::remove_file(p).unwrap(); }
/// ```
pub fn rerecord(replay: &Replay, out: &Path) -> Result<(), ReplayError> {
    match replay.arena() {
        Some(info) if info.dim == 2 => rerecord_dim::<2>(replay, out),
        Some(_) => rerecord_dim::<3>(replay, out),
        None => Err(ReplayError::Format(
            "a query replay has no run to record again".to_string(),
        )),
    }
}

fn rerecord_dim<const D: usize>(replay: &Replay, out: &Path) -> Result<(), ReplayError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let (scene, check) = ArenaCheck::open_with_scene::<D>(replay, true)?;
    let info = *check.info();
    let detail = Detail::of(&replay.header.extensions);
    let mut writer =
        ArenaWriter::create_with(out, &scene, info.seed, info.ticks, info.hash_every, detail)?;
    let options = RunOptions {
        queries: detail.queries,
        ..RunOptions::default()
    };
    let run = run_arena_with(scene, info.ticks, &options, &mut |w| {
        writer.tick(w, w.state_hash());
        ControlFlow::Continue(())
    })?;
    writer.finish(&run.final_state)
}
