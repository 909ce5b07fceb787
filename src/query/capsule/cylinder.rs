//! The ray against a capsule in 512-bit words: the answer of the general
//! walk (the same bits) without its 1024-bit integer, for a positive
//! radius and inputs below 2^54 (raw bits).
//!
//! The capsule lies in the infinite cylinder of its axis, and so does each
//! of its end balls. From outside that cylinder, the ray meets it first at
//! `t_c`, the smaller root of `A t^2 + 2 B t + C` (the squared distance
//! to the axis minus `r^2`, times `|u|^2`; `u = b - a`, `m = o - a`):
//!
//! - `A = |u|^2 |d|^2 - (d.u)^2`, `B = |u|^2 (m.d) - (m.u)(d.u)`, `C =
//!   |u|^2 (|m|^2 - r^2) - (m.u)^2`, each below 2^221; the discriminant
//!   `B^2 - A C` below 2^442.
//! - If the point at `t_c` lies between the end planes (`0 <= s <= 1`,
//!   `s |u|^2 = m.u + t_c d.u`), it is in the capsule, and nothing of the
//!   capsule comes earlier: the answer is the cylinder's.
//! - Before the plane of `a` (`s < 0`), the ray can reach the capsule
//!   only through the ball at `a` (it stays in the cylinder while `s`
//!   moves, and the disc at `s = 0` is in that ball): the answer is the
//!   ray against that ball, the fast path of
//!   [`ray_sphere`](super::ray_sphere). Past `b`, the ball at `b`.
//! - From inside the cylinder, the same by the origin's `s`.
//!
//! The root `sqrt(B^2 - A C)` is bracketed by the integer root of its top
//! bits, scaled back. First, in words ([`words`]), from the top 128 bits
//! (about 64 bits of the root: the bracket of `2^64 t_c` a few times `|B|
//! / A` wide, the time of the line's closest approach to the axis):
//! `t_c 2^64` bracketed between two integers, every floor and the
//! end-plane test taken at both ends of that bracket. What that leaves (a
//! value within that width of an integer or an end plane):
//! from the top 256 bits (exact for a square), every floor at both ends of
//! the root's bracket in 512-bit integers. Each floor is kept when
//! the two ends agree; otherwise (rare: an exact value on the bracket) the
//! general walk answers.

use super::sphere::ray_ball;
use crate::kernel::sqrt::{isqrt_u128, isqrt_u256};
use crate::kernel::u256::{
    U256, mul_512, mul_full, positive_gap, shl, signed_mul, signed_prod, sub,
};
use crate::kernel::u512::Wide;
use crate::kernel::wide::{dot64, magnitude};
use crate::num::{Fx, wide};
use crate::query::ray::RayHit;
use crate::shape::{Capsule, Ray};
use crate::vec::Vector;
use core::cmp::Ordering;

/// `sqrt(disc)` in `[lo, lo + 2^k)`, or exactly `lo` (`k` is `None`).
struct Root {
    /// `lo` (below 2^222).
    lo: U256,
    k: Option<u32>,
}

impl Root {
    /// A bracket of `sqrt(disc)` from the root of its top 128 bits, for `0
    /// <= disc < 2^510`: `[s 2^k, (s + 1) 2^k)` with `s < 2^64`, about 64
    /// bits of the root (exact only for a square below 2^128). What the
    /// word path needs; [`Root::new`] when it does not settle.
    fn coarse(disc: &Wide) -> Option<Root> {
        let k = disc.bits().saturating_sub(128).div_ceil(2);
        let top = disc.shr_u256(2 * k)?.1;
        let s = isqrt_u128(top);
        Some(Root {
            lo: times_pow2(s, k),
            k: (k != 0 || s * s != top).then_some(k),
        })
    }

    /// The bracket of `sqrt(disc)` for `0 <= disc < 2^510`, from the root
    /// of its top 256 bits: exact when `disc` is a square.
    fn new(disc: &Wide) -> Option<Root> {
        // disc / 4^k below 2^256: sqrt(disc) in [s 2^k, (s + 1) 2^k).
        let k = disc.bits().saturating_sub(256).div_ceil(2);
        let top = disc.shr_u256(2 * k)?;
        let s = isqrt_u256(top);
        let lo = shl((0, s), k);
        // Exact iff s^2 is the top and the 2k bits below it are zero.
        let sq = mul_full(s, s);
        let exact = sq == top && Wide::from_u256(sq).shl(2 * k) == *disc;
        Some(Root {
            lo,
            k: (!exact).then_some(k),
        })
    }

    /// `floor((x - y sqrt(disc)) / z)` for `z > 0`, when the bracket
    /// settles it (the quotient below 2^62).
    fn floor(&self, x: Wide, y: Wide, z: &Wide) -> Option<i128> {
        let (q, rem) = x.sub(y.mul(Wide::from_u256(self.lo))).floor_div(z)?;
        let Some(k) = self.k else {
            return Some(q);
        };
        // Over the bracket the numerator moves from its value at lo by up
        // to |y| 2^k: down for y > 0, up for y < 0.
        let w = y.abs().shl(k);
        let same = if y.is_negative() {
            rem.add(w) <= *z
        } else {
            rem >= w
        };
        same.then_some(q)
    }

    /// `[lo, hi]` holding `b - sqrt(disc)`, for `b > sqrt(disc)` (down to
    /// 0 at the low end).
    fn less(&self, b: U256) -> [U256; 2] {
        let hi = sub(b, self.lo);
        let lo = match self.k {
            None => hi,
            Some(k) => {
                let w = times_pow2(1, k);
                if hi >= w { sub(hi, w) } else { (0, 0) }
            }
        };
        [lo, hi]
    }

    /// The sign of `x - y sqrt(disc)`, when the bracket settles it.
    fn sign(&self, x: Wide, y: Wide) -> Option<Ordering> {
        let at_lo = x.sub(y.mul(Wide::from_u256(self.lo)));
        let Some(k) = self.k else {
            return Some(at_lo.signum());
        };
        // Linear in the root: the sign over the open bracket is the ends'
        // common sign (one end may be zero).
        let at_hi = at_lo.sub(y.shl(k));
        match (at_lo.signum(), at_hi.signum()) {
            (s0, s1) if s0 == s1 => Some(s0),
            (Ordering::Equal, s) | (s, Ordering::Equal) => Some(s),
            _ => None,
        }
    }
}

/// `s 2^k` for `s < 2^64` and `k < 192`.
fn times_pow2(s: u128, k: u32) -> U256 {
    if k < 128 {
        shl((0, s), k)
    } else {
        (s << (k - 128), 0)
    }
}

/// Every input (raw bits) within `2^INPUT_BITS` (the domain's are within
/// 2^52): then `m = o - a`, `u = b - a` and `d` are below 2^54 per
/// component, their dot products below 2^110 and the quadratic's
/// coefficients below 2^221.
const INPUT_BITS: u32 = 53;

/// The ray and the axis in raw bits: `m = o - a`, `u = b - a`, the
/// direction `d`, their dot products and the radius (components below
/// [`INPUT_BITS`]).
pub(super) struct Axis<const D: usize> {
    pub(super) m: [i128; D],
    pub(super) u: [i128; D],
    pub(super) d: [i128; D],
    pub(super) uu: i128,
    pub(super) du: i128,
    pub(super) mu: i128,
    pub(super) r: i128,
}

/// Where the ray first meets the capsule, decided.
pub(super) enum Verdict<const D: usize> {
    /// Never (or after `max_t`).
    Miss,
    /// As it meets the ball at `a` (before the plane of `a`).
    BallA,
    /// As it meets the ball at `b` (past the plane of `b`).
    BallB,
    /// On the cylinder between the end planes.
    Hit(RayHit<D>),
}

/// [`ray_capsule`](super::ray_capsule) for a positive radius and inputs
/// within `2^INPUT_BITS` ([`INPUT_BITS`]): `Some(answer)`, or `None` when
/// the general walk must answer (a radius of 0, larger inputs, a bracket
/// that does not settle).
pub(super) fn ray_capsule<const D: usize>(
    ray: &Ray<D>,
    capsule: &Capsule<D>,
) -> Option<Option<RayHit<D>>> {
    let r = capsule.radius().to_bits();
    let (o, d) = (
        ray.origin().0.map(Fx::to_bits),
        ray.dir().0.map(Fx::to_bits),
    );
    let (a, b) = (
        capsule.a().0.map(Fx::to_bits),
        capsule.b().0.map(Fx::to_bits),
    );
    // Every input in [-2^53, 2^53) (the domain's are within 2^52): then m
    // = o - a and u = b - a are below 2^54, without overflow. One test for
    // all of them: `magnitude(x)` is x for x >= 0 and -x - 1 below, so
    // their OR is below 2^53 iff every x is in that range.
    let spread = [&o, &d, &a, &b]
        .into_iter()
        .flatten()
        .chain([&r])
        .fold(0, |acc, &x| acc | magnitude(x));
    if r == 0 || spread >> INPUT_BITS != 0 {
        return None;
    }
    let (mut m, mut u) = (o, b);
    for ((mk, uk), ak) in m.iter_mut().zip(u.iter_mut()).zip(a) {
        *mk -= ak;
        *uk -= ak;
    }
    // |m|^2 - r^2 <= 0: the origin is in the ball at a, so in the capsule.
    let excess = dot64(&m, &m) - i128::from(r) * i128::from(r);
    if excess <= 0 {
        return Some(Some(RayHit::at_origin(ray)));
    }
    let ball = |c: Vector<D>| ray_ball(ray, c, capsule.radius());
    let (uu, mu) = (dot64(&u, &u), dot64(&m, &u));
    if uu == 0 {
        return ball(capsule.a());
    }
    // C = |u|^2 (|m|^2 - r^2) - (m.u)^2 in 256 bits (below 2^221), each
    // coefficient only once the ones before have not answered: C, then B,
    // then A.
    let uu_m = uu.unsigned_abs();
    let (far, near) = (
        mul_full(uu_m, excess.unsigned_abs()),
        mul_full(mu.unsigned_abs(), mu.unsigned_abs()),
    );
    if far <= near {
        // In the closed cylinder: in the capsule between the end planes,
        // else the nearer end's ball answers.
        return if mu < 0 {
            ball(capsule.a())
        } else if mu > uu {
            ball(capsule.b())
        } else {
            Some(Some(RayHit::at_origin(ray)))
        };
    }
    let q_c = sub(far, near);
    // |B| for B = |u|^2 (m.d) - (m.u)(d.u) < 0; B >= 0: outside, never
    // moving closer to the axis.
    let du = dot64(&d, &u);
    let Some(q_b) = positive_gap(signed_prod(dot64(&m, &d), uu_m), signed_mul(mu, du)) else {
        return Some(None);
    };
    let q_a = sub(
        mul_full(uu_m, dot64(&d, &d).unsigned_abs()),
        mul_full(du.unsigned_abs(), du.unsigned_abs()),
    );
    // The discriminant B^2 - A C, C > 0, in four words.
    let (bb, ac) = (mul_512(q_b, q_b), mul_512(q_a, q_c));
    if bb < ac {
        return Some(None); // the line passes the cylinder by
    }
    let disc = Wide::from_words(false, bb).sub(Wide::from_words(false, ac));
    // t_c = (|B| - sqrt(disc)) / A, A > 0 (B < 0 needs d across u).
    let axis = Axis {
        m: m.map(i128::from),
        u: u.map(i128::from),
        d: d.map(i128::from),
        uu,
        du,
        mu,
        r: i128::from(r),
    };
    // In words from the coarse root; then from the root of the top 256
    // bits, in words and in 512-bit integers.
    let coarse = Root::coarse(&disc)?;
    let verdict = match words::verdict(ray, &axis, q_a, coarse.less(q_b)) {
        Some(v) => v,
        None => {
            let root = Root::new(&disc)?;
            match words::verdict(ray, &axis, q_a, root.less(q_b)) {
                Some(v) => v,
                None => exact(
                    ray,
                    &axis,
                    &root,
                    [Wide::from_u256(q_a), Wide::from_u256(q_b)],
                )?,
            }
        }
    };
    match verdict {
        Verdict::Miss => Some(None),
        Verdict::BallA => ball(capsule.a()),
        Verdict::BallB => ball(capsule.b()),
        Verdict::Hit(h) => Some(Some(h)),
    }
}

/// The verdict in 512-bit words, every floor at both ends of the root's
/// bracket (`ab = [A, |B|]`), or `None` when the bracket does not settle
/// one.
fn exact<const D: usize>(
    ray: &Ray<D>,
    axis: &Axis<D>,
    root: &Root,
    ab: [Wide; 2],
) -> Option<Verdict<D>> {
    let [q_a, nb] = ab;
    let two32 = Wide::from_i128(1 << 32);
    let t = root.floor(nb.shl(32), two32, &q_a)?;
    let mt = wide(ray.max_t());
    if t > mt {
        return Some(Verdict::Miss); // the capsule is entered at t_c or later
    }
    // s |u|^2 A at t_c: m.u A + d.u (|B| - sqrt(disc)).
    let (w_mu, w_du) = (Wide::from_i128(axis.mu), Wide::from_i128(axis.du));
    let s_at = w_mu.mul(q_a).add(w_du.mul(nb));
    if root.sign(s_at, w_du)? == Ordering::Less {
        return Some(Verdict::BallA);
    }
    let past_b = s_at.sub(Wide::from_i128(axis.uu).mul(q_a));
    if root.sign(past_b, w_du)? == Ordering::Greater {
        return Some(Verdict::BallB);
    }
    // At t = max_t's ulp: t_c <= max_t iff 2^32 |B| - max_t A <= 2^32
    // sqrt(disc).
    let late = nb.shl(32).sub(Wide::from_i128(mt).mul(q_a));
    if t == mt && root.sign(late, two32)? == Ordering::Greater {
        return Some(Verdict::Miss);
    }
    cylinder_hit(ray, axis, root, [&q_a, &nb], t)
}

/// The hit on the cylinder at `t_c = (|B| - sqrt(disc)) / A` (`ab = [A,
/// |B|]`), its ulp `t` known: each point coordinate `o_k + floor(d_k t_c)`,
/// each normal component `floor(2^32 (alpha_k + beta_k t_c) / (|u|^2 r))`
/// with `alpha = |u|^2 m - (m.u) u`, `beta = |u|^2 d - (d.u) u` (below
/// 2^165; the numerators below 2^420, the denominator below 2^385).
fn cylinder_hit<const D: usize>(
    ray: &Ray<D>,
    axis: &Axis<D>,
    root: &Root,
    ab: [&Wide; 2],
    t: i128,
) -> Option<Verdict<D>> {
    let [q_a, nb] = ab;
    let Axis {
        m,
        u,
        d,
        uu,
        du,
        mu,
        r,
    } = *axis;
    let den = q_a.mul(Wide::prod(uu, r));
    let mut point = ray.origin();
    let mut normal = Vector::ZERO;
    let parts = point.0.iter_mut().zip(normal.0.iter_mut());
    for ((pk, nk), ((&mk, &uk), &dk)) in parts.zip(m.iter().zip(&u).zip(&d)) {
        let w_dk = Wide::from_i128(dk);
        let step = root.floor(w_dk.mul(*nb), w_dk, q_a)?;
        *pk = Fx::from_bits(i64::try_from(wide(*pk) + step).ok()?);
        let alpha = Wide::prod(uu, mk).sub(Wide::prod(mu, uk));
        let beta = Wide::prod(uu, dk).sub(Wide::prod(du, uk));
        let x = alpha.mul(*q_a).add(beta.mul(*nb)).shl(32);
        let v = root.floor(x, beta.shl(32), &den)?;
        *nk = Fx::from_bits(i64::try_from(v).ok()?);
    }
    Verdict::hit(t, point, normal)
}

impl<const D: usize> Verdict<D> {
    /// A hit on the cylinder from outside, at the ulp `t` (if it fits).
    fn hit(t: i128, point: Vector<D>, normal: Vector<D>) -> Option<Verdict<D>> {
        Some(Verdict::Hit(RayHit {
            t: Fx::from_bits(i64::try_from(t).ok()?),
            point,
            normal,
            inside: false,
        }))
    }
}

mod words;

#[cfg(test)]
mod tests;
