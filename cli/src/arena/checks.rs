//! What [`World::new`](super::World::new) checks beyond the shapes, and the
//! one error a tick can fail with.

use super::scene::Scene;
use crate::{Error, Field};
use std::fmt;

/// Why a tick could not be run: a body left the domain (its bounds, box or
/// ball reached beyond 2^20), which the world reports rather than wraps.
/// The world is left mid-tick and should not be stepped again.
///
/// # Examples
/// ```
/// use fixed_collide::{Fx, Vec2};
/// use fixed_collide_cli::arena::World;
/// use fixed_collide_cli::arena::scene::{Body, Scene, ShapeKind};
/// let edge = Fx::from_num(1 << 20) - Fx::from_num(2);
/// let body = Body {
///     shape: ShapeKind::Ball { radius: Fx::ONE },
///     pos: Vec2::new(edge, Fx::ZERO),
///     vel: Vec2::from_ints([4, 0]),
///     sensor: -Fx::ONE,
///     contacts: 0,
/// };
/// let scene = Scene { obstacles: vec![], bodies: vec![body], triggers: vec![], kicks: vec![] };
/// let e = World::new(scene).unwrap().step().unwrap_err();
/// assert_eq!((e.body, e.tick), (0, 1));
/// assert!(e.to_string().starts_with("tick 1: body 0 left the domain: bodies[0]."), "{e}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeftDomain {
    /// The body's index.
    pub body: u32,
    /// The tick being run, counted from 1 (the state after it would be
    /// the tick-`tick` state).
    pub tick: u32,
    /// The library's error about the body's shape or motion (`min.x`,
    /// `center.y`, `dir.x` ... and the value).
    pub error: fixed_collide::Error,
}

impl fmt::Display for LeftDomain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = format!("bodies[{}]", self.body);
        write!(
            f,
            "tick {}: body {} left the domain: {}",
            self.tick,
            self.body,
            self.error.under(&at)
        )
    }
}

impl std::error::Error for LeftDomain {}

/// Checks the kicks: each names a body, in tick order, with a velocity in
/// the domain.
pub(super) fn check_kicks<const D: usize>(scene: &Scene<D>) -> Result<(), Error> {
    let mut last = 0;
    for (i, k) in scene.kicks.iter().enumerate() {
        let at = Field::new(format!("kicks[{i}]"));
        if k.body as usize >= scene.bodies.len() {
            return Err(Error::Invalid {
                field: at.join("body"),
                reason: format!("{} (there are {} bodies)", k.body, scene.bodies.len()),
            });
        }
        if k.tick < last {
            return Err(Error::Invalid {
                field: at.join("tick"),
                reason: format!(
                    "{} (kicks must be in tick order; the previous is at {last})",
                    k.tick
                ),
            });
        }
        last = k.tick;
        k.vel
            .check_domain(fixed_collide::Field::new("vel"))
            .map_err(|e| Error::shape(&at, e))?;
    }
    Ok(())
}

/// An index as a broadphase id.
pub(super) fn index_id(i: usize) -> Result<u32, Error> {
    u32::try_from(i).map_err(|_| Error::Invalid {
        field: Field::new("scene"),
        reason: format!("{i} bodies and obstacles: more than 2^32"),
    })
}
