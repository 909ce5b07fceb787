//! Re-running an arena replay to the ticks to draw: the scene read from the
//! file, its recorded inputs run by [`World`] tick by tick (as `replay
//! verify` does), each recorded state hash compared on the way, and the
//! world's state kept at the wanted ticks.

use super::RenderError;
use crate::arena::World;
use crate::arena::scene::{Body, Scene};
use crate::replay::{self, ArenaCheck, ArenaInfo, BODY_STATES, Recorded, Replay};
use crate::state_hash::hex;
use fixed_collide::broadphase::Broadphase;
use fixed_collide::vec::Vector;
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

    /// Replaces the bodies' states and the hash with a recorded tick's
    /// (and the contact counts before it with the tick before's, when
    /// recorded).
    fn apply(&mut self, rec: &Recorded, before: Option<&Recorded>) {
        self.hash = rec.hash;
        for (b, s) in self.bodies.iter_mut().zip(&rec.bodies) {
            b.pos = Vector(std::array::from_fn(|k| s.pos[k]));
            b.vel = Vector(std::array::from_fn(|k| s.vel[k]));
            b.sensor = s.sensor;
            b.contacts = s.contacts;
        }
        if let Some(p) = before {
            for (c, s) in self.contacts_before.iter_mut().zip(&p.bodies) {
                *c = s.contacts;
            }
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
/// `warnings` gets a line when this build's run differs from the recording.
/// A recording with body states (`--detail bodies`) is drawn as recorded:
/// its bodies' positions, velocities, sensors and contact counts and its
/// state hash replace the re-run's (so a run recorded on another machine,
/// or with `arena --perturb`, is drawn as it ran); without them the picture
/// shows this build's run.
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
    let mut recorded = if r.header.extensions.iter().any(|e| e == BODY_STATES) {
        Some(
            ArenaCheck::open_with_scene::<D>(r, false)
                .map_err(|e| err(e.to_string()))?
                .1,
        )
    } else {
        None
    };
    // The recorded tick last read and the one before it.
    let (mut last, mut previous): (Option<Recorded>, Option<Recorded>) = (None, None);
    let mut world = World::new(scene).map_err(|e| err(format!("invalid scene: {e}")))?;
    let mut before: Vec<u32> = world.scene().bodies.iter().map(|b| b.contacts).collect();
    let mut wanted = ticks.iter().copied().peekable();
    let mut checking = true;
    while let Some(&next) = wanted.peek() {
        if world.tick() == next {
            let mut snap = Snapshot::of(&world, before.clone());
            if let Some(rec) = recorded.as_mut() {
                while next > 0 && last.as_ref().is_none_or(|l| l.tick < next) {
                    let Some(r) = rec.next_recorded().map_err(|e| err(e.to_string()))? else {
                        break;
                    };
                    previous = last.replace(r);
                }
                if let Some(l) = last.as_ref().filter(|l| l.tick == next) {
                    snap.apply(l, previous.as_ref().filter(|p| p.tick + 1 == next));
                }
            }
            keep(snap);
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
            let shows = if recorded.is_some() {
                "the picture shows the recorded bodies"
            } else {
                "the picture shows this build's run"
            };
            warnings.push(format!(
                "{}: this build's run differs from the recording at tick {} (state hash {}); {shows}",
                path.display(),
                world.tick(),
                hex(world.state_hash())
            ));
        }
    }
    Ok(())
}
