//! Every shape kind (boxes, balls, segments, capsules; convex polygons in
//! 2D) through the generic ops, in 2D and 3D, against the exact references
//! of the test suite (big rationals, written independently of the
//! library):
//!
//! - `overlap`, both argument orders: the least squares reference (every
//!   pair but polygons), the orientation tests (a polygon against a
//!   polygon or a box), the distance (against a ball, segment or capsule);
//! - `ray_cast` against balls, segments and capsules (hit or miss,
//!   `inside`, `t`, the point and the normal of an entry at the floored
//!   time) and polygons (also the normal of the edge entered last);
//! - `shape_cast`: with a positive radius sum, hit, `overlapping` and the
//!   floor of the entry pinned by penetration tests (none on `[0, t]`,
//!   some on `[0, t + ulp]`), the normal a unit vector not along the
//!   motion, the swapped cast the same; with radius 0, the slab reference
//!   over the shapes' vertices (the entry floored, the normal of a face
//!   entered last by the tie rule); the unsupported 3D pairs an error.
//!
//! Shapes are drawn near each other and rays and motions aimed at them,
//! so that touching, tangent and one-ulp cases come up.
#![no_main]

use fixed_collide::{
    Aabb, Ball, Capsule, Const, Dim, Error, Fx, Obb, Polygon, Ray, Rot, Segment, Shape, Vec2,
    Vector, overlap, ray_cast, shape_cast,
};
use fuzz_input::Input;
use libfuzzer_sys::fuzz_target;
use num_bigint::BigInt;
use num_traits::Zero;

#[path = "../../tests/capsule/reference.rs"]
#[allow(dead_code)]
mod reference;
// The cast reference's name for the least squares reference.
use reference as qp;
#[path = "../../tests/cast/reference.rs"]
#[allow(dead_code)]
mod cast_reference;
#[path = "../../tests/polygon/reference.rs"]
#[allow(dead_code)]
mod polygon_reference;
#[path = "../../tests/capsule/ray_reference.rs"]
#[allow(dead_code)]
mod ray_reference;

use polygon_reference as pr;

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    if input.byte() % 2 == 0 {
        pair::<2>(&mut input, &|i| Some(i.rot2()));
    } else {
        pair::<3>(&mut input, &|i| i.rot3());
    }
});

type MakeRot<const D: usize> = dyn Fn(&mut Input) -> Option<Rot<D>>;

fn pair<const D: usize>(input: &mut Input, rot: &MakeRot<D>)
where
    Const<D>: Dim<D>,
{
    let Some(a) = shape(input, rot) else { return };
    let Some(b) = shape(input, rot) else { return };
    check_overlap(&a, &b);
    if let Some(ray) = ray_at(input, &b) {
        check_ray(&ray, &b);
    }
    let d = aim(input, &a, &b);
    check_cast(&a, &d, &b);
}

/// A shape of any kind; a polygon only in 2D (the hull of up to 8 points
/// around a center).
fn shape<const D: usize>(input: &mut Input, rot: &MakeRot<D>) -> Option<Shape<D>>
where
    Const<D>: Dim<D>,
{
    Some(match input.byte() % 6 {
        0 => Aabb::try_from_center_half(input.vector(), input.sizes())
            .ok()?
            .into(),
        1 => {
            let (c, h) = (input.vector(), input.sizes());
            Obb::try_new(c, h, rot(input)?).ok()?.into()
        }
        2 => Ball::try_new(input.vector(), input.size()).ok()?.into(),
        3 => Segment::try_new(input.vector(), input.vector())
            .ok()?
            .into(),
        4 => Capsule::try_new(input.vector(), input.vector(), input.size())
            .ok()?
            .into(),
        _ => Shape::try_from_polygon(polygon(input)?)?,
    })
}

fn polygon(input: &mut Input) -> Option<Polygon> {
    let c: Vec2 = input.vector();
    let n = 3 + usize::from(input.byte() % 6);
    let pts: Vec<pr::P> = (0..n)
        .map(|_| {
            let off: Vec2 = input.vector();
            [0, 1].map(|k| (c.0[k].to_bits()).saturating_add(off.0[k].to_bits() >> 2))
        })
        .collect();
    let h = pr::hull(&pts);
    let v: Vec<Vec2> = h.iter().map(|p| Vector(p.map(Fx::from_bits))).collect();
    Polygon::try_new(&v).ok()
}

/// A point of the shape to aim at: its center, an end or a vertex.
fn anchor<const D: usize>(s: &Shape<D>, pick: u8) -> Vector<D>
where
    Const<D>: Dim<D>,
{
    match s {
        Shape::Aabb(b) => {
            if pick % 2 == 0 {
                b.min()
            } else {
                b.max()
            }
        }
        Shape::Obb(b) => b.center(),
        Shape::Sphere(b) => b.center(),
        Shape::Segment(g) => {
            if pick % 2 == 0 {
                g.a()
            } else {
                g.b()
            }
        }
        Shape::Capsule(c) => {
            if pick % 2 == 0 {
                c.a()
            } else {
                c.b()
            }
        }
        Shape::Polygon(p) => {
            let pts = <Const<D> as Dim<D>>::polygon_points(p);
            let v = pts[usize::from(pick) % pts.len()];
            Vector(core::array::from_fn(|k| v.0[k % 2]))
        }
        _ => Vector::ZERO,
    }
}

/// `to - from` plus a small offset, halved until in the domain.
fn toward<const D: usize>(input: &mut Input, from: Vector<D>, to: Vector<D>) -> Vector<D> {
    let off: Vector<D> = input.vector();
    let mut v: [i128; D] = core::array::from_fn(|k| {
        i128::from(to.0[k].to_bits()) - i128::from(from.0[k].to_bits())
            + (i128::from(off.0[k].to_bits()) >> 8)
    });
    let dom = i128::from(fixed_collide::DOMAIN.to_bits());
    while v.iter().any(|c| c.abs() > dom) {
        v = v.map(|c| c / 2);
    }
    Vector(v.map(|c| Fx::from_bits(c as i64)))
}

/// A motion for `a` against `b`: any, or aimed from an anchor of `a` at one
/// of `b`.
fn aim<const D: usize>(input: &mut Input, a: &Shape<D>, b: &Shape<D>) -> Vector<D>
where
    Const<D>: Dim<D>,
{
    let mode = input.byte();
    if mode % 4 == 0 {
        return input.vector();
    }
    let (from, to) = (anchor(a, mode / 4), anchor(b, mode / 8));
    toward(input, from, to)
}

/// A ray from any origin, aimed near an anchor of the shape or in any
/// direction, bounded or not.
fn ray_at<const D: usize>(input: &mut Input, s: &Shape<D>) -> Option<Ray<D>>
where
    Const<D>: Dim<D>,
{
    let o: Vector<D> = input.vector();
    let mode = input.byte();
    let d = if mode % 4 == 0 {
        input.vector()
    } else {
        toward(input, o, anchor(s, mode / 4))
    };
    if mode & 0x80 == 0 {
        Ray::try_unbounded(o, d).ok()
    } else {
        Ray::try_new(o, d, input.size()).ok()
    }
}

fn radius<const D: usize>(s: &Shape<D>) -> Fx
where
    Const<D>: Dim<D>,
{
    match s {
        Shape::Sphere(b) => b.radius(),
        Shape::Capsule(c) => c.radius(),
        _ => Fx::ZERO,
    }
}

fn raw2(v: Vec2) -> pr::P {
    v.0.map(Fx::to_bits)
}

/// A polygon's vertices, raw.
fn polygon_raw<const D: usize>(s: &Shape<D>) -> Option<Vec<pr::P>>
where
    Const<D>: Dim<D>,
{
    match s {
        Shape::Polygon(p) => Some(
            <Const<D> as Dim<D>>::polygon_points(p)
                .iter()
                .map(|&v| raw2(v))
                .collect(),
        ),
        _ => None,
    }
}

fn check_overlap<const D: usize>(a: &Shape<D>, b: &Shape<D>)
where
    Const<D>: Dim<D>,
{
    let want = match (polygon_raw(a), polygon_raw(b)) {
        (None, None) => Some(reference::shapes_overlap(a, b)),
        (Some(p), Some(q)) => Some(pr::overlap(&p, &q)),
        (Some(p), None) => polygon_meets(&p, b),
        (None, Some(q)) => polygon_meets(&q, a),
    };
    let got = overlap(a, b);
    assert_eq!(overlap(b, a), got, "swapped: {a:?} {b:?}");
    if let Some(want) = want {
        assert_eq!(got, want, "overlap: {a:?} {b:?}");
    }
}

/// A polygon against any other 2D shape, in big integers at scale 2^64
/// (so that an oriented box's corners are exact): a ball, segment or
/// capsule by its distance, a box as the polygon of its distinct corners
/// (a segment or a point when a half size is zero).
fn polygon_meets<const D: usize>(poly: &[pr::P], s: &Shape<D>) -> Option<bool>
where
    Const<D>: Dim<D>,
{
    let up = |x: Fx| BigInt::from(x.to_bits()) << 32;
    let at = |v: Vector<D>| [0, 1].map(|k| up(v.0[k]));
    let poly: Vec<pr::BP> = poly
        .iter()
        .map(|&p| p.map(|c| BigInt::from(c) << 32))
        .collect();
    let (a, b, r) = match s {
        Shape::Sphere(x) => (at(x.center()), at(x.center()), x.radius()),
        Shape::Segment(x) => (at(x.a()), at(x.b()), Fx::ZERO),
        Shape::Capsule(x) => (at(x.a()), at(x.b()), x.radius()),
        _ => {
            let mut corners = box_corners(s)?;
            corners.dedup();
            if corners.len() > 1 && corners.first() == corners.last() {
                corners.pop();
            }
            // A point or a segment (the first corner to the last), else
            // a polygon.
            return Some(if corners.len() > 2 {
                pr::overlap_b(&poly, &corners)
            } else {
                pr::capsule_meets(&poly, corners.first()?, corners.last()?, &BigInt::zero())
            });
        }
    };
    Some(pr::capsule_meets(&poly, &a, &b, &up(r)))
}

/// A 2D box's four corners counter-clockwise, exact at scale 2^64 (`c +-
/// h_0 A_0 +- h_1 A_1` for an oriented box; `None` for axes with no
/// orientation).
fn box_corners<const D: usize>(s: &Shape<D>) -> Option<Vec<pr::BP>>
where
    Const<D>: Dim<D>,
{
    let big = |x: Fx| BigInt::from(x.to_bits());
    let signs = [(-1, -1), (1, -1), (1, 1), (-1, 1)];
    match s {
        Shape::Aabb(b) => {
            let pick = |k: usize, hi: bool| big(if hi { b.max() } else { b.min() }.0[k]) << 32;
            Some(
                signs
                    .iter()
                    .map(|&(i, j)| [pick(0, i > 0), pick(1, j > 0)])
                    .collect(),
            )
        }
        Shape::Obb(b) => {
            let (a0, a1) = (b.axes()[0], b.axes()[1]);
            let turn = big(a0.0[0]) * big(a1.0[1]) - big(a0.0[1]) * big(a1.0[0]);
            let (h0, h1) = (big(b.half().0[0]), big(b.half().0[1]));
            let mut out: Vec<pr::BP> = signs
                .iter()
                .map(|&(i, j)| {
                    [0, 1].map(|k| {
                        (big(b.center().0[k]) << 32)
                            + &h0 * big(a0.0[k]) * i
                            + &h1 * big(a1.0[k]) * j
                    })
                })
                .collect();
            if turn.is_zero() && !h0.is_zero() && !h1.is_zero() {
                return None;
            }
            if turn < BigInt::zero() {
                out.reverse();
            }
            Some(out)
        }
        _ => None,
    }
}

fn check_ray<const D: usize>(ray: &Ray<D>, s: &Shape<D>)
where
    Const<D>: Dim<D>,
{
    let c = match s {
        Shape::Sphere(b) => Capsule::from(*b),
        Shape::Segment(g) => Capsule::from(*g),
        Shape::Capsule(c) => *c,
        Shape::Polygon(_) => return ray_polygon(ray, s),
        _ => return,
    };
    let got = ray_cast(ray, s);
    assert_eq!(
        got.is_some(),
        ray_reference::hits(ray, &c),
        "hit: {ray:?} {s:?}"
    );
    let Some(h) = got else { return };
    if ray_reference::inside(ray, &c) {
        assert!(h.inside && h.t == Fx::ZERO && h.point == ray.origin() && h.normal == Vector::ZERO);
        return;
    }
    assert!(!h.inside, "{ray:?} {s:?}");
    let cands = ray_reference::entries(ray, &c);
    let t_min = cands.iter().map(ray_reference::Entry::t_raw).min();
    assert_eq!(Some(BigInt::from(h.t.to_bits())), t_min, "t: {ray:?} {s:?}");
    let big =
        |v: Vector<D>| -> Vec<BigInt> { v.0.iter().map(|x| BigInt::from(x.to_bits())).collect() };
    let (o, d) = (big(ray.origin()), big(ray.dir()));
    let matching: Vec<&ray_reference::Entry> =
        cands.iter().filter(|e| Some(e.t_raw()) == t_min).collect();
    let point_ok = matching.iter().any(|e| {
        e.point::<D>(&o, &d)
            .iter()
            .map(ray_reference::fx_of)
            .eq(h.point.0)
    });
    assert!(point_ok, "point {:?}: {ray:?} {s:?}", h.point);
    if c.radius() == Fx::ZERO {
        // A unit axis vector.
        let n = h.normal.0.map(Fx::to_bits);
        assert_eq!(n.iter().filter(|x| **x != 0).count(), 1, "{ray:?} {s:?}");
        assert!(
            n.iter().all(|x| x.abs() == 1 << 32 || *x == 0),
            "{ray:?} {s:?}"
        );
    } else {
        let normal_ok = matching
            .iter()
            .any(|e| e.normal().iter().map(ray_reference::fx_of).eq(h.normal.0));
        assert!(normal_ok, "normal {:?}: {ray:?} {s:?}", h.normal);
    }
}

fn ray_polygon<const D: usize>(ray: &Ray<D>, s: &Shape<D>)
where
    Const<D>: Dim<D>,
{
    let Some(p) = polygon_raw(s) else { return };
    let (o, d) = (
        [0, 1].map(|k| ray.origin().0[k].to_bits()),
        [0, 1].map(|k| ray.dir().0[k].to_bits()),
    );
    let got = ray_cast(ray, s);
    let want = pr::ray_entry(o, d, ray.max_t().to_bits(), &p);
    assert_eq!(got.is_some(), want.is_some(), "hit: {ray:?} {s:?}");
    let (Some(h), Some((t, edges))) = (got, want) else {
        return;
    };
    if edges.is_empty() {
        assert!(h.inside && h.t == Fx::ZERO && h.point == ray.origin() && h.normal == Vector::ZERO);
        return;
    }
    assert!(!h.inside, "{ray:?} {s:?}");
    let scale = BigInt::from(1u64 << 32);
    assert_eq!(
        BigInt::from(h.t.to_bits()),
        pr::floor(&(t.clone() * scale)),
        "t: {ray:?} {s:?}"
    );
    for k in 0..2 {
        let exact = num_rational::BigRational::from_integer(BigInt::from(o[k]))
            + t.clone() * BigInt::from(d[k]);
        assert_eq!(
            BigInt::from(h.point.0[k].to_bits()),
            pr::floor(&exact),
            "point {k}: {ray:?} {s:?}"
        );
    }
    // The edge entered last: the lowest index among the edges holding the
    // entry point that the ray enters through.
    let n = p.len();
    let nrm = |i: usize| {
        let (a, b) = (p[i], p[(i + 1) % n]);
        [
            i128::from(b[1]) - i128::from(a[1]),
            i128::from(a[0]) - i128::from(b[0]),
        ]
    };
    let i = edges
        .iter()
        .copied()
        .filter(|&i| nrm(i)[0] * i128::from(d[0]) + nrm(i)[1] * i128::from(d[1]) < 0)
        .min()
        .expect("an entry from outside crosses an entering edge");
    let e = nrm(i);
    let l = BigInt::from(e[0] * e[0] + e[1] * e[1]);
    for (k, (&c, got)) in e.iter().zip(h.normal.0).enumerate() {
        let num = BigInt::from(c) * BigInt::from(1u64 << 32);
        assert!(
            pr::is_floor_over_root(&num, &l, &BigInt::from(got.to_bits())),
            "normal {k} of edge {i}: {:?} {ray:?} {s:?}",
            h.normal
        );
    }
}

/// 3D casts of a moving box are unsupported but against an axis-aligned
/// box (moving axis-aligned); everything else answers.
fn supported<const D: usize>(m: &Shape<D>, t: &Shape<D>) -> bool
where
    Const<D>: Dim<D>,
{
    D == 2
        || !matches!(
            (m, t),
            (Shape::Obb(_), _)
                | (
                    Shape::Aabb(_),
                    Shape::Obb(_) | Shape::Sphere(_) | Shape::Segment(_) | Shape::Capsule(_)
                )
        )
}

fn check_cast<const D: usize>(m: &Shape<D>, d: &Vector<D>, t: &Shape<D>)
where
    Const<D>: Dim<D>,
{
    let got = shape_cast(m, d, t);
    if d.0
        .iter()
        .any(|c| c.unsigned_abs() > fixed_collide::DOMAIN.unsigned_abs())
    {
        assert!(
            matches!(got, Err(Error::OutOfDomain { .. })),
            "{got:?}: {d:?}"
        );
        return;
    }
    if !supported(m, t) {
        assert!(
            matches!(got, Err(Error::UnsupportedPair { .. })),
            "{got:?}: {m:?} {t:?}"
        );
        return;
    }
    let got = got.expect("a supported pair, a motion in the domain");
    let round = radius(m) + radius(t) > Fx::ZERO;
    let polygon = polygon_raw(m).is_some() || polygon_raw(t).is_some();
    match (round, polygon) {
        (true, false) => round_cast(m, d, t, got),
        (false, _) => flat_cast(m, d, t, got),
        (true, true) => polygon_round_cast(m, d, t, got),
    }
}

/// A polygon against a ball or capsule of positive radius, either one
/// moving: the cast of the round shape against the polygon's edges (as
/// segments, which [`round_cast`] holds to the exact reference) decides.
/// Overlapping when its core meets the polygon or it overlaps an edge at
/// the start; else the earliest edge entry, with the normal (negated when
/// the polygon moves) within 2^-29 of an edge's entered then.
fn polygon_round_cast<const D: usize>(
    m: &Shape<D>,
    d: &Vector<D>,
    t: &Shape<D>,
    got: Option<fixed_collide::Cast<D>>,
) where
    Const<D>: Dim<D>,
{
    let neg = Vector(d.0.map(|c| -c));
    let (round, motion, poly, sign) = match polygon_raw(m) {
        Some(_) => (t, neg, m, -1),
        None => (m, *d, t, 1),
    };
    let core: Shape<D> = match round {
        Shape::Sphere(b) => Ball::try_new(b.center(), Fx::ZERO).expect("a point").into(),
        Shape::Capsule(c) => c.segment().into(),
        _ => unreachable!("a positive radius is a ball's or a capsule's"),
    };
    let pts = polygon_raw(poly).expect("one side is the polygon");
    let lift = |p: pr::P| Vector(core::array::from_fn(|k| Fx::from_bits(p[k % 2])));
    let edges: Vec<fixed_collide::Cast<D>> = (0..pts.len())
        .filter_map(|i| {
            let (a, b) = (lift(pts[i]), lift(pts[(i + 1) % pts.len()]));
            let edge: Shape<D> = Segment::try_new(a, b).expect("in the domain").into();
            shape_cast(round, &motion, &edge).expect("a round shape against a segment")
        })
        .collect();
    let what = format!("{m:?} moving by {d:?} against {t:?}");
    if overlap(&core, poly) || edges.iter().any(|c| c.overlapping) {
        assert!(got.is_some_and(|c| c.overlapping), "overlapping: {what}");
        return;
    }
    let first = edges.iter().map(|c| c.t_enter).min();
    assert_eq!(got.map(|c| c.t_enter), first, "t: {what}");
    let Some(c) = got else { return };
    assert!(!c.overlapping, "{what}");
    let close = |e: &fixed_collide::Cast<D>| {
        e.t_enter == c.t_enter
            && e.normal
                .0
                .iter()
                .zip(c.normal.0)
                .all(|(x, y)| (x.to_bits() - sign * y.to_bits()).abs() <= 9)
    };
    assert!(edges.iter().any(close), "normal {:?}: {what}", c.normal);
}

const FULL: i64 = 1 << 32;

fn round_cast<const D: usize>(
    m: &Shape<D>,
    d: &Vector<D>,
    t: &Shape<D>,
    got: Option<fixed_collide::Cast<D>>,
) where
    Const<D>: Dim<D>,
{
    use cast_reference::penetrates;
    assert_eq!(
        got.is_some(),
        penetrates(m, d, t, 0, FULL),
        "hit: {m:?} {d:?} {t:?}"
    );
    if supported(t, m) {
        let neg = Vector(d.0.map(|c| -c));
        let back = shape_cast(t, &neg, m).expect("a supported pair, a motion in the domain");
        assert_eq!(
            got.map(|c| (c.t_enter, c.overlapping)),
            back.map(|c| (c.t_enter, c.overlapping)),
            "swapped: {m:?} {d:?} {t:?}"
        );
    }
    let Some(c) = got else { return };
    assert_eq!(
        c.overlapping,
        penetrates(m, d, t, 0, 0),
        "overlapping: {m:?} {d:?} {t:?}"
    );
    if c.overlapping {
        assert_eq!((c.t_enter, c.normal), (Fx::ZERO, Vector::ZERO));
        return;
    }
    let te = c.t_enter.to_bits();
    assert!(
        !penetrates(m, d, t, 0, te),
        "penetrates before {te}: {m:?} {d:?} {t:?}"
    );
    assert!(
        penetrates(m, d, t, 0, te + 1),
        "not entered by {te} + ulp: {m:?} {d:?} {t:?}"
    );
    let n = c.normal.0.map(Fx::to_bits);
    let len2: i128 = n.iter().map(|&k| i128::from(k) * i128::from(k)).sum();
    assert!(
        (len2 - (1i128 << 64)).abs() <= 1i128 << 36,
        "not unit: {c:?}"
    );
    let along: i128 = n
        .iter()
        .zip(d.0)
        .map(|(&a, b)| i128::from(a) * i128::from(b.to_bits()))
        .sum();
    let slack: i128 = d.0.iter().map(|b| i128::from(b.to_bits()).abs() * 8).sum();
    assert!(
        along <= slack,
        "normal {:?} along {d:?}: {m:?} {t:?}",
        c.normal
    );
}

fn flat_cast<const D: usize>(
    m: &Shape<D>,
    d: &Vector<D>,
    t: &Shape<D>,
    got: Option<fixed_collide::Cast<D>>,
) where
    Const<D>: Dim<D>,
{
    // A capsule of radius 0 is its segment (the reference's polytope).
    let core = |s: &Shape<D>| match s {
        Shape::Capsule(c) => Shape::Segment(c.segment()),
        _ => *s,
    };
    let want = cast_reference::flat(&core(m), d, &core(t));
    assert_eq!(got.is_some(), want.is_some(), "hit: {m:?} {d:?} {t:?}");
    let (Some(c), Some(w)) = (got, want) else {
        return;
    };
    assert_eq!(
        c.overlapping, w.overlapping,
        "overlapping: {m:?} {d:?} {t:?}"
    );
    if c.overlapping {
        assert_eq!((c.t_enter, c.normal), (Fx::ZERO, Vector::ZERO));
        return;
    }
    assert_eq!(
        c.t_enter.to_bits(),
        cast_reference::floor_raw(&w.entry),
        "t: {m:?} {d:?} {t:?}"
    );
    // The first face entered last in the reference's order; two
    // axis-aligned boxes follow `aabb_sweep`'s rule, the lowest axis.
    let winner = if matches!((m, t), (Shape::Aabb(_), Shape::Aabb(_))) {
        w.normals
            .iter()
            .min_by_key(|e| e.iter().position(|c| !c.is_zero()))
    } else {
        w.normals.first()
    };
    let n = c.normal.0.map(Fx::to_bits);
    assert!(
        winner.is_some_and(|e| cast_reference::near_unit(&n, e, 1)),
        "normal {:?} not the tie's winner of {:?}: {m:?} {d:?} {t:?}",
        c.normal,
        w.normals
    );
}
