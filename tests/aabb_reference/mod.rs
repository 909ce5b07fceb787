//! An exact reference for the axis-aligned queries, written from their
//! definitions (each stated on its function below: closed overlap counts
//! touching, open overlap is strict penetration; the sweep is the interval of
//! open overlap within `[0, 1]`, the sweep pair that of closed overlap; rays
//! and spheres meet the closed box) and independently of the library code:
//! no shared helpers, and the continuous queries are decided by a different
//! method (sampling the candidate times, see [`sweep`]).
//!
//! Every quantity is an integer on raw bits (value * 2^32) in `i128`, and times
//! are exact fractions of such integers ([`Rat`]). Every product and sum goes
//! through a checked operation that panics on overflow, so the reference is
//! either exact or fails loudly; it never rounds. No floats anywhere.
#![allow(dead_code)]

use fixed_collide::{Aabb, Ball, Fx, Ray, Vector};
use std::cmp::Ordering;

/// Raw bits of one unit.
pub const ONE: i64 = 1 << 32;
/// Raw bits of one half.
pub const HALF: i64 = 1 << 31;
/// Raw bits of the domain bound 2^20.
pub const DOM: i64 = 1 << 52;

/// The raw bits of `x`, widened.
pub fn raw(x: Fx) -> i128 {
    i128::from(x.to_bits())
}

/// The scalar with the given raw bits; panics when they do not fit.
pub fn fx(bits: i128) -> Fx {
    Fx::from_bits(i64::try_from(bits).expect("reference: value out of Fx range"))
}

fn mul(a: i128, b: i128) -> i128 {
    a.checked_mul(b)
        .expect("reference: i128 overflow in a product")
}

fn add(a: i128, b: i128) -> i128 {
    a.checked_add(b).expect("reference: i128 overflow in a sum")
}

fn sub(a: i128, b: i128) -> i128 {
    a.checked_sub(b)
        .expect("reference: i128 overflow in a difference")
}

/// An exact fraction `n / d` with `d > 0`, not normalised.
#[derive(Clone, Copy, Debug)]
pub struct Rat {
    pub n: i128,
    pub d: i128,
}

impl Rat {
    pub const ZERO: Rat = Rat { n: 0, d: 1 };
    pub const ONE: Rat = Rat { n: 1, d: 1 };

    /// `n / d` for any non-zero `d`.
    pub fn new(n: i128, d: i128) -> Rat {
        assert!(d != 0, "reference: zero denominator");
        if d < 0 {
            Rat {
                n: sub(0, n),
                d: sub(0, d),
            }
        } else {
            Rat { n, d }
        }
    }

    /// The value of a scalar as a fraction of its raw bits over 2^32.
    pub fn of_fx(x: Fx) -> Rat {
        Rat::new(raw(x), i128::from(ONE))
    }

    /// A number strictly between `self` and `other` when they differ (the
    /// mediant `(n1 + n2) / (d1 + d2)`).
    pub fn mediant(&self, other: &Rat) -> Rat {
        Rat::new(add(self.n, other.n), add(self.d, other.d))
    }

    /// `self * k` compared with the integer `m`: the sign of `self * k - m`.
    /// Used for "a coordinate at time t against a face plane".
    pub fn times_cmp(&self, k: i128, m: i128) -> Ordering {
        mul(self.n, k).cmp(&mul(m, self.d))
    }

    /// The largest scalar `<= self` (floor at 2^-32).
    pub fn floor_fx(&self) -> Fx {
        fx(mul(self.n, i128::from(ONE)).div_euclid(self.d))
    }

    /// The smallest scalar `>= self` (ceiling at 2^-32).
    pub fn ceil_fx(&self) -> Fx {
        fx(sub(
            0,
            sub(0, mul(self.n, i128::from(ONE))).div_euclid(self.d),
        ))
    }

    /// Whether the value is a multiple of 2^-32 (a scalar represents it).
    pub fn is_fx(&self) -> bool {
        mul(self.n, i128::from(ONE)) % self.d == 0
    }
}

impl PartialEq for Rat {
    fn eq(&self, other: &Rat) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Rat {}

impl PartialOrd for Rat {
    fn partial_cmp(&self, other: &Rat) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Rat {
    fn cmp(&self, other: &Rat) -> Ordering {
        mul(self.n, other.d).cmp(&mul(other.n, self.d))
    }
}

impl std::fmt::Display for Rat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.n, self.d)
    }
}

/// A box on raw bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RBox<const D: usize> {
    pub min: [i128; D],
    pub max: [i128; D],
}

impl<const D: usize> RBox<D> {
    pub fn of(b: &Aabb<D>) -> Self {
        RBox {
            min: b.min().0.map(raw),
            max: b.max().0.map(raw),
        }
    }
}

/// Raw bits of a vector.
pub fn rvec<const D: usize>(v: &Vector<D>) -> [i128; D] {
    v.0.map(raw)
}

/// A vector from raw bits.
pub fn vec_of<const D: usize>(v: [i128; D]) -> Vector<D> {
    Vector(v.map(fx))
}

/// A unit normal along `axis`, outward on the positive side when `positive`.
pub fn unit<const D: usize>(axis: usize, positive: bool) -> Vector<D> {
    let mut v = [Fx::ZERO; D];
    v[axis] = if positive { Fx::ONE } else { -Fx::ONE };
    Vector(v)
}

// ---------------------------------------------------------------- overlap --

/// Closed overlap in the centre / half-size form of seed 000, with `<=`
/// (touching counts). Doubling both sides keeps it on integers:
/// `|(bmin + bmax) - (amin + amax)| <= (amax - amin) + (bmax - bmin)`.
pub fn overlap_closed<const D: usize>(a: &RBox<D>, b: &RBox<D>) -> bool {
    (0..D).all(|i| {
        let centre_gap = ((b.min[i] + b.max[i]) - (a.min[i] + a.max[i])).abs();
        let sizes = (a.max[i] - a.min[i]) + (b.max[i] - b.min[i]);
        centre_gap <= sizes
    })
}

/// Open overlap: the relative position strictly inside the Minkowski sum,
/// the same centre form with `<`.
pub fn overlap_open<const D: usize>(a: &RBox<D>, b: &RBox<D>) -> bool {
    (0..D).all(|i| {
        let centre_gap = ((b.min[i] + b.max[i]) - (a.min[i] + a.max[i])).abs();
        let sizes = (a.max[i] - a.min[i]) + (b.max[i] - b.min[i]);
        centre_gap < sizes
    })
}

/// The closed intersection box (seed 001), `None` when some axis is empty.
pub fn intersection<const D: usize>(a: &RBox<D>, b: &RBox<D>) -> Option<RBox<D>> {
    let mut r = RBox {
        min: [0; D],
        max: [0; D],
    };
    for i in 0..D {
        r.min[i] = if a.min[i] >= b.min[i] {
            a.min[i]
        } else {
            b.min[i]
        };
        r.max[i] = if a.max[i] <= b.max[i] {
            a.max[i]
        } else {
            b.max[i]
        };
        if r.min[i] > r.max[i] {
            return None;
        }
    }
    Some(r)
}

// ---------------------------------------------------------------- contact --

/// The expected contact: face `axis`/`positive` of `a`, exact depth, and the
/// floor midpoint of the intersection box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContactRef<const D: usize> {
    pub axis: usize,
    pub positive: bool,
    pub depth: i128,
    pub point: [i128; D],
}

/// Seed 000's six distances, in the order -x, +x, -y, +y, -z, +z; the smallest
/// wins and the earliest in that order wins a tie.
pub fn contact<const D: usize>(a: &RBox<D>, b: &RBox<D>) -> Option<ContactRef<D>> {
    if !overlap_closed(a, b) {
        return None;
    }
    // (distance, rank in the tie order, axis, positive)
    let mut faces = Vec::with_capacity(2 * D);
    for axis in 0..D {
        faces.push((b.max[axis] - a.min[axis], 2 * axis, axis, false));
        faces.push((a.max[axis] - b.min[axis], 2 * axis + 1, axis, true));
    }
    let &(depth, _, axis, positive) = faces
        .iter()
        .min_by_key(|(dist, rank, _, _)| (*dist, *rank))
        .expect("D > 0");
    let inter = intersection(a, b).expect("closed overlap has an intersection");
    let point = std::array::from_fn(|i| (inter.min[i] + inter.max[i]).div_euclid(2));
    Some(ContactRef {
        axis,
        positive,
        depth,
        point,
    })
}

// ------------------------------------------------------------------ sweep --

/// The expected answer of the moving-vs-stationary sweep.
#[derive(Clone, Copy, Debug)]
pub struct SweepRef {
    /// Exact infimum of the penetration times in [0, 1].
    pub enter: Rat,
    /// Exact supremum of the penetration times in [0, 1].
    pub exit: Rat,
    /// Penetrating at t = 0.
    pub overlapping: bool,
    /// The stationary face hit: axis and whether its outward normal is +.
    pub normal: Option<(usize, bool)>,
}

/// The moving box `m` displaced by `t * d` penetrates (open overlap) `s`:
/// per axis `s.min < m.max + t d` and `m.min + t d < s.max`.
pub fn sweep_open_at<const D: usize>(s: &RBox<D>, m: &RBox<D>, d: &[i128; D], t: &Rat) -> bool {
    (0..D).all(|i| {
        // m.max + t d > s.min  <=>  t d > s.min - m.max
        let after_min = t.times_cmp(d[i], sub(s.min[i], m.max[i])) == Ordering::Greater;
        // m.min + t d < s.max  <=>  t d < s.max - m.min
        let before_max = t.times_cmp(d[i], sub(s.max[i], m.min[i])) == Ordering::Less;
        after_min && before_max
    })
}

/// Closed overlap of `m` displaced by `t * d` with `s` (touching counts).
pub fn sweep_closed_at<const D: usize>(s: &RBox<D>, m: &RBox<D>, d: &[i128; D], t: &Rat) -> bool {
    (0..D).all(|i| {
        t.times_cmp(d[i], sub(s.min[i], m.max[i])) != Ordering::Less
            && t.times_cmp(d[i], sub(s.max[i], m.min[i])) != Ordering::Greater
    })
}

/// Sorted distinct times of `[0, 1]` at which some face of the moving box
/// crosses the plane of a stationary face, plus 0 and 1.
fn critical_times(planes: impl Iterator<Item = Rat>, hi: Rat) -> Vec<Rat> {
    let mut c: Vec<Rat> = vec![Rat::ZERO, hi];
    c.extend(planes.filter(|t| *t >= Rat::ZERO && *t <= hi));
    c.sort();
    c.dedup();
    c
}

/// The time-of-impact sweep, decided without per-axis interval algebra: the
/// set `S` of times in `[0, 1]` where the boxes penetrate is an open interval
/// clipped to `[0, 1]` whose ends are critical times (0, 1, or a time where a
/// face of `m` reaches a face plane of `s`). Between two consecutive critical
/// times the penetration predicate is constant, so testing one time strictly
/// inside each gap (the mediant) finds `S` exactly: it is non-empty iff some
/// gap is inside it, and its ends are the first and last such gaps' ends.
pub fn sweep<const D: usize>(s: &RBox<D>, m: &RBox<D>, d: &[i128; D]) -> Option<SweepRef> {
    let planes = (0..D).filter(|&i| d[i] != 0).flat_map(|i| {
        [
            // m.max reaches s.min, and m.min reaches s.max.
            Rat::new(sub(s.min[i], m.max[i]), d[i]),
            Rat::new(sub(s.max[i], m.min[i]), d[i]),
        ]
    });
    let c = critical_times(planes, Rat::ONE);
    let inside: Vec<usize> = (0..c.len() - 1)
        .filter(|&k| sweep_open_at(s, m, d, &c[k].mediant(&c[k + 1])))
        .collect();
    let (&first, &last) = (inside.first()?, inside.last()?);
    // Self-check: S is an interval, so the gaps inside it are contiguous.
    assert_eq!(last - first + 1, inside.len(), "reference: S not convex");
    let enter = c[first];
    let exit = c[last + 1];
    let overlapping = sweep_open_at(s, m, d, &Rat::ZERO);
    let normal = if overlapping {
        None
    } else {
        // At the entry time, the faces that are in contact and pressing into
        // the stationary box; the first axis in x, y, z order.
        let face = (0..D).find(|&i| {
            (d[i] > 0 && enter.times_cmp(d[i], sub(s.min[i], m.max[i])) == Ordering::Equal)
                || (d[i] < 0 && enter.times_cmp(d[i], sub(s.max[i], m.min[i])) == Ordering::Equal)
        });
        let i = face.expect("reference: an entry without an entering face");
        Some((i, d[i] < 0))
    };
    Some(SweepRef {
        enter,
        exit,
        overlapping,
        normal,
    })
}

// ------------------------------------------------------------- sweep pair --

/// Box `a` displaced by `t * va` and `b` displaced by `t * vb` overlap as
/// closed sets (each box moved on its own, no relative frame).
pub fn pair_closed_at<const D: usize>(
    a: &RBox<D>,
    va: &[i128; D],
    b: &RBox<D>,
    vb: &[i128; D],
    t: &Rat,
) -> bool {
    (0..D).all(|i| {
        let v = sub(va[i], vb[i]);
        // a.min + t va <= b.max + t vb  <=>  t (va - vb) <= b.max - a.min
        let below = t.times_cmp(v, sub(b.max[i], a.min[i])) != Ordering::Greater;
        // b.min + t vb <= a.max + t va  <=>  t (va - vb) >= b.min - a.max
        let above = t.times_cmp(v, sub(b.min[i], a.max[i])) != Ordering::Less;
        below && above
    })
}

/// Times in `[0, 1]` of closed overlap of two moving boxes: a closed
/// interval whose ends are critical times, so its first and last members
/// among the critical times are its ends.
pub fn sweep_pair<const D: usize>(
    a: &RBox<D>,
    va: &[i128; D],
    b: &RBox<D>,
    vb: &[i128; D],
) -> Option<(Rat, Rat)> {
    let planes = (0..D).filter(|&i| va[i] != vb[i]).flat_map(|i| {
        let v = sub(va[i], vb[i]);
        [
            // a.min meets b.max, and a.max meets b.min.
            Rat::new(sub(b.max[i], a.min[i]), v),
            Rat::new(sub(b.min[i], a.max[i]), v),
        ]
    });
    let c = critical_times(planes, Rat::ONE);
    let members: Vec<&Rat> = c
        .iter()
        .filter(|t| pair_closed_at(a, va, b, vb, t))
        .collect();
    Some((**members.first()?, **members.last()?))
}

// -------------------------------------------------------------------- ray --

/// The expected ray hit.
#[derive(Clone, Copy, Debug)]
pub struct RayRef<const D: usize> {
    /// Exact parameter of the first point in the box.
    pub t: Rat,
    /// The origin is in the closed box.
    pub inside: bool,
    /// The face entered at `t` (first axis in x, y, z order); `None` inside.
    pub normal: Option<(usize, bool)>,
}

/// The point `o + t dir` lies in the closed box.
pub fn ray_in_box_at<const D: usize>(o: &[i128; D], dir: &[i128; D], b: &RBox<D>, t: &Rat) -> bool {
    (0..D).all(|i| {
        t.times_cmp(dir[i], sub(b.min[i], o[i])) != Ordering::Less
            && t.times_cmp(dir[i], sub(b.max[i], o[i])) != Ordering::Greater
    })
}

/// Exact coordinate `o + t dir` on one axis, as a fraction of raw bits.
pub fn ray_coord(o: i128, dir: i128, t: &Rat) -> Rat {
    Rat::new(add(mul(o, t.d), mul(t.n, dir)), t.d)
}

/// The first `t` in `[0, max_t]` with the ray point in the closed box: the
/// set of such `t` is a closed interval whose ends are critical times (0,
/// max_t, or a face plane crossing), so its first critical member is the hit.
pub fn ray<const D: usize>(
    o: &[i128; D],
    dir: &[i128; D],
    max_t: Fx,
    b: &RBox<D>,
) -> Option<RayRef<D>> {
    let planes = (0..D).filter(|&i| dir[i] != 0).flat_map(|i| {
        [
            Rat::new(sub(b.min[i], o[i]), dir[i]),
            Rat::new(sub(b.max[i], o[i]), dir[i]),
        ]
    });
    let c = critical_times(planes, Rat::of_fx(max_t));
    let t = *c.iter().find(|t| ray_in_box_at(o, dir, b, t))?;
    let inside = t == Rat::ZERO;
    let normal = if inside {
        None
    } else {
        // The point lies on the face plane it is crossing into the box.
        let face = (0..D).find(|&i| {
            (dir[i] > 0 && t.times_cmp(dir[i], sub(b.min[i], o[i])) == Ordering::Equal)
                || (dir[i] < 0 && t.times_cmp(dir[i], sub(b.max[i], o[i])) == Ordering::Equal)
        });
        let i = face.expect("reference: a ray entry without an entered face");
        Some((i, dir[i] < 0))
    };
    Some(RayRef { t, inside, normal })
}

// ----------------------------------------------------------------- sphere --

/// The point of the closed box closest to `c`, when it is within `r` of `c`
/// (touching counts); distances compared squared, in raw bits squared.
pub fn sphere<const D: usize>(c: &[i128; D], r: i128, b: &RBox<D>) -> Option<[i128; D]> {
    let mut p = [0i128; D];
    let mut dist2 = 0i128;
    for i in 0..D {
        p[i] = if c[i] < b.min[i] {
            b.min[i]
        } else if c[i] > b.max[i] {
            b.max[i]
        } else {
            c[i]
        };
        dist2 = add(dist2, mul(c[i] - p[i], c[i] - p[i]));
    }
    (dist2 <= mul(r, r)).then_some(p)
}

/// Helpers to build library shapes from raw bits (panicking on invalid input:
/// the generators only make valid ones).
pub fn aabb<const D: usize>(min: [i128; D], max: [i128; D]) -> Aabb<D> {
    Aabb::try_new(vec_of(min), vec_of(max)).expect("valid box")
}

pub fn rbox_aabb<const D: usize>(b: &RBox<D>) -> Aabb<D> {
    aabb(b.min, b.max)
}

pub fn ray_of<const D: usize>(o: [i128; D], dir: [i128; D], max_t: Fx) -> Ray<D> {
    Ray::try_new(vec_of(o), vec_of(dir), max_t).expect("valid ray")
}

pub fn ball_of<const D: usize>(c: [i128; D], r: i128) -> Ball<D> {
    Ball::try_new(vec_of(c), fx(r)).expect("valid ball")
}
