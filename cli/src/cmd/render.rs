//! `fixed-collide render`: pictures of arena replays (SVG of one tick, an
//! overlay of two runs, an HTML page with a tick slider).

use super::args::{OK, USAGE};
use clap::Args;
use fixed_collide_cli::render::{self, Picture, RenderError};
use std::path::PathBuf;

/// The long description of `render`.
pub const ABOUT: &str = "Draw an arena replay: its recorded inputs are re-run with this build up to
the tick drawn (each recorded state hash is compared on the way; a difference
is a warning, and the picture shows this build's run).

  render REPLAY --tick N --out tick.svg      the scene at tick N (0: before the
                                             first tick): obstacles, trigger
                                             zones, bodies (hover: id and exact
                                             state), sensor rays, contacts
  render A B --tick N --out diff.svg         two runs of one scene overlaid: the
                                             bodies whose state differs are drawn
                                             in both positions, ringed, and listed
  render REPLAY --html --out run.html        one self-contained page with a tick
                                             slider (at most 201 ticks, sampled)

A 3D scene is drawn as a top view and two side views.";

/// Shown after `render`'s help.
pub const AFTER_HELP: &str =
    "Exit status: 0 picture written, 2 usage error, unreadable or invalid replay,
a query replay, a tick beyond the recording, runs of different scenes.";

/// `render`'s arguments.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// An arena replay; a second one is overlaid on the first
    #[arg(value_name = "REPLAY", required = true, num_args = 1..=2)]
    pub replays: Vec<PathBuf>,
    /// The tick to draw (0 is the state before the first tick)
    #[arg(
        long,
        value_name = "N",
        required_unless_present = "html",
        conflicts_with = "html"
    )]
    pub tick: Option<u32>,
    /// Write an HTML page with a tick slider instead of one tick's SVG
    #[arg(long)]
    pub html: bool,
    /// The file to write
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// Runs `render`; returns the exit status.
pub fn command(args: &RenderArgs) -> u8 {
    let made: Result<Picture, RenderError> = match (args.replays.as_slice(), args.tick) {
        ([one], _) if args.html => render::html::page(one),
        ([_, _], _) if args.html => Err(RenderError(
            "--html draws one replay; overlay two runs as SVG with --tick".to_string(),
        )),
        ([one], Some(tick)) => render::tick_svg(one, tick),
        ([a, b], Some(tick)) => render::overlay_svg(a, b, tick),
        _ => Err(RenderError(
            "give one or two replays and --tick N".to_string(),
        )),
    };
    let picture = match made {
        Ok(p) => p,
        Err(e) => {
            eprintln!("fixed-collide render: {e}");
            return USAGE;
        }
    };
    for w in &picture.warnings {
        eprintln!("fixed-collide render: warning: {w}");
    }
    if let Err(e) = std::fs::write(&args.out, &picture.text) {
        eprintln!(
            "fixed-collide render: cannot write {}: {e}",
            args.out.display()
        );
        return USAGE;
    }
    crate::outln!("wrote {}: {}", args.out.display(), picture.summary);
    OK
}
