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
    crate::query::divide::div_rem_wide(n, d)
}

/// [`aabb_overlap`] for 2 and 3 axes, two axes per step: the same six (or
/// four) differences and the same sign test as [`closed_overlap_scalar`].
/// On x86-64 the box (`repr(C)`: `D` minimum then `D` maximum `i64`) is read
/// as `D` 16-byte words, and each SSE2 subtraction takes two differences:
/// 4 loads per test in 2D, 6 in 3D (12 scalar loads otherwise); elsewhere
/// the scalar form.
#[cfg(target_arch = "x86_64")]
mod pairwise {
    use crate::shape::Aabb;
    use core::arch::x86_64::{
        __m128i, _mm_castpd_si128, _mm_castsi128_pd, _mm_loadu_si128, _mm_movemask_pd,
        _mm_or_si128, _mm_shuffle_pd, _mm_sub_epi64, _mm_unpackhi_epi64, _mm_unpacklo_epi64,
    };

    /// 16-byte word `k` of the box (`k < D`): in 2D `[min.x, min.y]`,
    /// `[max.x, max.y]`; in 3D `[min.x, min.y]`, `[min.z, max.x]`,
    /// `[max.y, max.z]`.
    #[inline(always)]
    fn word<const D: usize>(b: &Aabb<D>, k: usize) -> __m128i {
        assert!(k < D, "a box of {D} axes has {D} words");
        let p: *const u8 = (b as *const Aabb<D>).cast();
        // SAFETY: `Aabb<D>` is `repr(C)`, two `repr(transparent)` arrays of
        // `D` `Fx` (each a `repr(transparent)` `i64`): `16 D` readable bytes
        // without padding, and word `k < D` lies inside them; the load has
        // no alignment requirement.
        unsafe { _mm_loadu_si128(p.add(16 * k).cast()) }
    }

    #[inline(always)]
    pub(crate) fn closed_overlap<const D: usize>(a: &Aabb<D>, b: &Aabb<D>) -> bool {
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

/// [`aabb_overlap`] for 2 and 3 axes: see the x86-64 version; here the
/// scalar form.
#[cfg(not(target_arch = "x86_64"))]
mod pairwise {
    use crate::shape::Aabb;

    #[inline(always)]
    pub(crate) fn closed_overlap<const D: usize>(a: &Aabb<D>, b: &Aabb<D>) -> bool {
        crate::query::overlap::closed_overlap_scalar(a, b)
    }
}

pub(crate) use pairwise::closed_overlap;
