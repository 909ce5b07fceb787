//! Identical scenes for fixed-collide and parry2d/parry3d 0.31 (`f32`).
//!
//! Each kind of query ([`kinds`]) draws two pools of [`POOL`] inputs from a
//! seeded generator, as grid values ([`grid`]) exact in both `f32` and
//! `I32F32`, and converts each value to both libraries' types. The queries
//! are a list of [`N_PAIRS`] distinct index pairs `(i, j)` ([`pairs`]), the
//! same for both libraries; a timed run streams the list and queries
//! `pool_a[i]` against `pool_b[j]`, folding every answer into a checksum.
//!
//! Why this layout measures the queries and not the harness:
//! - per query, both libraries read the same 8-byte index pair from a
//!   sequential stream (the prefetcher hides it) and one entry of each pool;
//! - the pools are a game's worth of bodies (1024 a side) and stay in the
//!   per-core L2 cache for both libraries: the largest (fixed-collide's
//!   `Obb3`, 136 bytes) are 2 x 139 KB; parry's entries are smaller still
//!   (its own layout, not ours, decides);
//! - every one of the 2^20 pairs of the two pools is queried once, in a
//!   seeded random order: random pairs of random shapes cannot be learned by
//!   the branch predictor (a small repeated set can, and flatters branchy
//!   code);
//! - the checksum is a wrapping sum (no serial dependency slower than the
//!   query) passed to `black_box`, so no answer can be optimized away.
//!
//! That layout is the **mixed** family, one scene per kind. Two more
//! families ([`Family`]) measure what the mixed scenes flatter:
//! - **no-shortcut** ([`kinds::NoShort`]): the same pool layout, but every
//!   pair is one that no comparison-only shortcut decides: rays start
//!   outside their box and point at it on every axis, sweeps meet the
//!   target inside the sweep's bounding box and overlap it at neither end;
//! - **streaming** ([`stream::Stream`]): [`stream::N_STREAM`] distinct
//!   queries, each its own two shapes drawn as in the mixed scene, stored in
//!   arrays far larger than the caches and streamed once per iteration.
//!
//! Each (family, kind) is a [`Spec`]: the criterion group
//! `<family prefix><kind>` (`ray_aabb`, `noshort_ray_aabb`,
//! `stream_ray_aabb`), built on demand (a streaming scene is hundreds of
//! MB).

pub mod batch;
pub mod broad;
pub mod grid;
pub mod judge;
pub mod kinds;
pub mod stream;

use fixed_collide_cli::rng::Rng;
use judge::{Tally, Verdict};
use std::sync::{Arc, OnceLock};

/// Entries in each pool (a power of two: indices are masked, so neither
/// library pays a bounds check).
pub const POOL: usize = 1024;

/// Distinct query pairs per kind: all pairs of the two pools.
pub const N_PAIRS: usize = POOL * POOL;

/// A query: indices into pool A and pool B (8 bytes).
pub type Pair = (u32, u32);

/// The seed of the pair list.
pub const PAIR_SEED: u64 = 0x5EED_0001;

/// All [`N_PAIRS`] pairs of pool indices, each once, in seeded random order
/// (Fisher-Yates).
pub fn pairs(seed: u64) -> Vec<Pair> {
    let mut rng = Rng::new(seed);
    let mut out: Vec<Pair> = (0..N_PAIRS)
        .map(|k| ((k / POOL) as u32, (k % POOL) as u32))
        .collect();
    for k in (1..out.len()).rev() {
        let j = rng.below(k as u64 + 1) as usize;
        out.swap(k, j);
    }
    out
}

/// The calling thread's CPU time in nanoseconds
/// (`CLOCK_THREAD_CPUTIME_ID`): the clock of the benchmarks, so that other
/// processes on a shared machine do not count (they still slow the caches
/// and, on a virtual machine, possibly the core).
pub fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; this clock exists on
    // every Linux since 2.6.12 (the call cannot fail for it).
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// A query's answer as folded into the checksum of a timed run.
pub trait Out {
    /// Whether the answer is a hit (overlap, contact, impact).
    fn hit(&self) -> bool;
    /// The bits folded into the checksum: the hit and the answer's main
    /// value(s), in the library's own representation (no conversion cost).
    fn key(&self) -> u64;
}

/// A grid value converted to one library's input.
pub trait Convert<T> {
    /// The converted value.
    fn convert(&self) -> T;
}

/// One kind of query, implemented by both libraries.
///
/// `GA`/`GB` are the grid values of pool A and pool B; `FA`/`FB` and
/// `PA`/`PB` the same values as fixed-collide's and parry's inputs.
pub trait Query: 'static {
    /// Kind name: criterion group and report row.
    const NAME: &'static str;
    /// The parry call timed against ours, for the report.
    const PARRY_CALL: &'static str;
    /// The criterion function name of the parry side.
    const PARRY_FN: &'static str = "parry";
    /// Whether to time the fixed-collide side (false for a second parry
    /// call of a kind whose fixed side is timed already).
    const TIME_FIXED: bool = true;
    /// Seed of the pools (kinds sharing a seed share their scenes).
    const SEED: u64;

    /// Grid value of a pool A entry.
    type GA: Convert<Self::FA> + Convert<Self::PA>;
    /// Grid value of a pool B entry.
    type GB: Convert<Self::FB> + Convert<Self::PB>;
    /// fixed-collide's input A.
    type FA;
    /// fixed-collide's input B.
    type FB;
    /// parry's input A.
    type PA;
    /// parry's input B.
    type PB;
    /// fixed-collide's answer.
    type FOut: Out;
    /// parry's answer.
    type POut: Out;

    /// Draws a pool A entry.
    fn gen_a(rng: &mut Rng) -> Self::GA;
    /// Draws a pool B entry.
    fn gen_b(rng: &mut Rng) -> Self::GB;
    /// fixed-collide's query.
    fn fixed(a: &Self::FA, b: &Self::FB) -> Self::FOut;
    /// parry's query.
    fn parry(a: &Self::PA, b: &Self::PB) -> Self::POut;
    /// Compares the two answers for one query; explains a disagreement or
    /// reports it as unexplained.
    fn judge(a: &Self::GA, b: &Self::GB, f: &Self::FOut, p: &Self::POut) -> Verdict;

    /// Names of the two shortcut cases of the kind that [`Query::shortcuts`]
    /// counts (empty for a kind without shortcuts).
    const SHORTCUTS: [&'static str; 2] = ["", ""];
    /// Which of the [`Query::SHORTCUTS`] cases a query is, from the exact
    /// grid values.
    fn shortcuts(_a: &Self::GA, _b: &Self::GB) -> [bool; 2] {
        [false, false]
    }
}

/// A pool of exactly [`POOL`] entries.
type Pool<T> = Box<[T; POOL]>;

fn to_pool<T>(v: Vec<T>) -> Pool<T> {
    v.into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("pools have POOL entries"))
}

/// The pair list of every pool scene ([`pairs`] of [`PAIR_SEED`]), drawn
/// once.
pub fn shared_pairs() -> Arc<[Pair]> {
    static PAIRS: OnceLock<Arc<[Pair]>> = OnceLock::new();
    PAIRS.get_or_init(|| pairs(PAIR_SEED).into()).clone()
}

/// The pools of one kind, for both libraries, from the same grid values,
/// and the pair list.
pub struct Scene<Q: Query> {
    grid_a: Pool<Q::GA>,
    grid_b: Pool<Q::GB>,
    fixed_a: Pool<Q::FA>,
    fixed_b: Pool<Q::FB>,
    parry_a: Pool<Q::PA>,
    parry_b: Pool<Q::PB>,
    pairs: Arc<[Pair]>,
}

impl<Q: Query> Default for Scene<Q> {
    /// Draws the pools from [`Query::SEED`] (pool A) and its successor
    /// (pool B).
    fn default() -> Self {
        let mut rng_a = Rng::new(Q::SEED);
        let mut rng_b = Rng::new(Q::SEED.wrapping_add(1));
        let ga: Vec<Q::GA> = (0..POOL).map(|_| Q::gen_a(&mut rng_a)).collect();
        let gb: Vec<Q::GB> = (0..POOL).map(|_| Q::gen_b(&mut rng_b)).collect();
        Self {
            fixed_a: to_pool(ga.iter().map(Convert::convert).collect()),
            fixed_b: to_pool(gb.iter().map(Convert::convert).collect()),
            parry_a: to_pool(ga.iter().map(Convert::convert).collect()),
            parry_b: to_pool(gb.iter().map(Convert::convert).collect()),
            grid_a: to_pool(ga),
            grid_b: to_pool(gb),
            pairs: shared_pairs(),
        }
    }
}

/// Pool index of a pair component (masked: no bounds check).
#[inline(always)]
fn ix(i: u32) -> usize {
    i as usize & (POOL - 1)
}

/// The timed loop: queries `a[i]` against `b[j]` for every pair, in order,
/// folding the answers into a wrapping sum.
#[inline(always)]
fn stream<A, B, O: Out>(
    pairs: &[Pair],
    a: &Pool<A>,
    b: &Pool<B>,
    query: impl Fn(&A, &B) -> O,
) -> u64 {
    let mut sum = 0u64;
    for &(i, j) in pairs {
        sum = sum.wrapping_add(query(&a[ix(i)], &b[ix(j)]).key());
    }
    sum
}

impl<Q: Query> Scene<Q> {
    /// The timed loop of fixed-collide over the first `n` pairs.
    #[inline(never)]
    pub fn run_fixed(&self, n: usize) -> u64 {
        stream(&self.pairs[..n], &self.fixed_a, &self.fixed_b, Q::fixed)
    }

    /// The timed loop of parry over the first `n` pairs.
    #[inline(never)]
    pub fn run_parry(&self, n: usize) -> u64 {
        stream(&self.pairs[..n], &self.parry_a, &self.parry_b, Q::parry)
    }

    /// The scene keeping only the pairs that are none of the kind's
    /// [`Query::SHORTCUTS`] cases, in the same order.
    pub fn without_shortcuts() -> Self {
        let mut scene = Self::default();
        let keep =
            |&(i, j): &Pair| Q::shortcuts(&scene.grid_a[ix(i)], &scene.grid_b[ix(j)]) == [false; 2];
        scene.pairs = scene.pairs.iter().copied().filter(keep).collect();
        scene
    }

    /// Runs both libraries on the first `n` pairs and judges each pair of
    /// answers.
    pub fn check(&self, n: usize) -> Tally {
        let mut tally = Tally::default();
        for &(i, j) in &self.pairs[..n] {
            let (i, j) = (ix(i), ix(j));
            let f = Q::fixed(&self.fixed_a[i], &self.fixed_b[j]);
            let p = Q::parry(&self.parry_a[i], &self.parry_b[j]);
            let (ga, gb) = (&self.grid_a[i], &self.grid_b[j]);
            let verdict = Q::judge(ga, gb, &f, &p);
            tally.add(f.hit(), p.hit(), Q::shortcuts(ga, gb), verdict);
        }
        tally
    }
}

/// A built scene behind a trait object, so the bench and the report loop
/// over all kinds and families without naming their types. Runs take a
/// count `n`: the first `n` queries of the scene.
pub trait Kind {
    /// Queries in the scene.
    fn len(&self) -> usize;
    /// Whether the scene has no query.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// fixed-collide's timed loop over the first `n` queries.
    fn run_fixed(&self, n: usize) -> u64;
    /// parry's timed loop over the first `n` queries.
    fn run_parry(&self, n: usize) -> u64;
    /// Both libraries on the first `n` queries, every answer judged.
    fn check(&self, n: usize) -> Tally;
}

impl<Q: Query> Kind for Scene<Q> {
    fn len(&self) -> usize {
        self.pairs.len()
    }
    fn run_fixed(&self, n: usize) -> u64 {
        Scene::run_fixed(self, n)
    }
    fn run_parry(&self, n: usize) -> u64 {
        Scene::run_parry(self, n)
    }
    fn check(&self, n: usize) -> Tally {
        Scene::check(self, n)
    }
}

/// A family of scenes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Random pool pairs ([`Scene`]): every case, shortcuts included.
    Mixed,
    /// Pool pairs that no shortcut decides ([`kinds::NoShort`]).
    NoShortcut,
    /// Distinct queries streamed from memory ([`stream::Stream`]).
    Stream,
}

impl Family {
    /// Prefix of the criterion group names.
    pub fn prefix(self) -> &'static str {
        match self {
            Family::Mixed => "",
            Family::NoShortcut => "noshort_",
            Family::Stream => "stream_",
        }
    }

    /// Name in the report.
    pub fn label(self) -> &'static str {
        match self {
            Family::Mixed => "mixed",
            Family::NoShortcut => "no-shortcut",
            Family::Stream => "streaming",
        }
    }
}

/// One benchmarked (family, kind): its names and how to build its scene.
pub struct Spec {
    /// The family.
    pub family: Family,
    /// [`Query::NAME`].
    pub query: &'static str,
    /// [`Query::PARRY_CALL`].
    pub parry_call: &'static str,
    /// [`Query::PARRY_FN`].
    pub parry_fn: &'static str,
    /// [`Query::TIME_FIXED`].
    pub time_fixed: bool,
    /// [`Query::SHORTCUTS`].
    pub shortcuts: [&'static str; 2],
    /// Bytes of one query's inputs (A and B) for fixed-collide and parry:
    /// what a streaming query reads from memory.
    pub bytes: (usize, usize),
    /// Builds the scene; the argument is the length of a streaming scene
    /// (pool scenes have [`N_PAIRS`] queries, or the pairs left of them
    /// that are no shortcut case).
    build: fn(usize) -> Box<dyn Kind>,
}

impl Spec {
    fn new<Q: Query>(family: Family, build: fn(usize) -> Box<dyn Kind>) -> Spec {
        use std::mem::size_of;
        Spec {
            family,
            query: Q::NAME,
            parry_call: Q::PARRY_CALL,
            parry_fn: Q::PARRY_FN,
            time_fixed: Q::TIME_FIXED,
            shortcuts: Q::SHORTCUTS,
            bytes: (
                size_of::<Q::FA>() + size_of::<Q::FB>(),
                size_of::<Q::PA>() + size_of::<Q::PB>(),
            ),
            build,
        }
    }

    /// The criterion group: the family's prefix and the kind's name.
    pub fn group(&self) -> String {
        format!("{}{}", self.family.prefix(), self.query)
    }

    /// Builds the scene (a streaming one of [`stream::N_STREAM`] queries).
    pub fn build(&self) -> Box<dyn Kind> {
        (self.build)(stream::N_STREAM)
    }

    /// Builds the scene, a streaming one of `n` queries only (tests).
    pub fn build_with(&self, n: usize) -> Box<dyn Kind> {
        (self.build)(n)
    }
}

fn mixed<Q: Query>() -> Spec {
    Spec::new::<Q>(Family::Mixed, |_| Box::new(Scene::<Q>::default()))
}

fn noshort<Q: kinds::Aimed>() -> Spec {
    Spec::new::<kinds::NoShort<Q>>(Family::NoShortcut, |_| {
        Box::new(Scene::<kinds::NoShort<Q>>::without_shortcuts())
    })
}

fn streamed<Q: Query>() -> Spec {
    Spec::new::<Q>(Family::Stream, |n| Box::new(stream::Stream::<Q>::new(n)))
}

/// Every (family, kind), in report order: by kind, then family.
pub fn all_specs() -> Vec<Spec> {
    use kinds::*;
    vec![
        mixed::<AabbOverlap<3>>(),
        streamed::<AabbOverlap<3>>(),
        mixed::<AabbOverlap<2>>(),
        mixed::<AabbIntersection>(),
        mixed::<AabbContact>(),
        mixed::<RayAabb>(),
        noshort::<RayAabb>(),
        streamed::<RayAabb>(),
        mixed::<AabbSweep>(),
        mixed::<AabbSweepCast>(),
        noshort::<AabbSweep>(),
        streamed::<AabbSweep>(),
        mixed::<AabbSweepPair>(),
        noshort::<AabbSweepPair>(),
        streamed::<AabbSweepPair>(),
        mixed::<SphereAabb>(),
        mixed::<SphereObb>(),
        streamed::<SphereObb>(),
        mixed::<ObbOverlap<3>>(),
        streamed::<ObbOverlap<3>>(),
        mixed::<ObbOverlap<2>>(),
        streamed::<ObbOverlap<2>>(),
        mixed::<RayObb>(),
        noshort::<RayObb>(),
        streamed::<RayObb>(),
        mixed::<CapsuleOverlap>(),
        streamed::<CapsuleOverlap>(),
        mixed::<RayCapsule>(),
        noshort::<RayCapsule>(),
        streamed::<RayCapsule>(),
        mixed::<RaySphere>(),
        noshort::<RaySphere>(),
        streamed::<RaySphere>(),
        mixed::<PolygonOverlap>(),
        streamed::<PolygonOverlap>(),
        mixed::<RayPolygon>(),
        mixed::<RaySegment>(),
        streamed::<RayPolygon>(),
        mixed::<PolygonCast>(),
        streamed::<PolygonCast>(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_distinct_and_in_range() {
        let mut p = pairs(PAIR_SEED);
        assert_eq!(p.len(), N_PAIRS);
        assert!(
            p.iter()
                .all(|&(i, j)| (i as usize) < POOL && (j as usize) < POOL)
        );
        p.sort_unstable();
        p.dedup();
        assert_eq!(p.len(), N_PAIRS, "duplicate pairs");
    }

    #[test]
    fn every_disagreement_on_a_sample_of_queries_is_explained() {
        // The report checks all queries; this keeps the judges honest in
        // `cargo test` on a sample (streaming scenes of the sample's size).
        const SAMPLE: usize = 20_000;
        for spec in all_specs() {
            let t = spec.build_with(SAMPLE).check(SAMPLE);
            let name = format!(
                "{} {} vs {}",
                spec.family.label(),
                spec.query,
                spec.parry_fn
            );
            assert_eq!(t.unexplained, 0, "{name}: {:?}", t.examples);
            assert!(
                t.fixed_hits > 0 && t.fixed_hits < t.n,
                "{name}: hits {} of {}",
                t.fixed_hits,
                t.n
            );
        }
    }

    #[test]
    fn no_shortcut_scenes_have_no_shortcut_cases_and_mixed_ones_do() {
        const SAMPLE: usize = 20_000;
        for spec in all_specs() {
            if spec.shortcuts == ["", ""] {
                continue;
            }
            let t = spec.build_with(SAMPLE).check(SAMPLE);
            let name = format!("{} {}", spec.family.label(), spec.query);
            if spec.family == Family::NoShortcut {
                assert_eq!(t.shortcuts, [0, 0], "{name}");
            } else {
                assert!(
                    t.shortcuts.iter().all(|&k| k > 0),
                    "{name}: {:?}",
                    t.shortcuts
                );
            }
        }
    }

    #[test]
    fn pairs_are_seeded() {
        assert_eq!(pairs(7)[..100], pairs(7)[..100]);
        assert_ne!(pairs(7)[..100], pairs(8)[..100]);
    }
}
