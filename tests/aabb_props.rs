//! Properties of the axis-aligned queries against the exact reference in
//! `aabb_reference`, in 2D (`<family>::d2::`) and 3D (`<family>::d3::`),
//! 10,000 cases each.
//!
//! The generators build every coordinate on raw bits and bias it toward the
//! edges: boxes touching on a face, edge or corner, 1-ulp gaps and overlaps,
//! zero-size boxes, the domain limits 2^20 and tiny values, zero velocity
//! components, displacements that make boxes touch exactly at t = 0, 1/2 or
//! 1, any `Fx` bits for the sweeps' displacements, rays aimed at faces, edges
//! and corners, origins on the surface.
//!
//! One file per query family under `aabb_props/`; this file holds the
//! generators they share (coordinates, sizes, displacements, the relation
//! of two boxes on one axis), the translation helpers and the failure
//! output (exact decimals and raw bits).

mod aabb_reference;
mod common;

use aabb_reference::{self as exact, DOM, HALF, ONE, RBox, raw, vec_of};
use common::cases;
use fixed_collide::{Aabb, Ball, Fx, Ray, Vector};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

type Check = Result<(), TestCaseError>;

// ============================================================ generators ==

/// A coordinate: integers, halves, a few ulps, any raw bits in the domain,
/// and the domain limits.
fn coord() -> impl Strategy<Value = i64> {
    prop_oneof![
        3 => (-8i64..=8).prop_map(|k| k * ONE),
        2 => (-16i64..=16).prop_map(|k| k * HALF),
        1 => -3i64..=3,
        3 => -DOM..=DOM,
        1 => prop_oneof![Just(DOM), Just(-DOM), Just(DOM - 1), Just(-DOM + 1)],
    ]
}

/// A size (>= 0): zero, one ulp, integers, halves, anything up to the width
/// of the domain.
fn size() -> impl Strategy<Value = i64> {
    prop_oneof![
        2 => Just(0i64),
        1 => Just(1i64),
        3 => (1i64..=6).prop_map(|k| k * ONE),
        2 => (1i64..=12).prop_map(|k| k * HALF),
        2 => 0..=2 * DOM,
        1 => 0i64..=1000,
    ]
}

/// A positive distance: an ulp, a half, small integers, anything in the
/// domain.
fn step() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(1i64),
        Just(HALF),
        (1i64..=4).prop_map(|k| k * ONE),
        1..=DOM,
    ]
}

/// A displacement: any `Fx` bits, biased to zero, ulps, small values, the
/// domain and the extremes of `Fx`.
fn disp() -> impl Strategy<Value = i64> {
    prop_oneof![
        2 => Just(0i64),
        1 => prop_oneof![Just(1i64), Just(-1i64)],
        2 => (-8i64..=8).prop_map(|k| k * ONE),
        1 => (-16i64..=16).prop_map(|k| k * HALF),
        2 => -2 * DOM..=2 * DOM,
        2 => any::<i64>(),
        1 => prop_oneof![Just(i64::MIN), Just(i64::MAX), Just(i64::MIN + 1), Just(DOM), Just(-DOM)],
    ]
}

fn clamp_dom(v: i64) -> i64 {
    v.clamp(-DOM, DOM)
}

/// One axis of two boxes `a = [a0, a1]`, `b = [b0, b1]`, with `b` placed
/// relative to `a`: touching either face, 1-ulp gaps and overlaps, equal,
/// inside, containing, zero-size on a face, separated, or independent.
fn axis_pair() -> impl Strategy<Value = [i64; 4]> {
    axis_pair_by(0u8..17)
}

/// Like [`axis_pair`], but mostly penetrating (1-ulp overlaps, equal,
/// inside, containing), sometimes touching: boxes that overlap openly on
/// every axis, or on all but one, are common in 3D too.
fn axis_pair_overlapping() -> impl Strategy<Value = [i64; 4]> {
    axis_pair_by(prop_oneof![
        4 => prop_oneof![Just(6u8), Just(7), Just(8), Just(9), Just(12)],
        1 => 0u8..4,
    ])
}

fn axis_pair_by(relation: impl Strategy<Value = u8>) -> impl Strategy<Value = [i64; 4]> {
    (coord(), size(), size(), step(), coord(), relation).prop_map(|(a0, sa, sb, st, free, rel)| {
        let a1 = (a0 + sa).min(DOM);
        let (b0, b1) = match rel {
            0 | 1 => (a1, a1 + sb),
            2 | 3 => (a0 - sb, a0),
            4 => (a1 + 1, a1 + 1 + sb),
            5 => (a0 - 1 - sb, a0 - 1),
            6 => (a1 - 1, a1 - 1 + sb),
            7 => (a0 + 1 - sb, a0 + 1),
            8 => (a0, a1),
            9 => {
                let lo = a0 + st.min(a1 - a0);
                (lo, lo + sb.min(a1 - lo))
            }
            10 => (a0, a0),
            11 => (a1, a1),
            12 => (a0 - st, a1 + st),
            13 => (a1 + st, a1 + st + sb),
            _ => (free, free + sb),
        };
        [a0, a1, clamp_dom(b0), clamp_dom(b1)]
    })
}

fn boxes<const D: usize>(axes: &[[i64; 4]; D]) -> (Aabb<D>, Aabb<D>) {
    let a = exact::aabb(
        axes.map(|x| i128::from(x[0])),
        axes.map(|x| i128::from(x[1])),
    );
    let b = exact::aabb(
        axes.map(|x| i128::from(x[2])),
        axes.map(|x| i128::from(x[3])),
    );
    (a, b)
}

/// An offset that keeps every given raw coordinate inside the domain:
/// integers, an ulp, or any bits, clamped into the allowed range.
fn offset_for(coords: &[i128], pick: i64) -> i128 {
    let lo = -i128::from(DOM) - coords.iter().min().copied().unwrap_or(0);
    let hi = i128::from(DOM) - coords.iter().max().copied().unwrap_or(0);
    i128::from(pick).clamp(lo, hi)
}

fn offset_pick() -> impl Strategy<Value = i64> {
    prop_oneof![
        (-4i64..=4).prop_map(|k| k * ONE),
        Just(1i64),
        Just(-1i64),
        -2 * DOM..=2 * DOM,
    ]
}

fn shift<const D: usize>(b: &Aabb<D>, off: &[i128; D]) -> Aabb<D> {
    let r = RBox::of(b);
    exact::aabb(
        std::array::from_fn(|i| r.min[i] + off[i]),
        std::array::from_fn(|i| r.max[i] + off[i]),
    )
}

fn shift_vec<const D: usize>(v: &Vector<D>, off: &[i128; D]) -> Vector<D> {
    vec_of(std::array::from_fn(|i| raw(v.0[i]) + off[i]))
}

/// Per axis, an offset keeping all of `points` in the domain.
fn offsets<const D: usize>(points: &[Vector<D>], picks: &[i64; D]) -> [i128; D] {
    std::array::from_fn(|i| {
        let cs: Vec<i128> = points.iter().map(|p| raw(p.0[i])).collect();
        offset_for(&cs, picks[i])
    })
}

/// Per-axis picks of [`offsets`], for the translation properties.
fn picks<const D: usize>() -> impl Strategy<Value = [i64; D]> {
    proptest::array::uniform::<_, D>(offset_pick())
}

// ======================================================= failure output ==

/// Failure messages show every scalar as its decimal and, in `<>`, its raw
/// bits: `fixed`'s own `Debug` is not exact (it prints floor(0.3) as 0.3).
trait Show {
    fn show(&self) -> String;
}

impl Show for Fx {
    fn show(&self) -> String {
        format!("{self}<{}>", self.to_bits())
    }
}

impl<const D: usize> Show for Vector<D> {
    fn show(&self) -> String {
        let parts: Vec<String> = self.0.iter().map(Show::show).collect();
        format!("[{}]", parts.join(", "))
    }
}

impl<const D: usize> Show for Aabb<D> {
    fn show(&self) -> String {
        format!("{}..{}", self.min().show(), self.max().show())
    }
}

impl<const D: usize> Show for Ray<D> {
    fn show(&self) -> String {
        let (o, d, t) = (self.origin(), self.dir(), self.max_t());
        format!("origin {} dir {} max_t {}", o.show(), d.show(), t.show())
    }
}

impl<const D: usize> Show for Ball<D> {
    fn show(&self) -> String {
        format!("center {} r {}", self.center().show(), self.radius().show())
    }
}

macro_rules! debug_by_show {
    ($($name:ident { $($field:ident),* })*) => {$(
        impl<const D: usize> std::fmt::Debug for $name<D> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                let mut s = f.debug_struct(stringify!($name));
                $(s.field(stringify!($field), &format_args!("{}", self.$field.show()));)*
                s.finish()
            }
        }
    )*};
}

// ============================================================== families ==

// Declared after `debug_by_show`, which every family uses on its case type.

#[path = "aabb_props/extremes.rs"]
mod extremes;
#[path = "aabb_props/overlap.rs"]
mod overlap;
#[path = "aabb_props/ray.rs"]
mod ray;
#[path = "aabb_props/sphere.rs"]
mod sphere;
#[path = "aabb_props/sweep.rs"]
mod sweep;
#[path = "aabb_props/sweep_pair.rs"]
mod sweep_pair;
