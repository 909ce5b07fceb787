//! Ray vs segment (2D): `ray_cast` on a segment (its exact crossing) against
//! parry2d's `Segment::cast_local_ray`, the wall query of 2D games.

use super::polygon::gen_ray2;
use super::{WORLD, judge_time};
use crate::grid::{GRay, fl, fx_vec, nonzero_vec, pvec2, uniform_vec};
use crate::judge::{Verdict, eps};
use crate::{Convert, Query};
use fixed_collide::{Capsule2, Fx, Ray2, RayHit, Segment2, Shape};
use fixed_collide_cli::rng::Rng;
use parry2d::query::{Ray as PRay, RayCast};
use parry2d::shape::Segment as PSegment;

/// Largest half-length component of the segments (grid counts).
const HALF: i32 = 1800;

/// A segment in grid counts.
#[derive(Clone, Copy, Debug)]
pub struct GSegment {
    /// First end point.
    pub a: [i32; 2],
    /// Second end point.
    pub b: [i32; 2],
}

impl GSegment {
    /// The segment as a capsule of radius `pad` when `pad >= 0`, else the
    /// segment shortened by `|pad|` along itself at both ends (the ends
    /// rounded to the nearest ulp: off the line by far less than `EPS`),
    /// the brackets of an answer near an end.
    fn padded(&self, pad: Fx) -> Capsule2 {
        let (mut a, mut b) = (fx_vec(self.a), fx_vec(self.b));
        if pad < Fx::ZERO {
            let u = [0, 1].map(|k| f64::from(self.b[k] - self.a[k]) * f64::from(fl(1)));
            let len = u[0].hypot(u[1]);
            let cut = (-pad.to_num::<f64>() / len).min(0.5);
            for ((ak, bk), uk) in a.0.iter_mut().zip(b.0.iter_mut()).zip(u) {
                let step = Fx::from_num(uk * cut);
                *ak += step;
                *bk -= step;
            }
        }
        Capsule2::try_new(a, b, pad.max(Fx::ZERO)).expect("valid grid segment")
    }
}

impl Convert<Segment2> for GSegment {
    fn convert(&self) -> Segment2 {
        Segment2::try_new(fx_vec(self.a), fx_vec(self.b)).expect("valid grid segment")
    }
}

impl Convert<PSegment> for GSegment {
    fn convert(&self) -> PSegment {
        PSegment::new(pvec2(self.a), pvec2(self.b))
    }
}

/// `ray_cast` on a segment vs `Segment::cast_local_ray` (the same
/// `max_t`).
pub struct RaySegment;

impl Query for RaySegment {
    const NAME: &'static str = "ray_segment";
    const PARRY_CALL: &'static str = "Segment::cast_local_ray (2D)";
    const SEED: u64 = 0xF20;
    type GA = GRay<2>;
    type GB = GSegment;
    type FA = Ray2;
    type FB = Segment2;
    type PA = (PRay, f32);
    type PB = PSegment;
    type FOut = Option<RayHit<2>>;
    type POut = Option<f32>;

    fn gen_a(rng: &mut Rng) -> GRay<2> {
        gen_ray2(rng)
    }
    fn gen_b(rng: &mut Rng) -> GSegment {
        let c: [i32; 2] = uniform_vec(rng, -WORLD, WORLD);
        let h: [i32; 2] = nonzero_vec(rng, HALF);
        GSegment {
            a: [c[0] - h[0], c[1] - h[1]],
            b: [c[0] + h[0], c[1] + h[1]],
        }
    }
    fn fixed(a: &Ray2, b: &Segment2) -> Self::FOut {
        fixed_collide::ray_cast(a, &Shape::from(*b))
    }
    fn parry(a: &(PRay, f32), b: &PSegment) -> Option<f32> {
        b.cast_local_ray(&a.0, a.1, true)
    }
    fn judge(a: &GRay<2>, b: &GSegment, f: &Self::FOut, p: &Option<f32>) -> Verdict {
        let ray = a.fixed();
        let at = |c: &Capsule2| fixed_collide::ray_capsule(&ray, c).map(|h| h.t.to_num::<f64>());
        // Grown by EPS: the earliest time; shortened: the exact crossing's
        // time as late again past it (a crossing's time moves both ways).
        let padded = |pad: Fx| {
            if pad >= Fx::ZERO {
                at(&b.padded(pad))
            } else {
                let (early, t) = (at(&b.padded(eps()))?, at(&b.padded(pad))?);
                Some(t + (t - early))
            }
        };
        let (ft, pt) = (f.map(|h| h.t.to_num()), p.map(f64::from));
        match judge_time((a, b), ft, pt, f64::from(fl(a.max_t)), || None, padded) {
            Verdict::Unexplained(_) if ill_conditioned(a, b, ft, pt) => {
                Verdict::Explained(NEAR_PARALLEL)
            }
            v => v,
        }
    }
}

/// The class of a time parry's `f32` gets wrong on nearly parallel lines.
const NEAR_PARALLEL: &str = "parry's f32 line-line parameters lose precision as the lines near parallel (within 16 f32 ulps over sin^2 of the angle); ours is the exact crossing floored (checked with integers)";

/// Whether ours is the exact crossing time floored to 2^-32 and parry's is
/// within its error bound of it: the exact time `t = (w x u) / (d x u)`
/// from grid integers (each cross product exact in `f64`, the quotient
/// correctly rounded), parry's `f32` normal equations off by about
/// `2^-24 / sin^2` of the angle relative to the scale of the inputs (`t`
/// and `|w| / |d|`, the time to the segment's end `a`).
fn ill_conditioned(a: &GRay<2>, b: &GSegment, f: Option<f64>, p: Option<f64>) -> bool {
    let (Some(tf), Some(tp)) = (f, p) else {
        return false;
    };
    let g = |v: [i32; 2]| v.map(f64::from);
    let (o, d, sa, sb) = (g(a.o), g(a.d), g(b.a), g(b.b));
    let (w, u) = ([sa[0] - o[0], sa[1] - o[1]], [sb[0] - sa[0], sb[1] - sa[1]]);
    let cross = |x: [f64; 2], y: [f64; 2]| x[0] * y[1] - x[1] * y[0];
    let n = cross(d, u);
    if n == 0.0 {
        return false;
    }
    let t = cross(w, u) / n;
    let slack = t.abs() * 2f64.powi(-50);
    let ours = tf <= t + slack && t - tf <= 2f64.powi(-32) + slack;
    let kappa = (d[0] * d[0] + d[1] * d[1]) * (u[0] * u[0] + u[1] * u[1]) / (n * n);
    let reach = (w[0] * w[0] + w[1] * w[1]).sqrt() / (d[0] * d[0] + d[1] * d[1]).sqrt();
    ours && (tp - t).abs() <= 16.0 * 2f64.powi(-24) * kappa * (t.abs() + reach)
}
