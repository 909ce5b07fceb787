//! The commands: the command line's shape ([`args`]), one module per
//! command, and the progress bar.

pub mod arena;
pub mod args;
pub mod eval;
pub mod progress;
pub mod replay;
