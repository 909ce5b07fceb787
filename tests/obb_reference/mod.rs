//! Exact references for the oriented-box queries, written independently of
//! the library (big integers and rationals, no floats, no `i128` budgets).
//!
//! Every quantity is held as the raw bits of the `Fx` it came from (value
//! times 2^32), as a `BigInt`; formulas keep track of their scale. A box is
//! the parallelepiped `{ c + sum_i s_i A_i : |s_i| <= h_i }` of its axes as
//! given.

#![allow(dead_code)]

use fixed_collide::{Fx, Obb, Vector};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

pub fn bi(x: Fx) -> BigInt {
    BigInt::from(x.to_bits())
}

pub fn bv<const D: usize>(v: &Vector<D>) -> Vec<BigInt> {
    v.0.iter().map(|c| bi(*c)).collect()
}

fn pow2(n: u32) -> BigInt {
    BigInt::from(1) << n
}

pub fn dot(a: &[BigInt], b: &[BigInt]) -> BigInt {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

pub fn cross(a: &[BigInt], b: &[BigInt]) -> Vec<BigInt> {
    vec![
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}

pub fn perp(a: &[BigInt]) -> Vec<BigInt> {
    vec![-&a[1], a[0].clone()]
}

fn sub(a: &[BigInt], b: &[BigInt]) -> Vec<BigInt> {
    a.iter().zip(b).map(|(x, y)| x - y).collect()
}

/// A box as raw-bit big integers.
#[derive(Clone, Debug)]
pub struct RefBox {
    pub c: Vec<BigInt>,
    pub h: Vec<BigInt>,
    pub axes: Vec<Vec<BigInt>>,
}

impl RefBox {
    pub fn of<const D: usize>(b: &Obb<D>) -> Self {
        RefBox {
            c: bv(&b.center()),
            h: bv(&b.half()),
            axes: b.axes().iter().map(bv).collect(),
        }
    }

    /// The same box with every half-size grown by `by`.
    pub fn grown(&self, by: Fx) -> Self {
        let mut g = self.clone();
        for h in &mut g.h {
            *h += bi(by);
        }
        g
    }

    pub fn dim(&self) -> usize {
        self.c.len()
    }

    /// The face normal of the faces `s_i = +-h_i`: `A_j x A_k` (3D) or
    /// `perp(A_{1-i})` (2D). Exactly perpendicular to the other axes.
    pub fn face_normal(&self, i: usize) -> Vec<BigInt> {
        if self.dim() == 3 {
            cross(&self.axes[(i + 1) % 3], &self.axes[(i + 2) % 3])
        } else {
            perp(&self.axes[1 - i])
        }
    }
}

// ---------------------------------------------------------------- overlap

/// The candidate separating directions: 3D the face normals `A_j x A_k`,
/// `B_j x B_k` and the edge crosses `A_i x B_j`; 2D the four face normals.
pub fn candidate_axes(a: &RefBox, b: &RefBox) -> Vec<Vec<BigInt>> {
    let d = a.dim();
    let mut out: Vec<Vec<BigInt>> = (0..d).map(|i| a.face_normal(i)).collect();
    out.extend((0..d).map(|i| b.face_normal(i)));
    if d == 3 {
        for ai in &a.axes {
            for bj in &b.axes {
                out.push(cross(ai, bj));
            }
        }
    }
    out
}

/// Along `l`: `|T.L| * 2^32` and the sum of the projection radii, at one
/// common scale (half-sizes and axes each carry 2^32, `T` carries 2^32).
pub fn gap_along(a: &RefBox, b: &RefBox, l: &[BigInt]) -> (BigInt, BigInt) {
    let t = sub(&b.c, &a.c);
    let tl = dot(&t, l).abs() << 32;
    let mut r = BigInt::zero();
    for bx in [a, b] {
        for (h, ax) in bx.h.iter().zip(&bx.axes) {
            r += h * dot(ax, l).abs();
        }
    }
    (tl, r)
}

/// Exact separating-axis answer for the two parallelepipeds (closed).
pub fn sat_overlap(a: &RefBox, b: &RefBox) -> bool {
    candidate_axes(a, b).iter().all(|l| {
        if l.iter().all(|x| x.is_zero()) {
            return true;
        }
        let (tl, r) = gap_along(a, b, l);
        tl <= r
    })
}

fn det2(m: &[Vec<BigInt>]) -> BigInt {
    &m[0][0] * &m[1][1] - &m[0][1] * &m[1][0]
}

fn det3(m: &[Vec<BigInt>]) -> BigInt {
    &m[0][0] * (&m[1][1] * &m[2][2] - &m[1][2] * &m[2][1])
        - &m[0][1] * (&m[1][0] * &m[2][2] - &m[1][2] * &m[2][0])
        + &m[0][2] * (&m[1][0] * &m[2][1] - &m[1][1] * &m[2][0])
}

pub fn det(m: &[Vec<BigInt>]) -> BigInt {
    match m.len() {
        0 => BigInt::from(1),
        1 => m[0][0].clone(),
        2 => det2(m),
        _ => det3(m),
    }
}

/// Solves `m x = rhs` by Cramer's rule: returns the numerators `det(m_i)`;
/// `x_i = num_i / det(m)`.
pub fn cramer(m: &[Vec<BigInt>], rhs: &[BigInt]) -> Vec<BigInt> {
    let n = m.len();
    (0..n)
        .map(|col| {
            let mi: Vec<Vec<BigInt>> = (0..n)
                .map(|r| {
                    (0..n)
                        .map(|c| {
                            if c == col {
                                rhs[r].clone()
                            } else {
                                m[r][c].clone()
                            }
                        })
                        .collect()
                })
                .collect();
            det(&mi)
        })
        .collect()
}

/// The adjugate of a 2x2 or 3x3 matrix: `adj(m) m = det(m) I`.
pub fn adjugate(m: &[Vec<BigInt>]) -> Vec<Vec<BigInt>> {
    let n = m.len();
    if n == 2 {
        return vec![
            vec![m[1][1].clone(), -&m[0][1]],
            vec![-&m[1][0], m[0][0].clone()],
        ];
    }
    // adj[i][j] = cofactor C_ji = (-1)^(i+j) minor(j, i).
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let rows: Vec<usize> = (0..n).filter(|&r| r != j).collect();
                    let cols: Vec<usize> = (0..n).filter(|&c| c != i).collect();
                    let minor = &m[rows[0]][cols[0]] * &m[rows[1]][cols[1]]
                        - &m[rows[0]][cols[1]] * &m[rows[1]][cols[0]];
                    if (i + j) % 2 == 0 { minor } else { -minor }
                })
                .collect()
        })
        .collect()
}

/// An independent overlap reference: the linear program "find `s`, `s'`
/// within the half-sizes with `c_a + A s = c_b + B s'`" decided by
/// enumerating its basic solutions (a non-empty bounded polytope has a
/// vertex, and every vertex has `D` basic variables, the others at a
/// bound).
pub fn lp_overlap(a: &RefBox, b: &RefBox) -> bool {
    let d = a.dim();
    // Columns: A_i (variables s_i) then -B_j (variables s'_j); bounds h.
    let mut cols: Vec<Vec<BigInt>> = a.axes.clone();
    cols.extend(b.axes.iter().map(|v| v.iter().map(|x| -x).collect()));
    let bounds: Vec<BigInt> = a.h.iter().chain(&b.h).cloned().collect();
    // K x = T with raw columns (2^32) and raw x (2^32): rhs T * 2^32.
    let t: Vec<BigInt> = sub(&b.c, &a.c).into_iter().map(|x| x << 32).collect();
    let n = 2 * d;
    for mask in 0u32..(1 << n) {
        if mask.count_ones() as usize != d {
            continue;
        }
        let basic: Vec<usize> = (0..n).filter(|i| mask >> i & 1 == 1).collect();
        let nonbasic: Vec<usize> = (0..n).filter(|i| mask >> i & 1 == 0).collect();
        let m: Vec<Vec<BigInt>> = (0..d)
            .map(|r| basic.iter().map(|&c| cols[c][r].clone()).collect())
            .collect();
        let dm = det(&m);
        if dm.is_zero() {
            continue;
        }
        // x_B = adj(m) rhs / det(m): the adjugate once per basis.
        let adj = adjugate(&m);
        for signs in 0u32..(1 << nonbasic.len()) {
            let mut rhs = t.clone();
            for (k, &j) in nonbasic.iter().enumerate() {
                let xj = if signs >> k & 1 == 1 {
                    bounds[j].clone()
                } else {
                    -bounds[j].clone()
                };
                for (r, rr) in rhs.iter_mut().enumerate() {
                    *rr -= &cols[j][r] * &xj;
                }
            }
            let nums: Vec<BigInt> = adj.iter().map(|row| dot(row, &rhs)).collect();
            if nums
                .iter()
                .zip(&basic)
                .all(|(num, &j)| num.abs() <= &bounds[j] * dm.abs())
            {
                return true;
            }
        }
    }
    false
}

// ----------------------------------------------------------------- sphere

/// The exact closest point of a box to `p`.
#[derive(Clone, Debug)]
pub struct Closest {
    /// Squared distance, in value units.
    pub dist2: BigRational,
    /// The closest point, in raw units (value times 2^32), per coordinate.
    pub point: Vec<BigRational>,
}

/// Exact squared distance from `p` (raw bits) to the parallelepiped, and
/// the closest point: the convex quadratic program over `s` solved by
/// enumerating active sets (each `s_i` at `-h_i`, `+h_i` or free; free ones
/// from the normal equations, in exact integers by Cramer's rule), keeping
/// the feasible candidate of least distance.
pub fn closest(p: &[BigInt], bx: &RefBox) -> Closest {
    let d = bx.dim();
    let dv = sub(p, &bx.c); // raw
    // Gram matrix, scale 2^64.
    let g: Vec<Vec<BigInt>> = (0..d)
        .map(|i| (0..d).map(|j| dot(&bx.axes[i], &bx.axes[j])).collect())
        .collect();
    let ad: Vec<BigInt> = (0..d).map(|i| dot(&bx.axes[i], &dv) << 32).collect(); // 2^96
    let mut best: Option<(BigInt, BigInt, Vec<BigInt>, BigInt)> = None; // |R|^2, den^2, R, den
    let states = 3usize.pow(d as u32);
    for code in 0..states {
        // state: 0 free, 1 at -h, 2 at +h.
        let st: Vec<usize> = (0..d).map(|i| code / 3usize.pow(i as u32) % 3).collect();
        let free: Vec<usize> = (0..d).filter(|&i| st[i] == 0).collect();
        let fixed_s = |i: usize| -> BigInt {
            if st[i] == 1 {
                -bx.h[i].clone()
            } else {
                bx.h[i].clone()
            }
        };
        // Normal equations for the free variables (raw s, scale 2^32):
        // sum_{j in F} G_ij s_j = 2^32 A_i.d - sum_{j fixed} G_ij s_j.
        let m: Vec<Vec<BigInt>> = free
            .iter()
            .map(|&i| free.iter().map(|&j| g[i][j].clone()).collect())
            .collect();
        let rhs: Vec<BigInt> = free
            .iter()
            .map(|&i| {
                let mut r = ad[i].clone();
                for j in 0..d {
                    if st[j] != 0 {
                        r -= &g[i][j] * fixed_s(j);
                    }
                }
                r
            })
            .collect();
        let den = det(&m); // > 0: principal minor of a positive definite matrix
        let nums = cramer(&m, &rhs);
        if !nums
            .iter()
            .zip(&free)
            .all(|(num, &i)| num.abs() <= &bx.h[i] * &den)
        {
            continue;
        }
        // s_j = num_j / den (free) or fixed. Residual times 2^64 * den:
        // R = d * 2^32 * den - sum_j (s_j den) A_j.
        let mut r: Vec<BigInt> = dv.iter().map(|x| (x << 32) * &den).collect();
        for j in 0..d {
            let sj_den = match free.iter().position(|&f| f == j) {
                Some(k) => nums[k].clone(),
                None => fixed_s(j) * &den,
            };
            for (rk, ak) in r.iter_mut().zip(&bx.axes[j]) {
                *rk -= &sj_den * ak;
            }
        }
        let r2 = dot(&r, &r);
        let den2 = &den * &den;
        let better = match &best {
            None => true,
            Some((br2, bden2, _, _)) => &r2 * bden2 < br2 * &den2,
        };
        if better {
            best = Some((r2, den2, r, den));
        }
    }
    let (r2, den2, r, den) = best.expect("the box is non-empty: some candidate is feasible");
    // dist^2 (value) = |R|^2 / (2^128 den^2).
    let dist2 = BigRational::new(r2, den2 << 128);
    // point (raw) = p - R / (2^32 den).
    let point = p
        .iter()
        .zip(&r)
        .map(|(pk, rk)| BigRational::new(((pk << 32) * &den) - rk, &den << 32))
        .collect();
    Closest { dist2, point }
}

/// Whether a ball (center raw, radius) meets the box, exactly.
pub fn ball_hits(p: &[BigInt], r: Fx, bx: &RefBox) -> (bool, Closest) {
    let cl = closest(p, bx);
    let r2 = BigRational::new(bi(r) * bi(r), pow2(64));
    (cl.dist2 <= r2, cl)
}

// -------------------------------------------------------------------- ray

/// The exact answer of a ray against the parallelepiped.
#[derive(Clone, Debug, PartialEq)]
pub struct RefRay {
    pub hit: bool,
    /// The origin is in the box (closed).
    pub inside: bool,
    /// Entry time (value units, >= 0) on a hit: 0 when inside.
    pub t: Option<BigRational>,
    /// On a hit from outside: the axes whose slab is entered last (at `t`),
    /// with the outward normal's sign (`true`: `+A_i`).
    pub entry_axes: Vec<(usize, bool)>,
}

/// The ray `o + t dir`, `t` in `[0, max_t]`, against the intersection of
/// the slabs `|n_i.(p - c)| <= h_i |n_i.A_i|`, `n_i` the exact face normal.
pub fn ray(o: &[BigInt], dir: &[BigInt], max_t: Fx, bx: &RefBox) -> RefRay {
    let d = bx.dim();
    let rel = sub(o, &bx.c);
    let mut lo: Option<(BigRational, Vec<(usize, bool)>)> = None;
    let mut hi: Option<BigRational> = None;
    let mut inside = true;
    let mut never = false;
    for i in 0..d {
        let n = bx.face_normal(i);
        // a, b at scale 2^32 * s_n; w at 2^64 * s_n: lift a, b by 2^32.
        let a: BigInt = dot(&n, &rel) << 32;
        let b: BigInt = dot(&n, dir) << 32; // per unit of t (dir raw: t in value)
        let na = dot(&n, &bx.axes[i]);
        let w = &bx.h[i] * na.abs();
        inside &= a.abs() <= w;
        if b.is_zero() {
            never |= a.abs() > w;
            continue;
        }
        let t1 = BigRational::new(-&w - &a, b.clone());
        let t2 = BigRational::new(&w - &a, b.clone());
        // Entering through n.(p - c) = -w (b > 0) or +w (b < 0); the face
        // n.(p - c) = +w is the face s_i = +h_i when n.A_i > 0.
        let (enter, exit, through_plus_w) = if b.is_positive() {
            (t1, t2, false)
        } else {
            (t2, t1, true)
        };
        let normal_plus = through_plus_w == na.is_positive();
        match &mut lo {
            None => lo = Some((enter, vec![(i, normal_plus)])),
            Some((best, axes)) => {
                if enter > *best {
                    *best = enter;
                    *axes = vec![(i, normal_plus)];
                } else if enter == *best {
                    axes.push((i, normal_plus));
                }
            }
        }
        hi = Some(match hi {
            None => exit,
            Some(h) => h.min(exit),
        });
    }
    let miss = RefRay {
        hit: false,
        inside: false,
        t: None,
        entry_axes: vec![],
    };
    if never {
        return miss;
    }
    let (enter, axes) = lo.expect("a non-zero direction crosses some slab");
    let exit = hi.expect("idem");
    let zero = BigRational::zero();
    let max_t = BigRational::new(bi(max_t), pow2(32));
    if enter > exit || exit < zero {
        return miss;
    }
    if enter <= zero {
        return RefRay {
            hit: true,
            inside: true,
            t: Some(zero),
            entry_axes: vec![],
        };
    }
    if enter > max_t {
        return miss;
    }
    RefRay {
        hit: true,
        inside,
        t: Some(enter),
        entry_axes: axes,
    }
}

/// `floor(t * 2^32)` as raw bits of an `Fx`.
pub fn floor_raw(t: &BigRational) -> i64 {
    let scaled = t * BigRational::from_integer(pow2(32));
    scaled
        .numer()
        .div_floor(scaled.denom())
        .to_i64()
        .expect("in range")
}

/// A rational in raw units, floored to raw bits.
pub fn floor_q(q: &BigRational) -> BigInt {
    q.numer().div_floor(q.denom())
}
