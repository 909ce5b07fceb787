//! Balls: circles in 2D, spheres in 3D.

use crate::num::Fx;
use crate::shape::check_size;
use crate::vec::Vector;
use crate::{Error, Field};

/// A closed ball: a circle in 2D, a sphere in 3D. Radius zero is a point.
///
/// See also [`Circle`], [`Sphere`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_impl::BallRaw<D>")
)]
pub struct Ball<const D: usize> {
    center: Vector<D>,
    radius: Fx,
}

/// A circle (2D ball).
pub type Circle = Ball<2>;
/// A sphere (3D ball).
pub type Sphere = Ball<3>;

impl<const D: usize> Ball<D> {
    /// A ball from its center and radius.
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] for `center.x` ... or `radius` above 2^20,
    /// [`Error::Negative`] for a negative `radius`.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Circle, Fx, Vec2};
    /// let c = Circle::try_new(Vec2::from_ints([1, 1]), Fx::ONE).unwrap();
    /// assert_eq!(c.radius(), Fx::ONE);
    /// assert!(Circle::try_new(Vec2::from_ints([1, 1]), -Fx::ONE).is_err());
    /// ```
    pub fn try_new(center: Vector<D>, radius: Fx) -> Result<Self, Error> {
        center.check_domain(Field::new("center"))?;
        check_size(radius, Field::new("radius"))?;
        Ok(Self { center, radius })
    }

    /// The center.
    pub fn center(&self) -> Vector<D> {
        self.center
    }

    /// The radius (>= 0).
    pub fn radius(&self) -> Fx {
        self.radius
    }
}
