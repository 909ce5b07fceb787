//! The cast of two polytopes in 256- and 512-bit words: the same slabs,
//! the same order and tie rule as the 1024-bit program of the parent
//! module, the same bits, at a fraction of its cost.
//!
//! Within the parent's budgets (normals below 2^109, the offset and the
//! direction at scale 2^32 below 2^87, columns below 2^54 with bounds
//! below 2^53), every slab end `n . p` is a signed value below 2^222 and
//! every rate `n . d` below 2^198: 256-bit words with their signs. Two
//! times compare by cross-multiplication in 512 bits. The entry's floor
//! `floor(2^32 num / den)` for `0 <= num < den` is 32 steps of restoring
//! division. The unit normal is the face normal with its common power of
//! two taken out, rounded down exactly in 128 bits
//! ([`floor_units`]) when its squared length fits, else by the wide
//! program. A product that would leave 256 bits (beyond the budgets)
//! hands the whole cast back to the wide program. The slabs themselves
//! (columns, normals, ranges) are `capsule::core::slabs`', which the
//! overlap of two cores of no radius shares.

use super::super::Cast;
use crate::kernel::ratio::floor_units;
use crate::kernel::u256::{Signed, U256, mul_512, mul_full, shl, signed_sign as sign, sub};
use crate::num::Fx;
use crate::query::capsule::core::slabs::{Col, dot, full, range, reduced};
use crate::vec::Vector;
use core::cmp::Ordering;

/// `-v`.
fn neg(v: Signed) -> Signed {
    (!v.0, v.1)
}

/// A time `num / den`, `den > 0`.
#[derive(Clone, Copy)]
struct Time {
    num: Signed,
    den: U256,
}

impl Time {
    /// `self < o`: by the numerators' signs, else `num den' < num' den`
    /// in 512 bits.
    fn less(&self, o: &Time) -> bool {
        match (sign(&self.num), sign(&o.num)) {
            (x, y) if x != y => x < y,
            (Ordering::Equal, _) => false,
            (x, _) => {
                let narrow = (self.num.1.0 | o.num.1.0 | self.den.0 | o.den.0) == 0;
                let (p, q) = if narrow {
                    // Every value below 2^128: two full products.
                    let p = mul_full(self.num.1.1, o.den.1);
                    let q = mul_full(o.num.1.1, self.den.1);
                    ([0, 0, p.0, p.1], [0, 0, q.0, q.1])
                } else {
                    (mul_512(self.num.1, o.den), mul_512(o.num.1, self.den))
                };
                if x == Ordering::Less { q < p } else { p < q }
            }
        }
    }

    /// Whether the entry `self` and the exit `ex` leave no time of
    /// penetration in `(0, 1)`: not `self < ex`, `self < 1` and `ex > 0`.
    fn shut(&self, ex: &Time) -> bool {
        // self < 1: a negative numerator, or one below the denominator.
        let before_one = self.num.0 || self.num.1 < self.den;
        !(sign(&ex.num) == Ordering::Greater && before_one && self.less(ex))
    }
}

/// `floor(2^32 num / den)` for `0 <= num < den < 2^255`: below 2^32.
fn floor_scaled(num: U256, den: U256) -> u64 {
    let (mut q, mut r) = (0u64, num);
    for _ in 0..32 {
        r = shl(r, 1);
        q <<= 1;
        if r >= den {
            r = sub(r, den);
            q |= 1;
        }
    }
    q
}

/// The parent's cast from its columns, facet normals (in order, zeros
/// skipped), offset `w` and direction `d64` (scale 2^32): `Some(answer)`,
/// or `None` when a product leaves its budget (the wide program answers).
pub(super) fn cast<const D: usize>(
    cols: &[Col],
    normals: &[[i128; 3]],
    w: &[i128; 3],
    d64: &[i128; 3],
) -> Option<Option<Cast<D>>> {
    // No interior: no facet normal across a third column (2D: a second).
    if !full(cols, normals) {
        return Some(None);
    }
    // The latest entry (its normal's index and the sign of its rate) and
    // the earliest exit.
    let mut enter: Option<(Time, usize, bool)> = None;
    let mut exit: Option<Time> = None;
    for (i, nm) in normals.iter().enumerate() {
        if *nm == [0; 3] {
            continue;
        }
        // The normal less its common power of two: the same slab, the same
        // times, smaller words.
        let nm = &reduced(nm);
        let (lo, hi) = range(nm, cols, w)?;
        // The difference y = -p: n.y in [-hi, -lo]; n.(s d) = s e.
        let (ymin, ymax) = (neg(hi), neg(lo));
        let e = dot(nm, d64);
        let (low, high, den) = match sign(&e) {
            Ordering::Equal => {
                if sign(&ymin) == Ordering::Less && sign(&ymax) == Ordering::Greater {
                    continue;
                }
                return Some(None);
            }
            Ordering::Greater => (ymin, ymax, e.1),
            Ordering::Less => (neg(ymax), neg(ymin), e.1),
        };
        let positive = sign(&e) == Ordering::Greater;
        let (low, high) = (Time { num: low, den }, Time { num: high, den });
        if enter.as_ref().is_none_or(|(t, _, _)| t.less(&low)) {
            enter = Some((low, i, positive));
        }
        if exit.as_ref().is_none_or(|t| high.less(t)) {
            exit = Some(high);
        }
        // The entry only grows and the exit only shrinks: once shut, a
        // miss (the answer of the full pass, sooner).
        if let (Some((en, _, _)), Some(ex)) = (&enter, &exit)
            && en.shut(ex)
        {
            return Some(None);
        }
    }
    Some(Some(match enter {
        Some((en, i, positive)) if sign(&en.num) != Ordering::Less => {
            // 0 <= num < den (the entry is before 1).
            let t = floor_scaled(en.num.1, en.den);
            let nm = normals.get(i).copied().unwrap_or([0; 3]);
            Cast {
                t_enter: Fx::from_bits(i64::from(t as u32)),
                normal: unit(nm, positive).unwrap_or_else(|| super::unit(nm, positive)),
                overlapping: false,
            }
        }
        _ => Cast::OVERLAPPING,
    }))
}

/// `-n / |n|` (`negate`) or `n / |n|`, each component rounded down, when
/// `n` less its common power of two has a squared length below 2^128.
fn unit<const D: usize>(nm: [i128; 3], negate: bool) -> Option<Vector<D>> {
    let shift = nm
        .iter()
        .filter(|c| **c != 0)
        .map(|c| c.trailing_zeros())
        .min()?;
    let mut v = [0i128; D];
    let mut l = 0u128;
    for (slot, &c) in v.iter_mut().zip(&nm) {
        let c = c >> shift;
        let m = u64::try_from(c.unsigned_abs()).ok()?;
        l = l.checked_add(u128::from(m) * u128::from(m))?;
        *slot = if negate { -c } else { c };
    }
    // In 2D the third component is zero; in 3D all three are in v.
    Some(Vector(floor_units(&v, l)))
}

#[cfg(test)]
mod tests;
