//! From fixed point to SVG text, with integers only: coordinates as `i128`
//! counts of 2^-32 units (an `Fx`'s bits, widened), the views of a scene
//! (one in 2D, three in 3D), and each shape's outline in a view.

use crate::arena::scene::{ShapeKind, UNIT16};
use fixed_collide::num::{Fx, mul_wide};
use fixed_collide::vec::Vector;

/// One unit in 2^-32 units.
pub const UNIT: i128 = 1 << 32;

/// The decimal text of `v` (in 2^-32 units) rounded to the nearest 1/10000
/// (half away from zero), trailing zeros dropped: `1.5`, `-0.0625`, `3`.
/// Only integer arithmetic: the same text on every platform.
///
/// # Examples
/// ```
/// use fixed_collide_cli::render::geom::{num, UNIT};
/// assert_eq!(num(3 * UNIT / 2), "1.5");
/// assert_eq!(num(-UNIT / 16), "-0.0625");
/// assert_eq!(num(1), "0");
/// assert_eq!(num(UNIT / 3), "0.3333");
/// ```
pub fn num(v: i128) -> String {
    let q = (v.unsigned_abs() * 10_000 + (1 << 31)) >> 32;
    let (int, frac) = (q / 10_000, q % 10_000);
    let sign = if v < 0 && q != 0 { "-" } else { "" };
    if frac == 0 {
        return format!("{sign}{int}");
    }
    let digits = format!("{frac:04}");
    format!("{sign}{int}.{}", digits.trim_end_matches('0'))
}

/// An `Fx` widened to 2^-32 units.
pub fn bits(x: Fx) -> i128 {
    i128::from(x.to_bits())
}

/// A view of the scene: the world axes drawn right (`a`) and up (`b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// The axis drawn left to right.
    pub a: usize,
    /// The axis drawn bottom to top.
    pub b: usize,
    /// Its caption.
    pub name: &'static str,
}

/// The views of a scene of dimension `D`: the plane in 2D; in 3D a top
/// view (x right, y up) and two side views (x–z and y–z).
///
/// # Examples
/// ```
/// use fixed_collide_cli::render::geom::views;
/// assert_eq!(views(2).len(), 1);
/// assert_eq!(views(3).iter().map(|v| (v.a, v.b)).collect::<Vec<_>>(), [(0, 1), (0, 2), (1, 2)]);
/// ```
pub fn views(dim: usize) -> &'static [View] {
    const PLANE: [View; 1] = [View {
        a: 0,
        b: 1,
        name: "x right, y up",
    }];
    const THREE: [View; 3] = [
        View {
            a: 0,
            b: 1,
            name: "top view: x right, y up",
        },
        View {
            a: 0,
            b: 2,
            name: "side view: x right, z up",
        },
        View {
            a: 1,
            b: 2,
            name: "side view: y right, z up",
        },
    ];
    if dim == 3 { &THREE } else { &PLANE }
}

/// A point of a view in SVG coordinates (y down), 2^-32 units.
pub type Pt = (i128, i128);

/// The SVG point of a world point in a view: its `a` coordinate, and its
/// `b` coordinate negated (SVG's y grows downwards).
pub fn project<const D: usize>(p: &Vector<D>, view: View) -> Pt {
    (bits(p.0[view.a]), -bits(p.0[view.b]))
}

/// `2 * cross(o->a, o->b)` sign for the hull: positive when a counter-
/// clockwise turn in SVG coordinates.
fn cross(o: Pt, a: Pt, b: Pt) -> i128 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

/// The convex hull of points (monotone chain, exact in `i128`), without
/// repeated points and collinear middles.
pub fn hull(mut pts: Vec<Pt>) -> Vec<Pt> {
    pts.sort_unstable();
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    let mut out: Vec<Pt> = Vec::with_capacity(2 * pts.len());
    for pass in 0..2 {
        let start = out.len();
        for &p in &pts {
            while out.len() >= start + 2 && cross(out[out.len() - 2], out[out.len() - 1], p) <= 0 {
                out.pop();
            }
            out.push(p);
        }
        out.pop();
        if pass == 0 {
            pts.reverse();
        }
    }
    out
}

/// The outline of a shape centred at the origin in a view, as one SVG
/// element without its closing `/>` (the caller adds attributes): a
/// `<rect`, a `<circle` or a `<polygon` (an oriented box: the hull of its
/// projected corners).
pub fn outline<const D: usize>(shape: &ShapeKind<D>, view: View) -> String {
    match shape {
        ShapeKind::Box { half } => {
            let (w, h) = (bits(half.0[view.a]), bits(half.0[view.b]));
            format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
                num(-w),
                num(-h),
                num(2 * w),
                num(2 * h)
            )
        }
        ShapeKind::Ball { radius } => format!("<circle r=\"{}\"", num(bits(*radius))),
        ShapeKind::Oriented { half, rot } => {
            let axes = rot.axes();
            let mut corners = Vec::with_capacity(1 << D);
            for signs in 0u32..(1 << D) {
                let mut p = [0i128; 2];
                for (slot, axis) in [view.a, view.b].into_iter().enumerate() {
                    let mut s = 0i128;
                    for (i, u) in axes.iter().enumerate() {
                        let term = mul_wide(half.0[i], u.0[axis]);
                        s += if signs >> i & 1 == 1 { term } else { -term };
                    }
                    // 2^-64 units to 2^-32 (floor: at most one 2^-32 off).
                    p[slot] = s >> 32;
                }
                corners.push((p[0], -p[1]));
            }
            polygon(corners)
        }
        ShapeKind::Capsule { half, radius } => {
            // The projection of a capsule is the 2D capsule of the
            // projected ends: drawn as the hull of a 16-gon around each.
            let (hx, hy) = (bits(half.0[view.a]), bits(half.0[view.b]));
            let r = bits(*radius);
            let mut pts = Vec::with_capacity(32);
            for (ex, ey) in [(-hx, -hy), (hx, hy)] {
                for k in 0..16 {
                    let (c, s) = (
                        i128::from(UNIT16[k % 16]),
                        i128::from(UNIT16[(k + 12) % 16]),
                    );
                    pts.push((ex + ((r * c) >> 16), -(ey + ((r * s) >> 16))));
                }
            }
            polygon(pts)
        }
        ShapeKind::Polygon { points, n } => {
            // Polygons are 2D: the view's axes are x and y.
            let pts = points
                .iter()
                .take(usize::from(*n))
                .map(|p| (bits(p.0[0]), -bits(p.0[1])))
                .collect();
            polygon(pts)
        }
    }
}

/// A `<polygon` of the hull of `pts` (2^-32 units, y down).
fn polygon(pts: Vec<Pt>) -> String {
    let pts = hull(pts)
        .iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect::<Vec<_>>()
        .join(" ");
    format!("<polygon points=\"{pts}\"")
}

#[cfg(test)]
mod tests {
    use super::*;
    use fixed_collide::Rot;

    #[test]
    fn num_rounds_half_away_from_zero() {
        // Half of 1/10000 is 214748.3648 units of 2^-32.
        let half = 214_748;
        assert_eq!(num(half + 1), "0.0001");
        assert_eq!(num(-(half + 1)), "-0.0001");
        assert_eq!(num(half), "0");
        assert_eq!(num(-half), "0");
        assert_eq!(num(i128::from(i64::MIN)), "-2147483648");
    }

    #[test]
    fn hull_drops_inner_and_repeated_points() {
        let h = hull(vec![(0, 0), (2, 0), (2, 2), (0, 2), (1, 1), (2, 2), (1, 0)]);
        assert_eq!(h.len(), 4);
        assert!(!h.contains(&(1, 1)) && !h.contains(&(1, 0)));
    }

    #[test]
    fn outline_of_a_rotated_square_is_a_diamond() {
        let rot = Rot::<2>::from_angle(Fx::PI / 4);
        let half = Vector([Fx::ONE; 2]);
        let text = outline(&ShapeKind::Oriented { half, rot }, views(2)[0]);
        assert!(text.starts_with("<polygon points=\""), "{text}");
        assert!(text.contains("1.4142,"), "{text}");
        assert_eq!(text.matches(',').count(), 4, "{text}");
    }

    #[test]
    fn outline_of_a_capsule_spans_its_ends_and_radius() {
        // Ends at (-2, 0) and (2, 0), radius 1: from x = -3 to 3, y = -1
        // to 1 (the 16-gon's extreme points are exact).
        let shape = ShapeKind::Capsule {
            half: Vector([Fx::from_num(2), Fx::ZERO]),
            radius: Fx::ONE,
        };
        let text = outline(&shape, views(2)[0]);
        assert!(text.starts_with("<polygon points=\""), "{text}");
        for corner in ["3,0", "-3,0", "2,-1", "2,1", "-2,-1", "-2,1"] {
            assert!(
                text.contains(&format!(" {corner} "))
                    || text.contains(&format!("\"{corner} "))
                    || text.contains(&format!(" {corner}\"")),
                "{corner}: {text}"
            );
        }
        // A segment (radius 0): its two ends only.
        let segment = ShapeKind::Capsule {
            half: Vector([Fx::ZERO, Fx::from_num(5)]),
            radius: Fx::ZERO,
        };
        assert_eq!(
            outline(&segment, views(2)[0]),
            "<polygon points=\"0,-5 0,5\""
        );
    }

    #[test]
    fn outline_of_a_polygon_is_its_vertices_with_y_down() {
        let v = |x, y| Vector::<2>::from_ints([x, y]);
        let shape = ShapeKind::<2>::try_polygon(&[v(-2, -2), v(2, -2), v(0, 2)]).unwrap();
        let text = outline(&shape, views(2)[0]);
        assert_eq!(text.matches(',').count(), 3, "{text}");
        for corner in ["-2,2", "2,2", "0,-2"] {
            assert!(text.contains(corner), "{corner}: {text}");
        }
    }

    #[test]
    fn outline_of_an_oriented_box_in_3d_has_at_most_six_corners() {
        let q = [Fx::ONE, Fx::ONE, Fx::ZERO, Fx::ONE];
        let rot = Rot::<3>::try_from_quat(q).unwrap();
        let half = Vector([Fx::ONE, Fx::from_num(2), Fx::from_num(3)]);
        for &v in views(3) {
            let text = outline(&ShapeKind::Oriented { half, rot }, v);
            let corners = text.matches(',').count();
            assert!((4..=6).contains(&corners), "{text}");
        }
    }
}
