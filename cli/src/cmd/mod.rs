//! The `arena` and `replay` subcommands, their options and their output.

pub mod arena;
pub mod opts;
pub mod progress;
pub mod replay;
