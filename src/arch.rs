//! The only room where `unsafe` lives: the few places where the platform's
//! own instructions beat what the compiler makes of portable code. Each item
//! has a portable twin (used on every other target, and compared with it by
//! the tests), and each `unsafe` block says why it is sound.
//!
//! - [`opaque`]: a value hidden from the optimizer without a stack spill
//!   (the slab tests' masks stay masks, not mispredicted branches).
//! - [`div_rem_narrow`]: the hardware 128-by-64-bit division.
//! - [`closed_overlap`]: the closed AABB overlap test two axes per SSE2
//!   subtraction.
//! - [`raw_view`]: a box's corners as raw bits in place, so that test (and
//!   every other) reads the box itself, not a copy the optimizer splits
//!   into scalar loads.
//!
//! Every result is the same exact integer on every target: only the speed
//! differs.
#![allow(unsafe_code)]

/// `x`, unchanged, through an empty assembly block that keeps it in a
/// register: the optimizer cannot know the value, so it cannot turn the
/// masks built from it back into branches. Unlike [`core::hint::black_box`]
/// it neither spills the value to the stack nor clobbers memory.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn opaque(mut x: i64) -> i64 {
    // SAFETY: the block is empty: it reads and writes no memory, touches no
    // stack or flags, and leaves `x` as it was.
    unsafe {
        core::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags));
    }
    x
}

/// `x`, unchanged, hidden from the optimizer (see the x86-64 version).
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(crate) fn opaque(x: i64) -> i64 {
    core::hint::black_box(x)
}

/// The corners of `b` as raw bits, in place: the same memory seen as a
/// [`RawBox`](crate::kernel::raw_box::RawBox), no copy. (A copy made by
/// safe code is equal, but the optimizer then rebuilds the 16-byte words
/// of [`closed_overlap`] from scalar loads: slower.) Portable: the layout
/// is the same on every target.
#[inline(always)]
pub(crate) fn raw_view<const D: usize>(
    b: &crate::shape::Aabb<D>,
) -> &crate::kernel::raw_box::RawBox<D> {
    use crate::kernel::raw_box::RawBox;
    use crate::shape::Aabb;
    const {
        assert!(size_of::<Aabb<D>>() == size_of::<RawBox<D>>());
        assert!(align_of::<Aabb<D>>() == align_of::<RawBox<D>>());
    }
    // SAFETY: `Aabb<D>` is `repr(C)`, its minimum then its maximum corner,
    // each a `Vector<D>` (`repr(transparent)` over `[Fx; D]`, and `Fx`,
    // `FixedI64`, is `repr(transparent)` over `i64`): the layout of
    // `RawBox<D>`, `repr(C)` `[i64; D]` then `[i64; D]` (sizes and
    // alignments asserted equal above). Every bit pattern is a valid
    // `i64`, and the reference is shared, with the lifetime of `b`.
    unsafe { &*(b as *const Aabb<D>).cast::<RawBox<D>>() }
}

/// `a * b`, exact in 128 bits: the signed 64-by-64-bit multiplication, one
/// instruction. The portable product is the same integer, but where the
/// optimizer knows one factor is non-negative (a magnitude) it multiplies
/// unsigned and corrects for the other's sign: four instructions per
/// product in the slab tests' cross-multiplications.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn mul_wide(a: i64, b: i64) -> i128 {
    let (lo, hi): (u64, u64);
    // SAFETY: one-operand `imul` multiplies rax by the operand into rdx:rax
    // (signed); it cannot fault, reads and writes no memory, and changes
    // only the named registers and the flags.
    unsafe {
        core::arch::asm!(
            "imul {b}",
            b = in(reg) b,
            inout("rax") a => lo,
            out("rdx") hi,
            options(pure, nomem, nostack),
        );
    }
    (i128::from(hi as i64) << 64) | i128::from(lo)
}

/// `a * b`, exact in 128 bits (see the x86-64 version).
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(crate) fn mul_wide(a: i64, b: i64) -> i128 {
    i128::from(a) * i128::from(b)
}

/// `(floor(n / d), n mod d)` for `n < d 2^64`: the hardware division.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn div_rem_narrow(n: u128, d: u64) -> (u64, u64) {
    let (q, r);
    // SAFETY: `div` divides rdx:rax by d; it faults only for d = 0 or a
    // quotient of 64 bits or more, and the caller ensures d > n / 2^64
    // (so d > 0 and the quotient is below 2^64). It reads and writes no
    // memory and only the named registers and the flags.
    unsafe {
        core::arch::asm!(
            "div {d}",
            d = in(reg) d,
            inout("rax") n as u64 => q,
            inout("rdx") (n >> 64) as u64 => r,
            options(pure, nomem, nostack),
        );
    }
    (q, r)
}

/// `(floor(n / d), n mod d)` for `n < d 2^64`.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(crate) fn div_rem_narrow(n: u128, d: u64) -> (u64, u64) {
    crate::kernel::divide::div_rem_wide(n, d)
}

/// The closed overlap of two [`RawBox`](crate::kernel::raw_box::RawBox)es
/// for 2 and 3 axes, two axes per step: the same six (or four) differences
/// and the same sign test as its portable form
/// [`RawBox::closed_sign`](crate::kernel::raw_box::RawBox::closed_sign).
/// On x86-64 the box (`repr(C)`: `D` minimum then `D` maximum `i64`) is read
/// as `D` 16-byte words, and each SSE2 subtraction takes two differences:
/// 4 loads per test in 2D, 6 in 3D (12 scalar loads otherwise); elsewhere
/// the scalar form.
#[cfg(target_arch = "x86_64")]
mod pairwise {
    use crate::kernel::raw_box::RawBox;
    use core::arch::x86_64::{
        __m128i, _mm_castpd_si128, _mm_castsi128_pd, _mm_loadu_si128, _mm_movemask_pd,
        _mm_or_si128, _mm_shuffle_pd, _mm_sub_epi64, _mm_unpackhi_epi64, _mm_unpacklo_epi64,
    };

    /// 16-byte word `k` of the box (`k < D`): in 2D `[min.x, min.y]`,
    /// `[max.x, max.y]`; in 3D `[min.x, min.y]`, `[min.z, max.x]`,
    /// `[max.y, max.z]`.
    #[inline(always)]
    fn word<const D: usize>(b: &RawBox<D>, k: usize) -> __m128i {
        assert!(k < D, "a box of {D} axes has {D} words");
        let p: *const u8 = (b as *const RawBox<D>).cast();
        // SAFETY: `RawBox<D>` is `repr(C)`, two arrays of `D` `i64`: `16 D`
        // readable bytes without padding, and word `k < D` lies inside
        // them; the load has no alignment requirement.
        unsafe { _mm_loadu_si128(p.add(16 * k).cast()) }
    }

    #[inline(always)]
    pub(crate) fn closed_overlap<const D: usize>(a: &RawBox<D>, b: &RawBox<D>) -> bool {
        // SAFETY: SSE2 is part of the x86-64 baseline (every x86-64 CPU has
        // it); these intrinsics only compute on their vector arguments.
        // Lane-wise 64-bit differences are exact (within 2^53).
        let acc = unsafe {
            if D == 2 {
                // [b.max - a.min] and [a.max - b.min] on x and y.
                let up = _mm_sub_epi64(word(b, 1), word(a, 0));
                let down = _mm_sub_epi64(word(a, 1), word(b, 0));
                _mm_or_si128(up, down)
            } else {
                // [lo[1], hi[0]]
                let pick = |lo: __m128i, hi: __m128i| {
                    _mm_castpd_si128(_mm_shuffle_pd::<1>(
                        _mm_castsi128_pd(lo),
                        _mm_castsi128_pd(hi),
                    ))
                };
                let [a0, a1, a2] = [0, 1, 2].map(|k| word(a, k));
                let [b0, b1, b2] = [0, 1, 2].map(|k| word(b, k));
                // x and y: [b.max - a.min], [a.max - b.min]; z: both at once,
                // [b.max.z, a.max.z] - [a.min.z, b.min.z].
                let up = _mm_sub_epi64(pick(b1, b2), a0);
                let down = _mm_sub_epi64(pick(a1, a2), b0);
                let z = _mm_sub_epi64(_mm_unpackhi_epi64(b2, a2), _mm_unpacklo_epi64(a1, b1));
                _mm_or_si128(_mm_or_si128(up, down), z)
            }
        };
        // The sign bits of both 64-bit lanes: none set, no axis separates.
        // SAFETY: as above.
        unsafe { _mm_movemask_pd(_mm_castsi128_pd(acc)) == 0 }
    }
}

/// The closed overlap for 2 and 3 axes: see the x86-64 version; here the
/// scalar form.
#[cfg(not(target_arch = "x86_64"))]
mod pairwise {
    use crate::kernel::raw_box::RawBox;

    #[inline(always)]
    pub(crate) fn closed_overlap<const D: usize>(a: &RawBox<D>, b: &RawBox<D>) -> bool {
        a.closed_sign(b) >= 0
    }
}

pub(crate) use pairwise::closed_overlap;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn mul_wide_is_the_exact_product() {
        // The extremes (the product of two i64::MIN is 2^126, the largest),
        // signs, zero and one, then random factors of every size.
        let edges = [
            i64::MIN,
            i64::MIN + 1,
            -(1 << 52),
            -1,
            0,
            1,
            1 << 52,
            i64::MAX,
        ];
        for a in edges {
            for b in edges {
                assert_eq!(mul_wide(a, b), i128::from(a) * i128::from(b), "{a} * {b}");
            }
        }
        let mut rng = Rng::new(0x1A2B);
        for _ in 0..100_000 {
            let shift = |r: &mut Rng| (r.next_u64() % 64) as u32;
            let a = (rng.next_u64() as i64) >> shift(&mut rng);
            let b = (rng.next_u64() as i64) >> shift(&mut rng);
            assert_eq!(mul_wide(a, b), i128::from(a) * i128::from(b), "{a} * {b}");
        }
    }
}
