//! The certified coarse test of [`sphere_obb_overlap`](super::sphere_obb_overlap)
//! in 64-bit words: the ball's center in the box frame from 28-bit
//! operands, both of the slab filter's certificates (a sure miss, a sure
//! hit) with the rounding of the operands bounded, and no 128-bit product.
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
//!   (sigma >> k) + 1` (the slack rounded up), whose squares sum to at least `sum e_i^2 - 2 w sum e_i`; a ball
//!   meeting the slab box has that sum at most `(1 + D tau) r^2`, `r` at
//!   most `r' + 1` (`r'` the shifted radius);
//! - hit: the box point at the clamped exact coordinates is within
//!   `(1 + 4 D tau) G + 4 D tau F` (squared) of the center, with `G <= sum
//!   (e_i + 3)^2` and `F <= (sum |u_i| + 3 D)^2`, and the radius is at
//!   least `r'`.
//!
//! Each inflation is rounded up; with the 28-bit operands every square is
//! below 2^61 and every sum below 2^62, so nothing overflows.

use crate::shape::{Ball, Obb};

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

/// The coarse test of a ball against an oriented box (see the module
/// docs).
#[inline(always)]
pub(super) fn ball<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> Coarse {
    let (p, c, half) = (ball.center().0, obb.center().0, obb.half().0);
    // Offsets below 2^53, half-sizes and the radius below 2^52 (raw bits,
    // all non-negative but the offsets).
    let r = ball.radius().to_bits();
    let mut d = [0i64; D];
    let mut span = r as u64;
    for ((d, (p, c)), h) in d.iter_mut().zip(p.iter().zip(c)).zip(half) {
        *d = p.to_bits() - c.to_bits();
        span |= d.unsigned_abs() | h.to_bits() as u64;
    }
    let k = (u64::BITS - span.leading_zeros()).saturating_sub(OPERAND);
    let d = d.map(|v| v >> k);
    // The slack in these units, rounded up: tau <= 2^-20 and every
    // half-size below 2^(28 + k), so below 2^10.
    let sigma = (obb.slack().to_bits() >> k) as u64 + 1;
    // Per axis the excess over the half-size, e_i = (|u_i| - h_i)+ (below
    // 2^30): its sum, the sum of squares, and the sum of |u_i|.
    let (mut s1, mut s2, mut sum) = (0u64, 0u64, 0u64);
    for (axis, h) in obb.axes().iter().zip(half) {
        // |d| <= 2^28 and |a| < 2^32 + 2^12: the sum is below 2^61.
        let dot: i64 = d.iter().zip(axis.0).map(|(d, a)| d * a.to_bits()).sum();
        let m = (dot >> 32).abs(); // below 2^30
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
