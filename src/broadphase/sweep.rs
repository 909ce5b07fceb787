//! The sweeps: pairs within and between grid rows, and the boxes near one
//! box, over the boxes sorted by `(row, x key)`.
//!
//! Within a row the boxes are in x-key order (the x key is `min x`, or
//! `min x` shifted right when the scene is too wide for the key), so a
//! sweep stops at the first box whose x key passes the x key of the
//! sweeping box's `max x`; every candidate then gets the exact closed test
//! on all axes. Nothing here rounds: the x key only orders and bounds.

use super::layout::{Item, Layout};
use crate::shape::Aabb;

/// One box: raw corners, id, and (in the sorted copy) the x key of its
/// minimum.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rec<const D: usize> {
    pub min: [i64; D],
    pub max: [i64; D],
    pub xk: i64,
    pub id: u32,
}

impl<const D: usize> Rec<D> {
    pub fn new(id: u32, aabb: &Aabb<D>) -> Self {
        let (min, max) = super::corners(aabb);
        Self {
            min,
            max,
            xk: 0,
            id,
        }
    }

    pub fn aabb(&self) -> Aabb<D> {
        super::from_corners(&self.min, &self.max)
    }

    /// Closed overlap on every axis (branch-free).
    #[inline(always)]
    pub fn overlaps(&self, other: &Self) -> bool {
        let mut hit = true;
        for k in 0..D {
            hit &= (self.min[k] <= other.max[k]) & (other.min[k] <= self.max[k]);
        }
        hit
    }

    /// The smallest `shift` with every extent at most `2^shift`.
    #[inline]
    pub fn need(&self) -> u32 {
        let mut e = 0u64;
        for k in 0..D {
            // Both within 2^52: the difference is in [0, 2^53].
            e = e.max((self.max[k] - self.min[k]) as u64);
        }
        64 - (e.max(1) - 1).leading_zeros()
    }
}

/// Pair keys found by the sweeps, `min id << bits | max id`, written
/// branch-free.
#[derive(Clone, Default)]
pub(super) struct PairBuf {
    keys: Vec<u64>,
    n: usize,
    /// Bits of the largest id (at most 32).
    pub bits: u32,
}

impl PairBuf {
    /// Empties the buffer for ids below `2^bits`.
    pub fn clear(&mut self, bits: u32) {
        self.n = 0;
        self.bits = bits;
    }

    /// Records the pair `(a, b)` when `hit`: the key is always written, the
    /// length advanced only on a hit.
    #[inline(always)]
    pub fn push(&mut self, hit: bool, a: u32, b: u32) {
        if self.n == self.keys.len() {
            self.grow(1);
        }
        let (lo, hi) = (a.min(b), a.max(b));
        self.keys[self.n] = (u64::from(lo) << self.bits) | u64::from(hi);
        self.n += usize::from(hit);
    }

    /// The pair of a key.
    pub fn unpack(&self, key: u64) -> (u32, u32) {
        let mask = (1u64 << self.bits) - 1;
        ((key >> self.bits) as u32, (key & mask) as u32)
    }

    /// Room for `n` more keys: a window to write them through, its
    /// count of hits then passed to [`commit`](Self::commit).
    #[inline(always)]
    pub fn window(&mut self, n: usize) -> Window<'_> {
        if self.keys.len() - self.n < n {
            self.grow(n);
        }
        Window {
            keys: &mut self.keys[self.n..self.n + n],
            n: 0,
            bits: self.bits,
        }
    }

    /// Keeps the `hits` keys written through the last window.
    #[inline(always)]
    pub fn commit(&mut self, hits: usize) {
        self.n += hits;
    }

    #[cold]
    fn grow(&mut self, n: usize) {
        let len = (2 * self.keys.len()).max(self.n + n).max(1024);
        self.keys.resize(len, 0);
    }

    pub fn keys_mut(&mut self) -> &mut [u64] {
        &mut self.keys[..self.n]
    }

    pub fn keys(&self) -> &[u64] {
        &self.keys[..self.n]
    }
}

/// Room in a [`PairBuf`] for a known most number of keys, written
/// branch-free.
pub(super) struct Window<'a> {
    keys: &'a mut [u64],
    /// Keys kept so far.
    pub n: usize,
    bits: u32,
}

impl Window<'_> {
    /// Records the pair `(a, b)` when `hit` (the key is always written, the
    /// count advanced only on a hit).
    #[inline(always)]
    pub fn push(&mut self, hit: bool, a: u32, b: u32) {
        let (lo, hi) = (a.min(b), a.max(b));
        self.keys[self.n] = (u64::from(lo) << self.bits) | u64::from(hi);
        self.n += usize::from(hit);
    }
}

/// The sorted boxes and their rows.
pub(super) struct Grid<'a, const D: usize> {
    pub layout: &'a Layout,
    /// The order (keys), the boxes in that order, and where each row
    /// starts (`rows + 2` entries: the oversize row, then the end).
    pub order: &'a [Item],
    pub recs: &'a [Rec<D>],
    pub row_start: &'a [u32],
}

impl<const D: usize> Grid<'_, D> {
    fn row(&self, r: usize) -> (usize, usize) {
        (self.row_start[r] as usize, self.row_start[r + 1] as usize)
    }

    fn run(&self, r: usize) -> &[Rec<D>] {
        let (s, e) = self.row(r);
        &self.recs[s..e]
    }

    /// Every overlapping pair: each row with itself and with its adjacent
    /// rows below (y - 1, and the three rows at z - 1 and y - 1, y, y + 1);
    /// the oversize boxes among themselves and against the rows they cover.
    pub fn all_pairs(&self, buf: &mut PairBuf) {
        let l = self.layout;
        let ny = l.ny as usize;
        // The rows below a row, as offsets: occupied rows have y and z rows
        // >= 1 (padding), so r - 1 and r - ny - 1 exist.
        let (below, m) = match D {
            0 | 1 => ([0; 4], 0),
            2 => ([1, 0, 0, 0], 1),
            _ => ([1, ny + 1, ny, ny - 1], 4),
        };
        for r in 0..l.rows as usize {
            let run = self.run(r);
            if run.is_empty() {
                continue;
            }
            let mut rows: [&[Rec<D>]; 4] = [&[]; 4];
            for k in 0..m {
                rows[k] = self.run(r - below[k]);
            }
            // At most every box of these rows per box.
            let room = rows.iter().fold(run.len(), |n, b| n + b.len());
            let mut fronts = [0; 4];
            for (i, a) in run.iter().enumerate() {
                let mut w = buf.window(room);
                self.sweep_box(a, &run[i + 1..], &rows[..m], &mut fronts[..m], &mut w);
                let hits = w.n;
                buf.commit(hits);
            }
        }
        let oversize = self.run(l.rows as usize);
        self.sweep_one(oversize, buf);
        for o in oversize {
            self.near(&o.min, &o.max, |e| buf.push(true, o.id, e.id));
        }
    }

    /// The pairs of box `a` with the boxes after it in its row (`after`)
    /// and with the boxes of the rows below (`rows`, unread from
    /// `fronts`). A box of a row below is dropped from the front once its
    /// x key is below `a`'s (it ends before every later box of this row
    /// begins); so each row below is read in one pass: its boxes starting
    /// before `a` are met at the front, the others by the forward scan.
    #[inline(always)]
    fn sweep_box(
        &self,
        a: &Rec<D>,
        after: &[Rec<D>],
        rows: &[&[Rec<D>]],
        fronts: &mut [usize],
        w: &mut Window<'_>,
    ) {
        let l = self.layout;
        let lim = l.xq(a.max[0]);
        // The smallest x with `a`'s key: `(xk << q)` is at most `min x -
        // xbase` (below 2^54), so the sum is at most `min x`.
        let lo = (a.xk << l.q) + l.xbase;
        for b in after {
            if b.xk > lim {
                break;
            }
            w.push(a.overlaps(b), a.id, b.id);
        }
        for (row, f) in rows.iter().zip(fronts.iter_mut()) {
            // Two branch-free steps cover the usual advance; the loop the
            // rest.
            *f += usize::from(*f < row.len() && row[*f].max[0] < lo);
            *f += usize::from(*f < row.len() && row[*f].max[0] < lo);
            while *f < row.len() && row[*f].max[0] < lo {
                *f += 1;
            }
            for b in &row[*f..] {
                if b.xk > lim {
                    break;
                }
                w.push(a.overlaps(b), a.id, b.id);
            }
        }
    }

    /// Calls `f` on every box overlapping `[min, max]` (closed): the rows it
    /// can meet, then the oversize boxes.
    pub fn query(&self, min: &[i64; D], max: &[i64; D], mut f: impl FnMut(&Rec<D>)) {
        self.near(min, max, &mut f);
        let q = Rec {
            min: *min,
            max: *max,
            xk: 0,
            id: 0,
        };
        let xlim = self.layout.xq(max[0]);
        for e in self.run(self.layout.rows as usize) {
            if e.xk > xlim {
                break;
            }
            if e.overlaps(&q) {
                f(e);
            }
        }
    }

    /// Calls `f` on every normal (not oversize) box overlapping `[min,
    /// max]`: in each row from one below the query's lowest to its highest
    /// (a normal box reaches at most one row up), from one cell left of the
    /// query (a normal box is at most one cell wide).
    pub fn near(&self, min: &[i64; D], max: &[i64; D], mut f: impl FnMut(&Rec<D>)) {
        let l = self.layout;
        let span = |a: usize, n: u64| {
            let lo = (l.row_on(a, min) - 1).max(0);
            let hi = l.row_on(a, max).min(n as i64 - 1);
            (lo as u64, hi as u64, lo <= hi)
        };
        let (ylo, yhi, yok) = span(0, l.ny);
        let (zlo, zhi, zok) = span(1, l.nz);
        if !(yok && zok) {
            return;
        }
        let xmask = (1u64 << l.xbits) - 1;
        let from = (l.xq(min[0] - (1i64 << l.shift)).max(0) as u64).min(xmask);
        let xlim = l.xq(max[0]);
        let q = Rec {
            min: *min,
            max: *max,
            xk: 0,
            id: 0,
        };
        for rz in zlo..=zhi {
            for ry in ylo..=yhi {
                let r = rz * l.ny + ry;
                let (s, e) = self.row(r as usize);
                if s == e {
                    continue;
                }
                let target = (r << l.xbits) | from;
                let start = s + self.order[s..e].partition_point(|it| it.key < target);
                for rec in &self.recs[start..e] {
                    if rec.xk > xlim {
                        break;
                    }
                    if rec.overlaps(&q) {
                        f(rec);
                    }
                }
            }
        }
    }

    /// Every overlapping pair within one row.
    fn sweep_one(&self, run: &[Rec<D>], buf: &mut PairBuf) {
        let l = self.layout;
        for (i, a) in run.iter().enumerate() {
            let lim = l.xq(a.max[0]);
            for b in &run[i + 1..] {
                if b.xk > lim {
                    break;
                }
                buf.push(a.overlaps(b), a.id, b.id);
            }
        }
    }
}
