//! Oriented boxes ([`Obb2`], [`Obb3`]): the parallelepipeds spanned by the
//! axes of a [`Rot`].

use crate::num::{Fx, Round, from_scale64, wide};
use crate::rot::Rot;
use crate::shape::{Aabb, check_sizes};
use crate::vec::Vector;
use crate::{Error, Field};

/// An oriented box: the parallelepiped `{ center + sum_i s_i axes[i] :
/// |s_i| <= half[i] }` (closed). Zero half-sizes are valid.
///
/// The axes are those of the rotation **as given**: nearly, not exactly,
/// orthonormal. Every query answers for this parallelepiped, exactly:
/// [`obb_overlap`](crate::obb_overlap), [`sphere_obb`](crate::sphere_obb)
/// and [`ray_obb`](crate::ray_obb). The axes' own error
/// ([`Obb::axis_error`]), measured at construction, sizes the cheap filter
/// the ball and ray queries run first ([`Obb::slack`], [`Obb::band`]); for
/// axes that are exactly orthonormal (the signed permutations: identity,
/// axis swaps, sign flips, quarter turns) it is zero and the filter's
/// answer is already the exact one.
///
/// Layout: 128 bytes in 2D and 3D, aligned to 64, so that a box read from
/// an array takes two cache lines, never three (the two error measures are
/// packed into one word to fit a 3D box in 128 bytes).
///
/// See also [`Obb2`], [`Obb3`], [`Rot`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_impl::ObbRaw<D>")
)]
#[repr(C, align(64))]
pub struct Obb<const D: usize> {
    center: Vector<D>,
    half: Vector<D>,
    rot: Rot<D>,
    /// [`Obb::slack`] (below 2^35 raw) shifted left by 16, or'ed with
    /// [`Obb::axis_error`] (at most 2^12 raw). Measured again on
    /// deserialization, not serialized.
    #[cfg_attr(feature = "serde", serde(skip))]
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
        for (i, ai) in rot.axes().iter().enumerate() {
            for (j, aj) in rot.axes().iter().enumerate() {
                let want = if i == j { 1i128 << 64 } else { 0 };
                tau = tau.max((ai.dot_wide(aj) - want).abs());
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

    /// The same set as an axis-aligned box, when the axes are the
    /// coordinate axes up to sign and order (`A_i = +-e_k` exactly, each
    /// coordinate once, as `angle` 0 and the identity quaternion give):
    /// `half[i]` along the coordinate its axis is on.
    pub(crate) fn as_aabb(&self) -> Option<Aabb<D>> {
        let mut half = [None; D];
        for (axis, h) in self.axes().iter().zip(self.half.0) {
            // The one coordinate the axis is along: every other component
            // 0, that one +-1.
            let mut along = axis.0.iter().enumerate().filter(|(_, c)| **c != Fx::ZERO);
            let (k, c) = along.next()?;
            if along.next().is_some() || c.abs() != Fx::ONE {
                return None;
            }
            if half.get_mut(k)?.replace(h).is_some() {
                return None;
            }
        }
        let mut hv = Vector::ZERO;
        for (slot, h) in hv.0.iter_mut().zip(half) {
            *slot = h?;
        }
        Aabb::try_from_center_half(self.center, hv).ok()
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
        self.rot.axes()
    }

    /// How far the axes are from orthonormal: `tau = max over i, j of
    /// |axes[i] . axes[j] - delta_ij|`, computed exactly and rounded **up**
    /// to an ulp. Zero exactly when the axes are a signed permutation of
    /// x, y (, z). At most 2^-20 ([`AXIS_TOLERANCE`](crate::AXIS_TOLERANCE)); about 2^-31 for
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
    /// [`ray_obb`](crate::ray_obb) first test against it: a miss of the
    /// slab box is a miss of the box (a hit is decided again, exactly, for
    /// the box).
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

    /// How far the filters of [`sphere_obb`](crate::sphere_obb) (with the
    /// ball's `radius`) and [`ray_obb`](crate::ray_obb) (with `radius` 0)
    /// reach beyond the box: a ball or ray that passes the filter meets the
    /// same box with every half-size grown by `band(radius)`. (Not a
    /// tolerance of any answer: those queries are exact; the band only
    /// bounds where their exact path can run.)
    ///
    /// `band(r) = sigma + ceil(2 * D * tau * (max_i half[i] + sigma + r)) +
    /// 4 ulps`, with `tau` = [`Obb::axis_error`] and `sigma` =
    /// [`Obb::slack`]; exactly 0 when `tau` is 0 (the filter is then
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
    use crate::rot::Rot3;

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
}
