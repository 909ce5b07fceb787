//! Capsules: every point within a radius of a segment.

use crate::num::Fx;
use crate::shape::{Ball, Segment, check_size};
use crate::vec::Vector;
use crate::{Error, Field};

/// A closed capsule: every point within `radius` of the segment `ab`
/// (distance `<= radius`, so its surface belongs to it).
///
/// Radius 0 is the segment itself; `a = b` is a ball of the radius; both
/// together are a point. These are valid capsules, answered exactly like
/// the [`Segment`] or [`Ball`] they equal.
///
/// See also [`Capsule2`], [`Capsule3`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_impl::CapsuleRaw<D>")
)]
pub struct Capsule<const D: usize> {
    a: Vector<D>,
    b: Vector<D>,
    radius: Fx,
}

/// A 2D capsule (a stadium).
pub type Capsule2 = Capsule<2>;
/// A 3D capsule.
pub type Capsule3 = Capsule<3>;

impl<const D: usize> Capsule<D> {
    /// A capsule from the end points of its segment and its radius.
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] for a coordinate of `a` or `b` (field `a.x`
    /// ...) or a `radius` above 2^20 in magnitude, [`Error::Negative`] for
    /// a negative `radius`.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Capsule3, Fx, Vec3};
    /// let c = Capsule3::try_new(Vec3::from_ints([0, 0, 0]), Vec3::from_ints([0, 2, 0]), Fx::ONE).unwrap();
    /// assert_eq!(c.radius(), Fx::ONE);
    /// let e = Capsule3::try_new(Vec3::ZERO, Vec3::ZERO, -Fx::ONE).unwrap_err();
    /// assert_eq!(e.to_string(), "radius -1 is negative");
    /// ```
    pub fn try_new(a: Vector<D>, b: Vector<D>, radius: Fx) -> Result<Self, Error> {
        a.check_domain(Field::new("a"))?;
        b.check_domain(Field::new("b"))?;
        check_size(radius, Field::new("radius"))?;
        Ok(Self { a, b, radius })
    }

    /// The first end point of the segment.
    pub fn a(&self) -> Vector<D> {
        self.a
    }

    /// The second end point of the segment.
    pub fn b(&self) -> Vector<D> {
        self.b
    }

    /// The radius (>= 0).
    pub fn radius(&self) -> Fx {
        self.radius
    }

    /// A capsule of any end points and radius, unchecked: for the library's
    /// own derived capsules (the pieces of a Minkowski difference, up to
    /// 2^22 per coordinate), whose queries check their own budgets.
    pub(crate) fn from_parts(a: Vector<D>, b: Vector<D>, radius: Fx) -> Self {
        Self { a, b, radius }
    }

    /// The segment `ab` (the capsule's core).
    pub fn segment(&self) -> Segment<D> {
        Segment::from_valid(self.a, self.b)
    }
}

impl<const D: usize> From<Segment<D>> for Capsule<D> {
    /// The segment as a capsule of radius 0 (the same points).
    fn from(s: Segment<D>) -> Self {
        Self {
            a: s.a(),
            b: s.b(),
            radius: Fx::ZERO,
        }
    }
}

impl<const D: usize> From<Ball<D>> for Capsule<D> {
    /// The ball as a capsule with `a = b` = its center (the same points).
    fn from(ball: Ball<D>) -> Self {
        Self {
            a: ball.center(),
            b: ball.center(),
            radius: ball.radius(),
        }
    }
}
