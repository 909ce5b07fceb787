//! Property tests of the broadphase: generated scenes, operation sequences,
//! insertion orders, slices and `Aabb::try_swept`, against brute force and
//! the exact definition.

use super::*;
use crate::common::cases;
use crate::common::rng::Rng;
use fixed_collide::{Error, pairs_between, pairs_within};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

type Check = Result<(), TestCaseError>;

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
