//! Exact references for the capsule and segment queries, written
//! independently of the library: big rationals, no floats, no budgets.
//!
//! Every coordinate is the raw bits of its `Fx` (value times 2^32), so a
//! squared distance is at scale 2^64. Three independent methods:
//!
//! - segment against segment: the closest points of two segments are an
//!   end point against the other segment, or the interior critical point
//!   of the two lines (when it lies in both segments);
//! - segment against an axis-aligned box: the squared distance along the
//!   segment is a convex piecewise quadratic in its parameter, with pieces
//!   between the parameters where a coordinate crosses a box plane; each
//!   piece is minimized on its interval;
//! - anything against a parallelepiped: a box-constrained least squares
//!   problem solved by trying every face with Cramer's rule in big
//!   integers.

#![allow(dead_code)]

use fixed_collide::{Aabb, Fx, Obb, Vector};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

pub type Q = BigRational;
pub type V = Vec<Q>;

pub fn q(x: Fx) -> Q {
    Q::from_integer(BigInt::from(x.to_bits()))
}

pub fn qi(x: i128) -> Q {
    Q::from_integer(BigInt::from(x))
}

pub fn v<const D: usize>(p: &Vector<D>) -> V {
    p.0.iter().map(|c| q(*c)).collect()
}

pub fn sub(a: &[Q], b: &[Q]) -> V {
    a.iter().zip(b).map(|(x, y)| x - y).collect()
}

pub fn add(a: &[Q], b: &[Q]) -> V {
    a.iter().zip(b).map(|(x, y)| x + y).collect()
}

pub fn scale(a: &[Q], s: &Q) -> V {
    a.iter().map(|x| x * s).collect()
}

pub fn dot(a: &[Q], b: &[Q]) -> Q {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn clamp01(t: Q) -> Q {
    if t < Q::zero() {
        Q::zero()
    } else if t > Q::one() {
        Q::one()
    } else {
        t
    }
}

/// Squared distance from `p` to the segment `a b`.
pub fn point_segment(p: &[Q], a: &[Q], b: &[Q]) -> Q {
    let u = sub(b, a);
    let uu = dot(&u, &u);
    let t = if uu.is_zero() {
        Q::zero()
    } else {
        clamp01(dot(&sub(p, a), &u) / &uu)
    };
    let c = add(a, &scale(&u, &t));
    let d = sub(p, &c);
    dot(&d, &d)
}

/// Squared distance between the segments `a0 a1` and `b0 b1`.
pub fn segment_segment(a0: &[Q], a1: &[Q], b0: &[Q], b1: &[Q]) -> Q {
    let mut best = [
        point_segment(a0, b0, b1),
        point_segment(a1, b0, b1),
        point_segment(b0, a0, a1),
        point_segment(b1, a0, a1),
    ]
    .into_iter()
    .min()
    .unwrap();
    let (u, w) = (sub(a1, a0), sub(b1, b0));
    let r = sub(a0, b0);
    let (a, b, c) = (dot(&u, &u), dot(&u, &w), dot(&w, &w));
    let (d, e) = (dot(&u, &r), dot(&w, &r));
    let den = &a * &c - &b * &b;
    if !den.is_zero() {
        // a0 + s u = b0 + t w, least squares.
        let s = (&b * &e - &c * &d) / &den;
        let t = (&a * &e - &b * &d) / &den;
        let inside = |x: &Q| *x >= Q::zero() && *x <= Q::one();
        if inside(&s) && inside(&t) {
            let p = add(a0, &scale(&u, &s));
            let q = add(b0, &scale(&w, &t));
            let g = sub(&p, &q);
            best = best.min(dot(&g, &g));
        }
    }
    best
}

/// Squared distance from the point `p` to the box `[lo, hi]`.
fn point_box(p: &[Q], lo: &[Q], hi: &[Q]) -> Q {
    let mut s = Q::zero();
    for k in 0..p.len() {
        let e = if p[k] < lo[k] {
            &lo[k] - &p[k]
        } else if p[k] > hi[k] {
            &p[k] - &hi[k]
        } else {
            Q::zero()
        };
        s += &e * &e;
    }
    s
}

/// Squared distance from the segment `a b` to the box `[lo, hi]`: the
/// piecewise quadratic along the segment, minimized piece by piece.
pub fn segment_box(a: &[Q], b: &[Q], lo: &[Q], hi: &[Q]) -> Q {
    let u = sub(b, a);
    let mut cuts = vec![Q::zero(), Q::one()];
    for k in 0..a.len() {
        if u[k].is_zero() {
            continue;
        }
        for plane in [&lo[k], &hi[k]] {
            let t = (plane - &a[k]) / &u[k];
            if t > Q::zero() && t < Q::one() {
                cuts.push(t);
            }
        }
    }
    cuts.sort();
    cuts.dedup();
    let at = |t: &Q| point_box(&add(a, &scale(&u, t)), lo, hi);
    let mut best = cuts.iter().map(at).min().unwrap();
    for win in cuts.windows(2) {
        // On the open piece each axis is below, inside or above its slab
        // throughout; the midpoint tells which.
        let mid = (&win[0] + &win[1]) / Q::from_integer(2.into());
        let p = add(a, &scale(&u, &mid));
        // f(t) = sum over outside axes of (a_k + t u_k - plane_k)^2.
        let (mut qa, mut qb) = (Q::zero(), Q::zero());
        for k in 0..a.len() {
            let plane = if p[k] < lo[k] {
                &lo[k]
            } else if p[k] > hi[k] {
                &hi[k]
            } else {
                continue;
            };
            let c = &a[k] - plane;
            qa += &u[k] * &u[k];
            qb += &c * &u[k];
        }
        if qa.is_zero() {
            continue;
        }
        let t = -qb / qa;
        if t > win[0] && t < win[1] {
            best = best.min(at(&t));
        }
    }
    best
}

/// A box-constrained least squares problem: `min |w + sum_j x_j m_j|^2`
/// over `lo_j <= x_j <= hi_j`, with integer `w` and columns (raw bits)
/// and bounds whose denominators divide 2^32.
#[derive(Clone, Debug, Default)]
pub struct Qp {
    pub w: Vec<BigInt>,
    pub cols: Vec<(Vec<BigInt>, Q, Q)>,
}

fn int(x: &Q) -> BigInt {
    assert!(x.is_integer());
    x.to_integer()
}

impl Qp {
    pub fn new(d: usize) -> Self {
        Qp {
            w: vec![BigInt::zero(); d],
            cols: vec![],
        }
    }

    pub fn point(&mut self, p: &[Q], sign: i32) {
        for (w, c) in self.w.iter_mut().zip(p) {
            *w += int(c) * sign;
        }
    }

    pub fn segment(&mut self, a: &[Q], b: &[Q], sign: i32) {
        self.point(a, sign);
        let m = sub(b, a).iter().map(|c| int(c) * sign).collect();
        self.cols.push((m, Q::zero(), Q::one()));
    }

    pub fn obb<const D: usize>(&mut self, o: &Obb<D>, sign: i32) {
        self.point(&v(&o.center()), sign);
        // Axes as given: the point c + sum_i s_i A_i with s_i = h raw / 2^32
        // in value, A_i raw: s_i in [-h / 2^32, h / 2^32].
        let two32 = qi(1 << 32);
        for (ax, h) in o.axes().iter().zip(o.half().0) {
            let m =
                ax.0.iter()
                    .map(|c| BigInt::from(c.to_bits()) * sign)
                    .collect();
            self.cols.push((m, -q(h) / &two32, q(h) / &two32));
        }
    }

    pub fn aabb<const D: usize>(&mut self, b: &Aabb<D>, sign: i32) {
        for k in 0..D {
            let mut m = vec![BigInt::zero(); D];
            m[k] = BigInt::from(sign);
            self.cols.push((m, q(b.min().0[k]), q(b.max().0[k])));
        }
    }

    /// The exact minimum: every face (each variable at a bound or free)
    /// whose free columns are independent, solved by Cramer's rule in big
    /// integers (everything scaled by 2^32 so the bounds are integers).
    pub fn min(&self) -> Q {
        let n = self.cols.len();
        let d = self.w.len();
        let l = BigInt::from(1u64 << 32);
        let lq = Q::from_integer(l.clone());
        let mut best: Option<Q> = None;
        for code in 0..3usize.pow(n as u32) {
            let mut c = code;
            let mut free = vec![];
            // W = 2^32 (w + sum_fixed x_j m_j), an integer.
            let mut big_w: Vec<BigInt> = self.w.iter().map(|x| x * &l).collect();
            for (j, (m, lo, hi)) in self.cols.iter().enumerate() {
                let digit = c % 3;
                c /= 3;
                let x = match digit {
                    0 => lo,
                    1 => hi,
                    _ => {
                        free.push(j);
                        continue;
                    }
                };
                let xl = int(&(x * &lq));
                for (wk, mk) in big_w.iter_mut().zip(m) {
                    *wk += &xl * mk;
                }
            }
            if free.len() > d {
                continue;
            }
            let cols: Vec<&Vec<BigInt>> = free.iter().map(|&j| &self.cols[j].0).collect();
            let dotv = |a: &[BigInt], b: &[BigInt]| -> BigInt {
                a.iter().zip(b).map(|(x, y)| x * y).sum()
            };
            let g: Vec<Vec<BigInt>> = cols
                .iter()
                .map(|a| cols.iter().map(|b| dotv(a, b)).collect())
                .collect();
            let rhs: Vec<BigInt> = cols.iter().map(|a| -dotv(a, &big_w)).collect();
            let dt = det(&g);
            if dt.is_zero() {
                continue;
            }
            // y_i = 2^32 x_i = nums_i / det (det > 0: a Gram determinant).
            let nums: Vec<BigInt> = (0..cols.len())
                .map(|i| {
                    let mut gi = g.clone();
                    for (row, r) in gi.iter_mut().zip(&rhs) {
                        row[i] = r.clone();
                    }
                    det(&gi)
                })
                .collect();
            let ok = free.iter().zip(&nums).all(|(&j, num)| {
                let (_, lo, hi) = &self.cols[j];
                let (lo, hi) = (int(&(lo * &lq)), int(&(hi * &lq)));
                lo * &dt <= *num && *num <= hi * &dt
            });
            if !ok {
                continue;
            }
            // Residual times det * 2^32: W det + sum_i m_i num_i.
            let mut r: Vec<BigInt> = big_w.iter().map(|x| x * &dt).collect();
            for (m, num) in cols.iter().zip(&nums) {
                for (rk, mk) in r.iter_mut().zip(m.iter()) {
                    *rk += mk * num;
                }
            }
            let norm: BigInt = r.iter().map(|x| x * x).sum();
            let val = Q::new(norm, &dt * &dt * &l * &l);
            best = Some(best.map_or(val.clone(), |b| b.min(val)));
        }
        best.expect("the all-at-bounds faces always solve")
    }
}

/// The determinant of a square matrix (Laplace expansion); 1 for 0x0.
pub fn det(m: &[Vec<BigInt>]) -> BigInt {
    match m.len() {
        0 => BigInt::one(),
        1 => m[0][0].clone(),
        n => (0..n)
            .map(|j| {
                let minor: Vec<Vec<BigInt>> = m[1..]
                    .iter()
                    .map(|row| {
                        row.iter()
                            .enumerate()
                            .filter(|(c, _)| *c != j)
                            .map(|(_, x)| x.clone())
                            .collect()
                    })
                    .collect();
                let t = &m[0][j] * det(&minor);
                if j % 2 == 0 { t } else { -t }
            })
            .sum(),
    }
}

/// Whether a squared distance (scale 2^64) is within the radius `r` (raw).
pub fn within(d2: &Q, r: &Q) -> bool {
    *d2 <= r * r
}

/// `floor(sqrt(x))` of a non-negative rational.
pub fn floor_sqrt(x: &Q) -> BigInt {
    num_integer::Roots::sqrt(&x.floor().to_integer())
}

pub fn is_neg(x: &Q) -> bool {
    x.is_negative()
}

/// Adds a shape's core to `qp` (with `sign`) and returns its radius.
pub fn core<const D: usize>(qp: &mut Qp, s: &fixed_collide::Shape<D>, sign: i32) -> Q
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    use fixed_collide::Shape;
    match s {
        Shape::Aabb(b) => {
            qp.aabb(b, sign);
            Q::zero()
        }
        Shape::Obb(b) => {
            qp.obb(b, sign);
            Q::zero()
        }
        Shape::Sphere(b) => {
            qp.point(&v(&b.center()), sign);
            q(b.radius())
        }
        Shape::Segment(g) => {
            qp.segment(&v(&g.a()), &v(&g.b()), sign);
            Q::zero()
        }
        Shape::Capsule(c) => {
            qp.segment(&v(&c.a()), &v(&c.b()), sign);
            q(c.radius())
        }
        _ => unreachable!("a shape the tests do not know"),
    }
}

/// The exact closed overlap of any two shapes, by the least squares
/// reference (slow for two boxes: up to 729 faces).
pub fn shapes_overlap<const D: usize>(
    a: &fixed_collide::Shape<D>,
    b: &fixed_collide::Shape<D>,
) -> bool
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let mut qp = Qp::new(D);
    let ra = core(&mut qp, a, 1);
    let rb = core(&mut qp, b, -1);
    within(&qp.min(), &(ra + rb))
}
