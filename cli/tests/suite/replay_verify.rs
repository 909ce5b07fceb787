//! Replays: the recorded files verify, and verification does fail, at the
//! right tick or query, on any change of a recording that is sealed again
//! (as a recording by another build would be).

use fixed_collide::Fx;
use fixed_collide_cli::arena::scene::generate;
use fixed_collide_cli::replay::{self, ArenaCheck, ReplayError, Verdict};
use replay_support::{
    arena_text, diverged, edit_line, find, join, lines, matched, queries_text, refused, reseal,
};
use serde_json::Value;

use crate::common;
use crate::replay_support;

#[test]
fn every_recorded_replay_in_the_repository_verifies() {
    let dir = common::root().join("replays");
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .expect("replays/")
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    let mut seen = Vec::new();
    for path in entries
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
    {
        let r = replay::load(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        match replay::verify(&r, &mut |_, _| {})
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        {
            Verdict::Match(m) => seen.push(format!("{}: {m}", r.what())),
            Verdict::Diverged(d) => panic!("{}: {d}", path.display()),
        }
    }
    assert!(seen.len() >= 3, "the 2D, 3D and query replays: {seen:?}");
    for want in ["arena 2D", "arena 3D", "queries"] {
        assert!(seen.iter().any(|s| s.starts_with(want)), "{want}: {seen:?}");
    }
}

/// The answer digest of a verification is the XXH3 of the answers as
/// `serde_json` writes them (keys sorted), each prefixed by its length: the
/// definition the repository's digests were made with.
#[test]
fn the_answer_digest_is_over_the_answers_with_sorted_keys() {
    let text = queries_text(300, 5);
    let mut bytes = Vec::new();
    for line in text.lines().skip(1) {
        let record: Value = serde_json::from_str(line).unwrap();
        let answer = record["expected"].to_string();
        bytes.extend_from_slice(&(answer.len() as u64).to_le_bytes());
        bytes.extend_from_slice(answer.as_bytes());
    }
    let want = format!("{:016x}", xxhash_rust::xxh3::xxh3_64(&bytes));
    let summary = matched(&text);
    assert_eq!(summary, format!("300 queries, answer digest {want}"));
}

#[test]
fn arena_record_then_verify_matches() {
    let text = arena_text(2, 40, 48, 7, 4);
    let summary = matched(&text);
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    let hash = last["final"]["hash"].as_str().unwrap();
    assert_eq!(summary, format!("48 ticks, final hash {hash}"));
}

#[test]
fn arena_3d_record_then_verify_matches() {
    let text = arena_text(3, 30, 24, 11, 1);
    assert!(matched(&text).starts_with("24 ticks, final hash "));
}

#[test]
fn flipped_bit_in_a_tick_hash_is_reported_at_that_tick() {
    let text = arena_text(2, 40, 48, 7, 4);
    // The sixth state record is the hash after tick 24.
    let n = find(&text, "state", 0) + 5;
    let mut flipped = String::new();
    let text = edit_line(&text, n, |v| {
        let h = u64::from_str_radix(v["state"]["hash"].as_str().unwrap(), 16).unwrap();
        flipped = format!("{:016x}", h ^ (1 << 17));
        v["state"]["hash"] = Value::String(flipped.clone());
    });
    let d = diverged(&reseal(&text));
    assert_eq!(
        (d.at.as_str(), d.field.as_str()),
        ("tick 24", "state hash"),
        "{d}"
    );
    assert_eq!(d.expected, flipped);
}

#[test]
fn changed_kick_input_is_reported_at_the_first_hash_after_it() {
    let text = arena_text(2, 40, 48, 7, 4);
    let n = (0..text.lines().count())
        .find(|&i| {
            text.lines()
                .nth(i)
                .unwrap()
                .starts_with("{\"kick\":{\"tick\":16,")
        })
        .expect("a kick at tick 16");
    let text = edit_line(&text, n, |v| {
        let vel = &mut v["kick"]["vel"][0];
        let x: Fx = vel.as_str().unwrap().parse().unwrap();
        *vel = Value::String((x + Fx::DELTA).to_string());
    });
    let d = diverged(&reseal(&text));
    // The kick applies at the start of tick 16 (0-based), i.e. in the 17th
    // step; the first hash after it is at tick 20.
    assert_eq!(
        (d.at.as_str(), d.field.as_str()),
        ("tick 20", "state hash"),
        "{d}"
    );
}

#[test]
fn changed_final_position_is_named_by_body_and_component() {
    let text = arena_text(2, 40, 48, 7, 4);
    let n = find(&text, "final_body", 0) + 3;
    let text = edit_line(&text, n, |v| {
        v["final_body"]["pos"][1] = Value::String("12345".into());
    });
    let d = diverged(&reseal(&text));
    assert_eq!(d.field, "final.bodies[3].pos[1]", "{d}");
    assert_eq!(d.at, "tick 48 (final state)", "{d}");
    assert_eq!(d.expected, "12345");
}

#[test]
fn changed_final_trigger_count_and_hash_are_named() {
    let text = arena_text(2, 40, 48, 7, 4);
    let n = find(&text, "final", 0);
    let hits = edit_line(&text, n, |v| {
        v["final"]["trigger_hits"][0] = Value::from(99_999);
    });
    assert_eq!(diverged(&reseal(&hits)).field, "final.trigger_hits");
    let hash = edit_line(&text, n, |v| {
        v["final"]["hash"] = Value::String("0123456789abcdef".into());
    });
    let d = diverged(&reseal(&hash));
    assert_eq!(
        (d.field.as_str(), d.expected.as_str()),
        ("final.hash", "0123456789abcdef")
    );
}

#[test]
fn dropped_state_record_is_an_edit() {
    let text = arena_text(2, 40, 48, 7, 4);
    let mut all = lines(&text);
    all.remove(find(&text, "state", 0) + 3);
    let e = refused(&join(&all));
    assert!(matches!(e, ReplayError::Edited(_)), "{e}");
    let want = "states[3].tick is 20 where the state after tick 16 was expected";
    assert!(e.to_string().contains(want), "{e}");
    // Sealing it again does not help: the run record says 12 states.
    let e = replay::reseal(&join(&all)).unwrap_err();
    assert!(e.to_string().contains(want), "{e}");
    // Nor does dropping the last one.
    let mut all = lines(&text);
    all.remove(find(&text, "final_body", 0) - 1);
    let e = replay::reseal(&join(&all)).unwrap_err();
    let want = "a \"final_body\" record where states[11] (a \"state\" record) was expected";
    assert!(e.to_string().contains(want), "{e}");
}

#[test]
fn unknown_version_is_rejected_before_the_body_is_read() {
    let text = arena_text(2, 10, 4, 1, 1).replacen("\"version\":2", "\"version\":99", 1);
    let e = replay::parse(&text).unwrap_err();
    assert!(
        e.to_string().contains("unsupported header.version 99"),
        "{e}"
    );
}

#[test]
fn truncated_file_is_an_error_naming_the_line_or_the_count() {
    let text = arena_text(2, 10, 4, 1, 1);
    let cut = text[..text.len() / 2].to_string();
    let e = replay::parse(&cut).unwrap_err();
    assert!(matches!(e, ReplayError::Edited(_)), "{e}");
    assert!(e.to_string().contains("is cut short"), "{e}");
    let whole_lines = &text[..=text[..text.len() / 2].rfind('\n').unwrap()];
    let e = replay::parse(whole_lines).unwrap_err();
    assert!(matches!(e, ReplayError::Edited(_)), "{e}");
    assert!(e.to_string().contains("truncated"), "{e}");
}

#[test]
fn empty_and_foreign_files_are_clear_errors() {
    for (text, want) in [
        ("", "empty file"),
        ("\n", "line 1 is empty"),
        ("{}", "no \"format\" field"),
        ("[1,2,3]", "expected an object"),
        ("{\"format\":\"other\"}", "header.format is \"other\""),
        ("{\"header\": }", "malformed JSON"),
        ("{\"header\": {", "line 1 is cut short"),
        ("{\n  \"header\": {\n", "version-1 replay"),
    ] {
        let e = replay::parse(text).unwrap_err();
        assert!(e.to_string().contains(want), "{text:?}: {e}");
    }
}

#[test]
fn out_of_domain_input_in_a_replay_is_named() {
    let text = arena_text(2, 10, 4, 1, 1);
    let n = find(&text, "body", 0) + 2;
    let text = edit_line(&text, n, |v| {
        v["body"]["pos"][0] = Value::String("2000000".into());
    });
    let e = refused(&reseal(&text));
    assert!(matches!(e, ReplayError::Input(_)), "{e}");
    let e = e.to_string();
    assert!(e.contains("bodies[2]") && e.contains("2000000"), "{e}");
}

#[test]
fn query_replay_record_then_verify_matches() {
    let text = queries_text(400, 3);
    assert!(matched(&text).starts_with("400 queries, answer digest "));
}

#[test]
fn flipped_bit_in_one_answer_is_reported_at_that_query() {
    let text = queries_text(400, 3);
    let n = (1..)
        .find(|&i| text.lines().nth(i).unwrap().contains("\"t\":"))
        .expect("a ray hit");
    let text = edit_line(&text, n, |v| {
        let t = &mut v["expected"]["t"];
        let x: Fx = t.as_str().unwrap().parse().unwrap();
        *t = Value::String(Fx::from_bits(x.to_bits() ^ 1).to_string());
    });
    let d = diverged(&reseal(&text));
    assert!(d.at.starts_with(&format!("query {} ", n - 1)), "{d}");
    assert_eq!(d.field, "t", "{d}");
}

#[test]
fn reordered_queries_are_reported_at_the_first_moved_index() {
    let text = queries_text(400, 3);
    let mut all = lines(&text);
    let expected = |l: &str| serde_json::from_str::<Value>(l).unwrap()["expected"].clone();
    // Swap the inputs of query 10 and a later one with another answer.
    let j = (12..all.len())
        .find(|&j| expected(&all[j]) != expected(&all[11]))
        .unwrap();
    let input = |l: &str| serde_json::from_str::<Value>(l).unwrap()["input"].clone();
    let (a, b) = (input(&all[11]), input(&all[j]));
    for (n, v) in [(11, b), (j, a)] {
        let mut rec: Value = serde_json::from_str(&all[n]).unwrap();
        rec["input"] = v;
        all[n] = rec.to_string();
    }
    let d = diverged(&reseal(&join(&all)));
    assert!(d.at.starts_with("query 10 "), "{d}");
}

#[test]
fn arena_check_compares_a_run_as_it_goes() {
    let text = arena_text(2, 30, 40, 9, 2);
    let r = replay::parse(&text).unwrap();
    let info = *r.arena().unwrap();
    assert_eq!((info.bodies, info.ticks, info.hash_every), (30, 40, 2));
    for (seed, same) in [(9, true), (10, false)] {
        let mut check = ArenaCheck::open(&r).unwrap();
        let mut stopped_at = None;
        let run = replay::run_arena(generate::<2>(30, 40, seed), 40, &mut |t, h| {
            let flow = check.state(t, h);
            if flow.is_break() {
                stopped_at = Some(t);
            }
            flow
        })
        .unwrap();
        let d = check.finish(&run.final_state).unwrap();
        assert_eq!(d.is_none(), same, "seed {seed}: {d:?}");
        assert_eq!(
            stopped_at.is_none(),
            same,
            "seed {seed} stops at its divergence"
        );
        if let Some(d) = d {
            assert_eq!(d.at, format!("tick {}", stopped_at.unwrap()));
        }
    }
}

#[test]
fn arena_check_of_a_query_replay_is_an_error() {
    let r = replay::parse(&queries_text(5, 1)).unwrap();
    assert!(r.arena().is_none());
    let e = ArenaCheck::open(&r).err().expect("an error");
    assert!(e.to_string().contains("not an arena replay"), "{e}");
}
