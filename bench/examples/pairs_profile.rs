//! A driver for counting instructions per call under cachegrind on the
//! generic queries and shape pairs no criterion scene covers: `overlap`,
//! `ray_cast` and `shape_cast` of every shape kind, in 2D or 3D, on a
//! seeded scene of small shapes (public API only, so the same file builds
//! against older commits).
//!
//! `pairs_profile OP:A:B:D[:near|:rest|:tilt] N [gen]`: OP is `ov` (`overlap(A, B)`),
//! `ray` (`ray_cast` of a ray from up to 50 units away aimed near the
//! origin, at B) or `cast` (`shape_cast` of A moving up to 12 units per
//! axis, against B); A and B are `pt` (a ball of radius 0), `sph`, `seg`,
//! `cap`, `box` or `obb`, each within 2 units of a center in `[-6, 6]`
//! (with `near`, in `[-1, 1]`: the close pairs a broadphase passes on);
//! D is 2 or 3. With `rest` (`cast` only), A rests on the top face of B,
//! an axis-aligned box or an oriented box of identity rotation, touching
//! it (a capsule or segment level with the face, as characters stand on
//! floors), and moves down into it or along it: every entry is at a
//! touching start or on a face parallel to A's core. With `tilt`, the same
//! on a rotated box: A's core is placed on the plane of the face raised by
//! the radius in the box's own frame (rounded to the grid, so within a few
//! ulps of touching), and moves down or along in that frame.
//! With `gen` the scene is drawn and no query runs. Per call: the count
//! without `gen` minus the count with it, divided by N:
//!
//! `valgrind --tool=cachegrind --cache-sim=no
//! bench/target/release/examples/pairs_profile cast:seg:box:3 2000`
use fixed_collide::{
    Aabb, Ball, Capsule, Const, Dim, Fx, Obb, Ray, Rot, RotSpec, Segment, Shape, Vector, overlap,
    ray_cast, shape_cast,
};
use fixed_collide_cli::rng::Rng;
use std::hint::black_box;

/// A scalar in `[lo, hi]` units on a grid of 2^-16.
fn fx(r: &mut Rng, lo: i32, hi: i32) -> Fx {
    r.grid(lo, hi, 16)
}

fn vector<const D: usize>(r: &mut Rng, lo: i32, hi: i32) -> Vector<D> {
    Vector(std::array::from_fn(|_| fx(r, lo, hi)))
}

/// One shape of `kind` near a center in `[-6, 6]` per axis.
fn shape<const D: usize>(r: &mut Rng, kind: &str, spread: i32) -> Shape<D>
where
    Const<D>: Dim<D>,
{
    let c: Vector<D> = vector(r, -spread, spread);
    let (mut a, mut b): (Vector<D>, Vector<D>) = (vector(r, -2, 2), vector(r, -2, 2));
    for k in 0..D {
        a.0[k] += c.0[k];
        b.0[k] += c.0[k];
    }
    let radius = |r: &mut Rng| fx(r, 0, 1) + Fx::from_num(0.1);
    match kind {
        "pt" => Shape::from(Ball::try_new(a, Fx::ZERO).expect("valid point")),
        "sph" => Shape::from(Ball::try_new(a, radius(r)).expect("valid ball")),
        "seg" => Shape::from(Segment::try_new(a, b).expect("valid segment")),
        "cap" => Shape::from(Capsule::try_new(a, b, radius(r)).expect("valid capsule")),
        "box" => {
            for k in 0..D {
                if a.0[k] > b.0[k] {
                    std::mem::swap(&mut a.0[k], &mut b.0[k]);
                }
            }
            Shape::from(Aabb::try_new(a, b).expect("valid box"))
        }
        "obb" => {
            let spec = if D == 2 {
                RotSpec::Angle(fx(r, 0, 6))
            } else {
                RotSpec::Quat([fx(r, -1, 1), fx(r, -1, 1), fx(r, -1, 1), fx(r, -1, 1)])
            };
            let rot = Rot::<D>::try_from_spec(&spec).unwrap_or(Rot::identity());
            let half: Vector<D> = vector(r, 0, 2);
            Shape::from(Obb::try_new(a, half, rot).expect("valid oriented box"))
        }
        _ => panic!("unknown shape kind {kind}"),
    }
}

/// `m` scenes of `rest`: B an axis-aligned box (`box`, else an oriented
/// box of identity rotation) around a center in `[-6, 6]`, half-sizes in
/// `[1, 3]`; A of kind `ka` touching its top face (`+y`) from above, its
/// core level with the face; `d` down into it or along it (`d_y <= 0`).
fn resting<const D: usize>(
    r: &mut Rng,
    ka: &str,
    kb: &str,
    m: usize,
    tilt: bool,
) -> (Vec<Shape<D>>, Vec<Shape<D>>, Vec<Vector<D>>)
where
    Const<D>: Dim<D>,
{
    let (mut xs, mut ys, mut ds) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..m {
        let c: Vector<D> = vector(r, -6, 6);
        let half: Vector<D> = Vector(std::array::from_fn(|_| fx(r, 1, 3)));
        let rot = if tilt {
            let spec = if D == 2 {
                RotSpec::Angle(fx(r, 0, 6))
            } else {
                RotSpec::Quat([fx(r, -1, 1), fx(r, -1, 1), fx(r, -1, 1), fx(r, -1, 1)])
            };
            Rot::<D>::try_from_spec(&spec).unwrap_or(Rot::identity())
        } else {
            Rot::identity()
        };
        let target = if kb == "box" && !tilt {
            let lo = Vector(std::array::from_fn(|k| c.0[k] - half.0[k]));
            let hi = Vector(std::array::from_fn(|k| c.0[k] + half.0[k]));
            Shape::from(Aabb::try_new(lo, hi).expect("valid box"))
        } else {
            Shape::from(Obb::try_new(c, half, rot).expect("valid oriented box"))
        };
        // A point given in the box frame, in world coordinates.
        let world = |local: &Vector<D>| {
            let mut v = c;
            for (axis, l) in rot.axes().iter().zip(local.0) {
                v = (v + (*axis * l).expect("in the domain")).expect("in the domain");
            }
            v
        };
        let radius = match ka {
            "pt" | "seg" => Fx::ZERO,
            _ => fx(r, 0, 1) + Fx::from_num(0.1),
        };
        // The core's lowest height: the face plus the radius.
        let y = c.0[1] + half.0[1] + radius;
        let at = |r: &mut Rng| {
            if tilt {
                let mut l: Vector<D> = Vector(std::array::from_fn(|_| fx(r, -3, 3)));
                l.0[1] = half.0[1] + radius;
                world(&l)
            } else {
                let mut v: Vector<D> = Vector(std::array::from_fn(|k| c.0[k] + fx(r, -3, 3)));
                v.0[1] = y;
                v
            }
        };
        let (a, b) = (at(r), at(r));
        xs.push(match ka {
            "pt" | "sph" => Shape::from(Ball::try_new(a, radius).expect("valid ball")),
            "seg" => Shape::from(Segment::try_new(a, b).expect("valid segment")),
            _ => Shape::from(Capsule::try_new(a, b, radius).expect("valid capsule")),
        });
        ys.push(target);
        let mut d: Vector<D> = vector(r, -4, 4);
        d.0[1] = -fx(r, 0, 4);
        ds.push(if tilt { (world(&d) - c).expect("in the domain") } else { d });
    }
    (xs, ys, ds)
}

fn run<const D: usize>(
    op: &str,
    (ka, kb): (&str, &str),
    (spread, rest, tilt): (i32, bool, bool),
    n: usize,
    query: bool,
) where
    Const<D>: Dim<D>,
{
    let mut r = Rng::new(0x9E37_79B9_7F4A_7C15);
    let m = n.max(1);
    let xs: Vec<Shape<D>> = (0..m).map(|_| shape(&mut r, ka, spread)).collect();
    let ys: Vec<Shape<D>> = (0..m).map(|_| shape(&mut r, kb, spread)).collect();
    let ds: Vec<Vector<D>> = (0..m).map(|_| vector(&mut r, -12, 12)).collect();
    let rays: Vec<Ray<D>> = (0..m)
        .map(|_| {
            let (o, aim): (Vector<D>, Vector<D>) = (vector(&mut r, -50, 50), vector(&mut r, -6, 6));
            let mut d = aim;
            for k in 0..D {
                d.0[k] -= o.0[k];
            }
            Ray::try_unbounded(o, d).unwrap_or_else(|_| {
                Ray::try_unbounded(o, Vector::unit(0, true)).expect("valid ray")
            })
        })
        .collect();
    let (xs, ys, ds) = if rest || tilt {
        resting::<D>(&mut r, ka, kb, m, tilt)
    } else {
        (xs, ys, ds)
    };
    let mut hits = 0u64;
    for i in 0..if query { n } else { 0 } {
        let hit = match op {
            "ov" => black_box(overlap(&xs[i], &ys[i])),
            "ray" => black_box(ray_cast(&rays[i], &ys[i])).is_some(),
            "cast" => matches!(black_box(shape_cast(&xs[i], &ds[i], &ys[i])), Ok(Some(_))),
            _ => panic!("unknown op {op}"),
        };
        hits += u64::from(hit);
    }
    if query {
        println!("{op} {ka} {kb} {D}D: {hits} hits of {n}");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec = args.first().map_or("cast:seg:box:3", String::as_str);
    let parts: Vec<&str> = spec.split(':').collect();
    let (&[op, ka, kb, d], near) = parts.split_at(4.min(parts.len())) else {
        panic!("OP:A:B:D[:near|:rest|:tilt], for example cast:seg:box:3");
    };
    let spread = (
        if near == ["near"] { 1 } else { 6 },
        near == ["rest"],
        near == ["tilt"],
    );
    let n = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let query = args.get(2).map(String::as_str) != Some("gen");
    match d {
        "2" => run::<2>(op, (ka, kb), spread, n, query),
        _ => run::<3>(op, (ka, kb), spread, n, query),
    }
}
