//! The slabs of a program's zonotope in 256-bit words: its columns, the
//! candidates for its facet normals, the range of `n . p` over it, and
//! whether it holds the origin. Shared by [`Gap::within`] with no radius
//! (do two cores of no radius meet?) and the flat cast.
//!
//! Budgets (the program's, inputs in the domain): columns below 2^54 with
//! bounds below 2^53, the offset below 2^87 (scale 2^32), normals below
//! 2^109; every `n . p` is then a signed value below 2^222.

use super::Gap;
use crate::kernel::u256::{
    Signed, mul_word, signed_add, signed_cmp as cmp, signed_mul, signed_sign as sign,
};
use core::cmp::Ordering;

/// A column `m` with its bounds `[lo, hi]` (raw).
pub(crate) type Col = ([i128; 3], i128, i128);

/// At most 6 columns: at most 15 pairs.
pub(crate) const MAX_NORMALS: usize = 15;

/// The columns of `gap` (at most 6) and their count.
pub(crate) fn columns(gap: &Gap) -> ([Col; 6], usize) {
    let mut cols = [([0i128; 3], 0i128, 0i128); 6];
    let mut n = 0;
    for c in gap.columns() {
        if let Some(slot) = cols.get_mut(n) {
            *slot = c;
            n += 1;
        }
    }
    (cols, n)
}

/// The facet normal candidates, in order: in a plane (`planar`: every
/// third component zero) the perpendicular `(-m_y, m_x)` of each column;
/// else the cross product of each pair `i < j`.
pub(crate) fn normals(cols: &[Col], planar: bool) -> ([[i128; 3]; MAX_NORMALS], usize) {
    let mut out = [[0i128; 3]; MAX_NORMALS];
    let mut n = 0;
    let mut push = |v: [i128; 3]| {
        if let Some(slot) = out.get_mut(n) {
            *slot = v;
            n += 1;
        }
    };
    for (i, (a, _, _)) in cols.iter().enumerate() {
        if planar {
            push([-a[1], a[0], 0]);
            continue;
        }
        for (b, _, _) in cols.iter().skip(i + 1) {
            push([
                a[1] * b[2] - a[2] * b[1],
                a[2] * b[0] - a[0] * b[2],
                a[0] * b[1] - a[1] * b[0],
            ]);
        }
    }
    (out, n)
}

/// `a . b` (each product below 2^254 in magnitude, their sum too), the
/// zero products skipped (a box's columns and normals are mostly zeros).
pub(crate) fn dot(a: &[i128; 3], b: &[i128; 3]) -> Signed {
    let mut sum = (false, (0, 0));
    for (&x, &y) in a.iter().zip(b) {
        if x != 0 && y != 0 {
            sum = signed_add(sum, signed_mul(x, y));
        }
    }
    sum
}

/// `x y`, or `None` when it reaches 2^255.
pub(crate) fn times(x: Signed, y: i128) -> Option<Signed> {
    if x.1 == (0, 0) || y == 0 {
        return Some((false, (0, 0)));
    }
    let [top, hi, lo] = mul_word(x.1, y.unsigned_abs());
    (top == 0 && hi >> 127 == 0).then_some((x.0 != (y < 0), (hi, lo)))
}

/// `n` over the largest power of two dividing every component (`n` not
/// zero).
pub(crate) fn reduced(n: &[i128; 3]) -> [i128; 3] {
    let shift = n.iter().fold(127, |s, c| {
        if *c == 0 {
            s
        } else {
            s.min(c.trailing_zeros())
        }
    });
    n.map(|c| c >> shift)
}

/// Whether the zonotope has an interior: a facet normal across a third
/// column (2D: a normal across a second).
pub(crate) fn full(cols: &[Col], normals: &[[i128; 3]]) -> bool {
    normals.iter().any(|nm| {
        cols.iter()
            .any(|(m, _, _)| sign(&dot(nm, m)) != Ordering::Equal)
    })
}

/// The range `[lo, hi]` of `n . p` over the zonotope `p = w + M x`, or
/// `None` when a product leaves its budget.
pub(crate) fn range(nm: &[i128; 3], cols: &[Col], w: &[i128; 3]) -> Option<(Signed, Signed)> {
    let c = dot(nm, w);
    let (mut lo, mut hi) = (c, c);
    for (m, l, h) in cols {
        let cm = dot(nm, m);
        let (a, b) = (times(cm, *l)?, times(cm, *h)?);
        let (small, large) = if cmp(&a, &b) == Ordering::Less {
            (a, b)
        } else {
            (b, a)
        };
        lo = signed_add(lo, small);
        hi = signed_add(hi, large);
    }
    Some((lo, hi))
}

/// Whether the program's zonotope (closed) holds the origin: the cores
/// meet. Exact when the zonotope has an interior in its space (the plane
/// when `planar`: it is then the intersection of its facet slabs, and
/// every facet normal is among the normals); `None` when it has none, or
/// a product leaves its budget.
pub(crate) fn holds_origin(gap: &Gap, planar: bool) -> Option<bool> {
    let (cols, n) = columns(gap);
    let cols = cols.get(..n)?;
    let (normals, count) = normals(cols, planar);
    let normals = normals.get(..count)?;
    if !full(cols, normals) {
        return None;
    }
    for nm in normals.iter().filter(|nm| **nm != [0; 3]) {
        let (lo, hi) = range(&reduced(nm), cols, &gap.offset())?;
        if sign(&lo) == Ordering::Greater || sign(&hi) == Ordering::Less {
            return Some(false); // a slab keeps the origin out
        }
    }
    Some(true)
}
