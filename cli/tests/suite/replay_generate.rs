//! The query generator: the older ops' queries do not move when the generic
//! `overlap` and `ray_cast` queries are interleaved, nor the pairs when the
//! polygon and `shape_cast` queries are; the generic ones cover every shape
//! kind pair and every edge category, the polygon ones every kind either
//! way round, the casts every pair the op takes and every case (the
//! polygon casts too), and the casts hit and miss as their cases say.

use fixed_collide::num::Fx;
use fixed_collide_cli::eval::{Value, eval_line};
use fixed_collide_cli::replay::queries::generate;
use std::collections::BTreeSet;

fn is_generic(category: &str) -> bool {
    category.starts_with("overlap/") || category.starts_with("ray_cast/")
}

/// A `shape_cast` query.
fn is_cast(category: &str) -> bool {
    category.starts_with("shape_cast/")
}

/// A polygon `shape_cast` query (from the fifth stream).
fn is_polygon_cast(category: &str) -> bool {
    is_cast(category) && category.contains("polygon")
}

/// A `shape_cast` query of the five other kinds (the fourth stream).
fn is_plain_cast(category: &str) -> bool {
    is_cast(category) && !category.contains("polygon")
}

/// A polygon query: a generic op's with a polygon operand.
fn is_polygon(category: &str) -> bool {
    is_generic(category) && category.contains("polygon")
}

#[test]
fn older_ops_queries_are_a_prefix_whatever_the_count() {
    let older = |n| -> Vec<_> {
        generate(n, 1)
            .filter(|(c, _)| !is_generic(c) && !is_cast(c))
            .collect()
    };
    let (short, long) = (older(2_700), older(5_400));
    assert_eq!(short.len(), 2_000);
    assert_eq!(long.len(), 4_000);
    assert_eq!(short[..], long[..2_000]);
}

#[test]
fn pairs_are_a_prefix_whatever_the_count_and_the_polygon_and_cast_queries_too() {
    let of =
        |n, pick: fn(&str) -> bool| -> Vec<_> { generate(n, 1).filter(|(c, _)| pick(c)).collect() };
    let pair = |c: &str| !is_polygon(c) && !is_cast(c);
    let (short, long) = (of(2_700, pair), of(5_400, pair));
    assert_eq!((short.len(), long.len()), (2_400, 4_800));
    assert_eq!(short[..], long[..2_400]);
    for pick in [
        is_polygon as fn(&str) -> bool,
        is_plain_cast,
        is_polygon_cast,
    ] {
        let (short, long) = (of(2_700, pick), of(5_400, pick));
        assert_eq!((short.len(), long.len()), (100, 200));
        assert_eq!(short[..], long[..100]);
    }
}

#[test]
fn every_twelfth_pair_alternates_overlap_and_ray_cast_then_a_polygon_and_casts() {
    let all: Vec<_> = generate(54, 3).collect();
    let generic: Vec<usize> = (0..all.len()).filter(|&i| is_generic(&all[i].0)).collect();
    assert_eq!(generic, [20, 21, 22, 23, 24, 47, 48, 49, 50, 51]);
    assert!(all[20].0.starts_with("overlap/2d/"), "{}", all[20].0);
    assert!(all[21].0.starts_with("overlap/3d/"), "{}", all[21].0);
    assert!(all[22].0.starts_with("ray_cast/2d/"), "{}", all[22].0);
    assert!(all[23].0.starts_with("ray_cast/3d/"), "{}", all[23].0);
    assert!(
        all[24].0.starts_with("overlap/2d/polygon_"),
        "{}",
        all[24].0
    );
    assert!(all[25].0.starts_with("shape_cast/2d/"), "{}", all[25].0);
    assert!(
        all[26].0.starts_with("shape_cast/2d/polygon_"),
        "{}",
        all[26].0
    );
    // Queries 27 to 50 are the pairs' 24 to 47: the 44th is overlap 2D.
    assert!(all[47].0.starts_with("overlap/2d/"), "{}", all[47].0);
    assert!(
        all[51].0.starts_with("ray_cast/2d/polygon/"),
        "{}",
        all[51].0
    );
    assert!(all[52].0.starts_with("shape_cast/3d/"), "{}", all[52].0);
    assert!(all[53].0.starts_with("shape_cast/2d/"), "{}", all[53].0);
    for (i, (category, _)) in all.iter().enumerate() {
        assert_eq!(is_polygon(category), i % 27 == 24, "{i}: {category}");
        assert_eq!(is_plain_cast(category), i % 27 == 25, "{i}: {category}");
        assert_eq!(is_polygon_cast(category), i % 27 == 26, "{i}: {category}");
    }
}

#[test]
fn polygon_queries_cover_every_kind_either_way_and_every_case_and_evaluate() {
    let kinds = ["aabb", "obb", "sphere", "segment", "capsule", "polygon"];
    let mut pairs = BTreeSet::new();
    let mut relations = BTreeSet::new();
    let mut ray = BTreeSet::new();
    for (category, line) in generate(15_600, 1).filter(|(c, _)| is_polygon(c)) {
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
    for (category, line) in generate(15_600, 1).filter(|(c, _)| is_generic(c) && !is_polygon(c)) {
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
    for (category, line) in generate(15_600, 1).filter(|(c, _)| is_generic(c)) {
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

#[test]
fn cast_queries_cover_every_pair_the_op_takes_and_every_case_and_evaluate() {
    let kinds = ["aabb", "obb", "sphere", "segment", "capsule"];
    let (mut pairs, mut cases) = (BTreeSet::new(), BTreeSet::new());
    for (category, line) in generate(16_200, 1).filter(|(c, _)| is_plain_cast(c)) {
        let parts: Vec<&str> = category.split('/').collect();
        assert_eq!(parts.len(), 4, "{category}");
        pairs.insert((parts[1].to_string(), parts[2].to_string()));
        cases.insert(parts[3].to_string());
        // Every generated pair is one the op takes: an answer, not an error.
        let answer = eval_line(&line);
        assert!(answer.is_ok(), "{category}: {line}: {answer:?}");
    }
    for a in kinds {
        for b in kinds {
            assert!(
                pairs.contains(&("2d".to_string(), format!("{a}_{b}"))),
                "2d {a} {b}"
            );
        }
    }
    for a in ["sphere", "capsule", "segment"] {
        for b in kinds {
            assert!(
                pairs.contains(&("3d".to_string(), format!("{a}_{b}"))),
                "3d {a} {b}"
            );
        }
    }
    assert!(pairs.contains(&("3d".to_string(), "aabb_aabb".to_string())));
    assert_eq!(pairs.len(), 25 + 16, "{pairs:?}");
    assert_eq!(cases.len(), 9, "{cases:?}");
}

#[test]
fn polygon_cast_queries_cover_every_kind_either_way_and_every_case_and_evaluate() {
    let kinds = ["aabb", "obb", "sphere", "segment", "capsule"];
    let (mut pairs, mut cases) = (BTreeSet::new(), BTreeSet::new());
    for (category, line) in generate(16_200, 1).filter(|(c, _)| is_polygon_cast(c)) {
        let parts: Vec<&str> = category.split('/').collect();
        assert_eq!((parts.len(), parts[1]), (4, "2d"), "{category}");
        pairs.insert(parts[2].to_string());
        cases.insert(parts[3].to_string());
        let answer = eval_line(&line);
        assert!(answer.is_ok(), "{category}: {line}: {answer:?}");
    }
    for k in kinds {
        assert!(pairs.contains(&format!("polygon_{k}")), "polygon {k}");
        assert!(pairs.contains(&format!("{k}_polygon")), "{k} polygon");
    }
    assert!(pairs.contains("polygon_polygon"));
    assert_eq!((pairs.len(), cases.len()), (11, 9), "{pairs:?} {cases:?}");
}

#[test]
fn cast_cases_hit_and_miss_as_their_names_say() {
    // The moving shape starts touching or apart along an axis, the two
    // separated by a plane: touching only at the end, moving away and
    // stopping one ulp short are misses for every pair. Where the others
    // hit (shapes of no interior, such as a point sliding along a face,
    // never do), the time is the one the case names: the penetration
    // times are an open interval that starts when the extreme points meet
    // (a convex difference entered from a boundary point).
    for (category, line) in generate(16_200, 1).filter(|(c, _)| is_cast(c)) {
        let answer = eval_line(&line).unwrap_or_else(|e| panic!("{category}: {e:?}"));
        let (hit, t) = (answer.is_hit(), answer.get("t_enter"));
        let at = |bits: i64| Some(Value::Num(Fx::from_bits(bits)));
        match category.rsplit('/').next().unwrap_or("") {
            "touch_only_at_end" | "moving_away" | "one_ulp_short" => {
                assert!(!hit, "{category}: {line}")
            }
            "touching_moving_in" if hit => {
                assert_eq!(t, at(0), "{category}: {line}");
                let overlapping = answer.get("overlapping");
                assert_eq!(overlapping, Some(Value::Bool(false)), "{category}: {line}");
            }
            "hit_at_half" if hit => assert_eq!(t, at(1 << 31), "{category}: {line}"),
            "one_ulp_past" if hit => {
                let before_end = matches!(t, Some(Value::Num(x)) if x < Fx::ONE);
                assert!(before_end, "{category}: {line}");
            }
            _ => {}
        }
    }
}
