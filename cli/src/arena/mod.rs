//! The deterministic arena: many moving bodies (boxes, oriented boxes,
//! balls, capsules, and in 2D convex polygons) among static obstacles
//! (boxes, oriented boxes, and in 2D segment walls and convex polygons),
//! stepped tick by tick with every query
//! family, and hashed per tick. The same scene and inputs give the same
//! hashes on every platform and build.
//!
//! [`World::new`] checks the whole scene and places the static shapes once:
//! the obstacles' bounds, the oriented obstacles' boxes, and the
//! broadphases' obstacle entries. A tick only moves the bodies (placing
//! each moved body's bounds and exact shape once) and runs the queries, so
//! it fails only when a body leaves the domain ([`LeftDomain`]).
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
//! 4. bodies overlapping an oriented obstacle
//!    ([`obb_overlap`](fixed_collide::obb_overlap),
//!    [`sphere_obb`](fixed_collide::sphere_obb); a capsule or polygon body:
//!    the generic [`overlap`](fixed_collide::overlap)), a segment wall or a
//!    polygon obstacle (2D; `overlap`) go back to their start and reverse;
//! 5. touching body pairs ([`aabb_contact`],
//!    [`obb_overlap`](fixed_collide::obb_overlap),
//!    [`sphere_aabb`](fixed_collide::query::ball::sphere_aabb),
//!    [`sphere_obb`](fixed_collide::sphere_obb); a capsule or polygon and
//!    any body: `overlap`) that approach exchange velocities;
//! 6. trigger zones count the bodies in them ([`aabb_overlap`](fixed_collide::query::overlap::aabb_overlap),
//!    [`aabb_intersection`](fixed_collide::query::overlap::aabb_intersection), [`sphere_aabb`](fixed_collide::query::ball::sphere_aabb));
//! 7. each body's ray sensor ([`ray_aabb`](fixed_collide::query::ray::ray_aabb), [`ray_obb`](fixed_collide::query::obb::ray_obb);
//!    a wall or polygon: [`ray_cast`](fixed_collide::ray_cast)) reads the
//!    nearest obstacle along its velocity.

mod checks;
mod log;
mod place;
pub mod scene;
mod sense;

use crate::eval::Op;
use crate::state_hash::Encoder;
use crate::{Error, Field};
pub use checks::LeftDomain;
use checks::{check_kicks, index_id};
use fixed_collide::broadphase::Broadphase;
use fixed_collide::num::{Fx, Round, from_scale64, mul_wide, wide};
use fixed_collide::query::contact::aabb_contact;
use fixed_collide::query::sweep::{aabb_sweep, aabb_sweep_pair};
use fixed_collide::vec::Vector;
use log::Operand;
pub use log::{Captured, QueryLog};
use place::{Placed, Static};
use scene::{Body, Scene, ShapeKind};

/// How many queries of each op the arena has run (the broadphases' own box
/// tests are not counted).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueryCounts([u64; Op::COUNT]);

impl Default for QueryCounts {
    fn default() -> Self {
        Self([0; Op::COUNT])
    }
}

impl QueryCounts {
    /// Counts one query of `op`.
    fn add(&mut self, op: Op) {
        self.0[op.index()] += 1;
    }

    /// The queries of `op`.
    pub fn get(&self, op: Op) -> u64 {
        self.0[op.index()]
    }

    /// The total over all ops.
    pub fn total(&self) -> u64 {
        self.0.iter().sum()
    }
}

impl std::fmt::Display for QueryCounts {
    /// `N in all: aabb_overlap N, ...`, every op in the order of
    /// [`Op::ALL`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} in all", self.total())?;
        for (i, op) in Op::ALL.into_iter().enumerate() {
            let sep = if i == 0 { ": " } else { ", " };
            write!(f, "{sep}{} {}", op.name(), self.get(op))?;
        }
        Ok(())
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
    /// The obstacles, placed once (by index), and a broadphase over their
    /// bounds (id = index) for the ray sensors.
    statics: Vec<Static<D>>,
    obstacle_bp: Broadphase<D>,
    /// A broadphase over the bodies' swept bounds (id = body index, set
    /// every tick) and the obstacles' bounds (id = number of bodies +
    /// obstacle index, set once).
    broad: Broadphase<D>,
    /// Each body's shape where it is now, and where it was at the start of
    /// the tick (with its position).
    placed: Vec<Placed<D>>,
    start: Vec<Placed<D>>,
    start_pos: Vec<Vector<D>>,
    /// Reused buffers: all pairs, body pairs, body-obstacle pairs, query
    /// answers.
    pairs: Vec<(u32, u32)>,
    body_pairs: Vec<(u32, u32)>,
    near: Vec<(u32, u32)>,
    found: Vec<u32>,
    /// The per-family digests of each tick's queries, when logged.
    log: Option<Box<QueryLog>>,
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
    /// A world at tick 0. Places every obstacle once (its bounds, its
    /// oriented box, the broadphases over them) and checks the whole scene,
    /// so that only a body leaving the domain can stop a tick.
    ///
    /// # Errors
    /// The first bad field, named by its path: an obstacle or body out of
    /// the domain (`obstacles[2].min.x`), a velocity out of the domain
    /// (`bodies[4].vel.y`, `kicks[0].vel.x`), a kick naming no body or out
    /// of tick order.
    pub fn new(scene: Scene<D>) -> Result<Self, Error> {
        let n = scene.bodies.len();
        let all = n + scene.obstacles.len();
        let mut statics = Vec::with_capacity(scene.obstacles.len());
        let mut obstacle_bp = Broadphase::with_capacity(scene.obstacles.len());
        let mut broad = Broadphase::with_capacity(all);
        for (i, o) in scene.obstacles.iter().enumerate() {
            let s = Static::new(&o.shape, o.pos)
                .map_err(|e| Error::shape(&Field::new(format!("obstacles[{i}]")), e))?;
            obstacle_bp.insert(index_id(i)?, s.bounds)?;
            broad.insert(index_id(n + i)?, s.bounds)?;
            statics.push(s);
        }
        let mut placed = Vec::with_capacity(n);
        for (i, b) in scene.bodies.iter().enumerate() {
            let at = Field::new(format!("bodies[{i}]"));
            let p = Placed::new(&b.shape, b.pos).map_err(|e| Error::shape(&at, e))?;
            b.vel
                .check_domain(fixed_collide::Field::new("vel"))
                .map_err(|e| Error::shape(&at, e))?;
            broad.insert(index_id(i)?, p.bounds)?;
            placed.push(p);
        }
        check_kicks(&scene)?;
        let trigger_hits = vec![0; scene.triggers.len()];
        Ok(Self {
            scene,
            tick: 0,
            next_kick: 0,
            trigger_hits,
            counts: QueryCounts::default(),
            statics,
            obstacle_bp,
            broad,
            start: placed.clone(),
            placed,
            start_pos: Vec::with_capacity(n),
            pairs: Vec::new(),
            body_pairs: Vec::new(),
            near: Vec::new(),
            found: Vec::new(),
            log: None,
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

    /// Runs one tick: moves the bodies and runs the queries (the obstacles
    /// were placed by [`World::new`]).
    ///
    /// # Errors
    /// [`LeftDomain`] when a body lands outside the domain (a scene
    /// without walls around its bodies); the world is then left mid-tick.
    pub fn step(&mut self) -> Result<(), LeftDomain> {
        let tick = self.tick + 1;
        self.apply_kicks();
        // The bodies' shapes at the start of the tick are those of the end
        // of the last one; `placed` is rewritten as they move.
        std::mem::swap(&mut self.placed, &mut self.start);
        self.start_pos.clear();
        self.start_pos
            .extend(self.scene.bodies.iter().map(|b| b.pos));
        for (i, (p, b)) in (0u32..).zip(self.start.iter().zip(&self.scene.bodies)) {
            let swept = place::swept_in_domain(&p.bounds, b.vel).map_err(|error| LeftDomain {
                body: i,
                tick,
                error,
            })?;
            // Ids 0..n were inserted by `new` and are never removed: `set`
            // cannot fail.
            let _ = self.broad.set(i, swept);
        }
        // Pairs of bodies whose swept bounds meet, and (body, obstacle)
        // pairs, both in ascending order: the ascending pairs of the
        // broadphase split by the second id.
        self.broad.pairs(&mut self.pairs);
        let n = self.scene.bodies.len() as u32;
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
        self.count_meetings(&body_pairs);
        self.move_bodies(&near, tick)?;
        self.shaped_obstacles(&near);
        self.resolve_pairs(&body_pairs);
        self.count_triggers();
        self.read_sensors(tick)?;
        (self.body_pairs, self.near) = (body_pairs, near);
        self.tick = tick;
        if let Some(log) = self.log.as_deref_mut() {
            log.end_tick();
        }
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

    fn count_meetings(&mut self, pairs: &[(u32, u32)]) {
        let bounds0 = &self.start;
        for &(i, j) in pairs {
            let (i, j) = (i as usize, j as usize);
            self.counts.add(Op::AabbSweepPair);
            let (vi, vj) = (self.scene.bodies[i].vel, self.scene.bodies[j].vel);
            let (bi, bj) = (&bounds0[i].bounds, &bounds0[j].bounds);
            let r = aabb_sweep_pair(bi, vi, bj, vj);
            if let Some(log) = self.log.as_deref_mut() {
                let ans = r.map_or([Fx::ZERO; 2], |r| [r.u0, r.u1]);
                if log.query(Op::AabbSweepPair, [i as u32, j as u32], r.is_some(), ans) {
                    log.capture(
                        self.tick + 1,
                        Op::AabbSweepPair,
                        [i as u32, j as u32],
                        "body",
                        &|| {
                            vec![
                                ("a", Operand::Aabb(bi)),
                                ("va", Operand::Vec(vi)),
                                ("b", Operand::Aabb(bj)),
                                ("vb", Operand::Vec(vj)),
                            ]
                        },
                    );
                }
            }
            if r.is_some() {
                self.scene.bodies[i].contacts += 1;
                self.scene.bodies[j].contacts += 1;
            }
        }
    }

    fn move_bodies(&mut self, near: &[(u32, u32)], tick: u32) -> Result<(), LeftDomain> {
        let mut cursor = 0;
        for (i, start) in (0u32..).zip(&self.start) {
            let bb = &start.bounds;
            let body = &mut self.scene.bodies[i as usize];
            let d = body.vel;
            // Earliest impact among the box obstacles near this body; the
            // lower obstacle index wins a tie.
            let mut first: Option<(Fx, Vector<D>)> = None;
            while let Some(&(bi, oi)) = near.get(cursor) {
                if bi != i {
                    break;
                }
                cursor += 1;
                let obstacle = &self.statics[oi as usize];
                if !obstacle.is_box {
                    continue;
                }
                self.counts.add(Op::AabbSweep);
                let r = aabb_sweep(&obstacle.bounds, bb, d);
                if let Some(log) = self.log.as_deref_mut() {
                    let ans = r.map_or([Fx::ZERO; 2], |s| [s.t_enter, s.t_exit]);
                    if log.query(Op::AabbSweep, [i, oi], r.is_some(), ans) {
                        log.capture(tick, Op::AabbSweep, [i, oi], "obstacle", &|| {
                            vec![
                                ("stationary", Operand::Aabb(&obstacle.bounds)),
                                ("moving", Operand::Aabb(bb)),
                                ("d", Operand::Vec(d)),
                            ]
                        });
                    }
                }
                match r {
                    Some(s) if !s.overlapping && first.is_none_or(|(t, _)| s.t_enter < t) => {
                        first = Some((s.t_enter, s.normal));
                    }
                    _ => {}
                }
            }
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
            self.placed[i as usize] =
                Placed::new(&body.shape, body.pos).map_err(|error| LeftDomain {
                    body: i,
                    tick,
                    error,
                })?;
        }
        Ok(())
    }

    /// Step 4: a body overlapping an obstacle that is not an axis-aligned
    /// box (an oriented box, a wall) goes back to where the tick started it,
    /// its velocity reversed.
    fn shaped_obstacles(&mut self, near: &[(u32, u32)]) {
        for &(bi, oi) in near {
            let ids = [bi, oi];
            let bi = bi as usize;
            let Some((op, hit, operands)) =
                log::body_obstacle(&self.placed[bi].form, &self.statics[oi as usize])
            else {
                continue;
            };
            self.counts.add(op);
            if let Some(log) = self.log.as_deref_mut()
                && log.query(op, ids, hit, [Fx::ZERO; 2])
            {
                log.capture(self.tick + 1, op, ids, "obstacle", &|| operands.to_vec());
            }
            if hit {
                let body = &mut self.scene.bodies[bi];
                body.pos = self.start_pos[bi];
                body.vel = Vector(body.vel.0.map(|c| -c));
                self.placed[bi] = self.start[bi];
            }
        }
    }

    fn resolve_pairs(&mut self, pairs: &[(u32, u32)]) {
        for &(i, j) in pairs {
            let (i, j) = (i as usize, j as usize);
            let (a, b) = (self.scene.bodies[i], self.scene.bodies[j]);
            let (pa, pb) = (&self.placed[i], &self.placed[j]);
            let touching = match (&a.shape, &b.shape) {
                (ShapeKind::Box { .. }, ShapeKind::Box { .. }) => {
                    self.counts.add(Op::AabbContact);
                    let r = aabb_contact(&pa.bounds, &pb.bounds);
                    if let Some(log) = self.log.as_deref_mut() {
                        let ans = r.map_or([Fx::ZERO; 2], |c| [c.depth, Fx::ZERO]);
                        let ops = || {
                            vec![
                                ("a", Operand::Aabb(&pa.bounds)),
                                ("b", Operand::Aabb(&pb.bounds)),
                            ]
                        };
                        if log.query(Op::AabbContact, [i as u32, j as u32], r.is_some(), ans) {
                            log.capture(
                                self.tick + 1,
                                Op::AabbContact,
                                [i as u32, j as u32],
                                "body",
                                &ops,
                            );
                        }
                    }
                    if let Some(c) = r {
                        // Exchange the velocity components along the normal
                        // when the boxes approach along it.
                        let k = c.normal.0.iter().position(|n| *n != Fx::ZERO).unwrap_or(0);
                        let rel = wide(b.vel.0[k]) - wide(a.vel.0[k]);
                        if rel * wide(c.normal.0[k]) < 0 {
                            self.scene.bodies[i].vel.0[k] = b.vel.0[k];
                            self.scene.bodies[j].vel.0[k] = a.vel.0[k];
                        }
                    }
                    continue;
                }
                _ => {
                    let Some((op, hit, operands)) = log::body_pair(pa, &a.shape, pb, &b.shape)
                    else {
                        continue;
                    };
                    self.counts.add(op);
                    if let Some(log) = self.log.as_deref_mut() {
                        let ops = || operands.to_vec();
                        if log.query(op, [i as u32, j as u32], hit, [Fx::ZERO; 2]) {
                            log.capture(self.tick + 1, op, [i as u32, j as u32], "body", &ops);
                        }
                    }
                    hit
                }
            };
            if touching && approaching(&a, &b) {
                self.scene.bodies[i].vel = b.vel;
                self.scene.bodies[j].vel = a.vel;
            }
        }
    }
}
