//! Axis-aligned boxes.

use crate::num::{Fx, in_domain, midpoint};
use crate::shape::check_sizes;
use crate::vec::Vector;
use crate::{Error, Field};

/// An axis-aligned box `[min, max]` (closed). Zero size on any axis is valid.
///
/// Invariant: `min[i] <= max[i]` and every coordinate within [`DOMAIN`](crate::DOMAIN).
///
/// See also [`Aabb2`], [`Aabb3`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_impl::AabbRaw<D>")
)]
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
        for (i, (&lo, &hi)) in min.0.iter().zip(&max.0).enumerate() {
            if lo > hi {
                return Err(Error::MinAboveMax {
                    min_field: min_f.axis(i),
                    min: lo,
                    max_field: max_f.axis(i),
                    max: hi,
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
        for ((lo, hi), &h) in min.0.iter_mut().zip(&mut max.0).zip(&half.0) {
            // Both within 2^20, so the sum is within 2^21: no overflow.
            (*lo, *hi) = (*lo - h, *hi + h);
        }
        Self::try_new(min, max)
    }

    /// A box from corners the caller has already validated (in the domain,
    /// `min <= max`), such as the overlap of two valid boxes.
    pub(crate) fn from_valid_corners(min: Vector<D>, max: Vector<D>) -> Self {
        debug_assert!(min.0.iter().zip(&max.0).all(|(lo, hi)| lo <= hi));
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
        for (c, &hi) in c.0.iter_mut().zip(&self.max.0) {
            *c = midpoint(*c, hi);
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
        let axes = min.0.iter_mut().zip(&mut max.0).zip(&d.0);
        for (k, ((lo, hi), &dk_fx)) in axes.enumerate() {
            let dk = dk_fx.to_bits();
            let (corner, name) = if dk < 0 { (lo, "min") } else { (hi, "max") };
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
                        value: dk_fx,
                    });
                }
            }
        }
        Ok(Self { min, max })
    }
}
