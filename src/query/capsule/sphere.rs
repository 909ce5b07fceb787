//! The ray against a ball in 256-bit words: the answer of the general
//! capsule walk (the same bits), without the 1024-bit integer on the
//! common inputs.
//!
//! Along the ray, `|m + t d|^2 - r^2 = A t^2 + 2 B t + C` with `m = o - c`
//! (raw bits): `A = |d|^2 < 2^106`, `|B| < 2^107`, `|C| < 2^108`, the
//! discriminant `B^2 - A C < 2^215`. From outside (`C > 0`) a hit needs
//! `B < 0` and a discriminant `>= 0`; the entry is the smaller root `t1 =
//! (|B| - sqrt(disc)) / A`.
//!
//! Each floor the answer needs (`t`: of `2^32 t1`; a point coordinate: of
//! `t1 d_k`; a normal component: of `2^32 (m_k + t1 d_k) / r`) is taken at
//! both ends of a bracket of the entry, so the root is never rounded:
//!
//! 1. The bracket of `t1` from one 128-by-64-bit division: `sqrt(disc)`
//!    lies in `[s, s + 2^h)`, `s` from the integer square root of the top
//!    128 bits of the discriminant (shifted right by `2h <= 88`: one
//!    128-bit root, not the 256-bit one), and `t1 = C / (|B| +
//!    sqrt(disc))` (the same root without the cancellation of `|B| -
//!    sqrt(disc)`), so `t1` lies between `C / (|B| + s + 2^h)` and `C /
//!    (|B| + s)`. Both denominators scaled to 63 bits (they differ there by
//!    2 units at most, as `2^h <= sqrt(disc) / 2^63`) and `C` to 126, one
//!    quotient gives `2^exp t1` within `[lo, hi]`, `hi - lo` about ten
//!    units of a 62- to 64-bit `lo`. Each floor is then a shift, a
//!    product or one 128-by-64-bit division at the two ends; when all of
//!    them agree, that is the answer (nearly always: only a value within
//!    about `2^-60` of an integer, relative to its size, goes on).
//! 2. The exact root `s = floor(sqrt(disc))` (the 256-bit one), then each
//!    floor at both ends of the root's bracket `[s, s + 1)`, one division
//!    each: equal floors (or a square discriminant, `s` the root itself)
//!    settle it. Otherwise `t` and the point decide exactly: `t1 e >= x`
//!    iff `x / e` lies before the vertex `|B| / A` with the quadratic `>=
//!    0` there (`A x^2 - 2 |B| x e + C e^2`, below 2^235); the bracket is at
//!    most one integer wide when `|e| <= A`, so this runs for directions of
//!    length `2^-16` or more (`A >= 2^32`). A normal whose bracket holds an
//!    integer (rare: a width of about `2^32 |d_k| / (A r)`) goes to the
//!    general walk.

use crate::kernel::divide::OneOff;
use crate::kernel::sqrt::{isqrt_u128, isqrt_u256};
use crate::kernel::u256::{
    U256, add, bits, div_full, mul_full, shl, shr, signed_add, signed_floor_div, signed_prod, sub,
};
use crate::kernel::wide::dot64;
use crate::num::{Fx, wide};
use crate::query::ray::RayHit;
use crate::shape::Ray;
use crate::vec::Vector;

/// The quadratic of a ray that enters the ball from outside: `b = |B|`
/// (`B < 0`), `c = C > 0`, the discriminant, the root's bracket
/// `sqrt(disc)` in `[s, s + 2^h)`, and whether `s` is the root itself (a
/// square discriminant: a tangent, a rational entry; known only once
/// [`Entry::exact`] has made `h = 0`, `s = floor(sqrt(disc))`).
struct Entry {
    a: u128,
    b: u128,
    c: u128,
    disc: U256,
    s: u128,
    h: u32,
    square: bool,
}

/// How a ray starts against a ball.
enum Start {
    /// The origin is in the closed ball.
    Inside,
    /// From outside, the ray's line never enters.
    Miss,
    /// From outside, the line enters (at `t1`, before or after `max_t`).
    Enters(Entry),
    /// A direction shorter than 2^-16: for the general walk.
    Slow,
}

/// The entry's time `t1` within `[lo, hi] / 2^exp` (see
/// [`Entry::bracket`]).
#[derive(Clone, Copy, Debug)]
struct Bracket {
    lo: u64,
    hi: u64,
    exp: u32,
}

impl Bracket {
    /// `[2^exp t1 e]` over the bracket's ends, as the closed range of
    /// `lo e` and `hi e` (increasing in `t1` for `e >= 0`, else
    /// decreasing); below 2^117 in magnitude for `|e| <= 2^53`.
    #[inline(always)]
    fn range(&self, e: i64) -> [i128; 2] {
        let m = u128::from(e.unsigned_abs());
        let (at_lo, at_hi) = (
            (u128::from(self.lo) * m) as i128,
            (u128::from(self.hi) * m) as i128,
        );
        if e >= 0 {
            [at_lo, at_hi]
        } else {
            [-at_hi, -at_lo]
        }
    }
}

impl Entry {
    /// Where the ray starts and whether it enters (see [`Start`]), for `m =
    /// o - c` and `d` below 2^53 per component and `0 < r <= 2^52`.
    fn start(m: &[i64], d: &[i64], r: i64) -> Start {
        // Each coefficient only once the ones before have not answered.
        let c = dot64(m, m) - i128::from(r) * i128::from(r);
        if c <= 0 {
            return Start::Inside;
        }
        let b = dot64(m, d);
        if b >= 0 {
            return Start::Miss; // outside, never moving closer
        }
        let a = dot64(d, d).unsigned_abs();
        let (b, c) = (b.unsigned_abs(), c.unsigned_abs());
        let (bb, ac) = (mul_full(b, b), mul_full(a, c));
        if bb < ac {
            return Start::Miss; // the line passes the ball by
        }
        if a < 1 << 32 {
            return Start::Slow;
        }
        // The root of the top 128 bits (an even shift 2h off): sqrt(disc)
        // in [s, s + 2^h), s = floor(sqrt(floor(disc / 4^h))) 2^h.
        let disc = sub(bb, ac);
        let h = bits(disc).saturating_sub(127) / 2;
        let s = isqrt_u128(shr(disc, 2 * h).1) << h;
        Start::Enters(Entry {
            a,
            b,
            c,
            disc,
            s,
            h,
            square: false,
        })
    }

    /// The entry with the root exact: `s = floor(sqrt(disc))`, `h = 0`, and
    /// whether `s` is the root itself.
    fn exact(self) -> Entry {
        let s = if self.h == 0 {
            self.s
        } else {
            isqrt_u256(self.disc)
        };
        let square = mul_full(s, s) == self.disc;
        Entry {
            s,
            h: 0,
            square,
            ..self
        }
    }

    /// `t1 e >= x`, exactly, for `|x| < 2^64` and `|x e| < 2^128`.
    fn at_least(&self, x: i128, e: i128) -> bool {
        // The quadratic at x / e, times e^2: A x^2 + C e^2 vs 2 |B| x e.
        let (xm, em) = (x.unsigned_abs(), e.unsigned_abs());
        let sides = || {
            let lhs = add(mul_full(self.a, xm * xm), mul_full(self.c, em * em));
            (lhs, shl(mul_full(self.b, xm * em), 1))
        };
        // x / e before the vertex |B| / A: |x| A <= |B| |e|.
        let before_vertex = mul_full(xm, self.a) <= mul_full(self.b, em);
        if e > 0 {
            // t1 >= x / e: true for x <= 0 (t1 > 0); else x / e is at most
            // t1 iff it is before the vertex with the quadratic >= 0.
            if x <= 0 {
                return true;
            }
            let (lhs, rhs) = sides();
            before_vertex && lhs >= rhs
        } else if e < 0 {
            // t1 <= -x / |e|: false for x >= 0; else true at or past the
            // vertex, or where the quadratic is <= 0.
            if x >= 0 {
                return false;
            }
            let at_vertex = mul_full(xm, self.a) >= mul_full(self.b, em);
            let (lhs, rhs) = sides();
            at_vertex || lhs <= rhs
        } else {
            x <= 0
        }
    }

    /// `floor(t1 e)` for `|e| <= A`, or `None` beyond 2^62 (the root exact:
    /// see [`Entry::exact`]).
    fn floor(&self, e: i128) -> Option<i128> {
        debug_assert_eq!(self.h, 0, "the root's bracket is one integer wide");
        // t1 e = (|B| - sqrt(disc)) e / A, with sqrt(disc) in [s, s + 1):
        // with (|B| - s) |e| = q A + rem, t1 |e| / A lies in (q + (rem -
        // |e|) / A, q + rem / A], one integer's width at most.
        let f = e.unsigned_abs();
        let (q, rem) = div_full(mul_full(self.b - self.s, f), self.a)?;
        if q >= 1 << 62 {
            return None;
        }
        let q = q as i128;
        if e >= 0 {
            if self.square || rem >= f {
                return Some(q); // the whole bracket is in [q, q + 1)
            }
        } else if self.square || rem == 0 || rem >= f {
            // Negated: [-q - rem / A, -q - (rem - |e|) / A).
            return Some(-q - i128::from(rem != 0));
        }
        // The bracket holds an integer: the quadratic decides.
        let mut x = if e >= 0 { q } else { -q - 1 };
        for _ in 0..4 {
            if !self.at_least(x, e) {
                x -= 1;
            } else if self.at_least(x + 1, e) {
                x += 1;
            } else {
                return Some(x);
            }
        }
        None
    }

    /// The entry `t1` within `[lo, hi] / 2^exp` (`exp >= 32`, `hi - lo` a
    /// few units of a 62- to 64-bit `lo`), from one 128-by-64-bit division;
    /// `None` when the scale would put `t1` at 2^32 or more, or the
    /// denominator's range does not scale to 62 bits (the exact path
    /// answers those).
    fn bracket(&self) -> Option<Bracket> {
        // t1 = C / (|B| + sqrt(disc)), without the cancellation of |B| -
        // sqrt(disc): the denominator lies in [d1, d2] (d1 >= |B| >= 1).
        let d1 = self.b + self.s;
        let d2 = d1 + (1u128 << self.h);
        // Scaled by 2^-e so that d2's highest bit is bit 62: d1 >= dl 2^e,
        // d2 <= dh 2^e, with dh in [2^62, 2^63]; for e > 0, 2^h < 2^e (the
        // root's bracket is 2^-63 of it), so dh - dl is at most 2.
        let e = 65 - d2.leading_zeros() as i32;
        let (dl, dh) = if e >= 0 {
            (d1 >> e, (d2 >> e) + u128::from(d2 & ((1 << e) - 1) != 0))
        } else {
            (d1 << -e, d2 << -e)
        };
        if dl < 1 << 62 {
            return None;
        }
        // N = C 2^z in [2^125, 2^126) (C < 2^108: z >= 18), so N / dl is
        // below 2^64: t1 <= N / (dl 2^(z + e)) <= (q + 1) / 2^exp, and
        // N / dh = (N / dl) (1 - (dh - dl) / dh) falls short of N / dl by
        // at most (q + 1) (dh - dl) / 2^62.
        let z = self.c.leading_zeros() - 2;
        let (q, rem) = crate::arch::div_rem_narrow(self.c << z, dl as u64);
        let exp = i32::try_from(z).ok()? + e;
        if exp < 32 {
            return None;
        }
        let hi = q.checked_add(u64::from(rem != 0))?;
        let short = ((u128::from(q) + 1) * (dh - dl)) >> 62;
        let lo = q.saturating_sub(u64::try_from(short).ok()?.saturating_add(1));
        Some(Bracket {
            lo,
            hi,
            exp: exp as u32,
        })
    }

    /// The answer from the [`Entry::bracket`] alone: `t`, each point
    /// coordinate and each normal component floored at both of its ends,
    /// kept when the floors agree; `None` when one does not, or when `t` is
    /// `max_t`'s (the exact path decides those).
    fn tight<const D: usize>(
        &self,
        ray: &Ray<D>,
        m: &[i64; D],
        d: &[i64; D],
        r: u64,
    ) -> Option<Option<RayHit<D>>> {
        let b = self.bracket()?;
        // floor(2^32 t1) at both ends (a shift of 64 or more leaves 0).
        let floor_t = |x: u64| x.checked_shr(b.exp - 32).unwrap_or(0);
        let t = floor_t(b.lo);
        if floor_t(b.hi) != t {
            return None;
        }
        let mt = ray.max_t().to_bits() as u64;
        if t > mt {
            return Some(None);
        }
        if t == mt {
            return None;
        }
        let div = OneOff(r);
        // The floors of t1 d_k and of 2^32 t1 d_k from 2^exp t1 d_k: shifts
        // (beyond 127 the floor of a product below 2^117 is 0 or -1).
        let (point_shift, normal_shift) = (b.exp.min(127), (b.exp - 32).min(127));
        let mut point = ray.origin();
        let mut normal = Vector::ZERO;
        let parts = point.0.iter_mut().zip(normal.0.iter_mut());
        for ((pk, nk), (&mk, &dk)) in parts.zip(m.iter().zip(d)) {
            // 2^exp t1 d_k over the bracket, as a closed range of signed
            // products below 2^117.
            let [low, high] = b.range(dk);
            // The point: floor(t1 d_k) at both ends.
            let step = low >> point_shift;
            if high >> point_shift != step {
                return None;
            }
            *pk = Fx::from_bits(i64::try_from(wide(*pk) + step).ok()?);
            // The normal: floor(2^32 (m_k + t1 d_k) / r) = floor(y / r)
            // for y = 2^32 m_k + floor(2^32 t1 d_k), |y| < 2^86.
            let base = i128::from(mk) << 32;
            let f = div.floor_range(base + (low >> normal_shift), base + (high >> normal_shift))?;
            *nk = Fx::from_bits(f);
        }
        Some(Some(RayHit {
            t: Fx::from_bits(i64::try_from(t).ok()?),
            point,
            normal,
            inside: false,
        }))
    }

    /// `floor(2^32 (m_k + t1 d_k) / r)`: exact for a square discriminant,
    /// else certified (the same at both ends of the root's bracket) or
    /// `None` (the root exact: see [`Entry::exact`]).
    fn normal(&self, mk: i128, dk: i128, r: u64) -> Option<i64> {
        debug_assert_eq!(self.h, 0, "the root's bracket is one integer wide");
        // m_k + t1 d_k = (m_k A + d_k (|B| - sqrt(disc))) / A; at the
        // bracket's ends sqrt(disc) = s and s + 1, 2^32 times that is
        // (q0 A + r0) / A and (q0 A + r0 - 2^32 d_k) / A.
        let w0 = signed_add(signed_prod(mk, self.a), signed_prod(dk, self.b - self.s));
        let (q0, r0) = signed_floor_div((w0.0, shl(w0.1, 32)), self.a)?;
        // The second end's floor is q1 = q0 + e, e = floor(r1 / A) for r1
        // = r0 - 2^32 d_k (|2^32 d_k| < 2^85, r0 < A < 2^106: within
        // i128): 0 or -1 without a division when |r1| < A.
        let r1 = i128::try_from(r0).ok()? - (dk << 32);
        let a = i128::try_from(self.a).ok()?;
        let e = if (0..a).contains(&r1) {
            0
        } else if (-a..0).contains(&r1) {
            -1
        } else {
            r1.div_euclid(a)
        };
        // Then over r: floor(floor(x / A) / r) = floor(x / (A r)), by the
        // platform's 128-by-64-bit division (|q| / r is about 2^32 times a
        // unit vector's component: well below 2^63), kept when both ends
        // share it.
        let q1 = if self.square { q0 } else { q0.checked_add(e)? };
        OneOff(r).floor_range(q0.min(q1), q0.max(q1))
    }
}

/// [`ray_sphere`](super::ray_sphere) on the ball of this center and radius,
/// from outside, for a direction of
/// length `2^-16` or more and a positive radius: `Some(answer)`, or
/// `None` when the general walk must answer (a shorter direction, radius
/// 0, a normal the bracket does not settle).
pub(super) fn ray_ball<const D: usize>(
    ray: &Ray<D>,
    center: Vector<D>,
    radius: Fx,
) -> Option<Option<RayHit<D>>> {
    // Raw bits: m = o - c below 2^53 per component, d and r within the
    // domain.
    let d = ray.dir().0.map(Fx::to_bits);
    let mut m = ray.origin().0.map(Fx::to_bits);
    for (mk, ck) in m.iter_mut().zip(center.0) {
        *mk -= ck.to_bits();
    }
    let r = radius.to_bits();
    if r == 0 {
        return None;
    }
    let entry = match Entry::start(&m, &d, r) {
        Start::Inside => {
            return Some(Some(RayHit::at_origin(ray)));
        }
        Start::Miss => return Some(None),
        Start::Slow => return None,
        Start::Enters(entry) => entry,
    };
    if let Some(answer) = entry.tight(ray, &m, &d, r.unsigned_abs()) {
        return Some(answer);
    }
    let entry = entry.exact();
    // t1 <= max_t, exactly: the floor of 2^32 t1 below mt, or at it with
    // t1 (-2^32) >= -mt (2^32 t1 = mt exactly).
    let mt = wide(ray.max_t());
    let t = entry.floor(1 << 32)?;
    if t > mt || (t == mt && !entry.at_least(-mt, -(1 << 32))) {
        return Some(None);
    }
    let mut point = ray.origin();
    let mut normal = Vector::ZERO;
    let parts = point.0.iter_mut().zip(normal.0.iter_mut());
    for ((pk, nk), (&mk, &dk)) in parts.zip(m.iter().zip(&d)) {
        let (mk, dk) = (i128::from(mk), i128::from(dk));
        let step = entry.floor(dk)?;
        *pk = Fx::from_bits(i64::try_from(wide(*pk) + step).ok()?);
        *nk = Fx::from_bits(entry.normal(mk, dk, r.unsigned_abs())?);
    }
    Some(Some(RayHit {
        t: Fx::from_bits(i64::try_from(t).ok()?),
        point,
        normal,
        inside: false,
    }))
}

#[cfg(test)]
pub(super) mod tests;
