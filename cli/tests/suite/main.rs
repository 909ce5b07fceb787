//! The application's integration tests, as one test program (one build and
//! one link instead of one per file): the command line, `eval`, the
//! replays, the arena, desync tooling and rendering. Each module is one
//! area; the `*_support` modules and `common` hold their helpers.
//!
//! `replay_memory` stays a program of its own (`cli/tests/replay_memory.rs`):
//! it measures its process's peak resident size.

mod arena_support;
mod common;
mod desync_support;
mod eval_support;
mod render_support;
mod replay_support;

mod arena_capsules;
mod arena_polygons;
mod arena_world;
mod cli_replay;
mod closed_output;
mod desync_diff;
mod desync_errors;
mod desync_format;
mod eval_binary;
mod eval_catalogue;
mod eval_demo;
mod eval_errors;
mod eval_lines;
mod eval_numbers;
mod eval_ops;
mod eval_output;
mod eval_polygon;
mod eval_shape_errors;
mod eval_stream;
mod render_errors;
mod render_html;
mod render_svg;
mod replay_dir;
mod replay_edits;
mod replay_format;
mod replay_generate;
mod replay_limits;
mod replay_robust;
mod replay_strict;
mod replay_verify;
