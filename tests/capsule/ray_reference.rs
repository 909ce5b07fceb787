//! The exact reference of the ray casts against balls, segments and
//! capsules, independent of the library's method: the capsule is the union
//! of its two end balls and its cylinder side (closest point inside the
//! segment), so the entry is the earliest of three quadratic roots; every
//! floor is found by bisection on exact sign tests of `alpha + beta
//! sqrt(q)` (big integers), not by an integer square root.

use super::reference::{self as r, Q};
use fixed_collide::{Capsule, Fx, Ray, Vector};
use num_bigint::BigInt;
use num_integer::Roots;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;

fn b(x: i128) -> BigInt {
    BigInt::from(x)
}

/// The sign of `alpha + beta sqrt(q)`, `q >= 0`, exactly.
pub fn sign_root(alpha: &BigInt, beta: &BigInt, q: &BigInt) -> Ordering {
    let zero = BigInt::zero();
    let sb = if beta.is_zero() || q.is_zero() {
        Ordering::Equal
    } else {
        beta.cmp(&zero)
    };
    match (alpha.cmp(&zero), sb) {
        (Ordering::Equal, s) | (s, Ordering::Equal) => s,
        (a, s) if a == s => a,
        // Opposite signs: compare alpha^2 with beta^2 q.
        (a, _) => match (alpha * alpha).cmp(&(beta * beta * q)) {
            Ordering::Greater => a,
            Ordering::Less => a.reverse(),
            Ordering::Equal => Ordering::Equal,
        },
    }
}

/// `floor((alpha + beta sqrt(q)) / den)` for `den > 0`, by bisection.
pub fn floor_of(alpha: &BigInt, beta: &BigInt, q: &BigInt, den: &BigInt) -> BigInt {
    let bound: BigInt = (alpha.abs() + beta.abs() * (Roots::sqrt(q) + 1)) / den + 2;
    let (mut lo, mut hi) = (-bound.clone(), bound);
    // Invariant: lo * den <= value < hi * den.
    while &hi - &lo > BigInt::one() {
        let mid: BigInt = (&lo + &hi) >> 1;
        if sign_root(&(alpha - &mid * den), beta, q) != Ordering::Less {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// One candidate entry `t = (-bh - sqrt(disc)) / a` with what its normal
/// needs: `n_k = (al_k + be_k t) / nden`.
pub struct Entry {
    pub bh: BigInt,
    pub a: BigInt,
    pub disc: BigInt,
    pub al: Vec<BigInt>,
    pub be: Vec<BigInt>,
    pub nden: BigInt,
}

impl Entry {
    /// `floor(2^32 * (x + y t))`-style floors: `(x A - y bh - y sqrt(disc)) / (A den)`.
    fn floor_lin(&self, x: &BigInt, y: &BigInt, den: &BigInt, scale: u32) -> BigInt {
        let s = BigInt::one() << scale;
        floor_of(
            &((x * &self.a - y * &self.bh) * &s),
            &(-(y * &s)),
            &self.disc,
            &(&self.a * den),
        )
    }

    pub fn t_raw(&self) -> BigInt {
        self.floor_lin(&BigInt::zero(), &BigInt::one(), &BigInt::one(), 32)
    }

    pub fn point<const D: usize>(&self, o: &[BigInt], d: &[BigInt]) -> Vec<BigInt> {
        (0..D)
            .map(|k| &o[k] + self.floor_lin(&BigInt::zero(), &d[k], &BigInt::one(), 0))
            .collect()
    }

    pub fn normal(&self) -> Vec<BigInt> {
        self.al
            .iter()
            .zip(&self.be)
            .map(|(x, y)| self.floor_lin(x, y, &self.nden, 32))
            .collect()
    }
}

/// The candidate entries of the ray into the capsule (the origin outside).
pub fn entries<const D: usize>(ray: &Ray<D>, c: &Capsule<D>) -> Vec<Entry> {
    let raw =
        |v: Vector<D>| -> Vec<BigInt> { v.0.iter().map(|x| b(x.to_bits() as i128)).collect() };
    let (o, d, a, bb) = (raw(ray.origin()), raw(ray.dir()), raw(c.a()), raw(c.b()));
    let rr = b(c.radius().to_bits() as i128);
    let dot = |x: &[BigInt], y: &[BigInt]| -> BigInt { x.iter().zip(y).map(|(p, q)| p * q).sum() };
    let sub = |x: &[BigInt], y: &[BigInt]| -> Vec<BigInt> {
        x.iter().zip(y).map(|(p, q)| p - q).collect()
    };
    let mut out = vec![];
    let dd = dot(&d, &d);
    for end in [&a, &bb] {
        let m = sub(&o, end);
        let (bh, cc) = (dot(&m, &d), dot(&m, &m) - &rr * &rr);
        let disc = &bh * &bh - &dd * &cc;
        if disc.is_negative() || !bh.is_negative() {
            continue; // missed, or moving away (the origin is outside)
        }
        out.push(Entry {
            bh,
            a: dd.clone(),
            disc,
            al: m.clone(),
            be: d.clone(),
            nden: rr.clone(),
        });
    }
    let u = sub(&bb, &a);
    let m = sub(&o, &a);
    let (uu, du, mu, md, mm) = (
        dot(&u, &u),
        dot(&d, &u),
        dot(&m, &u),
        dot(&m, &d),
        dot(&m, &m),
    );
    let aa = &uu * &dd - &du * &du;
    if aa.is_positive() {
        let bh = &uu * &md - &mu * &du;
        let cc = &uu * (&mm - &rr * &rr) - &mu * &mu;
        let disc = &bh * &bh - &aa * &cc;
        // The root t > 0 and 0 <= s(t) |u|^2 = mu + t du <= uu, where
        // t A = -bh - sqrt(disc).
        let t_pos = sign_root(&(-&bh), &(-BigInt::one()), &disc) == Ordering::Greater;
        if !disc.is_negative() && t_pos {
            let s_num =
                |shift: &BigInt| sign_root(&((&mu - shift) * &aa - &du * &bh), &(-&du), &disc);
            if s_num(&BigInt::zero()) != Ordering::Less && s_num(&uu) != Ordering::Greater {
                let al = (0..D).map(|k| &uu * &m[k] - &mu * &u[k]).collect();
                let be = (0..D).map(|k| &uu * &d[k] - &du * &u[k]).collect();
                out.push(Entry {
                    bh,
                    a: aa,
                    disc,
                    al,
                    be,
                    nden: &uu * &rr,
                });
            }
        }
    }
    out
}

/// Whether the ray meets the capsule for `t` in `[0, max_t]`: the segment
/// from the origin to the ray's end against the capsule's segment.
pub fn hits<const D: usize>(ray: &Ray<D>, c: &Capsule<D>) -> bool {
    let o = r::v(&ray.origin());
    let t = r::q(ray.max_t()) / Q::from_integer(BigInt::one() << 32);
    let end = r::add(&o, &r::scale(&r::v(&ray.dir()), &t));
    let d2 = r::segment_segment(&o, &end, &r::v(&c.a()), &r::v(&c.b()));
    r::within(&d2, &r::q(c.radius()))
}

pub fn inside<const D: usize>(ray: &Ray<D>, c: &Capsule<D>) -> bool {
    let d2 = r::point_segment(&r::v(&ray.origin()), &r::v(&c.a()), &r::v(&c.b()));
    r::within(&d2, &r::q(c.radius()))
}

pub fn fx_of(x: &BigInt) -> Fx {
    Fx::from_bits(i64::try_from(x).expect("in range"))
}
