//! Edge-case tables of the axis-aligned queries, one insta snapshot per
//! family (in `snapshots/`), 2D and 3D rows, each row labelled with the case.
//! Every row is also checked against the exact reference, so a snapshot can
//! only hold answers that the reference agrees with; the snapshots were read
//! row by row against the semantics of the queries:
//!
//! - overlap is closed (touching counts: per axis `<=`) or open (penetrating:
//!   per axis `<`, so a zero-size box strictly inside another counts);
//! - contact: the face of `a` with the smallest of the six distances, in the
//!   order -x, +x, -y, +y, -z, +z (the first wins a tie); the depth (moving
//!   `b` by it along the normal leaves the boxes only touching; 0 when they
//!   touch); the point, the floored centre of the intersection box;
//! - the sweep (a box moving by `d` over `t` in [0, 1] against a stationary
//!   one) is the interval of open overlap: sliding along or leaving a touched
//!   face is a miss, moving into it a hit at `t = 0`, coming to touch at
//!   `t = 1` a miss; `t_enter` rounds down, `t_exit` up; the normal is the
//!   stationary box's face on the axis that entered last (x, y, z order on a
//!   tie), zero when `overlapping` at `t = 0`;
//! - the sweep pair (both boxes moving) is the interval `[u0, u1]` of closed
//!   overlap, `u0` rounded down, `u1` up;
//! - the ray hits at its first point in the closed box within `max_t`
//!   (inclusive), `t` rounded down, the point exactly on the hit face's
//!   plane; an origin in the closed box is `inside` at `t = 0`;
//! - the sphere hits when the closest point of the closed box is within the
//!   radius (touching counts).
//!
//! Values are written as decimals, `D` for the domain bound 2^20, and `u`
//! for ulps (2^-32): `1+1u` is one plus one ulp, `-1u` is minus one ulp.
//!
//! One file per table under `aabb_snapshots/`; this file holds the table
//! notation, the row writer and the snapshot settings.

mod aabb_reference;

#[path = "aabb_snapshots/contact.rs"]
mod contact;
#[path = "aabb_snapshots/overlap.rs"]
mod overlap;
#[path = "aabb_snapshots/ray.rs"]
mod ray;
#[path = "aabb_snapshots/sphere.rs"]
mod sphere;
#[path = "aabb_snapshots/sweep.rs"]
mod sweep;
#[path = "aabb_snapshots/sweep_pair.rs"]
mod sweep_pair;

use aabb_reference::{Rat, raw};
use fixed_collide::{Aabb, DOMAIN, Fx, Vector};
use std::fmt::Write;

// ------------------------------------------------------------- notation --

/// Parses the table notation: a decimal, `D`/`-D`, `MAX`/`MIN`, optionally
/// followed by `+Ku`/`-Ku` (K ulps); a bare `Ku` is K ulps.
fn p(s: &str) -> Fx {
    match s {
        "MAX" => return Fx::MAX,
        "MIN" => return Fx::MIN,
        _ => {}
    }
    let (base, ulps) = match s.strip_suffix('u') {
        Some(body) => {
            let at = body.rfind(['+', '-']).unwrap_or(0);
            let (b, k) = body.split_at(at);
            (b, k.parse::<i64>().expect("ulp count"))
        }
        None => (s, 0),
    };
    let base = match base {
        "" => Fx::ZERO,
        "D" => DOMAIN,
        "-D" => -DOMAIN,
        _ => base.parse::<Fx>().expect("decimal"),
    };
    Fx::from_bits(base.to_bits() + ulps)
}

/// Writes a scalar in the same notation: exact decimals for multiples of
/// 2^-8, `x+Ku` for values a few ulps off such a multiple, else the exact
/// decimal cut after 12 digits and marked `...` (enough to tell neighbours
/// apart: an ulp is 2.3e-10).
fn n(x: Fx) -> String {
    if x == Fx::MAX {
        return "MAX".into();
    }
    if x == Fx::MIN {
        return "MIN".into();
    }
    let bits = i128::from(x.to_bits());
    let grid = 1i128 << 24;
    let nice = (bits + grid / 2).div_euclid(grid) * grid;
    let k = bits - nice;
    let name = |v: i128| match v {
        v if v == raw(DOMAIN) => "D".to_string(),
        v if v == -raw(DOMAIN) => "-D".to_string(),
        v => decimal(v),
    };
    match i64::try_from(nice) {
        Ok(_) if k == 0 => name(nice),
        Ok(_) if k.abs() <= 1 << 16 && nice == 0 => format!("{k}u"),
        Ok(_) if k.abs() <= 1 << 16 => format!("{}{k:+}u", name(nice)),
        _ => decimal(bits),
    }
}

/// The exact decimal of raw bits (`f / 2^32 = f * 5^32 / 10^32`), cut after
/// 12 fractional digits with `...` when longer. Written here rather than
/// with `fixed`'s `Display`, which prints the scalar below 0.3
/// (1288490188 / 2^32) as `0.3`, even with `{:.32}`.
fn decimal(bits: i128) -> String {
    let sign = if bits < 0 { "-" } else { "" };
    let a = bits.unsigned_abs();
    let (int, frac) = (a >> 32, a & 0xffff_ffff);
    let digits = format!("{:032}", frac * 5u128.pow(32));
    let digits = digits.trim_end_matches('0');
    if digits.is_empty() {
        format!("{sign}{int}")
    } else if digits.len() <= 12 {
        format!("{sign}{int}.{digits}")
    } else {
        format!("{sign}{int}.{}...", &digits[..12])
    }
}

fn nv<const D: usize>(v: &Vector<D>) -> String {
    let parts: Vec<String> = v.0.iter().map(|c| n(*c)).collect();
    format!("[{}]", parts.join(", "))
}

fn nb<const D: usize>(b: &Aabb<D>) -> String {
    format!("{}..{}", nv(&b.min()), nv(&b.max()))
}

fn normal<const D: usize>(v: &Vector<D>) -> String {
    const NAMES: [&str; 3] = ["x", "y", "z"];
    let nonzero: Vec<(usize, Fx)> =
        v.0.iter()
            .copied()
            .enumerate()
            .filter(|(_, c)| *c != Fx::ZERO)
            .collect();
    match nonzero[..] {
        [] => "0".into(),
        [(i, c)] if c == Fx::ONE => format!("+{}", NAMES[i]),
        [(i, c)] if c == -Fx::ONE => format!("-{}", NAMES[i]),
        _ => format!("NOT A UNIT NORMAL {}", nv(v)),
    }
}

fn vv<const D: usize>(v: [&str; D]) -> Vector<D> {
    Vector(v.map(p))
}

fn bx<const D: usize>(min: [&str; D], max: [&str; D]) -> Aabb<D> {
    Aabb::try_new(vv(min), vv(max)).expect("valid box in a table")
}

/// Rows of one table: a label line, an input line, an output line.
#[derive(Default)]
struct Table(String);

impl Table {
    fn row(&mut self, label: &str, input: String, output: String) {
        writeln!(self.0, "{label}\n    {input}\n    => {output}").expect("write");
    }

    fn heading(&mut self, title: &str) {
        writeln!(self.0, "== {title} ==").expect("write");
    }
}

/// An exact time as a reduced fraction (times are ratios of raw values).
fn ratio(t: &Rat) -> String {
    let g = gcd(t.n.abs(), t.d);
    let (a, b) = (t.n / g, t.d / g);
    if b == 1 {
        format!("{a}")
    } else {
        format!("{a}/{b}")
    }
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

fn snapshot(name: &str, table: &Table) {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s.bind(|| insta::assert_snapshot!(name, table.0));
}
