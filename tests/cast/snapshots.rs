//! The edge table of `shape_cast`.
