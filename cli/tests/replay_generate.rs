//! The query generator: the older ops' queries do not move when the generic
//! `overlap` and `ray_cast` queries are interleaved, and the generic ones
//! cover every shape kind pair and every edge category.

use fixed_collide_cli::eval::eval_line;
use fixed_collide_cli::replay::queries::generate;
use std::collections::BTreeSet;

fn is_generic(category: &str) -> bool {
    category.starts_with("overlap/") || category.starts_with("ray_cast/")
}

#[test]
fn older_ops_queries_are_a_prefix_whatever_the_count() {
    let short: Vec<_> = generate(2_400, 1).filter(|(c, _)| !is_generic(c)).collect();
    let long: Vec<_> = generate(4_800, 1).filter(|(c, _)| !is_generic(c)).collect();
    assert_eq!(short.len(), 2_000);
    assert_eq!(long.len(), 4_000);
    assert_eq!(short[..], long[..2_000]);
}

#[test]
fn every_twelfth_pair_alternates_overlap_and_ray_cast() {
    let all: Vec<_> = generate(48, 3).collect();
    let generic: Vec<usize> = (0..all.len()).filter(|&i| is_generic(&all[i].0)).collect();
    assert_eq!(generic, [20, 21, 22, 23, 44, 45, 46, 47]);
    assert!(all[20].0.starts_with("overlap/2d/"), "{}", all[20].0);
    assert!(all[21].0.starts_with("overlap/3d/"), "{}", all[21].0);
    assert!(all[22].0.starts_with("ray_cast/2d/"), "{}", all[22].0);
    assert!(all[23].0.starts_with("ray_cast/3d/"), "{}", all[23].0);
}

#[test]
fn generic_queries_cover_every_kind_pair_and_category_and_evaluate() {
    let kinds = ["aabb", "obb", "sphere", "segment", "capsule"];
    let mut pairs = BTreeSet::new();
    let mut overlap_cats = BTreeSet::new();
    let mut ray = BTreeSet::new();
    for (category, line) in generate(14_400, 1).filter(|(c, _)| is_generic(c)) {
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
    for (category, line) in generate(14_400, 1).filter(|(c, _)| is_generic(c)) {
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
