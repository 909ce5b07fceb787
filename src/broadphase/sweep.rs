//! The sweeps: pairs within each row's band (the row and the boxes
//! reaching up into it from the rows below), and the boxes near one box,
//! over the boxes sorted by `(row, x key)`.
//!
//! Within a row the boxes are in x-key order (the x key is `min x`, or
//! `min x` shifted right when the scene is too wide for the key), so a
//! sweep stops at the first box whose x key passes the x key of the
//! sweeping box's `max x`; every candidate then gets the exact closed test
//! on all axes. Nothing here rounds: the x key only orders and bounds.

use super::layout::Layout;
use crate::kernel::raw_box::RawBox;
use crate::shape::Aabb;
use alloc::vec::Vec;

/// One box: raw corners, id, and (in the sorted copy) the x key of its
/// minimum and the rows above its own that it reaches (bit 0: on y, bit
/// 1: on z; see [`Layout::reach`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Rec<const D: usize> {
    pub raw: RawBox<D>,
    pub xk: i64,
    pub id: u32,
    pub reach: u32,
}

impl<const D: usize> Rec<D> {
    pub fn new(id: u32, aabb: &Aabb<D>) -> Self {
        Self {
            raw: *aabb.raw(),
            xk: 0,
            id,
            reach: 0,
        }
    }

    pub fn aabb(&self) -> Aabb<D> {
        self.raw.to_aabb()
    }

    /// The smallest `shift` with every extent at most `2^shift`.
    #[inline]
    pub fn need(&self) -> u32 {
        let mut e = 0u64;
        for (lo, hi) in self.raw.axes() {
            // Both within 2^52: the difference is in [0, 2^53].
            e = e.max((hi - lo) as u64);
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
        // `grow` left room for one more: always a slot.
        if let Some(k) = self.keys.get_mut(self.n) {
            *k = (u64::from(lo) << self.bits) | u64::from(hi);
            self.n += usize::from(hit);
        }
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
        // `grow` left room for `n` more: the tail holds at least `n`.
        let tail = self.keys.get_mut(self.n..).unwrap_or_default();
        Window {
            keys: tail,
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
        // `n` never passes the length (every advance had a slot).
        self.keys.get_mut(..self.n).unwrap_or_default()
    }

    pub fn keys(&self) -> &[u64] {
        self.keys.get(..self.n).unwrap_or_default()
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
        // A window of `n` keys takes at most `n` pushes (its callers push
        // once per candidate of a band of at most `n`): always a slot.
        if let Some(k) = self.keys.get_mut(self.n) {
            *k = (u64::from(lo) << self.bits) | u64::from(hi);
            self.n += usize::from(hit);
        }
    }
}

/// A box's entry in a band: its x key, its index in the sorted boxes, and
/// which of its rows this is (bit 0: one row up on y, bit 1: on z).
#[derive(Clone, Copy, Debug)]
pub(super) struct Ent {
    pub xk: i64,
    pub idx: u32,
    pub d: u32,
}

/// The band of a row: the boxes of the row, and the boxes of the rows
/// below (y - 1, z - 1, both) that reach up into it, merged in x-key
/// order. A normal box is at most one cell wide, so it is in the band of
/// its own row and of each row it reaches; two overlapping boxes are both
/// in the band of the row holding the larger of their minimum corners
/// (on each axis), and only there do they not both come from below on
/// the same axis: the pair is reported in that band alone.
#[derive(Clone, Default)]
pub(super) struct Bands {
    parts: [Vec<Ent>; 4],
    halves: [Vec<Ent>; 2],
    band: Vec<Ent>,
}

impl Bands {
    /// The band of a row: `own` are its boxes, `below` the rows at y - 1,
    /// z - 1 and both (as ranges of `g`'s boxes).
    fn build<const D: usize>(
        &mut self,
        g: &Grid<'_, D>,
        own: (usize, usize),
        below: [(usize, usize); 3],
    ) -> &[Ent] {
        // The ranges come from `Grid::row`: within `g.recs`.
        let recs = |(s, e): (usize, usize)| {
            let run = g.recs.get(s..e).unwrap_or_default();
            run.iter().zip(s as u32..)
        };
        let [p0, p1, p2, p3] = &mut self.parts;
        p0.clear();
        p0.extend(recs(own).map(|(r, idx)| Ent {
            xk: r.xk,
            idx,
            d: 0,
        }));
        p0.push(END);
        for (d, (part, range)) in [&mut *p1, &mut *p2, &mut *p3]
            .into_iter()
            .zip(below)
            .enumerate()
        {
            // Written always, kept when the box reaches this row.
            let d = d as u32 + 1;
            part.clear();
            part.resize(range.1 - range.0 + 1, END);
            let mut n = 0;
            for (r, idx) in recs(range) {
                // At most `e - s` entries are kept: a slot remains.
                if let Some(slot) = part.get_mut(n) {
                    *slot = Ent { xk: r.xk, idx, d };
                }
                n += usize::from(r.reach & d == d);
            }
            part.truncate(n);
            part.push(END);
        }
        let [h0, h1] = &mut self.halves;
        merge(p0, p1, h0);
        merge(p2, p3, h1);
        merge(h0, h1, &mut self.band);
        self.band.pop();
        &self.band
    }
}

/// After the entries of a part, so that a merge never reads past it.
const END: Ent = Ent {
    xk: i64::MAX,
    idx: 0,
    d: 0,
};

/// `a` and `b` (each in x-key order, each ending with [`END`]) merged into
/// `out` (ending with [`END`]), branch-free.
fn merge(a: &[Ent], b: &[Ent], out: &mut Vec<Ent>) {
    let n = a.len() + b.len() - 2;
    let (mut i, mut j) = (0, 0);
    out.clear();
    out.extend((0..n).map(|_| {
        // Real keys are below 2^62: an END is never taken while the
        // other part has entries left, so `i` and `j` stay in range.
        let (x, y) = (
            a.get(i).copied().unwrap_or(END),
            b.get(j).copied().unwrap_or(END),
        );
        let take_a = x.xk <= y.xk;
        i += usize::from(take_a);
        j += usize::from(!take_a);
        if take_a { x } else { y }
    }));
    out.push(END);
}

/// The sorted boxes and their rows.
pub(super) struct Grid<'a, const D: usize> {
    pub layout: &'a Layout,
    /// The boxes in key order, and where each row starts (`rows + 2`
    /// entries: the oversize row, then the end).
    pub recs: &'a [Rec<D>],
    pub row_start: &'a [u32],
}

impl<const D: usize> Grid<'_, D> {
    /// Where row `r` starts and ends in the sorted boxes; an empty range
    /// past the last row (callers ask for rows `0..=rows` only).
    fn row(&self, r: usize) -> (usize, usize) {
        match self.row_start.get(r..r + 2) {
            Some(&[s, e]) => (s as usize, e as usize),
            _ => (0, 0),
        }
    }

    fn run(&self, r: usize) -> &[Rec<D>] {
        let (s, e) = self.row(r);
        self.recs.get(s..e).unwrap_or_default()
    }

    /// Every overlapping pair: in each row's band (see [`Bands`]) one
    /// forward sweep; the oversize boxes among themselves and against the
    /// rows they cover.
    pub fn all_pairs(&self, buf: &mut PairBuf, bands: &mut Bands) {
        let l = self.layout;
        let ny = l.ny as usize;
        for r in 0..l.rows as usize {
            // The rows below on each row axis (y - 1, z - 1, both); absent
            // below the first rows (padding) and for absent axes.
            let src = |off: usize, has: bool| match r.checked_sub(off) {
                Some(b) if has => self.row(b),
                _ => (0, 0),
            };
            let below = [src(1, D >= 2), src(ny, D >= 3), src(ny + 1, D >= 3)];
            let own = self.row(r);
            if [own, below[0], below[1]].iter().all(|(s, e)| s == e) {
                continue;
            }
            let band = bands.build(self, own, below);
            let room = band.len();
            // Band entries index `self.recs` (made by `Bands::build`).
            let mut rest = band;
            while let Some((e, after)) = rest.split_first() {
                rest = after;
                let Some(a) = self.recs.get(e.idx as usize) else {
                    continue;
                };
                let mut w = buf.window(room);
                let lim = l.xq(a.raw.x().1);
                for f in after {
                    if f.xk > lim {
                        break;
                    }
                    let Some(b) = self.recs.get(f.idx as usize) else {
                        continue;
                    };
                    w.push((e.d & f.d == 0) & a.raw.overlaps(&b.raw), a.id, b.id);
                }
                let hits = w.n;
                buf.commit(hits);
            }
        }
        let oversize = self.run(l.rows as usize);
        self.sweep_one(oversize, buf);
        for o in oversize {
            self.near(&o.raw, |e| buf.push(true, o.id, e.id));
        }
    }

    /// Calls `f` on every box overlapping `q` (closed): the rows it can
    /// meet, then the oversize boxes.
    pub fn query(&self, q: &RawBox<D>, mut f: impl FnMut(&Rec<D>)) {
        self.near(q, &mut f);
        let xlim = self.layout.xq(q.x().1);
        for e in self.run(self.layout.rows as usize) {
            if e.xk > xlim {
                break;
            }
            // One box against many: the comparison form beats the sign
            // and SSE forms here (the pair sweeps, where both boxes
            // change, use the SSE one).
            if e.raw.overlaps_cmp(q) {
                f(e);
            }
        }
    }

    /// Calls `f` on every normal (not oversize) box overlapping `q`: in
    /// each row from one below the query's lowest to its highest (a normal
    /// box reaches at most one row up), from one cell left of the query (a
    /// normal box is at most one cell wide).
    pub fn near(&self, q: &RawBox<D>, mut f: impl FnMut(&Rec<D>)) {
        let l = self.layout;
        let (lows, highs) = (l.rows_of(&q.min), l.rows_of(&q.max));
        let span = |lo: i64, hi: i64, n: u64| {
            let (lo, hi) = ((lo - 1).max(0), hi.min(n as i64 - 1));
            (lo as u64, hi as u64, lo <= hi)
        };
        let (ylo, yhi, yok) = span(lows[0], highs[0], l.ny);
        let (zlo, zhi, zok) = span(lows[1], highs[1], l.nz);
        if !(yok && zok) {
            return;
        }
        // x keys have at most 63 bits.
        let xmask = i64::try_from((1u64 << l.xbits) - 1).unwrap_or(i64::MAX);
        let (qx0, qx1) = q.x();
        let from = l.xq(qx0 - (1i64 << l.shift)).clamp(0, xmask);
        let xlim = l.xq(qx1);
        for rz in zlo..=zhi {
            // The rows `ylo..=yhi` of this z are consecutive: their starts
            // and ends are one window of the row directory.
            let r0 = (rz * l.ny + ylo) as usize;
            let r1 = (rz * l.ny + yhi) as usize;
            let Some((&first, ends)) = self
                .row_start
                .get(r0..=r1 + 1)
                .and_then(<[u32]>::split_first)
            else {
                continue;
            };
            let mut start = first;
            for &end in ends {
                let (s, e) = (start as usize, end as usize);
                start = end;
                if s >= e {
                    continue;
                }
                // A row's boxes are sorted by their x key: the first one
                // that can reach the query is found on `recs` itself.
                let recs = self.recs.get(s..e).unwrap_or_default();
                let start = recs.partition_point(|rec| rec.xk < from);
                for rec in recs.get(start..).unwrap_or_default() {
                    if rec.xk > xlim {
                        break;
                    }
                    // As in `query`: the comparison form.
                    if rec.raw.overlaps_cmp(q) {
                        f(rec);
                    }
                }
            }
        }
    }

    /// Every overlapping pair within one row.
    fn sweep_one(&self, run: &[Rec<D>], buf: &mut PairBuf) {
        let l = self.layout;
        let mut rest = run;
        while let Some((a, after)) = rest.split_first() {
            rest = after;
            let lim = l.xq(a.raw.x().1);
            for b in after {
                if b.xk > lim {
                    break;
                }
                buf.push(a.raw.overlaps(&b.raw), a.id, b.id);
            }
        }
    }
}
