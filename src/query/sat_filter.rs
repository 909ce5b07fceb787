//! A fast, certified filter in front of the exact separating-axis test of
//! [`super::sat`]: the classic OBB test (Gottschalk; Ericson, *Real-Time
//! Collision Detection* 4.4.1) in `i64` on rounded inputs, with a rigorous
//! error bound `E`. On each of the 15 (3D) or 4 (2D) axes it computes a
//! score `sigma`, an approximation of the exact test's
//! `|T.L| - radius(L)` for the exact facet normal `L`; `sigma > E` proves
//! that axis separates, `sigma <= -E` that it does not. The verdict is
//! therefore always the exact test's answer; only when some axis is within
//! `E` of touching (or an edge pair is exactly parallel) does the caller run
//! the exact test. Nothing here is a tolerance: a verdict is a proof.
//!
//! # Rounding
//!
//! Axis components (`|a| <= 1 + 2^-21`) are floored to `2^-29`
//! (`eps = 2^-29` per component). The offset `T = c_b - c_a` and the
//! half-sizes are floored to a unit `u = 2^s` raw bits, the smallest power of
//! two that brings `|T|_1 + sum h` below `2^30` units (`s = 0` when it is
//! below 2^-2: then they are exact). Scores are integers in units `w = u 2^-29`.
//!
//! # The bound
//!
//! With `tau` the larger [`Obb::axis_error`] of the two boxes and values in
//! world units, every score is within
//! `E = (16 tau + 64 eps) (|T|_1 + sum h) + 16 u` of the exact quantity for
//! (a positive multiple of) the exact facet normal. Derivation, with
//! `tau' = tau + 3.5 eps` the error of the rounded axes' Gram matrix `G`:
//! - face of A: the exact normal `A_{k+1} x A_{k+2}` is `det(M)` times column
//!   `k` of `M^-T`, within `3.01 tau` of `A_k` (Gershgorin: `|G - I| <= 3 tau`)
//!   and so within `3.01 tau + 1.74 eps` of the rounded `a_k`; the score
//!   replaces the own radius by `h_k` (error `(tau + 1.8 eps) sum h_A`) and
//!   uses rounded `R = a^T b` (error `2.8 eps` per term): in all below
//!   `(5 tau + 5 eps)(|T| + sum h) + 6 u`;
//! - edge `A_i x B_j`: the rounded cross product is within `3.6 eps` of the
//!   exact one; the classic formulas for `T.L` and the radii assume the
//!   rounded frame orthonormal, which costs `10.7 tau' |T|` (coordinates
//!   `G^-1 t` instead of `t`, and `|det - 1| <= 4.5 tau'`) and `7.6 tau'`
//!   per radius term (cross products of two rounded axes are within
//!   `7.6 tau'` of the third); with the roundings of `T`, `h`, `R` and `t`:
//!   below `(11.5 tau + 48 eps)|T| + (7.7 tau + 36 eps) sum h + 8 u`.
//!
//! Each score is the difference of such a quantity for a vector within that
//! distance of the exact normal, and `|T.L| - sum h |X.L|` is Lipschitz in
//! `L` with constant `|T| + sum h |X|`. The bound is applied to all axes.
//!
//! # Bit budget (`i64`)
//!
//! Rounded axes `< 2^29 + 2^9`, rounded positions and sizes `< 2^30`:
//! `R` sums `< 3 * 2^58`, then floored to `2^-29` (`< 2^29 + 2^10`);
//! `t = T.a` `< 2^60`; face scores `< 2^60 + 4 * 2^59`; edge terms
//! `t/2^29 * R < 2^60`, radii `< 4 * 2^59`: all below 2^62.

use crate::shape::Obb;

/// Axis components are floored to `2^-AXIS_BITS`.
const AXIS_BITS: u32 = 29;
/// Positions and sizes are floored to below `2^POS_BITS` units.
const POS_BITS: u32 = 30;

/// What the filter proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Some axis separates: the boxes are disjoint.
    Separated,
    /// No axis separates: the boxes overlap (touching included).
    Overlap,
    /// Too close to call within the error bound: ask the exact test.
    Unsure,
}

/// The rounded inputs of one box pair, in the frame of the classic test.
struct Rounded<const D: usize> {
    /// `R[i][j] = a_i . b_j`, floored to `2^-29`.
    r: [[i64; D]; D],
    /// `|R[i][j]|`.
    ar: [[i64; D]; D],
    /// `T . a_k` in units `w`.
    ta: [i64; D],
    /// `T . b_k` in units `w`.
    tb: [i64; D],
    /// Half-sizes in units `u`.
    ha: [i64; D],
    hb: [i64; D],
    /// The error bound in units `w`.
    e: i64,
}

/// The box's axes floored to `2^-29`.
#[inline]
fn round_axes<const D: usize>(b: &Obb<D>) -> [[i64; D]; D] {
    // Plain loops rather than nested `array::map`: the nested closures were
    // left outlined by the optimizer in some callers (+15% instructions).
    let mut out = [[0i64; D]; D];
    for (row, a) in out.iter_mut().zip(b.axes()) {
        for (x, c) in row.iter_mut().zip(a.0) {
            *x = c.to_bits() >> (32 - AXIS_BITS);
        }
    }
    out
}

#[inline]
fn dot<const D: usize>(x: &[i64; D], y: &[i64; D]) -> i64 {
    let mut s = 0;
    for (xk, yk) in x.iter().zip(y) {
        s += xk * yk;
    }
    s
}

impl<const D: usize> Rounded<D> {
    #[inline]
    fn new(a: &Obb<D>, b: &Obb<D>) -> Self {
        let (ca, cb) = (a.center().0, b.center().0);
        // |c| <= 2^52: the difference fits.
        let mut t: [i64; D] = cb.map(|c| c.to_bits());
        for (tk, c) in t.iter_mut().zip(ca) {
            *tk -= c.to_bits();
        }
        let (ha, hb) = (
            a.half().0.map(|h| h.to_bits()),
            b.half().0.map(|h| h.to_bits()),
        );
        // sum = |T|_1 + sum h in raw bits (< 2^56); the unit brings it
        // below 2^30, so every rounded T and h lies below 2^30 units.
        let mut sum = 0u64;
        for ((tk, hak), hbk) in t.iter().zip(ha).zip(hb) {
            // Half-sizes are non-negative.
            sum += tk.unsigned_abs() + hak as u64 + hbk as u64;
        }
        let s = (64 - sum.leading_zeros()).saturating_sub(POS_BITS);
        let t = t.map(|v| v >> s);
        let (ha, hb) = (ha.map(|v| v >> s), hb.map(|v| v >> s));
        let (aa, bb) = (round_axes(a), round_axes(b));
        let (mut r, mut ar) = ([[0i64; D]; D], [[0i64; D]; D]);
        let (mut ta, mut tb) = ([0i64; D], [0i64; D]);
        for (((rrow, arrow), ai), (tai, (tbi, bi))) in r
            .iter_mut()
            .zip(&mut ar)
            .zip(&aa)
            .zip(ta.iter_mut().zip(tb.iter_mut().zip(&bb)))
        {
            for ((x, ax), bj) in rrow.iter_mut().zip(arrow.iter_mut()).zip(&bb) {
                *x = dot(ai, bj) >> AXIS_BITS;
                *ax = x.abs();
            }
            *tai = dot(&t, ai);
            *tbi = dot(&t, bi);
        }
        // E in units w: (16 tau 2^29 + 64) W + 16 * 2^29, with tau <=
        // tau_raw 2^-32 (so 16 tau 2^29 <= 2 tau_raw) and W = sum / u + 1
        // bounding (|T|_1 + sum h) / u. tau_raw <= 2^12, W <= 2^30: below
        // 2^44.
        let tau = a.axis_error().to_bits().max(b.axis_error().to_bits());
        let w = (sum >> s) as i64 + 1;
        let e = (2 * tau + 64) * w + (16 << AXIS_BITS);
        Rounded {
            r,
            ar,
            ta,
            tb,
            ha,
            hb,
            e,
        }
    }

    /// The scores of the `2 D` face axes (a's faces, then b's).
    #[inline]
    fn face_scores(&self) -> [[i64; D]; 2] {
        let one = 1i64 << AXIS_BITS;
        // a's face k: |T.a_k| - (ha_k + sum_j hb_j |R[k][j]|).
        let mut a = self.ta;
        for ((s, hak), ark) in a.iter_mut().zip(self.ha).zip(&self.ar) {
            let mut rad = hak * one;
            for (hbj, x) in self.hb.iter().zip(ark) {
                rad += hbj * x;
            }
            *s = s.abs() - rad;
        }
        // b's face k: |T.b_k| - (hb_k + sum_i ha_i |R[i][k]|), summed row
        // by row (non-negative terms: every partial sum is below the total).
        let mut rad_b = self.hb.map(|h| h * one);
        for (hai, ari) in self.ha.iter().zip(&self.ar) {
            for (rad, x) in rad_b.iter_mut().zip(ari) {
                *rad += hai * x;
            }
        }
        let mut b = self.tb;
        for (s, rad) in b.iter_mut().zip(rad_b) {
            *s = s.abs() - rad;
        }
        [a, b]
    }
}

/// The largest score, branch-free: some axis separates iff it exceeds `E`,
/// none does if it is at most `-E`.
#[inline]
fn max_score(scores: &[i64]) -> i64 {
    scores.iter().fold(i64::MIN, |m, &s| m.max(s))
}

/// The verdict of a largest score.
#[inline]
fn judge(max: i64, e: i64) -> Verdict {
    if max > e {
        Verdict::Separated
    } else if max <= -e {
        Verdict::Overlap
    } else {
        Verdict::Unsure
    }
}

/// The filter in 2D: the 4 face normals.
#[inline]
pub(crate) fn verdict2(a: &Obb<2>, b: &Obb<2>) -> Verdict {
    let q = Rounded::new(a, b);
    judge(max_score(q.face_scores().as_flattened()), q.e)
}

/// The filter in 3D: the 6 face normals, then the 9 edge pairs. An edge
/// pair the filter cannot decide is accepted as non-separating when the
/// exact edges are exactly parallel (zero cross product: never a facet).
#[inline]
pub(crate) fn verdict3(a: &Obb<3>, b: &Obb<3>) -> Verdict {
    let q = Rounded::new(a, b);
    let faces = judge(max_score(q.face_scores().as_flattened()), q.e);
    if faces == Verdict::Separated {
        return Verdict::Separated;
    }
    // T in a's frame, floored to units u.
    let t = q.ta.map(|v| v >> AXIS_BITS);
    // Edge pair (i, j), with (i1, i2) = (i + 1, i + 2) and (j1, j2)
    // likewise mod 3: |t_i2 R[i1][j] - t_i1 R[i2][j]| - (ha_i1 |R[i2][j]| +
    // ha_i2 |R[i1][j]| + hb_j1 |R[i][j2]| + hb_j2 |R[i][j1]|).
    let ([t0, t1, t2], [r0, r1, r2], [ar0, ar1, ar2], [ha0, ha1, ha2]) = (t, &q.r, &q.ar, q.ha);
    let hb = q.hb;
    let edge = [
        edge_row([t1, t2], [r1, r2], [ar1, ar2], [ha1, ha2], hb, ar0),
        edge_row([t2, t0], [r2, r0], [ar2, ar0], [ha2, ha0], hb, ar1),
        edge_row([t0, t1], [r0, r1], [ar0, ar1], [ha0, ha1], hb, ar2),
    ];
    match (faces, judge(max_score(edge.as_flattened()), q.e)) {
        (_, Verdict::Separated) => Verdict::Separated,
        (Verdict::Unsure, _) => Verdict::Unsure,
        (_, Verdict::Overlap) => Verdict::Overlap,
        // Faces settled; some edge pairs are not: those with exactly
        // parallel edges never separate.
        _ => {
            for (row, ai) in edge.iter().zip(a.axes()) {
                for (&s, bj) in row.iter().zip(b.axes()) {
                    if s > -q.e && !parallel(&ai.0, &bj.0) {
                        return Verdict::Unsure;
                    }
                }
            }
            Verdict::Overlap
        }
    }
}

/// Whether two axes are exactly parallel (their exact cross product is 0).
/// Components are below 2^34 raw: products below 2^68, in `i128`.
fn parallel(x: &[crate::Fx; 3], y: &[crate::Fx; 3]) -> bool {
    let w = |v: crate::Fx| i128::from(v.to_bits());
    let ([x0, x1, x2], [y0, y1, y2]) = (x.map(w), y.map(w));
    x1 * y2 == x2 * y1 && x2 * y0 == x0 * y2 && x0 * y1 == x1 * y0
}

/// The scores of the edge pairs `(i, j)` for one `i` and every `j`, given
/// the rows `i1, i2` of `t`, `R`, `|R|`, `ha` and the row `i` of `|R|`.
#[inline(always)]
fn edge_row(
    [ti1, ti2]: [i64; 2],
    [[x10, x11, x12], [x20, x21, x22]]: [&[i64; 3]; 2],
    [[a10, a11, a12], [a20, a21, a22]]: [&[i64; 3]; 2],
    [hi1, hi2]: [i64; 2],
    hb: [i64; 3],
    ari: &[i64; 3],
) -> [i64; 3] {
    let [c0, c1, c2] = crossed(hb, ari);
    let score = |x1: i64, x2: i64, a1: i64, a2: i64, c: i64| {
        (ti2 * x1 - ti1 * x2).abs() - (hi1 * a2 + hi2 * a1 + c)
    };
    [
        score(*x10, *x20, *a10, *a20, c0),
        score(*x11, *x21, *a11, *a21, c1),
        score(*x12, *x22, *a12, *a22, c2),
    ]
}

/// `[h_1 x_2 + h_2 x_1, h_2 x_0 + h_0 x_2, h_0 x_1 + h_1 x_0]`: for each
/// `j`, the terms of the two other indices paired crosswise.
#[inline]
fn crossed(h: [i64; 3], x: &[i64; 3]) -> [i64; 3] {
    let ([h0, h1, h2], [x0, x1, x2]) = (h, x);
    [h1 * x2 + h2 * x1, h2 * x0 + h0 * x2, h0 * x1 + h1 * x0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::sat::{exact2, exact3};
    use crate::rng::Rng;
    use crate::{Fx, Obb2, Obb3, Rot2, Rot3};
    use std::prelude::rust_2024::*;

    fn rot3(r: &mut Rng) -> Rot3 {
        loop {
            let q = [(); 4].map(|_| r.grid(-8, 8, 8));
            if let Ok(x) = Rot3::try_from_quat(q) {
                return x;
            }
        }
    }

    fn obb3(r: &mut Rng, spread: i32, frac: u32) -> Obb3 {
        let c = crate::Vector([(); 3].map(|_| r.grid(-spread, spread, frac)));
        let h = crate::Vector([(); 3].map(|_| r.grid(0, spread, frac)));
        let rot = if r.chance(1, 4) {
            Rot3::identity()
        } else {
            rot3(r)
        };
        Obb3::try_new(c, h, rot).unwrap()
    }

    fn obb2(r: &mut Rng, spread: i32, frac: u32) -> Obb2 {
        let c = crate::Vector([(); 2].map(|_| r.grid(-spread, spread, frac)));
        let h = crate::Vector([(); 2].map(|_| r.grid(0, spread, frac)));
        let rot = if r.chance(1, 4) {
            Rot2::identity()
        } else {
            Rot2::from_angle(r.grid(-4, 4, 20))
        };
        Obb2::try_new(c, h, rot).unwrap()
    }

    /// Counts (separated, overlap, unsure) and checks every verdict.
    fn check<T>(
        pairs: &[(T, T)],
        verdict: fn(&T, &T) -> Verdict,
        exact: fn(&T, &T) -> bool,
    ) -> [usize; 3]
    where
        T: core::fmt::Debug,
    {
        let mut n = [0; 3];
        for (a, b) in pairs {
            let v = verdict(a, b);
            let want = exact(a, b);
            match v {
                Verdict::Separated => assert!(!want, "filter separated overlapping {a:?} {b:?}"),
                Verdict::Overlap => assert!(want, "filter overlapped separated {a:?} {b:?}"),
                Verdict::Unsure => {}
            }
            n[v as usize] += 1;
        }
        n
    }

    fn random_pairs<T>(seed: u64, n: usize, mut make: impl FnMut(&mut Rng) -> T) -> Vec<(T, T)> {
        let mut r = Rng::new(seed);
        (0..n).map(|_| (make(&mut r), make(&mut r))).collect()
    }

    /// Moves `b` along `dir` to the last raw step where the exact test still
    /// overlaps, and returns the pairs a few ulps of that step on both sides.
    fn near_boundary<const D: usize>(
        a: &Obb<D>,
        b: &Obb<D>,
        dir: [i64; D],
        exact: fn(&Obb<D>, &Obb<D>) -> bool,
    ) -> Vec<(Obb<D>, Obb<D>)> {
        let at = |k: i64| {
            let c = crate::Vector(core::array::from_fn(|i| {
                Fx::from_bits(b.center().0[i].to_bits() + k * dir[i])
            }));
            Obb::try_new(c, b.half(), *b.rot()).ok()
        };
        // Overlap at lo, not at hi (when both exist).
        let (mut lo, mut hi) = (0i64, 1i64 << 40);
        match (at(lo), at(hi)) {
            (Some(p), Some(q)) if exact(a, &p) && !exact(a, &q) => {}
            _ => return Vec::new(),
        }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if exact(a, &at(mid).unwrap()) {
                lo = mid
            } else {
                hi = mid
            }
        }
        (lo - 3..=lo + 4)
            .filter_map(|k| at(k).map(|p| (*a, p)))
            .collect()
    }

    #[test]
    fn filter_3d_verdicts_are_exact_and_rarely_unsure() {
        let pairs = random_pairs(1, 50_000, |r| obb3(r, 4, 8));
        let [sep, over, unsure] = check(&pairs, verdict3, exact3);
        assert!(sep > 10_000 && over > 10_000, "sep {sep} over {over}");
        assert!(unsure < 500, "unsure {unsure} of {}", pairs.len());
    }

    #[test]
    fn filter_2d_verdicts_are_exact_and_rarely_unsure() {
        let pairs = random_pairs(2, 50_000, |r| obb2(r, 4, 8));
        let [sep, over, unsure] = check(&pairs, verdict2, exact2);
        assert!(sep > 10_000 && over > 10_000, "sep {sep} over {over}");
        assert!(unsure < 500, "unsure {unsure} of {}", pairs.len());
    }

    #[test]
    fn filter_is_exact_at_the_largest_and_smallest_scales() {
        for (seed, spread, frac) in [(3, 1 << 19, 0), (4, 1, 32), (5, 1 << 10, 20)] {
            let pairs = random_pairs(seed, 5_000, |r| obb3(r, spread, frac));
            check(&pairs, verdict3, exact3);
            let pairs = random_pairs(seed, 5_000, |r| obb2(r, spread, frac));
            check(&pairs, verdict2, exact2);
        }
    }

    /// Checks the verdicts on pairs a few ulps from touching, found by
    /// moving the second box of random pairs along random directions.
    fn check_near_touching<const D: usize>(
        seed: u64,
        make: fn(&mut Rng, i32, u32) -> Obb<D>,
        verdict: fn(&Obb<D>, &Obb<D>) -> Verdict,
        exact: fn(&Obb<D>, &Obb<D>) -> bool,
    ) {
        let mut r = Rng::new(seed);
        let mut tested = 0;
        for _ in 0..400 {
            let (a, b) = (make(&mut r, 4, 8), make(&mut r, 4, 8));
            let dir = [(); D].map(|_| r.range_i64(-3, 3));
            let pairs = near_boundary(&a, &b, dir, exact);
            tested += pairs.len();
            check(&pairs, verdict, exact);
        }
        assert!(tested > 1000, "only {tested} boundary pairs");
    }

    #[test]
    fn filter_3d_is_exact_within_ulps_of_touching() {
        check_near_touching(6, obb3, verdict3, exact3);
    }

    #[test]
    fn filter_2d_is_exact_within_ulps_of_touching() {
        check_near_touching(7, obb2, verdict2, exact2);
    }
}
