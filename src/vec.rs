//! Vectors of [`Fx`]: one type, [`Vector<D>`], for 2D ([`Vec2`]) and 3D
//! ([`Vec3`]), so that the axis-by-axis queries share one implementation.

use crate::num::{Fx, in_domain, mul_wide};
use crate::{Error, Field};

/// A vector of `D` scalars. Plain data: any [`Fx`] values are allowed; shapes
/// validate their own coordinates.
///
/// See also [`Vec2`], [`Vec3`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Vector<const D: usize>(pub [Fx; D]);

/// A 2D vector.
pub type Vec2 = Vector<2>;
/// A 3D vector.
pub type Vec3 = Vector<3>;

impl<const D: usize> Default for Vector<D> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const D: usize> Vector<D> {
    /// The zero vector.
    pub const ZERO: Self = Self([Fx::ZERO; D]);

    /// The unit vector along `axis` with the given sign (`true`: positive).
    /// Returns the zero vector for an `axis >= D`.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Vec3};
    /// assert_eq!(Vec3::unit(1, false), Vec3::new(Fx::ZERO, -Fx::ONE, Fx::ZERO));
    /// ```
    pub fn unit(axis: usize, positive: bool) -> Self {
        let mut v = Self::ZERO;
        if let Some(c) = v.0.get_mut(axis) {
            *c = if positive { Fx::ONE } else { -Fx::ONE };
        }
        v
    }

    /// Builds a vector from integers (exact).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Vec2;
    /// assert_eq!(Vec2::from_ints([1, -2]).0[1].to_num::<i32>(), -2);
    /// ```
    pub fn from_ints(v: [i32; D]) -> Self {
        Self(v.map(Fx::from_num))
    }

    /// The component `i` (0 = x, 1 = y, 2 = z).
    ///
    /// # Panics
    /// For `i >= D`, like slice indexing.
    pub fn get(&self, i: usize) -> Fx {
        self.0[i]
    }

    /// Checks that every component is within [`DOMAIN`](crate::num::DOMAIN).
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] naming `field.x` (or `.y`, `.z`) and the value.
    pub fn check_domain(&self, field: Field) -> Result<(), Error> {
        for (i, &c) in self.0.iter().enumerate() {
            if !in_domain(c) {
                return Err(Error::OutOfDomain {
                    field: field.axis(i),
                    value: c,
                });
            }
        }
        Ok(())
    }

    /// Whether every component is zero.
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|c| *c == Fx::ZERO)
    }

    /// Exact dot product as raw bits at scale 2^64 (`i128`). Cannot overflow
    /// for `D <= 3` and components of magnitude below 2^61.
    pub(crate) fn dot_wide(&self, other: &Self) -> i128 {
        let mut s = 0i128;
        for i in 0..D {
            s += mul_wide(self.0[i], other.0[i]);
        }
        s
    }
}

impl Vector<2> {
    /// A 2D vector from its components.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Vec2};
    /// let v = Vec2::new(Fx::ONE, Fx::ZERO);
    /// assert_eq!(v.x(), Fx::ONE);
    /// ```
    pub const fn new(x: Fx, y: Fx) -> Self {
        Self([x, y])
    }
}

impl Vector<3> {
    /// A 3D vector from its components.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Vec3};
    /// let v = Vec3::new(Fx::ONE, Fx::ZERO, Fx::ONE);
    /// assert_eq!(v.z(), Fx::ONE);
    /// ```
    pub const fn new(x: Fx, y: Fx, z: Fx) -> Self {
        Self([x, y, z])
    }

    /// The z component.
    pub const fn z(&self) -> Fx {
        self.0[2]
    }
}

impl<const D: usize> Vector<D> {
    /// The x component.
    pub const fn x(&self) -> Fx {
        self.0[0]
    }

    /// The y component.
    pub const fn y(&self) -> Fx {
        self.0[1]
    }
}

impl<const D: usize> core::fmt::Display for Vector<D> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "[")?;
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{c}")?;
        }
        write!(f, "]")
    }
}
