//! One self-contained HTML page of a whole run: the scene drawn once as
//! inline SVG (obstacles, trigger zones, bodies), the bodies' positions at
//! sampled ticks as numbers in an inline script, and a tick slider that
//! moves the bodies (no external asset: the page works offline).
//!
//! # Size
//! The page holds at most [`MAX_FRAMES`] ticks, and at most
//! [`MAX_NUMBERS`] coordinates in all (bodies × dimension × ticks): a longer
//! run is sampled at evenly spaced ticks, always with tick 0 and the last.
//! Scenes of more than [`MAX_BODIES`] bodies are refused. A page is thus at
//! most about 10 MB (a few hundred KB for the default arena).

use super::run::{load_arena, run_to, scene};
use super::svg::{Canvas, hash_text};
use super::{Picture, RenderError};
use crate::replay::Replay;
use fixed_collide::vec::Vector;
use std::fmt::Write;
use std::path::Path;

/// The most ticks a page holds.
pub const MAX_FRAMES: u32 = 201;
/// The most coordinates a page holds (bodies × dimension × ticks).
pub const MAX_NUMBERS: u64 = 1_000_000;
/// The most bodies a page draws.
pub const MAX_BODIES: u32 = 20_000;

/// The ticks a page of a run of `ticks` ticks and `bodies` bodies in
/// dimension `dim` holds: every tick when they fit, else evenly spaced
/// ones from 0 to `ticks`.
///
/// # Examples
/// ```
/// use fixed_collide_cli::render::html::frames;
/// assert_eq!(frames(4, 10, 2), [0, 1, 2, 3, 4]);
/// let f = frames(400, 400, 2);
/// assert_eq!((f.len(), f[0], f[1], *f.last().unwrap()), (201, 0, 2, 400));
/// assert_eq!(frames(1000, 20_000, 3).len(), 16);
/// ```
pub fn frames(ticks: u32, bodies: u32, dim: u32) -> Vec<u32> {
    let per_frame = (u64::from(bodies) * u64::from(dim)).max(1);
    let budget = (MAX_NUMBERS / per_frame).clamp(2, u64::from(MAX_FRAMES));
    let n = u64::from(ticks) + 1;
    if n <= budget {
        return (0..=ticks).collect();
    }
    (0..budget)
        .map(|k| (k * u64::from(ticks) / (budget - 1)) as u32)
        .collect()
}

/// The page of an arena replay: see the [module](self).
///
/// # Errors
/// As [`tick_svg`](super::tick_svg); a scene of more than [`MAX_BODIES`]
/// bodies.
///
/// # Examples
/// ```
/// use fixed_collide_cli::{arena::scene::generate, render, replay};
/// let out = std::env::temp_dir().join(format!("fc-html-doc-{}.json", std::process::id()));
/// replay::record_arena(generate::<3>(4, 5, 1), 1, 5, 1, &out, &mut |_, _| {}).unwrap();
/// let p = render::html::page(&out).unwrap();
/// assert!(p.text.starts_with("<!DOCTYPE html>") && p.text.contains("type=\"range\""));
/// # std::fs::remove_file(&out).unwrap();
/// ```
pub fn page(path: &Path) -> Result<Picture, RenderError> {
    let (r, info) = load_arena(path)?;
    if info.bodies > MAX_BODIES {
        return Err(RenderError::new(
            path,
            format!(
                "{} bodies: --html draws at most {MAX_BODIES} (draw single ticks as SVG with --tick)",
                info.bodies
            ),
        ));
    }
    let ticks = frames(info.ticks, info.bodies, info.dim);
    match info.dim {
        2 => page_d::<2>(path, &r, &ticks),
        _ => page_d::<3>(path, &r, &ticks),
    }
}

fn page_d<const D: usize>(path: &Path, r: &Replay, ticks: &[u32]) -> Result<Picture, RenderError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let scene = scene::<D>(path, r)?;
    let mut warnings = Vec::new();
    let mut first = None;
    let mut hashes = Vec::with_capacity(ticks.len());
    let mut pos = String::new();
    // The bodies' extent over every frame sizes the canvas.
    let mut far: Vec<Vector<D>> = scene.bodies.iter().map(|b| b.pos).collect();
    run_to::<D>(path, r, ticks, &mut warnings, &mut |s| {
        hashes.push(format!("\"{}\"", hash_text(s.hash)));
        pos.push('[');
        for (i, b) in s.bodies.iter().enumerate() {
            for (k, c) in b.pos.0.iter().enumerate() {
                if i + k > 0 {
                    pos.push(',');
                }
                pos.push_str(&super::geom::num(super::geom::bits(*c)));
                if let Some(f) = far.get_mut(i)
                    && c.abs() > f.0[k].abs()
                {
                    f.0[k] = *c;
                }
            }
        }
        pos.push_str("],\n");
        if first.is_none() {
            first = Some(s);
        }
    })?;
    let first = first.ok_or_else(|| RenderError::new(path, "the run ended early"))?;
    let mut reach = first.bodies.clone();
    for (b, f) in reach.iter_mut().zip(&far) {
        b.pos = *f;
    }
    let canvas = Canvas::new(&scene, &[&first.bodies, &reach], 3);
    let name = path.display().to_string();
    let total = r.arena().map_or(0, |i| i.ticks);
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{PAGE_STYLE}</style>\n</head>\n<body>\n",
        super::escape(&format!("fixed-collide: {name}"))
    );
    let _ = write!(
        out,
        "<div id=\"controls\"><button id=\"prev\" type=\"button\">&#9664;</button> <input id=\"slider\" type=\"range\" min=\"0\" max=\"{}\" value=\"0\" step=\"1\" aria-label=\"tick\"> <button id=\"next\" type=\"button\">&#9654;</button> <button id=\"play\" type=\"button\">play</button> <span id=\"label\"></span></div>\n<p class=\"note\">{} ticks of {total} shown{}; hover a shape for its id.</p>\n",
        ticks.len() - 1,
        ticks.len(),
        if ticks.len() as u64 <= u64::from(total) {
            " (sampled)"
        } else {
            ""
        }
    );
    canvas.open(
        &mut out,
        false,
        &format!("{}: {D}D, {total} ticks", super::short(path)),
        &format!(
            "{} bodies, {} obstacles, {} trigger zones",
            first.bodies.len(),
            scene.obstacles.len(),
            scene.triggers.len()
        ),
    );
    canvas.statics(&mut out, &scene, &[]);
    out.push_str("<g class=\"bodies\">\n");
    for (i, b) in first.bodies.iter().enumerate() {
        let title = format!("body {i} ({})", super::svg::kind(&b.shape));
        canvas.body(&mut out, i, b, "", &title);
    }
    out.push_str("</g>\n");
    canvas.key(&mut out, 0);
    out.push_str("</svg>\n<script>\n");
    let views: Vec<String> = canvas
        .views
        .iter()
        .enumerate()
        .map(|(k, v)| format!("[{},{},{}]", v.a, v.b, super::geom::num(canvas.offset(k))))
        .collect();
    let tick_list: Vec<String> = ticks.iter().map(u32::to_string).collect();
    let _ = write!(
        out,
        "const D={D};\nconst VIEWS=[{}];\nconst TICKS=[{}];\nconst HASHES=[{}];\nconst POS=[\n{pos}];\n{SCRIPT}</script>\n</body>\n</html>\n",
        views.join(","),
        tick_list.join(","),
        hashes.join(",")
    );
    Ok(Picture {
        text: out,
        summary: format!(
            "{} of the {} ticks 0 to {total}, {} bodies",
            ticks.len(),
            u64::from(total) + 1,
            first.bodies.len()
        ),
        warnings,
    })
}

const PAGE_STYLE: &str = "body{font-family:sans-serif;margin:12px;background:#ffffff}
#controls{position:sticky;top:0;background:#ffffffe0;padding:6px 0}
#slider{width:50%;vertical-align:middle}
#label{font-family:monospace}
.note{color:#555555;margin:4px 0}
svg{max-width:100%;height:auto}";

/// The slider: moves every body group (`g.body`, one per body and view in
/// document order) to its position at the chosen tick.
const SCRIPT: &str = "const groups=document.querySelectorAll('g.body');
const slider=document.getElementById('slider');
const label=document.getElementById('label');
let timer=null;
function show(f){
  f=Math.max(0,Math.min(TICKS.length-1,f|0));
  slider.value=f;
  const p=POS[f];
  const n=VIEWS.length;
  for(let i=0;i*n<groups.length;i++){
    for(let k=0;k<n;k++){
      const v=VIEWS[k];
      const g=groups[i*n+k];
      g.setAttribute('transform','translate('+(p[i*D+v[0]]+v[2])+' '+(-p[i*D+v[1]])+')');
    }
  }
  label.textContent='tick '+TICKS[f]+' (frame '+(f+1)+' of '+TICKS.length+'), state hash '+HASHES[f];
}
slider.addEventListener('input',()=>show(+slider.value));
document.getElementById('prev').addEventListener('click',()=>show(+slider.value-1));
document.getElementById('next').addEventListener('click',()=>show(+slider.value+1));
document.getElementById('play').addEventListener('click',e=>{
  if(timer){clearInterval(timer);timer=null;e.target.textContent='play';return;}
  e.target.textContent='pause';
  timer=setInterval(()=>{const f=+slider.value+1;if(f>=TICKS.length){show(0);}else{show(f);}},100);
});
show(0);
";
