//! The deterministic arena: many moving bodies (boxes, oriented boxes,
//! balls) among static obstacles, stepped tick by tick with every query
//! family, and hashed per tick. The same scene and inputs give the same
//! hashes on every platform and build.
//!
//! Candidates come from two [`Broadphase`]s: one holds the bodies' swept
//! bounds (set every tick) and the obstacles' bounds, and gives the
//! body-body and body-obstacle pairs in one call; the other holds the
//! obstacles alone and answers the ray sensors' queries. Their answers are
//! in ascending id order, so every step below visits bodies, pairs and
//! obstacles in index order, as a brute-force loop would.
//!
//! One tick, in this fixed order:
//! 1. kicks (per-tick inputs) set velocities;
//! 2. body pairs whose swept bounds meet are tested with
//!    [`aabb_sweep_pair`] (contact counts);
//! 3. each body moves by its velocity, stopped by a continuous
//!    [`aabb_sweep`] of its bounding box against the box obstacles at the
//!    first time of impact (rounded toward its start, so it never
//!    penetrates) and reflected on the face hit: fast bodies never tunnel;
//! 4. bodies overlapping an oriented obstacle ([`obb_overlap`],
//!    [`sphere_obb`]) go back to their start and reverse;
//! 5. touching body pairs ([`aabb_contact`], [`obb_overlap`],
//!    [`sphere_aabb`], [`sphere_obb`]) that approach exchange velocities;
//! 6. trigger zones count the bodies in them ([`aabb_overlap`],
//!    [`aabb_intersection`], [`sphere_aabb`]);
//! 7. each body's ray sensor ([`ray_aabb`], [`ray_obb`]) reads the nearest
//!    obstacle along its velocity.

pub mod scene;

use crate::state_hash::Encoder;
use crate::{Error, Field};
use fixed_collide::broadphase::Broadphase;
use fixed_collide::num::{Fx, Round, from_scale64, mul_wide, wide};
use fixed_collide::query::ball::sphere_aabb;
use fixed_collide::query::contact::aabb_contact;
use fixed_collide::query::obb::{obb_overlap, ray_obb, sphere_obb};
use fixed_collide::query::overlap::{aabb_intersection, aabb_overlap};
use fixed_collide::query::ray::ray_aabb;
use fixed_collide::query::sweep::{aabb_sweep, aabb_sweep_pair};
use fixed_collide::shape::{Aabb, Ray};
use fixed_collide::vec::Vector;
use scene::{Body, Scene, ShapeKind};

/// How many queries of each family the arena has run (the broadphases'
/// own box tests are not counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QueryCounts {
    /// [`aabb_overlap`] calls.
    pub aabb_overlap: u64,
    /// [`aabb_intersection`] calls.
    pub aabb_intersection: u64,
    /// [`aabb_contact`] calls.
    pub aabb_contact: u64,
    /// [`aabb_sweep`] calls.
    pub aabb_sweep: u64,
    /// [`aabb_sweep_pair`] calls.
    pub aabb_sweep_pair: u64,
    /// [`ray_aabb`] calls.
    pub ray_aabb: u64,
    /// [`ray_obb`] calls.
    pub ray_obb: u64,
    /// [`obb_overlap`] calls.
    pub obb_overlap: u64,
    /// [`sphere_aabb`] calls.
    pub sphere_aabb: u64,
    /// [`sphere_obb`] calls.
    pub sphere_obb: u64,
}

impl QueryCounts {
    /// The total over all families.
    pub fn total(&self) -> u64 {
        self.aabb_overlap
            + self.aabb_intersection
            + self.aabb_contact
            + self.aabb_sweep
            + self.aabb_sweep_pair
            + self.ray_aabb
            + self.ray_obb
            + self.obb_overlap
            + self.sphere_aabb
            + self.sphere_obb
    }
}

/// The parameter range of the ray sensors, in ticks of motion.
const SENSOR_TICKS: i32 = 4;

/// A running arena.
#[derive(Clone, Debug)]
pub struct World<const D: usize> {
    scene: Scene<D>,
    tick: u32,
    next_kick: usize,
    trigger_hits: Vec<u32>,
    counts: QueryCounts,
    /// The obstacles' bounds (static), by index, and a broadphase over
    /// them (id = index) for the ray sensors.
    obstacle_bounds: Vec<Aabb<D>>,
    obstacle_bp: Broadphase<D>,
    /// A broadphase over the bodies' swept bounds (id = body index) and
    /// the obstacles' bounds (id = number of bodies + obstacle index).
    broad: Broadphase<D>,
    /// Reused buffers: all pairs, body pairs, body-obstacle pairs, query
    /// answers.
    pairs: Vec<(u32, u32)>,
    body_pairs: Vec<(u32, u32)>,
    near: Vec<(u32, u32)>,
    found: Vec<u32>,
}

/// `t * d` rounded toward zero: a move never longer than the exact one.
fn scale_toward_zero(t: Fx, d: Fx) -> Fx {
    let p = mul_wide(t, d);
    if p >= 0 {
        from_scale64(p, Round::Down)
    } else {
        from_scale64(p, Round::Up)
    }
}

/// `a + b` for in-domain operands (below 2^21 in magnitude: no overflow).
fn add<const D: usize>(a: Vector<D>, b: Vector<D>) -> Vector<D> {
    Vector(std::array::from_fn(|i| {
        Fx::from_bits((wide(a.0[i]) + wide(b.0[i])) as i64)
    }))
}

/// Whether two bodies approach: `(vj - vi) . (pj - pi) < 0`, exact.
fn approaching<const D: usize>(a: &Body<D>, b: &Body<D>) -> bool {
    let mut s = 0i128;
    for k in 0..D {
        let dv = wide(b.vel.0[k]) - wide(a.vel.0[k]);
        let dp = wide(b.pos.0[k]) - wide(a.pos.0[k]);
        s += dv * dp;
    }
    s < 0
}

impl<const D: usize> World<D>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    /// A world at tick 0. Checks that every shape is within the domain.
    ///
    /// # Errors
    /// The first body or obstacle out of the domain, named by index.
    pub fn new(scene: Scene<D>) -> Result<Self, Error> {
        let n = scene.bodies.len();
        let all = n + scene.obstacles.len();
        let mut obstacle_bounds = Vec::with_capacity(scene.obstacles.len());
        let mut obstacle_bp = Broadphase::with_capacity(scene.obstacles.len());
        let mut broad = Broadphase::with_capacity(all);
        for (i, o) in scene.obstacles.iter().enumerate() {
            let b = o
                .shape
                .bounds(o.pos)
                .map_err(|e| Error::shape(&Field::new(format!("obstacles[{i}]")), e))?;
            obstacle_bp.insert(index_id(i)?, b)?;
            broad.insert(index_id(n + i)?, b)?;
            obstacle_bounds.push(b);
        }
        for (i, b) in scene.bodies.iter().enumerate() {
            let bounds = b
                .shape
                .bounds(b.pos)
                .map_err(|e| Error::shape(&Field::new(format!("bodies[{i}]")), e))?;
            b.vel
                .check_domain(fixed_collide::Field::new("vel"))
                .map_err(|e| Error::shape(&Field::new(format!("bodies[{i}]")), e))?;
            broad.insert(index_id(i)?, bounds)?;
        }
        let trigger_hits = vec![0; scene.triggers.len()];
        Ok(Self {
            scene,
            tick: 0,
            next_kick: 0,
            trigger_hits,
            counts: QueryCounts::default(),
            obstacle_bounds,
            obstacle_bp,
            broad,
            pairs: Vec::new(),
            body_pairs: Vec::new(),
            near: Vec::new(),
            found: Vec::new(),
        })
    }

    /// The scene as it is now (bodies moved).
    pub fn scene(&self) -> &Scene<D> {
        &self.scene
    }

    /// The number of ticks run.
    pub fn tick(&self) -> u32 {
        self.tick
    }

    /// Queries run so far, per family.
    pub fn counts(&self) -> QueryCounts {
        self.counts
    }

    /// How many body-ticks each trigger zone has counted.
    pub fn trigger_hits(&self) -> &[u32] {
        &self.trigger_hits
    }

    /// XXH3-64 of the canonical little-endian encoding of the state: the
    /// tick, then per body its position, velocity, sensor and contact count,
    /// then the trigger counts.
    pub fn state_hash(&self) -> u64 {
        let mut e = Encoder::new();
        e.u32(self.tick);
        e.u32(self.scene.bodies.len() as u32);
        for b in &self.scene.bodies {
            e.vector(&b.pos);
            e.vector(&b.vel);
            e.fx(b.sensor);
            e.u32(b.contacts);
        }
        for &t in &self.trigger_hits {
            e.u32(t);
        }
        e.hash()
    }

    /// Runs one tick.
    ///
    /// # Errors
    /// When a body would leave the domain (cannot happen in a scene with
    /// walls; reported rather than wrapped).
    pub fn step(&mut self) -> Result<(), Error> {
        self.apply_kicks();
        let start: Vec<Vector<D>> = self.scene.bodies.iter().map(|b| b.pos).collect();
        let bounds0 = self.body_bounds()?;
        let swept: Vec<Aabb<D>> = bounds0
            .iter()
            .zip(&self.scene.bodies)
            .map(|(bb, b)| bb.try_swept(b.vel))
            .collect::<Result<_, _>>()?;
        // Pairs of bodies whose swept bounds meet, and (body, obstacle)
        // pairs, both in ascending order: the ascending pairs of the
        // broadphase split by the second id.
        for (i, s) in swept.iter().enumerate() {
            self.broad.set(i as u32, *s)?;
        }
        self.broad.pairs(&mut self.pairs);
        let n = swept.len() as u32;
        let mut body_pairs = std::mem::take(&mut self.body_pairs);
        let mut near = std::mem::take(&mut self.near);
        body_pairs.clear();
        near.clear();
        for &(a, b) in self.pairs.iter().take_while(|(a, _)| *a < n) {
            if b < n {
                body_pairs.push((a, b));
            } else {
                near.push((a, b - n));
            }
        }
        self.count_meetings(&body_pairs, &bounds0);
        self.move_bodies(&bounds0, &near)?;
        self.oriented_obstacles(&start, &near)?;
        self.resolve_pairs(&body_pairs)?;
        self.count_triggers()?;
        self.read_sensors()?;
        (self.body_pairs, self.near) = (body_pairs, near);
        self.tick += 1;
        Ok(())
    }

    fn apply_kicks(&mut self) {
        while let Some(k) = self.scene.kicks.get(self.next_kick) {
            if k.tick > self.tick {
                break;
            }
            if k.tick == self.tick
                && let Some(b) = self.scene.bodies.get_mut(k.body as usize)
            {
                b.vel = k.vel;
            }
            self.next_kick += 1;
        }
    }

    fn body_bounds(&self) -> Result<Vec<Aabb<D>>, Error> {
        self.scene
            .bodies
            .iter()
            .map(|b| b.shape.bounds(b.pos))
            .collect::<Result<_, _>>()
            .map_err(Error::from)
    }

    fn count_meetings(&mut self, pairs: &[(u32, u32)], bounds0: &[Aabb<D>]) {
        for &(i, j) in pairs {
            let (i, j) = (i as usize, j as usize);
            self.counts.aabb_sweep_pair += 1;
            let (vi, vj) = (self.scene.bodies[i].vel, self.scene.bodies[j].vel);
            if aabb_sweep_pair(&bounds0[i], vi, &bounds0[j], vj).is_some() {
                self.scene.bodies[i].contacts += 1;
                self.scene.bodies[j].contacts += 1;
            }
        }
    }

    fn move_bodies(&mut self, bounds0: &[Aabb<D>], near: &[(u32, u32)]) -> Result<(), Error> {
        let obstacles = &self.obstacle_bounds;
        let mut cursor = 0;
        for (i, bb) in bounds0.iter().enumerate() {
            let d = self.scene.bodies[i].vel;
            // Earliest impact among the box obstacles near this body; the
            // lower obstacle index wins a tie.
            let mut first: Option<(Fx, Vector<D>)> = None;
            while let Some(&(bi, oi)) = near.get(cursor) {
                if bi as usize != i {
                    break;
                }
                cursor += 1;
                if !matches!(
                    self.scene.obstacles[oi as usize].shape,
                    ShapeKind::Box { .. }
                ) {
                    continue;
                }
                self.counts.aabb_sweep += 1;
                match aabb_sweep(&obstacles[oi as usize], bb, d) {
                    Some(s) if !s.overlapping && first.is_none_or(|(t, _)| s.t_enter < t) => {
                        first = Some((s.t_enter, s.normal));
                    }
                    _ => {}
                }
            }
            let body = &mut self.scene.bodies[i];
            match first {
                Some((t, normal)) => {
                    let step = Vector(std::array::from_fn(|k| scale_toward_zero(t, d.0[k])));
                    body.pos = add(body.pos, step);
                    for k in 0..D {
                        if normal.0[k] != Fx::ZERO {
                            body.vel.0[k] = -body.vel.0[k];
                        }
                    }
                }
                None => body.pos = add(body.pos, d),
            }
            body.shape
                .bounds(body.pos)
                .map_err(|e| Error::shape(&Field::new(format!("bodies[{i}]")), e))?;
        }
        Ok(())
    }

    fn oriented_obstacles(
        &mut self,
        start: &[Vector<D>],
        near: &[(u32, u32)],
    ) -> Result<(), Error> {
        for &(bi, oi) in near {
            let o = self.scene.obstacles[oi as usize];
            let Some(obstacle) = o.shape.obb(o.pos)? else {
                continue;
            };
            if !matches!(o.shape, ShapeKind::Oriented { .. }) {
                continue;
            }
            let body = &mut self.scene.bodies[bi as usize];
            let hit = if let Some(ball) = body.shape.ball(body.pos)? {
                self.counts.sphere_obb += 1;
                sphere_obb(&ball, &obstacle).is_some()
            } else if let Some(obb) = body.shape.obb(body.pos)? {
                self.counts.obb_overlap += 1;
                obb_overlap(&obb, &obstacle)
            } else {
                false
            };
            if hit {
                body.pos = start[bi as usize];
                body.vel = Vector(body.vel.0.map(|c| -c));
            }
        }
        Ok(())
    }

    fn resolve_pairs(&mut self, pairs: &[(u32, u32)]) -> Result<(), Error> {
        for &(i, j) in pairs {
            let (a, b) = (self.scene.bodies[i as usize], self.scene.bodies[j as usize]);
            let touching = match (&a.shape, &b.shape) {
                (ShapeKind::Box { .. }, ShapeKind::Box { .. }) => {
                    self.counts.aabb_contact += 1;
                    if let Some(c) = aabb_contact(&a.shape.bounds(a.pos)?, &b.shape.bounds(b.pos)?)
                    {
                        // Exchange the velocity components along the normal
                        // when the boxes approach along it.
                        let k = c.normal.0.iter().position(|n| *n != Fx::ZERO).unwrap_or(0);
                        let rel = wide(b.vel.0[k]) - wide(a.vel.0[k]);
                        if rel * wide(c.normal.0[k]) < 0 {
                            self.scene.bodies[i as usize].vel.0[k] = b.vel.0[k];
                            self.scene.bodies[j as usize].vel.0[k] = a.vel.0[k];
                        }
                    }
                    continue;
                }
                (ShapeKind::Ball { .. }, ShapeKind::Ball { .. }) => continue,
                (ShapeKind::Ball { .. }, _) => self.ball_touches(&a, &b)?,
                (_, ShapeKind::Ball { .. }) => self.ball_touches(&b, &a)?,
                _ => {
                    self.counts.obb_overlap += 1;
                    match (a.shape.obb(a.pos)?, b.shape.obb(b.pos)?) {
                        (Some(x), Some(y)) => obb_overlap(&x, &y),
                        _ => false,
                    }
                }
            };
            if touching && approaching(&a, &b) {
                self.scene.bodies[i as usize].vel = b.vel;
                self.scene.bodies[j as usize].vel = a.vel;
            }
        }
        Ok(())
    }

    fn ball_touches(&mut self, ball: &Body<D>, other: &Body<D>) -> Result<bool, Error> {
        let Some(s) = ball.shape.ball(ball.pos)? else {
            return Ok(false);
        };
        Ok(match other.shape {
            ShapeKind::Box { .. } => {
                self.counts.sphere_aabb += 1;
                sphere_aabb(&s, &other.shape.bounds(other.pos)?).is_some()
            }
            _ => match other.shape.obb(other.pos)? {
                Some(o) => {
                    self.counts.sphere_obb += 1;
                    sphere_obb(&s, &o).is_some()
                }
                None => false,
            },
        })
    }

    fn count_triggers(&mut self) -> Result<(), Error> {
        for b in &self.scene.bodies {
            let bb = b.shape.bounds(b.pos)?;
            for (z, zone) in self.scene.triggers.iter().enumerate() {
                let inside = match b.shape {
                    ShapeKind::Ball { .. } => match b.shape.ball(b.pos)? {
                        Some(s) => {
                            self.counts.sphere_aabb += 1;
                            sphere_aabb(&s, zone).is_some()
                        }
                        None => false,
                    },
                    ShapeKind::Box { .. } => {
                        self.counts.aabb_intersection += 1;
                        aabb_intersection(&bb, zone).is_some()
                    }
                    ShapeKind::Oriented { .. } => {
                        self.counts.aabb_overlap += 1;
                        aabb_overlap(&bb, zone)
                    }
                };
                if inside {
                    self.trigger_hits[z] += 1;
                }
            }
        }
        Ok(())
    }

    fn read_sensors(&mut self) -> Result<(), Error> {
        let reach = Fx::from_num(SENSOR_TICKS);
        let obstacles = &self.obstacle_bounds;
        for b in &mut self.scene.bodies {
            b.sensor = -Fx::ONE;
            if b.vel.is_zero() {
                continue;
            }
            let ray = Ray::try_new(b.pos, b.vel, reach)?;
            let end = add(b.pos, Vector(b.vel.0.map(|c| scale_toward_zero(reach, c))));
            let lo = Vector(std::array::from_fn(|k| b.pos.0[k].min(end.0[k])));
            let hi = Vector(std::array::from_fn(|k| b.pos.0[k].max(end.0[k])));
            // Rounding toward zero can shorten the reach by an ulp: grow the
            // box by one ulp so the prefilter never drops a hit.
            let ray_box = Aabb::try_new(
                Vector(lo.0.map(|c| c - Fx::DELTA)),
                Vector(hi.0.map(|c| c + Fx::DELTA)),
            )?;
            // The obstacles whose bounds meet the ray's, ascending.
            self.obstacle_bp.query(&ray_box, &mut self.found);
            for &oi in &self.found {
                let (o, ob) = (&self.scene.obstacles[oi as usize], &obstacles[oi as usize]);
                let t = match o.shape {
                    ShapeKind::Oriented { .. } => match o.shape.obb(o.pos)? {
                        Some(obb) => {
                            self.counts.ray_obb += 1;
                            ray_obb(&ray, &obb).map(|h| h.t)
                        }
                        None => None,
                    },
                    _ => {
                        self.counts.ray_aabb += 1;
                        ray_aabb(&ray, ob).map(|h| h.t)
                    }
                };
                if let Some(t) = t
                    && (b.sensor < Fx::ZERO || t < b.sensor)
                {
                    b.sensor = t;
                }
            }
        }
        Ok(())
    }
}

/// An index as a broadphase id.
fn index_id(i: usize) -> Result<u32, Error> {
    u32::try_from(i).map_err(|_| Error::Invalid {
        field: Field::new("scene"),
        reason: format!("{i} bodies and obstacles: more than 2^32"),
    })
}
