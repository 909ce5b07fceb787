//! The ray filter's shortcut for origins deep inside a rotated box.

use super::*;
use crate::num::wide;
use crate::rot::{Rot2, Rot3};
use crate::shape::{Obb2, Obb3};
use crate::vec::{Vec2, Vec3};
use std::prelude::rust_2024::*;

/// Origins on a line across the face `s_0 = h` of a large box rotated by
/// one radian (axes off orthonormal by about 2^-31), near its corners:
/// the box-frame coordinate `u_0` differs from the box coordinate `s_0` by
/// up to `D tau h` (thousands of ulps here).
fn origins_across_a_face(box_: &Obb2) -> Vec<Vec2> {
    let [a0, a1] = *box_.axes();
    let h = box_.half().0[0];
    let mut out = Vec::new();
    for corner in [h, -h, h - Fx::from_num(3)] {
        for j in -2048..=2048i64 {
            let s0 = h + Fx::from_bits(j << 12);
            let (along, across) = ((a0 * s0).unwrap(), (a1 * corner).unwrap());
            let o = (box_.center() + along).and_then(|p| p + across);
            out.push(o.unwrap());
        }
    }
    out
}

/// A large box turned by one radian: its axes are off orthonormal by about
/// 2^-31, which moves the box frame by thousands of ulps at its corners.
fn tilted_box() -> Obb2 {
    Obb2::try_new(
        Vec2::from_ints([7, -3]),
        Vec2::from_ints([1 << 19, 1 << 19]),
        Rot2::from_angle(Fx::ONE),
    )
    .unwrap()
}

#[test]
fn an_origin_in_the_slab_box_but_outside_the_box_is_not_deep_inside() {
    let b = tilted_box();
    assert_ne!(b.axis_error(), Fx::ZERO);
    let (mut near_but_out, mut deep) = (0, 0);
    for o in origins_across_a_face(&b) {
        let ray = Ray::try_unbounded(o, Vec2::from_ints([1, 2])).unwrap();
        let exact = exact::ray(&ray, &b);
        assert_eq!(ray_obb(&ray, &b), exact, "origin {o:?}");
        let Some(slab) = slab_ray(&ray, &b).filter(SlabRay::origin_in_slabs) else {
            continue;
        };
        let inside = exact.is_some_and(|h| h.inside);
        // The shortcut never claims an origin the exact path puts outside.
        assert!(!slab.deep_inside(&b) || inside, "origin {o:?}");
        deep += usize::from(slab.deep_inside(&b));
        // Within the half-sizes in the box frame, yet outside the box: the
        // margin of the shortcut is needed.
        let within = (slab.u_exact.iter().zip(b.half().0)).all(|(u, h)| (u >> 32).abs() <= wide(h));
        near_but_out += usize::from(within && !inside);
    }
    assert!(near_but_out > 0, "no origin needed the margin");
    assert!(deep > 0, "no origin was deep inside");
}

/// Rays from outside a rotated 3D box aimed at points of its surface, on
/// a grid that runs up to its edges and corners: the target's box
/// coordinates `(x, y, +-h_2)` with `x`, `y` in steps across the face, a
/// few ulps short of and beyond the edges. Each ray comes with whether its
/// target is a quarter of the face or more from every edge.
fn rays_at_a_face(b: &Obb3) -> Vec<(Ray<3>, bool)> {
    let [a0, a1, a2] = *b.axes();
    let h = b.half().0;
    let offsets = [-8, -1, 0, 1, 8].map(Fx::from_bits);
    let mut out = Vec::new();
    for sign in [Fx::ONE, -Fx::ONE] {
        for i in -4i32..=4 {
            for j in -4i32..=4 {
                for &dx in &offsets {
                    let x = h[0] * Fx::from_num(i) / 4 + dx;
                    let y = h[1] * Fx::from_num(j) / 4;
                    let z = h[2] * sign;
                    let at = [(a0 * x), (a1 * y), (a2 * z)]
                        .into_iter()
                        .try_fold(b.center(), |p, v| p + v?)
                        .unwrap();
                    // From 40 units out along the face normal, slanted.
                    let from = Vec3::from_ints([3, -2, 40]);
                    let o = (at + (from * sign).unwrap()).unwrap();
                    let dir = (at - o).unwrap();
                    let interior = i.abs() < 4 && j.abs() < 4;
                    out.push((Ray::try_unbounded(o, dir).unwrap(), interior));
                }
            }
        }
    }
    out
}

#[test]
fn the_certified_face_agrees_with_the_full_program_and_declines_near_edges() {
    let r = Rot3::try_from_quat([2, 1, -1, 3].map(Fx::from_num)).unwrap();
    let b = Obb3::try_new(Vec3::from_ints([5, -7, 2]), Vec3::from_ints([3, 4, 5]), r).unwrap();
    assert_ne!(b.axis_error(), Fx::ZERO);
    let (mut answered, mut declined) = (0, 0);
    for (ray, interior) in rays_at_a_face(&b) {
        let exact = exact::ray(&ray, &b);
        assert_eq!(ray_obb(&ray, &b), exact, "{ray:?}");
        let Some(slab) = slab_ray(&ray, &b).filter(|s| !s.origin_in_slabs()) else {
            continue;
        };
        match exact::through_face(&ray, &b, slab.span.axis, |j, q, room| {
            slab.within(j, q, room)
        }) {
            Some(answer) => {
                assert_eq!(answer, exact, "{ray:?}");
                answered += 1;
            }
            None => {
                // Only aims within the margin of an edge go to the full
                // program.
                assert!(!interior, "{ray:?}");
                declined += 1;
            }
        }
    }
    assert!(
        answered > 0 && declined > 0,
        "{answered} answered, {declined} declined"
    );
}

#[test]
fn a_ball_center_deep_inside_is_its_own_closest_point_and_only_then() {
    let b = tilted_box();
    let (mut deep, mut shallow) = (0, 0);
    for o in origins_across_a_face(&b) {
        let ball = Ball::try_new(o, Fx::from_num(3)).unwrap();
        let exact = exact::ball(&ball, &b);
        assert_eq!(sphere_obb(&ball, &b), exact, "center {o:?}");
        let f = ball_in_frame(&ball, &b);
        if deep_inside(&b, &f.u_exact) {
            // The full program agrees: the center is in the box.
            assert_eq!(exact.map(|h| h.point), Some(o), "center {o:?}");
            deep += 1;
        } else {
            shallow += 1;
        }
    }
    assert!(deep > 0 && shallow > 0, "{deep} deep, {shallow} not");
}

/// Balls against boxes at every scale of the coarse test's shift (offsets
/// and sizes from 2^-20 to 2^19 units), the radius swept across the exact
/// touching radius `r*` (the smallest that hits, by bisection on the exact
/// `sphere_obb`): `r* + delta` for `delta` from 1 ulp to far beyond.
fn coarse_cases<const D: usize>(boxes: &[Obb<D>], dirs: &[[i64; D]]) -> (usize, usize) {
    let (mut decided, mut undecided) = (0, 0);
    for b in boxes {
        for dir in dirs {
            for shift in (0u32..=48).step_by(3) {
                // The center c + dir * 2^shift ulps (|dir| <= 3, in the
                // domain for the boxes below), and every lower bit set:
                // the shifted offsets lose nearly a whole unit each.
                let mut p = b.center();
                for (p, v) in p.0.iter_mut().zip(dir) {
                    let low = (1i64 << shift) - 1;
                    *p = Fx::from_bits(p.to_bits() + (v << shift) + low);
                }
                let hits = |r: i64| {
                    let ball = Ball::try_new(p, Fx::from_bits(r)).unwrap();
                    sphere_obb(&ball, b).is_some()
                };
                let (mut lo, mut hi) = (-1i64, 1i64 << 52); // miss at lo, hit at hi
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2;
                    if hits(mid) { hi = mid } else { lo = mid }
                }
                let touching = hi;
                let longest =
                    p.0.iter()
                        .zip(b.center().0)
                        .map(|(p, c)| (p.to_bits() - c.to_bits()).abs())
                        .chain(b.half().0.map(Fx::to_bits))
                        .chain([touching])
                        .max()
                        .unwrap_or(0);
                for j in 0..53 {
                    for delta in [-(1i64 << j), (1i64 << j) - 1] {
                        let r = touching + delta;
                        if !(0..=1i64 << 52).contains(&r) {
                            continue;
                        }
                        let ball = Ball::try_new(p, Fx::from_bits(r)).unwrap();
                        let q = coarse::ball(&ball, b);
                        let exact = r >= touching;
                        let case = format!("box {b:?}\nball {ball:?}");
                        assert!(!(q.hit && q.miss), "both: {case}");
                        assert!(!q.hit || exact, "a miss taken for a hit: {case}");
                        assert!(!q.miss || !exact, "a hit taken for a miss: {case}");
                        // Within an ulp of touching the margins leave it
                        // open; beyond 2^-16 of the longest length (and
                        // the radius not tiny against it) it is decided.
                        if delta == -1 || delta == 0 {
                            assert!(!(q.hit || q.miss), "decided at 1 ulp: {case}");
                        }
                        let far = delta.unsigned_abs() > (longest >> 16) as u64 + 8;
                        if far && touching >= longest >> 4 {
                            assert!(q.hit || q.miss, "undecided far from touching: {case}");
                        }
                        if q.hit || q.miss {
                            decided += 1
                        } else {
                            undecided += 1
                        }
                    }
                }
            }
        }
    }
    (decided, undecided)
}

/// Axes 2^-21 off orthogonal (the tolerance is 2^-20): the box frame's
/// distances are off by that much.
fn skewed_rot() -> Rot2 {
    let e = Fx::from_bits(1 << 11);
    Rot2::try_from_axes([Vec2::new(Fx::ONE, e), Vec2::new(Fx::ZERO, Fx::ONE)]).unwrap()
}

/// A rotation from a quaternion, its axes about 2^-31 off orthonormal.
fn turned_rot() -> Rot3 {
    Rot3::try_from_quat([2, 1, -1, 3].map(Fx::from_num)).unwrap()
}

/// The 2D boxes of the coarse tests: large and tilted, small and turned,
/// axis-aligned, skewed, and with half-sizes of every low bit set (the
/// shift loses nearly a unit).
fn coarse_boxes_2d() -> [Obb2; 5] {
    let ones = Vec2::new(Fx::from_bits((1 << 40) - 1), Fx::from_bits((1 << 45) - 1));
    [
        tilted_box(),
        Obb2::try_new(
            Vec2::from_ints([-3, 1]),
            Vec2::new(Fx::from_bits(3 << 12), Fx::ONE),
            Rot2::from_angle(Fx::from_num(0.3)),
        )
        .unwrap(),
        Obb2::try_new(
            Vec2::from_ints([2, 2]),
            Vec2::from_ints([5, 1]),
            Rot2::identity(),
        )
        .unwrap(),
        Obb2::try_new(
            Vec2::from_ints([4, 4]),
            Vec2::from_ints([3, 2]),
            skewed_rot(),
        )
        .unwrap(),
        Obb2::try_new(
            Vec2::from_ints([1, -1]),
            ones,
            Rot2::from_angle(Fx::from_num(-2.5)),
        )
        .unwrap(),
    ]
}

/// The 3D boxes of the coarse tests: small and large turned ones, an
/// axis-aligned one with a zero half-size, and half-sizes of every low
/// bit set.
fn coarse_boxes_3d() -> [Obb3; 4] {
    let ones = Vec3::new(
        Fx::from_bits((1 << 40) - 1),
        Fx::from_bits((1 << 45) - 1),
        Fx::from_bits((1 << 37) - 1),
    );
    let big = Vec3::from_ints([1 << 19, 1 << 18, 1 << 17]);
    [
        Obb3::try_new(
            Vec3::from_ints([5, -7, 2]),
            Vec3::from_ints([3, 4, 5]),
            turned_rot(),
        )
        .unwrap(),
        Obb3::try_new(Vec3::from_ints([1, 1, 1]), big, turned_rot()).unwrap(),
        Obb3::try_new(
            Vec3::from_ints([0, 2, 0]),
            Vec3::from_ints([2, 0, 1]),
            Rot3::identity(),
        )
        .unwrap(),
        Obb3::try_new(Vec3::from_ints([-1, 0, 1]), ones, turned_rot()).unwrap(),
    ]
}

/// Directions of the coarse tests' centers and origins from the boxes.
const DIRS_2D: [[i64; 2]; 5] = [[1, 0], [0, -1], [1, 1], [-3, 2], [2, -3]];
const DIRS_3D: [[i64; 3]; 5] = [[1, 0, 0], [0, 0, -1], [1, 1, 1], [-3, 2, 1], [2, -3, -2]];

#[test]
fn the_coarse_ball_test_never_contradicts_the_exact_answer_in_2d() {
    let (decided, undecided) = coarse_cases(&coarse_boxes_2d(), &DIRS_2D);
    assert!(
        decided > 0 && undecided > 0,
        "{decided} decided, {undecided} not"
    );
}

#[test]
fn the_coarse_ball_test_never_contradicts_the_exact_answer_in_3d() {
    let (decided, undecided) = coarse_cases(&coarse_boxes_3d(), &DIRS_3D);
    assert!(
        decided > 0 && undecided > 0,
        "{decided} decided, {undecided} not"
    );
}

/// Points of the box's surface and around it: `c + sum_i t_i A_i` with
/// `t_i` in `{-h_i, 3 h_i / 8, h_i}`, the first moved out by 0 or 4 ulps.
fn box_targets<const D: usize>(b: &Obb<D>) -> Vec<Vector<D>> {
    let mut out = Vec::new();
    for code in 0..3usize.pow(D as u32) * 2 {
        let mut p = Some(b.center());
        let mut rest = code;
        for (i, (axis, h)) in b.axes().iter().zip(b.half().0).enumerate() {
            let mut t = [-h, h * 3 / 8, h][rest % 3];
            rest /= 3;
            if i == 0 {
                t += Fx::from_bits(4 * (rest % 2) as i64);
            }
            p = p.and_then(|p| p + (*axis * t)?);
        }
        out.extend(p);
    }
    out
}

/// Rays against a box at every scale of the coarse ray test's shifts:
/// origins `c + dir * 2^shift` ulps with every lower bit set, aimed at
/// [`box_targets`] (or away from them) with direction lengths from 2^-32
/// to 2^19 units, some skewed by a few ulps (nearly parallel to a face
/// when the aim is). Each
/// coarse verdict is checked against the exact program on the unbounded
/// ray (the coarse test ignores `max_t`), and `ray_obb` against it on the
/// ray as given and with a short `max_t`. Returns how many rays got each
/// verdict.
fn coarse_ray_cases<const D: usize>(boxes: &[Obb<D>], dirs: &[[i64; D]]) -> [usize; 4] {
    let mut seen = [0usize; 4];
    for b in boxes {
        for dir in dirs {
            for shift in (0u32..=48).step_by(8) {
                let mut o = b.center();
                for (p, v) in o.0.iter_mut().zip(dir) {
                    let low = (1i64 << shift) - 1;
                    *p = Fx::from_bits(p.to_bits() + (v << shift) + low);
                }
                for target in box_targets(b) {
                    let to = target
                        .0
                        .iter()
                        .zip(o.0)
                        .map(|(t, o)| i128::from(t.to_bits() - o.to_bits()));
                    let to: Vec<i128> = to.collect();
                    let most = to.iter().map(|v| v.abs()).max().unwrap_or(0).max(1);
                    // (length, skew, sign): a negative sign aims away.
                    let variants = [
                        (0u32, 0i128, 1),
                        (12, 0, 1),
                        (51, 0, 1),
                        (32, 1, 1),
                        (24, 3, 1),
                        (40, 0, -1),
                    ];
                    for (len, skew, sign) in variants {
                        // The largest component about 2^len ulps.
                        let mut d = Vector::<D>::ZERO;
                        for (k, (dk, t)) in d.0.iter_mut().zip(&to).enumerate() {
                            let v =
                                sign * t * (1i128 << len) / most + if k == 0 { skew } else { 0 };
                            *dk = Fx::from_bits(v as i64);
                        }
                        let Ok(ray) = Ray::try_unbounded(o, d) else {
                            continue;
                        };
                        let exact = exact::ray(&ray, b);
                        let case = format!("box {b:?}\nray {ray:?}");
                        match coarse::ray(&ray, b) {
                            coarse::RayCoarse::Miss => {
                                assert_eq!(exact, None, "a hit taken for a miss: {case}");
                                seen[0] += 1;
                            }
                            coarse::RayCoarse::Inside => {
                                assert!(exact.is_some_and(|h| h.inside), "not inside: {case}");
                                seen[1] += 1;
                            }
                            coarse::RayCoarse::Enters(..) => seen[2] += 1,
                            coarse::RayCoarse::Open => seen[3] += 1,
                        }
                        assert_eq!(ray_obb(&ray, b), exact, "{case}");
                        let short = Ray::try_new(o, d, Fx::from_bits(3 << 30)).unwrap();
                        assert_eq!(ray_obb(&short, b), exact::ray(&short, b), "max_t: {case}");
                    }
                }
            }
        }
    }
    seen
}

/// Rays along the edge lines of the parallelepiped from beyond each
/// corner, back toward it (grazing: they hit), from a little and far
/// away, with directions of several lengths: where the parallelepiped
/// sticks out of the box `|u_i| <= h_i` (by up to `tau sum h`), so only
/// the slab box's slack keeps them from a miss.
fn edge_rays<const D: usize>(b: &Obb<D>) -> Vec<Ray<D>> {
    let mut out = Vec::new();
    for code in 0..1usize << D {
        let signs: [i64; D] = core::array::from_fn(|i| if code >> i & 1 == 1 { 1 } else { -1 });
        let corner = (b.axes().iter().zip(b.half().0).zip(signs))
            .try_fold(b.center(), |p, ((a, h), s)| p + (*a * (h * s))?);
        let Some(corner) = corner else { continue };
        for (j, axis) in b.axes().iter().enumerate() {
            let out_dir = (*axis * Fx::from_num(signs[j])).unwrap();
            for (away, len) in [(1i32, 0i32), (64, -6), (1 << 10, 8)] {
                let Some(o) = (out_dir * Fx::from_num(away)).and_then(|v| corner + v) else {
                    continue;
                };
                let back = (out_dir * -Fx::from_bits(1i64 << (32 + len))).unwrap();
                out.extend(Ray::try_unbounded(o, back).ok());
                // Slanted across the other faces' planes at the corner by
                // 2^-24 and 2^-20 of the length, outward and inward: the
                // inward ones enter through the corner's neighbourhood,
                // where the faces stick out of the box frame's bounds.
                for (i, other) in b.axes().iter().enumerate().filter(|(i, _)| *i != j) {
                    for (tilt, sign) in [(24, 1), (24, -1), (20, -1)] {
                        let by = Fx::from_bits(signs[i] * sign * (1i64 << (32 + len - tilt)));
                        let Some(slant) = (*other * by).and_then(|v| back + v) else {
                            continue;
                        };
                        out.extend(Ray::try_unbounded(o, slant).ok());
                    }
                }
            }
        }
    }
    out
}

#[test]
fn the_coarse_ray_test_keeps_the_slab_box_slack_for_edge_rays() {
    // Thin along the first axis too: the slab crossed along the edge is
    // short, so the slanted rays meet the others' slabs only at the corner.
    let thin = Fx::from_bits(1 << 26);
    let (c2, c3) = (Vec2::from_ints([4, 4]), Vec3::from_ints([5, -7, 2]));
    let boxes2 = [
        Vec2::from_ints([300, 200]),
        Vec2::new(thin, Fx::from_num(200)),
    ]
    .map(|h| Obb2::try_new(c2, h, skewed_rot()).unwrap());
    let boxes3 = [
        Vec3::from_ints([300, 400, 500]),
        Vec3::new(thin, Fx::from_num(400), Fx::from_num(500)),
    ]
    .map(|h| Obb3::try_new(c3, h, turned_rot()).unwrap());
    let mut hits = 0;
    for b in &boxes2 {
        hits += edge_rays(b)
            .iter()
            .map(|ray| check_edge_ray(ray, b))
            .sum::<usize>();
    }
    for b in &boxes3 {
        hits += edge_rays(b)
            .iter()
            .map(|ray| check_edge_ray(ray, b))
            .sum::<usize>();
    }
    assert!(hits > 0, "no edge ray hit");
}

/// The coarse verdict of an edge ray is no false miss, and `ray_obb` is
/// the exact answer; 1 for a hit.
fn check_edge_ray<const D: usize>(ray: &Ray<D>, b: &Obb<D>) -> usize {
    let exact = exact::ray(ray, b);
    assert!(
        coarse::ray(ray, b) != coarse::RayCoarse::Miss || exact.is_none(),
        "{ray:?}\n{b:?}"
    );
    assert_eq!(ray_obb(ray, b), exact, "{ray:?}\n{b:?}");
    usize::from(exact.is_some())
}

#[test]
fn the_coarse_ray_test_never_contradicts_the_exact_answer_in_2d() {
    let seen = coarse_ray_cases(&coarse_boxes_2d(), &DIRS_2D);
    assert!(seen[..3].iter().all(|&n| n > 0), "verdicts {seen:?}");
}

#[test]
fn the_coarse_ray_test_never_contradicts_the_exact_answer_in_3d() {
    let seen = coarse_ray_cases(&coarse_boxes_3d(), &DIRS_3D);
    assert!(seen[..3].iter().all(|&n| n > 0), "verdicts {seen:?}");
}
