//! Segments and capsules, and the generic queries over every [`Shape`]:
//! [`overlap`] (exact, closed), with the per-pair functions
//! [`sphere_overlap`], [`capsule_overlap`], [`capsule_sphere_overlap`],
//! [`capsule_aabb_overlap`], [`capsule_obb_overlap`]; [`ray_cast`] with
//! [`ray_capsule`] and [`ray_sphere`] (exact, `t` floored).
//!
//! Curved shapes need square roots; none is taken to decide a hit. Every
//! decision compares squared distances with squared radii exactly, in wide
//! integers (a 1024-bit integer where `i128` does not suffice), by
//! cross-multiplication: never a root rounded and then compared.
//!
//! [`Shape`]: crate::Shape

pub(crate) mod boxed;
pub(crate) mod core;
mod crossing;
mod cylinder;
pub mod pair;
pub mod ray;
pub(crate) mod segments;
mod sphere;
pub(crate) mod wide;

pub use pair::{
    capsule_aabb_overlap, capsule_obb_overlap, capsule_overlap, capsule_sphere_overlap, overlap,
    sphere_overlap,
};
pub use ray::{ray_capsule, ray_cast, ray_sphere};
