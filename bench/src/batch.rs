//! Batch queries against the single-query form on the same data: 1024
//! query shapes against a set of 1024 boxes (2^20 box tests per run), drawn
//! by the kinds' own generators (3D; the set's boxes are the sweep kind's
//! stationary boxes, smaller than the overlap kind's).
//!
//! Each case has a `single` run (the loop a user would write with the
//! single-query function, keeping the same answer the batch form gives) and
//! a `batch` run; [`Batch::check`] verifies that both give the same answers.

use crate::Query;
use crate::kinds::{AabbOverlap, AabbSweep, RayAabb};
use fixed_collide::{
    Aabb3, AabbSet, Fx, PreparedRay, Ray3, Vec3, aabb_overlap, aabb_sweep, overlap_pairs, ray_aabb,
};
use fixed_collide_cli::rng::Rng;

/// Query shapes, and boxes in the set.
pub const SIDE: usize = 1024;

/// The cases, as criterion group names (`batch_<case>`).
pub const CASES: &[&str] = &[
    "ray_first_hit",
    "ray_hits",
    "sweep_first_hit",
    "overlapping",
    "overlap_pairs",
];

/// The shared data.
pub struct Batch {
    rays: Vec<Ray3>,
    moving: Vec<(Aabb3, Vec3)>,
    queries: Vec<Aabb3>,
    boxes: Vec<Aabb3>,
    set: AabbSet<3>,
    queries_set: AabbSet<3>,
}

impl Batch {
    /// Draws the data (seeded).
    pub fn new() -> Self {
        let mut rng = Rng::new(0xBA7C);
        let boxes: Vec<Aabb3> = (0..SIDE)
            .map(|_| <AabbSweep as Query>::gen_a(&mut rng).fixed())
            .collect();
        let queries: Vec<Aabb3> = (0..SIDE)
            .map(|_| <AabbOverlap<3> as Query>::gen_a(&mut rng).fixed())
            .collect();
        let rays = (0..SIDE)
            .map(|_| <RayAabb as Query>::gen_a(&mut rng).fixed())
            .collect();
        let moving = (0..SIDE)
            .map(|_| {
                let g = <AabbSweep as Query>::gen_b(&mut rng);
                (g.b.fixed(), crate::grid::fx_vec(g.d))
            })
            .collect();
        let set = AabbSet::try_from_boxes(&boxes).expect("valid boxes");
        let queries_set = AabbSet::try_from_boxes(&queries).expect("valid boxes");
        Batch {
            rays,
            moving,
            queries,
            boxes,
            set,
            queries_set,
        }
    }

    /// Box tests per run.
    pub fn tests(&self) -> usize {
        SIDE * SIDE
    }

    /// Runs one case, single-query (`batch == false`) or batch form; the
    /// answers, folded into a list of `(query, index, value)` records.
    pub fn run(&self, case: &str, batch: bool, out: &mut Vec<(u32, u32, i64)>) {
        out.clear();
        let mut idx = Vec::new();
        match (case, batch) {
            ("ray_first_hit", false) => {
                for (q, ray) in self.rays.iter().enumerate() {
                    let mut best: Option<(u32, Fx)> = None;
                    for (i, b) in self.boxes.iter().enumerate() {
                        if let Some(h) = ray_aabb(ray, b)
                            && best.is_none_or(|(_, t)| h.t < t)
                        {
                            best = Some((i as u32, h.t));
                        }
                    }
                    if let Some((i, t)) = best {
                        out.push((q as u32, i, t.to_bits()));
                    }
                }
            }
            ("ray_first_hit", true) => {
                for (q, ray) in self.rays.iter().enumerate() {
                    if let Some(h) = self.set.first_hit(&PreparedRay::new(ray)) {
                        out.push((q as u32, h.index, h.hit.t.to_bits()));
                    }
                }
            }
            ("ray_hits", false) => {
                for (q, ray) in self.rays.iter().enumerate() {
                    for (i, b) in self.boxes.iter().enumerate() {
                        if ray_aabb(ray, b).is_some() {
                            out.push((q as u32, i as u32, 0));
                        }
                    }
                }
            }
            ("ray_hits", true) => {
                for (q, ray) in self.rays.iter().enumerate() {
                    idx.clear();
                    self.set.ray_hits(&PreparedRay::new(ray), &mut idx);
                    out.extend(idx.iter().map(|&i| (q as u32, i, 0)));
                }
            }
            ("sweep_first_hit", false) => {
                for (q, (m, d)) in self.moving.iter().enumerate() {
                    let mut best: Option<(u32, Fx)> = None;
                    for (i, b) in self.boxes.iter().enumerate() {
                        if let Some(s) = aabb_sweep(b, m, *d)
                            && best.is_none_or(|(_, t)| s.t_enter < t)
                        {
                            best = Some((i as u32, s.t_enter));
                        }
                    }
                    if let Some((i, t)) = best {
                        out.push((q as u32, i, t.to_bits()));
                    }
                }
            }
            ("sweep_first_hit", true) => {
                for (q, (m, d)) in self.moving.iter().enumerate() {
                    if let Some(h) = self.set.first_sweep_hit(m, *d) {
                        out.push((q as u32, h.index, h.sweep.t_enter.to_bits()));
                    }
                }
            }
            ("overlapping", false) | ("overlap_pairs", false) => {
                for (q, a) in self.queries.iter().enumerate() {
                    for (i, b) in self.boxes.iter().enumerate() {
                        if aabb_overlap(a, b) {
                            out.push((q as u32, i as u32, 0));
                        }
                    }
                }
            }
            ("overlapping", true) => {
                for (q, a) in self.queries.iter().enumerate() {
                    idx.clear();
                    self.set.overlapping(a, &mut idx);
                    out.extend(idx.iter().map(|&i| (q as u32, i, 0)));
                }
            }
            ("overlap_pairs", true) => {
                let mut pairs = Vec::new();
                overlap_pairs(&self.queries_set, &self.set, &mut pairs);
                out.extend(pairs.iter().map(|&(q, i)| (q, i, 0)));
            }
            _ => unreachable!("unknown batch case {case}"),
        }
    }

    /// Whether the single and batch forms agree on every case: the same
    /// records, except that on the first-hit cases an index may differ when
    /// the reported (rounded-down) times are equal, since the batch form
    /// breaks ties on the exact times and the single loop cannot.
    pub fn check(&self) -> Result<(), String> {
        let (mut single, mut batch) = (Vec::new(), Vec::new());
        for case in CASES {
            self.run(case, false, &mut single);
            self.run(case, true, &mut batch);
            let same = |(q1, i1, t1): &(u32, u32, i64), (q2, i2, t2): &(u32, u32, i64)| {
                q1 == q2 && t1 == t2 && (i1 == i2 || case.contains("first"))
            };
            if single.len() != batch.len() || !single.iter().zip(&batch).all(|(a, b)| same(a, b)) {
                return Err(format!("{case}: single and batch answers differ"));
            }
        }
        Ok(())
    }
}

impl Default for Batch {
    fn default() -> Self {
        Self::new()
    }
}
