//! Steps 6 and 7 of a tick: the trigger zones count the bodies in them,
//! and each body's ray sensor reads the nearest obstacle along its
//! velocity.

use super::log::Operand;
use super::place::{self, Form};
use super::scene::ShapeKind;
use super::{LeftDomain, SENSOR_TICKS, World, add, scale_toward_zero};
use crate::eval::Op;
use fixed_collide::num::Fx;
use fixed_collide::query::ball::sphere_aabb;
use fixed_collide::query::obb::ray_obb;
use fixed_collide::query::overlap::{aabb_intersection, aabb_overlap};
use fixed_collide::query::ray::ray_aabb;
use fixed_collide::shape::Ray;
use fixed_collide::vec::Vector;
use fixed_collide::{Polygon, Shape, ray_capsule, ray_cast};

impl<const D: usize> World<D>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    pub(super) fn count_triggers(&mut self) {
        for (i, (b, p)) in (0u32..).zip(self.scene.bodies.iter().zip(&self.placed)) {
            for (z, zone) in (0u32..).zip(&self.scene.triggers) {
                let (op, inside, first) = match (&b.shape, &p.form) {
                    (_, Form::Ball(s)) => (
                        Op::SphereAabb,
                        sphere_aabb(s, zone).is_some(),
                        ("sphere", Operand::Ball(s)),
                    ),
                    (ShapeKind::Box { .. }, _) => (
                        Op::AabbIntersection,
                        aabb_intersection(&p.bounds, zone).is_some(),
                        ("a", Operand::Aabb(&p.bounds)),
                    ),
                    _ => (
                        Op::AabbOverlap,
                        aabb_overlap(&p.bounds, zone),
                        ("a", Operand::Aabb(&p.bounds)),
                    ),
                };
                self.counts.add(op);
                if let Some(log) = self.log.as_deref_mut() {
                    let ops = || {
                        let second = if op == Op::SphereAabb { "aabb" } else { "b" };
                        vec![first, (second, Operand::Aabb(zone))]
                    };
                    if log.query(op, [i, z], inside, [Fx::ZERO; 2]) {
                        log.capture(self.tick + 1, op, [i, z], "zone", &ops);
                    }
                }
                let z = z as usize;
                if inside {
                    self.trigger_hits[z] += 1;
                }
            }
        }
    }

    pub(super) fn read_sensors(&mut self, tick: u32) -> Result<(), LeftDomain> {
        let reach = Fx::from_num(SENSOR_TICKS);
        for (i, b) in (0u32..).zip(&mut self.scene.bodies) {
            b.sensor = -Fx::ONE;
            if b.vel.is_zero() {
                continue;
            }
            let end = add(b.pos, Vector(b.vel.0.map(|c| scale_toward_zero(reach, c))));
            let lo = Vector(std::array::from_fn(|k| b.pos.0[k].min(end.0[k])));
            let hi = Vector(std::array::from_fn(|k| b.pos.0[k].max(end.0[k])));
            // The position is in the domain (placed) and so is the velocity
            // (checked by `new` with every kick), so neither can fail; an
            // error would still be about this body.
            let left = |error| LeftDomain {
                body: i,
                tick,
                error,
            };
            let ray = Ray::try_new(b.pos, b.vel, reach).map_err(left)?;
            // Rounding toward zero can shorten the reach by an ulp: the
            // prefilter box is one ulp larger so it never drops a hit.
            let ray_box = place::grown_in_domain(lo, hi).map_err(left)?;
            // The obstacles whose bounds meet the ray's, ascending.
            self.obstacle_bp.query(&ray_box, &mut self.found);
            for &oi in &self.found {
                let o = &self.statics[oi as usize];
                let (op, t, target) = match (&o.oriented, &o.wall) {
                    (None, None) if o.polygon.is_some() => {
                        let p = o.polygon.as_ref().map(Polygon::points).unwrap_or_default();
                        let t = o
                            .polygon
                            .and_then(<fixed_collide::Const<D> as fixed_collide::Dim<D>>::polygon)
                            .and_then(|p| ray_cast(&ray, &Shape::Polygon(p)))
                            .map(|h| h.t);
                        (Op::RayCast, t, ("shape", Operand::Polygon(p)))
                    }
                    (Some(obb), _) => (
                        Op::RayObb,
                        ray_obb(&ray, obb).map(|h| h.t),
                        ("obb", Operand::Obb(obb)),
                    ),
                    (None, Some(wall)) => (
                        Op::RayCast,
                        ray_capsule(&ray, wall).map(|h| h.t),
                        ("shape", Operand::Capsule(wall)),
                    ),
                    (None, None) => (
                        Op::RayAabb,
                        ray_aabb(&ray, &o.bounds).map(|h| h.t),
                        ("aabb", Operand::Aabb(&o.bounds)),
                    ),
                };
                self.counts.add(op);
                if let Some(log) = self.log.as_deref_mut() {
                    let ans = [t.unwrap_or(-Fx::ONE), Fx::ZERO];
                    let ops = || vec![("ray", Operand::Ray(&ray)), target];
                    if log.query(op, [i, oi], t.is_some(), ans) {
                        log.capture(tick, op, [i, oi], "obstacle", &ops);
                    }
                }
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
