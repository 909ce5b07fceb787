//! The grid and the sort keys: the cell side, the rows and the packing of
//! `(row, x)` into one `u64` key; and the repair of the sorted order from
//! one call to the next.
//!
//! Bit budget: coordinates are raw `i64` bits of magnitude at most 2^52;
//! extents at most 2^53; the cell side is `2^shift` with `shift` in
//! `[MIN_SHIFT, MAX_SHIFT] = [22, 54]`, so a row index `v >> shift` is at most
//! 2^30 in magnitude and a count of rows per axis below 2^31 + 3; the
//! number of rows is kept at most `4n + 1024` (below 2^35), so the row needs
//! at most 35 key bits and x keeps at least 29. A coordinate's x key is
//! `(v - xbase) >> q`, with `q` chosen so the span of the boxes fits; query
//! coordinates minus one cell stay above -2^56.

use super::sweep::Rec;
use alloc::vec::Vec;

/// The smallest cell side, 2^22 raw bits (2^-10).
const MIN_SHIFT: u32 = 22;
/// A cell side above every extent in the domain.
const MAX_SHIFT: u32 = 54;
/// At most `n / OVERSIZE_DIV` boxes may exceed the cell.
const OVERSIZE_DIV: usize = 16;

/// A slot in the sorted order: its key and the slot of its box.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Item {
    pub key: u64,
    pub slot: u32,
}

/// What the layout is chosen from: one pass over the boxes.
#[derive(Clone, Debug)]
pub(super) struct Stats<const D: usize> {
    /// How many boxes need each cell shift ([`Rec::need`]).
    pub hist: [usize; 65],
    /// Smallest and largest minimum corner per axis.
    pub lo: [i64; D],
    pub hi: [i64; D],
    /// Largest maximum x.
    pub xmax: i64,
    pub n: usize,
}

impl<const D: usize> Stats<D> {
    pub fn new() -> Self {
        Self {
            hist: [0; 65],
            lo: [i64::MAX; D],
            hi: [i64::MIN; D],
            xmax: i64::MIN,
            n: 0,
        }
    }

    pub fn add(&mut self, r: &Rec<D>) {
        // `need` is at most 64 ([`Rec::need`]): always a bucket.
        if let Some(h) = self.hist.get_mut(r.need() as usize) {
            *h += 1;
        }
        for ((lo, hi), &m) in self.lo.iter_mut().zip(&mut self.hi).zip(&r.raw.min) {
            *lo = (*lo).min(m);
            *hi = (*hi).max(m);
        }
        if let Some(&x) = r.raw.max.first() {
            self.xmax = self.xmax.max(x);
        }
        self.n += 1;
    }
}

/// The grid and key packing for one refresh. Rows are numbered
/// `rz * ny + ry`; `ry` runs from 1 to `ny - 2` and `rz` from 1 to `nz - 2`
/// for the boxes' minimum corners, so the rows at `y - 1`, `y + 1`, `z - 1`
/// and `z + 1` of any such row exist (padding at the edges, where the
/// boxes reaching one row up are seen). Row `rows` holds the oversize boxes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Layout {
    /// The cell side is `2^shift` raw bits.
    pub shift: u32,
    /// The x key is `(x - xbase) >> q`.
    pub q: u32,
    pub xbase: i64,
    /// Bits of the key below the row.
    pub xbits: u32,
    /// Row index of the padding row below the lowest box, per row axis.
    pub base: [i64; 2],
    pub ny: u64,
    pub nz: u64,
    /// The number of normal rows; also the oversize row's index.
    pub rows: u64,
}

impl Layout {
    /// The layout for the boxes summarised by `stats`; `current` is the
    /// previous cell shift, kept while it still serves.
    pub fn choose<const D: usize>(stats: &Stats<D>, current: u32) -> Self {
        let cap = 4 * stats.n as u64 + 1024;
        let fits = |s: u32| {
            let l = Self::with_shift(stats, s);
            (l.rows <= cap).then_some(l)
        };
        // The cheapest by the estimate among the shifts around the one that
        // leaves a sixteenth of the boxes oversize.
        let q = quantile_shift(&stats.hist, stats.n);
        let mut best: Option<(u128, Self)> = None;
        for s in q.saturating_sub(3).max(MIN_SHIFT)..=(q + 1).min(MAX_SHIFT) {
            if let Some(l) = fits(s) {
                let c = l.cost(stats);
                if best.is_none_or(|(b, _)| c < b) {
                    best = Some((c, l));
                }
            }
        }
        let Some((best_cost, best)) = best else {
            // Too many rows for every candidate: coarser cells.
            let mut s = (q + 2).min(MAX_SHIFT);
            while s < MAX_SHIFT && fits(s).is_none() {
                s += 1;
            }
            return Self::with_shift(stats, s);
        };
        // Keep the current grid (no re-sort) while it costs at most 5/4 of
        // the best.
        if (MIN_SHIFT..=MAX_SHIFT).contains(&current)
            && current != best.shift
            && let Some(l) = fits(current)
            && l.cost(stats) * 4 <= best_cost * 5
        {
            return l;
        }
        best
    }

    /// An estimate of the work of a sweep with this grid, in candidate
    /// tests: the normal boxes times the boxes of the adjacent rows within
    /// two cells on x, plus about 8 per row an oversize box visits.
    fn cost<const D: usize>(&self, stats: &Stats<D>) -> u128 {
        let s = self.shift;
        // Row axes: y and z at most.
        let row_axes = (D.saturating_sub(1)).min(2) as u32;
        let mut over = 0u128;
        let mut over_cost = 0u128;
        for (k, &count) in stats.hist.iter().enumerate().skip(s as usize + 1) {
            // 2^(k - s) <= 2^32 here: squared, times counts below 2^32
            // and 8, within 2^101.
            let span = (1u128 << (k as u32 - s)) + 2;
            over += count as u128;
            over_cost += count as u128 * span.pow(row_axes) * 8;
        }
        let normal = stats.n as u128 - over;
        let xspan = (stats.xmax.saturating_sub(stats.lo[0]) as u128).max(1);
        let window = (1u128 << (s + 1)).min(xspan);
        let adjacent = 3u128.pow(row_axes).div_ceil(2);
        // Below 2^64 * 5 * 2^55.
        normal * normal * adjacent * window / (u128::from(self.rows) * xspan) + over_cost
    }

    fn with_shift<const D: usize>(stats: &Stats<D>, shift: u32) -> Self {
        let mut base = [0i64; 2];
        let mut count = [1u64; 2];
        // Row axes y and z: those of the dimension (`lo`/`hi` past x).
        let axes = stats.lo.iter().zip(&stats.hi).skip(1);
        for ((b, c), (&lo, &hi)) in base.iter_mut().zip(&mut count).zip(axes) {
            if stats.n > 0 {
                *b = (lo >> shift) - 1;
                // Padding below and above.
                *c = ((hi >> shift) - *b + 2) as u64;
            }
        }
        let [ny, nz] = count;
        let rows = ny * nz;
        // Aligned to the cell below the lowest box, so that the layout
        // (and the keys) stay the same while the boxes move a little.
        let xbase = match stats.lo.first() {
            Some(&lo) if stats.n > 0 => ((lo >> shift) - 1) << shift,
            _ => 0,
        };
        let span = if stats.n > 0 {
            (stats.xmax - xbase) as u64
        } else {
            0
        };
        let xbits = rows.leading_zeros();
        let q = (64 - span.leading_zeros()).saturating_sub(xbits);
        Self {
            shift,
            q,
            xbase,
            xbits,
            base,
            ny,
            nz,
            rows,
        }
    }

    /// The x key of a coordinate (may be negative for query coordinates).
    #[inline(always)]
    pub fn xq(&self, v: i64) -> i64 {
        (v - self.xbase) >> self.q
    }

    /// The sort key of a box: its row (or the oversize row) and x key.
    #[inline]
    pub fn key<const D: usize>(&self, r: &Rec<D>) -> u64 {
        let row = if r.need() > self.shift {
            self.rows
        } else {
            let [ry, rz] = self.rows_of(&r.raw.min).map(|c| c as u64);
            // Wrapping: a box outside this layout's rows (a key computed
            // with a stale layout, then discarded) must not panic.
            rz.wrapping_mul(self.ny).wrapping_add(ry)
        };
        let x = r.raw.min.first().map_or(0, |&v| self.xq(v));
        (row << self.xbits) | x as u64
    }

    /// The rows above its own that a normal box reaches: bit 0 when its
    /// maximum y is in the next row up, bit 1 the same on z (at most one
    /// row up: it is at most one cell wide).
    #[inline]
    pub fn reach<const D: usize>(&self, r: &Rec<D>) -> u32 {
        let mut bits = 0;
        for a in 0..2 {
            if let (Some(&lo), Some(&hi)) = (r.raw.min.get(a + 1), r.raw.max.get(a + 1)) {
                bits |= u32::from((lo >> self.shift) != (hi >> self.shift)) << a;
            }
        }
        bits
    }

    /// The row indices of `v` on the row axes `[y, z]`, relative to the
    /// grid (0 for an absent axis).
    #[inline]
    pub fn rows_of<const D: usize>(&self, v: &[i64; D]) -> [i64; 2] {
        let [by, bz] = self.base;
        let row = |c: Option<&i64>, b: i64| c.map_or(0, |&c| (c >> self.shift) - b);
        [row(v.get(1), by), row(v.get(2), bz)]
    }
}

/// The smallest shift (at least `MIN_SHIFT`) that all but `n /
/// OVERSIZE_DIV` boxes fit in.
fn quantile_shift(hist: &[usize; 65], n: usize) -> u32 {
    let allowed = n / OVERSIZE_DIV;
    let above = |s: u32| hist.iter().skip(s as usize + 1).sum::<usize>();
    (MIN_SHIFT..MAX_SHIFT)
        .find(|&s| above(s) <= allowed)
        .unwrap_or(MAX_SHIFT)
}

/// Sorts `order` by key, given that it was sorted before its keys changed
/// a little, and adds the items of `extra` (emptied). A stable counting
/// pass by row (`key >> xbits`, at most `rows`) puts every item in its
/// row, keeping the previous order within each row; then each row is
/// sorted by insertion, which costs little when its items only moved a
/// little (a row that needs many shifts is sorted by the standard sort
/// instead). `row_start` gets where each row starts (`rows + 2` entries:
/// rows `0..=rows`, then the end). `O(n + rows)` for coherent motion,
/// whatever the distance a box moves between rows.
pub(super) fn repair(
    order: &mut Vec<Item>,
    extra: &mut Vec<Item>,
    scratch: &mut Vec<Item>,
    xbits: u32,
    rows: u64,
    row_start: &mut Vec<u32>,
) {
    order.append(extra);
    let row = |it: &Item| (it.key >> xbits) as usize;
    // Rows below 2^35 (see the bit budget); counts fit u32 (the caller
    // keeps fewer than 2^32 boxes).
    row_start.clear();
    row_start.resize(rows as usize + 2, 0);
    // Every key was made by `Layout::key` of the layout giving `xbits` and
    // `rows`, so its row is at most `rows`: each `get` below is in range.
    for it in order.iter() {
        if let Some(c) = row_start.get_mut(row(it) + 1) {
            *c += 1;
        }
    }
    // Entry `r + 1` counted row `r`: the running sum is where row `r + 1`
    // starts.
    let mut sum = 0;
    for c in row_start.iter_mut() {
        sum += *c;
        *c = sum;
    }
    scratch.clear();
    scratch.resize(order.len(), Item::default());
    let mut at = row_start.clone();
    for it in order.iter() {
        if let Some(a) = at.get_mut(row(it))
            && let Some(slot) = scratch.get_mut(*a as usize)
        {
            *slot = *it;
            *a += 1;
        }
    }
    core::mem::swap(order, scratch);
    for w in row_start.windows(2) {
        if let [s, e] = *w
            && let Some(run) = order.get_mut(s as usize..e as usize)
        {
            sort_nearly_sorted(run);
        }
    }
}

/// Insertion sort by key while the shifts stay within a few per item;
/// past that, the standard sort.
fn sort_nearly_sorted(items: &mut [Item]) {
    let mut budget = 4 * items.len() + 16;
    for i in 1..items.len() {
        // The sorted prefix and the item to insert into it.
        let Some(head) = items.get_mut(..=i) else {
            break;
        };
        let Some((&mut x, sorted)) = head.split_last_mut() else {
            break;
        };
        // Scanned from the end: a nearly sorted item moves a few places.
        let j = sorted
            .iter()
            .rposition(|it| it.key <= x.key)
            .map_or(0, |p| p + 1);
        // Rotate `x` down to `j`, keeping equal keys in their order.
        if let Some(tail) = head.get_mut(j..) {
            tail.rotate_right(1);
        }
        budget = budget.saturating_sub(i - j);
        if budget == 0 {
            items.sort_unstable_by_key(|it| it.key);
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use std::prelude::rust_2024::*;

    /// Sorted keys, then a few moved a little (swaps), some far up or down
    /// (row changes), some in runs (several boxes changing row together),
    /// and a few new items: the repair sorts them and loses nothing.
    #[test]
    fn repair_sorts_nearly_sorted_orders() {
        // (case, items, chance in 1000 of a small move, of a far move,
        // length of runs of far moves, new items)
        let cases = [
            ("sorted", 500, 0, 0, 1, 0),
            ("local swaps", 2000, 200, 0, 1, 0),
            ("far moves", 2000, 0, 50, 1, 0),
            ("runs of far moves up and down", 2000, 50, 20, 12, 0),
            ("everything moved", 1000, 1000, 1000, 1, 0),
            ("new items only", 0, 0, 0, 1, 300),
            ("moves and new items", 3000, 100, 30, 3, 700),
        ];
        for (name, n, small, far, run, new) in cases {
            let mut rng = Rng::new(n as u64 + 7);
            let mut order: Vec<Item> = (0..n as u32)
                .map(|slot| Item {
                    key: u64::from(slot) * 1000,
                    slot,
                })
                .collect();
            let mut i = 0;
            while i < order.len() {
                if rng.chance(far, 1000) {
                    let delta = rng.range_i64(-500_000, 500_000);
                    for it in order.iter_mut().skip(i).take(run) {
                        it.key = (it.key as i64 + delta).max(0) as u64;
                    }
                    i += run;
                    continue;
                }
                if rng.chance(small, 1000) {
                    order[i].key = (order[i].key as i64 + rng.range_i64(-2500, 2500)).max(0) as u64;
                }
                i += 1;
            }
            let mut extra: Vec<Item> = (0..new as u32)
                .map(|k| Item {
                    key: rng.below(3_000_000),
                    slot: n as u32 + k,
                })
                .collect();
            let mut expected: Vec<(u64, u32)> = order
                .iter()
                .chain(&extra)
                .map(|it| (it.key, it.slot))
                .collect();
            expected.sort_unstable();
            // Rows of 1024 keys.
            let (xbits, rows) = (10, 4_000_000 >> 10);
            let mut row_start = Vec::new();
            repair(
                &mut order,
                &mut extra,
                &mut Vec::new(),
                xbits,
                rows,
                &mut row_start,
            );
            assert_eq!(
                row_start.len(),
                rows as usize + 2,
                "case {name}: row starts"
            );
            for (r, w) in row_start.windows(2).enumerate() {
                assert!(
                    order[w[0] as usize..w[1] as usize]
                        .iter()
                        .all(|it| it.key >> xbits == r as u64),
                    "case {name}: row {r} holds its keys"
                );
            }
            assert!(extra.is_empty(), "case {name}: extra emptied");
            assert!(
                order.windows(2).all(|w| w[0].key <= w[1].key),
                "case {name}: sorted"
            );
            let mut got: Vec<(u64, u32)> = order.iter().map(|it| (it.key, it.slot)).collect();
            got.sort_unstable();
            assert_eq!(got, expected, "case {name}: same items");
        }
    }
}
