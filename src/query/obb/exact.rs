//! The exact paths of [`ray_obb`](super::ray_obb) and
//! [`sphere_obb`](super::sphere_obb): answers for the parallelepiped of the
//! axes as given, in wide integers, nothing rounded before the final floors.
//!
//! A point `p` is in the box iff `|n_i . (p - c)| <= h_i |n_i . A_i|` for
//! every `i`, with the face normals `n_i = A_j x A_k` (cyclic; in 2D the
//! axes are padded with a third axis `(0, 0, 1)`, which makes `n_i` the
//! perpendicular of the other axis). Then `n_i . A_j = 0` for `j != i` and
//! `n_i . A_i = det A =: Delta` for every `i`, so `s_i = n_i . (p - c) /
//! Delta` are the box coordinates of `p`.
//!
//! Scales (raw bits, every input in the domain): axis components below
//! 2^33, `n_i` below 2^67 per component, `Delta` below 2^102, `n_i . (o -
//! c)` and `n_i . dir` below 2^122 (both fit `i128`); the slab half-widths
//! `2^-32 h_i |Delta|` are lifted by 2^32 to integers below 2^155. The
//! ray's raw times are then fractions of numerators below 2^156 (256-bit
//! words) over `|n_i . dir|` below 2^123, compared as [`WideRatio`]s (an
//! estimate within 2 raw units, the exact 384-bit cross products near a
//! tie); only the winning entry is divided. The ball's program uses
//! [`Big`] (see [`Gap`]).

use crate::kernel::ratio::{WideRatio, scaled_floor};
use crate::kernel::u256::{U256, add, div_full, mul_full, mul_word, shl, signed_floor_div, sub};
use crate::num::{Fx, wide};
use crate::query::ball::BallHit;
use crate::query::capsule::core::{Face, Gap};
use crate::query::capsule::wide::Big;
use crate::query::ray::RayHit;
use crate::shape::{Ball, Obb, Ray};
use crate::vec::Vector;
use core::cmp::Ordering;

/// The axes as raw bits (below 2^33), padded to three (the third `(0, 0,
/// 1)` in 2D).
fn axes3<const D: usize>(obb: &Obb<D>) -> [[i64; 3]; 3] {
    let mut a = [[0i64; 3]; 3];
    for (slot, axis) in a.iter_mut().zip(obb.axes()) {
        for (s, v) in slot.iter_mut().zip(axis.0) {
            *s = v.to_bits();
        }
    }
    if D == 2 {
        a[2][2] = 1;
    }
    a
}

/// `a x b`, each product one widening multiplication (components below
/// 2^67 for axes).
fn cross(a: &[i64; 3], b: &[i64; 3]) -> [i128; 3] {
    let m = |x: i64, y: i64| i128::from(x) * i128::from(y);
    [
        m(a[1], b[2]) - m(a[2], b[1]),
        m(a[2], b[0]) - m(a[0], b[2]),
        m(a[0], b[1]) - m(a[1], b[0]),
    ]
}

/// `n . x` for a face normal (below 2^67 per component) and a raw vector
/// (below 2^55): below 2^124.
fn dot(n: &[i128; 3], x: &[i64; 3]) -> i128 {
    n[0] * i128::from(x[0]) + n[1] * i128::from(x[1]) + n[2] * i128::from(x[2])
}

/// `p - q` of two points in the domain, raw bits (below 2^54), padded to
/// 3D.
fn rel3<const D: usize>(p: &Vector<D>, q: &Vector<D>) -> [i64; 3] {
    let mut r = [0i64; 3];
    for ((slot, a), b) in r.iter_mut().zip(p.0).zip(q.0) {
        *slot = a.to_bits() - b.to_bits();
    }
    r
}

/// One slab `|u + T v| <= H` of the parallelepiped for the ray's raw time
/// `T` (see [`ray`]), in magnitudes: `w = |2^32 n . (o - c)|` and `H`
/// (256-bit words), `|v|`, and whether `u` and `v` have opposite signs (the
/// ray runs toward the slab's middle).
struct Slab {
    w: U256,
    big_h: U256,
    v: u128,
    toward: bool,
    /// `v < 0`: the slab is entered through its face `s_i = +h_i`.
    plus: bool,
}

impl Slab {
    /// The slab of the face normal `n` (with `Delta = n . A_i`) for the
    /// origin's offset `rel` from the center, the direction `dir` and the
    /// half-size `h`.
    fn new(n: &[i128; 3], delta: i128, rel: &[i64; 3], dir: &[i64; 3], h: Fx) -> Slab {
        // The sign of Delta flips u and v alike: whether they have
        // opposite signs does not change; v's own sign does.
        let (u, v) = (dot(n, rel), dot(n, dir));
        Slab {
            w: shl((0, u.unsigned_abs()), 32),
            big_h: mul_full(wide(h).unsigned_abs(), delta.unsigned_abs()),
            v: v.unsigned_abs(),
            toward: (u < 0) != (v < 0) && v != 0,
            plus: (v < 0) != (delta < 0),
        }
    }

    /// The entry time `(w - H) / |v|` when it is positive (the origin
    /// beyond the face ahead), as a numerator over `|v|`.
    fn entry(&self) -> Option<U256> {
        (self.toward && self.w > self.big_h).then(|| sub(self.w, self.big_h))
    }

    /// The exit time's numerator over `|v|`: `H + w` toward the middle,
    /// `H - w` away from it (`None` when negative: left before the start).
    fn exit(&self) -> Option<U256> {
        if self.toward {
            Some(add(self.big_h, self.w))
        } else {
            (self.w <= self.big_h).then(|| sub(self.big_h, self.w))
        }
    }
}

/// The exact first point of the ray in the parallelepiped (same answer
/// shape and rules as [`ray_obb`](super::ray_obb)).
///
/// Per face pair `i`, with `u = 2^32 n_i . (o - c)` and `v = n_i . dir`
/// (signs taken so that `Delta > 0`) and `H = h_i Delta`: the slab is
/// `|u + T v| <= H` for the raw time `T = t 2^32`. The origin is in it iff
/// `|u| <= H`; from outside, the ray enters it at `(|u| - H) / |v|` when it
/// runs toward it (`u` and `v` of opposite signs) and never meets it
/// otherwise; it leaves at `(H + |u|) / |v|` or `(H - |u|) / |v|`. Every
/// time that matters is a non-negative fraction of a numerator below 2^156
/// over `|v|` below 2^123, ordered as [`WideRatio`]s (a certified estimate,
/// the exact products near a tie). Only the entry that wins is divided:
/// `floor(2^64 T)` in one 256-by-128-bit division gives `t` and, per
/// coordinate, the point's floor from a one-unit range (exact products
/// when the range straddles a floor).
#[inline(never)]
pub(super) fn ray<const D: usize>(ray: &Ray<D>, obb: &Obb<D>) -> Option<RayHit<D>> {
    let a = axes3(obb);
    let normals = [
        cross(&a[1], &a[2]),
        cross(&a[2], &a[0]),
        cross(&a[0], &a[1]),
    ];
    let delta = dot(&normals[0], &a[0]);
    let rel = rel3(&ray.origin(), &obb.center());
    let dir = rel3(&ray.dir(), &Vector::<D>::ZERO);
    let mut slabs = [const {
        Slab {
            w: (0, 0),
            big_h: (0, 0),
            v: 0,
            toward: false,
            plus: false,
        }
    }; D];
    let mut inside = true;
    for ((slot, n), h) in slabs.iter_mut().zip(&normals).zip(obb.half().0) {
        *slot = Slab::new(n, delta, &rel, &dir, h);
        inside &= slot.w <= slot.big_h;
    }
    if inside {
        return Some(RayHit::at_origin(ray));
    }
    // The latest entry (the first axis of a tie) and the earliest exit.
    let mut enter: Option<(WideRatio, usize, bool)> = None;
    let mut exit: Option<WideRatio> = None;
    for (i, slab) in slabs.iter().enumerate() {
        if slab.v == 0 {
            if slab.w > slab.big_h {
                return None;
            }
            continue;
        }
        let x = WideRatio::new(slab.exit()?, slab.v);
        if exit.is_none_or(|b| x.cmp(&b) == Ordering::Less) {
            exit = Some(x);
        }
        if let Some(e) = slab.entry() {
            let e = WideRatio::new(e, slab.v);
            if enter.is_none_or(|(b, _, _)| e.cmp(&b) == Ordering::Greater) {
                enter = Some((e, i, slab.plus));
            }
        }
    }
    // From outside: some slab does not hold the origin, and there the ray
    // runs toward it (else the misses above): both are `Some`.
    let ((e, axis, plus), x) = (enter?, exit?);
    if x.cmp(&e) == Ordering::Less {
        return None;
    }
    Entry {
        e: e.num,
        v: e.den,
        axis,
        plus,
    }
    .hit(ray, obb)
}

/// The exact entry of the ray into the box: at the raw time `T = e / v`
/// (`e` below 2^156, `v` below 2^123, both positive), through the face
/// pair `axis`, on its face `+h` when `plus`.
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub(super) e: U256,
    pub(super) v: u128,
    pub(super) axis: usize,
    pub(super) plus: bool,
}

impl Entry {
    /// `floor(2^64 T)` and the remainder `2^64 e mod v`, when `T < 2^64`.
    fn scaled(&self) -> Option<(u128, u128)> {
        div_full(shl(self.e, 64), self.v)
    }

    /// The hit at this entry (`None` beyond `max_t`): `t` and each point
    /// coordinate floored, the normal `+-A_axis`.
    pub(super) fn hit<const D: usize>(&self, ray: &Ray<D>, obb: &Obb<D>) -> Option<RayHit<D>> {
        self.hit_scaled(ray, obb, self.scaled()?)
    }

    /// [`Entry::hit`] from [`Entry::scaled`].
    fn hit_scaled<const D: usize>(
        &self,
        ray: &Ray<D>,
        obb: &Obb<D>,
        (scaled, rem): (u128, u128),
    ) -> Option<RayHit<D>> {
        let Entry { e, v, axis, plus } = *self;
        // T <= max_t iff floor(2^64 T) is below 2^64 max_t, or equal to it
        // with no remainder.
        let (q, f) = ((scaled >> 64) as i128, scaled as u64);
        let mt = wide(ray.max_t());
        if q > mt || (q == mt && (f != 0 || rem != 0)) {
            return None;
        }
        let t = Fx::from_bits(q as i64);
        let mut point = ray.origin();
        for (p, d) in point.0.iter_mut().zip(ray.dir().0) {
            let d = wide(d);
            let step = floor_step(q, f, d).unwrap_or_else(|| exact_step(e, v, d));
            let raw = wide(*p).saturating_add(step);
            *p = Fx::from_bits(raw.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64);
        }
        let normal = match obb.axes().get(axis) {
            Some(&ax) if plus => ax,
            Some(ax) => Vector(ax.0.map(|v| -v)),
            None => Vector::ZERO,
        };
        Some(RayHit {
            t,
            point,
            normal,
            inside: false,
        })
    }
}

/// The answer when a face pair is surely the one the box is entered by:
/// `Some(hit)` or `Some(None)` (the entry beyond `max_t`), else `None` (the
/// full program decides).
///
/// The entry `T = e / v` through the face pair `a = axis` (a guess: the
/// pair the slab box was entered by, or the coarse test's) is computed
/// exactly (one normal `n_a`, as in [`ray`]; the origin must
/// be outside that slab with the ray running toward it). It is the box's
/// entry, through `a` alone, when the point `p(T)` is strictly inside every
/// other slab: then each other pair was entered before `T` and is left
/// after it. That is certified in the box frame, with the box coordinates
/// `s` of `p(T)` (`|s_a| = h_a`) and `u = A^T (p(T) - c) = G s` (`G = I +
/// E`, `|E_jk| <= tau`): `|s_j - u_j| <= tau sum_k |s_k|`, so the bound
/// `|u_j| <= h_j - 2 sigma - 4` ulps for every `j != a` gives `sum_k |s_k|
/// <= sum_k h_k / (1 - D tau)` and then `|s_j| < h_j` (`sigma` =
/// [`Obb::slack`], at least `tau sum_k h_k + 2` ulps). `others(j, floor(2^64
/// T), h_j - 2 sigma - 4)` says whether `|u_j(p(T))|` is surely within the
/// bound, `u_j(p(T)) = u_j(o) + T (dir . A_j) / 2^32` from the exact box
/// frame of the slab filter or from the coarse test's estimates, each
/// with its error bounded.
pub(super) fn through_face<const D: usize>(
    ray: &Ray<D>,
    obb: &Obb<D>,
    axis: usize,
    others: impl Fn(usize, u128, i128) -> bool,
) -> Option<Option<RayHit<D>>> {
    let a = axes3(obb);
    let (Some(ax), Some(ay), Some(az)) =
        (a.get(axis), a.get((axis + 1) % 3), a.get((axis + 2) % 3))
    else {
        return None;
    };
    let n = cross(ay, az);
    let rel = rel3(&ray.origin(), &obb.center());
    let dir = rel3(&ray.dir(), &Vector::<D>::ZERO);
    let slab = Slab::new(&n, dot(&n, ax), &rel, &dir, *obb.half().0.get(axis)?);
    let entry = Entry {
        e: slab.entry()?,
        v: slab.v,
        axis,
        plus: slab.plus,
    };
    // floor(2^64 T), when T < 2^64 (else no certificate).
    let exact = entry.scaled()?;
    let scaled = exact.0;
    let margin = 2 * wide(obb.slack()) + 4;
    for (j, h) in obb.half().0.iter().enumerate() {
        if j != axis && !others(j, scaled, wide(*h) - margin) {
            return None;
        }
    }
    Some(entry.hit_scaled(ray, obb, exact))
}

/// `floor(T d / 2^32)` for `T = q + r` with `2^64 r` in `[f, f + 1)`, when
/// the one-unit range of `2^64 r d` leaves its floor settled: `floor((q d
/// + floor(r d)) / 2^32)`. `|d| < 2^53`, `q < 2^63`.
fn floor_step(q: i128, f: u64, d: i128) -> Option<i128> {
    Some((q * d + scaled_floor(i128::from(f), d)?) >> 32)
}

/// `floor(e d / (v 2^32))` exactly: `|e d|` below 2^209, the quotient
/// (the raw displacement times 2^32) below 2^128 on the box.
fn exact_step(e: U256, v: u128, d: i128) -> i128 {
    // Below 2^209: the top word is zero.
    let [_, mid, low] = mul_word(e, d.unsigned_abs());
    signed_floor_div((d < 0, (mid, low)), v).map_or(0, |(f, _)| f >> 32)
}

/// Whether the ball meets the parallelepiped, exactly: the same program
/// as [`ball`], so the two always agree.
#[inline(never)]
pub(super) fn ball_hits<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> bool {
    gap(ball, obb)
        .minimizer(wide(ball.radius()), hint(ball, obb))
        .is_some()
}

/// The exact closest point of the parallelepiped to the ball's center,
/// floored, when the ball meets it.
#[inline(never)]
pub(super) fn ball<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> Option<BallHit<D>> {
    let m = gap(ball, obb).minimizer(wide(ball.radius()), hint(ball, obb))?;
    // closest = center + v: raw = floor((center raw 2^32 den + V) / (2^32 den)).
    let den = m.den.mul(Big::pow2(32));
    let mut point = ball.center();
    for (p, v) in point.0.iter_mut().zip(m.vector) {
        let num = Big::from(wide(*p)).mul(den).add(v);
        let raw = num.div_floor(den).to_i128_saturating();
        *p = Fx::from_bits(raw.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64);
    }
    Some(BallHit { point })
}

/// The face of the program [`gap`] that the box frame predicts for the
/// closest point: the box coordinate `u_i = A_i . (center - c)` clamped to
/// `[-h_i, h_i]` (lower bound, upper bound or free). Exact when the axes
/// are orthonormal and nearly always right otherwise; the minimizer checks
/// it and tries every face when it is wrong.
fn hint<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> Face {
    let rel = rel3(&ball.center(), &obb.center());
    let (mut code, mut weight) = (0u32, 1u32);
    for (axis, h) in obb.axes().iter().zip(obb.half().0) {
        if h == Fx::ZERO {
            // A fixed variable: not a column of the program.
            continue;
        }
        // u at scale 2^64: |A_ik| < 2^33, |rel_k| < 2^54: below 2^89.
        let u = dot(&rel3(axis, &Vector::<D>::ZERO).map(i128::from), &rel);
        let h = wide(h) << 32;
        let digit = if u > h {
            1
        } else if u < -h {
            0
        } else {
            2
        };
        code += digit * weight;
        weight *= 3;
    }
    Face(code)
}

/// The program `min |(c + A s) - center|^2` over `|s_i| <= h_i`.
fn gap<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> Gap {
    let mut g = Gap::new();
    g.obb(obb, false);
    g.point(&ball.center(), true);
    g
}
