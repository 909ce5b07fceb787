//! Writing a scene as SVG: the canvas (one panel per view side by side,
//! a caption band above, a legend band below), obstacles, trigger zones,
//! bodies (each a group placed by a `translate`, its shape drawn around the
//! origin, its id and state in a `<title>`), sensor rays and contacts.

use super::geom::{self, Pt, UNIT, View, bits, num, outline, project};
use super::run::Snapshot;
use crate::arena::scene::{Body, Scene, ShapeKind};
use crate::convert::fx_to_text;
use crate::state_hash::hex;
use fixed_collide::num::{Fx, mul_wide};
use fixed_collide::vec::Vector;
use std::fmt::Write;

/// The colour that marks the bodies two runs disagree on (the overlay's
/// rings and second copies); no other element uses it.
pub const HIGHLIGHT: &str = "#ff00ff";
/// The colour of the first run's copy of a body the runs disagree on.
pub const FIRST_RUN: &str = "#ff8c00";

/// The text of `s` safe inside an XML element or attribute.
///
/// # Examples
/// ```
/// use fixed_collide_cli::render::svg::escape;
/// assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
/// ```
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A vector's exact text: `(1.5, -2)`.
pub fn vec_text<const D: usize>(v: &Vector<D>) -> String {
    let parts: Vec<String> = v.0.iter().map(|c| fx_to_text(*c)).collect();
    format!("({})", parts.join(", "))
}

/// The name of a shape's kind, its CSS class.
pub fn kind<const D: usize>(shape: &ShapeKind<D>) -> &'static str {
    match shape {
        ShapeKind::Box { .. } => "box",
        ShapeKind::Ball { .. } => "ball",
        ShapeKind::Oriented { .. } => "oriented",
        ShapeKind::Capsule { radius, .. } if *radius == Fx::ZERO => "segment",
        ShapeKind::Capsule { .. } => "capsule",
        ShapeKind::Polygon { .. } => "polygon",
    }
}

/// A body's `<title>`: its id, shape and exact state.
pub fn body_title<const D: usize>(i: usize, b: &Body<D>, before: u32) -> String {
    let sensor = if b.sensor < Fx::ZERO {
        "no hit".to_string()
    } else {
        format!("hit at t={}", fx_to_text(b.sensor))
    };
    let new = b.contacts.saturating_sub(before);
    format!(
        "body {i} ({}): pos {} vel {} sensor {sensor} contacts {} (+{new} this tick)",
        kind(&b.shape),
        vec_text(&b.pos),
        vec_text(&b.vel),
        b.contacts
    )
}

/// The size of the picture: every view is a square panel `2h` wide around
/// the origin, panels `gap` apart, a caption band of `lines_above` lines
/// and a legend band of `lines_below` lines.
#[derive(Clone, Copy, Debug)]
pub struct Canvas {
    /// Half the side of a panel, 2^-32 units (whole units).
    pub h: i128,
    /// Between panels.
    pub gap: i128,
    /// The font size (a line is `1.4` of it).
    pub font: i128,
    /// The views.
    pub views: &'static [View],
    /// Lines of text above the panels and below.
    pub lines_above: i128,
    /// Lines of the legend.
    pub lines_below: i128,
}

impl Canvas {
    /// A canvas holding the scene's obstacles and trigger zones and the
    /// bodies of every snapshot given (their bounding boxes), with 4% room.
    pub fn new<const D: usize>(scene: &Scene<D>, snaps: &[&[Body<D>]], lines_below: i128) -> Self {
        let mut m: i128 = UNIT;
        let mut grow = |pos: &Vector<D>, ext: &Vector<D>| {
            for k in 0..D {
                m = m.max(bits(pos.0[k]).abs() + bits(ext.0[k]));
            }
        };
        for o in &scene.obstacles {
            grow(&o.pos, &o.shape.extents());
        }
        for t in &scene.triggers {
            grow(&t.max(), &Vector::ZERO);
            grow(&t.min(), &Vector::ZERO);
        }
        for bodies in snaps {
            for b in *bodies {
                grow(&b.pos, &b.shape.extents());
            }
        }
        let h = (m + m / 25 + UNIT - 1) / UNIT * UNIT;
        Self {
            h,
            gap: h / 8,
            font: h / 34,
            views: geom::views(D),
            lines_above: 2,
            lines_below,
        }
    }

    /// The height of a line of text.
    pub fn line(&self) -> i128 {
        self.font * 7 / 5
    }

    /// The horizontal offset of panel `k`.
    pub fn offset(&self, k: usize) -> i128 {
        k as i128 * (2 * self.h + self.gap)
    }

    /// The SVG point of a world point in panel `k`.
    pub fn at<const D: usize>(&self, p: &Vector<D>, k: usize) -> Pt {
        let (x, y) = project(p, self.views[k]);
        (x + self.offset(k), y)
    }

    /// `translate(x y)` of a world point in panel `k`.
    pub fn translate<const D: usize>(&self, p: &Vector<D>, k: usize) -> String {
        let (x, y) = self.at(p, k);
        format!("translate({} {})", num(x), num(y))
    }

    /// The top of the caption band.
    fn top(&self) -> i128 {
        -self.h - self.lines_above * self.line()
    }

    /// The `y` of legend line `n` (from 0).
    pub fn legend_y(&self, n: i128) -> i128 {
        self.h + (n + 1) * self.line()
    }

    /// The opening `<svg>` tag (with its style) and the panels' frames and
    /// captions; `title` is the first caption line, `sub` the second.
    /// `standalone` adds the SVG namespace (a file of its own; inline SVG
    /// in HTML needs none).
    pub fn open(&self, out: &mut String, standalone: bool, title: &str, sub: &str) {
        let n = self.views.len() as i128;
        let width = n * 2 * self.h + (n - 1) * self.gap;
        let height = 2 * self.h + (self.lines_above + self.lines_below + 1) * self.line();
        let px_w = 720 * n;
        let px_h = px_w * height / width;
        let _ = writeln!(
            out,
            "<svg{} viewBox=\"{} {} {} {}\" width=\"{px_w}\" height=\"{px_h}\" font-family=\"sans-serif\" font-size=\"{}\">",
            if standalone {
                " xmlns=\"http://www.w3.org/2000/svg\""
            } else {
                ""
            },
            num(-self.h),
            num(self.top()),
            num(width),
            num(height),
            num(self.font)
        );
        out.push_str(STYLE);
        let _ = writeln!(
            out,
            "<rect class=\"page\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            num(-self.h),
            num(self.top()),
            num(width),
            num(height)
        );
        let line = self.line();
        let _ = writeln!(
            out,
            "<text class=\"caption\" x=\"{}\" y=\"{}\">{}</text>",
            num(-self.h),
            num(self.top() + line),
            escape(title)
        );
        let _ = writeln!(
            out,
            "<text class=\"sub\" x=\"{}\" y=\"{}\">{}</text>",
            num(-self.h),
            num(self.top() + 2 * line - line / 5),
            escape(sub)
        );
        for (k, v) in self.views.iter().enumerate() {
            let x = self.offset(k) - self.h;
            let _ = writeln!(
                out,
                "<rect class=\"panel\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"><title>{}</title></rect>",
                num(x),
                num(-self.h),
                num(2 * self.h),
                num(2 * self.h),
                v.name
            );
            if self.views.len() > 1 {
                let _ = writeln!(
                    out,
                    "<text class=\"view\" x=\"{}\" y=\"{}\">{}</text>",
                    num(x + self.font / 2),
                    num(-self.h + self.font * 6 / 5),
                    v.name
                );
            }
        }
    }

    /// The obstacles and trigger zones of a scene, in every panel.
    /// An obstacle that covers most of a panel in a view (in 3D, the wall
    /// below or above the view) is drawn as an outline only, class `behind`,
    /// so that it hides nothing.
    pub fn statics<const D: usize>(&self, out: &mut String, scene: &Scene<D>, hits: &[u32]) {
        out.push_str("<g class=\"obstacles\">\n");
        for (i, o) in scene.obstacles.iter().enumerate() {
            let ext = o.shape.extents();
            for (k, &v) in self.views.iter().enumerate() {
                let covers = bits(ext.0[v.a]).min(bits(ext.0[v.b])) * 10 >= self.h * 9;
                let _ = writeln!(
                    out,
                    "<g class=\"obstacle {}{}\" transform=\"{}\"><title>obstacle {i} ({}): pos {}</title>{}/></g>",
                    kind(&o.shape),
                    if covers { " behind" } else { "" },
                    self.translate(&o.pos, k),
                    kind(&o.shape),
                    vec_text(&o.pos),
                    outline(&o.shape, v)
                );
            }
        }
        out.push_str("</g>\n<g class=\"triggers\">\n");
        for (z, t) in scene.triggers.iter().enumerate() {
            let (lo, hi) = (t.min(), t.max());
            for k in 0..self.views.len() {
                let (x0, y1) = self.at(&lo, k);
                let (x1, y0) = self.at(&hi, k);
                let _ = writeln!(
                    out,
                    "<rect class=\"trigger\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"><title>trigger zone {z}: min {} max {}, {} body-ticks counted</title></rect>",
                    num(x0),
                    num(y0),
                    num(x1 - x0),
                    num(y1 - y0),
                    vec_text(&lo),
                    vec_text(&hi),
                    hits.get(z).copied().unwrap_or(0)
                );
            }
        }
        out.push_str("</g>\n");
    }

    /// One body in every panel: a group per panel with class `body` (and
    /// `extra` classes), `data-id`, its `<title>` and its outline.
    pub fn body<const D: usize>(
        &self,
        out: &mut String,
        i: usize,
        b: &Body<D>,
        extra: &str,
        title: &str,
    ) {
        for (k, &v) in self.views.iter().enumerate() {
            let _ = writeln!(
                out,
                "<g class=\"body {}{extra}\" data-id=\"{i}\" transform=\"{}\"><title>{}</title>{}/></g>",
                kind(&b.shape),
                self.translate(&b.pos, k),
                escape(title),
                outline(&b.shape, v)
            );
        }
    }

    /// The sensor rays of the bodies (from the body along its velocity, to
    /// the hit or to its reach of 4 ticks) and the contacts (a line
    /// between the centres of two bodies whose bounding boxes meet).
    pub fn rays_and_contacts<const D: usize>(&self, out: &mut String, snap: &Snapshot<D>)
    where
        fixed_collide::Const<D>: fixed_collide::Dim<D>,
    {
        out.push_str("<g class=\"rays\">\n");
        for (i, b) in snap.bodies.iter().enumerate() {
            if b.vel.is_zero() {
                continue;
            }
            let (t, class) = if b.sensor < Fx::ZERO {
                (Fx::from_num(4), "ray")
            } else {
                (b.sensor, "ray hit")
            };
            let end: [i128; D] =
                std::array::from_fn(|k| bits(b.pos.0[k]) + (mul_wide(t, b.vel.0[k]) >> 32));
            for k in 0..self.views.len() {
                let v = self.views[k];
                let (x0, y0) = self.at(&b.pos, k);
                let (x1, y1) = (end[v.a] + self.offset(k), -end[v.b]);
                let _ = writeln!(
                    out,
                    "<line class=\"{class}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"><title>body {i} sensor: {}</title></line>",
                    num(x0),
                    num(y0),
                    num(x1),
                    num(y1),
                    if b.sensor < Fx::ZERO {
                        "no hit within 4 ticks".to_string()
                    } else {
                        format!("hit at t={}", fx_to_text(b.sensor))
                    }
                );
            }
        }
        out.push_str("</g>\n<g class=\"contacts\">\n");
        for (i, j) in snap.touching() {
            let (a, b) = (&snap.bodies[i as usize], &snap.bodies[j as usize]);
            for k in 0..self.views.len() {
                let (x0, y0) = self.at(&a.pos, k);
                let (x1, y1) = self.at(&b.pos, k);
                let _ = writeln!(
                    out,
                    "<line class=\"contact\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"><title>contact: bodies {i} and {j} (bounding boxes meet)</title></line>",
                    num(x0),
                    num(y0),
                    num(x1),
                    num(y1)
                );
            }
        }
        out.push_str("</g>\n");
    }

    /// A legend line: a swatch of `class` then `text`, at column `col`
    /// (0..3) of line `n`.
    pub fn legend_item(&self, out: &mut String, n: i128, col: i128, class: &str, text: &str) {
        let third = (self.offset(self.views.len() - 1) + 2 * self.h) / 3;
        let x = -self.h + col * third;
        let y = self.legend_y(n);
        let s = self.font * 4 / 5;
        let _ = writeln!(
            out,
            "<g class=\"legend\"><rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text></g>",
            num(x),
            num(y - s),
            num(s),
            num(s),
            num(x + s * 3 / 2),
            num(y),
            escape(text)
        );
    }

    /// A legend line of text alone.
    pub fn legend_text(&self, out: &mut String, n: i128, text: &str) {
        let _ = writeln!(
            out,
            "<text class=\"legend\" x=\"{}\" y=\"{}\">{}</text>",
            num(-self.h),
            num(self.legend_y(n)),
            escape(text)
        );
    }

    /// The key to the colours of a single run (three legend lines from
    /// `n`).
    pub fn key(&self, out: &mut String, n: i128) {
        self.legend_item(out, n, 0, "box", "axis-aligned box body");
        self.legend_item(out, n, 1, "ball", "ball body");
        self.legend_item(out, n, 2, "oriented", "oriented box body");
        self.legend_item(out, n + 1, 0, "obstacle", "obstacle");
        self.legend_item(out, n + 1, 1, "trigger", "trigger zone");
        self.legend_item(out, n + 1, 2, "swatch-ray", "sensor ray (pale: no hit)");
        self.legend_item(
            out,
            n + 2,
            0,
            "swatch-contact",
            "contact (bounding boxes meet)",
        );
        self.legend_item(out, n + 2, 1, "capsule", "capsule body, segment wall");
        self.legend_item(out, n + 2, 2, "polygon", "polygon body");
    }
}

/// The state hash's text in captions.
pub fn hash_text(h: u64) -> String {
    hex(h)
}

/// The style of every picture: fills by kind, strokes that keep their
/// width in pixels whatever the zoom.
const STYLE: &str = "<style>
.page{fill:#ffffff}
.panel{fill:#f7f7f2;stroke:#999999;stroke-width:1px;vector-effect:non-scaling-stroke}
.caption{font-weight:bold}
.sub,.view{fill:#444444}
.obstacle rect,.obstacle polygon,rect.obstacle{fill:#9a9a9a;stroke:#555555}
g.obstacle.behind rect,g.obstacle.behind polygon{fill:none;stroke:#aaaaaa;stroke-dasharray:6 4}
.trigger,rect.trigger{fill:#ffe066;fill-opacity:0.25;stroke:#c9a400;stroke-dasharray:4 3}
.body rect,.body circle,.body polygon{fill-opacity:0.85;stroke:#222222}
g.body.box rect,rect.box{fill:#4a7fb5}
g.body.ball circle,rect.ball{fill:#5aa05a}
g.body.oriented polygon,rect.oriented{fill:#c08a3e}
g.body.capsule polygon,g.body.segment polygon,rect.capsule{fill:#8a5ab5}
g.obstacle.segment polygon{stroke:#555555;stroke-width:3px}
g.body.polygon polygon,rect.polygon{fill:#3aa6a0}
g.body.moved rect,g.body.moved circle,g.body.moved polygon{fill:#ffffff;fill-opacity:0.2;stroke:#ff00ff;stroke-dasharray:3 2;stroke-width:2px}
g.body.first rect,g.body.first circle,g.body.first polygon{stroke:#ff8c00;stroke-width:2px}
.ray{stroke:#d0a0a0;stroke-width:0.6px}
.ray.hit{stroke:#d03030;stroke-width:1px}
rect.swatch-ray{fill:#d03030}
rect.swatch-contact{fill:#7b2cbf}
.contact{stroke:#7b2cbf;stroke-width:1.5px}
.ring{fill:none;stroke:#ff00ff;stroke-width:4px}
rect.ring{fill:#ff00ff}
rect.first{fill:#ff8c00}
rect,circle,polygon,line{vector-effect:non-scaling-stroke}
</style>
";
