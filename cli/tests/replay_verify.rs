//! Replays: the recorded files verify, and verification does fail, at the
//! right tick or query, on any change.

use fixed_collide::Fx;
use fixed_collide_cli::arena::scene::generate;
use fixed_collide_cli::replay::{self, Replay, ReplayError, Verdict};

mod common;

fn quiet() -> impl FnMut(u64, u64) {
    |_, _| {}
}

fn small_arena() -> Replay {
    let scene = generate::<2>(40, 48, 7);
    replay::record_arena(scene, 7, 48, 4, &mut quiet()).expect("record")
}

fn reparse(r: &Replay) -> Replay {
    replay::parse(&serde_json::to_string(r).unwrap()).expect("parse own output")
}

fn diverged(r: &Replay) -> replay::Divergence {
    match replay::verify(r, &mut quiet()).expect("verify runs") {
        Verdict::Diverged(d) => d,
        Verdict::Match(m) => panic!("expected a divergence, got a match: {m}"),
    }
}

#[test]
fn every_recorded_replay_in_the_repository_verifies() {
    let dir = common::root().join("replays");
    let mut seen = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .expect("replays/")
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
    {
        let r = replay::load(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        match replay::verify(&r, &mut quiet()).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        {
            Verdict::Match(_) => seen += 1,
            Verdict::Diverged(d) => panic!("{}: {d}", path.display()),
        }
    }
    assert!(
        seen >= 3,
        "expected at least the 2D, 3D and query replays, found {seen}"
    );
}

#[test]
fn arena_record_then_verify_matches() {
    let r = reparse(&small_arena());
    assert!(matches!(
        replay::verify(&r, &mut quiet()).unwrap(),
        Verdict::Match(_)
    ));
}

#[test]
fn arena_3d_record_then_verify_matches() {
    let scene = generate::<3>(30, 24, 11);
    let r = reparse(&replay::record_arena(scene, 11, 24, 1, &mut quiet()).unwrap());
    assert!(matches!(
        replay::verify(&r, &mut quiet()).unwrap(),
        Verdict::Match(_)
    ));
}

#[test]
fn flipped_bit_in_a_tick_hash_is_reported_at_that_tick() {
    let mut r = small_arena();
    let a = r.arena.as_mut().unwrap();
    // hashes[k] is the hash after tick (k + 1) * hash_every = 4 (k + 1).
    let h = &mut a.hashes[5];
    let flipped = u64::from_str_radix(h, 16).unwrap() ^ (1 << 17);
    *h = format!("{flipped:016x}");
    let d = diverged(&r);
    assert_eq!(
        (d.at.as_str(), d.field.as_str()),
        ("tick 24", "state hash"),
        "{d}"
    );
    assert_eq!(d.expected, format!("{flipped:016x}"));
}

#[test]
fn changed_kick_input_is_reported_at_the_first_hash_after_it() {
    let mut r = small_arena();
    let a = r.arena.as_mut().unwrap();
    let kick = a
        .scene
        .kicks
        .iter_mut()
        .find(|k| k.tick == 16)
        .expect("a kick at tick 16");
    let v: Fx = kick.vel[0].parse().unwrap();
    kick.vel[0] = (v + Fx::DELTA).to_string();
    let d = diverged(&r);
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
    let mut r = small_arena();
    let a = r.arena.as_mut().unwrap();
    a.final_state.bodies[3].pos[1] = "12345".to_string();
    let d = diverged(&r);
    assert_eq!(d.field, "final.bodies[3].pos[1]", "{d}");
    assert_eq!(d.expected, "12345");
}

#[test]
fn truncated_hash_list_is_a_format_error() {
    let mut r = small_arena();
    r.arena.as_mut().unwrap().hashes.pop();
    let e = replay::verify(&r, &mut quiet()).unwrap_err();
    assert!(matches!(e, ReplayError::Format(_)), "{e}");
    assert!(e.to_string().contains("arena.hashes has 11 entries"), "{e}");
}

#[test]
fn unknown_version_is_rejected_before_the_body_is_read() {
    let text = serde_json::to_string(&small_arena()).unwrap().replacen(
        "\"version\":1",
        "\"version\":99",
        1,
    );
    let e = replay::parse(&text).unwrap_err();
    assert!(
        e.to_string().contains("unsupported header.version 99"),
        "{e}"
    );
}

#[test]
fn truncated_file_is_a_malformed_json_error() {
    let text = serde_json::to_string(&small_arena()).unwrap();
    let e = replay::parse(&text[..text.len() / 2]).unwrap_err();
    assert!(e.to_string().contains("malformed JSON"), "{e}");
}

#[test]
fn empty_and_foreign_files_are_clear_errors() {
    for (text, want) in [
        ("", "malformed JSON"),
        ("{}", "no \"header\""),
        ("[1,2,3]", "no \"header\""),
        ("{\"header\":{\"format\":\"other\"}}", "header.format"),
    ] {
        let e = replay::parse(text).unwrap_err();
        assert!(e.to_string().contains(want), "{text:?}: {e}");
    }
}

#[test]
fn out_of_domain_input_in_a_replay_is_named() {
    let mut r = small_arena();
    r.arena.as_mut().unwrap().scene.bodies[2].pos[0] = "2000000".to_string();
    let e = replay::verify(&r, &mut quiet()).unwrap_err();
    assert!(e.to_string().contains("bodies[2]"), "{e}");
}

fn small_queries() -> Replay {
    let records = replay::queries::generate(400, 3);
    Replay {
        header: replay::Header::current(replay::Kind::Queries),
        arena: None,
        queries: Some(records),
    }
}

#[test]
fn query_replay_record_then_verify_matches() {
    let r = reparse(&small_queries());
    assert!(matches!(
        replay::verify(&r, &mut quiet()).unwrap(),
        Verdict::Match(_)
    ));
}

#[test]
fn flipped_bit_in_one_answer_is_reported_at_that_query() {
    let mut r = small_queries();
    let qs = r.queries.as_mut().unwrap();
    let (i, rec) = qs
        .iter_mut()
        .enumerate()
        .find(|(_, q)| q.expected.get("t").is_some())
        .expect("a ray hit");
    let t: Fx = rec.expected["t"].as_str().unwrap().parse().unwrap();
    let flipped = Fx::from_bits(t.to_bits() ^ 1);
    rec.expected["t"] = serde_json::Value::String(flipped.to_string());
    let d = diverged(&r);
    assert!(d.at.starts_with(&format!("query {i} ")), "{d}");
    assert_eq!(d.field, "t", "{d}");
}

#[test]
fn reordered_queries_are_reported_at_the_first_moved_index() {
    let mut r = small_queries();
    let qs = r.queries.as_mut().unwrap();
    // Swap the inputs of two queries with different answers.
    let j = (11..qs.len())
        .find(|&j| qs[j].expected != qs[10].expected)
        .unwrap();
    let (a, b) = (qs[10].input.clone(), qs[j].input.clone());
    qs[10].input = b;
    qs[j].input = a;
    let d = diverged(&r);
    assert!(d.at.starts_with("query 10 "), "{d}");
}
