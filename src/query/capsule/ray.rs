//! Rays against curved shapes: [`ray_capsule`] (and so segments and
//! balls), and the generic [`ray_cast`] over every [`Shape`].
//!
//! Budgets (raw bits, inputs in the domain): vector components below 2^54,
//! their dot products below 2^111; the middle piece's coefficients below
//! 2^222, its discriminant below 2^446; the largest value formed, the
//! squared root term of a normal component (`2^64 disc beta^2`, `beta`
//! below 2^165), below 2^842: within the 1024 bits of the wide integer.

use super::core::Gap;
use super::wide::Big;
use crate::dim::{Const, Dim};
use crate::kernel::ratio::Ratio;
use crate::kernel::wide::dot_wide;
use crate::num::{Fx, wide};
use crate::query::obb::ray_obb;
use crate::query::ray::{RayHit, ray_aabb};
use crate::shape::{Ball, Capsule, Ray, Shape};
use crate::vec::Vector;

/// The first point of a ray (for `t` in `[0, max_t]`) in any shape, or
/// `None`: [`ray_aabb`] and [`ray_obb`] for the boxes (their rounding and
/// normals), [`ray_capsule`] for balls, segments and capsules,
/// [`ray_polygon`](crate::ray_polygon) for a convex polygon (2D; the normal
/// of the edge entered last, the lower edge index at a vertex). Exact for
/// every kind (an oriented box is the parallelepiped of its axes as given):
/// hit or miss exact, `t` the exact entry time floored.
///
/// # Examples
/// ```
/// use fixed_collide::{ray_cast, Circle, Fx, Ray2, Shape, Vec2};
/// let ball = Circle::try_new(Vec2::from_ints([5, 0]), Fx::from_num(2)).unwrap();
/// let r = Ray2::try_unbounded(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 0])).unwrap();
/// let h = ray_cast(&r, &Shape::from(ball)).unwrap();
/// assert_eq!((h.t, h.point, h.normal), (Fx::from_num(3), Vec2::from_ints([3, 0]), Vec2::from_ints([-1, 0])));
/// // A triangle with its vertex (2, 0) on the ray: entered there, by the
/// // lower of the two edges meeting at it (edge 0, normal (-1, -1) / sqrt 2).
/// use fixed_collide::Polygon;
/// let v = |x, y| Vec2::from_ints([x, y]);
/// let tri = Polygon::try_new(&[v(2, 0), v(4, -2), v(4, 2)]).unwrap();
/// let h = ray_cast(&r, &Shape::from(tri)).unwrap();
/// assert_eq!((h.t, h.point), (Fx::from_num(2), v(2, 0)));
/// assert!(h.normal.0[0] < Fx::ZERO && h.normal.0[1] < Fx::ZERO);
/// ```
pub fn ray_cast<const D: usize>(ray: &Ray<D>, shape: &Shape<D>) -> Option<RayHit<D>>
where
    Const<D>: Dim<D>,
{
    match shape {
        Shape::Aabb(b) => ray_aabb(ray, b),
        Shape::Obb(b) => ray_obb(ray, b),
        Shape::Sphere(b) => ray_sphere(ray, b),
        Shape::Segment(s) => ray_capsule(ray, &Capsule::from(*s)),
        Shape::Capsule(c) => ray_capsule(ray, c),
        Shape::Polygon(p) => Const::<D>::ray_polygon(ray, p),
    }
}

/// The first point of a ray in a closed ball, or `None`: exactly
/// [`ray_capsule`] on the ball as a capsule with `a = b` (the same bits:
/// its rounding, ties and degenerate cases).
///
/// How: from outside, for a direction of length `2^-16` or more, the
/// integer square root of the discriminant brackets the entry time; each
/// floor is taken at both ends of the bracket (the time as `C / (|B| +
/// sqrt(disc))` from one division, then each floor exactly from the root's
/// bracket) and kept when they agree, else decided by the quadratic's sign at the
/// candidate in 256-bit integers; the general walk of [`ray_capsule`]
/// answers the rest (a normal no bracket settles).
///
/// # Examples
/// ```
/// use fixed_collide::{ray_sphere, Fx, Ray3, Sphere, Vec3};
/// let s = Sphere::try_new(Vec3::from_ints([0, 0, 10]), Fx::from_num(5)).unwrap();
/// let r = Ray3::try_unbounded(Vec3::from_ints([3, 0, 0]), Vec3::from_ints([0, 0, 1])).unwrap();
/// let h = ray_sphere(&r, &s).unwrap();
/// assert_eq!(h.t, Fx::from_num(6)); // enters at (3, 0, 6): 3-4-5
/// // The normal (3, 0, -4) / 5, each component rounded down.
/// let want = Vec3::new(Fx::from_num(0.6), Fx::ZERO, Fx::from_num(-0.8));
/// for k in 0..3 {
///     assert!((h.normal.0[k] - want.0[k]).abs() <= Fx::DELTA);
///     assert!(h.normal.0[k] <= want.0[k]);
/// }
/// ```
pub fn ray_sphere<const D: usize>(ray: &Ray<D>, ball: &Ball<D>) -> Option<RayHit<D>> {
    super::sphere::ray_ball(ray, ball.center(), ball.radius())
        .unwrap_or_else(|| walk(ray, &Capsule::from(*ball)))
}

/// The first point of a ray (for `t` in `[0, max_t]`) in a closed capsule
/// (every point within `radius` of the segment `a b`), or `None`. Balls
/// (`a = b`) and segments (radius 0) included.
///
/// - **Hit/miss exact**; a ray grazing the surface (tangent) hits; a hit
///   exactly at `max_t` counts.
/// - `t`: the exact first parameter (in units of `dir`) at which the ray is
///   in the capsule, rounded **down** to an ulp. It is a root `(p -
///   sqrt(q)) / r` of a quadratic; its floor is computed exactly with an
///   integer square root and a correction step (`floor((p - sqrt(q)) / r)
///   = floor((p - ceil(sqrt(q))) / r)`), never by rounding a root and
///   comparing.
/// - `inside`: the origin is in the capsule or on its surface: `t = 0`,
///   `point = origin`, `normal` zero.
/// - `point`: each coordinate of the exact hit point, rounded down.
/// - `normal`: the outward unit normal of the capsule at the exact hit
///   point (away from the closest point of the segment), each component
///   rounded down, so within 2^-32 of the exact value. For radius 0 (a
///   segment or a point, no surface normal) it is the unit axis vector
///   against the ray's largest direction component: `-sign(dir_k) e_k` for
///   the first `k` with the largest `|dir_k|`.
///
/// How: for a positive radius and inputs below 2^54 (raw bits), the entry
/// into the axis's infinite cylinder, in 512-bit integers: the answer when
/// it lies between the end planes, else the ray against the end ball on
/// its side (each floor taken at both ends of a bracket of the square
/// root, kept when they agree). For radius 0 (a segment), where the
/// ray's line crosses the segment's: Cramer's rule in the coordinate plane
/// where the lines are furthest from parallel (cross products in `i128`;
/// in 3D the third coordinate checked in 256 bits), and the crossing's
/// exact fraction floored. Otherwise (collinear lines), or when a bracket
/// does not settle: along the ray the squared distance to the segment is a convex
/// piecewise quadratic in `t`, with pieces where the closest point is `a`,
/// interior, or `b`; the pieces are walked in order from `t = 0`, each
/// decided exactly at its rational end (1024-bit integers), and the entry
/// is the smaller root of the first piece that reaches the radius.
///
/// # Examples
/// ```
/// use fixed_collide::{ray_capsule, Capsule2, Fx, Ray2, Vec2};
/// let c = Capsule2::try_new(Vec2::from_ints([0, 5]), Vec2::from_ints([10, 5]), Fx::ONE).unwrap();
/// let r = Ray2::try_unbounded(Vec2::from_ints([3, 0]), Vec2::from_ints([0, 2])).unwrap();
/// let h = ray_capsule(&r, &c).unwrap();
/// assert_eq!((h.t, h.point, h.normal), (Fx::from_num(2), Vec2::from_ints([3, 4]), Vec2::from_ints([0, -1])));
/// // A ray that passes the end cap 1 ulp too far out misses.
/// let far = Ray2::try_unbounded(Vec2::new(Fx::from_num(11) + Fx::DELTA, Fx::ZERO), Vec2::from_ints([0, 1])).unwrap();
/// assert!(ray_capsule(&far, &c).is_none());
/// ```
pub fn ray_capsule<const D: usize>(ray: &Ray<D>, capsule: &Capsule<D>) -> Option<RayHit<D>> {
    let fast = if capsule.radius() == Fx::ZERO {
        super::crossing::ray_segment(ray, capsule.a(), capsule.b())
    } else {
        super::cylinder::ray_capsule(ray, capsule)
    };
    fast.unwrap_or_else(|| walk(ray, capsule))
}

/// The general walk of [`ray_capsule`] (its answer for every input): the
/// pieces in 1024-bit integers.
pub(crate) fn walk<const D: usize>(ray: &Ray<D>, capsule: &Capsule<D>) -> Option<RayHit<D>> {
    let mut gap = Gap::new();
    gap.segment(&capsule.a(), &capsule.b(), false);
    gap.point(&ray.origin(), true);
    let r = wide(capsule.radius());
    if gap.within(r) {
        return Some(RayHit::at_origin(ray));
    }
    // A certain miss of the ray's segment and the capsule's core (their
    // distance beyond the radius), when the segment is within the
    // program's budgets (`max_t` up to 2^21: `|x| <= 2^53` raw).
    let reach = wide(ray.max_t());
    if reach <= 1 << 53 {
        let mut m = [0i128; 3];
        for (mk, dk) in m.iter_mut().zip(ray.dir().0) {
            *mk = -wide(dk);
        }
        let mut swept = gap;
        swept.column(m, 0, reach);
        if swept.certainly_beyond(r) {
            return None;
        }
    }
    let g = Geometry::new(ray, capsule);
    let (piece, quad) = g.entry_piece()?;
    g.hit(ray, capsule, piece, &quad)
}

/// Where the closest point of the segment is, along a piece of the ray.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Piece {
    EndA,
    Middle,
    EndB,
}

/// `A t^2 + 2 B t + C` (the squared distance minus `r^2`, times `|u|^2`
/// on the middle piece).
struct Quad {
    a: Big,
    b: Big,
    c: Big,
}

/// Raw-bit vectors of one cast: `m = o - a`, `mb = o - b`, `d`, `u = b - a`.
/// Budgets: components below 2^54, dot products below 2^111.
struct Geometry<const D: usize> {
    m: [i128; D],
    mb: [i128; D],
    d: [i128; D],
    u: [i128; D],
    r2: i128,
}

impl<const D: usize> Geometry<D> {
    fn new(ray: &Ray<D>, c: &Capsule<D>) -> Self {
        let o = ray.origin().0.map(wide);
        let (a, b) = (c.a().0.map(wide), c.b().0.map(wide));
        let r = wide(c.radius());
        Geometry {
            m: minus(o, a),
            mb: minus(o, b),
            d: ray.dir().0.map(wide),
            u: minus(b, a),
            r2: r * r,
        }
    }

    fn quad(&self, piece: Piece) -> Quad {
        let d = &self.d;
        match piece {
            Piece::EndA | Piece::EndB => {
                let m = if piece == Piece::EndA {
                    &self.m
                } else {
                    &self.mb
                };
                Quad {
                    a: Big::from(dot_wide(d, d)),
                    b: Big::from(dot_wide(m, d)),
                    c: Big::from(dot_wide(m, m) - self.r2),
                }
            }
            Piece::Middle => {
                let (uu, du, mu) = (
                    dot_wide(&self.u, &self.u),
                    dot_wide(d, &self.u),
                    dot_wide(&self.m, &self.u),
                );
                let (dd, md, mm) = (
                    dot_wide(d, d),
                    dot_wide(&self.m, d),
                    dot_wide(&self.m, &self.m),
                );
                Quad {
                    a: Big::prod(uu, dd).sub(Big::prod(du, du)),
                    b: Big::prod(uu, md).sub(Big::prod(mu, du)),
                    c: Big::prod(uu, mm - self.r2).sub(Big::prod(mu, mu)),
                }
            }
        }
    }

    /// The pieces in the order the ray meets them, each with its end
    /// (`None`: unbounded).
    fn pieces(&self) -> ([(Piece, Option<Ratio>); 3], usize) {
        let (uu, du, mu) = (
            dot_wide(&self.u, &self.u),
            dot_wide(&self.d, &self.u),
            dot_wide(&self.m, &self.u),
        );
        if uu == 0 || du == 0 {
            // A point, or a ray across the segment's direction: one piece.
            let piece = if uu == 0 || mu < 0 {
                Piece::EndA
            } else if mu > uu {
                Piece::EndB
            } else {
                Piece::Middle
            };
            return ([(piece, None); 3], 1);
        }
        // s(t) |u|^2 = mu + t du: s = 0 at -mu / du, s = 1 at (uu - mu) / du.
        let (at_a, at_b) = (Ratio::new(-mu, du), Ratio::new(uu - mu, du));
        if du > 0 {
            (
                [
                    (Piece::EndA, Some(at_a)),
                    (Piece::Middle, Some(at_b)),
                    (Piece::EndB, None),
                ],
                3,
            )
        } else {
            (
                [
                    (Piece::EndB, Some(at_b)),
                    (Piece::Middle, Some(at_a)),
                    (Piece::EndA, None),
                ],
                3,
            )
        }
    }

    /// The piece holding the entry (its quadratic's smaller root), if the
    /// ray (unbounded) enters the capsule. The origin is outside.
    fn entry_piece(&self) -> Option<(Piece, Quad)> {
        let (pieces, n) = self.pieces();
        let mut start = Ratio::new(0, 1);
        for &(piece, end) in pieces.iter().take(n) {
            // The part of the piece at t >= 0: [start, end].
            if let Some(e) = end
                && !start.lt(&e)
            {
                continue; // ends before the ray's current start
            }
            let q = self.quad(piece);
            if let Some(e) = end {
                // q(e) den^2 = A n^2 + 2 B n den + C den^2 <= 0: inside at e.
                let (n, dn) = (Big::from(e.num), Big::from(e.den));
                let at_end =
                    q.a.mul(n.square())
                        .add(Big::from(2).mul(q.b).mul(n).mul(dn))
                        .add(q.c.mul(dn.square()));
                if at_end <= Big::from(0) {
                    return Some((piece, q));
                }
            }
            // Outside at both ends: inside in between iff the vertex -B/A
            // lies strictly inside and the discriminant is >= 0.
            if q.a > Big::from(0) {
                let nb = q.b.neg();
                let after_start = nb.mul(Big::from(start.den)) > Big::from(start.num).mul(q.a);
                let before_end =
                    end.is_none_or(|e| nb.mul(Big::from(e.den)) < Big::from(e.num).mul(q.a));
                let disc = q.b.square().sub(q.a.mul(q.c));
                if after_start && before_end && disc >= Big::from(0) {
                    return Some((piece, q));
                }
            }
            if let Some(e) = end {
                start = e;
            }
        }
        None
    }

    /// The answer for the entry `t* = (-B - sqrt(B^2 - AC)) / A` of `piece`.
    fn hit(&self, ray: &Ray<D>, c: &Capsule<D>, piece: Piece, q: &Quad) -> Option<RayHit<D>> {
        let disc = q.b.square().sub(q.a.mul(q.c));
        let disc64 = disc.mul(Big::pow2(64));
        // t* <= max_t  <=>  -B 2^32 - M A <= sqrt(disc 2^64).
        let p32 = q.b.neg().mul(Big::pow2(32));
        let lhs = p32.sub(Big::from(wide(ray.max_t())).mul(q.a));
        if lhs > Big::from(0) && lhs.square() > disc64 {
            return None;
        }
        let t = Big::floor_root_div(p32, false, disc64, q.a).to_fx_saturating();
        let mut point = ray.origin();
        for (slot, &d) in point.0.iter_mut().zip(&self.d) {
            // o_k + floor((-B d_k - d_k sqrt(disc)) / A).
            let dk = Big::from(d);
            let step = Big::floor_root_div(q.b.neg().mul(dk), d < 0, disc.mul(dk.square()), q.a);
            *slot = Big::from(wide(*slot)).add(step).to_fx_saturating();
        }
        let normal = if c.radius() == Fx::ZERO {
            axis_normal(&self.d)
        } else {
            self.normal(piece, q, &disc64, wide(c.radius()))
        };
        Some(RayHit {
            t,
            point,
            normal,
            inside: false,
        })
    }

    /// The outward normal `(alpha + beta t*) / den`, per component rounded
    /// down: end pieces `(m + t d) / r`, the middle `(|u|^2 w - (w.u) u) /
    /// (|u|^2 r)` with `w = m + t d`.
    fn normal(&self, piece: Piece, q: &Quad, disc64: &Big, r: i128) -> Vector<D> {
        let uu = dot_wide(&self.u, &self.u);
        let (du, mu) = (dot_wide(&self.d, &self.u), dot_wide(&self.m, &self.u));
        let mut n = Vector::ZERO;
        let parts = self.m.iter().zip(&self.mb).zip(self.d.iter().zip(&self.u));
        for (nk, ((&mk, &mbk), (&dk, &uk))) in n.0.iter_mut().zip(parts) {
            let (alpha, beta, den) = match piece {
                Piece::EndA => (Big::from(mk), Big::from(dk), Big::from(r)),
                Piece::EndB => (Big::from(mbk), Big::from(dk), Big::from(r)),
                Piece::Middle => (
                    Big::prod(uu, mk).sub(Big::prod(mu, uk)),
                    Big::prod(uu, dk).sub(Big::prod(du, uk)),
                    Big::prod(uu, r),
                ),
            };
            // 2^32 (alpha A - beta B - beta sqrt(disc)) / (A den).
            let p = alpha.mul(q.a).sub(beta.mul(q.b)).mul(Big::pow2(32));
            let v = Big::floor_root_div(
                p,
                beta.is_negative(),
                disc64.mul(beta.square()),
                q.a.mul(den),
            );
            *nk = v.to_fx_saturating();
        }
        n
    }
}

/// The normal of a hit on radius 0 (a segment or a point, no surface
/// normal): `-sign(dir_k) e_k` for the first `k` with the largest
/// `|dir_k|` (raw bits `d`).
pub(super) fn axis_normal<const D: usize>(d: &[i128; D]) -> Vector<D> {
    let mut best = (0, 0i128);
    for (k, &dk) in d.iter().enumerate() {
        if dk.abs() > best.1.abs() {
            best = (k, dk);
        }
    }
    Vector::unit(best.0, best.1 < 0)
}

/// `x - y` per component.
fn minus<const D: usize>(x: [i128; D], y: [i128; D]) -> [i128; D] {
    let mut r = x;
    for (rk, yk) in r.iter_mut().zip(y) {
        *rk -= yk;
    }
    r
}
