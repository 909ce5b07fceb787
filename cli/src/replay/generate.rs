//! The query generator: `eval` inputs from a seed, cycling through every op
//! in 2D and 3D and through the edge categories of each (touching faces and
//! corners, one-ulp gaps and overlaps, zero sizes, rays along faces and
//! through corners, sweeps touching at t = 0 or 1, the domain's limits),
//! and the generic ops on convex polygons (2D).

mod casts;
mod polygons;
mod shapes;

pub use polygons::CIRCLE;

use crate::eval::Op;
use crate::rng::Rng;
use fixed_collide::num::{DOMAIN, Fx};
use serde_json::{Value, json};

/// The queries generated from a seed, as `(category, eval line)` pairs,
/// made one at a time.
pub struct Generated {
    source: Gen,
    shapes: Gen,
    polygons: Gen,
    casts: Gen,
    polygon_casts: Gen,
    k: u32,
    pair_k: u32,
    old_k: u32,
    new_k: u32,
    polygon_k: u32,
    cast_k: u32,
    polygon_cast_k: u32,
    left: u32,
}

/// Of every [`CYCLE`] pairs of queries (one 2D, one 3D), the first
/// `GENERATED.len()` are of the older ops and the rest of the generic ops.
const CYCLE: u32 = GENERATED.len() as u32 + 2;

/// Of every `BLOCK` queries, the first `2 * CYCLE` are the pairs, then a
/// polygon query, a `shape_cast` query and a polygon `shape_cast` query.
const BLOCK: u32 = 2 * CYCLE + 3;

/// The seed of the generic ops' own stream is `seed ^ SHAPES_SEED`.
const SHAPES_SEED: u64 = 0x6361_7073_756c_6573;

/// The seed of the polygon queries' stream is `seed ^ POLYGONS_SEED`.
const POLYGONS_SEED: u64 = 0x706f_6c79_676f_6e73;

/// The seed of the `shape_cast` queries' stream is `seed ^ CASTS_SEED`.
const CASTS_SEED: u64 = 0x7368_6170_6563_6173;

/// The seed of the polygon `shape_cast` queries' stream is `seed ^
/// POLYGON_CASTS_SEED`.
const POLYGON_CASTS_SEED: u64 = 0x706f_6c79_6361_7374;

/// Generates `count` queries from `seed`, in blocks of 27: 12 pairs (2D,
/// then 3D), one 2D polygon query, one `shape_cast` query and one 2D
/// polygon `shape_cast` query. Of the 12 pairs, 10 are the older ops'
/// queries (the `j`-th of them of the op
/// `GENERATED[(j / 2) % GENERATED.len()]`, from a stream seeded `seed`),
/// then one pair of `overlap` and one of `ray_cast` (alternating over
/// cycles, from their own stream). The polygon query is `overlap` of a
/// polygon against every kind (either way round) or `ray_cast` on a
/// polygon, alternating, from a third stream. The `shape_cast` query
/// (2D and 3D in turn, every pair of the five other kinds the op takes,
/// in nine cases of contact) comes from a fourth, and the polygon
/// `shape_cast` query (a polygon against every kind, either way round,
/// in the same cases) from a fifth. Each kind of query is thus the same,
/// in the same order, whatever other queries are interleaved: 16200
/// queries hold the 15600 of the earlier recording (its 15000, which held
/// 14400 and, before them, the 12000 older ops' queries, with 600 polygon
/// and 600 `shape_cast` queries) and 600 polygon `shape_cast` queries.
///
/// # Examples
/// ```
/// use fixed_collide_cli::replay::queries::generate;
/// let (category, line) = generate(2, 7).nth(1).unwrap();
/// assert!(category.starts_with("aabb_overlap/3d/"), "{category}");
/// assert!(fixed_collide_cli::eval::eval_line(&line).is_ok());
/// ```
pub fn generate(count: u32, seed: u64) -> Generated {
    Generated {
        source: Gen {
            rng: Rng::new(seed),
        },
        shapes: Gen {
            rng: Rng::new(seed ^ SHAPES_SEED),
        },
        polygons: Gen {
            rng: Rng::new(seed ^ POLYGONS_SEED),
        },
        casts: Gen {
            rng: Rng::new(seed ^ CASTS_SEED),
        },
        polygon_casts: Gen {
            rng: Rng::new(seed ^ POLYGON_CASTS_SEED),
        },
        k: 0,
        pair_k: 0,
        old_k: 0,
        new_k: 0,
        polygon_k: 0,
        cast_k: 0,
        polygon_cast_k: 0,
        left: count,
    }
}

impl Iterator for Generated {
    type Item = (String, String);

    fn next(&mut self) -> Option<(String, String)> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let block_k = self.k;
        self.k = self.k.wrapping_add(1);
        if block_k % BLOCK == BLOCK - 1 {
            let j = self.polygon_cast_k;
            self.polygon_cast_k += 1;
            let (category, input) = self.polygon_casts.polygon_cast_query(j);
            return Some((category, input.to_string()));
        }
        if block_k % BLOCK == BLOCK - 2 {
            let j = self.cast_k;
            self.cast_k += 1;
            let (category, input) = self.casts.cast_query(j);
            return Some((category, input.to_string()));
        }
        if block_k % BLOCK == BLOCK - 3 {
            let j = self.polygon_k;
            self.polygon_k += 1;
            let (category, input) = self.polygons.polygon_query(j);
            return Some((category, input.to_string()));
        }
        // The `k`-th query of the pairs.
        let k = self.pair_k;
        self.pair_k = self.pair_k.wrapping_add(1);
        let dim = if k.is_multiple_of(2) { 2 } else { 3 };
        let (category, input) = if (k / 2) % CYCLE < GENERATED.len() as u32 {
            let j = self.old_k;
            self.old_k += 1;
            self.source.query(j / 2, dim)
        } else {
            let j = self.new_k;
            self.new_k += 1;
            self.shapes.generic(j / 2, dim)
        };
        Some((category, input.to_string()))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left as usize, Some(self.left as usize))
    }
}

/// The older ops the generator cycles through: every op but the generic
/// `overlap` and `ray_cast` (generated apart, [`Gen::generic`]).
const GENERATED: [Op; 10] = [
    Op::AabbOverlap,
    Op::AabbIntersection,
    Op::AabbContact,
    Op::AabbSweep,
    Op::AabbSweepPair,
    Op::RayAabb,
    Op::RayObb,
    Op::ObbOverlap,
    Op::SphereAabb,
    Op::SphereObb,
];

struct Gen {
    rng: Rng,
}

fn s(v: Fx) -> Value {
    Value::String(crate::convert::fx_to_text(v))
}

fn vecv(v: &[Fx]) -> Value {
    Value::Array(v.iter().map(|c| s(*c)).collect())
}

fn aabb(min: &[Fx], max: &[Fx]) -> Value {
    json!({"min": vecv(min), "max": vecv(max)})
}

/// The edge cases of the sweep queries, taken in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SweepCase {
    HitAtHalf,
    TouchThenIntoFaceT0,
    SlideAlongFace,
    TouchAndMoveAway,
    TouchOnlyAtT1,
    ZeroVelocityAxis,
    AlreadyOverlapping,
    Random,
}

impl SweepCase {
    const ALL: [SweepCase; 8] = [
        SweepCase::HitAtHalf,
        SweepCase::TouchThenIntoFaceT0,
        SweepCase::SlideAlongFace,
        SweepCase::TouchAndMoveAway,
        SweepCase::TouchOnlyAtT1,
        SweepCase::ZeroVelocityAxis,
        SweepCase::AlreadyOverlapping,
        SweepCase::Random,
    ];

    /// The case's name in a query's category.
    fn name(self) -> &'static str {
        match self {
            SweepCase::HitAtHalf => "hit_at_half",
            SweepCase::TouchThenIntoFaceT0 => "touch_then_into_face_t0",
            SweepCase::SlideAlongFace => "slide_along_face",
            SweepCase::TouchAndMoveAway => "touch_and_move_away",
            SweepCase::TouchOnlyAtT1 => "touch_only_at_t1",
            SweepCase::ZeroVelocityAxis => "zero_velocity_axis",
            SweepCase::AlreadyOverlapping => "already_overlapping",
            SweepCase::Random => "random",
        }
    }
}

/// A sweep's boxes: `a` (min, max) stays, `b` (`bmin`, `bmax`) moves by
/// `d` over the step.
struct SweepSetup {
    case: SweepCase,
    a: (Vec<Fx>, Vec<Fx>),
    bmin: Vec<Fx>,
    bmax: Vec<Fx>,
    d: Vec<Fx>,
}

impl Gen {
    /// A scalar: mostly on a coarse grid, sometimes raw bits, sometimes at
    /// the domain limit or one ulp from a grid point.
    fn scalar(&mut self, lo: i32, hi: i32) -> Fx {
        match self.rng.below(10) {
            0 => Fx::from_bits(self.rng.range_i64(i64::from(lo) << 32, i64::from(hi) << 32)),
            1 => self.rng.grid(lo, hi, 2) + Fx::DELTA,
            2 => self.rng.grid(lo, hi, 2) - Fx::DELTA,
            _ => self.rng.grid(lo, hi, 2),
        }
    }

    fn size(&mut self) -> Fx {
        match self.rng.below(8) {
            0 => Fx::ZERO,
            1 => Fx::DELTA,
            _ => self.rng.grid(0, 8, 2),
        }
    }

    fn point(&mut self, dim: usize, range: i32) -> Vec<Fx> {
        (0..dim).map(|_| self.scalar(-range, range)).collect()
    }

    fn boxv(&mut self, dim: usize) -> (Vec<Fx>, Vec<Fx>) {
        let big = self.rng.below(16) == 0;
        let min: Vec<Fx> = if big {
            (0..dim)
                .map(|_| {
                    if self.rng.chance(1, 2) {
                        -DOMAIN
                    } else {
                        DOMAIN - Fx::from_num(8)
                    }
                })
                .collect()
        } else {
            self.point(dim, 16)
        };
        let max = min.iter().map(|m| *m + self.size()).collect();
        (min, max)
    }

    /// A second box placed against the first in the given relation.
    fn related_box(
        &mut self,
        a: &(Vec<Fx>, Vec<Fx>),
        relation: u64,
    ) -> (Vec<Fx>, Vec<Fx>, &'static str) {
        let dim = a.0.len();
        let axis = self.rng.below(dim as u64) as usize;
        let (mut min, mut max) = self.boxv(dim);
        // Put the second box near the first on every axis, then set the
        // relation on `axis` (or on all axes for corners).
        for i in 0..dim {
            let w = max[i] - min[i];
            min[i] = a.0[i] + self.rng.grid(-2, 2, 1).min(a.1[i] - a.0[i]);
            max[i] = min[i] + w;
        }
        let name = match relation {
            0 => {
                let w = max[axis] - min[axis];
                min[axis] = a.1[axis];
                max[axis] = min[axis] + w;
                "touching_face"
            }
            1 => {
                for i in 0..dim {
                    let w = max[i] - min[i];
                    min[i] = a.1[i];
                    max[i] = min[i] + w;
                }
                "touching_corner"
            }
            2 => {
                let w = max[axis] - min[axis];
                min[axis] = a.1[axis] + Fx::DELTA;
                max[axis] = min[axis] + w;
                "one_ulp_gap"
            }
            3 => {
                let w = max[axis] - min[axis];
                min[axis] = a.1[axis] - Fx::DELTA;
                max[axis] = min[axis] + w;
                "one_ulp_overlap"
            }
            4 => {
                min.clone_from(&a.0);
                max.clone_from(&a.0);
                "zero_size_on_corner"
            }
            5 => {
                min.clone_from(&a.0);
                max.clone_from(&a.1);
                "identical"
            }
            _ => {
                let (x, y) = self.boxv(dim);
                min = x;
                max = y;
                "random"
            }
        };
        (min, max, name)
    }

    fn query(&mut self, k: u32, dim: usize) -> (String, Value) {
        let op = GENERATED[k as usize % GENERATED.len()];
        let round = u64::from(k) / GENERATED.len() as u64;
        let name = op.name();
        let (cat, v) = match op {
            Op::AabbOverlap | Op::AabbIntersection | Op::AabbContact => {
                let a = self.boxv(dim);
                let (bmin, bmax, cat) = self.related_box(&a, round % 7);
                (
                    cat.to_string(),
                    json!({"op": name, "a": aabb(&a.0, &a.1), "b": aabb(&bmin, &bmax)}),
                )
            }
            Op::AabbSweep => {
                let s = self.sweep(dim, round);
                (
                    s.case.name().to_string(),
                    json!({"op": name, "stationary": aabb(&s.a.0, &s.a.1), "moving": aabb(&s.bmin, &s.bmax), "d": vecv(&s.d)}),
                )
            }
            Op::AabbSweepPair => {
                let s = self.sweep(dim, round);
                let va = self.point(dim, 2);
                // Give b the displacement d relative to a.
                let vb: Vec<Fx> = (0..dim).map(|i| s.d[i] + va[i]).collect();
                (
                    s.case.name().to_string(),
                    json!({"op": name, "a": aabb(&s.a.0, &s.a.1), "va": vecv(&va), "b": aabb(&s.bmin, &s.bmax), "vb": vecv(&vb)}),
                )
            }
            Op::RayAabb => self.ray_aabb(dim, round),
            Op::RayObb => {
                let (cat, obb) = self.obb(dim, round);
                let (rcat, ray) = self.ray_toward(dim);
                (
                    format!("{cat}/{rcat}"),
                    json!({"op": name, "ray": ray, "obb": obb}),
                )
            }
            Op::ObbOverlap => {
                let (ca, a) = self.obb(dim, round);
                let (cb, b) = if round.is_multiple_of(3) {
                    (format!("same_rotation_{ca}"), self.obb_like(&a, dim))
                } else {
                    self.obb(dim, round / 3)
                };
                (format!("{ca}/{cb}"), json!({"op": name, "a": a, "b": b}))
            }
            Op::SphereAabb => {
                let a = self.boxv(dim);
                let (center, r, cat) = self.sphere_near(&a, round % 4);
                (
                    cat.to_string(),
                    json!({"op": name, "sphere": {"center": vecv(&center), "radius": s(r)}, "aabb": aabb(&a.0, &a.1)}),
                )
            }
            Op::SphereObb => {
                let (cat, obb) = self.obb(dim, round);
                let center = self.point(dim, 12);
                let r = self.size();
                (
                    cat,
                    json!({"op": name, "sphere": {"center": vecv(&center), "radius": s(r)}, "obb": obb}),
                )
            }
            // Not in `GENERATED`: generated apart.
            Op::Overlap | Op::RayCast | Op::ShapeCast => {
                return self.generic(u32::try_from(round).unwrap_or(0) * 2, dim);
            }
        };
        (format!("{name}/{dim}d/{cat}"), v)
    }

    /// The `k`-th pair of generic queries: `overlap` for even `k`, else
    /// `ray_cast`.
    fn generic(&mut self, k: u32, dim: usize) -> (String, Value) {
        let round = u64::from(k / 2);
        let (op, (cat, v)) = if k.is_multiple_of(2) {
            (Op::Overlap, self.overlap(dim, round))
        } else {
            (Op::RayCast, self.ray_cast(dim, round))
        };
        (format!("{}/{dim}d/{cat}", op.name()), v)
    }

    /// Two boxes set up for a sweep in the given round's case: `a` stays,
    /// `b` moves by `d` over the step.
    fn sweep(&mut self, dim: usize, round: u64) -> SweepSetup {
        let case = SweepCase::ALL[(round % SweepCase::ALL.len() as u64) as usize];
        let a = self.boxv(dim);
        let axis = self.rng.below(dim as u64) as usize;
        let mut d: Vec<Fx> = self.point(dim, 8);
        let (mut bmin, mut bmax, _) = self.related_box(&a, 6);
        let w: Vec<Fx> = (0..dim).map(|i| bmax[i] - bmin[i]).collect();
        // b's min corner on a's +face along `axis`.
        let on_face = |a: &(Vec<Fx>, Vec<Fx>)| {
            let mut m = a.0.clone();
            m[axis] = a.1[axis];
            m
        };
        match case {
            SweepCase::HitAtHalf => {
                // b starts 2 units beyond a's +face and moves -4: touches at 1/2.
                bmin = a.0.clone();
                bmin[axis] = a.1[axis] + Fx::from_num(2);
                d = vec![Fx::ZERO; dim];
                d[axis] = Fx::from_num(-4);
            }
            SweepCase::TouchThenIntoFaceT0 => {
                bmin = on_face(&a);
                d[axis] = -self.rng.grid(1, 4, 2);
            }
            SweepCase::SlideAlongFace => {
                bmin = on_face(&a);
                d[axis] = Fx::ZERO;
            }
            SweepCase::TouchAndMoveAway => {
                bmin = on_face(&a);
                d[axis] = self.rng.grid(1, 4, 2);
            }
            SweepCase::TouchOnlyAtT1 => {
                bmin = a.0.clone();
                bmin[axis] = a.1[axis] + Fx::from_num(3);
                d = vec![Fx::ZERO; dim];
                d[axis] = Fx::from_num(-3);
            }
            SweepCase::ZeroVelocityAxis => d[axis] = Fx::ZERO,
            SweepCase::AlreadyOverlapping => bmin.clone_from(&a.0),
            SweepCase::Random => {}
        }
        for i in 0..dim {
            bmax[i] = bmin[i] + w[i];
        }
        SweepSetup {
            case,
            a,
            bmin,
            bmax,
            d,
        }
    }

    fn ray_aabb(&mut self, dim: usize, round: u64) -> (String, Value) {
        let a = self.boxv(dim);
        let axis = self.rng.below(dim as u64) as usize;
        let mut origin = self.point(dim, 20);
        let mut dir = self.point(dim, 4);
        let cat = match round % 7 {
            0 => {
                // Aim exactly at the min corner.
                for i in 0..dim {
                    origin[i] = a.0[i] - Fx::from_num(2);
                    dir[i] = Fx::ONE;
                }
                "through_corner"
            }
            1 => {
                origin.clone_from(&a.0);
                "origin_on_surface"
            }
            2 => {
                // Along a face: in the face plane, zero component on that axis.
                origin[axis] = a.1[axis];
                dir[axis] = Fx::ZERO;
                "along_face"
            }
            3 => {
                origin[axis] = a.1[axis] + Fx::DELTA;
                dir[axis] = Fx::ZERO;
                "parallel_outside_slab"
            }
            4 => {
                for (o, (lo, hi)) in origin.iter_mut().zip(a.0.iter().zip(&a.1)) {
                    *o = fixed_collide::num::midpoint(*lo, *hi);
                }
                "origin_inside"
            }
            _ => "random",
        };
        if dir.iter().all(|c| *c == Fx::ZERO) {
            dir[(axis + 1) % dim] = Fx::ONE;
        }
        let mut ray = json!({"origin": vecv(&origin), "dir": vecv(&dir)});
        if round.is_multiple_of(2) {
            ray["max_t"] = s(self.rng.grid(0, 8, 2));
        }
        (
            cat.to_string(),
            json!({"op": Op::RayAabb.name(), "ray": ray, "aabb": aabb(&a.0, &a.1)}),
        )
    }

    fn ray_toward(&mut self, dim: usize) -> (String, Value) {
        let origin = self.point(dim, 20);
        let mut dir: Vec<Fx> = origin
            .iter()
            .map(|c| -*c + self.rng.grid(-2, 2, 2))
            .collect();
        let cat = if self.rng.chance(1, 4) {
            dir[0] = Fx::ZERO;
            "zero_dir_component"
        } else {
            "toward_center"
        };
        if dir.iter().all(|c| *c == Fx::ZERO) {
            dir[dim - 1] = Fx::ONE;
        }
        (
            cat.to_string(),
            json!({"origin": vecv(&origin), "dir": vecv(&dir)}),
        )
    }

    fn obb(&mut self, dim: usize, round: u64) -> (String, Value) {
        let center = self.point(dim, 6);
        let half: Vec<Fx> = (0..dim).map(|_| self.size()).collect();
        let mut v = json!({"center": vecv(&center), "half": vecv(&half)});
        let cat = match (dim, round % 3) {
            (2, 0) => {
                v["angle"] = s(Fx::from_num(self.rng.below(4)) * Fx::FRAC_PI_2);
                "right_angle"
            }
            (2, _) => {
                v["angle"] = s(self.rng.grid(-4, 4, 10));
                "angle"
            }
            (_, 0) => {
                let identity = [Fx::ONE, Fx::ZERO, Fx::ZERO, Fx::ZERO];
                v["quat"] = vecv(&identity);
                "identity_quat"
            }
            _ => {
                let mut q: Vec<Fx> = (0..4).map(|_| self.rng.grid(-1, 1, 8)).collect();
                if q.iter().all(|c| *c == Fx::ZERO) {
                    q[0] = Fx::ONE;
                }
                v["quat"] = vecv(&q);
                "quat"
            }
        };
        (cat.to_string(), v)
    }

    /// A box with the same rotation as `a`, placed touching or near it.
    fn obb_like(&mut self, a: &Value, dim: usize) -> Value {
        let mut b = a.clone();
        let center = self.point(dim, 6);
        b["center"] = vecv(&center);
        b
    }

    fn sphere_near(
        &mut self,
        a: &(Vec<Fx>, Vec<Fx>),
        relation: u64,
    ) -> (Vec<Fx>, Fx, &'static str) {
        let dim = a.0.len();
        let axis = self.rng.below(dim as u64) as usize;
        let r = self.rng.grid(0, 4, 2);
        let mut center: Vec<Fx> = (0..dim)
            .map(|i| fixed_collide::num::midpoint(a.0[i], a.1[i]))
            .collect();
        match relation {
            0 => {
                center[axis] = a.1[axis] + r;
                (center, r, "touching_face")
            }
            1 => {
                center[axis] = a.1[axis] + r + Fx::DELTA;
                (center, r, "one_ulp_gap")
            }
            2 => {
                // Diagonal from the max corner by (3, 4) * r/5 in 2 axes: touches.
                let c = (0..dim).map(|i| a.1[i]).collect();
                (c, Fx::ZERO, "zero_radius_on_corner")
            }
            _ => (self.point(dim, 16), r, "random"),
        }
    }
}
