//! LSD radix sort by a `u64` key (the broadphase's pair keys and sort
//! order), skipping the digits on which all keys agree. Stable.

use alloc::vec::Vec;

/// Bits per digit: 4096 counters fit the L1 cache.
const BITS: u32 = 12;
const MASK: u64 = (1 << BITS) - 1;
/// Below this many keys the standard sort is faster.
const SMALL: usize = 512;

/// Sorts `items` by `key` ascending (stable); `scratch` is a reusable
/// buffer.
pub(super) fn sort_by_key<T: Copy + Default>(
    items: &mut [T],
    scratch: &mut Vec<T>,
    key: impl Fn(&T) -> u64,
) {
    if items.len() < SMALL || u32::try_from(items.len()).is_err() {
        items.sort_by_key(|t| key(t));
        return;
    }
    let first = items.first().map_or(0, &key);
    let differ = items.iter().fold(0, |acc, t| acc | (key(t) ^ first));
    scratch.clear();
    scratch.resize(items.len(), T::default());
    let mut in_items = true;
    let mut shift = 0;
    while shift < 64 {
        if (differ >> shift) & MASK != 0 {
            if in_items {
                pass(items, scratch, shift, &key);
            } else {
                pass(scratch, items, shift, &key);
            }
            in_items = !in_items;
        }
        shift += BITS;
    }
    if !in_items {
        items.copy_from_slice(scratch);
    }
}

/// One stable counting pass on the digit at `shift`.
fn pass<T: Copy>(src: &[T], dst: &mut [T], shift: u32, key: &impl Fn(&T) -> u64) {
    // Counts fit u32: the caller checked the length.
    // A digit is below 2^BITS, the length of `count`: every `get` is
    // `Some` (and the checks compile away).
    let mut count = [0u32; 1 << BITS];
    for t in src {
        if let Some(c) = count.get_mut(((key(t) >> shift) & MASK) as usize) {
            *c += 1;
        }
    }
    let mut sum = 0;
    for c in count.iter_mut() {
        let n = *c;
        *c = sum;
        sum += n;
    }
    // The running counts are the destinations: a permutation of
    // 0..src.len() = 0..dst.len(), so every slot exists.
    for t in src {
        if let Some(c) = count.get_mut(((key(t) >> shift) & MASK) as usize) {
            if let Some(slot) = dst.get_mut(*c as usize) {
                *slot = *t;
            }
            *c += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use std::prelude::rust_2024::*;

    #[test]
    fn radix_sort_matches_sort_unstable() {
        // (count, key mask): small (standard sort), large with few varying
        // digits, large with every digit varying.
        for (n, mask) in [
            (100, u64::MAX),
            (5000, 0x0001_FFFF_0001_FFFF),
            (5000, u64::MAX),
        ] {
            let mut rng = Rng::new(n as u64);
            let mut keys: Vec<u64> = (0..n).map(|_| rng.next_u64() & mask).collect();
            let mut expected = keys.clone();
            expected.sort_unstable();
            sort_by_key(&mut keys, &mut Vec::new(), |&k| k);
            assert_eq!(keys, expected, "n {n}, mask {mask:#x}");
        }
    }
}
