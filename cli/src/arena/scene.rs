//! The arena's scene: obstacles, bodies, trigger zones and per-tick inputs,
//! and its seeded generation.

use crate::rng::Rng;
use fixed_collide::Error;
use fixed_collide::Polygon;
use fixed_collide::num::{Fx, Round, from_scale64, mul_wide};
use fixed_collide::shape::{Aabb, Ball, Capsule};
use fixed_collide::vec::Vec2;
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
    /// A convex polygon (2D only): its vertices relative to `pos`,
    /// counter-clockwise, the first `n` of `points`.
    Polygon {
        /// The vertices (offsets from the center; only the first `n`).
        points: [Vec2; POLYGON_MAX],
        /// How many there are (3 to [`POLYGON_MAX`]).
        n: u8,
    },
}

/// The most vertices of an arena polygon (the library takes 64; the arena
/// keeps its shapes small, as they are copied with every body).
pub const POLYGON_MAX: usize = 8;

/// `cos(k pi / 8)` for `k` in `0..16`, at scale 2^16 (rounded); `sin` is
/// the entry 4 before. The directions of the generated polygons' vertices
/// (and of the pictures' round caps).
pub const UNIT16: [i64; 16] = [
    65536, 60547, 46341, 25080, 0, -25080, -46341, -60547, -65536, -60547, -46341, -25080, 0,
    25080, 46341, 60547,
];

impl<const D: usize> ShapeKind<D> {
    /// A polygon shape from its vertices (offsets from the center), checked
    /// as the library checks a polygon, and at most [`POLYGON_MAX`] of them.
    ///
    /// # Errors
    /// The library's error naming the vertex (`points[2]`: clockwise,
    /// collinear, repeated ...), or the count.
    pub fn try_polygon(points: &[Vec2]) -> Result<Self, Error> {
        if points.len() > POLYGON_MAX {
            return Err(Error::VertexCount {
                field: fixed_collide::Field::new("points"),
                count: points.len() as u64,
                max: POLYGON_MAX as u64,
            });
        }
        Polygon::try_new(points)?;
        let mut list = [Vec2::ZERO; POLYGON_MAX];
        for (slot, p) in list.iter_mut().zip(points) {
            *slot = *p;
        }
        Ok(ShapeKind::Polygon {
            points: list,
            n: points.len() as u8,
        })
    }
}

/// The polygon of the vertices `offsets` moved to `pos` (its first two
/// components).
///
/// # Errors
/// When a vertex leaves the domain, or the moved vertices are no polygon
/// (the library's error naming the vertex).
pub fn polygon_at<const D: usize>(pos: Vector<D>, offsets: &[Vec2]) -> Result<Polygon, Error> {
    let x = pos.0.first().copied().unwrap_or(Fx::ZERO);
    let y = pos.0.get(1).copied().unwrap_or(Fx::ZERO);
    let mut moved = [Vec2::ZERO; POLYGON_MAX];
    for (slot, p) in moved.iter_mut().zip(offsets) {
        // Saturating: beyond the domain (2^20), refused by `try_new`.
        *slot = Vec2::new(x.saturating_add(p.0[0]), y.saturating_add(p.0[1]));
    }
    Polygon::try_new(moved.get(..offsets.len()).unwrap_or_default())
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
            ShapeKind::Polygon { points, n } => {
                let mut e = Vector::ZERO;
                for p in points.iter().take(usize::from(*n)) {
                    for (ek, c) in e.0.iter_mut().zip(p.0) {
                        *ek = (*ek).max(c.saturating_abs());
                    }
                }
                e
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
            ShapeKind::Ball { .. } | ShapeKind::Capsule { .. } | ShapeKind::Polygon { .. } => {
                Ok(None)
            }
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

/// A convex polygon of 3 to 6 vertices on an ellipse whose half-axes are
/// drawn in `[lo, hi]` (in eighths), at distinct directions of [`UNIT16`]
/// in counter-clockwise order; drawn again in the rare case that rounding
/// makes it no strictly convex polygon.
fn random_polygon<const D: usize>(rng: &mut Rng, lo: i32, hi: i32) -> ShapeKind<D> {
    loop {
        let (rx, ry) = (rng.grid(lo, hi, 3), rng.grid(lo, hi, 3));
        let n = 3 + rng.below(4) as usize;
        let mut picked = [false; 16];
        let mut count = 0;
        while count < n {
            let k = rng.below(16) as usize;
            if !picked[k] {
                picked[k] = true;
                count += 1;
            }
        }
        // rx * cos (scale 2^16): below 2^36 * 2^16, exact in i64.
        let scale = |r: Fx, c: i64| Fx::from_bits((r.to_bits() * c) >> 16);
        let points: Vec<Vec2> = (0..16)
            .filter(|&k| picked[k])
            .map(|k| Vec2::new(scale(rx, UNIT16[k]), scale(ry, UNIT16[(k + 12) % 16])))
            .collect();
        if let Ok(shape) = ShapeKind::try_polygon(&points) {
            return shape;
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
    // In 2D, segment walls and convex polygons inside the open space.
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
        for _ in 0..(bodies / 64).max(2) {
            obstacles.push(Obstacle {
                shape: random_polygon(&mut rng, 4, 16),
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
        // Polygons are 2D only: the 3D scenes draw from five kinds.
        let kinds = if D == 2 { 6 } else { 5 };
        let shape = match rng.below(kinds) {
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
            5 => random_polygon(&mut rng, 1, 4),
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
