//! The application beside the `fixed-collide` library: the `eval` protocol
//! (collision queries as JSON Lines), the deterministic arena, replays and
//! the state hash. The `fixed-collide` binary is a thin command line over
//! these modules.

pub mod arena;
pub mod convert;
pub mod eval;
pub mod field;
pub mod render;
pub mod replay;
pub mod rng;
pub mod state_hash;

pub use field::{Error, Field};
