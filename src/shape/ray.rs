//! Rays.

use crate::num::Fx;
use crate::vec::Vector;
use crate::{Error, Field};

/// A ray `origin + t * dir` for `t` in `[0, max_t]`. The direction need not
/// be unit length: `t` is measured in units of `dir`.
///
/// See also [`Ray2`], [`Ray3`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_impl::RayRaw<D>")
)]
pub struct Ray<const D: usize> {
    origin: Vector<D>,
    dir: Vector<D>,
    max_t: Fx,
}

/// A 2D ray.
pub type Ray2 = Ray<2>;
/// A 3D ray.
pub type Ray3 = Ray<3>;

impl<const D: usize> Ray<D> {
    /// A ray with a bounded parameter range `[0, max_t]`.
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] for an `origin` or `dir` component above 2^20,
    /// [`Error::ZeroVector`] for a zero `dir`, [`Error::Negative`] for a
    /// negative `max_t` (any non-negative [`Fx`] is accepted).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Ray2, Vec2};
    /// let r = Ray2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 0]), Fx::from_num(10)).unwrap();
    /// assert_eq!(r.max_t(), Fx::from_num(10));
    /// assert!(Ray2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([0, 0]), Fx::ONE).is_err());
    /// ```
    pub fn try_new(origin: Vector<D>, dir: Vector<D>, max_t: Fx) -> Result<Self, Error> {
        origin.check_domain(Field::new("origin"))?;
        dir.check_domain(Field::new("dir"))?;
        if dir.is_zero() {
            return Err(Error::ZeroVector {
                field: Field::new("dir"),
            });
        }
        if max_t < Fx::ZERO {
            return Err(Error::Negative {
                field: Field::new("max_t"),
                value: max_t,
            });
        }
        Ok(Self { origin, dir, max_t })
    }

    /// A ray without a bound: `max_t` is [`Fx::MAX`], the largest parameter
    /// a fixed-point ray can report.
    ///
    /// # Errors
    /// As [`Ray::try_new`].
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Ray3, Vec3};
    /// let r = Ray3::try_unbounded(Vec3::from_ints([0, 0, 0]), Vec3::from_ints([0, 0, 1])).unwrap();
    /// assert_eq!(r.max_t(), Fx::MAX);
    /// ```
    pub fn try_unbounded(origin: Vector<D>, dir: Vector<D>) -> Result<Self, Error> {
        Self::try_new(origin, dir, Fx::MAX)
    }

    /// A ray of any origin, direction and range, unchecked: for the
    /// library's own derived rays, whose queries check their own budgets.
    pub(crate) fn from_parts(origin: Vector<D>, dir: Vector<D>, max_t: Fx) -> Self {
        Self { origin, dir, max_t }
    }

    /// The origin.
    pub fn origin(&self) -> Vector<D> {
        self.origin
    }

    /// The direction (non-zero, not necessarily unit).
    pub fn dir(&self) -> Vector<D> {
        self.dir
    }

    /// The largest parameter of the ray (>= 0).
    pub fn max_t(&self) -> Fx {
        self.max_t
    }
}
