//! Oriented boxes: OBB vs OBB (separating axes), sphere vs OBB and ray vs
//! OBB, all exact for the parallelepiped of the axes as given.
//!
//! An [`Obb`] is the parallelepiped `P = { c + sum_i s_i A_i : |s_i| <= h_i }`
//! of its axes **as given** (nearly orthonormal). Its box-frame coordinates
//! `u_i(p) = (p - c) . A_i` satisfy `|u_i| <= h_i + tau * sum_j h_j` on `P`
//! (`tau` = [`Obb::axis_error`]), so the "slab box"
//! `S = { p : |u_i(p)| <= h_i + sigma }` with `sigma` = [`Obb::slack`]
//! contains `P`, and `S` lies inside `P` grown by [`Obb::band`]. The ball and
//! ray queries first answer for `S` (cheap: in 64-bit words from 28-bit
//! operands where that is certain, else in `i128`): a miss of `S` is a
//! miss of `P`, and when the axes are exactly orthonormal (`tau = 0`: signed
//! permutations) `S = P` and that answer is the exact one. Otherwise a hit
//! of `S` is decided again, exactly, for `P` (the `exact` module: face
//! normals `A_j x A_k` and wide integers).

use crate::dim::{Const, Dim};
use crate::kernel::span::{Bounds, Span, closed_meets, fold, slab_times};
use crate::kernel::time::Time;
use crate::kernel::u256::{mul_full, shr};
use crate::kernel::wide::dot64;
use crate::kernel::zip_map;
use crate::num::{Fx, Round, div_floor, from_scale64, wide};
use crate::query::ball::BallHit;
use crate::query::ray::RayHit;
use crate::shape::{Ball, Obb, Ray};
use crate::vec::Vector;

mod coarse;
use coarse::RayCoarse;
mod exact;

/// Whether two oriented boxes overlap as **closed** sets (touching faces,
/// edges or corners count). Exact for the parallelepipeds spanned by the
/// axes as given: no tolerance, no false separation, no false overlap.
///
/// Separating-axis test with exact integer arithmetic (see [`Dim`]): in 3D
/// the 15 axes `A_j x A_k`, `B_j x B_k` (face normals) and `A_i x B_j`
/// (edge pairs), in 2D the 4 face normals. Exactly parallel edges give a
/// zero axis that never separates; zero half-sizes (faces, segments, points)
/// are handled exactly. Symmetric, and invariant under translating both
/// boxes. Nothing is rounded; the answer is a `bool`.
///
/// # Examples
/// ```
/// use fixed_collide::{obb_overlap, Fx, Obb2, Obb3, Rot2, Rot3, Vec2, Vec3};
/// let a = Obb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 1]), Rot2::identity()).unwrap();
/// // The same square turned by 45 degrees: its nearest corner at x = 3 - 1.414 > 1.
/// let b = Obb2::try_new(Vec2::from_ints([3, 0]), Vec2::from_ints([1, 1]), Rot2::from_angle(Fx::FRAC_PI_4)).unwrap();
/// assert!(!obb_overlap(&a, &b));
/// let c = Obb2::try_new(Vec2::from_ints([2, 0]), Vec2::from_ints([1, 1]), Rot2::from_angle(Fx::FRAC_PI_2)).unwrap();
/// assert!(obb_overlap(&a, &c)); // touching faces count
///
/// let p = Obb3::try_new(Vec3::from_ints([0, 0, 0]), Vec3::from_ints([1, 1, 1]), Rot3::identity()).unwrap();
/// let q = Obb3::try_new(Vec3::from_ints([2, 2, 2]), Vec3::from_ints([1, 1, 1]), Rot3::identity()).unwrap();
/// assert!(obb_overlap(&p, &q)); // touching corners count
/// ```
#[inline]
pub fn obb_overlap<const D: usize>(a: &Obb<D>, b: &Obb<D>) -> bool
where
    Const<D>: Dim<D>,
{
    <Const<D> as Dim<D>>::obb_overlap(a, b)
}

/// Whether a closed ball meets an oriented box; on a hit, the point of the
/// box closest to the ball's center, in world coordinates.
///
/// See also [`sphere_obb_overlap`] (the decision alone, cheaper).
///
/// **Exact** for the parallelepiped of the axes as given, with no
/// tolerance.
///
/// A filter first: in the box frame, `u_i = (center - c) . A_i` exactly
/// (scale 2^64), truncated toward zero to an ulp; the excess over the slab
/// box, `e_i = max(0, |u_i| - h_i - sigma)`, is compared exactly with the
/// radius inflated by `|A^T v| <= sqrt(1 + D tau) |v|`. A miss there is a
/// miss of the box (the slab box contains it); for exactly orthonormal axes
/// ([`Obb::axis_error`] zero) its answer is the exact one, as
/// [`sphere_aabb`](crate::sphere_aabb)'s. Otherwise a center deep inside
/// the box frame (by [`Obb::band`]) is surely in the box, its own closest
/// point; else the closest point of the parallelepiped is found exactly (a
/// convex quadratic program over the box coordinates, solved face by face
/// by Cramer's rule in wide integers) and its squared distance compared
/// with `r^2`.
///
/// - **Hit or miss exact**. Touching (distance equal to the radius) is a
///   hit; a zero radius is a point test; zero half-sizes are valid.
/// - `point`: the ball's center itself when it is in the box (inside, or on
///   the surface); otherwise the exact closest point of the box to the
///   center, each coordinate rounded **down**.
///
/// # Examples
/// ```
/// use fixed_collide::{sphere_obb, Circle, Fx, Obb2, Rot2, Vec2};
/// // The box [-1, 1] x [-2, 2] turned by 90 degrees: [-2, 2] x [-1, 1].
/// let b = Obb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 2]), Rot2::from_angle(Fx::FRAC_PI_2)).unwrap();
/// let c = Circle::try_new(Vec2::from_ints([5, 0]), Fx::from_num(3)).unwrap();
/// assert_eq!(sphere_obb(&c, &b).unwrap().point, Vec2::from_ints([2, 0])); // touching
/// let far = Circle::try_new(Vec2::from_ints([0, 5]), Fx::from_num(3)).unwrap();
/// assert!(sphere_obb(&far, &b).is_none());
/// ```
pub fn sphere_obb<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> Option<BallHit<D>> {
    let f = ball_in_frame(ball, obb);
    if !f.hit {
        return None;
    }
    if obb.axis_error() != Fx::ZERO {
        if deep_inside(obb, &f.u_exact) {
            // The center is in the box: it is the closest point.
            return Some(BallHit {
                point: ball.center(),
            });
        }
        return exact::ball(ball, obb);
    }
    if f.inside {
        return Some(BallHit {
            point: ball.center(),
        });
    }
    let axes = obb.axes();
    // c_k + sum_i w_i A_ik at scale 2^64: terms < 2^52 * 2^33, total
    // < 2^88; the value is within |c| + sum h |A| < 2^23: in range.
    let mut s = obb.center().0.map(|c| wide(c) << 32);
    for (w, axis) in f.wbox.iter().zip(axes) {
        for (s, a) in s.iter_mut().zip(axis.0) {
            *s += i128::from(*w) * wide(a);
        }
    }
    let point = Vector(s.map(|s| from_scale64(s + (1i128 << 31), Round::Down)));
    Some(BallHit { point })
}

/// Whether a closed ball meets an oriented box: exactly
/// `sphere_obb(ball, obb).is_some()`, without computing the point.
///
/// Same filter and edge cases as [`sphere_obb`]: exact for the
/// parallelepiped of the axes as given; touching is a hit; a zero radius is
/// a point test. First a coarse test in 64-bit words: the same filter and
/// certified hit from operands cut to 28 bits (the offset, half-sizes and
/// radius shifted right together), its rounding bounded, a sure hit or a
/// sure miss otherwise left undecided; it settles every ball but those
/// within a few parts in 2^28 of the largest of those lengths from
/// touching. Those go to the filter in `i128` and, between it and the
/// exact program, certified hits: the ball surely contains the box point
/// at the clamped box coordinates, first by a bound from the filter's own
/// sums, then by that point's distance rounded up; they settle every hit
/// but those within about [`Obb::band`] of touching without wide integers.
///
/// # Examples
/// ```
/// use fixed_collide::{sphere_obb_overlap, Fx, Obb3, Rot3, Sphere, Vec3};
/// let b = Obb3::try_new(Vec3::from_ints([0, 0, 0]), Vec3::from_ints([1, 1, 1]), Rot3::identity()).unwrap();
/// let touching = Sphere::try_new(Vec3::from_ints([3, 0, 0]), Fx::from_num(2)).unwrap();
/// assert!(sphere_obb_overlap(&touching, &b));
/// let apart = Sphere::try_new(Vec3::from_ints([3, 0, 0]), Fx::from_num(1.5)).unwrap();
/// assert!(!sphere_obb_overlap(&apart, &b));
/// ```
#[inline]
pub fn sphere_obb_overlap<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> bool {
    let quick = coarse::ball(ball, obb);
    if quick.hit | quick.miss {
        return quick.hit;
    }
    settle_ball(ball, obb)
}

/// [`sphere_obb_overlap`] past the coarse test: the slab filter in `i128`,
/// its certified hits, then the exact program.
#[inline(never)]
fn settle_ball<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> bool {
    let f = ball_in_frame(ball, obb);
    // Without a branch on the (unpredictable) decision: the rare hit of
    // the filter that is not certain goes on to the exact program.
    let sure = f.hit & ((obb.axis_error() == Fx::ZERO) | f.surely(ball.radius(), obb.axis_error()));
    if f.hit & !sure {
        return reaches(ball, obb) || exact::ball_hits(ball, obb);
    }
    sure
}

/// A certified hit: whether the ball surely contains the point `c + sum_i
/// w_i A_i` of the box, `w` the center's box coordinates clamped to the
/// half-sizes (`|w_i| <= h_i`: a point of the parallelepiped, exactly). The distance is bounded above, each component rounded up to
/// an ulp, so `true` is exact; `false` decides nothing. The clamped box
/// coordinates are close to the closest point's, so every hit but those
/// within about [`Obb::band`] of touching is settled here, in `i128`.
#[inline(never)]
fn reaches<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> bool {
    // Recomputed here, on hits only, so the filter's caller keeps no more
    // than the decision.
    let w = ball_in_frame(ball, obb).wbox;
    // The point at scale 2^64: terms < 2^52 * 2^33, sum < 2^88.
    let mut q = obb.center().0.map(|c| wide(c) << 32);
    for (wi, axis) in w.iter().zip(obb.axes()) {
        for (q, a) in q.iter_mut().zip(axis.0) {
            *q += i128::from(*wi) * wide(a);
        }
    }
    // |center - q| per component below 2^89 at scale 2^64; rounded up to
    // scale 2^32, below 2^57; three squares below 2^116.
    let mut d2: u128 = 0;
    for (p, q) in ball.center().0.iter().zip(q) {
        let diff = ((wide(*p) << 32) - q).unsigned_abs();
        let up = diff.div_ceil(1 << 32);
        d2 += up * up;
    }
    let r = ball.radius().to_bits().unsigned_abs();
    d2 <= u128::from(r) * u128::from(r)
}

/// The ball's center in the box frame: the decision of [`sphere_obb`] and
/// what its closest point needs.
struct BallInFrame<const D: usize> {
    /// The ball meets the (slab) box.
    hit: bool,
    /// The center's box-frame coordinates, exactly (scale 2^64).
    u_exact: [i128; D],
    /// The truncated center is within the half-sizes on every axis.
    inside: bool,
    /// The box coordinates of the closest point, raw bits.
    wbox: [i64; D],
    /// Upper bounds on `|u - wbox|^2` and `|u|^2` (`u` the center's box
    /// coordinates `(p - c) . A_i`, exact), raw bits squared: the sums of
    /// `((|u_i| - h_i)+ + 1)^2` and `(|u_i| + 1)^2` over the truncated
    /// `|u_i|`, each term below 2^113, the sums below 2^115.
    gap2: u128,
    far2: u128,
}

#[inline(always)]
fn ball_in_frame<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> BallInFrame<D> {
    let (p, c) = (ball.center().0, obb.center().0);
    // |d_k| <= 2^53 raw: fits i64.
    let mut d = p.map(Fx::to_bits);
    for (d, c) in d.iter_mut().zip(c) {
        *d -= c.to_bits();
    }
    let sigma = obb.slack().to_bits();
    let mut inside = true;
    let mut excess = [0i64; D];
    let mut wbox = [0i64; D];
    let (mut gap2, mut far2) = (0u128, 0u128);
    let mut u_exact = [0i128; D];
    let out = excess.iter_mut().zip(&mut wbox).zip(&mut u_exact);
    for ((axis, half), ((excess, wbox), exact)) in obb.axes().iter().zip(obb.half().0).zip(out) {
        // u_i at scale 2^64: terms < 2^53 * 2^33, sum < 2^88. Truncated
        // toward zero to scale 2^32: |u| < 2^56.
        let u = dot64(&d, &axis.0.map(|v| v.to_bits()));
        *exact = u;
        let mag = (u.unsigned_abs() >> 32) as i64;
        let h = half.to_bits();
        // h + sigma < 2^53 (sigma <= 4): e < 2^56, e^2 < 2^112, sum < 2^114.
        *excess = (mag - h - sigma).max(0);
        inside &= mag <= h;
        let clamped = mag.min(h);
        *wbox = if u < 0 { -clamped } else { clamped };
        // Below 2^57: one widening multiplication each.
        let (gap, far) = (((mag - h).max(0) + 1) as u64, (mag + 1) as u64);
        gap2 += u128::from(gap) * u128::from(gap);
        far2 += u128::from(far) * u128::from(far);
    }
    let dist2 = dot64(&excess, &excess);
    // The radius, the axis error and the sum of squares are non-negative:
    // unsigned arithmetic, fewer multiplications. r^2 at scale 2^64,
    // < 2^105; r^2 * D * tau < 2^105 * 3 * 2^12 at scale 2^96, rounded up to
    // scale 2^64.
    let r = ball.radius().to_bits() as u64;
    let r2 = u128::from(r) * u128::from(r);
    let d_tau = D as u64 * obb.axis_error().to_bits() as u64;
    let inflate = (r2 * u128::from(d_tau) + u128::from(u32::MAX)) >> 32;
    BallInFrame {
        hit: dist2 as u128 <= r2 + inflate,
        u_exact,
        inside,
        wbox,
        gap2,
        far2,
    }
}

impl<const D: usize> BallInFrame<D> {
    /// A certified hit from the filter's own bounds: the ball surely holds
    /// the box point `q = c + sum_i wbox_i A_i`. With the Gram matrix `G =
    /// I + E` of the axes (`|E_ij| <= tau`), `|p - q|^2 = x^T G x <= (1 +
    /// D tau) |x|^2` for `x = u* - wbox`, `u*` the center's coordinates in
    /// the axes' basis; `u = G u*`, so `|u* - u| <= eps |u|` with `eps = D
    /// tau / (1 - D tau) <= 2 D tau`. Then `|x| <= gap + eps far`, and
    /// (`D tau <= 1/4`) `|p - q|^2 <= (1 + 4 D tau) gap^2 + 4 D tau
    /// far^2`, rounded up here. `true` is exact; `false` decides nothing.
    #[inline]
    fn surely(&self, radius: Fx, axis_error: Fx) -> bool {
        let r = u128::from(radius.to_bits().unsigned_abs());
        let r2 = r * r;
        // 4 D tau at scale 2^32: below 2^16 (tau <= 2^-20). The sum below
        // 2^115, cut to 2^16 units rounded up: the product below 2^115.
        let k = 4 * D as u128 * u128::from(axis_error.to_bits().unsigned_abs());
        let sum = (self.gap2 + self.far2) >> 16;
        let spread = ((sum + 1) * k).div_ceil(1 << 16);
        // No branch: the callers combine it with the filter's decision.
        self.gap2 + spread <= r2
    }
}

/// The first point of a ray (for `t` in `[0, max_t]`) in an oriented box,
/// or `None`.
///
/// **Exact** for the parallelepiped of the axes as given, with no
/// tolerance: hit or miss, `t`, `point` and `normal`.
///
/// A coarse test first, in 64-bit words: the same box frame from 28-bit
/// operands (the origin's offset with the half-sizes, the direction on its
/// own, each shifted right), its rounding bounded. It answers a sure miss
/// of the slab box (below) and an origin surely inside (by [`Obb::band`]);
/// otherwise it guesses the face pair entered last, whose exact entry is
/// certified as in the second shortcut below, the other face pairs checked
/// on its own frame. When it declines, the filter against the slab box (see
/// the module docs) runs: the ray is taken into the box frame, `o'_i = (origin - c) . A_i` and
/// `d'_i = dir . A_i`, both exact in `i128` (scale 2^64), then reduced on
/// purpose so that the slab test's cross-multiplications fit in `i128`:
/// `o'` is floored to an ulp (error below 1 ulp), and `d'` is shifted right
/// by a common `s` so that its largest component has at most 62 bits
/// (relative error below 2^-61, a displacement error below 2^-38 inside the
/// domain). Both errors are covered by the 2 ulps of [`Obb::slack`]; when
/// the axes are exactly orthonormal both reductions are exact. Then the slab
/// test of [`ray_aabb`](crate::ray_aabb) against `|u_i| <= h_i + sigma`,
/// times as exact fractions. A miss there is a miss of the box; for exactly
/// orthonormal axes ([`Obb::axis_error`] zero) its answer is the exact one
/// (the same as [`ray_aabb`](crate::ray_aabb) on the same box, up to the
/// tie order of the normal). Otherwise the slabs of the parallelepiped,
/// `|n_i . (p - c)| <= h_i |n_i . A_i|` with the exact face normals `n_i =
/// A_j x A_k` (2D: the perpendicular of the other axis), decide, with
/// exact rational times in wide integers. Two certified shortcuts come
/// first: an origin deep inside the slab box (by [`Obb::band`]) is inside
/// the box; and a ray entering the slab box from outside takes the exact
/// entry time of that face pair alone, which is the box's when its point
/// is well inside every other slab (by twice [`Obb::slack`]). Only rays
/// within those margins of an edge or of the surface cross every slab
/// exactly.
///
/// - **Hit or miss exact**.
/// - `t`: the exact entry time, in units of `dir`, rounded **down**; a hit
///   exactly at `max_t` counts.
/// - `inside`: the origin is in the box or on its surface: `t = 0`,
///   `point = origin`, `normal` zero.
/// - `point`: `origin + e * dir` at the exact entry time `e`, each
///   coordinate rounded down.
/// - `normal`: the outward normal of the face hit, `+A_i` or `-A_i` (the
///   box's own axis as given, not renormalized); at an edge or corner the
///   first axis in the box's axis order among those entered last.
/// - A direction parallel to a face (zero `d'_i`) is inside that slab always
///   or never, without division; a ray grazing a face, edge or corner hits.
///
/// # Examples
/// ```
/// use fixed_collide::{ray_obb, Fx, Obb2, Ray2, Rot2, Vec2};
/// // The box [2, 4] x [-1, 1] given with axes (0, 1), (-1, 0).
/// let b = Obb2::try_new(Vec2::from_ints([3, 0]), Vec2::from_ints([1, 1]), Rot2::from_angle(Fx::FRAC_PI_2)).unwrap();
/// let r = Ray2::try_unbounded(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 0])).unwrap();
/// let h = ray_obb(&r, &b).unwrap();
/// assert_eq!((h.t, h.point, h.inside), (Fx::from_num(2), Vec2::from_ints([2, 0]), false));
/// // Entered through the face s_1 = +1 of the axis (-1, 0): normal +A_1.
/// assert_eq!(h.normal, Vec2::from_ints([-1, 0]));
/// ```
pub fn ray_obb<const D: usize>(ray: &Ray<D>, obb: &Obb<D>) -> Option<RayHit<D>> {
    match coarse::ray(ray, obb) {
        RayCoarse::Miss => None,
        RayCoarse::Inside => Some(RayHit::at_origin(ray)),
        RayCoarse::Enters(axis) if obb.axis_error() != Fx::ZERO => enter_through(ray, obb, axis),
        RayCoarse::Enters(..) | RayCoarse::Open => settle_ray(ray, obb),
    }
}

/// [`ray_obb`] for a ray the coarse test sees entering through the face
/// pair `axis` of a box whose axes are not exactly orthonormal: that
/// entry certified ([`exact::through_face`], the other face pairs checked
/// on the coarse frame), or the slab filter's path.
#[inline(never)]
fn enter_through<const D: usize>(ray: &Ray<D>, obb: &Obb<D>, axis: usize) -> Option<RayHit<D>> {
    let frame = coarse::Frame::of(ray, obb);
    match exact::through_face(ray, obb, axis, |j, q, room| frame.within(j, q, room)) {
        Some(answer) => answer,
        None => settle_ray(ray, obb),
    }
}

/// [`ray_obb`] past the coarse test: the slab filter in `i128`, its
/// certified shortcuts, then the exact program.
#[inline(never)]
fn settle_ray<const D: usize>(ray: &Ray<D>, obb: &Obb<D>) -> Option<RayHit<D>> {
    let slab = slab_ray(ray, obb)?;
    if obb.axis_error() == Fx::ZERO {
        return Some(slab.hit(ray, obb));
    }
    if slab.origin_in_slabs() {
        if slab.deep_inside(obb) {
            return Some(RayHit::at_origin(ray));
        }
    } else if let Some(answer) = exact::through_face(ray, obb, slab.span.axis, |j, q, room| {
        slab.within(j, q, room)
    }) {
        return answer;
    }
    exact::ray(ray, obb)
}

/// The ray against the slab box `|u_i| <= h_i + sigma` (see [`ray_obb`]'s
/// filter), when it meets it: its span in the box frame, and the origin's
/// box-frame coordinates.
struct SlabRay<const D: usize> {
    /// The entry and exit times and the entering axis, in span units
    /// (`t 2^(s - 32)`, `t` in units of `dir`).
    span: Span<i64>,
    /// The shift `s` of the times' units.
    s: u32,
    /// The direction in the box frame, scale `2^(64 - s)`.
    dl: [i64; D],
    /// The origin's box-frame coordinates `(origin - c) . A_i` exactly, at
    /// scale 2^64 (below 2^88).
    u_exact: [i128; D],
    /// The direction in the box frame `dir . A_i` exactly, at scale 2^64
    /// (below 2^87).
    d_exact: [i128; D],
}

/// The ray against the slab box, or `None` when it misses it (or meets it
/// only beyond `max_t`): then it misses the box.
#[inline]
fn slab_ray<const D: usize>(ray: &Ray<D>, obb: &Obb<D>) -> Option<SlabRay<D>> {
    let c = obb.center().0;
    // |rel_k| <= 2^53, |dir_k| <= 2^52: both fit i64.
    let rel: [i64; D] = zip_map(&ray.origin().0, &c, |o, c| o.to_bits() - c.to_bits());
    let dir64 = ray.dir().0.map(|v| v.to_bits());
    let axes = obb.axes().map(|a| a.0.map(|v| v.to_bits()));
    let sigma = wide(obb.slack());
    let mut lo = [0i128; D];
    let mut hi = [0i128; D];
    let mut dl = [0i128; D];
    let mut u_exact = [0i128; D];
    let out = lo.iter_mut().zip(&mut hi).zip(&mut dl);
    let rows = axes.iter().zip(obb.half().0).zip(&mut u_exact);
    for (((axis, half), exact), ((lo, hi), dl)) in rows.zip(out) {
        // Local origin at scale 2^64 (< 2^88), floored to scale 2^32: the
        // value is within sqrt(3) 2^21 (1 + 2^-21) < 2^22, raw < 2^54.
        *exact = dot64(&rel, axis);
        let u = *exact >> 32;
        let h = wide(half) + sigma; // < 2^53
        *lo = -h - u; // |lo|, |hi| < 2^55
        *hi = h - u;
        *dl = dot64(&dir64, axis); // scale 2^64, < 2^87
    }
    let d_exact = dl;
    let biggest = dl.iter().map(|v| v.unsigned_abs()).max().unwrap_or(0);
    // 62 significant bits at most; s <= 87 - 62 = 25. For exactly
    // orthonormal axes d' has 32 trailing zero bits: the shift is exact.
    let s = (128 - biggest.leading_zeros()).saturating_sub(62);
    let dl = dl.map(|v| v >> s);
    // Times in span units: t_span = t * 2^(s - 32) (t in units of `dir`).
    // span: numerators < 2^55, denominators < 2^62 (both fit i64), cross
    // products < 2^117.
    let (lo, hi, dl) = (
        lo.map(|v| v as i64),
        hi.map(|v| v as i64),
        dl.map(|v| v as i64),
    );
    let (times, ok) = slab_times(
        lo,
        hi,
        &dl.map(|v| v < 0),
        &dl.map(i64::abs),
        Bounds::Closed,
    );
    // d' = A^T dir is non-zero (the axes are independent) and its largest
    // component keeps >= 2^61 after the shift: some axis has finite times,
    // so the folded entry is finite.
    if !closed_meets(&times, ok) {
        return None;
    }
    let sp = fold(&times);
    let e = sp.enter;
    // t raw bits (scale 2^32) = e.num * 2^(64 - s) / e.den. Compare with
    // max_t: e.num * 2^(64 - s) < 2^55 * 2^64 = 2^119; max_t raw * e.den
    // < 2^63 * 2^62 = 2^125. The slab box's entry is never later than the
    // box's: beyond max_t, both miss.
    if e > Time::ZERO && i128::from(e.num) << (64 - s) > wide(ray.max_t()) * i128::from(e.den) {
        return None;
    }
    Some(SlabRay {
        span: sp,
        s,
        dl,
        u_exact,
        d_exact,
    })
}

impl<const D: usize> SlabRay<D> {
    /// The origin is in the slab box (closed).
    fn origin_in_slabs(&self) -> bool {
        self.span.enter <= Time::ZERO
    }

    /// Whether the point at the raw time `T` (`scaled = floor(2^64 T)`)
    /// is surely strictly within `room` ulps of the center along the axis
    /// `j` of the box frame, from the exact frame: `u_j + T d_j / 2^32` at
    /// scale 2^64, from `floor(2^64 T)` (an error below 2 there).
    fn within(&self, j: usize, scaled: u128, room: i128) -> bool {
        let (Some(&u0), Some(&dj)) = (self.u_exact.get(j), self.d_exact.get(j)) else {
            return false;
        };
        // T dj / 2^32 at scale 2^64: floor(2^64 T) |dj| / 2^96, the sign
        // of dj.
        let moved = shr(mul_full(scaled, dj.unsigned_abs()), 96);
        let Some(moved) = i128::try_from(moved.1).ok().filter(|_| moved.0 == 0) else {
            return false;
        };
        let Some(uj) = u0.checked_add(if dj < 0 { -moved } else { moved }) else {
            return false;
        };
        let Some(room) = room.checked_mul(1 << 32) else {
            return false;
        };
        uj.unsigned_abs() + 2 <= room.max(0).unsigned_abs()
    }

    /// The origin is surely in the box ([`deep_inside`]).
    fn deep_inside(&self, obb: &Obb<D>) -> bool {
        deep_inside(obb, &self.u_exact)
    }

    /// The answer for exactly orthonormal axes, where the slab box is the
    /// box: the hit at the entry time.
    fn hit(&self, ray: &Ray<D>, obb: &Obb<D>) -> RayHit<D> {
        let (e, axis, s) = (self.span.enter, self.span.axis, self.s);
        if e <= Time::ZERO {
            return RayHit::at_origin(ray);
        }
        let (e_num, e_den) = (i128::from(e.num), i128::from(e.den));
        // Checked against max_t already: in range.
        let t = Fx::from_bits(div_floor(e_num << (64 - s), e_den) as i64);
        // point_k = o_k + floor(e * dir_k), e * dir_k raw = e.num * dir_k *
        // 2^(32 - s) / e.den. X = e.num * dir_k < 2^107; split the division
        // so no product exceeds 2^94 (the quotient part is the displacement
        // to a point of the slab box, < 2^23 in value, raw < 2^55;
        // saturating ops keep even a violated bound from panicking).
        let k32 = 32 - s;
        let mut point = ray.origin();
        for (p, d) in point.0.iter_mut().zip(ray.dir().0) {
            let xk = e_num * wide(d);
            let q = div_floor(xk, e_den);
            let rem = xk - q * e_den; // 0 <= rem < e.den < 2^62
            let step = q
                .saturating_mul(1i128 << k32)
                .saturating_add(div_floor(rem << k32, e_den));
            let v =
                (wide(*p).saturating_add(step)).clamp(i128::from(i64::MIN), i128::from(i64::MAX));
            *p = Fx::from_bits(v as i64);
        }
        // `axis < D`: the span engine picks one of the D axes (both `get`s
        // are `Some`).
        let normal = match (obb.axes().get(axis), self.dl.get(axis)) {
            (Some(a), Some(&d)) if d > 0 => Vector(a.0.map(|v| -v)),
            (Some(&a), _) => a,
            (None, _) => Vector::ZERO,
        };
        RayHit {
            t,
            point,
            normal,
            inside: false,
        }
    }
}

/// A point is surely in the box: its box-frame coordinates `u_i = (p - c)
/// . A_i` (exact, scale 2^64) satisfy `|u_i| <= h_i - m` for every axis,
/// with `m` = [`Obb::band`]`(0)`.
///
/// Why: with the Gram matrix `G = A^T A = I + E` (`|E_ij| <= tau`), the box
/// coordinates `s` of the point satisfy `u = G s`, so `|s_i| <= |u_i| + D
/// tau max_j |s_j|` and `max |s| <= max |u| / (1 - D tau)`: `|s_i| <= h_i -
/// m + D tau max_h / (1 - D tau) <= h_i`, since `m >= 2 D tau max_h` and `D
/// tau <= 1/2`. (`u` rounded down to an ulp: the exact value is below `u +
/// 1`.)
fn deep_inside<const D: usize>(obb: &Obb<D>, u_exact: &[i128; D]) -> bool {
    let m = wide(obb.band(Fx::ZERO));
    u_exact.iter().zip(obb.half().0).all(|(&u, h)| {
        let (u, room) = (u >> 32, wide(h) - m);
        (-room <= u) & (u < room)
    })
}

#[cfg(test)]
mod tests;
