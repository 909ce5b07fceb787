//! A deterministic, incremental broadphase: which of many axis-aligned
//! boxes overlap, from tick to tick.
//!
//! [`Broadphase`] keeps boxes under ids chosen by the caller and answers
//! [`Broadphase::pairs`] (every overlapping pair) and [`Broadphase::query`]
//! (every box overlapping one box). Boxes are closed: touching counts. The
//! answers are sorted and depend only on the set of `(id, box)` held, never
//! on the order of insertion, the history of calls or the platform.
//!
//! # How it works
//!
//! Sort and sweep on x inside the rows of a uniform grid over the other
//! axes (y, and z in 3D). The cell side is a power of two `h` chosen from
//! the box sizes so that all but a sixteenth of the boxes are at most `h`
//! on every axis; such a box is keyed by the row of its minimum corner and
//! can only meet boxes of its own row and of the adjacent rows. The larger
//! ("oversize") boxes are swept among themselves and looked up in the rows
//! they cover.
//!
//! [`set`](Broadphase::set) only writes the box into its slot. A call to
//! [`pairs`](Broadphase::pairs) or [`query`](Broadphase::query) after
//! changes recomputes each box's key `(row, x)` packed in a `u64` (in the
//! same pass as the statistics the grid is chosen from, with the previous
//! grid, which is kept while it still serves: it is aligned to cells, so
//! small motions do not change it), repairs the previous sorted order (a
//! stable counting pass by row puts each box in its row, which also gives
//! where each row starts; then each row, nearly sorted after coherent
//! motion, is sorted by insertion: `O(n + rows)` however far a box moved
//! between rows), and copies the boxes in that order so the sweeps read
//! memory in sequence.
//!
//! The sweep makes one forward pass over each row's band: the boxes of
//! the row and the boxes of the rows below (y - 1, and in 3D z - 1 and
//! both) that reach up into it, merged in x-key order (branch-free merges
//! of the already sorted rows). A normal box is in at most four bands, and
//! two overlapping boxes meet in exactly one band without both coming from
//! below on the same axis (the band of the cell holding the larger of
//! their minimum corners): that is the only band that reports the pair.
//! So each box scans one short list per band it is in, instead of its own
//! row and four adjacent ones. Every candidate gets the exact closed test
//! on all axes (branch-free, written through room reserved per box).
//! Pairs are packed as `min id << b | max id` and radix sorted, so their
//! order is canonical whatever the path that found them.
//!
//! All arithmetic is on the raw `i64` bits of [`Fx`](crate::Fx) (boxes are
//! kept as the kernel's raw boxes, with its closed overlap test); nothing
//! can overflow for boxes within the domain, and nothing rounds: keys only
//! order and bound the sweeps.

mod layout;
mod pairs;
mod radix;
mod sweep;

use crate::Error;
use crate::shape::Aabb;
use alloc::collections::BTreeMap;
use alloc::vec;
use alloc::vec::Vec;
use layout::{Item, Layout, Stats};
pub use pairs::{pairs_between, pairs_within};
use sweep::{Bands, Grid, PairBuf, Rec};

/// An id absent from the dense map.
const NONE: u32 = u32::MAX;

/// Ids below this bound (or below four times the number of boxes) are
/// mapped through a table indexed by id; larger ones through a sorted map.
const DENSE_MIN: usize = 1024;

/// Incremental sort-and-sweep broadphase over closed axis-aligned boxes,
/// with ids chosen by the caller. See the [module docs](self).
///
/// Cost per [`pairs`](Broadphase::pairs) call after coherent motion (each
/// box moving a little): about `O(n + pairs)`; a [`set`](Broadphase::set)
/// is `O(1)` for ids below about four times the number of boxes, `O(log
/// n)` for larger ids.
///
/// # Examples
/// ```
/// use fixed_collide::{Aabb2, Broadphase, Vec2};
/// let b = |x0, y0, x1, y1| Aabb2::try_new(Vec2::from_ints([x0, y0]), Vec2::from_ints([x1, y1])).unwrap();
/// let mut bp = Broadphase::new();
/// bp.insert(7, b(0, 0, 2, 2)).unwrap();
/// bp.insert(3, b(2, 2, 4, 4)).unwrap(); // touches 7 at a corner
/// bp.insert(5, b(9, 9, 9, 9)).unwrap(); // a point, alone
/// let mut pairs = Vec::new();
/// bp.pairs(&mut pairs);
/// assert_eq!(pairs, [(3, 7)]);
/// bp.set(5, b(3, 3, 5, 5)).unwrap();
/// bp.pairs(&mut pairs);
/// assert_eq!(pairs, [(3, 5), (3, 7)]);
/// ```
#[derive(Clone, Default)]
pub struct Broadphase<const D: usize> {
    /// The boxes by slot (a slot is reused after its box is removed).
    slots: Vec<Rec<D>>,
    alive: Vec<bool>,
    /// Slot by id, for ids below its length.
    dense: Vec<u32>,
    /// Slot by id, for ids at or above `dense.len()`.
    sparse: BTreeMap<u32, u32>,
    /// Free slots (not in `order`), and removed slots still in `order`.
    free: Vec<u32>,
    removed: Vec<u32>,
    /// Slots inserted since the last refresh (not yet in `order`).
    pending: Vec<Item>,
    /// Whether anything changed since the last refresh.
    dirty: bool,
    /// The live slots sorted by key, the grid, where each row starts, and
    /// the boxes copied in that order.
    order: Vec<Item>,
    layout: Layout,
    row_start: Vec<u32>,
    recs: Vec<Rec<D>>,
    /// Key of each slot, bits of the largest id, pair keys, and sort
    /// buffers.
    slot_key: Vec<u64>,
    id_bits: u32,
    buf: PairBuf,
    bands: Bands,
    scratch: Vec<u64>,
    items_scratch: Vec<Item>,
}

impl<const D: usize> Broadphase<D> {
    /// An empty broadphase.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Broadphase;
    /// let bp = Broadphase::<3>::new();
    /// assert!(bp.is_empty());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty broadphase with room for `n` boxes with ids below `n`
    /// without reallocating.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Broadphase;
    /// let bp = Broadphase::<2>::with_capacity(100_000);
    /// assert_eq!(bp.len(), 0);
    /// ```
    pub fn with_capacity(n: usize) -> Self {
        let mut bp = Self::new();
        bp.slots.reserve(n);
        bp.alive.reserve(n);
        bp.dense = vec![NONE; n.max(DENSE_MIN)];
        bp
    }

    /// The number of boxes held.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Broadphase, Vec2};
    /// let mut bp = Broadphase::new();
    /// bp.insert(1, Aabb2::try_new(Vec2::ZERO, Vec2::ZERO).unwrap()).unwrap();
    /// assert_eq!(bp.len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.slots.len() - self.free.len() - self.removed.len()
    }

    /// Whether no box is held.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::Broadphase;
    /// assert!(Broadphase::<2>::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Removes every box (keeps the allocations).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Broadphase, Vec2};
    /// let mut bp = Broadphase::new();
    /// bp.insert(1, Aabb2::try_new(Vec2::ZERO, Vec2::ZERO).unwrap()).unwrap();
    /// bp.clear();
    /// assert!(bp.is_empty() && bp.get(1).is_none());
    /// ```
    pub fn clear(&mut self) {
        self.slots.clear();
        self.alive.clear();
        self.dense.fill(NONE);
        self.sparse.clear();
        self.free.clear();
        self.removed.clear();
        self.pending.clear();
        self.order.clear();
        self.dirty = true;
    }

    /// Adds the box `aabb` under `id`.
    ///
    /// # Errors
    /// [`Error::DuplicateId`] when `id` is already held.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Broadphase, Vec2};
    /// let mut bp = Broadphase::new();
    /// let b = Aabb2::try_new(Vec2::ZERO, Vec2::from_ints([1, 1])).unwrap();
    /// bp.insert(4, b).unwrap();
    /// assert_eq!(bp.insert(4, b).unwrap_err().to_string(), "id: 4 is already in the broadphase");
    /// ```
    pub fn insert(&mut self, id: u32, aabb: Aabb<D>) -> Result<(), Error> {
        if self.slot(id).is_some() {
            return Err(Error::DuplicateId { id });
        }
        let rec = Rec::new(id, &aabb);
        // A free slot is one of the slots (the `get`s are `Some`).
        let reused = self.free.pop().and_then(|s| {
            let (r, alive) = (
                self.slots.get_mut(s as usize)?,
                self.alive.get_mut(s as usize)?,
            );
            (*r, *alive) = (rec, true);
            Some(s)
        });
        let slot = match reused {
            Some(s) => s,
            None => {
                self.slots.push(rec);
                self.alive.push(true);
                (self.slots.len() - 1) as u32
            }
        };
        self.pending.push(Item { key: 0, slot });
        self.map_new(id, slot);
        self.dirty = true;
        Ok(())
    }

    /// Moves the box held under `id` to `aabb`.
    ///
    /// # Errors
    /// [`Error::UnknownId`] when `id` is not held.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb3, Broadphase, Vec3};
    /// let mut bp = Broadphase::new();
    /// let b = Aabb3::try_new(Vec3::ZERO, Vec3::from_ints([1, 1, 1])).unwrap();
    /// bp.insert(0, b).unwrap();
    /// let moved = Aabb3::try_new(Vec3::from_ints([5, 5, 5]), Vec3::from_ints([6, 6, 6])).unwrap();
    /// bp.set(0, moved).unwrap();
    /// assert_eq!(bp.get(0), Some(moved));
    /// assert_eq!(bp.set(1, b).unwrap_err().to_string(), "id: 1 is not in the broadphase");
    /// ```
    pub fn set(&mut self, id: u32, aabb: Aabb<D>) -> Result<(), Error> {
        let slot = self.slot(id).and_then(|s| self.slots.get_mut(s));
        slot.ok_or(Error::UnknownId { id })?.raw = *aabb.raw();
        self.dirty = true;
        Ok(())
    }

    /// Removes the box held under `id`.
    ///
    /// # Errors
    /// [`Error::UnknownId`] when `id` is not held.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Broadphase, Vec2};
    /// let mut bp = Broadphase::new();
    /// bp.insert(9, Aabb2::try_new(Vec2::ZERO, Vec2::ZERO).unwrap()).unwrap();
    /// bp.remove(9).unwrap();
    /// assert!(bp.is_empty());
    /// assert!(bp.remove(9).is_err());
    /// ```
    pub fn remove(&mut self, id: u32) -> Result<(), Error> {
        let slot = self.slot(id).ok_or(Error::UnknownId { id })?;
        *self.alive.get_mut(slot).ok_or(Error::UnknownId { id })? = false;
        self.removed.push(slot as u32);
        map_write(&mut self.dense, &mut self.sparse, id, NONE);
        self.dirty = true;
        Ok(())
    }

    /// The box held under `id`, if any.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Broadphase, Vec2};
    /// let mut bp = Broadphase::new();
    /// let b = Aabb2::try_new(Vec2::ZERO, Vec2::from_ints([2, 3])).unwrap();
    /// bp.insert(2, b).unwrap();
    /// assert_eq!(bp.get(2), Some(b));
    /// assert_eq!(bp.get(3), None);
    /// ```
    pub fn get(&self, id: u32) -> Option<Aabb<D>> {
        self.slot(id).and_then(|s| self.slots.get(s)).map(Rec::aabb)
    }

    /// All pairs `(a, b)`, `a < b`, of held boxes that overlap (closed:
    /// boxes that only touch, and zero-size boxes on or inside another, count),
    /// in ascending lexicographic order; `out` is cleared first. Identical
    /// boxes under different ids are a pair.
    ///
    /// Cost: about `O(n + pairs)` when the boxes moved a little since the
    /// last call; `O(n log n)` after many insertions or large moves.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Broadphase, Vec2};
    /// let b = |x| Aabb2::try_new(Vec2::from_ints([x, 0]), Vec2::from_ints([x + 1, 1])).unwrap();
    /// let mut bp = Broadphase::new();
    /// for (id, x) in [(10, 0), (11, 1), (12, 2), (13, 5)] {
    ///     bp.insert(id, b(x)).unwrap();
    /// }
    /// let mut pairs = Vec::new();
    /// bp.pairs(&mut pairs);
    /// assert_eq!(pairs, [(10, 11), (11, 12)]);
    /// ```
    pub fn pairs(&mut self, out: &mut Vec<(u32, u32)>) {
        self.refresh();
        self.buf.clear(self.id_bits);
        Grid {
            layout: &self.layout,
            recs: &self.recs,
            row_start: &self.row_start,
        }
        .all_pairs(&mut self.buf, &mut self.bands);
        let keys = self.buf.keys_mut();
        radix::sort_by_key(keys, &mut self.scratch, |&k| k);
        out.clear();
        let buf = &self.buf;
        out.extend(buf.keys().iter().map(|&k| buf.unpack(k)));
    }

    /// The ids of the held boxes that overlap `query` (closed: touching
    /// counts), ascending; `out` is cleared first.
    ///
    /// Cost: a binary search in each grid row the query box covers, plus
    /// the boxes found and the few boxes larger than the grid's cell.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, Broadphase, Vec2};
    /// let b = |x0, y0, x1, y1| Aabb2::try_new(Vec2::from_ints([x0, y0]), Vec2::from_ints([x1, y1])).unwrap();
    /// let mut bp = Broadphase::new();
    /// bp.insert(1, b(0, 0, 1, 1)).unwrap();
    /// bp.insert(2, b(3, 0, 4, 1)).unwrap();
    /// bp.insert(0, b(-50, -50, 50, -40)).unwrap();
    /// let mut ids = Vec::new();
    /// bp.query(&b(1, 1, 3, 3), &mut ids);
    /// assert_eq!(ids, [1, 2]);
    /// ```
    pub fn query(&mut self, query: &Aabb<D>, out: &mut Vec<u32>) {
        self.refresh();
        out.clear();
        self.grid().query(query.raw(), |e| out.push(e.id));
        out.sort_unstable();
    }

    /// Brings the sorted copy up to date after changes: drops removed slots,
    /// picks the grid, recomputes the keys, repairs the order, and copies
    /// the boxes in that order.
    fn refresh(&mut self) {
        // A new broadphase has no row directory yet.
        if !self.dirty && !self.row_start.is_empty() {
            return;
        }
        self.dirty = false;
        if !self.removed.is_empty() {
            let alive = |it: &Item| self.alive.get(it.slot as usize) == Some(&true);
            self.order.retain(alive);
            self.pending.retain(alive);
            self.free.append(&mut self.removed);
        }
        // The keys with the previous layout, in the same pass as the
        // statistics; computed again only if the layout changes.
        let mut stats = Stats::new();
        let mut ids = 0;
        let old = self.layout;
        self.slot_key.clear();
        self.slot_key
            .extend(self.slots.iter().zip(&self.alive).map(|(r, &alive)| {
                if alive {
                    stats.add(r);
                    ids |= r.id;
                    old.key(r)
                } else {
                    0
                }
            }));
        self.id_bits = 32 - ids.leading_zeros();
        self.layout = Layout::choose(&stats, self.layout.shift);
        if self.layout != old {
            let layout = &self.layout;
            for (k, (r, &alive)) in self
                .slot_key
                .iter_mut()
                .zip(self.slots.iter().zip(&self.alive))
            {
                *k = if alive { layout.key(r) } else { 0 };
            }
        }
        for it in self.order.iter_mut().chain(self.pending.iter_mut()) {
            // Every item's slot has a key (one per slot).
            it.key = self.slot_key.get(it.slot as usize).copied().unwrap_or(0);
        }
        layout::repair(
            &mut self.order,
            &mut self.pending,
            &mut self.items_scratch,
            self.layout.xbits,
            self.layout.rows,
            &mut self.row_start,
        );
        self.recs.clear();
        let (slots, layout) = (&self.slots, &self.layout);
        // Every item's slot exists (`order` holds live slots only).
        #[allow(clippy::indexing_slicing)]
        self.recs.extend(self.order.iter().map(|it| {
            let mut r = slots[it.slot as usize];
            r.xk = layout.xq(r.raw.min[0]);
            r.reach = layout.reach(&r);
            r
        }));
    }

    fn grid(&self) -> Grid<'_, D> {
        Grid {
            layout: &self.layout,
            recs: &self.recs,
            row_start: &self.row_start,
        }
    }

    /// The slot of `id`.
    fn slot(&self, id: u32) -> Option<usize> {
        let p = match self.dense.get(id as usize) {
            Some(&p) => p,
            None => *self.sparse.get(&id)?,
        };
        (p != NONE).then_some(p as usize)
    }

    /// Maps a new id, growing the dense table when the id is small enough
    /// (moving the sparse ids it now covers).
    fn map_new(&mut self, id: u32, pos: u32) {
        let i = id as usize;
        let limit = DENSE_MIN.max(4 * self.slots.len());
        if i >= self.dense.len() && i < limit {
            let new_len = (i + 1).max(2 * self.dense.len()).min(limit);
            self.dense.resize(new_len, NONE);
            let above = self
                .sparse
                .split_off(&(new_len.min(u32::MAX as usize) as u32));
            // Every id left below `new_len`, the new length: all in range.
            for (k, p) in core::mem::replace(&mut self.sparse, above) {
                if let Some(d) = self.dense.get_mut(k as usize) {
                    *d = p;
                }
            }
        }
        map_write(&mut self.dense, &mut self.sparse, id, pos);
    }
}

impl<const D: usize> core::fmt::Debug for Broadphase<D> {
    /// The size and the grid, not the boxes.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Broadphase")
            .field("len", &self.len())
            .field("cell_shift", &self.layout.shift)
            .field("rows", &self.layout.rows)
            .field("x_key_shift", &self.layout.q)
            .field(
                "oversize",
                &self
                    .row_start
                    .get(self.layout.rows as usize)
                    .map(|&s| self.order.len() - s as usize),
            )
            .finish_non_exhaustive()
    }
}

/// Writes the slot of `id` (the dense table for ids below its length,
/// else the sparse map; [`NONE`] removes).
fn map_write(dense: &mut [u32], sparse: &mut BTreeMap<u32, u32>, id: u32, pos: u32) {
    match dense.get_mut(id as usize) {
        Some(slot) => *slot = pos,
        None if pos == NONE => {
            sparse.remove(&id);
        }
        None => {
            sparse.insert(id, pos);
        }
    }
}
