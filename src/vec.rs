//! Vectors of [`Fx`]: one type, [`Vector<D>`], for 2D ([`Vec2`]) and 3D
//! ([`Vec3`]), so that the axis-by-axis queries share one implementation.
//!
//! # Arithmetic without overflow
//!
//! A [`Vector`] is plain data: any [`Fx`] components are allowed. So every
//! operation either cannot overflow for **any** input, or says so in its
//! type:
//!
//! - `+`, `-`, unary `-` and `*` by a scalar return `Option<Vector<D>>`:
//!   `None` exactly when a component of the exact result is outside the
//!   range of [`Fx`]. They never panic (debug) and never wrap (release), so
//!   a build profile cannot change an answer. For in-domain input
//!   (`|v| <= 2^20`, [`DOMAIN`](crate::DOMAIN)) sums and differences are
//!   always `Some`. An `Option<Vector<D>>` takes further `+` and `-` of a
//!   vector, so `a + b - c` is one `Option`, `None` if any step overflowed.
//! - [`cross_wide`](Vector::cross_wide) and
//!   [`perp_dot_wide`](Vector::perp_dot_wide) return `i128` raw bits at
//!   scale 2^64: exact for every input.
//! - [`dot_wide`](Vector::dot_wide) is exact while `D * max|a_i| * max|b_i|
//!   < 2^127` in raw bits, which holds for every 2D or 3D vector with
//!   components below 2^30 (2^10 times the domain);
//!   [`checked_dot_wide`](Vector::checked_dot_wide) is exact for every
//!   input or `None`.
//! - [`min`](Vector::min), [`max`](Vector::max),
//!   [`splat`](Vector::splat) and the axis constants cannot overflow.
//!
//! ```
//! use fixed_collide::{Fx, Vec2};
//! let a = Vec2::from_ints([1, 2]);
//! let b = Vec2::from_ints([3, -4]);
//! assert_eq!(a + b, Some(Vec2::from_ints([4, -2])));
//! assert_eq!(a + b - a, Some(b));
//! assert_eq!(Vec2::splat(Fx::MAX) + a, None); // beyond Fx: no panic, no wrap
//! ```

use crate::num::{Fx, in_domain, mul_wide};
use crate::{Error, Field};
use core::ops::{Add, Mul, Neg, Sub};

/// A vector of `D` scalars. Plain data: any [`Fx`] values are allowed; shapes
/// validate their own coordinates. Arithmetic is checked or widening, never
/// overflowing (see the [module docs](self)).
///
/// See also [`Vec2`], [`Vec3`].
///
/// # Examples
/// ```
/// use fixed_collide::{Fx, Vec3};
/// let v = Vec3::new(Fx::ONE, Fx::ZERO, -Fx::ONE);
/// assert_eq!(v.0[2], -Fx::ONE);
/// ```
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
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Vec2};
    /// assert_eq!(Vec2::ZERO, Vec2::splat(Fx::ZERO));
    /// ```
    pub const ZERO: Self = Self([Fx::ZERO; D]);

    /// The vector with every component `v`.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Vec3};
    /// assert_eq!(Vec3::splat(Fx::ONE), Vec3::from_ints([1, 1, 1]));
    /// ```
    #[must_use]
    pub const fn splat(v: Fx) -> Self {
        Self([v; D])
    }

    /// The unit vector along `axis` with the given sign (`true`: positive).
    /// Returns the zero vector for an `axis >= D`.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Vec3};
    /// assert_eq!(Vec3::unit(1, false), Vec3::new(Fx::ZERO, -Fx::ONE, Fx::ZERO));
    /// assert_eq!(Vec3::unit(0, true), Vec3::X);
    /// ```
    #[must_use]
    pub fn unit(axis: usize, positive: bool) -> Self {
        // Compared on every axis, not indexed: no store to a computed
        // address that the reads of the vector would wait for.
        let one = if positive { Fx::ONE } else { -Fx::ONE };
        let mut v = Self::ZERO;
        for (k, c) in v.0.iter_mut().enumerate() {
            *c = Fx::from_bits(one.to_bits() & -i64::from(k == axis));
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
    #[must_use]
    pub fn from_ints(v: [i32; D]) -> Self {
        Self(v.map(Fx::from_num))
    }

    /// The vector whose components have the given raw bits (units of
    /// 2^-32), as [`Fx::from_bits`]. Exact.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Vec2;
    /// use fixed_collide::Fx;
    /// let v = Vec2::from_bits([1 << 32, -(3 << 31)]);
    /// assert_eq!((v.x(), v.y()), (Fx::ONE, Fx::from_num(-1.5)));
    /// ```
    #[must_use]
    // A const fn (no iterators): `i < D`, the length of both arrays.
    #[allow(clippy::indexing_slicing)]
    pub const fn from_bits(bits: [i64; D]) -> Self {
        let mut v = [Fx::ZERO; D];
        let mut i = 0;
        while i < D {
            v[i] = Fx::from_bits(bits[i]);
            i += 1;
        }
        Self(v)
    }

    /// The raw bits of every component (units of 2^-32), as
    /// [`Fx::to_bits`]. Exact.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Vec2};
    /// assert_eq!(Vec2::new(Fx::ONE, -Fx::DELTA).to_bits(), [1 << 32, -1]);
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn to_bits(self) -> [i64; D] {
        self.0.map(Fx::to_bits)
    }

    /// The component `i` (0 = x, 1 = y, 2 = z), or `None` for `i >= D`,
    /// like [`slice::get`].
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Vec2};
    /// assert_eq!(Vec2::from_ints([4, 5]).get(1), Some(Fx::from_num(5)));
    /// assert_eq!(Vec2::from_ints([4, 5]).get(2), None);
    /// ```
    #[must_use]
    pub fn get(&self, i: usize) -> Option<Fx> {
        self.0.get(i).copied()
    }

    /// Checks that every component is within [`DOMAIN`](crate::num::DOMAIN).
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] naming `field.x` (or `.y`, `.z`) and the value.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Field, Vec2};
    /// assert!(Vec2::from_ints([0, 1 << 20]).check_domain(Field::new("p")).is_ok());
    /// let e = Vec2::from_ints([0, (1 << 20) + 1]).check_domain(Field::new("p")).unwrap_err();
    /// assert_eq!(e.field().to_string(), "p.y");
    /// ```
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
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Vec3;
    /// assert!(Vec3::ZERO.is_zero() && !Vec3::Z.is_zero());
    /// ```
    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|c| *c == Fx::ZERO)
    }

    /// The component-wise minimum. Exact; cannot overflow.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Vec2;
    /// let (a, b) = (Vec2::from_ints([1, 5]), Vec2::from_ints([3, -2]));
    /// assert_eq!(a.min(b), Vec2::from_ints([1, -2]));
    /// ```
    #[must_use]
    #[inline]
    pub fn min(self, other: Self) -> Self {
        self.zip_map(other, Fx::min)
    }

    /// The component-wise maximum. Exact; cannot overflow.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Vec2;
    /// let (a, b) = (Vec2::from_ints([1, 5]), Vec2::from_ints([3, -2]));
    /// assert_eq!(a.max(b), Vec2::from_ints([3, 5]));
    /// ```
    #[must_use]
    #[inline]
    pub fn max(self, other: Self) -> Self {
        self.zip_map(other, Fx::max)
    }

    /// The exact dot product, as raw bits at scale 2^64 (the value times
    /// 2^64; divide by 2^32 for [`Fx`] bits, rounding as needed).
    ///
    /// Each product is exact in `i128`. The sum is exact while
    /// `D * max|self_i| * max|other_i| < 2^127` in raw bits: for every 2D or
    /// 3D vector with components below 2^30 in magnitude (2^10 times the
    /// [`DOMAIN`](crate::DOMAIN)), and for any 2D vectors unless all four
    /// components are [`Fx::MIN`]. Beyond that bound the sum is taken modulo
    /// 2^128 (the same in every build profile; it never panics): use
    /// [`checked_dot_wide`](Self::checked_dot_wide) for arbitrary vectors.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Vec3;
    /// let (a, b) = (Vec3::from_ints([1, 2, 3]), Vec3::from_ints([4, -5, 6]));
    /// assert_eq!(a.dot_wide(&b), 12 << 64); // 4 - 10 + 18
    /// ```
    #[must_use]
    #[inline]
    pub fn dot_wide(&self, other: &Self) -> i128 {
        // |product| <= 2^126: exact.
        (self.0.iter().zip(&other.0)).fold(0i128, |s, (&a, &b)| s.wrapping_add(mul_wide(a, b)))
    }

    /// The exact dot product at scale 2^64, as
    /// [`dot_wide`](Self::dot_wide), or `None` when it does not fit an
    /// `i128` (possible only for components beyond 2^30 in magnitude).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Vec3};
    /// let big = Vec3::splat(Fx::MIN);
    /// assert_eq!(big.checked_dot_wide(&big), None); // 3 * 2^126
    /// assert_eq!(Vec3::X.checked_dot_wide(&big), Some(-(1i128 << 95)));
    /// ```
    #[must_use]
    pub fn checked_dot_wide(&self, other: &Self) -> Option<i128> {
        (self.0.iter().zip(&other.0)).try_fold(0i128, |s, (&a, &b)| s.checked_add(mul_wide(a, b)))
    }
}

impl Vector<2> {
    /// The unit vector along x.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Vec2;
    /// assert_eq!(Vec2::X, Vec2::from_ints([1, 0]));
    /// ```
    pub const X: Self = Self([Fx::ONE, Fx::ZERO]);

    /// The unit vector along y.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Vec2;
    /// assert_eq!(Vec2::Y, Vec2::from_ints([0, 1]));
    /// ```
    pub const Y: Self = Self([Fx::ZERO, Fx::ONE]);

    /// A 2D vector from its components.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Vec2};
    /// let v = Vec2::new(Fx::ONE, Fx::ZERO);
    /// assert_eq!(v.x(), Fx::ONE);
    /// ```
    #[must_use]
    pub const fn new(x: Fx, y: Fx) -> Self {
        Self([x, y])
    }

    /// The 2D cross product (perp-dot) `self.x * other.y - self.y *
    /// other.x`, exact, as raw bits at scale 2^64: positive when `other`
    /// turns counter-clockwise from `self`, zero when they are parallel.
    /// Exact for every input: a difference of two products of `i64` fits
    /// `i128`.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Vec2;
    /// assert_eq!(Vec2::X.perp_dot_wide(&Vec2::Y), 1 << 64);
    /// assert_eq!(Vec2::Y.perp_dot_wide(&Vec2::X), -(1 << 64));
    /// ```
    #[must_use]
    #[inline]
    pub fn perp_dot_wide(&self, other: &Self) -> i128 {
        // Each product is in [-2^126 + 2^63, 2^126]: the difference is
        // within 2^127 - 2^63.
        mul_wide(self.0[0], other.0[1]) - mul_wide(self.0[1], other.0[0])
    }
}

impl Vector<3> {
    /// The unit vector along x.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Vec3;
    /// assert_eq!(Vec3::X, Vec3::from_ints([1, 0, 0]));
    /// ```
    pub const X: Self = Self([Fx::ONE, Fx::ZERO, Fx::ZERO]);

    /// The unit vector along y.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Vec3;
    /// assert_eq!(Vec3::Y, Vec3::from_ints([0, 1, 0]));
    /// ```
    pub const Y: Self = Self([Fx::ZERO, Fx::ONE, Fx::ZERO]);

    /// The unit vector along z.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Vec3;
    /// assert_eq!(Vec3::Z, Vec3::from_ints([0, 0, 1]));
    /// ```
    pub const Z: Self = Self([Fx::ZERO, Fx::ZERO, Fx::ONE]);

    /// A 3D vector from its components.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Vec3};
    /// let v = Vec3::new(Fx::ONE, Fx::ZERO, Fx::ONE);
    /// assert_eq!(v.z(), Fx::ONE);
    /// ```
    #[must_use]
    pub const fn new(x: Fx, y: Fx, z: Fx) -> Self {
        Self([x, y, z])
    }

    /// The z component.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Vec3};
    /// assert_eq!(Vec3::Z.z(), Fx::ONE);
    /// ```
    #[must_use]
    pub const fn z(&self) -> Fx {
        self.0[2]
    }

    /// The exact cross product `self x other`, each component as raw bits
    /// at scale 2^64 (right-handed: `X x Y = Z`). Exact for every input:
    /// each component is a difference of two products of `i64`, which fits
    /// `i128`.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Vec3;
    /// assert_eq!(Vec3::X.cross_wide(&Vec3::Y), [0, 0, 1 << 64]);
    /// let (a, b) = (Vec3::from_ints([1, 2, 3]), Vec3::from_ints([4, 5, 6]));
    /// assert_eq!(a.cross_wide(&b), [-3 << 64, 6 << 64, -3 << 64]);
    /// ```
    #[must_use]
    #[inline]
    pub fn cross_wide(&self, other: &Self) -> [i128; 3] {
        let (a, b) = (&self.0, &other.0);
        // Each product is in [-2^126 + 2^63, 2^126]: every difference is
        // within 2^127 - 2^63.
        [
            mul_wide(a[1], b[2]) - mul_wide(a[2], b[1]),
            mul_wide(a[2], b[0]) - mul_wide(a[0], b[2]),
            mul_wide(a[0], b[1]) - mul_wide(a[1], b[0]),
        ]
    }
}

impl<const D: usize> Vector<D> {
    /// The x component.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Vec2};
    /// assert_eq!(Vec2::X.x(), Fx::ONE);
    /// ```
    #[must_use]
    pub const fn x(&self) -> Fx {
        self.0[0]
    }

    /// The y component.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Fx, Vec2};
    /// assert_eq!(Vec2::Y.y(), Fx::ONE);
    /// ```
    #[must_use]
    pub const fn y(&self) -> Fx {
        self.0[1]
    }

    /// Applies `f` to each pair of components; `None` if any application
    /// is `None`.
    #[inline]
    fn zip_checked(self, other: Self, f: impl Fn(Fx, Fx) -> Option<Fx>) -> Option<Self> {
        let mut out = self;
        for (a, &b) in out.0.iter_mut().zip(&other.0) {
            *a = f(*a, b)?;
        }
        Some(out)
    }

    /// Applies `f` to each pair of components.
    #[inline]
    fn zip_map(self, other: Self, f: impl Fn(Fx, Fx) -> Fx) -> Self {
        let mut out = self;
        for (a, &b) in out.0.iter_mut().zip(&other.0) {
            *a = f(*a, b);
        }
        out
    }
}

/// The exact component-wise sum, or `None` when a component is outside the
/// range of [`Fx`] (never for components within 2^62 raw bits, 2^30 in
/// value, so never for in-domain vectors). Never panics, never wraps.
///
/// # Examples
/// ```
/// use fixed_collide::{Fx, Vec2};
/// assert_eq!(Vec2::X + Vec2::Y, Some(Vec2::from_ints([1, 1])));
/// assert_eq!(Vec2::splat(Fx::MAX) + Vec2::X, None);
/// ```
impl<const D: usize> Add for Vector<D> {
    type Output = Option<Self>;

    #[inline]
    fn add(self, other: Self) -> Option<Self> {
        self.zip_checked(other, Fx::checked_add)
    }
}

/// The exact component-wise difference, or `None` when a component is
/// outside the range of [`Fx`] (never for components within 2^62 raw
/// bits, so never for in-domain vectors). Never panics, never wraps.
///
/// # Examples
/// ```
/// use fixed_collide::{Fx, Vec2};
/// assert_eq!(Vec2::X - Vec2::Y, Some(Vec2::from_ints([1, -1])));
/// assert_eq!(Vec2::splat(Fx::MIN) - Vec2::X, None);
/// ```
impl<const D: usize> Sub for Vector<D> {
    type Output = Option<Self>;

    #[inline]
    fn sub(self, other: Self) -> Option<Self> {
        self.zip_checked(other, Fx::checked_sub)
    }
}

/// Continues a checked sum: `None` stays `None`, so `a + b + c` is `None`
/// when any step leaves the range of [`Fx`].
///
/// # Examples
/// ```
/// use fixed_collide::{Fx, Vec2};
/// assert_eq!(Vec2::X + Vec2::Y + Vec2::X, Some(Vec2::from_ints([2, 1])));
/// assert_eq!(Vec2::splat(Fx::MAX) + Vec2::X - Vec2::X, None); // no undoing an overflow
/// ```
impl<const D: usize> Add<Vector<D>> for Option<Vector<D>> {
    type Output = Option<Vector<D>>;

    #[inline]
    fn add(self, other: Vector<D>) -> Option<Vector<D>> {
        self? + other
    }
}

/// Continues a checked difference: `None` stays `None`.
///
/// # Examples
/// ```
/// use fixed_collide::Vec2;
/// assert_eq!(Vec2::X + Vec2::Y - Vec2::X, Some(Vec2::Y));
/// ```
impl<const D: usize> Sub<Vector<D>> for Option<Vector<D>> {
    type Output = Option<Vector<D>>;

    #[inline]
    fn sub(self, other: Vector<D>) -> Option<Vector<D>> {
        self? - other
    }
}

/// The exact negation, or `None` when a component is [`Fx::MIN`] (whose
/// negation is beyond [`Fx::MAX`]); never `None` for in-domain vectors.
///
/// # Examples
/// ```
/// use fixed_collide::{Fx, Vec2};
/// assert_eq!(-Vec2::X, Some(Vec2::from_ints([-1, 0])));
/// assert_eq!(-Vec2::splat(Fx::MIN), None);
/// ```
impl<const D: usize> Neg for Vector<D> {
    type Output = Option<Self>;

    #[inline]
    fn neg(self) -> Option<Self> {
        self.zip_checked(self, |c, _| c.checked_neg())
    }
}

/// Each component times the scalar `s`, rounded down (toward negative
/// infinity) to a multiple of 2^-32 (exact when the exact product is one,
/// e.g. for an integer `s`), or `None` when a rounded product is outside
/// the range of [`Fx`]. The product of in-domain values can exceed that
/// range (2^20 * 2^20 = 2^40): `None` then, never a panic or a wrap.
///
/// # Examples
/// ```
/// use fixed_collide::{Fx, Vec2};
/// let v = Vec2::from_ints([3, -1]);
/// assert_eq!(v * Fx::from_num(2), Some(Vec2::from_ints([6, -2])));
/// assert_eq!(Vec2::from_bits([1, -1]) * Fx::from_num(0.5), Some(Vec2::from_bits([0, -1])));
/// assert_eq!(Vec2::splat(Fx::from_num(1 << 20)) * Fx::from_num(1 << 20), None);
/// ```
impl<const D: usize> Mul<Fx> for Vector<D> {
    type Output = Option<Self>;

    #[inline]
    fn mul(self, s: Fx) -> Option<Self> {
        self.zip_checked(self, |c, _| {
            // |c * s| <= 2^126 at scale 2^64: exact; floored to scale 2^32.
            i64::try_from(mul_wide(c, s) >> 32).ok().map(Fx::from_bits)
        })
    }
}

/// The scalar `s` times each component: the same as `vector * s`.
///
/// # Examples
/// ```
/// use fixed_collide::{Fx, Vec3};
/// assert_eq!(Fx::from_num(2) * Vec3::Z, Some(Vec3::from_ints([0, 0, 2])));
/// ```
impl<const D: usize> Mul<Vector<D>> for Fx {
    type Output = Option<Vector<D>>;

    #[inline]
    fn mul(self, v: Vector<D>) -> Option<Vector<D>> {
        v * self
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
