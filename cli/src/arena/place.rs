//! Shapes placed in the world: a body's or obstacle's bounding box and the
//! exact shape the narrow-phase queries take, built and validated once per
//! placement (once in all for an obstacle, once per move for a body).

use super::scene::{POLYGON_MAX, ShapeKind, capsule_at, polygon_at};
use fixed_collide::Error;
use fixed_collide::num::{DOMAIN, Fx, wide};
use fixed_collide::shape::{Aabb, Ball};
use fixed_collide::vec::Vec2;
use fixed_collide::vec::Vector;
use fixed_collide::{Capsule, Const, Dim, Obb, Polygon, Rot, Shape};

/// The exact shape of a placed body or obstacle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Form<const D: usize> {
    /// A ball.
    Ball(Ball<D>),
    /// An oriented box; an axis-aligned box has the identity rotation (the
    /// form [`obb_overlap`](fixed_collide::query::obb::obb_overlap) takes
    /// when it meets an oriented one).
    Boxed(Obb<D>),
    /// A capsule (radius 0: a segment).
    Capsule(Capsule<D>),
    /// A convex polygon (2D): its vertices where it is, the first `n`,
    /// checked to be a polygon when placed.
    Polygon {
        /// The vertices.
        points: [Vec2; POLYGON_MAX],
        /// How many.
        n: u8,
    },
}

impl<const D: usize> Form<D>
where
    Const<D>: Dim<D>,
{
    /// The form as the library's generic shape; `None` only for a polygon
    /// in 3D (which no placement makes).
    pub fn shape(&self) -> Option<Shape<D>> {
        Some(match self {
            Form::Ball(b) => Shape::Sphere(*b),
            Form::Boxed(o) => Shape::Obb(*o),
            Form::Capsule(c) => Shape::Capsule(*c),
            Form::Polygon { points, n } => {
                // Checked when placed: the same vertices make a polygon.
                let p = Polygon::try_new(points.get(..usize::from(*n))?).ok()?;
                Shape::Polygon(<Const<D> as Dim<D>>::polygon(p)?)
            }
        })
    }
}

/// A shape at a position: its bounding box and its exact form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Placed<const D: usize> {
    /// The axis-aligned bounding box ([`ShapeKind::bounds`]).
    pub bounds: Aabb<D>,
    /// The shape itself.
    pub form: Form<D>,
}

impl<const D: usize> Placed<D> {
    /// The shape `shape` centered at `pos`.
    ///
    /// # Errors
    /// The library's error when the bounds, the box or the ball leave the
    /// domain (naming `min.x`, `center.y` ...).
    pub fn new(shape: &ShapeKind<D>, pos: Vector<D>) -> Result<Self, Error> {
        let bounds = shape.bounds(pos)?;
        let form = match shape {
            ShapeKind::Ball { radius } => Form::Ball(Ball::try_new(pos, *radius)?),
            ShapeKind::Box { half } => Form::Boxed(Obb::try_new(pos, *half, Rot::identity())?),
            ShapeKind::Oriented { half, rot } => Form::Boxed(Obb::try_new(pos, *half, *rot)?),
            ShapeKind::Capsule { half, radius } => Form::Capsule(capsule_at(pos, half, *radius)?),
            ShapeKind::Polygon { points, n } => {
                let offsets = points.get(..usize::from(*n)).unwrap_or_default();
                let placed = polygon_at(pos, offsets)?;
                if D != 2 {
                    return Err(Error::UnsupportedPair {
                        field: fixed_collide::Field::new("shape"),
                        first: "polygon",
                        second: "arena",
                        dim: D as u8,
                    });
                }
                let mut list = [Vec2::ZERO; POLYGON_MAX];
                for (slot, p) in list.iter_mut().zip(placed.points()) {
                    *slot = *p;
                }
                Form::Polygon {
                    points: list,
                    n: *n,
                }
            }
        };
        Ok(Self { bounds, form })
    }

    /// The ball, if the shape is one.
    pub fn ball(&self) -> Option<&Ball<D>> {
        match &self.form {
            Form::Ball(b) => Some(b),
            _ => None,
        }
    }

    /// The (oriented) box, if the shape is a box or an oriented box.
    pub fn obb(&self) -> Option<&Obb<D>> {
        match &self.form {
            Form::Boxed(o) => Some(o),
            _ => None,
        }
    }

    /// The capsule, if the shape is one.
    pub fn capsule(&self) -> Option<&Capsule<D>> {
        match &self.form {
            Form::Capsule(c) => Some(c),
            _ => None,
        }
    }
}

/// A static obstacle, placed once: its bounds for the broadphases, the
/// sweeps and the ray sensors, its oriented box when it is an oriented
/// one (the obstacles [`obb_overlap`] and [`ray_obb`] see) and its segment
/// when it is a wall (a capsule of radius 0: the generic queries').
///
/// [`obb_overlap`]: fixed_collide::query::obb::obb_overlap
/// [`ray_obb`]: fixed_collide::query::obb::ray_obb
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Static<const D: usize> {
    /// The bounding box.
    pub bounds: Aabb<D>,
    /// Whether the obstacle is an axis-aligned box (the obstacles the
    /// moving bodies' continuous sweeps stop at).
    pub is_box: bool,
    /// The oriented box of an oriented obstacle.
    pub oriented: Option<Obb<D>>,
    /// The segment (or capsule) of a wall.
    pub wall: Option<Capsule<D>>,
    /// The polygon of a polygon obstacle (2D).
    pub polygon: Option<Polygon>,
}

impl<const D: usize> Static<D> {
    /// The obstacle `shape` centered at `pos`.
    ///
    /// # Errors
    /// As [`Placed::new`].
    pub fn new(shape: &ShapeKind<D>, pos: Vector<D>) -> Result<Self, Error> {
        let placed = Placed::new(shape, pos)?;
        Ok(Self {
            bounds: placed.bounds,
            is_box: matches!(shape, ShapeKind::Box { .. }),
            oriented: match shape {
                ShapeKind::Oriented { .. } => placed.obb().copied(),
                _ => None,
            },
            wall: placed.capsule().copied(),
            polygon: match &placed.form {
                Form::Polygon { points, n } => Some(Polygon::try_new(
                    points.get(..usize::from(*n)).unwrap_or_default(),
                )?),
                _ => None,
            },
        })
    }
}

/// The bounds of `bounds` swept by `d`, cut to the domain: exactly
/// [`Aabb::try_swept`] when that is in the domain. Everything a swept box
/// is tested against lies in the domain, so the cut box meets the same
/// boxes; whether the body really leaves the domain is decided where it
/// lands.
///
/// # Errors
/// None for `bounds` in the domain (every [`Aabb`] is); the library's error
/// is passed on rather than assumed away.
pub(super) fn swept_in_domain<const D: usize>(
    bounds: &Aabb<D>,
    d: Vector<D>,
) -> Result<Aabb<D>, Error> {
    bounds.try_swept(d).or_else(|_| {
        let cut = |v: i128| Fx::from_bits(v.clamp(-wide(DOMAIN), wide(DOMAIN)) as i64);
        let (lo, hi) = (bounds.min(), bounds.max());
        // Corners below 2^53 in raw bits plus any i64: exact in i128.
        let min = Vector(std::array::from_fn(|k| {
            cut(wide(lo.0[k]).min(wide(lo.0[k]) + wide(d.0[k])))
        }));
        let max = Vector(std::array::from_fn(|k| {
            cut(wide(hi.0[k]).max(wide(hi.0[k]) + wide(d.0[k])))
        }));
        Aabb::try_new(min, max)
    })
}

/// The box `[lo - 1 ulp, hi + 1 ulp]` cut to the domain, for `lo <= hi`
/// each below 2^21 in magnitude (no overflow): a prefilter box for a ray
/// sensor against shapes that all lie in the domain.
///
/// # Errors
/// None for such corners; the library's error is passed on rather than
/// assumed away.
pub(super) fn grown_in_domain<const D: usize>(
    lo: Vector<D>,
    hi: Vector<D>,
) -> Result<Aabb<D>, Error> {
    let cut = |v: Fx| v.clamp(-DOMAIN, DOMAIN);
    Aabb::try_new(
        Vector(lo.0.map(|c| cut(c - Fx::DELTA))),
        Vector(hi.0.map(|c| cut(c + Fx::DELTA))),
    )
}
