//! The exact engines the queries are built from, integers only; each one
//! written once and shared by the single queries, the batch forms and the
//! broadphase.
//!
//! - [`raw_box`]: [`RawBox`](raw_box::RawBox), a box as the raw bits of
//!   its corners, with the closed and open overlap predicates.
//! - [`time`]: [`Time`](time::Time), an exact time `num / den` ordered by
//!   cross-multiplication, and the widths of its denominator
//!   ([`Den`](time::Den)).
//! - [`span`]: the slab engine: per axis the times at which a moving
//!   point lies in a slab, intersected over the axes without branches and
//!   without division (rays against boxes, oriented or not, and the sweeps).
//! - [`divide`]: exact division of a 128-bit numerator by a 64-bit divisor,
//!   for the one time a query reports.
//! - [`wide`]: raw bits widened to `i128` (the separating-axis test).
//! - [`sqrt`]: integer square roots of 64-, 128- and 256-bit values, exactly.
//! - [`u256`]: 256-bit unsigned arithmetic on pairs of `u128` words.
//! - [`u512`]: [`Wide`](u512::Wide), signed 512-bit integers (the ray
//!   against a capsule's cylinder).
//! - [`ratio`]: [`Ratio`](ratio::Ratio), an exact fraction of `i128`s in
//!   256-bit arithmetic (the clipped parameters of rays and edges against
//!   polygons), and the rounded components of unit vectors.
//!
//! And the two branch-free primitives of the engines, [`below`] and
//! [`blend`].

pub(crate) mod divide;
pub(crate) mod ratio;
pub(crate) mod raw_box;
pub(crate) mod span;
pub(crate) mod sqrt;
pub(crate) mod time;
pub(crate) mod u256;
pub(crate) mod u512;
pub(crate) mod wide;

/// All ones when `x < y`, else zero (`|x - y| < 2^127`), as a value the
/// optimizer cannot see through: otherwise it turns [`blend`] back into a
/// select, and in a loop (a user's, after inlining) into a branch, which
/// mispredicts about half the time on the per-axis choices of a slab test.
#[inline(always)]
pub(crate) fn below(x: i128, y: i128) -> i64 {
    crate::arch::opaque(((x - y) >> 127) as i64)
}

/// `[f(a[0], b[0]), f(a[1], b[1]), ...]`: arrays zipped component by
/// component, with no index to go wrong.
#[inline(always)]
pub(crate) fn zip_map<A: Copy, B: Copy, C: Copy + Default, const D: usize>(
    a: &[A; D],
    b: &[B; D],
    f: impl Fn(A, B) -> C,
) -> [C; D] {
    let mut out = [C::default(); D];
    for (o, (&x, &y)) in out.iter_mut().zip(a.iter().zip(b)) {
        *o = f(x, y);
    }
    out
}

/// `a` where `mask` is all ones, `b` where it is zero. Bitwise, so the
/// compiler keeps it free of branches: the choices of the slab scans depend
/// on the data and a branch would be mispredicted half the time.
#[inline(always)]
pub(crate) fn blend(mask: i64, a: i64, b: i64) -> i64 {
    b ^ ((a ^ b) & mask)
}

/// `a[k]` (0 for `k >= D`) by comparing every index with `k`, not by
/// indexing: a read at a computed address waits for every earlier store
/// the processor cannot tell apart from it, and an array indexed at run
/// time lives in memory; the masks keep it in registers.
#[inline(always)]
pub(crate) fn pick<const D: usize>(a: &[i64; D], k: usize) -> i64 {
    a.iter()
        .enumerate()
        .fold(0, |acc, (i, &x)| acc | (x & -i64::from(i == k)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_reads_the_element_at_the_index() {
        let a = [7, -3, i64::MIN];
        for (k, &want) in a.iter().enumerate() {
            assert_eq!(pick(&a, k), want, "index {k}");
        }
        // Past the end: zero, as `Vector::unit` takes an axis beyond D.
        assert_eq!(pick(&a, 3), 0);
        assert_eq!(pick(&a, usize::MAX), 0);
    }
}
