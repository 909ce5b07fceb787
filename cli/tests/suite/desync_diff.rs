//! `replay diff` and `replay verify --explain` on a simulated desync: two
//! recordings of the same 200-tick run, one made with `--perturb 17@120`.

use crate::desync_support;

use desync_support::{recordings, run, s, scratch, stderr, stdout};
use fixed_collide::num::Fx;
use fixed_collide_cli::Field;
use fixed_collide_cli::convert::fx_from_str;

#[test]
fn diff_of_a_perturbed_run_exits_1_and_names_tick_120_and_body_17() {
    let [a, b, _] = recordings();
    let o = run(&["replay", "diff", s(a), s(b)]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", stderr(&o));
    assert!(
        out.contains("first divergence at tick 120: state hash"),
        "{out}"
    );
    assert!(out.contains("1 body differs at tick 120:"), "{out}");
    assert!(out.contains("    body 17: pos[0]: A "), "{out}");
    assert!(out.contains("inputs: identical"), "{out}");
}

#[test]
fn diff_prints_both_values_one_ulp_apart() {
    let [a, b, _] = recordings();
    let out = stdout(&run(&["replay", "diff", s(a), s(b)]));
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("body 17: pos[0]:"))
        .unwrap_or_else(|| panic!("{out}"));
    // "body 17: pos[0]: A 97.3125, B 97.3125000002"
    let (_, values) = line.split_once("A ").unwrap();
    let (va, vb) = values.split_once(", B ").unwrap();
    let f = Field::new("value");
    let (va, vb) = (
        fx_from_str(va, &f).unwrap(),
        fx_from_str(vb.trim(), &f).unwrap(),
    );
    assert_eq!(vb, va + Fx::DELTA, "{line}");
}

#[test]
fn diff_repro_file_is_answered_by_eval() {
    let [a, b, _] = recordings();
    let repro = scratch("desync-repro").join("repro.jsonl");
    let o = run(&["replay", "diff", s(a), s(b), "--repro", s(&repro)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("repro: wrote"), "{}", stdout(&o));
    let lines = std::fs::read_to_string(&repro).unwrap();
    assert!(!lines.is_empty());
    assert!(lines.lines().all(|l| l.starts_with("{\"op\":")), "{lines}");
    let e = run(&["eval", s(&repro)]);
    assert_eq!(e.status.code(), Some(0), "{}", stderr(&e));
    let answers = stdout(&e);
    assert_eq!(answers.lines().count(), lines.lines().count());
    assert!(
        answers.lines().all(|l| l.starts_with("{\"hit\":")),
        "{answers}"
    );
}

#[test]
fn diff_of_a_file_with_itself_exits_0() {
    let [a, _, plain] = recordings();
    for f in [a, plain] {
        let o = run(&["replay", "diff", s(f), s(f)]);
        assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
        assert!(stdout(&o).contains("identical: the same inputs, 200 tick hashes"));
    }
}

#[test]
fn diff_without_body_detail_names_the_tick_and_what_is_missing() {
    let [a, _, plain] = recordings();
    let o = run(&["replay", "diff", s(a), s(plain)]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("first divergence at tick 120: state hash"),
        "{out}"
    );
    assert!(out.contains("note: B has no body detail"), "{out}");
    assert!(!out.contains("body 17"), "{out}");
}

#[test]
fn verify_explain_reports_the_body_against_the_recording() {
    let [_, b, _] = recordings();
    let o = run(&["replay", "verify", "--explain", s(b)]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("FAIL"), "{out}");
    assert!(
        out.contains("first divergence at tick 120: state hash: recorded "),
        "{out}"
    );
    assert!(out.contains("body 17: pos[0]: recorded "), "{out}");
    assert!(out.contains(", re-run "), "{out}");
}

#[test]
fn verify_without_explain_prints_one_line() {
    let [_, b, _] = recordings();
    let o = run(&["replay", "verify", s(b)]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o).lines().count(), 1, "{}", stdout(&o));
}

#[test]
fn verify_of_an_unperturbed_detail_recording_passes() {
    let [a, _, _] = recordings();
    let o = run(&["replay", "verify", "--explain", s(a)]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).starts_with("ok "), "{}", stdout(&o));
}

#[test]
fn diff_of_recordings_with_another_kick_names_that_input() {
    let [a, _, _] = recordings();
    let text = std::fs::read_to_string(a).unwrap();
    let kick = text.lines().find(|l| l.starts_with("{\"kick\":")).unwrap();
    // Another velocity (in the domain, whatever the kick's was).
    let vel = kick.find("\"vel\":[").unwrap();
    let edited_kick = format!("{}\"vel\":[\"0.5\",\"-0.25\"]}}}}", &kick[..vel]);
    assert_ne!(kick, edited_kick);
    let edited = text.replacen(kick, &edited_kick, 1);
    let resealed = fixed_collide_cli::replay::reseal(&edited).unwrap();
    let c = scratch("desync-kick").join("c.json");
    std::fs::write(&c, resealed).unwrap();
    let o = run(&["replay", "diff", s(a), s(&c)]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", stderr(&o));
    assert!(
        out.contains("different inputs: the first that differs is scene.kicks[0]: A {\"tick\":8"),
        "{out}"
    );
}
