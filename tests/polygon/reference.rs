//! Exact references for the polygon queries, written independently of the
//! library: the strict convex hull (the generator), point in polygon and
//! segment intersection by orientation tests in `i128`, and the first hit
//! of a ray as a big rational.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

pub type P = [i64; 2];

fn sub(a: P, b: P) -> [i128; 2] {
    [a[0] as i128 - b[0] as i128, a[1] as i128 - b[1] as i128]
}

fn cross(u: [i128; 2], v: [i128; 2]) -> i128 {
    u[0] * v[1] - u[1] * v[0]
}

/// The orientation of `c` relative to the line `a -> b`: > 0 on the left.
pub fn orient(a: P, b: P, c: P) -> i128 {
    cross(sub(b, a), sub(c, a))
}

/// The strict convex hull, counter-clockwise (Andrew's monotone chain,
/// collinear points dropped).
pub fn hull(points: &[P]) -> Vec<P> {
    let mut p = points.to_vec();
    p.sort();
    p.dedup();
    if p.len() < 3 {
        return p;
    }
    let mut h: Vec<P> = Vec::new();
    for pass in 0..2 {
        let start = h.len();
        let iter: Box<dyn Iterator<Item = &P>> = if pass == 0 {
            Box::new(p.iter())
        } else {
            Box::new(p.iter().rev())
        };
        for &q in iter {
            while h.len() >= start + 2 && orient(h[h.len() - 2], h[h.len() - 1], q) <= 0 {
                h.pop();
            }
            h.push(q);
        }
        h.pop();
    }
    h
}

/// A point with big-integer coordinates (any common scale).
pub type BP = [BigInt; 2];

pub fn big(p: P) -> BP {
    p.map(BigInt::from)
}

fn orient_b(a: &BP, b: &BP, c: &BP) -> BigInt {
    (&b[0] - &a[0]) * (&c[1] - &a[1]) - (&b[1] - &a[1]) * (&c[0] - &a[0])
}

fn sign(x: &BigInt) -> i8 {
    if x.is_negative() {
        -1
    } else if x.is_zero() {
        0
    } else {
        1
    }
}

/// Whether `q` is in the closed polygon (counter-clockwise, not
/// degenerate).
pub fn contains_b(poly: &[BP], q: &BP) -> bool {
    (0..poly.len()).all(|i| !orient_b(&poly[i], &poly[(i + 1) % poly.len()], q).is_negative())
}

pub fn contains(poly: &[P], q: P) -> bool {
    contains_b(&poly.iter().map(|&p| big(p)).collect::<Vec<_>>(), &big(q))
}

/// `c` on the closed segment `a b`, given the three collinear.
fn within(a: &BP, b: &BP, c: &BP) -> bool {
    (0..2).all(|k| a[k].clone().min(b[k].clone()) <= c[k] && c[k] <= a[k].clone().max(b[k].clone()))
}

/// Whether the closed segments `a b` and `c d` meet.
pub fn segments_meet(a: &BP, b: &BP, c: &BP, d: &BP) -> bool {
    let (o1, o2) = (sign(&orient_b(a, b, c)), sign(&orient_b(a, b, d)));
    let (o3, o4) = (sign(&orient_b(c, d, a)), sign(&orient_b(c, d, b)));
    if o1 * o2 < 0 && o3 * o4 < 0 {
        return true;
    }
    (o1 == 0 && within(a, b, c))
        || (o2 == 0 && within(a, b, d))
        || (o3 == 0 && within(c, d, a))
        || (o4 == 0 && within(c, d, b))
}

fn edges_b(p: &[BP]) -> Vec<(BP, BP)> {
    (0..p.len())
        .map(|i| (p[i].clone(), p[(i + 1) % p.len()].clone()))
        .collect()
}

/// Whether the closed convex polygons overlap: a vertex of one in the
/// other, or two edges meeting.
pub fn overlap_b(a: &[BP], b: &[BP]) -> bool {
    if a.iter().any(|v| contains_b(b, v)) || b.iter().any(|v| contains_b(a, v)) {
        return true;
    }
    let eb = edges_b(b);
    edges_b(a)
        .iter()
        .any(|(p, q)| eb.iter().any(|(r, s)| segments_meet(p, q, r, s)))
}

pub fn overlap(a: &[P], b: &[P]) -> bool {
    let conv = |p: &[P]| p.iter().map(|&v| big(v)).collect::<Vec<_>>();
    overlap_b(&conv(a), &conv(b))
}

/// Whether the closed segment `a b` meets the closed polygon.
pub fn segment_meets(poly: &[BP], a: &BP, b: &BP) -> bool {
    contains_b(poly, a) || edges_b(poly).iter().any(|(p, q)| segments_meet(p, q, a, b))
}

/// The squared distance from `c` to the closed segment `p q`, exact.
pub fn point_segment_d2(c: &BP, p: &BP, q: &BP) -> BigRational {
    let r = |x: &BigInt| BigRational::from_integer(x.clone());
    let e = [&q[0] - &p[0], &q[1] - &p[1]];
    let w = [&c[0] - &p[0], &c[1] - &p[1]];
    let ee = &e[0] * &e[0] + &e[1] * &e[1];
    let t = if ee.is_zero() {
        BigRational::zero()
    } else {
        let t = BigRational::new(&w[0] * &e[0] + &w[1] * &e[1], ee);
        t.clamp(BigRational::zero(), BigRational::from_integer(1.into()))
    };
    let dx = r(&w[0]) - t.clone() * r(&e[0]);
    let dy = r(&w[1]) - t * r(&e[1]);
    dx.clone() * dx + dy.clone() * dy
}

/// The squared distance between two closed segments that do not meet.
pub fn segment_segment_d2(a: &BP, b: &BP, c: &BP, d: &BP) -> BigRational {
    [
        point_segment_d2(a, c, d),
        point_segment_d2(b, c, d),
        point_segment_d2(c, a, b),
        point_segment_d2(d, a, b),
    ]
    .into_iter()
    .min()
    .unwrap()
}

/// Whether the capsule `a b` of radius `r` (raw, same scale) meets the
/// closed polygon; a circle when `a = b`, a segment when `r = 0`.
pub fn capsule_meets(poly: &[BP], a: &BP, b: &BP, r: &BigInt) -> bool {
    if segment_meets(poly, a, b) {
        return true;
    }
    let r2 = BigRational::from_integer(r * r);
    edges_b(poly)
        .iter()
        .any(|(p, q)| segment_segment_d2(a, b, p, q) <= r2)
}

fn q(x: i128) -> BigRational {
    BigRational::from_integer(BigInt::from(x))
}

/// The smallest parameter `t` in `[lo, hi]` (rationals, units of `d`) at
/// which `o + t d` lies on the closed edge `p q`, if any.
fn edge_entry(o: P, d: [i128; 2], p: P, qv: P, hi: &BigRational) -> Option<BigRational> {
    let e = sub(qv, p);
    let w = sub(p, o);
    let den = cross(d, e);
    if den != 0 {
        // o + t d = p + s e: t = (w x e) / (d x e), s = (w x d) / (d x e).
        let t = BigRational::new(BigInt::from(cross(w, e)), BigInt::from(den));
        let s = BigRational::new(BigInt::from(cross(w, d)), BigInt::from(den));
        let ok = !t.is_negative() && &t <= hi && !s.is_negative() && s <= q(1);
        return ok.then_some(t);
    }
    if cross(w, d) != 0 {
        return None; // parallel, off the line
    }
    // On the edge's line: the parameters of p and q.
    let dd = d[0] * d[0] + d[1] * d[1];
    let at = |v: P| {
        let r = sub(v, o);
        BigRational::new(BigInt::from(r[0] * d[0] + r[1] * d[1]), BigInt::from(dd))
    };
    let (a, b) = (at(p), at(qv));
    let (lo_e, hi_e) = if a <= b { (a, b) } else { (b, a) };
    let t = if lo_e.is_negative() {
        BigRational::zero()
    } else {
        lo_e
    };
    (t <= hi_e && &t <= hi).then_some(t)
}

/// The first parameter in `[0, max_t]` at which the ray is in the closed
/// polygon (`0` when the origin is in it), as an exact rational, and the
/// edges holding the entry point.
pub fn ray_entry(o: P, d: P, max_t_raw: i64, poly: &[P]) -> Option<(BigRational, Vec<usize>)> {
    if contains(poly, o) {
        return Some((BigRational::zero(), Vec::new()));
    }
    let d = [d[0] as i128, d[1] as i128];
    let hi = BigRational::new(BigInt::from(max_t_raw), BigInt::from(1u64 << 32));
    let n = poly.len();
    let mut best: Option<BigRational> = None;
    let mut at = Vec::new();
    for i in 0..n {
        if let Some(t) = edge_entry(o, d, poly[i], poly[(i + 1) % n], &hi) {
            match &best {
                Some(b) if *b < t => {}
                Some(b) if *b == t => at.push(i),
                _ => {
                    best = Some(t);
                    at = vec![i];
                }
            }
        }
    }
    best.map(|t| (t, at))
}

/// `floor(x)` of a rational.
pub fn floor(x: &BigRational) -> BigInt {
    x.floor().to_integer()
}

/// Whether `bits = floor(num / sqrt(l))` for `l > 0`, exactly (signs,
/// then squares).
pub fn is_floor_over_root(num: &BigInt, l: &BigInt, bits: &BigInt) -> bool {
    // c sqrt(l) <= num, exactly.
    let le = |c: &BigInt| -> bool {
        match (c.is_negative(), num.is_negative()) {
            (true, false) => true,
            (false, true) => false,
            (false, false) => c * c * l <= num * num,
            (true, true) => c * c * l >= num * num,
        }
    };
    let next = bits + 1;
    le(bits) && !le(&next)
}
