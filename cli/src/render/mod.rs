//! Pictures of arena runs: the scene at one tick as SVG ([`tick_svg`]), two
//! runs of one scene overlaid with the bodies they disagree on highlighted
//! ([`overlay_svg`]), and a self-contained HTML page with a tick slider
//! ([`html`](html::page)).
//!
//! Every picture is made by re-running the replay's recorded inputs with
//! this build's [`World`](crate::arena::World), as `replay verify` does,
//! comparing each recorded state hash on the way (a difference is
//! reported as a warning: the picture shows this build's run).
//!
//! Coordinates go from fixed point to SVG text with integers only
//! ([`geom::num`]: the nearest 1/10000 of a unit), so a picture is the same
//! bytes on every platform; the `<title>` of each body gives its exact
//! state (every scalar as its exact decimal). A 3D scene is drawn as three
//! panels: a top view (x, y) and two side views (x–z, y–z).

pub mod geom;
pub mod html;
mod run;
pub mod svg;

pub use run::Snapshot;

use crate::arena::scene::{Body, Scene};
use crate::convert::fx_to_text;
use run::{load_arena, run_to, scene};
use std::fmt::{self, Write};
use std::path::Path;
use svg::{Canvas, escape, hash_text};

/// Why a picture could not be made: the message names the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderError(pub String);

impl RenderError {
    /// An error about `path`.
    pub fn new(path: &Path, message: impl fmt::Display) -> Self {
        Self(format!("{}: {message}", path.display()))
    }
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RenderError {}

/// A picture and what was said while making it.
#[derive(Clone, Debug)]
pub struct Picture {
    /// The SVG or HTML text.
    pub text: String,
    /// One line about the picture, for the terminal.
    pub summary: String,
    /// Lines for standard error: this build's run differs from a recording.
    pub warnings: Vec<String>,
}

/// The file name of a path (the whole path when it has none), for captions.
fn short(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// `1 body differs`, `3 bodies differ`.
fn bodies_differ(n: usize) -> String {
    if n == 1 {
        "1 body differs".to_string()
    } else {
        format!("{n} bodies differ")
    }
}

/// Checks that `tick` is within a recording of `ticks` ticks.
fn check_tick(path: &Path, tick: u32, ticks: u32) -> Result<(), RenderError> {
    if tick > ticks {
        return Err(RenderError::new(
            path,
            format!("--tick {tick} is beyond the recording, which has ticks 0..={ticks}"),
        ));
    }
    Ok(())
}

/// The scene of an arena replay at `tick` as SVG: obstacles, trigger
/// zones, bodies (a `<title>` each, with its id and exact state), sensor
/// rays and contacts.
///
/// # Errors
/// [`RenderError`] naming the file: unreadable, not a valid or an edited
/// replay (a truncated file is one), a query replay, `tick` beyond the
/// recording, or a run that stops.
///
/// # Examples
/// ```
/// use fixed_collide_cli::{arena::scene::generate, render, replay};
/// let out = std::env::temp_dir().join(format!("fc-render-doc-{}.json", std::process::id()));
/// replay::record_arena(generate::<2>(5, 6, 1), 1, 6, 1, &out, &mut |_, _| {}).unwrap();
/// let p = render::tick_svg(&out, 3).unwrap();
/// assert!(p.text.starts_with("<svg") && p.text.contains("<title>body 4 "));
/// assert!(render::tick_svg(&out, 7).unwrap_err().to_string().contains("beyond the recording"));
/// # std::fs::remove_file(&out).unwrap();
/// ```
pub fn tick_svg(path: &Path, tick: u32) -> Result<Picture, RenderError> {
    let (r, info) = load_arena(path)?;
    check_tick(path, tick, info.ticks)?;
    match info.dim {
        2 => tick_svg_d::<2>(path, &r, tick),
        _ => tick_svg_d::<3>(path, &r, tick),
    }
}

fn tick_svg_d<const D: usize>(
    path: &Path,
    r: &crate::replay::Replay,
    tick: u32,
) -> Result<Picture, RenderError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let scene = scene::<D>(path, r)?;
    let mut warnings = Vec::new();
    let mut snap = None;
    run_to::<D>(path, r, &[tick], &mut warnings, &mut |s| snap = Some(s))?;
    let snap = snap.ok_or_else(|| RenderError::new(path, "the run ended early"))?;
    let canvas = Canvas::new(&scene, &[&snap.bodies], 4);
    let mut out = String::new();
    let name = short(path);
    canvas.open(
        &mut out,
        true,
        &format!(
            "{name}: tick {tick} of {}",
            r.arena().map_or(0, |i| i.ticks)
        ),
        &format!(
            "{}D, {} bodies, {} obstacles, state hash {}",
            D,
            snap.bodies.len(),
            scene.obstacles.len(),
            hash_text(snap.hash)
        ),
    );
    canvas.statics(&mut out, &scene, &snap.trigger_hits);
    canvas.rays_and_contacts(&mut out, &snap);
    out.push_str("<g class=\"bodies\">\n");
    for (i, b) in snap.bodies.iter().enumerate() {
        let before = snap.contacts_before.get(i).copied().unwrap_or(b.contacts);
        canvas.body(&mut out, i, b, "", &svg::body_title(i, b, before));
    }
    out.push_str("</g>\n");
    canvas.key(&mut out, 0);
    canvas.legend_text(&mut out, 3, "hover a shape for its id and exact state");
    out.push_str("</svg>\n");
    Ok(Picture {
        text: out,
        summary: format!(
            "tick {tick}: {} bodies, state hash {}",
            snap.bodies.len(),
            hash_text(snap.hash)
        ),
        warnings,
    })
}

/// The first difference between the static parts of two scenes (the
/// obstacles, the trigger zones, the number of bodies and their shapes),
/// as text; `None` when they are the same scene. Positions, velocities and
/// kicks may differ: they are the runs' inputs.
pub fn scene_difference<const D: usize>(a: &Scene<D>, b: &Scene<D>) -> Option<String> {
    let count = |what: &str, x: usize, y: usize| {
        (x != y).then(|| format!("the first has {x} {what}, the second {y}"))
    };
    count("obstacles", a.obstacles.len(), b.obstacles.len())
        .or_else(|| {
            (0..a.obstacles.len())
                .find(|&i| a.obstacles[i] != b.obstacles[i])
                .map(|i| format!("obstacle {i} differs"))
        })
        .or_else(|| count("trigger zones", a.triggers.len(), b.triggers.len()))
        .or_else(|| {
            (0..a.triggers.len())
                .find(|&i| a.triggers[i] != b.triggers[i])
                .map(|i| format!("trigger zone {i} differs"))
        })
        .or_else(|| count("bodies", a.bodies.len(), b.bodies.len()))
        .or_else(|| {
            (0..a.bodies.len())
                .find(|&i| a.bodies[i].shape != b.bodies[i].shape)
                .map(|i| format!("body {i} has another shape"))
        })
}

/// The fields of a body whose state differs between two runs, each as
/// `field: first -> second` (exact decimals).
pub fn body_differences<const D: usize>(a: &Body<D>, b: &Body<D>) -> Vec<String> {
    let mut out = Vec::new();
    for (name, x, y) in [("pos", &a.pos, &b.pos), ("vel", &a.vel, &b.vel)] {
        for (k, (p, q)) in x.0.iter().zip(&y.0).enumerate() {
            if p != q {
                let axis = ["x", "y", "z"].get(k).copied().unwrap_or("?");
                out.push(format!(
                    "{name}.{axis}: {} -> {}",
                    fx_to_text(*p),
                    fx_to_text(*q)
                ));
            }
        }
    }
    if a.sensor != b.sensor {
        out.push(format!(
            "sensor: {} -> {}",
            fx_to_text(a.sensor),
            fx_to_text(b.sensor)
        ));
    }
    if a.contacts != b.contacts {
        out.push(format!("contacts: {} -> {}", a.contacts, b.contacts));
    }
    out
}

/// Two runs of one scene at `tick`, overlaid: the first run's bodies, and
/// for each body whose state differs in the second (position, velocity,
/// sensor or contacts) its first copy outlined in orange, its second copy
/// dashed in [`HIGHLIGHT`](svg::HIGHLIGHT), and a highlight ring around both; a legend
/// names the runs and the bodies that differ, with their fields.
///
/// # Errors
/// As [`tick_svg`] for either file; [`RenderError`] when the replays are of
/// different scenes ([`scene_difference`]) or dimensions.
///
/// # Examples
/// ```
/// use fixed_collide_cli::{arena::scene::generate, render, replay};
/// let dir = std::env::temp_dir();
/// let (a, b) = (dir.join("fc-ov-doc-a.json"), dir.join("fc-ov-doc-b.json"));
/// replay::record_arena(generate::<2>(5, 6, 1), 1, 6, 1, &a, &mut |_, _| {}).unwrap();
/// let mut scene = generate::<2>(5, 6, 1);
/// scene.bodies[2].vel.0[0] += fixed_collide::Fx::DELTA;
/// replay::record_arena(scene, 1, 6, 1, &b, &mut |_, _| {}).unwrap();
/// let p = render::overlay_svg(&a, &b, 6).unwrap();
/// assert!(p.text.contains("class=\"ring\"") && p.summary.contains("body 2"));
/// # std::fs::remove_file(&a).unwrap(); std::fs::remove_file(&b).unwrap();
/// ```
pub fn overlay_svg(a: &Path, b: &Path, tick: u32) -> Result<Picture, RenderError> {
    let (ra, ia) = load_arena(a)?;
    let (rb, ib) = load_arena(b)?;
    check_tick(a, tick, ia.ticks)?;
    check_tick(b, tick, ib.ticks)?;
    if ia.dim != ib.dim {
        return Err(RenderError(format!(
            "{} and {} are runs of different scenes: {}D and {}D",
            a.display(),
            b.display(),
            ia.dim,
            ib.dim
        )));
    }
    match ia.dim {
        2 => overlay_d::<2>([(a, &ra), (b, &rb)], tick),
        _ => overlay_d::<3>([(a, &ra), (b, &rb)], tick),
    }
}

fn overlay_d<const D: usize>(
    runs: [(&Path, &crate::replay::Replay); 2],
    tick: u32,
) -> Result<Picture, RenderError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let [(pa, ra), (pb, rb)] = runs;
    let scene_a = scene::<D>(pa, ra)?;
    let scene_b = scene::<D>(pb, rb)?;
    if let Some(d) = scene_difference(&scene_a, &scene_b) {
        return Err(RenderError(format!(
            "{} and {} are runs of different scenes: {d}",
            pa.display(),
            pb.display()
        )));
    }
    let mut warnings = Vec::new();
    let (mut sa, mut sb) = (None, None);
    run_to::<D>(pa, ra, &[tick], &mut warnings, &mut |s| sa = Some(s))?;
    run_to::<D>(pb, rb, &[tick], &mut warnings, &mut |s| sb = Some(s))?;
    let (Some(sa), Some(sb)) = (sa, sb) else {
        return Err(RenderError::new(pa, "the run ended early"));
    };
    let differ: Vec<(usize, Vec<String>)> = (0..sa.bodies.len())
        .map(|i| (i, body_differences(&sa.bodies[i], &sb.bodies[i])))
        .filter(|(_, d)| !d.is_empty())
        .collect();
    // The legend lists one field a line, at most LISTED lines.
    const LISTED: usize = 8;
    let lines: Vec<String> = differ
        .iter()
        .flat_map(|(i, fields)| fields.iter().map(move |f| format!("body {i}: {f}")))
        .collect();
    let shown = lines.len().min(LISTED) as i128;
    let canvas = Canvas::new(&scene_a, &[&sa.bodies, &sb.bodies], 4 + shown);
    let mut out = String::new();
    canvas.open(
        &mut out,
        true,
        &format!(
            "tick {tick}: {} (first) and {} (second) overlaid",
            pa.display(),
            pb.display()
        ),
        &format!(
            "{}D, {} bodies; state hash {} and {}; {}",
            D,
            sa.bodies.len(),
            hash_text(sa.hash),
            hash_text(sb.hash),
            bodies_differ(differ.len())
        ),
    );
    canvas.statics(&mut out, &scene_a, &sa.trigger_hits);
    out.push_str("<g class=\"bodies\">\n");
    let mut is_diff = vec![false; sa.bodies.len()];
    for (i, _) in &differ {
        is_diff[*i] = true;
    }
    for (i, b) in sa.bodies.iter().enumerate() {
        let before = sa.contacts_before.get(i).copied().unwrap_or(b.contacts);
        let (extra, title) = if is_diff[i] {
            (
                " first",
                format!("first run: {}", svg::body_title(i, b, before)),
            )
        } else {
            ("", svg::body_title(i, b, before))
        };
        canvas.body(&mut out, i, b, extra, &title);
    }
    out.push_str("</g>\n<g class=\"highlight\">\n");
    let ring_min = canvas.h / 40;
    for (i, fields) in &differ {
        let b = &sb.bodies[*i];
        let before = sb.contacts_before.get(*i).copied().unwrap_or(b.contacts);
        let title = format!("second run: {}", svg::body_title(*i, b, before));
        canvas.body(&mut out, *i, b, " moved", &title);
        let (a_ext, b_ext) = (sa.bodies[*i].shape.extents(), b.shape.extents());
        for k in 0..canvas.views.len() {
            let (p, q) = (canvas.at(&sa.bodies[*i].pos, k), canvas.at(&b.pos, k));
            let v = canvas.views[k];
            let reach =
                |e: &fixed_collide::vec::Vector<D>| geom::bits(e.0[v.a]).max(geom::bits(e.0[v.b]));
            let centre = ((p.0 + q.0) / 2, (p.1 + q.1) / 2);
            let apart = (p.0 - q.0).abs().max((p.1 - q.1).abs());
            let r = (reach(&a_ext).max(reach(&b_ext)) * 3 / 2 + apart / 2).max(ring_min);
            let _ = writeln!(
                out,
                "<circle class=\"ring\" data-id=\"{i}\" cx=\"{}\" cy=\"{}\" r=\"{}\"><title>body {i} differs: {}</title></circle>",
                geom::num(centre.0),
                geom::num(centre.1),
                geom::num(r),
                escape(&fields.join(", "))
            );
        }
    }
    out.push_str("</g>\n");
    canvas.legend_item(&mut out, 0, 0, "box", &format!("first run: {}", short(pa)));
    canvas.legend_item(&mut out, 0, 1, "first", "its copy of a body that differs");
    canvas.legend_item(
        &mut out,
        0,
        2,
        "ring",
        &format!("second run: {}", short(pb)),
    );
    canvas.legend_item(&mut out, 1, 0, "obstacle", "obstacle");
    canvas.legend_item(&mut out, 1, 1, "trigger", "trigger zone");
    canvas.legend_item(&mut out, 1, 2, "ring", "ring: a body that differs");
    let line = if differ.is_empty() {
        format!("no body differs at tick {tick}")
    } else {
        format!(
            "{} at tick {tick} (first run -> second run):",
            bodies_differ(differ.len())
        )
    };
    canvas.legend_text(&mut out, 2, &line);
    for (n, text) in lines.iter().take(LISTED).enumerate() {
        canvas.legend_text(&mut out, 3 + n as i128, text);
    }
    if lines.len() > LISTED {
        canvas.legend_text(
            &mut out,
            3 + shown,
            &format!(
                "... and {} more differences (hover the rings)",
                lines.len() - LISTED
            ),
        );
    }
    out.push_str("</svg>\n");
    let ids: Vec<String> = differ.iter().map(|(i, _)| i.to_string()).collect();
    Ok(Picture {
        text: out,
        summary: if differ.is_empty() {
            format!("tick {tick}: no body differs")
        } else {
            format!(
                "tick {tick}: {}: body {}",
                bodies_differ(differ.len()),
                ids.join(", body ")
            )
        },
        warnings,
    })
}
