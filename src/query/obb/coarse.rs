//! The certified coarse tests of
//! [`sphere_obb_overlap`](super::sphere_obb_overlap) ([`ball`]) and
//! [`ray_obb`](super::ray_obb) ([`ray`]) in 64-bit words: the box frame
//! from 28-bit operands, the slab filter's certificates with the rounding
//! of the operands bounded, and no 128-bit product. The ball's test is
//! described here; the ray's at [`ray`].
//!
//! Every length is taken in units of `2^k` ulps, `k` the smallest shift that
//! brings the center's offset `p - c`, the half-sizes and the radius below
//! 2^28; so the test's error is a few units of the largest of them, about
//! 2^-26 of it. Only balls that close to touching, in that relative sense,
//! are left undecided; the exact path of the caller takes them.
//!
//! The bounds, in those units (`U_i` the exact box-frame coordinate
//! `(p - c) . A_i`, `u_i = floor(sum_k floor(d_k / 2^k) a_ik / 2^32)` its
//! estimate from the shifted offsets `d` and the raw axis components `a`):
//! the offsets lose less than one unit each and the axis components sum
//! to at most `sqrt(D) (1 + 2^-20) < 2` in absolute value, the floor loses
//! less than one more, so `|U_i| - |u_i|` lies in `(-3, 3)`. The miss and
//! hit conditions are those of the `i128` filter (see the parent module):
//!
//! - miss: with `e_i = (|u_i| - h'_i)+` (`h'` the shifted half-size), the
//!   excess over the slab box is at least `(e_i - w)+`, `w = 3 + 1 +
//!   (sigma >> k) + 1` (the slack rounded up), whose squares sum to at
//!   least `sum e_i^2 - 2 w sum e_i`; a ball meeting the slab box has that
//!   sum at most `(1 + D tau) r^2`, `r` at most `r' + 1` (`r'` the shifted
//!   radius);
//! - hit: the box point at the clamped exact coordinates is within
//!   `(1 + 4 D tau) G + 4 D tau F` (squared) of the center, with `G <= sum
//!   (e_i + 3)^2` and `F <= (sum |u_i| + 3 D)^2`, and the radius is at
//!   least `r'`.
//!
//! Each inflation is rounded up; with the 28-bit operands every square is
//! below 2^61 and every sum below 2^62, so nothing overflows.

use crate::kernel::wide::magnitude;
use crate::num::Fx;
use crate::shape::{Ball, Obb, Ray};

/// What the coarse test settles: `hit` when the ball surely meets the box,
/// `miss` when it surely does not; neither near touching (never both).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Coarse {
    /// The ball surely meets the box (closed).
    pub hit: bool,
    /// The ball surely misses the box.
    pub miss: bool,
}

/// The operands' bound: every shifted length is below 2^OPERAND.
const OPERAND: u32 = 28;

/// The common shift that brings every value whose magnitudes are or'ed
/// into `span` to at most 2^OPERAND (the magnitude of a negative value
/// `x` counts as `!x = |x| - 1`, so `x >> k` is at least `-2^OPERAND`).
fn shift_for(span: u64) -> u32 {
    (u64::BITS - span.leading_zeros()).saturating_sub(OPERAND)
}

/// `x . a >> 32` for a shifted vector `x` (components at most 2^28) and a
/// raw axis (components below 2^32 + 2^12): the products' sum is below
/// 2^61. The exact `(X . a) / 2^32` of the unshifted `X = 2^k x + rho`
/// (`0 <= rho < 2^k`), in units of `2^k`, lies within 3 of it: `rho`
/// moves it by less than `sum |a| / 2^32 < 2`, the floor by less than 1.
#[inline(always)]
fn frame<const D: usize>(x: &[i64; D], axis: &[Fx; D]) -> i64 {
    let mut sum = 0;
    for (x, a) in x.iter().zip(axis) {
        sum += x * a.to_bits();
    }
    sum >> 32
}

/// The offset `p - c` of a point from the box's center, shifted right by
/// the one `k` that brings it, the half-sizes and `extra` (a non-negative
/// length) to at most 2^28, and `k`. Offsets below 2^53, half-sizes below
/// 2^52 (raw bits).
#[inline(always)]
fn offset<const D: usize>(p: &[Fx; D], obb: &Obb<D>, extra: i64) -> ([i64; D], u32) {
    let mut d = [0i64; D];
    let mut span = extra;
    for ((d, (p, c)), h) in d
        .iter_mut()
        .zip(p.iter().zip(obb.center().0))
        .zip(obb.half().0)
    {
        *d = p.to_bits() - c.to_bits();
        span |= magnitude(*d) | h.to_bits();
    }
    let k = shift_for(span as u64);
    (d.map(|v| v >> k), k)
}

/// The coarse test of a ball against an oriented box (see the module
/// docs).
#[inline(always)]
pub(super) fn ball<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> Coarse {
    let (half, r) = (obb.half().0, ball.radius().to_bits());
    let (d, k) = offset(&ball.center().0, obb, r);
    // The slack in these units, rounded up: tau <= 2^-20 and every
    // half-size below 2^(28 + k), so below 2^10.
    let sigma = (obb.slack().to_bits() >> k) as u64 + 1;
    // Per axis the excess over the half-size, e_i = (|u_i| - h_i)+ (below
    // 2^30): its sum, the sum of squares, and the sum of |u_i|.
    let (mut s1, mut s2, mut sum) = (0u64, 0u64, 0u64);
    for (axis, h) in obb.axes().iter().zip(half) {
        let m = frame(&d, &axis.0).abs(); // below 2^29
        let e = (m - (h.to_bits() >> k)).max(0) as u64;
        s1 += e;
        s2 += e * e;
        sum += m as u64;
    }
    // The hit's sums: G <= sum (e_i + 3)^2, F <= (sum |u_i| + 3 D)^2, both
    // below 2^62.
    let n = D as u64;
    let g = s2 + 6 * s1 + 9 * n;
    let f = (sum + 3 * n) * (sum + 3 * n);
    // The miss's: the excess over the slab box is at least (e_i - w)+ with
    // w = 3 + 1 + sigma, and sum ((e_i - w)+)^2 >= s2 - 2 w s1.
    let w = 4 + sigma;
    // D tau and 4 D tau at scale 2^32: below 2^14 and 2^16 (tau <= 2^12
    // raw).
    let d_tau = n * obb.axis_error().to_bits() as u64;
    let r = (r >> k) as u64;
    // (r + 1)^2 (1 + D tau), rounded up: the product below 2^40 * 2^14.
    let reach = (r + 1) * (r + 1);
    let reach = reach + ((((reach >> 18) + 1) * d_tau) >> 14) + 1;
    // 4 D tau (G + F), rounded up: the product below 2^47 * 2^16.
    let spread = (((((g + f) >> 16) + 1) * (4 * d_tau)) >> 16) + 1;
    Coarse {
        hit: g + spread <= r * r,
        miss: s2 > reach + 2 * w * s1,
    }
}

/// What the coarse ray test settles (see [`ray`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RayCoarse {
    /// The ray surely misses the box (whatever `max_t`).
    Miss,
    /// The origin is surely in the box: the hit at `t = 0`.
    Inside,
    /// Undecided; the origin surely outside this face pair's slab and the
    /// ray running toward it, entering it last of those by the estimate
    /// (a guess for [`through_face`](super::exact::through_face), which
    /// certifies it or declines; [`Frame::of`] gives the estimated box
    /// frame again).
    Enters(usize),
    /// Undecided, and no face pair to guess.
    Open,
}

/// The coarse test's box frame of a ray: the origin's coordinates `(o -
/// c) . A_i` within 3 units of `2^k` ulps of `u_i 2^k`, the direction's
/// `dir . A_i` within 3 units of `2^j` ulps of `v_i 2^j` (`|u_i|`, `|v_i|`
/// below 2^29).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Frame<const D: usize> {
    u: [i64; D],
    v: [i64; D],
    k: u32,
    j: u32,
}

/// The origin's [`offset`] (shifted by `k` with the half-sizes) and the
/// direction shifted by its own `j` to at most 2^28, and the shifts.
#[inline(always)]
fn shifted<const D: usize>(ray: &Ray<D>, obb: &Obb<D>) -> ([i64; D], [i64; D], u32, u32) {
    let (rel, k) = offset(&ray.origin().0, obb, 0);
    let dir = ray.dir().0.map(Fx::to_bits);
    let j = shift_for(dir.iter().fold(0, |s, &d| s | magnitude(d)) as u64);
    (rel, dir.map(|v| v >> j), k, j)
}

impl<const D: usize> Frame<D> {
    /// The coarse test's frame of the ray (the same estimates as [`ray`]'s).
    pub(super) fn of(ray: &Ray<D>, obb: &Obb<D>) -> Frame<D> {
        let (rel, dir, k, j) = shifted(ray, obb);
        let axes = obb.axes();
        Frame {
            u: axes.map(|a| frame(&rel, &a.0)),
            v: axes.map(|a| frame(&dir, &a.0)),
            k,
            j,
        }
    }

    /// Whether the point `o + t dir` is surely within `room` ulps of the
    /// center along the axis `i` of the box frame, for the raw time `T =
    /// 2^32 t` with `scaled = floor(2^64 T)` below 2^128, so that `T` lies
    /// in `[q, q + 1)` for `q = scaled >> 64`. The estimate `u_i 2^k + q
    /// v_i 2^j / 2^32` is off by less than `3 2^k + (3 q + 3 + |v_i|) 2^j
    /// / 2^32` ulps, and its floor by less than one more (products below
    /// 2^118).
    pub(super) fn within(&self, i: usize, scaled: u128, room: i128) -> bool {
        let (Some(&u), Some(&v)) = (self.u.get(i), self.v.get(i)) else {
            return false;
        };
        let q = (scaled >> 64) as i128;
        let at = (i128::from(u) << self.k) + (((q * i128::from(v)) << self.j) >> 32);
        let spread = (3i128 << self.k) + (((3 * q + 3 + i128::from(v.abs())) << self.j) >> 32) + 2;
        at.abs() + spread <= room
    }
}

/// A fraction `num / den` with `den >= 0` (`den = 0`: `+infinity` for a
/// positive `num`), `|num|` and `den` below 2^30.
#[derive(Clone, Copy)]
struct Frac {
    num: i64,
    den: i64,
}

impl Frac {
    /// `self > other`, by cross-multiplication (products below 2^60).
    fn above(self, other: Frac) -> bool {
        self.num * other.den > other.num * self.den
    }
}

/// The coarse test of a ray against an oriented box, in 64-bit words.
///
/// The origin's offset `o - c` and the half-sizes are shifted by one `k`
/// to at most 2^28 (see [`shift_for`]), the direction by its own `j`; the
/// box frame `U_i`, `V_i` of each (in units of `2^k` and `2^j` ulps) is
/// then known within 3 units ([`frame`]), and the slab box's half-widths
/// `(h_i + sigma) / 2^k` below `H_i = h'_i + 1 + (sigma >> k) + 1`.
/// Times are taken in units of `2^(k - j)` of `dir`, which orders them as
/// the true ones.
///
/// - **Inside**: `|u_i| + 3 <= h'_i - m` for every `i`, `m` the
///   [`Obb::band`]`(0)` rounded up to units: the origin is surely in the
///   box (the argument of the `i128` filter's `deep_inside`).
/// - **Miss**: per face pair with `|v_i| > 3` (the direction's sign
///   there certain), after orienting `v_i > 0`, the ray is in the slab box's
///   slab only for times in `[L_i, R_i]` with `L_i >= (-H_i - u_i - 3) /
///   (v_i + 3)` when that is positive (else 0) and `R_i <= (H_i - u_i + 3)
///   / (v_i - 3)`; a face pair with `|v_i| <= 3` constrains nothing here.
///   The latest `L` after the earliest `R` (or an `R` below 0) is a miss
///   of the slab box, so of the box.
///
/// Every value is below 2^30 and every product below 2^60.
#[inline(always)]
pub(super) fn ray<const D: usize>(ray: &Ray<D>, obb: &Obb<D>) -> RayCoarse {
    let half = obb.half().0;
    let (rel, dir, k, _) = shifted(ray, obb);
    // The slack and band(0) in units, rounded up.
    let sigma = (obb.slack().to_bits() >> k) + 1;
    let band = (obb.band(Fx::ZERO).to_bits() >> k) + 1;
    // Per face pair, branch-free: the frame, the inside test, and the
    // bounds [L, R] (oriented so that the direction's estimate is >= 0).
    let mut inside = true;
    let mut enter = [Frac { num: 0, den: 1 }; D];
    let mut exit = [Frac { num: 1, den: 0 }; D];
    let rows = obb
        .axes()
        .iter()
        .zip(half)
        .zip(enter.iter_mut().zip(&mut exit));
    for ((axis, h), (enter, exit)) in rows {
        let (u, v) = (frame(&rel, &axis.0), frame(&dir, &axis.0));
        let h = h.to_bits() >> k;
        inside &= u.abs() + 3 <= h - band;
        let flip = v >> 63; // -1 for v < 0: the slab is symmetric
        let (u, v) = ((u ^ flip) - flip, (v ^ flip) - flip);
        // A direction estimate within 3 of 0 constrains nothing.
        let sure = v > 3;
        let reach = h + 1 + sigma;
        let start = -reach - u - 3;
        if sure & (start > 0) {
            *enter = Frac {
                num: start,
                den: v + 3,
            };
        }
        if sure {
            *exit = Frac {
                num: reach - u + 3,
                den: v - 3,
            };
        }
    }
    // The latest entry (the first face pair of a tie) and the earliest
    // exit.
    let mut latest = (Frac { num: 0, den: 1 }, D);
    let mut earliest = Frac { num: 1, den: 0 };
    for (i, (e, x)) in enter.iter().zip(&exit).enumerate() {
        if e.above(latest.0) {
            latest = (*e, i);
        }
        if earliest.above(*x) {
            earliest = *x;
        }
    }
    let guess = latest.1;
    if inside {
        RayCoarse::Inside
    } else if latest.0.above(earliest) {
        RayCoarse::Miss
    } else if guess < D {
        RayCoarse::Enters(guess)
    } else {
        RayCoarse::Open
    }
}
