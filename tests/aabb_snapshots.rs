//! Edge-case tables of the axis-aligned queries, one insta snapshot per
//! family (in `snapshots/`), 2D and 3D rows, each row labelled with the case.
//! Every row is also checked against the exact reference, so a snapshot can
//! only hold answers that the reference agrees with; the snapshots were read
//! row by row against DESIGN.md.
//!
//! Values are written as decimals, `D` for the domain bound 2^20, and `u`
//! for ulps (2^-32): `1+1u` is one plus one ulp, `-1u` is minus one ulp.

mod aabb_reference;

use aabb_reference::{self as exact, RBox, Rat, raw, rvec, unit};
use fixed_collide::{
    Aabb, Ball, DOMAIN, Fx, Ray, Vector, aabb_contact, aabb_intersection, aabb_overlap,
    aabb_overlap_open, aabb_sweep, aabb_sweep_pair, ray_aabb, sphere_aabb,
};
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

    // ---------------------------------------------------------- overlap --

    fn overlap<const D: usize>(&mut self, label: &str, a: Aabb<D>, b: Aabb<D>) {
        let closed = aabb_overlap(&a, &b);
        let open = aabb_overlap_open(&a, &b);
        let inter = aabb_intersection(&a, &b);
        let (ra, rb) = (RBox::of(&a), RBox::of(&b));
        assert_eq!(closed, exact::overlap_closed(&ra, &rb), "{label}");
        assert_eq!(open, exact::overlap_open(&ra, &rb), "{label}");
        assert_eq!(
            inter.map(|i| RBox::of(&i)),
            exact::intersection(&ra, &rb),
            "{label}"
        );
        assert_eq!(closed, aabb_overlap(&b, &a), "{label}: symmetry");
        assert_eq!(open, aabb_overlap_open(&b, &a), "{label}: symmetry");
        let inter = inter.map_or("none".into(), |i| nb(&i));
        self.row(
            label,
            format!("a={}  b={}", nb(&a), nb(&b)),
            format!("closed={closed} open={open} box={inter}"),
        );
    }

    // ---------------------------------------------------------- contact --

    fn contact<const D: usize>(&mut self, label: &str, a: Aabb<D>, b: Aabb<D>) {
        let got = aabb_contact(&a, &b);
        let want = exact::contact(&RBox::of(&a), &RBox::of(&b));
        let out = match (got, want) {
            (None, None) => "none".to_string(),
            (Some(g), Some(w)) => {
                assert_eq!(g.normal, unit::<D>(w.axis, w.positive), "{label}");
                assert_eq!(raw(g.depth), w.depth, "{label}");
                assert_eq!(rvec(&g.point), w.point, "{label}");
                format!(
                    "normal={} depth={} point={}",
                    normal(&g.normal),
                    n(g.depth),
                    nv(&g.point)
                )
            }
            (g, w) => panic!("{label}: contact {g:?}, exact {w:?}"),
        };
        self.row(label, format!("a={}  b={}", nb(&a), nb(&b)), out);
    }

    // ------------------------------------------------------------ sweep --

    fn sweep<const D: usize>(&mut self, label: &str, s: Aabb<D>, m: Aabb<D>, d: [&str; D]) {
        let d = vv(d);
        let got = aabb_sweep(&s, &m, d);
        let want = exact::sweep(&RBox::of(&s), &RBox::of(&m), &rvec(&d));
        let out = match (got, want) {
            (None, None) => "miss".to_string(),
            (Some(g), Some(w)) => {
                assert_eq!(g.overlapping, w.overlapping, "{label}");
                assert_eq!(g.t_enter, w.enter.floor_fx(), "{label}");
                assert_eq!(g.t_exit, w.exit.ceil_fx(), "{label}");
                let wn = w.normal.map_or(Vector::ZERO, |(i, p)| unit::<D>(i, p));
                assert_eq!(g.normal, wn, "{label}");
                format!(
                    "hit t_enter={} t_exit={} normal={} overlapping={}  (exact {} .. {})",
                    n(g.t_enter),
                    n(g.t_exit),
                    normal(&g.normal),
                    g.overlapping,
                    ratio(&w.enter),
                    ratio(&w.exit),
                )
            }
            (g, w) => panic!("{label}: sweep {g:?}, exact {w:?}"),
        };
        self.row(
            label,
            format!("stationary={}  moving={}  d={}", nb(&s), nb(&m), nv(&d)),
            out,
        );
    }

    // ------------------------------------------------------- sweep pair --

    fn pair<const D: usize>(
        &mut self,
        label: &str,
        a: Aabb<D>,
        va: [&str; D],
        b: Aabb<D>,
        vb: [&str; D],
    ) {
        let (va, vb) = (vv(va), vv(vb));
        let got = aabb_sweep_pair(&a, va, &b, vb);
        let want = exact::sweep_pair(&RBox::of(&a), &rvec(&va), &RBox::of(&b), &rvec(&vb));
        assert_eq!(got, aabb_sweep_pair(&b, vb, &a, va), "{label}: symmetry");
        let out = match (got, want) {
            (None, None) => "miss".to_string(),
            (Some(g), Some((u0, u1))) => {
                assert_eq!(g.u0, u0.floor_fx(), "{label}");
                assert_eq!(g.u1, u1.ceil_fx(), "{label}");
                format!(
                    "hit u0={} u1={}  (exact {} .. {})",
                    n(g.u0),
                    n(g.u1),
                    ratio(&u0),
                    ratio(&u1)
                )
            }
            (g, w) => panic!("{label}: pair {g:?}, exact {w:?}"),
        };
        self.row(
            label,
            format!("a={} va={}  b={} vb={}", nb(&a), nv(&va), nb(&b), nv(&vb)),
            out,
        );
    }

    // -------------------------------------------------------------- ray --

    fn ray<const D: usize>(
        &mut self,
        label: &str,
        o: [&str; D],
        dir: [&str; D],
        max_t: &str,
        b: Aabb<D>,
    ) {
        let ray = Ray::try_new(vv(o), vv(dir), p(max_t)).expect("valid ray in a table");
        let got = ray_aabb(&ray, &b);
        let want = exact::ray(
            &rvec(&ray.origin()),
            &rvec(&ray.dir()),
            ray.max_t(),
            &RBox::of(&b),
        );
        let out = match (got, want) {
            (None, None) => "miss".to_string(),
            (Some(g), Some(w)) => {
                assert_eq!(g.inside, w.inside, "{label}");
                assert_eq!(g.t, w.t.floor_fx(), "{label}");
                let wn = w.normal.map_or(Vector::ZERO, |(i, p)| unit::<D>(i, p));
                assert_eq!(g.normal, wn, "{label}");
                let exact_point: Vec<String> = (0..D)
                    .map(|i| {
                        let c = exact::ray_coord(raw(ray.origin().0[i]), raw(ray.dir().0[i]), &w.t);
                        ratio(&Rat::new(c.n, c.d * (1 << 32)))
                    })
                    .collect();
                format!(
                    "hit t={} point={} normal={} inside={}  (exact t {}, point [{}])",
                    n(g.t),
                    nv(&g.point),
                    normal(&g.normal),
                    g.inside,
                    ratio(&w.t),
                    exact_point.join(", ")
                )
            }
            (g, w) => panic!("{label}: ray {g:?}, exact {w:?}"),
        };
        self.row(
            label,
            format!(
                "origin={} dir={} max_t={}  box={}",
                nv(&ray.origin()),
                nv(&ray.dir()),
                n(ray.max_t()),
                nb(&b)
            ),
            out,
        );
    }

    // ----------------------------------------------------------- sphere --

    fn sphere<const D: usize>(&mut self, label: &str, c: [&str; D], r: &str, b: Aabb<D>) {
        let ball = Ball::try_new(vv(c), p(r)).expect("valid ball in a table");
        let got = sphere_aabb(&ball, &b).map(|h| h.point);
        let want = exact::sphere(&rvec(&ball.center()), raw(ball.radius()), &RBox::of(&b));
        assert_eq!(got.map(|v| rvec(&v)), want, "{label}");
        let out = got.map_or("miss".into(), |pt| format!("hit point={}", nv(&pt)));
        self.row(
            label,
            format!(
                "center={} r={}  box={}",
                nv(&ball.center()),
                n(ball.radius()),
                nb(&b)
            ),
            out,
        );
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

// ================================================================ tables ==

#[test]
fn aabb_overlap_table() {
    let mut t = Table::default();
    t.heading("2D");
    let unit2 = || bx(["0", "0"], ["1", "1"]);
    t.overlap("separated by 1 on x", unit2(), bx(["2", "0"], ["3", "1"]));
    t.overlap("1-ulp gap on x", unit2(), bx(["1+1u", "0"], ["2", "1"]));
    t.overlap(
        "touching faces (a's +x face)",
        unit2(),
        bx(["1", "0"], ["2", "1"]),
    );
    t.overlap(
        "touching faces, b offset along the face",
        unit2(),
        bx(["1", "0.5"], ["2", "1.5"]),
    );
    t.overlap("touching corners", unit2(), bx(["1", "1"], ["2", "2"]));
    t.overlap(
        "corner 1 ulp away on y only",
        unit2(),
        bx(["1", "1+1u"], ["2", "2"]),
    );
    t.overlap("1-ulp overlap on x", unit2(), bx(["1-1u", "0"], ["2", "1"]));
    t.overlap("identical boxes", unit2(), unit2());
    t.overlap(
        "b strictly inside a",
        bx(["0", "0"], ["4", "4"]),
        bx(["1", "1"], ["2", "2"]),
    );
    t.overlap(
        "zero-size point strictly inside a",
        bx(["0", "0"], ["4", "4"]),
        bx(["1", "1"], ["1", "1"]),
    );
    t.overlap(
        "zero-size point on a's face",
        bx(["0", "0"], ["4", "4"]),
        bx(["4", "1"], ["4", "1"]),
    );
    t.overlap(
        "zero-size point on a's corner",
        bx(["0", "0"], ["4", "4"]),
        bx(["4", "4"], ["4", "4"]),
    );
    t.overlap(
        "two equal points",
        bx(["1", "1"], ["1", "1"]),
        bx(["1", "1"], ["1", "1"]),
    );
    t.overlap(
        "two collinear segments overlapping (zero height)",
        bx(["0", "1"], ["2", "1"]),
        bx(["1", "1"], ["3", "1"]),
    );
    t.overlap(
        "zero-width segment crossing a (open overlap)",
        bx(["0", "0"], ["4", "4"]),
        bx(["2", "-1"], ["2", "5"]),
    );
    t.overlap(
        "zero-width segment on a's face line",
        bx(["0", "0"], ["4", "4"]),
        bx(["0", "-1"], ["0", "5"]),
    );
    t.overlap(
        "cross: neither contains a corner of the other",
        bx(["0", "1"], ["3", "2"]),
        bx(["1", "0"], ["2", "3"]),
    );
    t.overlap(
        "whole domain vs its max corner point",
        bx(["-D", "-D"], ["D", "D"]),
        bx(["D", "D"], ["D", "D"]),
    );
    t.overlap(
        "domain-limit boxes 1 ulp apart",
        bx(["-D", "-D"], ["D-1u", "D"]),
        bx(["D", "-D"], ["D", "D"]),
    );
    t.overlap(
        "1-ulp boxes touching at 0",
        bx(["-1u", "-1u"], ["0", "0"]),
        bx(["0", "0"], ["1u", "1u"]),
    );
    t.heading("3D");
    let unit3 = || bx(["0", "0", "0"], ["1", "1", "1"]);
    t.overlap(
        "touching faces (+z)",
        unit3(),
        bx(["0", "0", "1"], ["1", "1", "2"]),
    );
    t.overlap(
        "touching edges (x and y)",
        unit3(),
        bx(["1", "1", "0"], ["2", "2", "1"]),
    );
    t.overlap(
        "touching corners",
        unit3(),
        bx(["1", "1", "1"], ["2", "2", "2"]),
    );
    t.overlap(
        "1-ulp gap on z only",
        unit3(),
        bx(["0", "0", "1+1u"], ["1", "1", "2"]),
    );
    t.overlap(
        "1-ulp overlap on all axes",
        unit3(),
        bx(["1-1u", "1-1u", "1-1u"], ["2", "2", "2"]),
    );
    t.overlap(
        "zero-size point strictly inside",
        unit3(),
        bx(["0.5", "0.5", "0.5"], ["0.5", "0.5", "0.5"]),
    );
    t.overlap(
        "flat square inside a (zero z size)",
        unit3(),
        bx(["0", "0", "0.5"], ["1", "1", "0.5"]),
    );
    t.overlap(
        "flat square on a's face plane",
        unit3(),
        bx(["0", "0", "1"], ["1", "1", "1"]),
    );
    t.overlap(
        "whole domain vs a box at the min corner",
        bx(["-D", "-D", "-D"], ["D", "D", "D"]),
        bx(["-D", "-D", "-D"], ["-D+1u", "-D+1u", "-D+1u"]),
    );
    snapshot("aabb_overlap", &t);
}

#[test]
fn aabb_contact_table() {
    let mut t = Table::default();
    t.heading("2D");
    let big = || bx(["0", "0"], ["4", "4"]);
    t.contact(
        "penetrating a's +x face by 1 (doc example)",
        big(),
        bx(["3", "1"], ["6", "2"]),
    );
    t.contact(
        "penetrating a's -x face by 0.5",
        big(),
        bx(["-1", "1"], ["0.5", "2"]),
    );
    t.contact(
        "penetrating a's +y face by 1u",
        big(),
        bx(["1", "4-1u"], ["2", "5"]),
    );
    t.contact(
        "penetrating a's -y face, deeper on x",
        big(),
        bx(["-1", "-3"], ["1", "0.25"]),
    );
    t.contact(
        "touching a's +x face: depth 0",
        big(),
        bx(["4", "1"], ["5", "2"]),
    );
    t.contact(
        "touching a's -y face: depth 0",
        big(),
        bx(["1", "-1"], ["2", "0"]),
    );
    t.contact(
        "touching corners: +x wins the tie with +y",
        big(),
        bx(["4", "4"], ["5", "5"]),
    );
    t.contact(
        "touching at a's min corner: -x wins over -y",
        big(),
        bx(["-1", "-1"], ["0", "0"]),
    );
    t.contact(
        "centred inside: all four tie, -x wins",
        big(),
        bx(["1", "1"], ["3", "3"]),
    );
    t.contact("identical boxes: -x wins", big(), big());
    t.contact(
        "x and y tie at 1 (-x and -y): -x wins",
        big(),
        bx(["-1", "-1"], ["1", "1"]),
    );
    t.contact("+x and +y tie: +x wins", big(), bx(["3", "3"], ["5", "5"]));
    t.contact("+y strictly smallest", big(), bx(["2", "3.5"], ["3", "6"]));
    t.contact(
        "zero-size point inside, nearest -x",
        big(),
        bx(["1", "2"], ["1", "2"]),
    );
    t.contact(
        "zero-size point on a's +y face",
        big(),
        bx(["1", "4"], ["1", "4"]),
    );
    t.contact(
        "zero-size a (point) inside b",
        bx(["1", "1"], ["1", "1"]),
        big(),
    );
    t.contact(
        "midpoint floors: intersection x in [-1u, 0]",
        bx(["-1u", "0"], ["0", "1"]),
        bx(["-1", "0"], ["0", "1"]),
    );
    t.contact(
        "midpoint floors: intersection [0, 1u] odd width",
        bx(["0", "0"], ["1u", "1"]),
        bx(["0", "0"], ["1", "3u"]),
    );
    t.contact("1-ulp gap: none", big(), bx(["4+1u", "0"], ["5", "1"]));
    t.contact("separated: none", big(), bx(["5", "5"], ["6", "6"]));
    t.contact(
        "whole domain vs itself: depth 2^21",
        bx(["-D", "-D"], ["D", "D"]),
        bx(["-D", "-D"], ["D", "D"]),
    );
    t.contact(
        "domain corner point on the whole domain's +x+y corner",
        bx(["-D", "-D"], ["D", "D"]),
        bx(["D", "D"], ["D", "D"]),
    );
    t.heading("3D");
    let cube = || bx(["0", "0", "0"], ["4", "4", "4"]);
    t.contact(
        "penetrating a's +z face by 1",
        cube(),
        bx(["1", "1", "3"], ["2", "2", "6"]),
    );
    t.contact(
        "penetrating a's -z face by 0.5",
        cube(),
        bx(["1", "1", "-3"], ["2", "2", "0.5"]),
    );
    t.contact(
        "y and z tie: +y wins over +z",
        cube(),
        bx(["1", "3", "3"], ["2", "5", "5"]),
    );
    t.contact(
        "touching corners: +x wins",
        cube(),
        bx(["4", "4", "4"], ["5", "5", "5"]),
    );
    t.contact(
        "touching edge y/z: +y wins",
        cube(),
        bx(["1", "4", "4"], ["2", "5", "5"]),
    );
    t.contact(
        "centred inside: -x wins",
        cube(),
        bx(["1", "1", "1"], ["3", "3", "3"]),
    );
    t.contact(
        "flat square touching +z face",
        cube(),
        bx(["1", "1", "4"], ["3", "3", "4"]),
    );
    snapshot("aabb_contact", &t);
}

#[test]
fn aabb_sweep_table() {
    let mut t = Table::default();
    t.heading("2D");
    let m = || bx(["0", "0"], ["1", "1"]);
    let wall = || bx(["10", "-5"], ["11", "5"]);
    t.sweep(
        "head-on hit at t=1/2 (doc example)",
        wall(),
        m(),
        ["18", "0"],
    );
    t.sweep("stops 1 short of the wall: miss", wall(), m(), ["8", "0"]);
    t.sweep("touching only at t=1: miss", wall(), m(), ["9", "0"]);
    t.sweep(
        "touching at t=1 minus a hair (d = gap + 1u)",
        wall(),
        m(),
        ["9+1u", "0"],
    );
    t.sweep("passes through within the step", wall(), m(), ["30", "0"]);
    t.sweep(
        "entry at 1/3 (floor) and exit at 11/27 (ceil)",
        wall(),
        m(),
        ["27", "0"],
    );
    t.sweep("moving away from the wall: miss", wall(), m(), ["-5", "0"]);
    t.sweep(
        "zero displacement, separated: miss",
        wall(),
        m(),
        ["0", "0"],
    );
    let s = || bx(["1", "0"], ["2", "1"]);
    t.sweep(
        "moving into a touched face: hit at t=0, not overlapping",
        s(),
        m(),
        ["1", "0"],
    );
    t.sweep(
        "moving into a touched face at 1 ulp per step",
        s(),
        m(),
        ["1u", "0"],
    );
    t.sweep(
        "moving into a touched face and sideways",
        s(),
        m(),
        ["1", "0.5"],
    );
    t.sweep(
        "moving away from a touched face: miss",
        s(),
        m(),
        ["-1", "0"],
    );
    t.sweep(
        "sliding along a touched face (x face, moving y): miss",
        s(),
        m(),
        ["0", "3"],
    );
    t.sweep("zero displacement, touching: miss", s(), m(), ["0", "0"]);
    let top = || bx(["0", "1"], ["4", "2"]);
    t.sweep(
        "sliding along the stationary box's bottom face: miss",
        top(),
        m(),
        ["3", "0"],
    );
    t.sweep(
        "sliding along the face and away: miss",
        top(),
        m(),
        ["3", "-1"],
    );
    t.sweep(
        "1 ulp below the face, moving up 1u: touches at t=1: miss",
        top(),
        bx(["0", "0"], ["1", "1-1u"]),
        ["0", "1u"],
    );
    t.sweep(
        "1 ulp below the face, moving up 2u: hit at 1/2",
        top(),
        bx(["0", "0"], ["1", "1-1u"]),
        ["0", "2u"],
    );
    let inside = || bx(["0", "0"], ["4", "4"]);
    t.sweep(
        "already penetrating, moving: overlapping",
        inside(),
        bx(["1", "1"], ["2", "2"]),
        ["1", "0"],
    );
    t.sweep(
        "already penetrating, zero displacement: overlapping",
        inside(),
        bx(["1", "1"], ["2", "2"]),
        ["0", "0"],
    );
    t.sweep(
        "already penetrating, leaving within the step",
        inside(),
        bx(["1", "1"], ["2", "2"]),
        ["-4", "0"],
    );
    t.sweep(
        "zero-size moving point strictly inside: overlapping",
        inside(),
        bx(["1", "1"], ["1", "1"]),
        ["0", "0"],
    );
    t.sweep(
        "zero-size point on the face moving in: hit at 0",
        inside(),
        bx(["4", "1"], ["4", "1"]),
        ["-1", "0"],
    );
    t.sweep(
        "zero-size point moving along the face line: miss",
        inside(),
        bx(["4", "1"], ["4", "1"]),
        ["0", "1"],
    );
    t.sweep(
        "both zero size on y (segments on one line): never penetrate",
        bx(["2", "0"], ["3", "0"]),
        bx(["0", "0"], ["1", "0"]),
        ["4", "0"],
    );
    t.sweep(
        "zero-width wall crossed by a zero-width mover: miss (tunnels: never penetrates)",
        bx(["2", "-5"], ["2", "5"]),
        bx(["0", "0"], ["0", "1"]),
        ["4", "0"],
    );
    t.sweep(
        "zero-width wall crossed by a unit box: hit",
        bx(["2", "-5"], ["2", "5"]),
        m(),
        ["4", "0"],
    );
    let far = || bx(["2", "2"], ["3", "3"]);
    t.sweep(
        "diagonal, both axes enter at 1/2: tie, normal -x",
        far(),
        m(),
        ["2", "2"],
    );
    t.sweep("diagonal, y enters last: normal -y", far(), m(), ["4", "2"]);
    t.sweep(
        "x zero velocity and overlapping openly: y decides",
        bx(["0", "2"], ["1", "3"]),
        bx(["0.5", "0"], ["1.5", "1"]),
        ["0", "2"],
    );
    t.sweep(
        "x zero velocity and only touching: miss",
        bx(["1", "2"], ["2", "3"]),
        m(),
        ["0", "4"],
    );
    t.sweep(
        "grazing a corner (touches only at t=1/2): miss",
        bx(["2", "0"], ["3", "1"]),
        bx(["0", "2"], ["1", "3"]),
        ["6", "-2"],
    );
    t.sweep(
        "corner graze plus 1 ulp deeper on y: hit",
        bx(["2", "0"], ["3", "1"]),
        bx(["0", "2"], ["1", "3"]),
        ["6", "-2-1u"],
    );
    t.sweep(
        "displacement MAX through a unit gap",
        wall(),
        m(),
        ["MAX", "0"],
    );
    t.sweep(
        "displacement MIN away from the wall: miss",
        wall(),
        m(),
        ["MIN", "0"],
    );
    t.sweep(
        "displacement MIN toward a wall behind",
        bx(["-11", "-5"], ["-10", "5"]),
        m(),
        ["MIN", "0"],
    );
    t.sweep(
        "across the whole domain, touching at t=1: miss",
        bx(["1048575", "-D"], ["D", "D"]),
        bx(["-D", "-D"], ["-1048575", "D"]),
        ["2097150", "0"],
    );
    t.sweep(
        "across the whole domain, hit at (2^21-2)/(2^21-1)",
        bx(["1048575", "-D"], ["D", "D"]),
        bx(["-D", "-D"], ["-1048575", "D"]),
        ["2097151", "0"],
    );
    t.heading("3D");
    let m3 = || bx(["0", "0", "0"], ["1", "1", "1"]);
    let far3 = || bx(["2", "2", "2"], ["3", "3", "3"]);
    t.sweep(
        "corner to corner, three axes tie at 1/2: normal -x",
        far3(),
        m3(),
        ["2", "2", "2"],
    );
    t.sweep(
        "y and z tie last at 1/2: normal -y",
        far3(),
        m3(),
        ["4", "2", "2"],
    );
    t.sweep("z enters last: normal -z", far3(), m3(), ["4", "4", "2"]);
    t.sweep(
        "moving down into +z face: normal +z",
        bx(["0", "0", "-2"], ["1", "1", "-1"]),
        m3(),
        ["0", "0", "-2"],
    );
    t.sweep(
        "resting on a face (z), sliding in x and y: miss",
        bx(["-5", "-5", "-1"], ["5", "5", "0"]),
        m3(),
        ["3", "3", "0"],
    );
    t.sweep(
        "resting on a face (z), pressed into it while sliding: hit at 0, +z",
        bx(["-5", "-5", "-1"], ["5", "5", "0"]),
        m3(),
        ["3", "3", "-1u"],
    );
    t.sweep(
        "touching along an edge (x and y), moving along z: miss",
        bx(["1", "1", "0"], ["2", "2", "1"]),
        m3(),
        ["0", "0", "5"],
    );
    t.sweep(
        "touching along an edge, moving diagonally into it: hit at 0, -x wins",
        bx(["1", "1", "0"], ["2", "2", "1"]),
        m3(),
        ["1", "1", "0"],
    );
    t.sweep(
        "zero velocity on z, separated on z: miss",
        far3(),
        m3(),
        ["2", "2", "0"],
    );
    snapshot("aabb_sweep", &t);
}

#[test]
fn aabb_sweep_pair_table() {
    let mut t = Table::default();
    t.heading("2D");
    let a = || bx(["0", "0"], ["1", "1"]);
    let b = || bx(["3", "0"], ["4", "1"]);
    t.pair(
        "approaching, touching only at t=1 (doc example)",
        a(),
        ["1", "0"],
        b(),
        ["-1", "0"],
    );
    t.pair(
        "swapped boxes: same answer",
        b(),
        ["-1", "0"],
        a(),
        ["1", "0"],
    );
    t.pair(
        "approaching, meet at 1/2 and stay overlapping",
        a(),
        ["2", "0"],
        b(),
        ["-2", "0"],
    );
    t.pair(
        "approaching, pass through each other",
        a(),
        ["4", "0"],
        b(),
        ["-4", "0"],
    );
    t.pair(
        "approaching but stop 1u short: miss",
        a(),
        ["1", "0"],
        b(),
        ["-1+1u", "0"],
    );
    t.pair(
        "meeting at 1/3 (floor) and leaving at 2/3 (ceil)",
        a(),
        ["3", "0"],
        b(),
        ["-3", "0"],
    );
    t.pair("moving apart: miss", a(), ["-1", "0"], b(), ["1", "0"]);
    t.pair(
        "same displacement, separated: miss",
        a(),
        ["5", "5"],
        b(),
        ["5", "5"],
    );
    t.pair(
        "same displacement, touching: touching all step",
        a(),
        ["5", "5"],
        bx(["1", "0"], ["2", "1"]),
        ["5", "5"],
    );
    t.pair(
        "touching at the start, moving apart: only at 0",
        a(),
        ["-1", "0"],
        bx(["1", "0"], ["2", "1"]),
        ["0", "0"],
    );
    t.pair(
        "overlapping at the start, moving apart",
        a(),
        ["0", "0"],
        bx(["0.5", "0"], ["1.5", "1"]),
        ["2", "0"],
    );
    t.pair(
        "sliding past each other along touching x faces: contact until 1/6",
        a(),
        ["0", "3"],
        bx(["1", "0"], ["2", "1"]),
        ["0", "-3"],
    );
    t.pair(
        "sliding along touching x faces, slowly: contact all step",
        a(),
        ["0", "0.25"],
        bx(["1", "0"], ["2", "1"]),
        ["0", "-0.25"],
    );
    t.pair(
        "grazing corners: touching only at 1/2",
        bx(["2", "0"], ["3", "1"]),
        ["0", "0"],
        bx(["0", "2"], ["1", "3"]),
        ["6", "-2"],
    );
    t.pair(
        "zero-size points crossing at 1/2 (one instant)",
        bx(["0", "0"], ["0", "0"]),
        ["2", "2"],
        bx(["2", "2"], ["2", "2"]),
        ["-2", "-2"],
    );
    t.pair(
        "zero-size points meeting at t=1",
        bx(["0", "0"], ["0", "0"]),
        ["1", "1"],
        bx(["2", "2"], ["2", "2"]),
        ["-1", "-1"],
    );
    t.pair(
        "zero-width mover crossing a zero-width wall: touching at 1/2",
        bx(["2", "-5"], ["2", "5"]),
        ["0", "0"],
        bx(["0", "0"], ["0", "1"]),
        ["4", "0"],
    );
    t.pair(
        "y separated, zero relative y motion: miss",
        a(),
        ["1", "7"],
        bx(["3", "2"], ["4", "3"]),
        ["-1", "7"],
    );
    t.pair(
        "extreme displacements MAX vs MIN",
        a(),
        ["MAX", "0"],
        b(),
        ["MIN", "0"],
    );
    t.pair(
        "extreme displacements, same MIN: separated all step",
        a(),
        ["MIN", "0"],
        b(),
        ["MIN", "0"],
    );
    t.pair(
        "domain corners meeting at t=1",
        bx(["-D", "-D"], ["-D", "-D"]),
        ["D", "D"],
        bx(["D", "D"], ["D", "D"]),
        ["-D", "-D"],
    );
    t.heading("3D");
    let a3 = || bx(["0", "0", "0"], ["1", "1", "1"]);
    t.pair(
        "corners meet at 1/2 (three axes at once), then overlap",
        a3(),
        ["2", "2", "2"],
        bx(["2", "2", "2"], ["3", "3", "3"]),
        ["0", "0", "0"],
    );
    t.pair(
        "touching only at t=1 (z faces)",
        a3(),
        ["0", "0", "1"],
        bx(["0", "0", "2"], ["1", "1", "3"]),
        ["0", "0", "0"],
    );
    t.pair(
        "square and segment meet at 1/2, stay in contact (touching on y)",
        bx(["0", "0", "0"], ["1", "1", "0"]),
        ["0", "0", "1"],
        bx(["0", "1", "1"], ["1", "1", "2"]),
        ["0", "0", "-1"],
    );
    t.pair(
        "z separated, zero z motion: miss",
        a3(),
        ["1", "0", "0"],
        bx(["1", "0", "2"], ["2", "1", "3"]),
        ["0", "0", "0"],
    );
    snapshot("aabb_sweep_pair", &t);
}

#[test]
fn ray_aabb_table() {
    let mut t = Table::default();
    t.heading("2D");
    let slab = || bx(["2", "-1"], ["4", "1"]);
    t.ray(
        "along +x into the -x face (doc example)",
        ["0", "0"],
        ["1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "along -x into the +x face",
        ["6", "0.5"],
        ["-2", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "dir not unit: t in units of dir",
        ["0", "0"],
        ["4", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "parallel to x, outside the y slab: miss",
        ["0", "2"],
        ["1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "parallel to x, 1u outside the y slab: miss",
        ["0", "1+1u"],
        ["1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "along the +y face line",
        ["0", "1"],
        ["1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "along the -y face line",
        ["0", "-1"],
        ["1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "pointing away: miss",
        ["0", "0"],
        ["-1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "through the corner (2,1) then inside",
        ["0", "3"],
        ["1", "-1"],
        "MAX",
        slab(),
    );
    t.ray(
        "tangent to the corner (2,1): touches only there",
        ["0", "-1"],
        ["1", "1"],
        "MAX",
        slab(),
    );
    t.ray(
        "diagonal, x and y enter together: -x wins",
        ["0", "-3"],
        ["1", "1"],
        "MAX",
        slab(),
    );
    t.ray(
        "y enters last: -y",
        ["3", "-3"],
        ["0.25", "1"],
        "MAX",
        slab(),
    );
    t.ray(
        "entry at 1/3: t floors, y within an ulp",
        ["1", "0"],
        ["3", "1"],
        "MAX",
        slab(),
    );
    t.ray(
        "entry at 1/3 with negative y: y floors",
        ["1", "0"],
        ["3", "-1"],
        "MAX",
        slab(),
    );
    t.ray("origin inside", ["3", "0"], ["1", "0"], "MAX", slab());
    t.ray(
        "origin on the -x face, pointing away",
        ["2", "0"],
        ["-1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "origin on the -x face, pointing in",
        ["2", "0"],
        ["1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "origin on a corner, pointing away",
        ["4", "1"],
        ["1", "1"],
        "MAX",
        slab(),
    );
    t.ray(
        "origin 1u outside, pointing in: t = 1u",
        ["2-1u", "0"],
        ["1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "origin 1u outside, pointing away: miss",
        ["2-1u", "0"],
        ["-1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "max_t exactly at the hit: hit",
        ["0", "0"],
        ["1", "0"],
        "2",
        slab(),
    );
    t.ray(
        "max_t 1u before the hit: miss",
        ["0", "0"],
        ["1", "0"],
        "2-1u",
        slab(),
    );
    t.ray(
        "max_t 0, origin outside: miss",
        ["0", "0"],
        ["1", "0"],
        "0",
        slab(),
    );
    t.ray(
        "max_t 0, origin inside: inside",
        ["3", "0"],
        ["1", "0"],
        "0",
        slab(),
    );
    t.ray(
        "zero-size box (a point) hit exactly",
        ["0", "0"],
        ["1", "2"],
        "MAX",
        bx(["1", "2"], ["1", "2"]),
    );
    t.ray(
        "zero-size box (a point) missed by 1u",
        ["0", "0"],
        ["1", "2"],
        "MAX",
        bx(["1", "2+1u"], ["1", "2+1u"]),
    );
    t.ray(
        "zero-width box (a segment) crossed",
        ["0", "0"],
        ["1", "0"],
        "MAX",
        bx(["2", "-1"], ["2", "1"]),
    );
    t.ray(
        "tiny dir (1u): hit at t = 2^31 - 1",
        ["0", "0"],
        ["1u", "0"],
        "MAX",
        bx(["0.5-1u", "0"], ["1", "1"]),
    );
    t.ray(
        "tiny dir (1u): hit time 2^32 is beyond MAX: miss",
        ["0", "0"],
        ["1u", "0"],
        "MAX",
        bx(["1", "0"], ["2", "1"]),
    );
    t.ray(
        "domain corner to domain corner",
        ["-D", "-D"],
        ["D", "D"],
        "MAX",
        bx(["1048575", "1048575"], ["D", "D"]),
    );
    t.ray(
        "domain: dir -D from D",
        ["D", "0"],
        ["-D", "0"],
        "MAX",
        bx(["-D", "-1"], ["-D+1u", "1"]),
    );
    t.heading("3D");
    let cube = || bx(["1", "1", "1"], ["2", "2", "2"]);
    t.ray(
        "through a corner: three axes tie, -x",
        ["0", "0", "0"],
        ["1", "1", "1"],
        "MAX",
        cube(),
    );
    t.ray(
        "through an edge (y,z): -y",
        ["1.5", "0", "0"],
        ["0", "1", "1"],
        "MAX",
        cube(),
    );
    t.ray(
        "z enters last: -z",
        ["1.5", "1.5", "0"],
        ["0", "0", "1"],
        "MAX",
        cube(),
    );
    t.ray(
        "along the +z face plane",
        ["0", "1.5", "2"],
        ["1", "0", "0"],
        "MAX",
        cube(),
    );
    t.ray(
        "along an edge line (y=2, z=2)",
        ["0", "2", "2"],
        ["1", "0", "0"],
        "MAX",
        cube(),
    );
    t.ray(
        "parallel, outside the z slab by 1u: miss",
        ["0", "1.5", "2+1u"],
        ["1", "0", "0"],
        "MAX",
        cube(),
    );
    t.ray(
        "from above into the +z face",
        ["1.5", "1.5", "5"],
        ["0", "0", "-1"],
        "MAX",
        cube(),
    );
    t.ray(
        "origin on a corner",
        ["2", "2", "2"],
        ["1", "0", "0"],
        "MAX",
        cube(),
    );
    t.ray(
        "entry at 1/3 on x, y and z within an ulp",
        ["0", "0", "0"],
        ["3", "4", "5"],
        "MAX",
        bx(["1", "1", "1"], ["2", "2", "2"]),
    );
    snapshot("ray_aabb", &t);
}

#[test]
fn sphere_aabb_table() {
    let mut t = Table::default();
    t.heading("2D");
    let b = || bx(["0", "0"], ["2", "2"]);
    t.sphere(
        "centre inside: closest point is the centre",
        ["1", "1"],
        "0.5",
        b(),
    );
    t.sphere("centre on the face", ["2", "1"], "0", b());
    t.sphere(
        "touching the +x face exactly (doc example)",
        ["5", "1"],
        "3",
        b(),
    );
    t.sphere("1u short of the +x face: miss", ["5", "1"], "3-1u", b());
    t.sphere("touching the corner exactly (3-4-5)", ["5", "6"], "5", b());
    t.sphere("corner, radius 1u short: miss", ["5", "6"], "5-1u", b());
    t.sphere(
        "corner at ulp scale (3u, 4u; r = 5u)",
        ["2+3u", "2+4u"],
        "5u",
        b(),
    );
    t.sphere(
        "corner at ulp scale, r = 4u: miss",
        ["2+3u", "2+4u"],
        "4u",
        b(),
    );
    t.sphere("zero radius on the surface", ["0", "1.5"], "0", b());
    t.sphere("zero radius 1u outside: miss", ["-1u", "1.5"], "0", b());
    t.sphere(
        "zero-size box (a point) at distance r",
        ["3", "4"],
        "5",
        bx(["0", "0"], ["0", "0"]),
    );
    t.sphere("below-left corner", ["-1", "-1"], "1.5", b());
    t.sphere(
        "domain: r = D reaching from D to 0",
        ["D", "1"],
        "D",
        bx(["-D", "0"], ["0", "2"]),
    );
    t.sphere(
        "domain: r = D, 1u short",
        ["D", "1"],
        "D",
        bx(["-D", "0"], ["-1u", "2"]),
    );
    t.sphere(
        "domain: corner to corner, far miss",
        ["D", "D"],
        "D",
        bx(["-D", "-D"], ["-D", "-D"]),
    );
    t.heading("3D");
    let c = || bx(["0", "0", "0"], ["2", "2", "2"]);
    t.sphere(
        "touching the corner exactly (1-2-2 -> 3)",
        ["3", "4", "4"],
        "3",
        c(),
    );
    t.sphere("corner, 1u short: miss", ["3", "4", "4"], "3-1u", c());
    t.sphere(
        "touching the +x+z edge exactly (6-8 -> 10)",
        ["8", "1", "10"],
        "10",
        c(),
    );
    t.sphere("touching the -z face", ["1", "1", "-0.5"], "0.5", c());
    t.sphere("centre inside", ["1", "1.5", "0.5"], "0", c());
    snapshot("sphere_aabb", &t);
}
