//! Segments: the closed line segment between two points.

use crate::vec::Vector;
use crate::{Error, Field};

/// A closed segment `{ a + s (b - a) : 0 <= s <= 1 }`: every point between
/// its end points `a` and `b`, both included. `a = b` is valid (a point).
///
/// A segment has no area (no volume): it is a wall, an edge or a sensor.
/// Every query treats it as the closed set above, so a segment touching a
/// shape overlaps it.
///
/// See also [`Segment2`], [`Segment3`], [`Capsule`](crate::Capsule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_impl::SegmentRaw<D>")
)]
pub struct Segment<const D: usize> {
    a: Vector<D>,
    b: Vector<D>,
}

/// A 2D segment.
pub type Segment2 = Segment<2>;
/// A 3D segment.
pub type Segment3 = Segment<3>;

impl<const D: usize> Segment<D> {
    /// A segment from its end points (in either order; equal end points
    /// give a point).
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] for a coordinate of `a` or `b` above 2^20 in
    /// magnitude (field `a.x`, `b.y`, ...).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Segment2, Vec2};
    /// let s = Segment2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([4, 0])).unwrap();
    /// assert_eq!(s.b(), Vec2::from_ints([4, 0]));
    /// let point = Segment2::try_new(Vec2::from_ints([1, 1]), Vec2::from_ints([1, 1]));
    /// assert!(point.is_ok());
    /// let far = Vec2::new(Fx::from_num(2_000_000), Fx::ZERO);
    /// let e = Segment2::try_new(far, Vec2::ZERO).unwrap_err();
    /// assert_eq!(e.field().to_string(), "a.x");
    /// ```
    pub fn try_new(a: Vector<D>, b: Vector<D>) -> Result<Self, Error> {
        a.check_domain(Field::new("a"))?;
        b.check_domain(Field::new("b"))?;
        Ok(Self { a, b })
    }

    /// A segment from end points already checked.
    pub(crate) fn from_valid(a: Vector<D>, b: Vector<D>) -> Self {
        Self { a, b }
    }

    /// The first end point.
    pub fn a(&self) -> Vector<D> {
        self.a
    }

    /// The second end point.
    pub fn b(&self) -> Vector<D> {
        self.b
    }
}
