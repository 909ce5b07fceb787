//! The query generator: the older ops' queries do not move when the generic
//! `overlap` and `ray_cast` queries are interleaved, nor the pairs when the
//! polygon queries are; the generic ones cover every shape kind pair and
//! every edge category, the polygon ones every kind either way round.

use fixed_collide_cli::eval::eval_line;
use fixed_collide_cli::replay::queries::generate;
use std::collections::BTreeSet;

fn is_generic(category: &str) -> bool {
    category.starts_with("overlap/") || category.starts_with("ray_cast/")
}

/// A polygon query: a generic op's with a polygon operand.
fn is_polygon(category: &str) -> bool {
    is_generic(category) && category.contains("polygon")
}

#[test]
fn older_ops_queries_are_a_prefix_whatever_the_count() {
    let short: Vec<_> = generate(2_500, 1).filter(|(c, _)| !is_generic(c)).collect();
    let long: Vec<_> = generate(5_000, 1).filter(|(c, _)| !is_generic(c)).collect();
    assert_eq!(short.len(), 2_000);
    assert_eq!(long.len(), 4_000);
    assert_eq!(short[..], long[..2_000]);
}

#[test]
fn pairs_are_a_prefix_whatever_the_count_and_the_polygon_queries_too() {
    let pairs = |n| -> Vec<_> { generate(n, 1).filter(|(c, _)| !is_polygon(c)).collect() };
    let polygons = |n| -> Vec<_> { generate(n, 1).filter(|(c, _)| is_polygon(c)).collect() };
    let (short, long) = (pairs(2_500), pairs(5_000));
    assert_eq!((short.len(), long.len()), (2_400, 4_800));
    assert_eq!(short[..], long[..2_400]);
    let (short, long) = (polygons(2_500), polygons(5_000));
    assert_eq!((short.len(), long.len()), (100, 200));
    assert_eq!(short[..], long[..100]);
}

#[test]
fn every_twelfth_pair_alternates_overlap_and_ray_cast_and_every_25th_is_a_polygon() {
    let all: Vec<_> = generate(50, 3).collect();
    let generic: Vec<usize> = (0..all.len()).filter(|&i| is_generic(&all[i].0)).collect();
    assert_eq!(generic, [20, 21, 22, 23, 24, 45, 46, 47, 48, 49]);
    assert!(all[20].0.starts_with("overlap/2d/"), "{}", all[20].0);
    assert!(all[21].0.starts_with("overlap/3d/"), "{}", all[21].0);
    assert!(all[22].0.starts_with("ray_cast/2d/"), "{}", all[22].0);
    assert!(all[23].0.starts_with("ray_cast/3d/"), "{}", all[23].0);
    assert!(
        all[24].0.starts_with("overlap/2d/polygon_"),
        "{}",
        all[24].0
    );
    // Queries 25 to 48 are the pairs' 24 to 47: the 44th is overlap 2D.
    assert!(all[45].0.starts_with("overlap/2d/"), "{}", all[45].0);
    assert!(
        all[49].0.starts_with("ray_cast/2d/polygon/"),
        "{}",
        all[49].0
    );
    for (i, (category, _)) in all.iter().enumerate() {
        assert_eq!(is_polygon(category), i % 25 == 24, "{i}: {category}");
    }
}

#[test]
fn polygon_queries_cover_every_kind_either_way_and_every_case_and_evaluate() {
    let kinds = ["aabb", "obb", "sphere", "segment", "capsule", "polygon"];
    let mut pairs = BTreeSet::new();
    let mut relations = BTreeSet::new();
    let mut ray = BTreeSet::new();
    for (category, line) in generate(15_000, 1).filter(|(c, _)| is_polygon(c)) {
        let parts: Vec<&str> = category.split('/').collect();
        assert_eq!((parts.len(), parts[1]), (4, "2d"), "{category}");
        if parts[0] == "overlap" {
            pairs.insert(parts[2].to_string());
            relations.insert(parts[3].to_string());
        } else {
            assert_eq!(parts[2], "polygon", "{category}");
            ray.insert(parts[3].to_string());
        }
        assert!(eval_line(&line).is_ok(), "{category}: {line}");
        assert!(line.contains(r#""polygon":{"points":[["#), "{line}");
    }
    for k in kinds {
        assert!(
            pairs.contains(&format!("polygon_{k}")),
            "polygon {k}: {pairs:?}"
        );
        assert!(
            pairs.contains(&format!("{k}_polygon")),
            "{k} polygon: {pairs:?}"
        );
    }
    assert_eq!(pairs.len(), 11, "{pairs:?}");
    assert_eq!(relations.len(), 10, "{relations:?}");
    assert_eq!(ray.len(), 7, "{ray:?}");
}

#[test]
fn generic_queries_cover_every_kind_pair_and_category_and_evaluate() {
    let kinds = ["aabb", "obb", "sphere", "segment", "capsule"];
    let mut pairs = BTreeSet::new();
    let mut overlap_cats = BTreeSet::new();
    let mut ray = BTreeSet::new();
    for (category, line) in generate(15_000, 1).filter(|(c, _)| is_generic(c) && !is_polygon(c)) {
        let parts: Vec<&str> = category.split('/').collect();
        assert_eq!(parts.len(), 4, "{category}");
        if parts[0] == "overlap" {
            pairs.insert((parts[1].to_string(), parts[2].to_string()));
            overlap_cats.insert(parts[3].to_string());
        } else {
            ray.insert((
                parts[1].to_string(),
                parts[2].to_string(),
                parts[3].to_string(),
            ));
        }
        assert!(eval_line(&line).is_ok(), "{category}: {line}");
    }
    for dim in ["2d", "3d"] {
        for a in kinds {
            for b in kinds {
                assert!(
                    pairs.contains(&(dim.to_string(), format!("{a}_{b}"))),
                    "{dim} {a} {b}"
                );
            }
        }
    }
    assert_eq!(overlap_cats.len(), 10, "{overlap_cats:?}");
    // Every shape kind in every ray case, in both dimensions.
    assert_eq!(ray.len(), 2 * 5 * 8, "{ray:?}");
}

#[test]
fn tangent_queries_touch_and_one_ulp_gaps_miss() {
    for (category, line) in generate(15_000, 1).filter(|(c, _)| is_generic(c)) {
        let Ok(answer) = eval_line(&line) else {
            panic!("{category}: {line} is refused");
        };
        let hit = answer.is_hit();
        if category.ends_with("/touching")
            || category.ends_with("_touching")
            || category.ends_with("/grazing")
        {
            assert!(hit, "{category}: {line}");
        }
        if category.ends_with("/one_ulp_gap") || category.ends_with("/one_ulp_miss") {
            assert!(!hit, "{category}: {line}");
        }
    }
}
