//! A replay is read strictly: no key twice anywhere, every number from its
//! text (never through a float), a bad header value named for what it is,
//! and outputs compared by value, not by their text.

use fixed_collide::Fx;
use fixed_collide_cli::eval::eval_line;
use fixed_collide_cli::replay::{self, ReplayError, queries::answer_json};
use replay_support::{
    arena_text, find, join, lines, matched, queries_of, queries_text, refused, reseal,
};

use crate::replay_support;

/// The text with the first `from` on line `n` replaced by `to`.
fn replace_on(text: &str, n: usize, from: &str, to: &str) -> String {
    let mut all = lines(text);
    assert!(all[n].contains(from), "line {n}: {from} in {}", all[n]);
    all[n] = all[n].replacen(from, to, 1);
    join(&all)
}

fn format_error(text: &str, want: &str) {
    let e = replay::parse(text).expect_err("refused");
    assert!(matches!(e, ReplayError::Format(_)), "{e}");
    assert!(e.to_string().contains(want), "want {want:?} in {e}");
}

#[test]
fn a_duplicate_version_is_refused_in_either_order() {
    let text = queries_text(5, 1);
    for dup in ["\"version\":7,\"version\":2", "\"version\":2,\"version\":1"] {
        let t = replace_on(&text, 0, "\"version\":2", dup);
        format_error(&t, "header.version: given more than once");
    }
}

#[test]
fn a_wrong_then_right_duplicate_of_the_final_hash_is_refused() {
    let text = arena_text(2, 10, 8, 4, 2);
    let n = find(&text, "final", 0);
    let line = &lines(&text)[n];
    let right = &line[line.find("\"hash\":").unwrap()..][..26];
    let dup = format!("\"hash\":\"0000000000000000\",{right}");
    let t = replace_on(&text, n, right, &dup);
    format_error(&t, "final.hash: given more than once");
}

#[test]
fn duplicate_keys_are_refused_everywhere() {
    let arena = arena_text(2, 10, 8, 4, 2);
    let queries = queries_text(20, 3);
    let body = find(&arena, "body", 0);
    // The first body with a `half` (a box, oriented box or capsule).
    let sized = (body..)
        .find(|&i| {
            let l = arena.lines().nth(i).unwrap();
            l.starts_with("{\"body\":") && l.contains("{\"half\":")
        })
        .unwrap();
    let state = find(&arena, "state", 0);
    let hit = (1..)
        .find(|&i| {
            queries
                .lines()
                .nth(i)
                .unwrap()
                .contains("\"expected\":{\"hit\":")
        })
        .unwrap();
    let cases: Vec<(String, &str)> = vec![
        (
            replace_on(
                &arena,
                0,
                "\"digest\":{",
                "\"digest\":{\"final\":\"0000000000000000\",",
            ),
            "header.digest.final: given more than once",
        ),
        (
            replace_on(&arena, 1, "\"ticks\":8", "\"ticks\":8,\"ticks\":8"),
            "run.ticks: given more than once",
        ),
        (
            replace_on(&arena, body, "\"pos\":", "\"vel\":[\"0\",\"0\"],\"pos\":"),
            "scene.bodies[0].vel: given more than once",
        ),
        (
            replace_on(
                &arena,
                sized,
                "{\"half\":",
                "{\"half\":[\"1\",\"1\"],\"half\":",
            ),
            "given more than once",
        ),
        (
            replace_on(&arena, state, "{\"state\":", "{\"state\":{},\"state\":"),
            "state: given more than once",
        ),
        (
            replace_on(
                &queries,
                1,
                "\"category\":",
                "\"category\":\"x\",\"category\":",
            ),
            "category: given more than once",
        ),
        (
            replace_on(&queries, 2, "\"op\":", "\"op\":\"aabb_overlap\",\"op\":"),
            "input.op: given more than once",
        ),
        (
            replace_on(&queries, hit, "{\"hit\":", "{\"hit\":true,\"hit\":"),
            "expected.hit: given more than once",
        ),
    ];
    for (text, want) in cases {
        format_error(&text, want);
    }
}

#[test]
fn a_query_input_is_read_from_its_text_as_eval_reads_it() {
    // 1073741824.00000001 is 2^30 and 43 ulps; as an f64 it is 2^30.
    let inputs = [
        r#"{"op":"aabb_sweep","stationary":{"min":[0,0],"max":[1,1]},"moving":{"min":[3,0],"max":[4,1]},"d":[-1073741824.00000001,0]}"#,
        r#"{"op":"aabb_sweep","stationary":{"min":[0,0],"max":[1,1]},"moving":{"min":[3,0],"max":[4,1]},"d":[-2.00000000001,0]}"#,
        r#"{"op":"ray_aabb","ray":{"origin":[0,0],"dir":[1,0],"max_t":2147483647.9999999998},"aabb":{"min":[2,-1],"max":[4,1]}}"#,
        r#"{"op":"ray_aabb","ray":{"origin":[0,0],"dir":[1,0],"max_t":"2147483647.9999999998"},"aabb":{"min":[2,-1],"max":[4,1]}}"#,
    ];
    let text = queries_of("numbers_from_text", &inputs);
    matched(&text);
    for (line, input) in text.lines().skip(1).zip(inputs) {
        // The input is kept as written, and the recorded answer is eval's.
        assert!(line.contains(input), "{line}");
        let expected: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(expected["expected"].to_string(), answer_json(input));
    }
    // max_t at Fx::MAX is a number, not an error.
    let at_max = eval_line(inputs[2]).unwrap();
    assert!(at_max.is_hit());
    assert_eq!(answer_json(inputs[2]), answer_json(inputs[3]));
    // The ulps past 2^30 are not lost: the answer differs from 2^30's.
    let rounded = inputs[0].replace("-1073741824.00000001", "-1073741824");
    assert_ne!(answer_json(inputs[0]), answer_json(&rounded));
}

#[test]
fn a_hand_written_query_replay_with_json_numbers_verifies() {
    let input = r#"{"op":"sphere_aabb","sphere":{"center":[5.00000000001,1],"radius":3},"aabb":{"min":[0,0],"max":[2,2]}}"#;
    let header = lines(&queries_text(1, 1))[0].clone();
    let record = format!(
        "{{\"category\":\"by hand\",\"input\":{input},\"expected\":{}}}",
        answer_json(input)
    );
    let text = reseal(&format!("{header}\n{record}\n"));
    assert!(matched(&text).starts_with("1 queries"));
}

#[test]
fn a_bad_version_is_named_for_what_it_is() {
    let text = queries_text(5, 1);
    for (value, want) in [
        ("-1", "header.version is -1, not a version number"),
        ("1.0", "header.version is 1.0, not a version number"),
        ("\"2\"", "header.version is \"2\", not a version number"),
        (
            "18446744073709551616",
            "unsupported header.version 18446744073709551616",
        ),
        ("3", "unsupported header.version 3"),
        ("1", "version-1 replay"),
    ] {
        let t = replace_on(&text, 0, "\"version\":2", &format!("\"version\":{value}"));
        format_error(&t, want);
    }
    let t = replace_on(&text, 0, "\"version\":2,", "");
    format_error(&t, "header.version: missing");
}

#[test]
fn counts_and_ticks_are_whole_numbers_read_from_their_text() {
    let arena = arena_text(2, 10, 8, 4, 2);
    for (from, to, want) in [
        (
            "\"ticks\":8",
            "\"ticks\":8.0",
            "run.ticks: 8.0 is not a whole number",
        ),
        (
            "\"ticks\":8",
            "\"ticks\":-8",
            "run.ticks: -8 is not a whole number",
        ),
        (
            "\"ticks\":8",
            "\"ticks\":4294967296",
            "run.ticks: 4294967296 is more than 4294967295",
        ),
        (
            "\"seed\":4",
            "\"seed\":18446744073709551616",
            "run.seed: 18446744073709551616 is more than",
        ),
        (
            "\"dim\":2",
            "\"dim\":\"2\"",
            "run.dim: \"2\" is not a whole number",
        ),
    ] {
        format_error(&replace_on(&arena, 1, from, to), want);
    }
}

#[test]
fn outputs_are_compared_by_value_not_by_text() {
    let text = queries_text(200, 6);
    let summary = matched(&text);
    // An expected number with a trailing zero, or as a JSON number: the
    // same value, so neither an edit nor a divergence.
    let n = (1..)
        .find(|&i| {
            let l = text.lines().nth(i).unwrap();
            l.contains("\"t\":\"") && l[l.find("\"t\":\"").unwrap()..].contains('.')
        })
        .expect("an answer with a fractional t");
    let line = &lines(&text)[n];
    let at = line.find("\"t\":\"").unwrap() + 5;
    let end = at + line[at..].find('"').unwrap();
    let t = &line[at..end];
    let zero = replace_on(
        &text,
        n,
        &format!("\"t\":\"{t}\""),
        &format!("\"t\":\"{t}0\""),
    );
    assert_eq!(matched(&zero), summary);
    let bare = replace_on(&text, n, &format!("\"t\":\"{t}\""), &format!("\"t\":{t}"));
    assert_eq!(matched(&bare), summary);
    // One ulp off is another value.
    let x: Fx = t.parse().unwrap();
    let ulp = replace_on(
        &text,
        n,
        &format!("\"t\":\"{t}\""),
        &format!("\"t\":\"{}\"", Fx::from_bits(x.to_bits() + 1)),
    );
    assert!(matches!(refused(&ulp), ReplayError::Edited(_)));
}

#[test]
fn arena_outputs_are_compared_by_value_not_by_text() {
    let text = arena_text(2, 20, 10, 8, 1);
    let summary = matched(&text);
    let n = find(&text, "final_body", 0);
    let line = &lines(&text)[n];
    let at = line.find("\"pos\":[\"").unwrap() + 8;
    let end = at + line[at..].find('"').unwrap();
    let x = &line[at..end];
    let spelled = if x.contains('.') {
        format!("{x}00")
    } else {
        format!("{x}.000")
    };
    let t = replace_on(&text, n, &format!("[\"{x}\""), &format!("[\"{spelled}\""));
    assert_eq!(matched(&t), summary);
    let t = replace_on(&text, n, &format!("[\"{x}\""), &format!("[{x}"));
    assert_eq!(matched(&t), summary);
}

#[test]
fn unknown_fields_and_records_are_refused() {
    let arena = arena_text(2, 10, 8, 4, 2);
    let queries = queries_text(5, 3);
    let body = find(&arena, "body", 0);
    for (text, want) in [
        (
            replace_on(&arena, 0, "\"kind\":", "\"colour\":1,\"kind\":"),
            "header.colour: unknown field",
        ),
        (
            replace_on(&arena, 1, "\"dim\":", "\"speed\":1,\"dim\":"),
            "run.speed: unknown field",
        ),
        (
            replace_on(&arena, body, "\"pos\":", "\"mass\":1,\"pos\":"),
            "scene.bodies[0].mass: unknown field",
        ),
        (
            replace_on(&queries, 2, "\"input\":", "\"note\":1,\"input\":"),
            "query 1: note: unknown field",
        ),
        (
            replace_on(
                &arena,
                0,
                "\"digest\":",
                "\"extensions\":[\"tick_detail\"],\"digest\":",
            ),
            "the format extension \"tick_detail\", which this build does not know",
        ),
    ] {
        format_error(&text, want);
    }
}
