//! The collision queries, one file per family. Everything is re-exported at
//! the crate root.

pub mod ball;
pub mod batch;
pub mod capsule;
pub mod cast;
pub mod contact;
pub mod obb;
pub mod overlap;
pub mod polygon;
pub mod polygon_contact;
pub mod ray;
pub mod sat;
mod sat_filter;
pub mod sweep;
