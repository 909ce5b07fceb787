//! The broadphase against brute force (every pair through `aabb_overlap`),
//! in 2D and 3D: random scenes on coarse grids (so touching and identical
//! boxes are common) at several scales, sequences of insert / set / remove
//! over many ticks, coherent motion, insertion-order independence, the
//! errors, and `Aabb::try_swept` against its exact definition.
//!
//! This file holds the helpers shared by the two halves:
//! `broadphase/props.rs` (the properties) and `broadphase/fixed_cases.rs`
//! (the fixed cases).

mod common;

#[path = "broadphase/fixed_cases.rs"]
mod fixed_cases;
#[path = "broadphase/props.rs"]
mod props;

use fixed_collide::{Aabb, Broadphase, Fx, Vector, aabb_overlap};
use std::collections::BTreeMap;

/// One unit (1.0) in raw bits.
const ONE: i64 = 1 << 32;
/// The domain limit 2^20 in raw bits.
const DOM: i64 = 1 << 52;

/// A box from raw corner bits (panics on an invalid box: test input only).
fn raw_box<const D: usize>(min: [i64; D], max: [i64; D]) -> Aabb<D> {
    Aabb::try_new(
        Vector(min.map(Fx::from_bits)),
        Vector(max.map(Fx::from_bits)),
    )
    .unwrap()
}

/// A box from integer corners.
fn int_box<const D: usize>(min: [i64; D], max: [i64; D]) -> Aabb<D> {
    raw_box(min.map(|v| v * ONE), max.map(|v| v * ONE))
}

/// Every overlapping pair of `set` by brute force, sorted.
fn brute_pairs<const D: usize>(set: &BTreeMap<u32, Aabb<D>>) -> Vec<(u32, u32)> {
    let items: Vec<_> = set.iter().collect();
    let mut out = Vec::new();
    for (i, (a, ba)) in items.iter().enumerate() {
        for (b, bb) in &items[i + 1..] {
            if aabb_overlap(ba, bb) {
                out.push((**a, **b));
            }
        }
    }
    out
}

/// The ids of `set` overlapping `q` by brute force, ascending.
fn brute_query<const D: usize>(set: &BTreeMap<u32, Aabb<D>>, q: &Aabb<D>) -> Vec<u32> {
    set.iter()
        .filter(|(_, b)| aabb_overlap(b, q))
        .map(|(id, _)| *id)
        .collect()
}

fn pairs_of<const D: usize>(bp: &mut Broadphase<D>) -> Vec<(u32, u32)> {
    let mut out = vec![(9, 9)]; // must be cleared
    bp.pairs(&mut out);
    out
}

fn query_of<const D: usize>(bp: &mut Broadphase<D>, q: &Aabb<D>) -> Vec<u32> {
    let mut out = vec![9]; // must be cleared
    bp.query(q, &mut out);
    out
}

/// A broadphase holding `set`, inserted in id order.
fn build<const D: usize>(set: &BTreeMap<u32, Aabb<D>>) -> Broadphase<D> {
    let mut bp = Broadphase::new();
    for (&id, b) in set {
        bp.insert(id, *b).unwrap();
    }
    bp
}
