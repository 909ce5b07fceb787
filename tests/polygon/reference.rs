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

/// Whether `q` is in the closed polygon.
pub fn contains(poly: &[P], q: P) -> bool {
    (0..poly.len()).all(|i| orient(poly[i], poly[(i + 1) % poly.len()], q) >= 0)
}

/// `c` on the closed segment `a b`, given the three collinear.
fn within(a: P, b: P, c: P) -> bool {
    (0..2).all(|k| a[k].min(b[k]) <= c[k] && c[k] <= a[k].max(b[k]))
}

/// Whether the closed segments `a b` and `c d` meet.
pub fn segments_meet(a: P, b: P, c: P, d: P) -> bool {
    let (o1, o2) = (orient(a, b, c).signum(), orient(a, b, d).signum());
    let (o3, o4) = (orient(c, d, a).signum(), orient(c, d, b).signum());
    if o1 * o2 < 0 && o3 * o4 < 0 {
        return true;
    }
    (o1 == 0 && within(a, b, c))
        || (o2 == 0 && within(a, b, d))
        || (o3 == 0 && within(c, d, a))
        || (o4 == 0 && within(c, d, b))
}

/// Whether the closed polygons overlap: a vertex of one in the other, or
/// two edges meeting.
pub fn overlap(a: &[P], b: &[P]) -> bool {
    if a.iter().any(|&v| contains(b, v)) || b.iter().any(|&v| contains(a, v)) {
        return true;
    }
    let edges =
        |p: &[P]| -> Vec<(P, P)> { (0..p.len()).map(|i| (p[i], p[(i + 1) % p.len()])).collect() };
    edges(a)
        .iter()
        .any(|&(p, q)| edges(b).iter().any(|&(r, s)| segments_meet(p, q, r, s)))
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
