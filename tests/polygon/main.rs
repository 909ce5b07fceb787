//! Convex polygons: the validation catalogue of `Polygon::try_new`, and
//! `polygon_overlap` and `ray_polygon` against the exact references of
//! `reference` (integers and big rationals, no floats), with their edge
//! tables as insta snapshots.
//!
//! Generators lean toward the edges: polygons on a shared quarter-unit
//! grid (shared edges and vertices, a vertex on an edge, parallel edges),
//! shifted by one ulp (1-ulp gaps and overlaps), far from the origin;
//! rays aimed at vertices and along edges.

mod cast_snapshots;
#[path = "../common/mod.rs"]
mod common;
mod contact_props;
mod generic;
mod overlap_props;
mod ray_props;
mod reference;
mod shape_props;
mod snapshots;
mod validation;

use common::cases;
use common::raw::{DOM, ONE, fx, vector};
use fixed_collide::{Polygon, Vec2};
use proptest::prelude::*;

/// A polygon from raw vertices (already a strictly convex hull).
fn polygon(points: &[[i64; 2]]) -> Polygon {
    let v: Vec<Vec2> = points.iter().map(|&p| vector(p)).collect();
    Polygon::try_new(&v).unwrap()
}

/// A convex polygon: the strict hull of 3 to 9 points on the quarter-unit
/// grid within 4 units of `center`, kept when it has 3 vertices or more.
fn polygon_near(center: [i64; 2]) -> impl Strategy<Value = Option<Vec<[i64; 2]>>> {
    proptest::collection::vec(proptest::array::uniform2(-16i64..=16), 3..=9).prop_map(move |pts| {
        let raw: Vec<[i64; 2]> = pts
            .iter()
            .map(|p| [center[0] + p[0] * (ONE / 4), center[1] + p[1] * (ONE / 4)])
            .collect();
        let h = reference::hull(&raw);
        (h.len() >= 3).then_some(h)
    })
}

/// A center: the origin's neighbourhood, or far out (up to 2^19).
fn center() -> impl Strategy<Value = [i64; 2]> {
    prop_oneof![
        2 => proptest::array::uniform2(-8i64..=8).prop_map(|c| c.map(|x| x * (ONE / 4))),
        1 => proptest::array::uniform2(-(DOM / 2)..=(DOM / 2)),
    ]
}

/// A shift of 0 or 1 ulp on each axis (1-ulp gaps and overlaps).
fn ulps() -> impl Strategy<Value = [i64; 2]> {
    prop_oneof![2 => Just([0, 0]), 1 => proptest::array::uniform2(-1i64..=1)]
}

fn shifted(p: &[[i64; 2]], by: [i64; 2]) -> Vec<[i64; 2]> {
    p.iter().map(|v| [v[0] + by[0], v[1] + by[1]]).collect()
}

/// `common::cases()` cases per property, nothing persisted.
fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(cases())
    }
}
