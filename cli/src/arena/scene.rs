//! The arena's scene: obstacles, bodies, trigger zones and per-tick inputs,
//! and its seeded generation.

use crate::rng::Rng;
use fixed_collide::Error;
use fixed_collide::num::{Fx, Round, from_scale64, mul_wide};
use fixed_collide::shape::{Aabb, Ball, Capsule};
use fixed_collide::vec::Vector;
use fixed_collide::{Const, Dim, Obb, Rot, RotForm, RotSpec};

/// The shape of a body or obstacle, placed by a separate position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeKind<const D: usize> {
    /// An axis-aligned box of the given half-sizes.
    Box {
        /// Half-sizes.
        half: Vector<D>,
    },
    /// A circle or sphere.
    Ball {
        /// Radius.
        radius: Fx,
    },
    /// An oriented box.
    Oriented {
        /// Half-sizes along the rotation's axes.
        half: Vector<D>,
        /// Rotation.
        rot: Rot<D>,
    },
    /// A capsule: the segment from `pos - half` to `pos + half` grown by
    /// `radius`; with radius 0 a segment (the arena's walls in 2D).
    Capsule {
        /// From the center to the segment's second end.
        half: Vector<D>,
        /// Radius (0: a segment).
        radius: Fx,
    },
}

impl<const D: usize> ShapeKind<D> {
    /// Half extents of the shape's axis-aligned bounding box, rounded up (an
    /// oriented box's extent on axis k is `sum_i half_i |axes_i[k]|`).
    pub fn extents(&self) -> Vector<D> {
        match self {
            ShapeKind::Box { half } => *half,
            ShapeKind::Ball { radius } => Vector([*radius; D]),
            ShapeKind::Oriented { half, rot } => {
                let mut e = Vector::ZERO;
                for (k, ek) in e.0.iter_mut().enumerate() {
                    let mut s = 0i128;
                    for (i, axis) in rot.axes().iter().enumerate() {
                        s += mul_wide(half.0[i], axis.0[k].abs());
                    }
                    *ek = from_scale64(s, Round::Up);
                }
                e
            }
            // Saturating: sizes in the domain never saturate; beyond it,
            // the bounds are refused where they are made.
            ShapeKind::Capsule { half, radius } => {
                Vector(half.0.map(|h| h.saturating_abs().saturating_add(*radius)))
            }
        }
    }

    /// The bounding box of the shape centered at `pos`.
    ///
    /// # Errors
    /// When the box leaves the domain.
    pub fn bounds(&self, pos: Vector<D>) -> Result<Aabb<D>, Error> {
        Aabb::try_from_center_half(pos, self.extents())
    }

    /// The shape as an oriented box at `pos` (an axis-aligned box gets the
    /// identity rotation); `None` for a ball.
    ///
    /// # Errors
    /// When the box leaves the domain.
    pub fn obb(&self, pos: Vector<D>) -> Result<Option<Obb<D>>, Error> {
        match self {
            ShapeKind::Box { half } => Obb::try_new(pos, *half, Rot::identity()).map(Some),
            ShapeKind::Oriented { half, rot } => Obb::try_new(pos, *half, *rot).map(Some),
            ShapeKind::Ball { .. } | ShapeKind::Capsule { .. } => Ok(None),
        }
    }

    /// The shape as a ball at `pos`; `None` unless it is one.
    ///
    /// # Errors
    /// When the ball leaves the domain.
    pub fn ball(&self, pos: Vector<D>) -> Result<Option<Ball<D>>, Error> {
        match self {
            ShapeKind::Ball { radius } => Ball::try_new(pos, *radius).map(Some),
            _ => Ok(None),
        }
    }
}

/// The capsule with ends `pos - half` and `pos + half` and `radius`.
///
/// # Errors
/// When an end leaves the domain (`a.x`, `b.y` ...) or the radius is not a
/// size.
pub fn capsule_at<const D: usize>(
    pos: Vector<D>,
    half: &Vector<D>,
    radius: Fx,
) -> Result<Capsule<D>, Error> {
    // Saturating: an end beyond the domain (2^20, far from the type's
    // limit) is refused by `try_new`, naming it.
    let a = Vector(std::array::from_fn(|k| pos.0[k].saturating_sub(half.0[k])));
    let b = Vector(std::array::from_fn(|k| pos.0[k].saturating_add(half.0[k])));
    Capsule::try_new(a, b, radius)
}

/// A static obstacle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Obstacle<const D: usize> {
    /// Its shape (an axis-aligned or oriented box, or a segment: a capsule
    /// of radius 0).
    pub shape: ShapeKind<D>,
    /// Its center.
    pub pos: Vector<D>,
}

/// A moving body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Body<const D: usize> {
    /// Its shape.
    pub shape: ShapeKind<D>,
    /// Its center.
    pub pos: Vector<D>,
    /// Its displacement per tick.
    pub vel: Vector<D>,
    /// The last ray sensor reading: the parameter of the nearest obstacle
    /// hit by the ray from `pos` along `vel` within 4 ticks, or -1.
    pub sensor: Fx,
    /// How many contacts with other bodies it has had.
    pub contacts: u32,
}

/// A per-tick input: at the start of `tick`, body `body` gets velocity `vel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kick<const D: usize> {
    /// The tick (0-based) at whose start the kick applies.
    pub tick: u32,
    /// The body's index.
    pub body: u32,
    /// Its new velocity.
    pub vel: Vector<D>,
}

/// Everything needed to run the arena from tick 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene<const D: usize> {
    /// Static obstacles (walls first).
    pub obstacles: Vec<Obstacle<D>>,
    /// Moving bodies.
    pub bodies: Vec<Body<D>>,
    /// Trigger zones: counted, never block.
    pub triggers: Vec<Aabb<D>>,
    /// Per-tick inputs, in tick order.
    pub kicks: Vec<Kick<D>>,
}

/// A seeded random rotation: in 2D from one angle in `[-4, 4]`, in 3D from
/// a quaternion with components in `[-1, 1]`, drawn again until it is not
/// zero.
pub fn random_rot<const D: usize>(rng: &mut Rng) -> Rot<D>
where
    Const<D>: Dim<D>,
{
    loop {
        let spec = match Rot::<D>::FORM {
            RotForm::Angle => RotSpec::Angle(rng.grid(-4, 4, 12)),
            RotForm::Quat => RotSpec::Quat([
                rng.grid(-1, 1, 12),
                rng.grid(-1, 1, 12),
                rng.grid(-1, 1, 12),
                rng.grid(-1, 1, 12),
            ]),
        };
        if let Ok(r) = Rot::<D>::try_from_spec(&spec) {
            return r;
        }
    }
}

/// Half the side of the arena's open space.
pub fn world_half(dim: usize) -> i32 {
    if dim == 2 { 512 } else { 160 }
}

fn random_pos<const D: usize>(rng: &mut Rng, margin: i32, world: i32) -> Vector<D> {
    Vector(std::array::from_fn(|_| {
        rng.grid(-world + margin, world - margin, 4)
    }))
}

fn random_vel<const D: usize>(rng: &mut Rng) -> Vector<D> {
    Vector(std::array::from_fn(|_| rng.grid(-6, 6, 8)))
}

/// Generates a scene of `bodies` bodies for `ticks` ticks from `seed`: walls
/// around a cube (square) of side `2 * world_half`, blocks and oriented
/// obstacles inside (and segment walls in 2D), four trigger zones, bodies
/// of the four shapes (boxes, balls, capsules, oriented boxes) with
/// velocities up to 6 units per tick (faster than many of them are thick, so
/// only the continuous sweep keeps them from tunnelling), and a kick every 8
/// ticks.
pub fn generate<const D: usize>(bodies: u32, ticks: u32, seed: u64) -> Scene<D>
where
    Const<D>: Dim<D>,
{
    let mut rng = Rng::new(seed);
    let w = world_half(D);
    let mut obstacles = Vec::new();
    // Walls: a slab 32 thick beyond each face of the open space.
    for axis in 0..D {
        for side in [-1i32, 1] {
            let mut pos = Vector::<D>::ZERO;
            let mut half = Vector([Fx::from_num(w + 32); D]);
            pos.0[axis] = Fx::from_num(side * (w + 16));
            half.0[axis] = Fx::from_num(16);
            obstacles.push(Obstacle {
                shape: ShapeKind::Box { half },
                pos,
            });
        }
    }
    let blocks = (bodies / 16).max(2);
    for _ in 0..blocks {
        let half = Vector(std::array::from_fn(|_| rng.grid(2, 16, 2)));
        obstacles.push(Obstacle {
            shape: ShapeKind::Box { half },
            pos: random_pos(&mut rng, 32, w),
        });
    }
    for _ in 0..(bodies / 32).max(2) {
        let half = Vector(std::array::from_fn(|_| rng.grid(2, 12, 2)));
        let shape = ShapeKind::Oriented {
            half,
            rot: random_rot(&mut rng),
        };
        obstacles.push(Obstacle {
            shape,
            pos: random_pos(&mut rng, 48, w),
        });
    }
    // In 2D, segment walls inside the open space.
    if D == 2 {
        for _ in 0..(bodies / 64).max(2) {
            let half = Vector(std::array::from_fn(|_| rng.grid(-24, 24, 2)));
            obstacles.push(Obstacle {
                shape: ShapeKind::Capsule {
                    half,
                    radius: Fx::ZERO,
                },
                pos: random_pos(&mut rng, 48, w),
            });
        }
    }
    let triggers = (0..4)
        .filter_map(|_| {
            let half = Vector(std::array::from_fn(|_| rng.grid(16, 48, 0)));
            Aabb::try_from_center_half(random_pos(&mut rng, 64, w), half).ok()
        })
        .collect();
    let mut list = Vec::new();
    for _ in 0..bodies {
        let shape = match rng.below(5) {
            0 | 1 => ShapeKind::Box {
                half: Vector(std::array::from_fn(|_| rng.grid(0, 4, 4))),
            },
            2 => ShapeKind::Ball {
                radius: rng.grid(0, 4, 4),
            },
            3 => ShapeKind::Capsule {
                half: Vector(std::array::from_fn(|_| rng.grid(-3, 3, 4))),
                radius: rng.grid(0, 2, 4),
            },
            _ => {
                let half = Vector(std::array::from_fn(|_| rng.grid(0, 4, 4)));
                ShapeKind::Oriented {
                    half,
                    rot: random_rot(&mut rng),
                }
            }
        };
        list.push(Body {
            shape,
            pos: random_pos(&mut rng, 16, w),
            vel: random_vel(&mut rng),
            sensor: -Fx::ONE,
            contacts: 0,
        });
    }
    let mut kicks = Vec::new();
    if bodies > 0 {
        let mut tick = 8;
        while tick < ticks {
            kicks.push(Kick {
                tick,
                body: rng.below(u64::from(bodies)) as u32,
                vel: random_vel(&mut rng),
            });
            tick += 8;
        }
    }
    Scene {
        obstacles,
        bodies: list,
        triggers,
        kicks,
    }
}
