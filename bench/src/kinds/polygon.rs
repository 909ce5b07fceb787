//! Convex polygon kinds (2D): polygon-polygon overlap and ray vs polygon,
//! against parry2d's `ConvexPolygon`.
//!
//! A polygon is 4 to 8 of the 20 integer points of the circle `x^2 + y^2 =
//! 625`, counter-clockwise with at most a quarter turn between neighbours,
//! scaled by an integer and moved to a center on the grid: strictly convex
//! in exact arithmetic, every coordinate a multiple of 2^-4 below 2^14, so
//! both libraries get the same polygon (parry's `from_convex_polyline`
//! keeps every vertex: none is collinear).

use super::{WORLD, judge_cast, judge_hit, judge_time};
use crate::grid::{GRay, fl, fx, nonzero_vec, pvec2, uniform, uniform_vec};
use crate::judge::{Verdict, bracketed, eps};
use crate::{Convert, Query};
use fixed_collide::{Cast, Fx, Polygon, Polygon8, Ray2, RayHit, Shape, Vec2};
use fixed_collide_cli::replay::queries::CIRCLE;
use fixed_collide_cli::rng::Rng;
use parry2d::math::{Pose, Vector as PVec};
use parry2d::query::{Ray as PRay, RayCast, ShapeCastHit, ShapeCastOptions};
use parry2d::shape::ConvexPolygon;

/// Most circle points between neighbouring vertices (5 of 20: a quarter
/// turn).
const MAX_GAP: usize = 5;

/// A convex polygon in grid counts: its center and its first `n` vertices.
#[derive(Clone, Copy, Debug)]
pub struct GPolygon {
    /// The center (strictly inside).
    pub c: [i32; 2],
    /// The vertices, counter-clockwise.
    pub v: [[i32; 2]; 8],
    /// How many.
    pub n: usize,
}

impl GPolygon {
    /// A polygon of 4 to 8 vertices around a center in `-WORLD..=WORLD`,
    /// of radius `25 * s` grid counts, `s` in `1..=smax`.
    fn draw(rng: &mut Rng, smax: i32) -> Self {
        let n = uniform(rng, 4, 8) as usize;
        let mut gaps = [1usize; 8];
        for _ in n..CIRCLE.len() {
            let mut g = rng.below(n as u64) as usize;
            while gaps[g] >= MAX_GAP {
                g = (g + 1) % n;
            }
            gaps[g] += 1;
        }
        let c: [i32; 2] = uniform_vec(rng, -WORLD, WORLD);
        let s = uniform(rng, 1, smax);
        let mut at = rng.below(CIRCLE.len() as u64) as usize;
        let mut v = [[0; 2]; 8];
        for (slot, gap) in v.iter_mut().zip(&gaps).take(n) {
            // The circle's points are below 26: exact in i32.
            let [x, y] = CIRCLE[at % CIRCLE.len()].map(|k| k as i32);
            *slot = [c[0] + s * x, c[1] + s * y];
            at += gap;
        }
        Self { c, v, n }
    }

    /// fixed-collide's polygon with every vertex moved away from the
    /// center by `2 pad` (inward for a negative `pad`): every edge moves
    /// by at least `1.4 pad`, as no turn between neighbours exceeds a
    /// quarter (used to bracket answers near touching).
    pub fn fixed_padded(&self, pad: Fx) -> Polygon {
        let pts: Vec<Vec2> = self.v[..self.n]
            .iter()
            .map(|p| {
                let (dx, dy) = (f64::from(p[0] - self.c[0]), f64::from(p[1] - self.c[1]));
                let len = dx.hypot(dy);
                let k = 2.0 * pad.to_num::<f64>() * 16.0 / len;
                Vec2::new(
                    fx(p[0]) + Fx::from_num(dx * k / 16.0),
                    fx(p[1]) + Fx::from_num(dy * k / 16.0),
                )
            })
            .collect();
        Polygon::try_new(&pts).expect("a padded grid polygon stays convex")
    }
}

/// The polygon at capacity 8 (136 bytes), as a user with polygons of up
/// to 8 vertices holds them: the overlap and ray kinds read these.
impl Convert<Polygon8> for GPolygon {
    fn convert(&self) -> Polygon8 {
        let pts: Vec<Vec2> = self.v[..self.n]
            .iter()
            .map(|p| Vec2::new(fx(p[0]), fx(p[1])))
            .collect();
        Polygon8::try_from(&pts[..]).expect("a valid grid polygon")
    }
}

/// The polygon at the capacity a `Shape` holds (64).
impl Convert<Polygon> for GPolygon {
    fn convert(&self) -> Polygon {
        let p: Polygon8 = self.convert();
        p.to_polygon()
    }
}

/// parry2d's convex polygon: the same vertices.
impl Convert<ConvexPolygon> for GPolygon {
    fn convert(&self) -> ConvexPolygon {
        let pts = self.v[..self.n].iter().map(|p| pvec2(*p)).collect();
        ConvexPolygon::from_convex_polyline_unmodified(pts).expect("a convex grid polygon")
    }
}

/// parry2d's 2D ray and its `max_t`.
impl Convert<(PRay, f32)> for GRay<2> {
    fn convert(&self) -> (PRay, f32) {
        (PRay::new(pvec2(self.o), pvec2(self.d)), fl(self.max_t))
    }
}

/// The bracket of parry's GJK tolerance: the shapes grown and shrunk by 16
/// EPS (1/256 unit).
fn gjk_pad() -> Fx {
    eps() * 16
}

/// The explained class of a GJK contact across a small gap.
const GJK_GAP: &str = "GJK (f32) reports contact across a gap below 16 EPS: its tolerance";

/// The explained class of a GJK ray time.
const GJK_TIME: &str = "GJK ray cast (f32) time within the 16 EPS bracket: its tolerance";

/// The explained class of a disagreement where an exact rational reference
/// (separating axes, or Cyrus-Beck clipping, in integers) gives
/// fixed-collide's answer.
const EXACT_AGREES: &str =
    "parry's GJK (f32) differs from the exact reference, which agrees with fixed-collide";

/// `(q - p) x (v - p)` in grid integers.
fn cross(p: [i32; 2], q: [i32; 2], v: [i64; 2]) -> i64 {
    let (ex, ey) = (i64::from(q[0] - p[0]), i64::from(q[1] - p[1]));
    ex * (v[1] - i64::from(p[1])) - ey * (v[0] - i64::from(p[0]))
}

/// Whether the closed polygons overlap, exactly: no edge of either has the
/// other wholly strictly outside it.
fn exact_overlap(a: &GPolygon, b: &GPolygon) -> bool {
    let separates = |a: &GPolygon, b: &GPolygon| {
        (0..a.n).any(|i| {
            let (p, q) = (a.v[i], a.v[(i + 1) % a.n]);
            b.v[..b.n]
                .iter()
                .all(|v| cross(p, q, [i64::from(v[0]), i64::from(v[1])]) < 0)
        })
    };
    !separates(a, b) && !separates(b, a)
}

/// Whether fixed-collide's ray answer is the exact one: the closed
/// Cyrus-Beck clip of `t` in `[0, max_t]` in rationals (`t` floored to
/// 2^-32 for a hit).
fn exact_ray_agrees(r: &GRay<2>, b: &GPolygon, f: &Option<RayHit<2>>) -> bool {
    // Entry and exit as fractions num / den (den > 0), grid integers: the
    // products below 2^40.
    let (mut en, mut ed) = (0i128, 1i128);
    let (mut xn, mut xd) = (i128::from(r.max_t), 1i128);
    let o = [i64::from(r.o[0]), i64::from(r.o[1])];
    for i in 0..b.n {
        let (p, q) = (b.v[i], b.v[(i + 1) % b.n]);
        let num = i128::from(cross(p, q, o));
        let (ex, ey) = (i128::from(q[0] - p[0]), i128::from(q[1] - p[1]));
        let den = ex * i128::from(r.d[1]) - ey * i128::from(r.d[0]);
        // Inside along the ray: num + t den >= 0.
        if den == 0 {
            if num < 0 {
                return f.is_none();
            }
        } else if den > 0 {
            // t >= -num / den
            if -num * ed > en * den {
                (en, ed) = (-num, den);
            }
        } else if num * xd < xn * -den {
            // t <= num / -den
            (xn, xd) = (num, -den);
        }
    }
    let hit = en * xd <= xn * ed;
    match f {
        None => !hit,
        Some(h) => hit && (en << 32) / ed == i128::from(h.t.to_bits()),
    }
}

/// Largest scale of the polygons (radius `25 * SMAX` grid counts: 12.5
/// units).
const SMAX: i32 = 8;

/// `polygon_overlap` vs `query::intersection_test` (GJK) on two
/// `ConvexPolygon`s at the identity pose.
pub struct PolygonOverlap;

impl Query for PolygonOverlap {
    const NAME: &'static str = "polygon_overlap";
    const PARRY_CALL: &'static str = "query::intersection_test (ConvexPolygon, GJK)";
    const SEED: u64 = 0xF00;
    type GA = GPolygon;
    type GB = GPolygon;
    type FA = Polygon8;
    type FB = Polygon8;
    type PA = ConvexPolygon;
    type PB = ConvexPolygon;
    type FOut = bool;
    type POut = bool;

    fn gen_a(rng: &mut Rng) -> GPolygon {
        // Centers within 64 units, radii to 12.5: about half the pairs meet
        // at WORLD / 5.
        let mut p = GPolygon::draw(rng, SMAX);
        let shift = p.c.map(|c| c / 5 - c);
        p.c = p.c.map(|c| c / 5);
        for v in &mut p.v[..p.n] {
            *v = [v[0] + shift[0], v[1] + shift[1]];
        }
        p
    }
    fn gen_b(rng: &mut Rng) -> GPolygon {
        Self::gen_a(rng)
    }
    fn fixed(a: &Polygon8, b: &Polygon8) -> bool {
        fixed_collide::polygon_overlap(a, b)
    }
    fn parry(a: &ConvexPolygon, b: &ConvexPolygon) -> bool {
        let id = Pose::IDENTITY;
        parry2d::query::intersection_test(&id, a, &id, b).is_ok_and(|i| i.intersecting)
    }
    fn judge(a: &GPolygon, b: &GPolygon, f: &bool, p: &bool) -> Verdict {
        let padded =
            |pad| fixed_collide::polygon_overlap(&a.fixed_padded(pad), &b.fixed_padded(pad));
        let v = judge_hit(
            (a, b),
            *f,
            *p,
            || None,
            padded,
            "within EPS of touching: GJK in f32 decides",
        );
        // parry's GJK ends within its own tolerance: it reports contact
        // across gaps wider than `f32` rounding.
        match v {
            Verdict::Unexplained(_) if !*f && *p && padded(gjk_pad()) => {
                Verdict::Explained(GJK_GAP)
            }
            Verdict::Unexplained(_) if exact_overlap(a, b) == *f => {
                Verdict::Explained(EXACT_AGREES)
            }
            v => v,
        }
    }
}

/// `ray_polygon` vs `ConvexPolygon::cast_local_ray` (solid, the same
/// `max_t`).
pub struct RayPolygon;

/// A 2D ray of the ray kinds (polygons, segments): an origin in the world,
/// a non-zero direction below 4 units per axis, `max_t` up to 256.
pub(super) fn gen_ray2(rng: &mut Rng) -> GRay<2> {
    GRay {
        o: uniform_vec(rng, -WORLD, WORLD),
        d: nonzero_vec(rng, 64),
        max_t: uniform(rng, 0, 4096),
    }
}

impl Query for RayPolygon {
    const NAME: &'static str = "ray_polygon";
    const PARRY_CALL: &'static str = "ConvexPolygon::cast_local_ray";
    const SEED: u64 = 0xF10;
    type GA = GRay<2>;
    type GB = GPolygon;
    type FA = Ray2;
    type FB = Polygon8;
    type PA = (PRay, f32);
    type PB = ConvexPolygon;
    type FOut = Option<RayHit<2>>;
    type POut = Option<f32>;

    fn gen_a(rng: &mut Rng) -> GRay<2> {
        gen_ray2(rng)
    }
    fn gen_b(rng: &mut Rng) -> GPolygon {
        GPolygon::draw(rng, 2 * SMAX)
    }
    fn fixed(a: &Ray2, b: &Polygon8) -> Self::FOut {
        fixed_collide::ray_polygon(a, b)
    }
    fn parry(a: &(PRay, f32), b: &ConvexPolygon) -> Option<f32> {
        b.cast_local_ray(&a.0, a.1, true)
    }
    fn judge(a: &GRay<2>, b: &GPolygon, f: &Self::FOut, p: &Option<f32>) -> Verdict {
        let ray = a.fixed();
        let padded =
            |pad| fixed_collide::ray_polygon(&ray, &b.fixed_padded(pad)).map(|h| h.t.to_num());
        let (ft, pt, max_t) = (
            f.map(|h| h.t.to_num()),
            p.map(f64::from),
            f64::from(fl(a.max_t)),
        );
        let v = judge_time((a, b), ft, pt, max_t, || None, padded);
        // parry's ray cast on a convex polygon is a GJK ray cast: its time
        // ends within its tolerance, wider than `f32` rounding.
        match (v, pt) {
            (Verdict::Unexplained(_), Some(tp))
                if bracketed(tp, padded(gjk_pad()), padded(-gjk_pad()), max_t) =>
            {
                Verdict::Explained(GJK_TIME)
            }
            (Verdict::Unexplained(_), _) if exact_ray_agrees(a, b, f) => {
                Verdict::Explained(EXACT_AGREES)
            }
            (v, _) => v,
        }
    }
}

/// A moving polygon and its displacement over the step (grid counts).
#[derive(Clone, Copy, Debug)]
pub struct GPolyMover {
    /// The polygon at the start.
    pub p: GPolygon,
    /// The displacement.
    pub d: [i32; 2],
}

impl Convert<(Shape<2>, Vec2)> for GPolyMover {
    fn convert(&self) -> (Shape<2>, Vec2) {
        let p: Polygon = self.p.convert();
        (p.into(), Vec2::new(fx(self.d[0]), fx(self.d[1])))
    }
}

impl Convert<(ConvexPolygon, PVec)> for GPolyMover {
    fn convert(&self) -> (ConvexPolygon, PVec) {
        (self.p.convert(), pvec2(self.d))
    }
}

impl Convert<Shape<2>> for GPolygon {
    fn convert(&self) -> Shape<2> {
        let p: Polygon = self.convert();
        p.into()
    }
}

/// `shape_cast` of a moving polygon against a still one vs
/// `query::cast_shapes` (GJK), `max_time_of_impact` 1.
pub struct PolygonCast;

impl Query for PolygonCast {
    const NAME: &'static str = "polygon_cast";
    const PARRY_CALL: &'static str = "query::cast_shapes (ConvexPolygon)";
    const SEED: u64 = 0xF20;
    type GA = GPolygon;
    type GB = GPolyMover;
    type FA = Shape<2>;
    type FB = (Shape<2>, Vec2);
    type PA = ConvexPolygon;
    type PB = (ConvexPolygon, PVec);
    type FOut = Option<Cast<2>>;
    type POut = Option<ShapeCastHit>;

    fn gen_a(rng: &mut Rng) -> GPolygon {
        PolygonOverlap::gen_a(rng)
    }
    fn gen_b(rng: &mut Rng) -> GPolyMover {
        GPolyMover {
            p: PolygonOverlap::gen_a(rng),
            d: uniform_vec(rng, -400, 400),
        }
    }
    fn fixed(a: &Shape<2>, b: &(Shape<2>, Vec2)) -> Self::FOut {
        fixed_collide::shape_cast(&b.0, &b.1, a).ok().flatten()
    }
    fn parry(a: &ConvexPolygon, b: &(ConvexPolygon, PVec)) -> Self::POut {
        let options = ShapeCastOptions::with_max_time_of_impact(1.0);
        let id = Pose::IDENTITY;
        parry2d::query::cast_shapes(&id, PVec::ZERO, a, &id, b.1, &b.0, options)
            .ok()
            .flatten()
    }
    fn judge(a: &GPolygon, b: &GPolyMover, f: &Self::FOut, p: &Self::POut) -> Verdict {
        let (m, d): (Shape<2>, Vec2) = b.convert();
        let padded = |pad| {
            let t: Shape<2> = a.fixed_padded(pad).into();
            fixed_collide::shape_cast(&m, &d, &t)
                .ok()
                .flatten()
                .map(|c| c.t_enter.to_num::<f64>())
        };
        let travel = (f64::from(fl(b.d[0])).powi(2) + f64::from(fl(b.d[1])).powi(2)).sqrt();
        let ft = f.map(|c| c.t_enter);
        judge_cast((a, b), ft, p.map(|h| h.time_of_impact), travel, padded)
    }
}
