//! Sort-and-sweep broadphase on x: candidate pairs of overlapping (closed)
//! boxes in a canonical order that depends only on the boxes, never on
//! insertion order, hashing or platform.

use crate::query::overlap::aabb_overlap;
use crate::shape::Aabb;

/// Indices `(i, j)`, `i < j`, of the boxes of `boxes` that overlap (closed),
/// sorted.
pub fn pairs_within<const D: usize>(boxes: &[Aabb<D>]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    sweep(boxes, |i, j| {
        let (i, j) = if i < j { (i, j) } else { (j, i) };
        out.push((i as u32, j as u32));
    });
    out.sort_unstable();
    out
}

/// Indices `(i, j)` with `a[i]` overlapping `b[j]` (closed), sorted.
pub fn pairs_between<const D: usize>(a: &[Aabb<D>], b: &[Aabb<D>]) -> Vec<(u32, u32)> {
    let all: Vec<Aabb<D>> = a.iter().chain(b.iter()).copied().collect();
    let n = a.len();
    let mut out = Vec::new();
    sweep(&all, |i, j| {
        let (i, j) = if i < j { (i, j) } else { (j, i) };
        if i < n && j >= n {
            out.push((i as u32, (j - n) as u32));
        }
    });
    out.sort_unstable();
    out
}

fn sweep<const D: usize>(boxes: &[Aabb<D>], mut found: impl FnMut(usize, usize)) {
    let mut order: Vec<usize> = (0..boxes.len()).collect();
    order.sort_unstable_by_key(|&i| (boxes[i].min().0[0], i));
    let mut active: Vec<usize> = Vec::new();
    for &i in &order {
        let x = boxes[i].min().0[0];
        active.retain(|&j| boxes[j].max().0[0] >= x);
        for &j in &active {
            if aabb_overlap(&boxes[i], &boxes[j]) {
                found(j, i);
            }
        }
        active.push(i);
    }
}
