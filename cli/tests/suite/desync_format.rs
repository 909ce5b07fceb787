//! The detail extensions of the replay format: files without them are
//! unchanged, files with them verify, and every edit of them is found.

use fixed_collide_cli::arena::scene::generate;
use fixed_collide_cli::replay::{self, Detail, ReplayError, RunOptions, Verdict};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn record(name: &str, bodies: u32, ticks: u32, detail: Detail, o: &RunOptions) -> String {
    let out = scratch(name).join("r.json");
    let scene = generate::<2>(bodies, ticks, 4);
    replay::record_arena_with(scene, 4, ticks, detail, o, &out, &mut |_, _| {}).unwrap();
    std::fs::read_to_string(out).unwrap()
}

const ALL: Detail = Detail {
    bodies: true,
    queries: true,
};

#[test]
fn a_recording_without_detail_is_the_same_as_before() {
    let none = record(
        "desync-none",
        30,
        12,
        Detail::default(),
        &RunOptions::default(),
    );
    let out = scratch("desync-old").join("r.json");
    replay::record_arena(generate::<2>(30, 12, 4), 4, 12, 1, &out, &mut |_, _| {}).unwrap();
    assert_eq!(none, std::fs::read_to_string(out).unwrap());
    assert!(!none.contains("extensions"));
}

#[test]
fn a_recording_with_detail_lists_its_extensions_and_verifies() {
    let text = record("desync-all", 30, 12, ALL, &RunOptions::default());
    let header = text.lines().next().unwrap();
    assert!(
        header.contains("\"extensions\":[\"body-states\",\"query-digests\"]"),
        "{header}"
    );
    let r = replay::parse(&text).unwrap();
    let Verdict::Match(summary) = replay::verify(&r, &mut |_, _| {}).unwrap() else {
        panic!("no match")
    };
    assert!(summary.starts_with("12 ticks"), "{summary}");
}

#[test]
fn body_states_come_in_chunks_of_1024_after_each_state() {
    let text = record("desync-chunks", 1100, 3, ALL, &RunOptions::default());
    let tags: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| &l[2..l.find("\":").unwrap()])
        .filter(|t| ["state", "bodies", "queries"].contains(t))
        .collect();
    let group = ["state", "bodies", "bodies", "queries"];
    assert_eq!(tags, [group, group, group].concat());
    assert!(text.contains("{\"bodies\":{\"tick\":2,\"first\":1024,\"states\":[\""));
}

#[test]
fn an_edited_body_state_is_an_edit_of_the_states() {
    let text = record("desync-edit", 20, 4, ALL, &RunOptions::default());
    let line = text
        .lines()
        .find(|l| l.starts_with("{\"bodies\":"))
        .unwrap();
    let i = line.find("\"states\":[\"").unwrap() + 11;
    let flipped = if &line[i..=i] == "0" { "1" } else { "0" };
    let edited_line = format!("{}{flipped}{}", &line[..i], &line[i + 1..]);
    let e = replay::parse(&text.replacen(line, &edited_line, 1)).unwrap_err();
    assert!(matches!(e, ReplayError::Edited(_)), "{e}");
    assert!(e.to_string().contains("header.digest.states"), "{e}");
}

#[test]
fn a_malformed_body_state_names_its_field() {
    let text = record("desync-malformed", 20, 4, ALL, &RunOptions::default());
    let line = text
        .lines()
        .find(|l| l.starts_with("{\"bodies\":"))
        .unwrap();
    let i = line.find("\"states\":[\"").unwrap() + 11;
    let edited_line = format!("{}zz{}", &line[..i], &line[i + 2..]);
    let e = replay::parse(&text.replacen(line, &edited_line, 1)).unwrap_err();
    assert!(
        e.to_string().contains("states[0].bodies.states[0]: \"zz"),
        "{e}"
    );
}

#[test]
fn extensions_out_of_order_or_in_a_query_replay_are_refused() {
    let text = record("desync-order", 10, 2, ALL, &RunOptions::default());
    let swapped = text.replacen(
        "[\"body-states\",\"query-digests\"]",
        "[\"query-digests\",\"body-states\"]",
        1,
    );
    let e = replay::parse(&swapped).unwrap_err().to_string();
    assert!(
        e.contains("\"body-states\" given twice, out of order"),
        "{e}"
    );
    let out = scratch("desync-qext").join("q.json");
    replay::queries::record(3, 1, &out, &mut |_, _| {}).unwrap();
    let q = std::fs::read_to_string(out).unwrap();
    let q = q.replacen(
        ",\"digest\":",
        ",\"extensions\":[\"body-states\"],\"digest\":",
        1,
    );
    let e = replay::parse(&q).unwrap_err().to_string();
    assert!(e.contains("in a queries replay"), "{e}");
}

#[test]
fn a_perturbed_recording_diverges_at_its_tick() {
    let o = RunOptions {
        perturb: Some((5, 7)),
        ..RunOptions::default()
    };
    let text = record("desync-perturbed", 20, 10, Detail::default(), &o);
    let plain = record(
        "desync-unperturbed",
        20,
        10,
        Detail::default(),
        &RunOptions::default(),
    );
    let state = |t: &str, n: usize| {
        t.lines()
            .filter(|l| l.starts_with("{\"state\":"))
            .nth(n)
            .unwrap()
            .to_string()
    };
    assert_eq!(state(&text, 5), state(&plain, 5));
    assert_ne!(state(&text, 6), state(&plain, 6));
    let r = replay::parse(&text).unwrap();
    let Verdict::Diverged(d) = replay::verify(&r, &mut |_, _| {}).unwrap() else {
        panic!("no divergence")
    };
    assert_eq!(d.at, "tick 7");
}

#[test]
fn query_digests_differ_when_an_answer_differs() {
    let plain = record("desync-q1", 40, 30, ALL, &RunOptions::default());
    let again = record("desync-q2", 40, 30, ALL, &RunOptions::default());
    assert_eq!(plain, again);
    let q: Vec<&str> = plain
        .lines()
        .filter(|l| l.starts_with("{\"queries\":"))
        .collect();
    assert_eq!(q.len(), 30);
    // Not every tick's digests are the same: they follow the answers.
    assert!(q.windows(2).any(|w| w[0][20..] != w[1][20..]));
}
