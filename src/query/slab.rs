//! The fast engine of the ray slab test and the AABB sweeps: per axis, the
//! times `t` at which `t * v` lies between `lo` and `hi`, intersected over the
//! axes without branches and without division.
//!
//! Times are exact fractions `n / den` with `den >= 0`: numerators are
//! differences of in-domain coordinates (`|n| <= 2^54`), denominators are
//! velocity magnitudes. An axis with zero velocity has the times `-1 / 0`
//! (entry, minus infinity) and `1 / 0` (exit, plus infinity); the
//! cross-multiplied comparisons below order these correctly against every
//! finite time, and whether such an axis can ever overlap is returned
//! separately. Two times compare by `n1 * den2` against `n2 * den1`, a
//! single widening multiplication each when the denominator is an `i64`.

use crate::num::{Fx, Round};
use crate::query::divide::{Divide, OneOff};
use crate::query::interval::Bounds;
use crate::vec::Vector;

/// A velocity magnitude. [`i64`] (magnitudes below 2^63: every ray, and
/// every sweep in practice) multiplies with one instruction; [`u64`] covers
/// the rest (a displacement of `i64::MIN` bits, or a relative displacement
/// of two boxes beyond `i64`).
pub(crate) trait Den: Copy {
    /// The zero magnitude.
    const ZERO: Self;
    /// The magnitude one.
    const ONE: Self;
    /// `n * self`, exact: `|n| <= 2^63` and `self < 2^64` give `< 2^127`.
    fn times(self, n: i64) -> i128;
    /// The magnitude as an unsigned integer.
    fn to_u64(self) -> u64;
    /// The magnitude, widened.
    fn wide(self) -> i128;
    /// The bits as an `i64` (for [`blend`]).
    fn bits(self) -> i64;
    /// Back from [`Den::bits`].
    fn from_bits(bits: i64) -> Self;
}

impl Den for i64 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    #[inline(always)]
    fn bits(self) -> i64 {
        self
    }
    #[inline(always)]
    fn from_bits(bits: i64) -> Self {
        bits
    }
    #[inline(always)]
    fn times(self, n: i64) -> i128 {
        i128::from(n) * i128::from(self)
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        self as u64
    }
    #[inline(always)]
    fn wide(self) -> i128 {
        i128::from(self)
    }
}

impl Den for u64 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    #[inline(always)]
    fn bits(self) -> i64 {
        self as i64
    }
    #[inline(always)]
    fn from_bits(bits: i64) -> Self {
        bits as u64
    }
    #[inline(always)]
    fn times(self, n: i64) -> i128 {
        i128::from(n) * i128::from(self)
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        self
    }
    #[inline(always)]
    fn wide(self) -> i128 {
        i128::from(self)
    }
}

/// Entry `en / den` and exit `ex / den` of one axis.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AxisTimes<T> {
    pub(crate) en: i64,
    pub(crate) ex: i64,
    pub(crate) den: T,
}

/// The times of `{ t : lo (<|<=) t v (<|<=) hi }` for `v = -mag` when `neg`,
/// else `+mag`, and a word whose sign bit is set when the axis can never
/// overlap (a zero velocity outside the slab). Requires `lo <= hi` and
/// `|lo|, |hi| <= 2^62`.
///
/// A zero velocity keeps `lo / 0` and `hi / 0` as its times: when the axis
/// can overlap, `lo` is negative (or zero, closed) and `hi` positive (or
/// zero), so [`fold`] never picks them over a finite time; when it cannot,
/// the answer is a miss whatever they are (the returned word).
#[inline(always)]
fn axis_times<T: Den + PartialEq>(
    lo: i64,
    hi: i64,
    neg: bool,
    mag: T,
    bounds: Bounds,
) -> (AxisTimes<T>, i64) {
    // Moving toward +: enters at lo / v, exits at hi / v; toward -: enters
    // at -hi / |v|, exits at -lo / |v|.
    let (en, ex) = if neg { (-hi, -lo) } else { (lo, hi) };
    let zero = -i64::from(mag == T::ZERO);
    // In the slab at every time: closed lo <= 0 <= hi, open lo < 0 < hi; as
    // signs of (-lo | hi), resp. (-1 - lo | hi - 1).
    let inside = match bounds {
        Bounds::Open => (-1 - lo) | (hi - 1),
        Bounds::Closed => -lo | hi,
    };
    (AxisTimes { en, ex, den: mag }, inside & zero)
}

/// The latest entry over the axes (and the first axis that has it) and the
/// earliest exit; infinite (`den` zero) when every velocity is zero.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span<T> {
    pub(crate) en: i64,
    pub(crate) en_den: T,
    pub(crate) axis: usize,
    pub(crate) ex: i64,
    pub(crate) ex_den: T,
}

impl<T: Den> Span<T> {
    /// The entry time is below 1 (`strict`) or at most 1.
    #[inline(always)]
    pub(crate) fn enters_before_one(&self, strict: bool) -> bool {
        let (n, d) = (i128::from(self.en), self.en_den.wide());
        if strict { n < d } else { n <= d }
    }

    /// The exit time is below 1.
    #[inline(always)]
    pub(crate) fn exits_before_one(&self) -> bool {
        i128::from(self.ex) < self.ex_den.wide()
    }

    /// `entry <= exit` (`strict`: `<`), counting two infinite times (all
    /// velocities zero) as ordered.
    #[inline(always)]
    pub(crate) fn ordered(&self, strict: bool) -> bool {
        let (e, x) = (self.ex_den.times(self.en), self.en_den.times(self.ex));
        let lt = if strict { e < x } else { e <= x };
        lt | (self.en_den.to_u64() == 0)
    }
}

/// Folds the axes: the latest entry (strictly later replaces, so the first
/// axis wins a tie) and the earliest exit, branch-free. An axis with zero
/// velocity must have `en <= 0 <= ex` (or make the answer a miss anyway).
///
/// The fold starts from the first axis (`D >= 1`), one comparison fewer
/// than folding it into the infinite start values `-1 / 0` and `1 / 0`;
/// with zero velocity the first axis takes those values itself (its own
/// `0 / 0`, touching, would otherwise never be replaced).
#[inline(always)]
pub(crate) fn fold<T: Den, const D: usize>(axes: &[AxisTimes<T>; D]) -> Span<T> {
    let zero = -i64::from(axes[0].den.to_u64() == 0);
    let mut s = Span {
        en: blend(zero, -1, axes[0].en),
        en_den: axes[0].den,
        axis: 0,
        ex: blend(zero, 1, axes[0].ex),
        ex_den: axes[0].den,
    };
    for (i, a) in axes.iter().enumerate().skip(1) {
        // All ones when the axis enters strictly later (exits strictly
        // earlier): the sign of a difference of products below 2^118.
        let later = below(a.den.times(s.en), s.en_den.times(a.en));
        let earlier = below(s.ex_den.times(a.ex), a.den.times(s.ex));
        s.en = blend(later, a.en, s.en);
        s.en_den = T::from_bits(blend(later, a.den.bits(), s.en_den.bits()));
        s.axis = blend(later, i as i64, s.axis as i64) as usize;
        s.ex = blend(earlier, a.ex, s.ex);
        s.ex_den = T::from_bits(blend(earlier, a.den.bits(), s.ex_den.bits()));
    }
    s
}

/// The span of `{ t : lo[i] (<|<=) t v[i] (<|<=) hi[i] }` over the axes
/// (velocity signs `neg`, magnitudes `mag`), and whether every axis with
/// zero velocity can overlap. Requires `lo[i] <= hi[i]`, all within 2^62.
#[inline(always)]
pub(crate) fn span<T: Den + PartialEq, const D: usize>(
    lo: [i64; D],
    hi: [i64; D],
    neg: &[bool; D],
    mag: &[T; D],
    bounds: Bounds,
) -> (Span<T>, bool) {
    let mut fail = 0;
    let axes: [AxisTimes<T>; D] = core::array::from_fn(|i| {
        let (t, f) = axis_times(lo[i], hi[i], neg[i], mag[i], bounds);
        fail |= f;
        t
    });
    (fold(&axes), fail >= 0)
}

/// All ones when `x < y`, else zero (`|x - y| < 2^127`), as a value the
/// optimizer cannot see through: otherwise it turns [`blend`] back into a
/// select, and in a loop (a user's, after inlining) into a branch, which
/// mispredicts about half the time on the per-axis choices of a slab test.
#[inline(always)]
pub(crate) fn below(x: i128, y: i128) -> i64 {
    crate::arch::opaque(((x - y) >> 127) as i64)
}

/// `a` where `mask` is all ones, `b` where it is zero. Bitwise, so the
/// compiler keeps it free of branches: the choices of the slab scans depend
/// on the data and a branch would be mispredicted half the time.
#[inline(always)]
pub(crate) fn blend(mask: i64, a: i64, b: i64) -> i64 {
    b ^ ((a ^ b) & mask)
}

/// The time `n / den` in `[0, 1]` (`0 <= n <= den`, `den > 0`) as a scalar,
/// rounded in the given direction: one division (a single one does not pay
/// for a reciprocal; the divisor fits 64 bits and the quotient 33, so it is
/// one hardware division where there is one, [`OneOff`]).
#[inline(always)]
pub(crate) fn unit_time<T: Den>(n: i64, den: T, round: Round) -> Fx {
    // n 2^32 < 2^96 and the quotient is at most 2^32.
    let (q, r) = OneOff(den.to_u64()).div_rem(u128::from(n as u64) << 32);
    let up = round == Round::Up && r != 0;
    Fx::from_bits((q + u64::from(up)) as i64)
}

/// The raw bits of every component.
#[inline(always)]
pub(crate) fn bits<const D: usize>(v: &Vector<D>) -> [i64; D] {
    v.0.map(Fx::to_bits)
}
