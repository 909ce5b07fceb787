//! The queries of the generic ops `overlap` (every ordered pair of shape
//! kinds) and `ray_cast` (every shape kind), from their own random stream
//! so that the older ops' queries stay as they were. The polygon's own
//! queries (2D, [`super::polygons`]) use the same shapes and cases, with
//! [`Kind::Polygon`], from a third stream.
//!
//! Overlap relations: touching at extreme points along an axis (tangent),
//! one ulp apart and one ulp closer, zero radii, degenerate shapes (a
//! segment or capsule with `a = b`, boxes of size zero), parallel segments
//! side by side, collinear segments end to end, identical shapes or equal
//! centers, random. Ray cases: toward the center, origin inside, grazing
//! (tangent or along a face), one ulp off grazing, zero radius, degenerate
//! shape, along the segment's line, random with `max_t`.

use super::{Gen, s, vecv};
use crate::eval::Op;
use fixed_collide::num::{Fx, midpoint};
use serde_json::{Value, json};

/// A shape kind of the generic ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Aabb,
    Obb,
    Sphere,
    Segment,
    Capsule,
    /// 2D only, in the polygon stream: not in [`KINDS`].
    Polygon,
}

/// The kinds of the generic ops' own stream (every dimension).
pub(super) const KINDS: [Kind; 5] = [
    Kind::Aabb,
    Kind::Obb,
    Kind::Sphere,
    Kind::Segment,
    Kind::Capsule,
];

impl Kind {
    pub(super) fn name(self) -> &'static str {
        match self {
            Kind::Aabb => "aabb",
            Kind::Obb => "obb",
            Kind::Sphere => "sphere",
            Kind::Segment => "segment",
            Kind::Capsule => "capsule",
            Kind::Polygon => "polygon",
        }
    }
}

/// How a shape is made.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// Any rotation and direction.
    Random,
    /// Unrotated boxes, segments along the first axis.
    Axis,
    /// As `Axis` with radius 0.
    ZeroRadius,
    /// Size 0: `a = b`, boxes of zero extent.
    Degenerate,
}

/// A shape: `p`, `q` are min and max (aabb), center and half sizes (obb),
/// center (sphere, polygon) or the ends `a`, `b` (segment, capsule); `rot`
/// the obb's rotation when not the identity; `pts` a polygon's vertices.
#[derive(Clone)]
pub(super) struct Sh {
    pub(super) kind: Kind,
    pub(super) p: Vec<Fx>,
    q: Vec<Fx>,
    r: Fx,
    rot: Option<(&'static str, Value)>,
    pub(super) pts: Vec<Vec<Fx>>,
}

impl Sh {
    pub(super) fn json(&self) -> Value {
        let body = match self.kind {
            Kind::Aabb => json!({"min": vecv(&self.p), "max": vecv(&self.q)}),
            Kind::Obb => {
                let mut v = json!({"center": vecv(&self.p), "half": vecv(&self.q)});
                match &self.rot {
                    Some((key, rot)) => v[*key] = rot.clone(),
                    None if self.p.len() == 2 => v["angle"] = s(Fx::ZERO),
                    None => v["quat"] = vecv(&[Fx::ONE, Fx::ZERO, Fx::ZERO, Fx::ZERO]),
                }
                v
            }
            Kind::Sphere => json!({"center": vecv(&self.p), "radius": s(self.r)}),
            Kind::Segment => json!({"a": vecv(&self.p), "b": vecv(&self.q)}),
            Kind::Capsule => {
                json!({"a": vecv(&self.p), "b": vecv(&self.q), "radius": s(self.r)})
            }
            Kind::Polygon => {
                json!({"points": Value::Array(self.pts.iter().map(|p| vecv(p)).collect())})
            }
        };
        json!({ self.kind.name(): body })
    }

    pub(super) fn translate(&mut self, t: &[Fx]) {
        let moves_q = matches!(self.kind, Kind::Aabb | Kind::Segment | Kind::Capsule);
        for (i, d) in t.iter().enumerate() {
            self.p[i] += *d;
            if moves_q {
                self.q[i] += *d;
            }
            for v in &mut self.pts {
                v[i] += *d;
            }
        }
    }

    pub(super) fn center(&self) -> Vec<Fx> {
        match self.kind {
            Kind::Obb | Kind::Sphere | Kind::Polygon => self.p.clone(),
            _ => self
                .p
                .iter()
                .zip(&self.q)
                .map(|(a, b)| midpoint(*a, *b))
                .collect(),
        }
    }

    /// A point of the shape with the largest (`plus`) or smallest
    /// coordinate on `axis` (the shape unrotated).
    fn extreme(&self, axis: usize, plus: bool) -> Vec<Fx> {
        let sign = |v: Fx| if plus { v } else { -v };
        match self.kind {
            Kind::Aabb => {
                let mut v = self.p.clone();
                v[axis] = if plus { self.q[axis] } else { self.p[axis] };
                v
            }
            Kind::Obb => {
                let mut v: Vec<Fx> = self.p.iter().zip(&self.q).map(|(c, h)| *c - *h).collect();
                v[axis] = self.p[axis] + sign(self.q[axis]);
                v
            }
            Kind::Sphere => {
                let mut v = self.p.clone();
                v[axis] += sign(self.r);
                v
            }
            Kind::Segment | Kind::Capsule => {
                let q_further = if plus {
                    self.q[axis] > self.p[axis]
                } else {
                    self.q[axis] < self.p[axis]
                };
                let mut v = if q_further {
                    self.q.clone()
                } else {
                    self.p.clone()
                };
                v[axis] += sign(self.r);
                v
            }
            // The first vertex furthest along `axis` (an exact coordinate).
            Kind::Polygon => self
                .pts
                .iter()
                .fold(None::<&Vec<Fx>>, |best, v| match best {
                    Some(b) if sign(b[axis]) >= sign(v[axis]) => Some(b),
                    _ => Some(v),
                })
                .cloned()
                .unwrap_or_else(|| self.p.clone()),
        }
    }
}

impl Gen {
    pub(super) fn nonzero_size(&mut self) -> Fx {
        self.rng.grid(1, 6, 2)
    }

    pub(super) fn shape(&mut self, kind: Kind, dim: usize, mode: Mode) -> Sh {
        let p = self.point(dim, 12);
        let zero = vec![Fx::ZERO; dim];
        let mut sh = Sh {
            kind,
            p,
            q: zero.clone(),
            r: Fx::ZERO,
            rot: None,
            pts: Vec::new(),
        };
        match kind {
            Kind::Aabb => {
                sh.q = if mode == Mode::Degenerate {
                    sh.p.clone()
                } else {
                    sh.p.iter().map(|m| *m + self.size()).collect()
                };
            }
            Kind::Obb => {
                if mode != Mode::Degenerate {
                    sh.q = (0..dim).map(|_| self.size()).collect();
                }
                if mode == Mode::Random {
                    sh.rot = Some(if dim == 2 {
                        ("angle", s(self.rng.grid(-4, 4, 10)))
                    } else {
                        let mut q: Vec<Fx> = (0..4).map(|_| self.rng.grid(-1, 1, 8)).collect();
                        if q.iter().all(|c| *c == Fx::ZERO) {
                            q[0] = Fx::ONE;
                        }
                        ("quat", vecv(&q))
                    });
                }
            }
            Kind::Sphere | Kind::Segment | Kind::Capsule => {
                if kind != Kind::Segment && mode != Mode::ZeroRadius {
                    sh.r = self.size();
                }
                sh.q = match (kind, mode) {
                    (Kind::Sphere, _) => zero,
                    (_, Mode::Degenerate) => sh.p.clone(),
                    (_, Mode::Random) => {
                        let d = self.point(dim, 6);
                        sh.p.iter().zip(d).map(|(a, d)| *a + d).collect()
                    }
                    _ => {
                        let mut b = sh.p.clone();
                        b[0] += self.nonzero_size();
                        b
                    }
                };
            }
            Kind::Polygon => sh.pts = self.polygon_points(&sh.p, mode),
        }
        sh
    }

    /// Moves `b` so that its lowest point on `axis` meets `a`'s highest,
    /// then by `gap` further along `axis`.
    pub(super) fn touch(a: &Sh, b: &mut Sh, axis: usize, gap: Fx) {
        let (pa, qb) = (a.extreme(axis, true), b.extreme(axis, false));
        let mut t: Vec<Fx> = pa.iter().zip(&qb).map(|(x, y)| *x - *y).collect();
        t[axis] += gap;
        b.translate(&t);
    }

    /// An `overlap` query of round `round`.
    pub(super) fn overlap(&mut self, dim: usize, round: u64) -> (String, Value) {
        let pair = (round % 25) as usize;
        let (ka, kb) = (KINDS[pair / 5], KINDS[pair % 5]);
        self.overlap_of(dim, ka, kb, (round / 25) % 9)
    }

    /// An `overlap` query of `ka` against `kb` in the relation `relation`
    /// (0 to 8: touching, one ulp apart, one ulp closer, zero radius,
    /// degenerate, parallel, collinear, identical or same center, random).
    pub(super) fn overlap_of(
        &mut self,
        dim: usize,
        ka: Kind,
        kb: Kind,
        relation: u64,
    ) -> (String, Value) {
        let axis = self.rng.below(dim as u64) as usize;
        let mode = match relation {
            3 => Mode::ZeroRadius,
            4 => Mode::Degenerate,
            7 | 8 => Mode::Random,
            _ => Mode::Axis,
        };
        let a = self.shape(ka, dim, mode);
        let mut b = self.shape(kb, dim, mode);
        let cat = match relation {
            0 => {
                Self::touch(&a, &mut b, axis, Fx::ZERO);
                "touching"
            }
            3 => {
                Self::touch(&a, &mut b, axis, Fx::ZERO);
                "zero_radius_touching"
            }
            4 => {
                Self::touch(&a, &mut b, axis, Fx::ZERO);
                "degenerate_touching"
            }
            1 => {
                Self::touch(&a, &mut b, axis, Fx::DELTA);
                "one_ulp_gap"
            }
            2 => {
                Self::touch(&a, &mut b, axis, -Fx::DELTA);
                "one_ulp_closer"
            }
            5 => {
                Self::touch(&a, &mut b, dim - 1, Fx::ZERO);
                "parallel_touching"
            }
            6 => {
                Self::touch(&a, &mut b, 0, Fx::ZERO);
                "collinear_touching"
            }
            7 if ka == kb => {
                b = a.clone();
                "identical"
            }
            7 => {
                let (ca, cb) = (a.center(), b.center());
                let t: Vec<Fx> = ca.iter().zip(&cb).map(|(x, y)| *x - *y).collect();
                b.translate(&t);
                "same_center"
            }
            _ => "random",
        };
        (
            format!("{}_{}/{cat}", ka.name(), kb.name()),
            json!({"op": Op::Overlap.name(), "a": a.json(), "b": b.json()}),
        )
    }

    /// A `ray_cast` query of round `round`.
    pub(super) fn ray_cast(&mut self, dim: usize, round: u64) -> (String, Value) {
        self.ray_cast_of(dim, KINDS[(round % 5) as usize], (round / 5) % 8)
    }

    /// A `ray_cast` query of a shape of `kind` in the case `case` (0 to 7:
    /// toward the center, origin inside, grazing, one ulp off grazing, zero
    /// radius, degenerate, along an axis, random with `max_t`; 8, for
    /// polygons: through a vertex).
    pub(super) fn ray_cast_of(&mut self, dim: usize, kind: Kind, case: u64) -> (String, Value) {
        let mode = match case {
            2 | 3 | 6 => Mode::Axis,
            4 => Mode::ZeroRadius,
            5 => Mode::Degenerate,
            _ => Mode::Random,
        };
        let sh = self.shape(kind, dim, mode);
        let axis = self.rng.below(dim as u64) as usize;
        let across = (axis + 1) % dim;
        let mut origin = self.point(dim, 20);
        let center = sh.center();
        let mut dir: Vec<Fx> = center.iter().zip(&origin).map(|(c, o)| *c - *o).collect();
        let mut max_t = None;
        let cat = match case {
            0 => {
                for d in &mut dir {
                    *d += self.rng.grid(-1, 1, 2);
                }
                "toward_center"
            }
            1 => {
                origin.clone_from(&center);
                dir = self.point(dim, 4);
                "origin_inside"
            }
            2 | 3 => {
                // Through the extreme point on `axis`, across it.
                origin = sh.extreme(axis, true);
                origin[across] -= Fx::from_num(20);
                if case == 3 {
                    origin[axis] += Fx::DELTA;
                }
                dir = vec![Fx::ZERO; dim];
                dir[across] = Fx::ONE;
                if case == 2 { "grazing" } else { "one_ulp_miss" }
            }
            4 => "zero_radius",
            5 => "degenerate",
            8 => {
                // Through a vertex (ties between the edges meeting there).
                let i = self.rng.below(sh.pts.len() as u64) as usize;
                if let Some(v) = sh.pts.get(i) {
                    dir = v.iter().zip(&origin).map(|(c, o)| *c - *o).collect();
                }
                "through_vertex"
            }
            6 => {
                // Along the first axis through the center: a segment's line.
                origin.clone_from(&center);
                origin[0] -= Fx::from_num(20);
                dir = vec![Fx::ZERO; dim];
                dir[0] = Fx::ONE;
                "along_axis"
            }
            _ => {
                dir = self.point(dim, 4);
                max_t = Some(self.rng.grid(0, 8, 2));
                "random"
            }
        };
        if dir.iter().all(|c| *c == Fx::ZERO) {
            dir[dim - 1] = Fx::ONE;
        }
        let mut ray = json!({"origin": vecv(&origin), "dir": vecv(&dir)});
        if let Some(t) = max_t {
            ray["max_t"] = s(t);
        }
        (
            format!("{}/{cat}", kind.name()),
            json!({"op": Op::RayCast.name(), "ray": ray, "shape": sh.json()}),
        )
    }
}
