//! Fixed cases of the broadphase: coherent motion over many ticks, the
//! domain limits, touching and zero-size boxes, the errors, `clear`, the id
//! table growing, and wide scenes with coarse x keys.

use super::*;
use crate::common::rng::Rng;
use fixed_collide::Error;

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
