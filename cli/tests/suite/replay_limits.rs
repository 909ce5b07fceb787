//! A replay cannot demand unbounded work or memory: an arena replay over
//! the arena's limits is refused from its run record, in milliseconds, and
//! no line is held past the line cap.

use fixed_collide_cli::arena::scene::generate;
use fixed_collide_cli::replay::{
    self, ArenaWriter, MAX_BODIES, MAX_KICKS, MAX_LINE_BYTES, MAX_OBSTACLES, MAX_TICKS,
    MAX_TRIGGERS, ReplayError,
};
use replay_support::{arena_text, lines, scratch};
use std::time::{Duration, Instant};

use crate::common;
use crate::replay_support;

/// An arena replay of the header of a real one (with its digests, which
/// no longer match) and the given run record, state and final records.
fn crafted(run: &str, rest: &[&str]) -> String {
    let header = lines(&arena_text(2, 4, 2, 1, 1))[0].clone();
    let mut text = format!("{header}\n{run}\n");
    for r in rest {
        text.push_str(r);
        text.push('\n');
    }
    text
}

#[test]
fn a_crafted_2_32_tick_replay_is_refused_in_milliseconds() {
    let text = crafted(
        "{\"run\":{\"dim\":2,\"seed\":1,\"ticks\":4294967295,\"hash_every\":4294967295,\"obstacles\":0,\"bodies\":1,\"triggers\":0,\"kicks\":0}}",
        &[
            "{\"body\":{\"shape\":{\"ball\":{\"radius\":\"1\"}},\"pos\":[\"0\",\"0\"],\"vel\":[\"1\",\"0\"]}}",
            "{\"state\":{\"tick\":4294967295,\"hash\":\"0123456789abcdef\"}}",
            "{\"final_body\":{\"pos\":[\"0\",\"0\"],\"vel\":[\"1\",\"0\"],\"sensor\":\"-1\",\"contacts\":0}}",
            "{\"final\":{\"tick\":4294967295,\"hash\":\"0123456789abcdef\",\"trigger_hits\":[]}}",
        ],
    );
    let started = Instant::now();
    let e = replay::parse(&text).unwrap_err();
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    assert!(matches!(e, ReplayError::Limit(_)), "{e}");
    assert_eq!(
        e.to_string(),
        format!(
            "replay refused: run.ticks is 4294967295, more than the arena's limit of {MAX_TICKS}"
        )
    );
}

#[test]
fn the_binary_refuses_a_crafted_long_replay_at_once() {
    let text = crafted(
        "{\"run\":{\"dim\":3,\"seed\":1,\"ticks\":4294967295,\"hash_every\":1,\"obstacles\":0,\"bodies\":0,\"triggers\":0,\"kicks\":0}}",
        &[],
    );
    let file = scratch("long_replay").join("long.json");
    std::fs::write(&file, text).unwrap();
    let started = Instant::now();
    let out = common::bin()
        .args(["replay", "verify", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.starts_with("ERROR ") && stdout.contains("run.ticks is 4294967295"),
        "{stdout}"
    );
}

#[test]
fn every_count_of_the_run_record_has_its_limit() {
    for (field, max) in [
        ("ticks", MAX_TICKS),
        ("bodies", MAX_BODIES),
        ("obstacles", MAX_OBSTACLES),
        ("triggers", MAX_TRIGGERS),
        ("kicks", MAX_KICKS),
    ] {
        let mut run = serde_json::json!({"dim":2,"seed":1,"ticks":1,"hash_every":1,"obstacles":0,"bodies":0,"triggers":0,"kicks":0});
        run[field] = serde_json::Value::from(max + 1);
        let text = crafted(&serde_json::json!({ "run": run }).to_string(), &[]);
        let e = replay::parse(&text).unwrap_err();
        assert!(matches!(e, ReplayError::Limit(_)), "{field}: {e}");
        let want = format!(
            "run.{field} is {}, more than the arena's limit of {max}",
            max + 1
        );
        assert!(e.to_string().contains(&want), "{e}");
    }
}

#[test]
fn a_bad_dimension_or_hash_interval_is_refused() {
    for (dim, hash_every, want) in [
        (4, 1, "run.dim is 4, not 2 or 3"),
        (2, 0, "run.hash_every is 0"),
    ] {
        let run = format!(
            "{{\"run\":{{\"dim\":{dim},\"seed\":1,\"ticks\":1,\"hash_every\":{hash_every},\"obstacles\":0,\"bodies\":0,\"triggers\":0,\"kicks\":0}}}}"
        );
        let e = replay::parse(&crafted(&run, &[])).unwrap_err();
        assert!(matches!(e, ReplayError::Format(_)), "{e}");
        assert!(e.to_string().contains(want), "{e}");
    }
}

#[test]
fn a_replay_over_the_limits_is_not_recorded() {
    let scene = generate::<2>(3, 4, 1);
    let out = scratch("over_limits").join("x.json");
    let e = ArenaWriter::create(&out, &scene, 1, MAX_TICKS + 1, 1)
        .err()
        .expect("refused");
    assert!(matches!(e, ReplayError::Limit(_)), "{e}");
    assert!(!out.exists());
}

#[test]
fn a_line_longer_than_the_cap_is_refused_without_being_held() {
    let long = "x".repeat(MAX_LINE_BYTES + 1);
    let e = replay::parse(&long).unwrap_err();
    let want = format!("line 1 is longer than {MAX_LINE_BYTES} bytes");
    assert!(e.to_string().contains(&want), "{e}");
    // A long record after a valid header.
    let header = lines(&arena_text(2, 4, 2, 1, 1))[0].clone();
    let e = replay::parse(&format!("{header}\n{long}\n")).unwrap_err();
    assert!(e.to_string().contains("line 2 is longer than"), "{e}");
}

#[test]
fn dev_zero_is_refused_at_its_first_line() {
    let zero = std::path::Path::new("/dev/zero");
    if !zero.exists() {
        eprintln!("no /dev/zero here: skipped");
        return;
    }
    let started = Instant::now();
    let e = replay::load(zero).unwrap_err();
    assert!(e.to_string().contains("line 1 is longer than"), "{e}");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_binary_or_blank_line_is_named() {
    let header = lines(&arena_text(2, 4, 2, 1, 1))[0].clone();
    let e = replay::parse(&format!("{header}\n\n")).unwrap_err();
    assert!(e.to_string().contains("line 2 is empty"), "{e}");
    let mut bytes = format!("{header}\n").into_bytes();
    bytes.extend_from_slice(b"{\"run\":\xff}\n");
    let file = scratch("binary_line").join("b.json");
    std::fs::write(&file, bytes).unwrap();
    let e = replay::load(&file).unwrap_err();
    assert!(e.to_string().contains("line 2 is not valid UTF-8"), "{e}");
}
