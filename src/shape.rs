//! The shapes: axis-aligned boxes, balls (circles and spheres) and rays, one
//! generic type each over the dimension `D` (2 or 3). Oriented boxes live in
//! [`crate::rot`] beside their rotations.
//!
//! Every constructor validates: coordinates, half-sizes and radii within
//! [`DOMAIN`], `min <= max`, non-negative sizes, a non-zero ray direction.
//! A constructed shape therefore satisfies every query's domain, and the
//! queries are total over them.

use crate::num::{DOMAIN, Fx, in_domain, midpoint};
use crate::vec::Vector;
use crate::{Error, Field};

/// An axis-aligned box `[min, max]` (closed). Zero size on any axis is valid.
///
/// Invariant: `min[i] <= max[i]` and every coordinate within [`DOMAIN`].
///
/// See also [`Aabb2`], [`Aabb3`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
// The corners in this order, each `D` consecutive `i64`: the x86-64 overlap
// test loads the box as consecutive 16-byte words.
#[repr(C)]
pub struct Aabb<const D: usize> {
    min: Vector<D>,
    max: Vector<D>,
}

/// A 2D axis-aligned box.
pub type Aabb2 = Aabb<2>;
/// A 3D axis-aligned box.
pub type Aabb3 = Aabb<3>;

impl<const D: usize> Aabb<D> {
    /// A box from its corners.
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] for a coordinate above 2^20 in magnitude (field
    /// `min.x` ...), [`Error::MinAboveMax`] when `min[i] > max[i]`
    /// (`min.x 5 > max.x 3`).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Vec2};
    /// let b = Aabb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([2, 1])).unwrap();
    /// assert_eq!(b.max(), Vec2::from_ints([2, 1]));
    /// assert!(Aabb2::try_new(Vec2::from_ints([3, 0]), Vec2::from_ints([2, 1])).is_err());
    /// ```
    pub fn try_new(min: Vector<D>, max: Vector<D>) -> Result<Self, Error> {
        let (min_f, max_f) = (Field::new("min"), Field::new("max"));
        min.check_domain(min_f)?;
        max.check_domain(max_f)?;
        for i in 0..D {
            if min.0[i] > max.0[i] {
                return Err(Error::MinAboveMax {
                    min_field: min_f.axis(i),
                    min: min.0[i],
                    max_field: max_f.axis(i),
                    max: max.0[i],
                });
            }
        }
        Ok(Self { min, max })
    }

    /// A box from its center and half-size: `[center - half, center + half]`
    /// (exact).
    ///
    /// # Errors
    /// [`Error::Negative`] for a negative `half.x` ...; [`Error::OutOfDomain`]
    /// when `center`, `half` or a resulting corner exceeds 2^20.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb3, Vec3};
    /// let b = Aabb3::try_from_center_half(Vec3::from_ints([0, 0, 0]), Vec3::from_ints([1, 2, 3])).unwrap();
    /// assert_eq!(b.min(), Vec3::from_ints([-1, -2, -3]));
    /// ```
    pub fn try_from_center_half(center: Vector<D>, half: Vector<D>) -> Result<Self, Error> {
        center.check_domain(Field::new("center"))?;
        check_sizes(&half, Field::new("half"))?;
        let mut min = center;
        let mut max = center;
        for i in 0..D {
            // Both within 2^20, so the sum is within 2^21: no overflow.
            min.0[i] = center.0[i] - half.0[i];
            max.0[i] = center.0[i] + half.0[i];
        }
        Self::try_new(min, max)
    }

    /// A box from corners the caller has already validated (in the domain,
    /// `min <= max`), such as the overlap of two valid boxes.
    pub(crate) fn from_valid_corners(min: Vector<D>, max: Vector<D>) -> Self {
        debug_assert!((0..D).all(|i| min.0[i] <= max.0[i]));
        Self { min, max }
    }

    /// The minimum corner.
    pub fn min(&self) -> Vector<D> {
        self.min
    }

    /// The maximum corner.
    pub fn max(&self) -> Vector<D> {
        self.max
    }

    /// The center, each coordinate `floor((min + max) / 2)`.
    pub fn center(&self) -> Vector<D> {
        let mut c = self.min;
        for i in 0..D {
            c.0[i] = midpoint(self.min.0[i], self.max.0[i]);
        }
        c
    }

    /// The smallest box containing `self` and `self` displaced by `d`: the
    /// bounds of a box moving by `d` (for a broadphase over moving or swept
    /// boxes). Exact, no rounding. A zero `d` gives `self`; a zero-size box
    /// gives the segment (or point) it sweeps.
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] when a corner of the result leaves the domain:
    /// it names the corner (`min.x`, `max.y` ...) and its value, or `d.x` ...
    /// and the displacement when the corner is beyond the range of [`Fx`].
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Vec2};
    /// let b = Aabb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 1])).unwrap();
    /// let s = b.try_swept(Vec2::from_ints([3, -2])).unwrap();
    /// assert_eq!((s.min(), s.max()), (Vec2::from_ints([0, -2]), Vec2::from_ints([4, 1])));
    /// let e = b.try_swept(Vec2::from_ints([1 << 20, 0])).unwrap_err();
    /// assert_eq!(e.field().to_string(), "max.x");
    /// ```
    pub fn try_swept(&self, d: Vector<D>) -> Result<Self, Error> {
        let mut min = self.min;
        let mut max = self.max;
        for k in 0..D {
            let dk = d.0[k].to_bits();
            let (corner, name) = if dk < 0 {
                (&mut min.0[k], "min")
            } else {
                (&mut max.0[k], "max")
            };
            // A corner below 2^53 in raw bits plus any i64: below 2^65, exact
            // in i128.
            let moved = i128::from(corner.to_bits()) + i128::from(dk);
            match i64::try_from(moved) {
                Ok(bits) if in_domain(Fx::from_bits(bits)) => *corner = Fx::from_bits(bits),
                Ok(bits) => {
                    return Err(Error::OutOfDomain {
                        field: Field::new(name).axis(k),
                        value: Fx::from_bits(bits),
                    });
                }
                Err(_) => {
                    return Err(Error::OutOfDomain {
                        field: Field::new("d").axis(k),
                        value: d.0[k],
                    });
                }
            }
        }
        Ok(Self { min, max })
    }
}

/// Checks a vector of sizes: non-negative and within the domain. The
/// component's field name is built only for an error.
pub fn check_sizes<const D: usize>(v: &Vector<D>, field: Field) -> Result<(), Error> {
    for (i, &c) in v.0.iter().enumerate() {
        if c < Fx::ZERO || c > DOMAIN {
            return Err(size_error(c, field.axis(i)));
        }
    }
    Ok(())
}

/// Checks one size (half-size, radius): non-negative and within the domain.
pub fn check_size(value: Fx, field: Field) -> Result<(), Error> {
    if value < Fx::ZERO || value > DOMAIN {
        return Err(size_error(value, field));
    }
    Ok(())
}

fn size_error(value: Fx, field: Field) -> Error {
    if value < Fx::ZERO {
        Error::Negative { field, value }
    } else {
        Error::OutOfDomain { field, value }
    }
}

/// A closed ball: a circle in 2D, a sphere in 3D. Radius zero is a point.
///
/// See also [`Circle`], [`Sphere`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// A ray `origin + t * dir` for `t` in `[0, max_t]`. The direction need not
/// be unit length: `t` is measured in units of `dir`.
///
/// See also [`Ray2`], [`Ray3`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
