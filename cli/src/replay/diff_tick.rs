//! Helpers of `replay diff`: one tick re-run from recorded body states,
//! and the fields of two body states that differ.

use super::ReplayError;
use super::model::{BodyState, to_vec};
use crate::arena::scene::Scene;
use crate::arena::{Captured, World};
use crate::convert::fx_to_text;
use crate::eval::Op;

/// Runs tick `tick` of `scene` (from the body states after the tick
/// before, when given, else from the start), capturing the queries of
/// `op`; they and this build's digest of the family.
pub(super) fn rerun<const D: usize>(
    scene: &Scene<D>,
    states: Option<&[BodyState]>,
    tick: u32,
    op: Option<Op>,
) -> Result<(Vec<Captured>, u64), ReplayError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let mut scene = scene.clone();
    let mut world = match states {
        Some(states) => {
            for (i, (b, s)) in scene.bodies.iter_mut().zip(states).enumerate() {
                let at = crate::Field::new(format!("states.bodies[{i}]"));
                b.pos = to_vec(&s.pos, &at.join("pos"))?;
                b.vel = to_vec(&s.vel, &at.join("vel"))?;
                (b.sensor, b.contacts) = (s.sensor, s.contacts);
            }
            World::resume(scene, tick - 1)?
        }
        None => World::new(scene)?,
    };
    world.log_queries(Some((tick, op)));
    while world.tick() < tick {
        world.step()?;
    }
    let log = world.query_log();
    Ok((
        log.map(|l| l.captured().to_vec()).unwrap_or_default(),
        log.zip(op).map_or(0, |(l, op)| l.digests()[op.index()]),
    ))
}

/// Every field of two body states that differs: its name and both values.
pub(super) fn fields(a: &BodyState, b: &BodyState) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for (name, x, y) in [("pos", &a.pos, &b.pos), ("vel", &a.vel, &b.vel)] {
        for (k, (p, q)) in x.iter().zip(y).enumerate() {
            if p != q {
                out.push((format!("{name}[{k}]"), fx_to_text(*p), fx_to_text(*q)));
            }
        }
    }
    if a.sensor != b.sensor {
        out.push(("sensor".into(), fx_to_text(a.sensor), fx_to_text(b.sensor)));
    }
    if a.contacts != b.contacts {
        let (x, y) = (a.contacts.to_string(), b.contacts.to_string());
        out.push(("contacts".into(), x, y));
    }
    out
}
