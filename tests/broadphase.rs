//! The broadphase against brute force (every pair through `aabb_overlap`),
//! in 2D and 3D: random scenes on coarse grids (so touching and identical
//! boxes are common) at several scales, sequences of insert / set / remove
//! over many ticks, coherent motion, insertion-order independence, the
//! errors, and `Aabb::try_swept` against its exact definition.

mod common;

use common::cases;
use common::rng::Rng;
use fixed_collide::{Aabb, Broadphase, Error, Fx, Vector, aabb_overlap};
use fixed_collide::{pairs_between, pairs_within};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::collections::BTreeMap;

type Check = Result<(), TestCaseError>;

/// One unit (1.0) in raw bits.
const ONE: i64 = 1 << 32;
/// The domain limit 2^20 in raw bits.
const DOM: i64 = 1 << 52;

/// A box from raw corner bits (panics on an invalid box: test input only).
fn raw_box<const D: usize>(min: [i64; D], max: [i64; D]) -> Aabb<D> {
    Aabb::try_new(
        Vector(min.map(Fx::from_bits)),
        Vector(max.map(Fx::from_bits)),
    )
    .unwrap()
}

/// A box from integer corners.
fn int_box<const D: usize>(min: [i64; D], max: [i64; D]) -> Aabb<D> {
    raw_box(min.map(|v| v * ONE), max.map(|v| v * ONE))
}

/// Every overlapping pair of `set` by brute force, sorted.
fn brute_pairs<const D: usize>(set: &BTreeMap<u32, Aabb<D>>) -> Vec<(u32, u32)> {
    let items: Vec<_> = set.iter().collect();
    let mut out = Vec::new();
    for (i, (a, ba)) in items.iter().enumerate() {
        for (b, bb) in &items[i + 1..] {
            if aabb_overlap(ba, bb) {
                out.push((**a, **b));
            }
        }
    }
    out
}

/// The ids of `set` overlapping `q` by brute force, ascending.
fn brute_query<const D: usize>(set: &BTreeMap<u32, Aabb<D>>, q: &Aabb<D>) -> Vec<u32> {
    set.iter()
        .filter(|(_, b)| aabb_overlap(b, q))
        .map(|(id, _)| *id)
        .collect()
}

fn pairs_of<const D: usize>(bp: &mut Broadphase<D>) -> Vec<(u32, u32)> {
    let mut out = vec![(9, 9)]; // must be cleared
    bp.pairs(&mut out);
    out
}

fn query_of<const D: usize>(bp: &mut Broadphase<D>, q: &Aabb<D>) -> Vec<u32> {
    let mut out = vec![9]; // must be cleared
    bp.query(q, &mut out);
    out
}

/// A broadphase holding `set`, inserted in id order.
fn build<const D: usize>(set: &BTreeMap<u32, Aabb<D>>) -> Broadphase<D> {
    let mut bp = Broadphase::new();
    for (&id, b) in set {
        bp.insert(id, *b).unwrap();
    }
    bp
}

/// Checks `pairs` and a few queries of `bp` against brute force over `set`.
fn check_against_brute<const D: usize>(
    bp: &mut Broadphase<D>,
    set: &BTreeMap<u32, Aabb<D>>,
    queries: &[Aabb<D>],
) -> Check {
    prop_assert_eq!(bp.len(), set.len());
    prop_assert_eq!(pairs_of(bp), brute_pairs(set), "pairs of {:?}", set);
    for q in queries {
        prop_assert_eq!(
            query_of(bp, q),
            brute_query(set, q),
            "query {:?} in {:?}",
            q,
            set
        );
    }
    Ok(())
}

// ============================================================ generators ==

/// The raw size of one grid step: one ulp, 2^-4, 1 or 256 units. Small
/// steps make every box fit the smallest cell; large ones use big cells.
fn unit() -> impl Strategy<Value = i64> {
    prop_oneof![Just(1i64), Just(1 << 28), Just(ONE), Just(1 << 40)]
}

/// A box on the grid of `unit`: corners in [-12, 12] steps, sizes mostly 0
/// to 3 steps (zero-size boxes and exact touching are frequent), sometimes
/// up to 40 (larger than the grid cell: the oversize path).
fn grid_box<const D: usize>(unit: i64) -> impl Strategy<Value = Aabb<D>> {
    let size = prop_oneof![8 => 0i64..=3, 1 => 0i64..=40];
    (
        proptest::array::uniform::<_, D>(-12i64..=12),
        proptest::array::uniform::<_, D>(size),
    )
        .prop_map(move |(c, s)| {
            raw_box(
                std::array::from_fn(|k| c[k] * unit),
                std::array::from_fn(|k| (c[k] + s[k]) * unit),
            )
        })
}

/// An id: mostly small (the dense table), sometimes anywhere in `u32`
/// (the sparse map).
fn id() -> impl Strategy<Value = u32> {
    prop_oneof![6 => 0u32..300, 1 => any::<u32>()]
}

/// A set of up to 200 boxes with distinct ids, on one grid.
fn scene<const D: usize>() -> impl Strategy<Value = (i64, BTreeMap<u32, Aabb<D>>)> {
    unit().prop_flat_map(|u| {
        (
            Just(u),
            proptest::collection::btree_map(id(), grid_box::<D>(u), 0..200),
        )
    })
}

/// A step of a broadphase's life.
#[derive(Clone, Debug)]
enum Op<const D: usize> {
    Insert(u32, Aabb<D>),
    Set(u32, Aabb<D>),
    Remove(u32),
    /// Compare `pairs` and a query with this box against brute force.
    Check(Aabb<D>),
}

/// Up to 300 operations on ids from a small pool (so duplicates, unknown
/// ids and re-insertions after removal are frequent) plus a few large ids.
fn ops<const D: usize>() -> impl Strategy<Value = Vec<Op<D>>> {
    let pool = prop_oneof![
        8 => 0u32..48,
        1 => prop_oneof![Just(u32::MAX), Just(1u32 << 31), Just(5000u32)],
    ];
    unit().prop_flat_map(move |u| {
        let op = prop_oneof![
            4 => (pool.clone(), grid_box::<D>(u)).prop_map(|(i, b)| Op::Insert(i, b)),
            4 => (pool.clone(), grid_box::<D>(u)).prop_map(|(i, b)| Op::Set(i, b)),
            2 => pool.clone().prop_map(Op::Remove),
            1 => grid_box::<D>(u).prop_map(Op::Check),
        ];
        proptest::collection::vec(op, 0..300)
    })
}

/// The property cases of the heavier properties (a tenth of the default).
fn heavy_cases() -> u32 {
    (cases() / 10).max(1)
}

// ============================================================ properties ==

/// Runs `ops` on a broadphase and a model map; every result and error
/// matches the model, and every `Check` matches brute force.
fn run_ops<const D: usize>(ops: &[Op<D>]) -> Check {
    let mut bp = Broadphase::<D>::new();
    let mut model = BTreeMap::new();
    for op in ops {
        match *op {
            Op::Insert(id, b) => {
                let r = bp.insert(id, b);
                prop_assert_eq!(r.is_ok(), !model.contains_key(&id), "insert {} {:?}", id, r);
                model.entry(id).or_insert(b);
            }
            Op::Set(id, b) => {
                let r = bp.set(id, b);
                prop_assert_eq!(r.is_ok(), model.contains_key(&id), "set {} {:?}", id, r);
                if let Some(m) = model.get_mut(&id) {
                    *m = b;
                }
            }
            Op::Remove(id) => {
                let r = bp.remove(id);
                prop_assert_eq!(
                    r.is_ok(),
                    model.remove(&id).is_some(),
                    "remove {} {:?}",
                    id,
                    r
                );
            }
            Op::Check(q) => check_against_brute(&mut bp, &model, &[q])?,
        }
        prop_assert_eq!(bp.len(), model.len());
    }
    for (&id, b) in &model {
        prop_assert_eq!(bp.get(id), Some(*b), "get {}", id);
    }
    check_against_brute(&mut bp, &model, &[])
}

/// Inserts `set` in a shuffled order, with decoys inserted and removed and
/// boxes first placed elsewhere then set back: the answers equal those of
/// the plain build.
fn order_independent<const D: usize>(set: &BTreeMap<u32, Aabb<D>>, seed: u64) -> Check {
    let mut plain = build(set);
    let mut items: Vec<_> = set.iter().map(|(&i, &b)| (i, b)).collect();
    let mut rng = Rng::new(seed);
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut other = Broadphase::new();
    let elsewhere = int_box([100; D], [101; D]);
    for (n, &(id, b)) in items.iter().enumerate() {
        let decoy = u32::MAX - n as u32;
        if !set.contains_key(&decoy) {
            other.insert(decoy, b).unwrap();
        }
        other.insert(id, elsewhere).unwrap();
        if n % 3 == 0 {
            other.pairs(&mut Vec::new()); // a refresh in between
        }
        other.set(id, b).unwrap();
        if !set.contains_key(&decoy) {
            other.remove(decoy).unwrap();
        }
    }
    let expected = pairs_of(&mut plain);
    prop_assert_eq!(&pairs_of(&mut other), &expected);
    prop_assert_eq!(&expected, &brute_pairs(set));
    if let Some((_, q)) = items.first() {
        prop_assert_eq!(query_of(&mut other, q), query_of(&mut plain, q));
    }
    Ok(())
}

/// `try_swept` equals the union of the box and its displaced copy, or an
/// error naming the corner (or `d` beyond the range of `Fx`) exactly when a
/// corner of the union leaves the domain.
fn swept_matches_union<const D: usize>(b: &Aabb<D>, d: [i64; D]) -> Check {
    let r = b.try_swept(Vector(d.map(Fx::from_bits)));
    let mut min = [0i128; D];
    let mut max = [0i128; D];
    for k in 0..D {
        let (lo, hi) = (
            i128::from(b.min().0[k].to_bits()),
            i128::from(b.max().0[k].to_bits()),
        );
        min[k] = lo.min(lo + i128::from(d[k]));
        max[k] = hi.max(hi + i128::from(d[k]));
    }
    let bad = (0..D).find(|&k| min[k] < -i128::from(DOM) || max[k] > i128::from(DOM));
    match (r, bad) {
        (Ok(s), None) => {
            for k in 0..D {
                prop_assert_eq!(i128::from(s.min().0[k].to_bits()), min[k]);
                prop_assert_eq!(i128::from(s.max().0[k].to_bits()), max[k]);
            }
        }
        (Err(Error::OutOfDomain { field, .. }), Some(k)) => {
            let axis = ["x", "y", "z"][k];
            let corner = if d[k] < 0 { "min" } else { "max" };
            let names = [format!("{corner}.{axis}"), format!("d.{axis}")];
            prop_assert!(names.contains(&field.to_string()), "field {}", field);
        }
        (r, bad) => prop_assert!(false, "{:?} for {:?} + {:?}, bad axis {:?}", r, b, d, bad),
    }
    Ok(())
}

/// A displacement: small, anything in the domain, or any bits.
fn disp() -> impl Strategy<Value = i64> {
    prop_oneof![
        3 => (-8i64..=8).prop_map(|k| k * ONE),
        2 => -2 * DOM..=2 * DOM,
        1 => any::<i64>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn pairs_and_query_match_brute_force_2d((_, set) in scene::<2>(), q in grid_box::<2>(ONE)) {
        check_against_brute(&mut build(&set), &set, &[q])?;
    }

    #[test]
    fn pairs_and_query_match_brute_force_3d((_, set) in scene::<3>(), q in grid_box::<3>(ONE)) {
        check_against_brute(&mut build(&set), &set, &[q])?;
    }

    #[test]
    fn try_swept_is_the_union_2d(
        (u, b) in unit().prop_flat_map(|u| (Just(u), grid_box::<2>(u))),
        d in proptest::array::uniform::<_, 2>(disp()),
    ) {
        let _ = u;
        swept_matches_union(&b, d)?;
    }

    #[test]
    fn try_swept_is_the_union_3d(
        (u, b) in unit().prop_flat_map(|u| (Just(u), grid_box::<3>(u))),
        d in proptest::array::uniform::<_, 3>(disp()),
    ) {
        let _ = u;
        swept_matches_union(&b, d)?;
    }
}

/// Two slices of up to 120 boxes on one grid.
fn two_slices<const D: usize>() -> impl Strategy<Value = (Vec<Aabb<D>>, Vec<Aabb<D>>)> {
    let list = |u| proptest::collection::vec(grid_box::<D>(u), 0..120);
    unit().prop_flat_map(move |u| (list(u), list(u)))
}

/// `pairs_within` and `pairs_between` over slices equal brute force by
/// index.
fn slice_pairs_match<const D: usize>(a: &[Aabb<D>], b: &[Aabb<D>]) -> Check {
    let as_map = |s: &[Aabb<D>]| -> BTreeMap<u32, Aabb<D>> {
        s.iter().enumerate().map(|(i, x)| (i as u32, *x)).collect()
    };
    prop_assert_eq!(pairs_within(a), brute_pairs(&as_map(a)));
    let mut between = Vec::new();
    for (i, x) in a.iter().enumerate() {
        for j in brute_query(&as_map(b), x) {
            between.push((i as u32, j));
        }
    }
    prop_assert_eq!(pairs_between(a, b), between);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(heavy_cases()))]

    #[test]
    fn slice_pairs_match_brute_force_2d((a, b) in two_slices::<2>()) {
        slice_pairs_match(&a, &b)?;
    }

    #[test]
    fn slice_pairs_match_brute_force_3d((a, b) in two_slices::<3>()) {
        slice_pairs_match(&a, &b)?;
    }

    #[test]
    fn insert_set_remove_sequences_match_brute_force_2d(ops in ops::<2>()) {
        run_ops(&ops)?;
    }

    #[test]
    fn insert_set_remove_sequences_match_brute_force_3d(ops in ops::<3>()) {
        run_ops(&ops)?;
    }

    #[test]
    fn answers_do_not_depend_on_insertion_order_2d((_, set) in scene::<2>(), seed in any::<u64>()) {
        order_independent(&set, seed)?;
    }

    #[test]
    fn answers_do_not_depend_on_insertion_order_3d((_, set) in scene::<3>(), seed in any::<u64>()) {
        order_independent(&set, seed)?;
    }
}

// ============================================================ fixed cases ==

/// 1500 boxes moving coherently for 40 ticks (bouncing inside a region),
/// with some removed and re-inserted along the way: every tick's pairs
/// match brute force.
fn coherent_motion<const D: usize>(seed: u64) {
    let mut rng = Rng::new(seed);
    let n = 1500u32;
    let mut pos: Vec<[i64; D]> = (0..n)
        .map(|_| std::array::from_fn(|_| rng.range_i64(-100 * ONE, 100 * ONE)))
        .collect();
    let mut vel: Vec<[i64; D]> = (0..n)
        .map(|_| std::array::from_fn(|_| rng.range_i64(-ONE, ONE)))
        .collect();
    let size: Vec<[i64; D]> = (0..n)
        .map(|i| {
            std::array::from_fn(|_| {
                if i % 97 == 0 {
                    40 * ONE
                } else {
                    rng.range_i64(0, 4 * ONE)
                }
            })
        })
        .collect();
    let boxes = |pos: &[[i64; D]]| -> BTreeMap<u32, Aabb<D>> {
        (0..n)
            .map(|i| {
                let p = pos[i as usize];
                let s = size[i as usize];
                (3 * i, raw_box(p, std::array::from_fn(|k| p[k] + s[k])))
            })
            .collect()
    };
    let mut bp = build(&boxes(&pos));
    for tick in 0..40u32 {
        for (p, v) in pos.iter_mut().zip(vel.iter_mut()) {
            for k in 0..D {
                if (p[k] + v[k]).abs() > 100 * ONE {
                    v[k] = -v[k];
                }
                p[k] += v[k];
            }
        }
        // Every 5th tick, a few boxes leave; the next tick they come back.
        let leaving: Vec<u32> = (0..n).step_by(50).map(|i| 3 * i).collect();
        let mut set = boxes(&pos);
        for (&id, b) in &set {
            match tick % 5 {
                1 if leaving.contains(&id) => bp.insert(id, *b).unwrap(),
                _ => bp.set(id, *b).unwrap(),
            }
        }
        if tick % 5 == 0 {
            for id in &leaving {
                bp.remove(*id).unwrap();
                set.remove(id);
            }
        }
        let got = pairs_of(&mut bp);
        assert_eq!(got, brute_pairs(&set), "tick {tick}, seed {seed}");
        let q = set
            .values()
            .next()
            .copied()
            .unwrap_or_else(|| int_box([0; D], [0; D]));
        assert_eq!(
            query_of(&mut bp, &q),
            brute_query(&set, &q),
            "tick {tick} query"
        );
    }
}

#[test]
fn coherent_motion_matches_brute_force_2d() {
    coherent_motion::<2>(1);
}

#[test]
fn coherent_motion_matches_brute_force_3d() {
    coherent_motion::<3>(2);
}

#[test]
fn boxes_at_the_domain_limits_pair_correctly() {
    // (case, min, max) in raw bits; all overlap the point at the corner
    // (DOM, DOM) or the one at (-DOM, -DOM), or are far from both.
    let cases: [(&str, [i64; 2], [i64; 2]); 6] = [
        ("point at +corner", [DOM, DOM], [DOM, DOM]),
        ("1-ulp box at +corner", [DOM - 1, DOM - 1], [DOM, DOM]),
        ("whole domain", [-DOM, -DOM], [DOM, DOM]),
        ("point at -corner", [-DOM, -DOM], [-DOM, -DOM]),
        (
            "tiny box near -corner",
            [-DOM, -DOM + 1],
            [-DOM + 1, -DOM + 2],
        ),
        ("strip along the top", [-DOM, DOM], [DOM, DOM]),
    ];
    let set: BTreeMap<u32, Aabb<2>> = cases
        .iter()
        .enumerate()
        .map(|(i, (_, lo, hi))| (i as u32, raw_box(*lo, *hi)))
        .collect();
    let mut bp = build(&set);
    let got = pairs_of(&mut bp);
    assert_eq!(got, brute_pairs(&set), "cases {cases:?}");
    // The whole-domain box meets every other; the two corner points meet
    // the boxes at their corner.
    assert_eq!(
        got,
        [
            (0, 1),
            (0, 2),
            (0, 5),
            (1, 2),
            (1, 5),
            (2, 3),
            (2, 4),
            (2, 5)
        ]
    );
}

/// Two boxes per case, with whether they pair: touching counts.
fn touching_table<const D: usize>(cases: &[(&str, Aabb<D>, Aabb<D>, bool)]) {
    for (name, a, b, expected) in cases {
        let mut bp = Broadphase::new();
        bp.insert(1, *a).unwrap();
        bp.insert(0, *b).unwrap();
        let want: &[(u32, u32)] = if *expected { &[(0, 1)] } else { &[] };
        assert_eq!(pairs_of(&mut bp), want, "case {name}: {a:?} {b:?}");
        let ids = query_of(&mut bp, a);
        assert_eq!(ids.contains(&0), *expected, "case {name}: query {ids:?}");
    }
}

#[test]
fn touching_and_zero_size_boxes_pair_2d() {
    let unit = int_box([0, 0], [1, 1]);
    touching_table::<2>(&[
        // Sharing the face x = 1.
        ("face", unit, int_box([1, 0], [2, 1]), true),
        // Sharing only the corner (1, 1).
        ("corner", unit, int_box([1, 1], [2, 2]), true),
        // One ulp apart on x.
        (
            "gap of 1 ulp",
            unit,
            raw_box([ONE + 1, 0], [2 * ONE, ONE]),
            false,
        ),
        // The same box twice.
        ("identical", unit, unit, true),
        // A point on the face, inside, and outside.
        ("point on face", unit, int_box([1, 0], [1, 0]), true),
        (
            "point inside",
            unit,
            raw_box([ONE / 2; 2], [ONE / 2; 2]),
            true,
        ),
        ("point outside", unit, int_box([2, 2], [2, 2]), false),
        // Two zero-size boxes at the same point, and a segment through it.
        (
            "same point",
            int_box([3, 3], [3, 3]),
            int_box([3, 3], [3, 3]),
            true,
        ),
        (
            "segment through point",
            int_box([3, 3], [3, 3]),
            int_box([0, 3], [5, 3]),
            true,
        ),
        // Overlapping on x only.
        ("x only", unit, int_box([0, 2], [1, 3]), false),
    ]);
}

#[test]
fn touching_and_zero_size_boxes_pair_3d() {
    let unit = int_box([0, 0, 0], [1, 1, 1]);
    touching_table::<3>(&[
        // Sharing the face z = 1.
        ("face", unit, int_box([0, 0, 1], [1, 1, 2]), true),
        // Sharing the edge x = 1, y = 1.
        ("edge", unit, int_box([1, 1, 0], [2, 2, 1]), true),
        // Sharing only the corner (1, 1, 1).
        ("corner", unit, int_box([1, 1, 1], [2, 2, 2]), true),
        // One ulp apart on z.
        (
            "gap of 1 ulp",
            unit,
            raw_box([0, 0, ONE + 1], [ONE, ONE, 2 * ONE]),
            false,
        ),
        // The same box twice, and a point at its center.
        ("identical", unit, unit, true),
        (
            "point inside",
            unit,
            raw_box([ONE / 2; 3], [ONE / 2; 3]),
            true,
        ),
        // Overlapping on x and y, apart on z.
        (
            "apart on z only",
            unit,
            int_box([0, 0, 2], [1, 1, 3]),
            false,
        ),
        // A flat box (zero thickness) lying on the top face.
        ("flat on top", unit, int_box([0, 0, 1], [1, 1, 1]), true),
    ]);
}

#[test]
fn errors_name_the_id() {
    let b = int_box([0, 0], [1, 1]);
    let mut bp = Broadphase::<2>::new();
    bp.insert(5, b).unwrap();
    bp.insert(u32::MAX, b).unwrap();
    bp.remove(u32::MAX).unwrap();
    // (case, result, expected message)
    let cases: Vec<(&str, Result<(), Error>, &str)> = vec![
        (
            "duplicate insert",
            bp.insert(5, b),
            "id: 5 is already in the broadphase",
        ),
        (
            "set unknown",
            bp.set(6, b),
            "id: 6 is not in the broadphase",
        ),
        (
            "remove unknown",
            bp.remove(7),
            "id: 7 is not in the broadphase",
        ),
        (
            "remove twice",
            bp.remove(u32::MAX),
            "id: 4294967295 is not in the broadphase",
        ),
        (
            "set after remove",
            bp.set(u32::MAX, b),
            "id: 4294967295 is not in the broadphase",
        ),
    ];
    for (name, r, message) in cases {
        let e = r.expect_err(name);
        assert!(
            matches!(e, Error::DuplicateId { .. } | Error::UnknownId { .. }),
            "case {name}: {e:?}"
        );
        assert_eq!(e.field().to_string(), "id", "case {name}");
        assert_eq!(e.to_string(), message, "case {name}");
    }
    // The failed calls changed nothing.
    assert_eq!(bp.len(), 1, "len after errors");
    assert_eq!(bp.get(5), Some(b));
}

#[test]
fn try_swept_errors_name_the_corner_or_the_displacement() {
    let b = int_box([-1, 0, 0], [1, 1, 1]);
    // (case, displacement bits, expected field)
    let cases: [(&str, [i64; 3], &str); 4] = [
        ("max.x beyond 2^20", [DOM, 0, 0], "max.x"),
        ("min.z below -2^20", [0, 0, -DOM - ONE], "min.z"),
        ("max.y past the range of Fx", [0, i64::MAX, 0], "d.y"),
        ("min.x past the range of Fx", [i64::MIN, 0, 0], "d.x"),
    ];
    for (name, d, field) in cases {
        let e = b.try_swept(Vector(d.map(Fx::from_bits))).expect_err(name);
        assert!(matches!(e, Error::OutOfDomain { .. }), "case {name}: {e:?}");
        assert_eq!(e.field().to_string(), field, "case {name}: {e}");
    }
}

#[test]
fn clear_empties_and_keeps_working() {
    let mut bp = Broadphase::<2>::with_capacity(10);
    bp.insert(1, int_box([0, 0], [2, 2])).unwrap();
    bp.insert(2, int_box([1, 1], [3, 3])).unwrap();
    assert_eq!(pairs_of(&mut bp), [(1, 2)]);
    bp.clear();
    assert!(bp.is_empty(), "empty after clear");
    assert_eq!(pairs_of(&mut bp), []);
    bp.insert(2, int_box([0, 0], [1, 1])).unwrap();
    bp.insert(3, int_box([1, 0], [2, 1])).unwrap();
    assert_eq!(pairs_of(&mut bp), [(2, 3)]);
}

#[test]
fn ids_stay_reachable_as_the_id_table_grows() {
    // Large ids first (kept in the sparse map), then enough small ones that
    // the dense table grows over them: every id stays reachable.
    let mut bp = Broadphase::<2>::new();
    let mut set = BTreeMap::new();
    let ids = [6000u32, 3000, 2500, 1 << 31, u32::MAX];
    for (i, &id) in ids
        .iter()
        .chain(&(0..2100).collect::<Vec<u32>>())
        .enumerate()
    {
        let x = (i % 40) as i64;
        let b = int_box([x, (i / 40) as i64], [x + 1, (i / 40) as i64]);
        bp.insert(id, b).unwrap();
        set.insert(id, b);
    }
    for &id in &ids {
        assert_eq!(bp.get(id), set.get(&id).copied(), "get {id}");
        let moved = int_box([-5, -5], [-4, -4]);
        bp.set(id, moved)
            .unwrap_or_else(|e| panic!("set {id}: {e}"));
        set.insert(id, moved);
    }
    assert_eq!(pairs_of(&mut bp), brute_pairs(&set));
    for &id in &ids {
        bp.remove(id).unwrap_or_else(|e| panic!("remove {id}: {e}"));
        assert_eq!(bp.get(id), None, "get {id} after remove");
    }
}

/// Small boxes over the whole domain, many of them in tight clusters a few
/// ulps apart: the grid needs coarse cells and the x key drops low bits,
/// so boxes a few ulps apart share a key. Pairs and queries still match
/// brute force, before and after every box moves by a few ulps.
fn wide_scene<const D: usize>(seed: u64) {
    let mut rng = Rng::new(seed);
    let mut set = BTreeMap::new();
    for id in 0..1500u32 {
        let lo: [i64; D] = std::array::from_fn(|_| rng.range_i64(-DOM, DOM - 64));
        let size: [i64; D] = std::array::from_fn(|_| rng.range_i64(0, 64));
        set.insert(id, raw_box(lo, std::array::from_fn(|k| lo[k] + size[k])));
    }
    for c in 0..100u32 {
        let center: [i64; D] = std::array::from_fn(|_| rng.range_i64(-DOM, DOM - 256));
        for j in 0..15u32 {
            let lo: [i64; D] = std::array::from_fn(|k| center[k] + rng.range_i64(0, 64));
            let size: [i64; D] = std::array::from_fn(|_| rng.range_i64(0, 64));
            let hi = std::array::from_fn(|k| lo[k] + size[k]);
            set.insert(10_000 + 15 * c + j, raw_box(lo, hi));
        }
    }
    let mut bp = build(&set);
    let queries: Vec<Aabb<D>> = set.values().step_by(97).copied().collect();
    for round in 0..3 {
        let got = pairs_of(&mut bp);
        assert_eq!(got, brute_pairs(&set), "round {round}, seed {seed}");
        assert!(got.len() > 100, "clusters overlap: {} pairs", got.len());
        for q in &queries {
            assert_eq!(
                query_of(&mut bp, q),
                brute_query(&set, q),
                "round {round}, query {q:?}"
            );
        }
        for (id, b) in set.iter_mut() {
            let d: [i64; D] = std::array::from_fn(|_| rng.range_i64(-8, 8));
            let (lo, hi) = (b.min().0.map(Fx::to_bits), b.max().0.map(Fx::to_bits));
            let clamp = |v: i64| v.clamp(-DOM, DOM);
            *b = raw_box(
                std::array::from_fn(|k| clamp(lo[k] + d[k]).min(clamp(hi[k] + d[k]))),
                std::array::from_fn(|k| clamp(hi[k] + d[k])),
            );
            bp.set(*id, *b).unwrap();
        }
    }
}

#[test]
fn wide_scenes_with_coarse_x_keys_match_brute_force_2d() {
    wide_scene::<2>(3);
}

#[test]
fn wide_scenes_with_coarse_x_keys_match_brute_force_3d() {
    wide_scene::<3>(4);
}
