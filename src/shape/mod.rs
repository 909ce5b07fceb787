//! The shapes: axis-aligned boxes ([`Aabb`]), oriented boxes ([`Obb`]),
//! balls ([`Ball`]: circles and spheres), segments ([`Segment`]), capsules
//! ([`Capsule`]) and rays ([`Ray`]), one generic type each over the
//! dimension `D` (2 or 3), convex polygons ([`Polygon`], 2D only), and
//! [`Shape`], any one of them but the ray (the polygon in `Shape<2>`
//! only). The rotations of oriented boxes are in [`crate::rot`].
//!
//! Every constructor validates: coordinates, half-sizes and radii within
//! [`DOMAIN`], `min <= max`, non-negative sizes, a non-zero ray direction,
//! orthonormal axes. A constructed shape therefore satisfies every query's
//! domain, and the queries are total over them.
//!
//! With the feature `serde`, every shape serializes as its fields (`min`,
//! `max`; `center`, `radius`; `a`, `b`; `a`, `b`, `radius`; `origin`,
//! `dir`, `max_t`; `center`, `half`, `rot`, a rotation as its `axes`;
//! `points` for a polygon; a
//! vector as an array of its components; a [`Shape`] tagged by its kind)
//! and deserializes **through its constructor**: an invalid shape is a
//! deserialization error carrying the constructor's message (such as
//! `min.x 5 > max.x 3`), and unknown fields are rejected.

mod aabb;
mod any;
mod ball;
mod capsule;
mod obb;
mod polygon;
mod ray;
mod segment;

pub use aabb::{Aabb, Aabb2, Aabb3};
pub use any::Shape;
pub use ball::{Ball, Circle, Sphere};
pub use capsule::{Capsule, Capsule2, Capsule3};
pub use obb::{Obb, Obb2, Obb3};
pub use polygon::{Convexity, MAX_VERTICES, MIN_VERTICES, Polygon, Polygon8};
pub use ray::{Ray, Ray2, Ray3};
pub use segment::{Segment, Segment2, Segment3};

use crate::num::{DOMAIN, Fx};
use crate::vec::Vector;
use crate::{Error, Field};

/// Checks a vector of sizes: non-negative and within the domain. The
/// component's field name is built only for an error.
pub fn check_sizes<const D: usize>(v: &Vector<D>, field: Field) -> Result<(), Error> {
    for (i, &c) in v.0.iter().enumerate() {
        if c < Fx::ZERO || c > DOMAIN {
            return Err(size_error(c, field.axis(i)));
        }
    }
    Ok(())
}

/// Checks one size (half-size, radius): non-negative and within the domain.
pub fn check_size(value: Fx, field: Field) -> Result<(), Error> {
    if value < Fx::ZERO || value > DOMAIN {
        return Err(size_error(value, field));
    }
    Ok(())
}

fn size_error(value: Fx, field: Field) -> Error {
    if value < Fx::ZERO {
        Error::Negative { field, value }
    } else {
        Error::OutOfDomain { field, value }
    }
}
