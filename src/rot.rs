//! Rotations ([`Rot2`], [`Rot3`]) and oriented boxes ([`Obb2`], [`Obb3`]).
//!
//! A rotation is held as its `D` axes: unit vectors of [`Fx`], nearly but not
//! exactly orthonormal (fixed point cannot represent most rotations exactly).
//! An oriented box is the parallelepiped spanned by those axes:
//! `{ center + sum_i s_i * axes[i] : |s_i| <= half[i] }`.

use crate::num::{Fx, Round, div_floor, from_scale64, in_domain, sin_cos, wide};
use crate::shape::check_sizes;
use crate::vec::Vector;
use crate::{Error, Field};

/// The names of the axis pairs `(i, j)`, `i < j`, at `i + j - 1`.
const AXIS_PAIRS: [&str; 3] = ["axes[0]*axes[1]", "axes[0]*axes[2]", "axes[1]*axes[2]"];

/// How far given axes may be from orthonormal: every `axes[i] . axes[j]`
/// must be within 2^-20 of 1 (`i == j`) or 0 (`i != j`). Rotations built
/// from an angle, a quaternion or an axis-angle are within about 2^-31.
pub const AXIS_TOLERANCE: Fx = Fx::from_bits(1 << 12);

/// A rotation in `D` dimensions, stored as its axes (the images of the unit
/// vectors x, y (, z); the columns of the rotation matrix).
///
/// See also [`Rot2`], [`Rot3`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rot<const D: usize> {
    axes: [Vector<D>; D],
}

/// A 2D rotation.
pub type Rot2 = Rot<2>;
/// A 3D rotation.
pub type Rot3 = Rot<3>;

impl<const D: usize> Rot<D> {
    /// The identity: axes x, y (, z).
    pub fn identity() -> Self {
        let mut axes = [Vector::ZERO; D];
        for (i, a) in axes.iter_mut().enumerate() {
            *a = Vector::unit(i, true);
        }
        Self { axes }
    }

    /// A rotation from its axes, checked to be orthonormal within
    /// [`AXIS_TOLERANCE`]. Handedness is not checked (a box is symmetric).
    ///
    /// # Errors
    /// [`Error::AxisComponent`] for a component above 2 in magnitude (field
    /// `axes[i].x` ...), [`Error::NotOrthonormal`] naming `axes[i]` (length)
    /// or `axes[i]*axes[j]` (a pair) and the measured dot product.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Rot2, Vec2};
    /// assert!(Rot2::try_from_axes([Vec2::from_ints([0, 1]), Vec2::from_ints([-1, 0])]).is_ok());
    /// assert!(Rot2::try_from_axes([Vec2::from_ints([1, 1]), Vec2::from_ints([-1, 1])]).is_err());
    /// ```
    pub fn try_from_axes(axes: [Vector<D>; D]) -> Result<Self, Error> {
        let two = Fx::from_num(2);
        for (i, a) in axes.iter().enumerate() {
            for (k, &c) in a.0.iter().enumerate() {
                // Not `c.abs()`: it overflows for `Fx::MIN`.
                if c < -two || c > two {
                    return Err(Error::AxisComponent {
                        field: Field::new("axes").index(i).axis(k),
                        value: c,
                    });
                }
            }
        }
        let tol = i128::from(AXIS_TOLERANCE.to_bits()) << 32;
        for i in 0..D {
            for j in i..D {
                let want = if i == j { 1i128 << 64 } else { 0 };
                let dot = axes[i].dot_wide(&axes[j]);
                if (dot - want).abs() > tol {
                    let field = if i == j {
                        Field::new("axes").index(i)
                    } else {
                        Field::new(AXIS_PAIRS[i + j - 1])
                    };
                    let value = Fx::from_bits((dot >> 32) as i64);
                    return Err(Error::NotOrthonormal { field, value });
                }
            }
        }
        Ok(Self { axes })
    }

    /// The axes.
    pub fn axes(&self) -> &[Vector<D>; D] {
        &self.axes
    }
}

impl Rot<2> {
    /// The rotation by `angle` radians (counter-clockwise): axes
    /// `(cos, sin)` and `(-sin, cos)`, exactly perpendicular, each component
    /// within 1 ulp of the true value (see [`sin_cos`]). Total.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Rot2, Vec2};
    /// let r = Rot2::from_angle(Fx::FRAC_PI_2);
    /// assert_eq!(r.axes()[0], Vec2::new(Fx::ZERO, Fx::ONE));
    /// ```
    pub fn from_angle(angle: Fx) -> Self {
        let (s, c) = sin_cos(angle);
        Self {
            axes: [Vector([c, s]), Vector([-s, c])],
        }
    }
}

impl Rot<3> {
    /// The rotation of the quaternion `[w, x, y, z]`, which need not be unit:
    /// it is scaled exactly by a power of two, then each matrix entry is the
    /// exact ratio rounded to nearest. The axes are orthonormal within about
    /// 2^-31.
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] for a component above 2^20 (field `quat[i]`),
    /// [`Error::ZeroVector`] for the zero quaternion.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Rot3, Vec3};
    /// // 90 degrees about z, not normalized.
    /// let r = Rot3::try_from_quat([Fx::ONE, Fx::ZERO, Fx::ZERO, Fx::ONE]).unwrap();
    /// assert_eq!(r.axes()[0], Vec3::new(Fx::ZERO, Fx::ONE, Fx::ZERO));
    /// ```
    pub fn try_from_quat(q: [Fx; 4]) -> Result<Self, Error> {
        for (i, &c) in q.iter().enumerate() {
            if !in_domain(c) {
                return Err(Error::OutOfDomain {
                    field: Field::new("quat").index(i),
                    value: c,
                });
            }
        }
        let max = q.iter().map(|c| wide(*c).unsigned_abs()).max().unwrap_or(0);
        if max == 0 {
            return Err(Error::ZeroVector {
                field: Field::new("quat"),
            });
        }
        // Scale exactly (left shift) or with < 2^-40 relative loss (right
        // shift) so the largest component has 40 bits.
        let bits = 128 - max.leading_zeros() as i32;
        let scale = |c: Fx| -> i128 {
            let v = wide(c);
            if bits > 40 {
                v >> (bits - 40)
            } else {
                v << (40 - bits)
            }
        };
        let [w, x, y, z] = q.map(scale);
        let n2 = w * w + x * x + y * y + z * z;
        let entry = |num: i128| -> Fx {
            // round(num / n2) at 2^32 scale: num < 2^83, so num << 33 fits.
            Fx::from_bits(div_floor((num << 33) + n2, 2 * n2) as i64)
        };
        let axes = [
            Vector([
                entry(w * w + x * x - y * y - z * z),
                entry(2 * (x * y + w * z)),
                entry(2 * (x * z - w * y)),
            ]),
            Vector([
                entry(2 * (x * y - w * z)),
                entry(w * w - x * x + y * y - z * z),
                entry(2 * (y * z + w * x)),
            ]),
            Vector([
                entry(2 * (x * z + w * y)),
                entry(2 * (y * z - w * x)),
                entry(w * w - x * x - y * y + z * z),
            ]),
        ];
        Ok(Self { axes })
    }

    /// The rotation by `angle` radians about `axis` (right-handed; the axis
    /// need not be unit), through the quaternion
    /// `(cos(angle/2) |axis|, sin(angle/2) axis)`.
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] for an `axis` component above 2^20,
    /// [`Error::ZeroVector`] for a zero `axis`.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Rot3, Vec3};
    /// let z = Vec3::from_ints([0, 0, 1]);
    /// let r = Rot3::try_from_axis_angle(z, Fx::FRAC_PI_2).unwrap();
    /// assert_eq!(r.axes()[0], Vec3::new(Fx::ZERO, Fx::ONE, Fx::ZERO));
    /// ```
    pub fn try_from_axis_angle(axis: Vector<3>, angle: Fx) -> Result<Self, Error> {
        axis.check_domain(Field::new("axis"))?;
        if axis.is_zero() {
            return Err(Error::ZeroVector {
                field: Field::new("axis"),
            });
        }
        // Normalize the axis to unit length first (within 2^-31), so that the
        // quaternion components are sin/cos times values <= 1.
        let len2 = axis.dot_wide(&axis) as u128; // scale 2^64, <= 2^107
        let len = crate::num::isqrt_u128(len2 << 20) as i128; // scale 2^42
        let unit = axis
            .0
            .map(|c| Fx::from_bits(div_floor(wide(c) << 42, len.max(1)) as i64));
        let (s, c) = sin_cos(angle / 2);
        let q = [c, s * unit[0], s * unit[1], s * unit[2]];
        // Components are within 1 + 2^-30 in magnitude: never zero together,
        // since s^2 + c^2 is within 2^-30 of 1.
        Self::try_from_quat(q)
    }
}

/// An oriented box: the parallelepiped `{ center + sum_i s_i axes[i] :
/// |s_i| <= half[i] }` (closed). Zero half-sizes are valid.
///
/// The axes are those of the rotation **as given**: nearly, not exactly,
/// orthonormal. Every query answers for this parallelepiped.
/// [`obb_overlap`](crate::obb_overlap) is exact for it;
/// [`sphere_obb`](crate::sphere_obb) and [`ray_obb`](crate::ray_obb) never
/// miss it and are exact outside a thin band around its surface, of width
/// [`Obb::band`], measured at construction from the axes' own error
/// ([`Obb::axis_error`]). For axes that are exactly orthonormal (the signed
/// permutations: identity, axis swaps, sign flips, quarter turns) the band
/// is zero and every query is exact.
///
/// Layout: 128 bytes in 2D and 3D, aligned to 64, so that a box read from
/// an array takes two cache lines, never three (the two error measures are
/// packed into one word to fit a 3D box in 128 bytes).
///
/// See also [`Obb2`], [`Obb3`], [`Rot`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C, align(64))]
pub struct Obb<const D: usize> {
    center: Vector<D>,
    half: Vector<D>,
    rot: Rot<D>,
    /// [`Obb::slack`] (below 2^35 raw) shifted left by 16, or'ed with
    /// [`Obb::axis_error`] (at most 2^12 raw).
    errors: i64,
}

/// A 2D oriented box.
pub type Obb2 = Obb<2>;
/// A 3D oriented box.
pub type Obb3 = Obb<3>;

impl<const D: usize> Obb<D> {
    /// An oriented box from its center, half-sizes (paired with the axes in
    /// order) and rotation.
    ///
    /// Also measures, exactly, how far the axes are from orthonormal
    /// ([`Obb::axis_error`]) and derives the box's [`Obb::slack`] from it.
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] for a `center` or `half` component above 2^20,
    /// [`Error::Negative`] for a negative `half.x` ...
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Obb2, Rot2, Vec2};
    /// let b = Obb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([2, 1]), Rot2::from_angle(Fx::ZERO)).unwrap();
    /// assert_eq!(b.half(), Vec2::from_ints([2, 1]));
    /// assert_eq!(b.slack(), Fx::ZERO); // exactly orthonormal axes
    /// ```
    pub fn try_new(center: Vector<D>, half: Vector<D>, rot: Rot<D>) -> Result<Self, Error> {
        center.check_domain(Field::new("center"))?;
        check_sizes(&half, Field::new("half"))?;
        // tau = max |A_i . A_j - delta_ij| exactly, at scale 2^64. Every
        // constructor of `Rot` guarantees tau <= 2^-20, i.e. 2^44 here; the
        // `min` only keeps the budgets below true for any value.
        let mut tau: i128 = 0;
        for i in 0..D {
            for j in 0..D {
                let want = if i == j { 1i128 << 64 } else { 0 };
                tau = tau.max((rot.axes[i].dot_wide(&rot.axes[j]) - want).abs());
            }
        }
        let tau = tau.min(1i128 << 44);
        let axis_error = from_scale64(tau, Round::Up);
        let slack = if tau == 0 {
            // Signed permutation axes (the only exactly orthonormal dyadic
            // ones): box coordinates are exact, nothing to cover.
            Fx::ZERO
        } else {
            // ceil(tau * sum_j h_j) + 2 ulps. tau <= 2^44 (scale 2^64) times
            // sum h < 3 * 2^52 (scale 2^32): < 2^98 at scale 2^96.
            let sum_h: i128 = half.0.iter().map(|h| wide(*h)).sum();
            let over = -((-(tau * sum_h)) >> 64);
            Fx::from_bits((over + 2) as i64)
        };
        // axis_error <= 2^12 and slack <= 3 * 2^32 + 2 raw: both fit.
        debug_assert!((0..1 << 16).contains(&axis_error.to_bits()));
        debug_assert!((0..1 << 47).contains(&slack.to_bits()));
        Ok(Self {
            center,
            half,
            rot,
            errors: (slack.to_bits() << 16) | axis_error.to_bits(),
        })
    }

    /// The center.
    pub fn center(&self) -> Vector<D> {
        self.center
    }

    /// The half-sizes, `half[i]` along `axes()[i]`.
    pub fn half(&self) -> Vector<D> {
        self.half
    }

    /// The rotation.
    pub fn rot(&self) -> &Rot<D> {
        &self.rot
    }

    /// The axes (shortcut for `rot().axes()`).
    pub fn axes(&self) -> &[Vector<D>; D] {
        &self.rot.axes
    }

    /// How far the axes are from orthonormal: `tau = max over i, j of
    /// |axes[i] . axes[j] - delta_ij|`, computed exactly and rounded **up**
    /// to an ulp. Zero exactly when the axes are a signed permutation of
    /// x, y (, z). At most 2^-20 ([`AXIS_TOLERANCE`]); about 2^-31 for
    /// rotations built from an angle or a quaternion.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Obb2, Rot2, Vec2};
    /// let c = Vec2::from_ints([0, 0]);
    /// let h = Vec2::from_ints([1, 1]);
    /// let quarter = Obb2::try_new(c, h, Rot2::from_angle(Fx::FRAC_PI_2)).unwrap();
    /// assert_eq!(quarter.axis_error(), Fx::ZERO);
    /// let tilted = Obb2::try_new(c, h, Rot2::from_angle(Fx::ONE)).unwrap();
    /// assert!(tilted.axis_error() <= Fx::from_bits(2));
    /// ```
    pub fn axis_error(&self) -> Fx {
        Fx::from_bits(self.errors & 0xffff)
    }

    /// The slack `sigma` of the box: `ceil(tau * sum_i half[i]) + 2 ulps`
    /// (`tau` = [`Obb::axis_error`] before rounding), zero when `tau` is.
    ///
    /// Every point `p` of the box has box-frame coordinates
    /// `u_i = (p - center) . axes[i]` with `|u_i| <= half[i] + tau * sum_j
    /// half[j]`; the 2 ulps cover the rounding of the ray query. So the
    /// "slab box" `{ p : |u_i| <= half[i] + sigma for all i }` contains the
    /// box, and [`sphere_obb`](crate::sphere_obb) and
    /// [`ray_obb`](crate::ray_obb) decide a miss against it: never a false
    /// miss.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Obb2, Rot2, Vec2};
    /// let b = Obb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([4, 4]), Rot2::from_angle(Fx::ONE)).unwrap();
    /// assert!(b.slack() > Fx::ZERO && b.slack() < Fx::from_bits(32));
    /// ```
    pub fn slack(&self) -> Fx {
        Fx::from_bits(self.errors >> 16)
    }

    /// The tolerance band of [`sphere_obb`](crate::sphere_obb) (with the
    /// ball's `radius`) and [`ray_obb`](crate::ray_obb) (with `radius` 0):
    /// a hit reported for a ball or ray that misses the box does meet the
    /// same box with every half-size grown by `band(radius)`.
    ///
    /// `band(r) = sigma + ceil(2 * D * tau * (max_i half[i] + sigma + r)) +
    /// 4 ulps`, with `tau` = [`Obb::axis_error`] and `sigma` =
    /// [`Obb::slack`]; exactly 0 when `tau` is 0 (those queries are then
    /// exact). Rounded up; a negative `radius` counts as 0; saturates at
    /// [`Fx::MAX`].
    ///
    /// Why: the slab box of [`Obb::slack`] lies inside the box grown by
    /// `sigma + D tau (max half + sigma) / (1 - D tau)` (the inverse Gram
    /// matrix of the axes is within `D tau / (1 - D tau)` of the identity),
    /// and the ball query inflates the radius by the factor
    /// `sqrt(1 + D tau)` bounding `|A^T v| / |v|`, which growing the
    /// half-sizes by about `1.5 D tau r` more covers.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Obb3, Rot3, Vec3};
    /// let r = Rot3::try_from_quat([Fx::ONE, Fx::ONE, Fx::ZERO, Fx::ZERO]).unwrap();
    /// let b = Obb3::try_new(Vec3::from_ints([0, 0, 0]), Vec3::from_ints([1, 2, 3]), r).unwrap();
    /// assert!(b.band(Fx::ONE) >= b.slack());
    /// let exact = Obb3::try_new(Vec3::from_ints([0, 0, 0]), Vec3::from_ints([1, 2, 3]), Rot3::identity()).unwrap();
    /// assert_eq!(exact.band(Fx::ONE), Fx::ZERO);
    /// ```
    pub fn band(&self, radius: Fx) -> Fx {
        if self.axis_error() == Fx::ZERO {
            return Fx::ZERO;
        }
        let max_h = self.half.0.iter().map(|h| wide(*h)).max().unwrap_or(0);
        // tau <= 2^12 (scale 2^32), the sum < 2^65: product * 2D < 2^80.
        let reach = max_h + wide(self.slack()) + wide(radius.max(Fx::ZERO));
        let grow = -((-(2 * D as i128 * wide(self.axis_error()) * reach)) >> 32);
        let total = wide(self.slack()) + grow + 4;
        Fx::from_bits(total.min(i128::from(i64::MAX)) as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    fn max_orthonormal_error<const D: usize>(r: &Rot<D>) -> i128 {
        let mut worst = 0;
        for i in 0..D {
            for j in 0..D {
                let want = if i == j { 1i128 << 64 } else { 0 };
                worst = worst.max((r.axes[i].dot_wide(&r.axes[j]) - want).abs());
            }
        }
        worst
    }

    #[test]
    fn boxes_take_two_cache_lines() {
        for (size, align) in [
            (size_of::<Obb2>(), align_of::<Obb2>()),
            (size_of::<Obb3>(), align_of::<Obb3>()),
        ] {
            assert_eq!((size, align), (128, 64));
        }
    }

    #[test]
    fn packed_error_measures_survive_their_largest_values() {
        // x axis stretched by just under 2^-21: A0 . A0 - 1 just under the
        // tolerance 2^-20; half-sizes at the domain limit, so the slack is
        // at its largest (about 3 units).
        let stretch = Fx::ONE + Fx::from_bits((1 << 11) - 1);
        let axes = [
            Vector([stretch, Fx::ZERO, Fx::ZERO]),
            Vector([Fx::ZERO, Fx::ONE, Fx::ZERO]),
            Vector([Fx::ZERO, Fx::ZERO, Fx::ONE]),
        ];
        let half = Vector([Fx::from_num(1 << 20); 3]);
        let b = Obb3::try_new(Vector::ZERO, half, Rot3::try_from_axes(axes).unwrap()).unwrap();
        let tau = wide(stretch) * wide(stretch) - (1i128 << 64);
        let want_error = -((-tau) >> 32);
        let want_slack = -((-(tau * 3 * wide(half.0[0]))) >> 64) + 2;
        assert!(
            want_error > 4000 && want_slack > 3 << 31,
            "{want_error} {want_slack}"
        );
        assert_eq!(i128::from(b.axis_error().to_bits()), want_error);
        assert_eq!(i128::from(b.slack().to_bits()), want_slack);
    }

    #[test]
    fn quaternion_rotations_are_orthonormal_within_2_pow_minus_30() {
        let qs = [
            [1, 2, 3, 4],
            [-7, 1, 0, 0],
            [0, 0, 0, 5],
            [1000, -3, 2, 999],
            [1, 1, 1, 1],
        ];
        for q in qs {
            let r = Rot3::try_from_quat(q.map(Fx::from_num)).unwrap();
            assert!(
                max_orthonormal_error(&r) <= 1i128 << 34,
                "quat {q:?}: {r:?}"
            );
            assert!(Rot3::try_from_axes(r.axes).is_ok(), "quat {q:?}");
        }
    }

    #[test]
    fn extreme_axis_components_are_rejected_without_panicking() {
        for c in [Fx::MIN, Fx::MAX, Fx::from_num(-3)] {
            let r = Rot2::try_from_axes([Vector([c, Fx::ZERO]), Vector([Fx::ZERO, Fx::ONE])]);
            assert!(
                matches!(r, Err(Error::AxisComponent { .. })),
                "component {c}: {r:?}"
            );
        }
    }

    #[test]
    fn tiny_quaternion_is_scaled_exactly() {
        let tiny = Rot3::try_from_quat([Fx::DELTA, Fx::ZERO, Fx::ZERO, Fx::DELTA]).unwrap();
        let big = Rot3::try_from_quat([Fx::ONE, Fx::ZERO, Fx::ZERO, Fx::ONE]).unwrap();
        assert_eq!(tiny, big);
    }

    #[test]
    fn angle_rotations_are_orthonormal() {
        for a in [-4, -1, 0, 1, 2, 3, 100] {
            let r = Rot2::from_angle(Fx::from_num(a));
            assert!(max_orthonormal_error(&r) <= 1i128 << 34, "angle {a}");
        }
    }

    #[test]
    fn axis_angle_about_each_axis_matches_angle_rotation() {
        let a = Fx::from_num(0.75);
        let r =
            Rot3::try_from_axis_angle(Vector([Fx::ZERO, Fx::ZERO, Fx::from_num(3)]), a).unwrap();
        let r2 = Rot2::from_angle(a);
        for k in 0..2 {
            let d = (r.axes[0].0[k] - r2.axes[0].0[k]).abs();
            assert!(
                d <= 4 * Fx::DELTA,
                "component {k}: {} vs {}",
                r.axes[0].0[k],
                r2.axes[0].0[k]
            );
        }
    }
}
