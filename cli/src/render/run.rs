//! Re-running an arena replay to the ticks to draw: the scene read from the
//! file, its recorded inputs run by [`World`] tick by tick (as `replay
//! verify` does), each recorded state hash compared on the way, and the
//! world's state kept at the wanted ticks.

use super::RenderError;
use crate::arena::World;
use crate::arena::scene::{Body, Scene};
use crate::replay::{self, ArenaCheck, ArenaInfo, Replay};
use crate::state_hash::hex;
use fixed_collide::broadphase::Broadphase;
use std::path::Path;

/// The state of an arena at one tick, as drawn.
#[derive(Clone, Debug)]
pub struct Snapshot<const D: usize> {
    /// The tick (0: before the first).
    pub tick: u32,
    /// The state hash at that tick.
    pub hash: u64,
    /// The bodies (positions, velocities, sensors, contact counts).
    pub bodies: Vec<Body<D>>,
    /// Each body's contact count one tick before (its own at tick 0).
    pub contacts_before: Vec<u32>,
    /// How many body-ticks each trigger zone has counted.
    pub trigger_hits: Vec<u32>,
}

impl<const D: usize> Snapshot<D>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    fn of(world: &World<D>, contacts_before: Vec<u32>) -> Self {
        Self {
            tick: world.tick(),
            hash: world.state_hash(),
            bodies: world.scene().bodies.clone(),
            contacts_before,
            trigger_hits: world.trigger_hits().to_vec(),
        }
    }

    /// The pairs of bodies whose bounding boxes meet (touching counts), in
    /// ascending order.
    pub fn touching(&self) -> Vec<(u32, u32)> {
        let mut bp = Broadphase::with_capacity(self.bodies.len());
        for (i, b) in (0u32..).zip(&self.bodies) {
            // A body drawn is in the domain: its bounds are too.
            if let Ok(bounds) = b.shape.bounds(b.pos) {
                let _ = bp.insert(i, bounds);
            }
        }
        let mut pairs = Vec::new();
        bp.pairs(&mut pairs);
        pairs
    }
}

/// An arena replay read and checked whole ([`replay::load`]).
///
/// # Errors
/// [`RenderError`] naming the file: unreadable, not a replay, edited or
/// truncated, or a query replay.
pub fn load_arena(path: &Path) -> Result<(Replay, ArenaInfo), RenderError> {
    let r = replay::load(path).map_err(|e| RenderError::new(path, e.to_string()))?;
    match r.arena() {
        Some(info) => {
            let info = *info;
            Ok((r, info))
        }
        None => Err(RenderError::new(
            path,
            format!(
                "a {} replay, not an arena replay: render draws arena runs",
                r.what()
            ),
        )),
    }
}

/// The scene of an arena replay (its first records).
pub fn scene<const D: usize>(path: &Path, r: &Replay) -> Result<Scene<D>, RenderError> {
    ArenaCheck::open_with_scene::<D>(r, true)
        .map(|(scene, _)| scene)
        .map_err(|e| RenderError::new(path, e.to_string()))
}

/// Re-runs the replay up to the last of `ticks` (ascending, each at most
/// the recording's), calling `keep` with the state at each of them;
/// `warnings` gets a line when this build's run differs from the recording
/// (the picture then shows this build's run).
///
/// # Errors
/// [`RenderError`] when the file cannot be read again or the run stops (a
/// body leaves the domain).
pub fn run_to<const D: usize>(
    path: &Path,
    r: &Replay,
    ticks: &[u32],
    warnings: &mut Vec<String>,
    keep: &mut dyn FnMut(Snapshot<D>),
) -> Result<(), RenderError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let err = |e: String| RenderError::new(path, e);
    let (scene, mut check) =
        ArenaCheck::open_with_scene::<D>(r, true).map_err(|e| err(e.to_string()))?;
    let mut world = World::new(scene).map_err(|e| err(format!("invalid scene: {e}")))?;
    let mut before: Vec<u32> = world.scene().bodies.iter().map(|b| b.contacts).collect();
    let mut wanted = ticks.iter().copied().peekable();
    let mut checking = true;
    while let Some(&next) = wanted.peek() {
        if world.tick() == next {
            keep(Snapshot::of(&world, before.clone()));
            wanted.next();
            continue;
        }
        before.clear();
        before.extend(world.scene().bodies.iter().map(|b| b.contacts));
        world
            .step()
            .map_err(|e| err(format!("arena stopped: {e}")))?;
        if checking && check.state(world.tick(), world.state_hash()).is_break() {
            checking = false;
            warnings.push(format!(
                "{}: this build's run differs from the recording at tick {} (state hash {}); the picture shows this build's run",
                path.display(),
                world.tick(),
                hex(world.state_hash())
            ));
        }
    }
    Ok(())
}
