//! A ball against an axis-aligned box (either moving), as a ray against the
//! pieces of the rounded box.
//!
//! In the frame of the ball's center the box `M = target - moving` is
//! `[lo, hi]` grown by the radius `R`: the union of the slabs within `R`
//! outside a face, over the face (each entered only from its outer side),
//! and the capsules of radius `R` around the edges (twelve in 3D, four in
//! 2D; the corners' balls in them). A ray that misses the box grown by `R`
//! on every axis misses. A face's slab met from outside with the point
//! over the face is at `R` from the box (its nearest point is on that
//! face) with the ray moving in: the entry, answered alone, at the exact
//! time `P / d_k` (`P` the slab's plane) rounded down, with the face's
//! axis as the normal. Otherwise the edges' capsules, as for two capsules
//! ([`capsules_first`]): the first contact of the ray with any of them,
//! the exact normal rounded down.
//!
//! Budgets (raw bits, inputs in the domain): `lo`, `hi` at most 2^53 per
//! component, `R` at most 2^53 and `d` at most 2^52; every product below
//! 2^108.

use super::Cast;
use super::segments::capsules_first;
use crate::num::Fx;
use crate::vec::Vector;

/// Whether the origin is nearer than `r` to the box `[lo, hi]` (raw): the
/// squared distance, one excess per axis, against `r^2`.
pub(super) fn starts_within<const D: usize>(lo: [i64; D], hi: [i64; D], r: i64) -> bool {
    let excess = lo
        .iter()
        .zip(&hi)
        .map(|(&l, &h)| i128::from(l.max(0).max(-h)))
        .map(|e| e * e)
        .sum::<i128>();
    excess < i128::from(r) * i128::from(r)
}

/// The first contact of the ray `s d`, `s` in `[0, 1]`, with the capsules
/// of radius `r > 0` around the edges of the box `[lo, hi]`, where the
/// origin is not within `r` of the box: as [`capsules_first`] (`None` when
/// two edges are first met within the same ulp of time with different
/// normals).
pub(super) fn edges_first<const D: usize>(
    lo: [i64; D],
    hi: [i64; D],
    d: [i64; D],
    r: i64,
) -> Option<Option<Cast<D>>> {
    // The edges: along axis `k`, at each choice of the other axes' ends.
    let corner = move |bits: usize| -> [i64; D] {
        let mut c = lo;
        for ((j, slot), &h) in c.iter_mut().enumerate().zip(&hi) {
            if bits >> j & 1 == 1 {
                *slot = h;
            }
        }
        c
    };
    let edges = (0..D).flat_map(move |k: usize| {
        (0..1usize << D)
            .filter(move |bits| bits >> k & 1 == 0)
            .map(move |bits| (corner(bits), corner(bits | 1 << k)))
    });
    capsules_first(edges, d, r)
}

/// The entry through a face's slab, if the ray meets one from outside
/// with its point over the face (closed) at some `s` in `[0, 1]`:
/// `Some(answer)` (a hit before `s = 1`, or none when that is at 1). The
/// ray then penetrates (it crosses the flat face moving in), so this is
/// the cast's answer. Only one face can be met so (the point is at `R`
/// from the box, on that face's side).
pub(super) fn face_entry<const D: usize>(
    lo: [i64; D],
    hi: [i64; D],
    d: [i64; D],
    r: i64,
) -> Option<Option<Cast<D>>> {
    for (k, ((&dk, &lk), &hk)) in d.iter().zip(&lo).zip(&hi).enumerate() {
        if dk == 0 {
            continue;
        }
        // Moving +k meets the -k face (`lo_k`) from outside, and back.
        let (plane, outward) = if dk > 0 {
            (i128::from(lk) - i128::from(r), false)
        } else {
            (i128::from(hk) + i128::from(r), true)
        };
        // From outside: the origin beyond the plane (on it: s = 0).
        let dk = i128::from(dk);
        if (dk > 0 && plane < 0) || (dk < 0 && plane > 0) {
            continue;
        }
        // s = plane / dk in [0, 1]: |plane| <= |dk|.
        if plane.abs() > dk.abs() {
            continue;
        }
        // Over the face: lo_j <= s d_j <= hi_j for the other axes, times
        // |dk| (sign-corrected).
        let over = d
            .iter()
            .zip(lo.iter().zip(&hi))
            .enumerate()
            .all(|(j, (&dj, (&l, &h)))| {
                let (num, den) = (plane * i128::from(dj), dk);
                let (num, den) = if den < 0 { (-num, -den) } else { (num, den) };
                j == k || (i128::from(l) * den <= num && num <= i128::from(h) * den)
            });
        if !over {
            continue;
        }
        let t = ((plane << 32) / dk).clamp(0, 1 << 32);
        // `plane / dk >= 0`: the quotient truncated is its floor.
        let normal = Vector::<D>::unit(k, outward);
        return Some((t < 1 << 32).then(|| Cast {
            t_enter: Fx::from_bits(t as i64),
            normal,
            overlapping: false,
        }));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_within_is_strict() {
        let one = 1i64 << 32;
        // The origin 1 below the box's -x face: within 2, not within 1.
        let (lo, hi) = ([one, -one, -one], [3 * one, one, one]);
        assert!(starts_within(lo, hi, 2 * one));
        assert!(!starts_within(lo, hi, one));
    }
}
