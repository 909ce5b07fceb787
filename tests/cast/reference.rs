//! Exact references of the cast, in big rationals, independent of the
//! library's method.
//!
//! - With a positive radius sum: "the interiors overlap at some time in
//!   `[s0, s1]`" is the least squares minimum of the cores' difference,
//!   with the displacement as one more column bounded by `[s0, s1]`,
//!   strictly below the squared radius sum (the capsule family's `Qp`,
//!   every face tried with Cramer's rule). Hit, `overlapping` and the
//!   floor of the entry are pinned by it: no penetration on `[0, t]`,
//!   penetration on `[0, t + ulp]`.
//! - Polytopes (radius 0): the Minkowski difference is described by the
//!   shapes' edge directions (2D: their perpendiculars; 3D: cross products
//!   of pairs), its support in each such direction computed from the
//!   shapes' vertices... as sums of `|n . e|` half-extents; the segment
//!   `s d` is inside the open slab of each for an open interval, and the
//!   entry is the largest start.

use super::qp::{Q, Qp, core, q, qi, v};
use fixed_collide::{Fx, Shape, Vector};
use num_bigint::BigInt;
use num_traits::{Signed, Zero};

/// The sum of the radii (raw).
pub fn radius<const D: usize>(a: &Shape<D>, b: &Shape<D>) -> Q
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let mut qp = Qp::new(D);
    core(&mut qp, a, 1) + core(&mut qp, b, -1)
}

/// Whether the interiors overlap at some `s` in `[s0, s1]` (raw bits of
/// `Fx` times), for a positive radius sum.
pub fn penetrates<const D: usize>(
    moving: &Shape<D>,
    d: &Vector<D>,
    target: &Shape<D>,
    s0: i64,
    s1: i64,
) -> bool
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let mut qp = Qp::new(D);
    let r = core(&mut qp, moving, 1) + core(&mut qp, target, -1);
    assert!(r.is_positive());
    let two32 = qi(1 << 32);
    let m = d.0.iter().map(|c| BigInt::from(c.to_bits())).collect();
    qp.cols
        .push((m, qi(s0 as i128) / &two32, qi(s1 as i128) / &two32));
    qp.min() < &r * &r
}

/// The direction vectors (raw) of a polytope shape's edges (none for a
/// point).
fn edges<const D: usize>(s: &Shape<D>) -> Vec<Vec<BigInt>>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let raw =
        |p: &Vector<D>| -> Vec<BigInt> { p.0.iter().map(|c| BigInt::from(c.to_bits())).collect() };
    let unit =
        |k: usize| -> Vec<BigInt> { (0..D).map(|i| BigInt::from((i == k) as i32)).collect() };
    match s {
        Shape::Aabb(b) => (0..D)
            .filter(|&k| b.min().0[k] != b.max().0[k])
            .map(unit)
            .collect(),
        Shape::Obb(b) => (0..D)
            .filter(|&k| b.half().0[k] != Fx::ZERO)
            .map(|k| raw(&b.axes()[k]))
            .collect(),
        Shape::Segment(g) if g.a() != g.b() => {
            vec![
                raw(&g.a())
                    .iter()
                    .zip(raw(&g.b()))
                    .map(|(a, b)| b - a)
                    .collect(),
            ]
        }
        Shape::Sphere(_) | Shape::Segment(_) => vec![],
        Shape::Polygon(p) => {
            let pts = polygon_points::<D>(p);
            (0..pts.len())
                .map(|i| {
                    let (a, b) = (&pts[i], &pts[(i + 1) % pts.len()]);
                    (0..2)
                        .map(|k| BigInt::from(b.0[k].to_bits()) - BigInt::from(a.0[k].to_bits()))
                        .collect()
                })
                .collect()
        }
        _ => unreachable!("not a polytope"),
    }
}

/// A polygon's vertices (2D).
fn polygon_points<const D: usize>(
    p: &<fixed_collide::Const<D> as fixed_collide::Dim<D>>::Polygon,
) -> &[fixed_collide::Vec2]
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    <fixed_collide::Const<D> as fixed_collide::Dim<D>>::polygon_points(p)
}

/// The vertices of a polytope shape, exact.
fn vertices<const D: usize>(s: &Shape<D>) -> Vec<Vec<Q>>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    match s {
        Shape::Aabb(b) => (0..1 << D)
            .map(|m: usize| {
                (0..D)
                    .map(|k| {
                        q(if m >> k & 1 == 1 {
                            b.max().0[k]
                        } else {
                            b.min().0[k]
                        })
                    })
                    .collect()
            })
            .collect(),
        Shape::Obb(b) => (0..1 << D)
            .map(|m: usize| {
                let mut p = v(&b.center());
                for (k, ax) in b.axes().iter().enumerate() {
                    let h = q(b.half().0[k]) / qi(1 << 32);
                    let sgn = if m >> k & 1 == 1 { h } else { -h };
                    for (pk, a) in p.iter_mut().zip(ax.0) {
                        *pk += &sgn * q(a);
                    }
                }
                p
            })
            .collect(),
        Shape::Segment(g) => vec![v(&g.a()), v(&g.b())],
        Shape::Sphere(b) => vec![v(&b.center())],
        Shape::Polygon(p) => polygon_points::<D>(p)
            .iter()
            .map(|c| c.0.iter().map(|x| q(*x)).collect())
            .collect(),
        _ => unreachable!("not a polytope"),
    }
}

fn dotq(a: &[BigInt], b: &[Q]) -> Q {
    a.iter()
        .zip(b)
        .map(|(x, y)| Q::from_integer(x.clone()) * y)
        .sum()
}

/// The answer of the polytope reference: `None` for a miss, else the entry
/// time (exact, negative or zero for `overlapping` when below zero...) as
/// `(entry, overlapping, normals)`: the exact entry, whether the start is
/// inside, and the outward normals (raw directions, unnormalized) of every
/// slab whose start is the entry.
pub struct Flat {
    pub entry: Q,
    pub overlapping: bool,
    pub normals: Vec<Vec<BigInt>>,
}

pub fn flat<const D: usize>(moving: &Shape<D>, d: &Vector<D>, target: &Shape<D>) -> Option<Flat>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let mut gens = edges(moving);
    gens.extend(edges(target));
    let mut normals: Vec<Vec<BigInt>> = vec![];
    if D == 2 {
        for g in &gens {
            normals.push(vec![-g[1].clone(), g[0].clone()]);
        }
    } else {
        for i in 0..gens.len() {
            for j in i + 1..gens.len() {
                let (a, b) = (&gens[i], &gens[j]);
                normals.push(vec![
                    &a[1] * &b[2] - &a[2] * &b[1],
                    &a[2] * &b[0] - &a[0] * &b[2],
                    &a[0] * &b[1] - &a[1] * &b[0],
                ]);
            }
        }
    }
    normals.retain(|n| n.iter().any(|c| !c.is_zero()));
    // Full-dimensional: some normal is not orthogonal to every generator.
    let full = normals.iter().any(|n| {
        gens.iter()
            .any(|g| n.iter().zip(g).map(|(a, b)| a * b).sum::<BigInt>() != BigInt::zero())
    });
    if !full {
        return None;
    }
    let (vm, vt) = (vertices(moving), vertices(target));
    let dq = v(d);
    let mut enter: Option<Q> = None;
    let mut exit: Option<Q> = None;
    let mut at: Vec<Vec<BigInt>> = vec![];
    for n in &normals {
        // n . (t - m) over the vertices: [min_t - max_m, max_t - min_m].
        let pm: Vec<Q> = vm.iter().map(|p| dotq(n, p)).collect();
        let pt: Vec<Q> = vt.iter().map(|p| dotq(n, p)).collect();
        let lo = pt.iter().min().unwrap() - pm.iter().max().unwrap();
        let hi = pt.iter().max().unwrap() - pm.iter().min().unwrap();
        let e = dotq(n, &dq);
        if e.is_zero() {
            if lo.is_negative() && hi.is_positive() {
                continue;
            }
            return None;
        }
        let (a, b, out) = if e.is_positive() {
            (&lo / &e, &hi / &e, n.iter().map(|c| -c).collect::<Vec<_>>())
        } else {
            (&hi / &e, &lo / &e, n.clone())
        };
        match &enter {
            Some(x) if a < *x => {}
            Some(x) if a == *x => at.push(out),
            _ => {
                enter = Some(a);
                at = vec![out];
            }
        }
        if exit.as_ref().is_none_or(|x| b < *x) {
            exit = Some(b);
        }
    }
    let (zero, one) = (Q::zero(), qi(1));
    match (enter, exit) {
        (Some(en), Some(ex)) => {
            if !(en < ex && en < one && ex > zero) {
                return None;
            }
            let overlapping = en < zero;
            Some(Flat {
                entry: en,
                overlapping,
                normals: if overlapping { vec![] } else { at },
            })
        }
        _ => Some(Flat {
            entry: zero,
            overlapping: true,
            normals: vec![],
        }),
    }
}

/// The floor of `x * 2^32` as raw bits.
pub fn floor_raw(x: &Q) -> i64 {
    let f = (x * qi(1 << 32)).floor().to_integer();
    i64::try_from(f).unwrap()
}

/// Whether `got` (raw components) is within `tol` raw of the unit vector of
/// `n`, per component, exactly: `|got_k - 2^32 n_k / |n|| <= tol`.
pub fn near_unit(got: &[i64], n: &[BigInt], tol: i64) -> bool {
    let nn: BigInt = n.iter().map(|c| c * c).sum();
    got.iter().zip(n).all(|(g, c)| {
        // (g - tol) |n| <= 2^32 c <= (g + tol) |n|, squares with signs.
        let target = BigInt::from(1u64 << 32) * c;
        let le = |a: &BigInt, b_scaled: &BigInt| -> bool {
            // a |n| <= b ?
            match (a.is_negative(), b_scaled.is_negative()) {
                (true, false) => true,
                (false, true) => false,
                (false, false) => a * a * &nn <= b_scaled * b_scaled,
                (true, true) => a * a * &nn >= b_scaled * b_scaled,
            }
        };
        let ge = |a: &BigInt, b_scaled: &BigInt| -> bool {
            match (a.is_negative(), b_scaled.is_negative()) {
                (true, false) => false,
                (false, true) => true,
                (false, false) => a * a * &nn >= b_scaled * b_scaled,
                (true, true) => a * a * &nn <= b_scaled * b_scaled,
            }
        };
        le(&BigInt::from(g - tol), &target) && ge(&BigInt::from(g + tol), &target)
    })
}
