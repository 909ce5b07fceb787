//! Rotations ([`Rot2`], [`Rot3`]), the frames of the oriented boxes
//! ([`Obb`](crate::Obb)).
//!
//! A rotation is held as its `D` axes: unit vectors of [`Fx`], nearly but not
//! exactly orthonormal (fixed point cannot represent most rotations exactly).
//! An oriented box is the parallelepiped spanned by those axes:
//! `{ center + sum_i s_i * axes[i] : |s_i| <= half[i] }`.

use crate::dim::{Const, Dim};
use crate::num::{Fx, div_floor, in_domain, sin_cos, wide};
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
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_impl::RotRaw<D>")
)]
pub struct Rot<const D: usize> {
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impl::array"))]
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
        for (i, ai) in axes.iter().enumerate() {
            for (j, aj) in axes.iter().enumerate().skip(i) {
                let want = if i == j { 1i128 << 64 } else { 0 };
                let dot = ai.dot_wide(aj);
                if (dot - want).abs() > tol {
                    // The pair (i, j), i < j < 3, is AXIS_PAIRS[i + j - 1].
                    let pair = if i == j {
                        None
                    } else {
                        AXIS_PAIRS.get(i + j - 1)
                    };
                    let field = match pair {
                        Some(&pair) => Field::new(pair),
                        None => Field::new("axes").index(i),
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

/// The parameters of a rotation, whose form depends on the dimension: an
/// angle in 2D, a quaternion in 3D. [`Rot::try_from_spec`] builds the
/// rotation, checking that the form fits the dimension; [`Rot::FORM`] says
/// which form a dimension takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RotSpec {
    /// A 2D rotation by this angle in radians, counter-clockwise (as
    /// [`Rot2::from_angle`]).
    Angle(Fx),
    /// A 3D rotation by this quaternion `[w, x, y, z]`, not necessarily unit
    /// (as [`Rot3::try_from_quat`]).
    Quat([Fx; 4]),
}

/// The form of a dimension's [`RotSpec`]: which variant its rotations take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RotForm {
    /// [`RotSpec::Angle`] (2D).
    Angle,
    /// [`RotSpec::Quat`] (3D).
    Quat,
}

impl<const D: usize> Rot<D>
where
    Const<D>: Dim<D>,
{
    /// The form of the [`RotSpec`] this dimension takes:
    /// [`RotForm::Angle`] in 2D, [`RotForm::Quat`] in 3D.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Rot2, Rot3, RotForm};
    /// assert_eq!(Rot2::FORM, RotForm::Angle);
    /// assert_eq!(Rot3::FORM, RotForm::Quat);
    /// ```
    pub const FORM: RotForm = <Const<D> as Dim<D>>::ROT_FORM;

    /// The rotation given by its parameters: [`Rot2::from_angle`] for an
    /// angle, [`Rot3::try_from_quat`] for a quaternion. For code generic over
    /// the dimension that reads the parameters as data.
    ///
    /// # Errors
    /// [`Error::WrongDimension`] for a spec of the other dimension (an angle
    /// for a 3D rotation names field `angle`, a quaternion for a 2D one
    /// `quat`); for a quaternion, the errors of [`Rot3::try_from_quat`].
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Rot2, Rot3, RotSpec};
    /// let r = Rot2::try_from_spec(&RotSpec::Angle(Fx::FRAC_PI_2)).unwrap();
    /// assert_eq!(r, Rot2::from_angle(Fx::FRAC_PI_2));
    /// let e = Rot3::try_from_spec(&RotSpec::Angle(Fx::ONE)).unwrap_err();
    /// assert_eq!(e.to_string(), "angle: a 2D rotation parameter cannot give a 3D rotation");
    /// ```
    #[inline]
    pub fn try_from_spec(spec: &RotSpec) -> Result<Self, Error> {
        <Const<D> as Dim<D>>::rot_from_spec(spec)
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
        let len = crate::kernel::sqrt::isqrt_u128(len2 << 20) as i128; // scale 2^42
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

    #[test]
    fn spec_of_the_other_dimension_is_rejected_naming_its_field() {
        let e = Rot2::try_from_spec(&RotSpec::Quat([Fx::ONE; 4])).unwrap_err();
        assert_eq!(
            e,
            Error::WrongDimension {
                field: Field::new("quat"),
                given: 3,
                expected: 2
            }
        );
        assert_eq!(
            e.to_string(),
            "quat: a 3D rotation parameter cannot give a 2D rotation"
        );
        let e = Rot3::try_from_spec(&RotSpec::Angle(Fx::ONE)).unwrap_err();
        assert_eq!(e.field().to_string(), "angle");
    }

    #[test]
    fn spec_builds_the_rotation_of_its_constructor() {
        for a in [-4, 0, 1, 3] {
            let a = Fx::from_num(a);
            assert_eq!(
                Rot2::try_from_spec(&RotSpec::Angle(a)),
                Ok(Rot2::from_angle(a))
            );
        }
        for q in [[1, 2, 3, 4], [0, 0, 0, 5], [0, 0, 0, 0], [1 << 21, 0, 0, 0]] {
            let q = q.map(Fx::from_num);
            assert_eq!(
                Rot3::try_from_spec(&RotSpec::Quat(q)),
                Rot3::try_from_quat(q)
            );
        }
        assert_eq!(Rot2::FORM, RotForm::Angle);
        assert_eq!(Rot3::FORM, RotForm::Quat);
    }
}
