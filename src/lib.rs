//! # fixed-collide
//!
//! Deterministic collision queries whose every answer is bit-identical on
//! every platform, compiler and build profile: all of it is computed in
//! fixed point ([`Fx`] = `I32F32`) with integers only, and hit/miss answers
//! are **exact** for the given inputs.
//!
//! - Static boxes: [`aabb_overlap`], [`aabb_overlap_open`],
//!   [`aabb_intersection`], [`aabb_contact`].
//! - Moving boxes: [`aabb_sweep`] (time of impact, open overlap: sliding is
//!   not blocked), [`aabb_sweep_pair`] (both moving, closed overlap).
//! - Rays: [`ray_aabb`], [`ray_obb`]; against any shape [`ray_cast`],
//!   with [`ray_sphere`] and [`ray_capsule`] (exact, curved surfaces).
//! - Oriented boxes: [`obb_overlap`] (15 axes in 3D, 4 in 2D),
//!   [`sphere_obb`]; balls: [`sphere_aabb`].
//! - Any two shapes, segments and capsules included: [`overlap`] over
//!   [`Shape`] (exact, closed), and per pair [`sphere_overlap`],
//!   [`capsule_overlap`], [`capsule_sphere_overlap`],
//!   [`capsule_aabb_overlap`], [`capsule_obb_overlap`]; a moving shape
//!   against a stationary one: [`shape_cast`] (exact time of impact, open
//!   overlap, as [`aabb_sweep`]).
//! - Convex polygons (2D, up to 64 vertices, stored inline; [`Polygon8`]
//!   holds up to 8 in 136 bytes): [`Polygon`], [`polygon_overlap`],
//!   [`polygon_shape_overlap`], [`ray_polygon`], [`polygon_contact`]; as
//!   [`Shape::Polygon`] through [`overlap`], [`ray_cast`] and
//!   [`shape_cast`] (a `Shape<3>` cannot hold one: see [`Dim::Polygon`]).
//! - Many at once: [`PreparedRay`] (one ray, many boxes), [`AabbSet`]
//!   (boxes as a structure of arrays) with [`AabbSet::overlapping`],
//!   [`AabbSet::first_hit`], [`AabbSet::ray_hits`],
//!   [`AabbSet::first_sweep_hit`], and [`overlap_pairs`] of two sets.
//!
//! Shapes are generic over the dimension (`Aabb<2>` = [`Aabb2`], ...) and
//! validated on construction (`try_new`), so the queries are total: no
//! input a constructor accepts can panic or overflow. Generic code over the
//! dimension carries one bound, `where Const<D>: Dim<D>` (see [`Dim`]).
//!
//! The feature `serde` derives `Serialize` and `Deserialize` on the shapes
//! (deserialized through their validating constructors, see [`shape`]), the
//! rotations, [`RotSpec`] and the answers ([`RayHit`], [`Sweep`], ...). It
//! works without `std`.
//!
//! ```
//! use fixed_collide::{aabb_sweep, Aabb2, Fx, Vec2};
//! let wall = Aabb2::try_new(Vec2::from_ints([4, 0]), Vec2::from_ints([5, 4])).unwrap();
//! let player = Aabb2::try_new(Vec2::from_ints([0, 1]), Vec2::from_ints([1, 2])).unwrap();
//! let hit = aabb_sweep(&wall, &player, Vec2::from_ints([6, 0])).unwrap();
//! assert_eq!(hit.t_enter, Fx::from_num(0.5));
//! ```

#![no_std]
// Nothing reachable from a public function may panic on any input its
// types allow: no unwrap, expect, panic! or indexing that can fail in
// library code (tests may).
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

extern crate alloc;
#[cfg(test)]
#[macro_use]
extern crate std;

// The README's examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod arch;
pub mod broadphase;
pub mod dim;
mod error;
mod kernel;
pub mod num;
pub mod query;
pub mod rot;
#[cfg(feature = "serde")]
mod serde_impl;
pub mod shape;
pub mod vec;

/// The seeded generator of the tests (the application's, one source).
#[cfg(test)]
#[path = "../cli/src/rng.rs"]
#[allow(dead_code)]
pub(crate) mod rng;

pub use broadphase::{Broadphase, pairs_between, pairs_within};
pub use dim::{Const, Dim, NoPolygon};
pub use error::{Detail, Error, Field};
pub use num::{DOMAIN, Exact, Fx};
pub use query::ball::{BallHit, sphere_aabb};
pub use query::batch::{AabbSet, BatchHit, BatchSweep, overlap_pairs};
pub use query::capsule::{
    capsule_aabb_overlap, capsule_obb_overlap, capsule_overlap, capsule_sphere_overlap, overlap,
    ray_capsule, ray_cast, ray_sphere, sphere_overlap,
};
pub use query::cast::{Cast, shape_cast};
pub use query::contact::{Contact, aabb_contact};
pub use query::obb::{obb_overlap, ray_obb, sphere_obb, sphere_obb_overlap};
pub use query::overlap::{aabb_intersection, aabb_overlap, aabb_overlap_open};
pub use query::polygon::{polygon_overlap, polygon_shape_overlap, ray_polygon};
pub use query::polygon_contact::{PolygonContact, polygon_contact};
pub use query::ray::{PreparedRay, RayHit, ray_aabb};
pub use query::sweep::{OverlapInterval, Sweep, aabb_sweep, aabb_sweep_pair};
pub use rot::{AXIS_TOLERANCE, Rot, Rot2, Rot3, RotForm, RotSpec};
pub use shape::{
    Aabb, Aabb2, Aabb3, Ball, Capsule, Capsule2, Capsule3, Circle, Convexity, Obb, Obb2, Obb3,
    Polygon, Polygon8, Ray, Ray2, Ray3, Segment, Segment2, Segment3, Shape, Sphere,
};
pub use vec::{Vec2, Vec3, Vector};
