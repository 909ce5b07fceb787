//! The 2D polygon queries of the generic ops, from their own random
//! stream (so that every other query stays as it was): `overlap` of a
//! polygon against every shape kind, either way round, and of two
//! polygons, in the relations of the other kinds (touching, one ulp apart
//! or closer, parallel and collinear touching, identical or same center,
//! random); `ray_cast` on a polygon (toward the center, origin inside,
//! grazing and one ulp off, along an axis, random with `max_t`, through a
//! vertex); and, from a stream of their own, `shape_cast` of a polygon
//! against every kind and of every kind against a polygon.
//!
//! A polygon is valid by construction: 3 to 8 of the 20 integer points of
//! the circle `x^2 + y^2 = 625`, in counter-clockwise order with less than
//! half a turn between consecutive ones (so the circle's center is
//! strictly inside), mapped by an integer matrix of positive determinant
//! and scaled by a positive number of ulps, then moved to the center: the
//! turns stay strictly left, exactly, in the raw bits.

use super::Gen;
use super::shapes::{Kind, Mode};
use crate::eval::Op;
use fixed_collide::num::Fx;
use serde_json::Value;

/// The integer points of the circle of radius 25, counter-clockwise from
/// (25, 0).
pub const CIRCLE: [[i64; 2]; 20] = [
    [25, 0],
    [24, 7],
    [20, 15],
    [15, 20],
    [7, 24],
    [0, 25],
    [-7, 24],
    [-15, 20],
    [-20, 15],
    [-24, 7],
    [-25, 0],
    [-24, -7],
    [-20, -15],
    [-15, -20],
    [-7, -24],
    [0, -25],
    [7, -24],
    [15, -20],
    [20, -15],
    [24, -7],
];

/// At most this many steps of [`CIRCLE`] between consecutive vertices: 9
/// steps span less than half a turn (at most 163.74 degrees).
const MAX_GAP: usize = 9;

/// Integer maps `[a, b, c, d]` (`x' = a x + b y`, `y' = c x + d y`) of
/// positive determinant: they keep the turns strictly left.
const MAPS: [[i64; 4]; 7] = [
    [1, 0, 0, 1],
    [2, 0, 0, 1],
    [1, 0, 0, 2],
    [1, 1, 0, 1],
    [1, 0, 1, 1],
    [2, 1, 1, 1],
    [0, -1, 1, 0],
];

/// The ordered pairs of the polygon's `overlap` queries.
const PAIRS: [(Kind, Kind); 11] = [
    (Kind::Polygon, Kind::Aabb),
    (Kind::Aabb, Kind::Polygon),
    (Kind::Polygon, Kind::Obb),
    (Kind::Obb, Kind::Polygon),
    (Kind::Polygon, Kind::Sphere),
    (Kind::Sphere, Kind::Polygon),
    (Kind::Polygon, Kind::Segment),
    (Kind::Segment, Kind::Polygon),
    (Kind::Polygon, Kind::Capsule),
    (Kind::Capsule, Kind::Polygon),
    (Kind::Polygon, Kind::Polygon),
];

/// The `ray_cast` cases of a polygon (those of [`Gen::ray_cast_of`] but
/// zero radius and degenerate, and through a vertex).
const RAY_CASES: [u64; 7] = [0, 1, 2, 3, 6, 7, 8];

impl Gen {
    /// The `j`-th polygon query (2D): `overlap` for even `j`, else
    /// `ray_cast`; as `(category, eval line)`.
    pub(super) fn polygon_query(&mut self, j: u32) -> (String, Value) {
        let round = u64::from(j / 2);
        let (op, (cat, v)) = if j.is_multiple_of(2) {
            let (ka, kb) = PAIRS[(round % PAIRS.len() as u64) as usize];
            let relation = (round / PAIRS.len() as u64) % 9;
            (Op::Overlap, self.overlap_of(2, ka, kb, relation))
        } else {
            let case = RAY_CASES[(round % RAY_CASES.len() as u64) as usize];
            (Op::RayCast, self.ray_cast_of(2, Kind::Polygon, case))
        };
        (format!("{}/2d/{cat}", op.name()), v)
    }

    /// The `j`-th `shape_cast` query with a polygon (2D), from its own
    /// stream: a polygon moving against every kind and every kind moving
    /// against a polygon ([`PAIRS`]), in the cases of the other casts.
    pub(super) fn polygon_cast_query(&mut self, j: u32) -> (String, Value) {
        let round = u64::from(j);
        let (km, kt) = PAIRS[(round % PAIRS.len() as u64) as usize];
        let case = ((round / PAIRS.len() as u64) % super::casts::CASES.len() as u64) as usize;
        let (cat, v) = self.cast_of(2, km, kt, case);
        (format!("{}/2d/{cat}", Op::ShapeCast.name()), v)
    }

    /// The vertices of a polygon around `center` (2D): axis-aligned
    /// circle points scaled by a power of two, or (`Mode::Random`) mapped
    /// by one of [`MAPS`] and scaled by any number of ulps.
    pub(super) fn polygon_points(&mut self, center: &[Fx], mode: Mode) -> Vec<Vec<Fx>> {
        let n = 3 + self.rng.below(6) as usize;
        let mut gaps = vec![1usize; n];
        for _ in n..CIRCLE.len() {
            let mut g = self.rng.below(n as u64) as usize;
            while gaps[g] >= MAX_GAP {
                g = (g + 1) % n;
            }
            gaps[g] += 1;
        }
        let (map, scale) = if mode == Mode::Random {
            let map = MAPS[self.rng.below(MAPS.len() as u64) as usize];
            (map, self.rng.range_i64(1 << 26, 1 << 30))
        } else {
            (MAPS[0], 1i64 << (28 + self.rng.below(3)))
        };
        let mut at = self.rng.below(CIRCLE.len() as u64) as usize;
        gaps.iter()
            .map(|gap| {
                let [x, y] = CIRCLE[at % CIRCLE.len()];
                at += gap;
                let [a, b, c, d] = map;
                [a * x + b * y, c * x + d * y]
                    .iter()
                    .zip(center)
                    .map(|(k, o)| Fx::from_bits(o.to_bits() + k * scale))
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use fixed_collide::{Polygon, Vec2};

    /// `(b - a) x (c - b)` in raw bits.
    fn turn(a: &[Fx], b: &[Fx], c: &[Fx]) -> i128 {
        let d =
            |p: &[Fx], q: &[Fx], k: usize| i128::from(q[k].to_bits()) - i128::from(p[k].to_bits());
        d(a, b, 0) * d(b, c, 1) - d(a, b, 1) * d(b, c, 0)
    }

    #[test]
    fn polygons_turn_strictly_left_and_are_accepted() {
        let mut g = Gen { rng: Rng::new(5) };
        for i in 0..2000 {
            let center = g.point(2, 12);
            let mode = if i % 2 == 0 { Mode::Random } else { Mode::Axis };
            let pts = g.polygon_points(&center, mode);
            let n = pts.len();
            assert!((3..=8).contains(&n), "{n}");
            for k in 0..n {
                let t = turn(&pts[k], &pts[(k + 1) % n], &pts[(k + 2) % n]);
                assert!(t > 0, "{pts:?} at {k}");
            }
            let v: Vec<Vec2> = pts.iter().map(|p| Vec2::new(p[0], p[1])).collect();
            assert!(Polygon::try_new(&v).is_ok(), "{pts:?}");
        }
    }
}
