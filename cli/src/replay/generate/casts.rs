//! The `shape_cast` queries, from their own random stream (so that every
//! other query stays as it was): a moving shape displaced by `d` against a
//! stationary target, for every pair the op takes (2D: every pair of the
//! five kinds; 3D: a moving sphere, capsule or segment against every kind,
//! and an aabb against an aabb).
//!
//! Cases, the moving shape placed against the target along an axis with
//! [`Gen::touch`]: touching and moving in (a hit at 0, not overlapping),
//! sliding along the contact, touching only at the end of the step, moving
//! away from a touching start, reaching the target at half the step, one
//! ulp short of touching at the end and one ulp past it, no displacement
//! from the same center, and random shapes with a random displacement.

use super::shapes::{KINDS, Kind, Mode};
use super::{Gen, vecv};
use crate::eval::Op;
use fixed_collide::num::Fx;
use serde_json::{Value, json};

/// The cases, in turn.
pub(super) const CASES: [&str; 9] = [
    "touching_moving_in",
    "slide",
    "touch_only_at_end",
    "moving_away",
    "hit_at_half",
    "one_ulp_short",
    "one_ulp_past",
    "zero_d_same_center",
    "random",
];

/// The moving kinds of 3D casts against every target (an aabb moves
/// against an aabb too).
const MOVING_3D: [Kind; 3] = [Kind::Sphere, Kind::Capsule, Kind::Segment];

impl Gen {
    /// The `j`-th `shape_cast` query: 2D for even `j`, 3D for odd; the
    /// pair and the case from `j`.
    pub(super) fn cast_query(&mut self, j: u32) -> (String, Value) {
        let (dim, round) = (if j.is_multiple_of(2) { 2 } else { 3 }, u64::from(j / 2));
        let (moving, target) = if dim == 2 {
            let pair = (round % 25) as usize;
            (KINDS[pair / 5], KINDS[pair % 5])
        } else {
            let pair = (round % 16) as usize;
            match MOVING_3D.get(pair / 5) {
                Some(&m) => (m, KINDS[pair % 5]),
                None => (Kind::Aabb, Kind::Aabb),
            }
        };
        let case = (round / 25) as usize % CASES.len();
        let (cat, v) = self.cast_of(dim, moving, target, case);
        (format!("{}/{dim}d/{cat}", Op::ShapeCast.name()), v)
    }

    /// A cast of `km` against `kt` in the case `CASES[case]`.
    pub(super) fn cast_of(
        &mut self,
        dim: usize,
        km: Kind,
        kt: Kind,
        case: usize,
    ) -> (String, Value) {
        let axis = self.rng.below(dim as u64) as usize;
        let mode = if case == CASES.len() - 1 {
            Mode::Random
        } else {
            Mode::Axis
        };
        let target = self.shape(kt, dim, mode);
        let mut moving = self.shape(km, dim, mode);
        let mut d = vec![Fx::ZERO; dim];
        // The moving shape starts on the +axis side of the target: `gap`
        // away, and `d` moves it by `-step` along the axis.
        let gap = self.nonzero_size();
        let mut along = |moving: &mut super::shapes::Sh, gap: Fx, step: Fx| {
            Self::touch(&target, moving, axis, gap);
            d[axis] = -step;
        };
        match case {
            0 => along(&mut moving, Fx::ZERO, gap),
            1 => {
                along(&mut moving, Fx::ZERO, Fx::ZERO);
                d[(axis + 1) % dim] = gap;
            }
            2 => along(&mut moving, gap, gap),
            3 => along(&mut moving, Fx::ZERO, -gap),
            4 => along(&mut moving, gap, gap + gap),
            5 => along(&mut moving, gap + Fx::DELTA, gap),
            6 => along(&mut moving, gap, gap + Fx::DELTA),
            7 => {
                let (ct, cm) = (target.center(), moving.center());
                let t: Vec<Fx> = ct.iter().zip(&cm).map(|(x, y)| *x - *y).collect();
                moving.translate(&t);
            }
            _ => d = self.point(dim, 12),
        }
        (
            format!("{}_{}/{}", km.name(), kt.name(), CASES[case]),
            json!({
                "op": Op::ShapeCast.name(),
                "moving": moving.json(),
                "d": vecv(&d),
                "target": target.json(),
            }),
        )
    }
}
