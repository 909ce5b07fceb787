//! Bad input to the desync tooling: each a clear error naming the value,
//! with exit status 2.

use crate::desync_support;

use desync_support::{recordings, run, s, scratch, stderr, stdout};

fn usage_error(args: &[&str], needles: &[&str]) {
    let o = run(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}{err}", stdout(&o));
    for n in needles {
        assert!(err.contains(n), "{args:?}: {err:?} lacks {n:?}");
    }
}

#[test]
fn perturb_of_an_unknown_body_is_refused_naming_it() {
    let args = [
        "arena",
        "--bodies",
        "20",
        "--ticks",
        "10",
        "--perturb",
        "20@5",
    ];
    usage_error(&args, &["--perturb 20@5", "no body 20", "0..20"]);
    let rec = [
        "replay", "record", "arena", "--bodies", "20", "--ticks", "10",
    ];
    let out = scratch("desync-bad-body").join("x.json");
    let args = [&rec[..], &["--perturb", "99@1", "--out", s(&out)]].concat();
    usage_error(&args, &["--perturb 99@1", "no body 99"]);
    assert!(!out.exists());
}

#[test]
fn perturb_at_a_tick_beyond_the_run_is_refused_naming_it() {
    for (value, tick) in [("3@11", "tick 11"), ("3@0", "tick 0")] {
        let args = [
            "arena",
            "--bodies",
            "20",
            "--ticks",
            "10",
            "--perturb",
            value,
        ];
        usage_error(&args, &[&format!("--perturb {value}"), tick, "1..=10"]);
    }
}

#[test]
fn perturb_with_bad_syntax_is_refused_naming_it() {
    for (value, says) in [
        ("17-120", "\"17-120\" is not BODY@TICK"),
        ("17@", "tick \"\" in \"17@\""),
        ("x@3", "body \"x\""),
        ("17@-1", "tick \"-1\""),
        ("17@99999999999", "tick \"99999999999\""),
    ] {
        usage_error(&["arena", "--perturb", value], &["--perturb", says]);
    }
}

#[test]
fn detail_without_record_is_a_usage_error() {
    usage_error(&["arena", "--detail", "bodies"], &["--record FILE"]);
    usage_error(
        &["arena", "--detail", "pictures", "--record", "x.json"],
        &["pictures"],
    );
}

#[test]
fn diff_of_a_truncated_file_is_an_error() {
    let [a, _, _] = recordings();
    let text = std::fs::read_to_string(a).unwrap();
    let cut = &text[..text.len() / 2];
    let cut = &cut[..cut.rfind('\n').unwrap() + 1];
    let t = scratch("desync-truncated").join("t.json");
    std::fs::write(&t, cut).unwrap();
    usage_error(
        &["replay", "diff", s(a), s(&t)],
        &["t.json", "edited replay"],
    );
}

#[test]
fn diff_of_different_scenes_is_an_error_naming_the_field() {
    let dir = scratch("desync-scenes");
    let [x, y] = [dir.join("x.json"), dir.join("y.json")];
    for (p, bodies) in [(&x, "20"), (&y, "21")] {
        let o = run(&[
            "replay",
            "record",
            "arena",
            "--bodies",
            bodies,
            "--ticks",
            "5",
            "--out",
            s(p),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    usage_error(
        &["replay", "diff", s(&x), s(&y)],
        &["different scenes: run.bodies is 20 in A and 21 in B"],
    );
}

#[test]
fn diff_of_mismatched_versions_is_an_error() {
    let [a, _, _] = recordings();
    let text = std::fs::read_to_string(a).unwrap();
    let v3 = text.replacen("\"version\":2", "\"version\":3", 1);
    let p = scratch("desync-version").join("v3.json");
    std::fs::write(&p, v3).unwrap();
    usage_error(
        &["replay", "diff", s(a), s(&p)],
        &["v3.json", "unsupported header.version 3"],
    );
}

#[test]
fn diff_of_a_query_replay_is_an_error() {
    let dir = scratch("desync-queries");
    let q = dir.join("q.json");
    let o = run(&[
        "replay",
        "record",
        "queries",
        "--count",
        "20",
        "--out",
        s(&q),
    ]);
    assert!(o.status.success());
    let [a, _, _] = recordings();
    usage_error(&["replay", "diff", s(a), s(&q)], &["B is a query replay"]);
}

#[test]
fn diff_of_a_missing_file_exits_2() {
    let [a, _, _] = recordings();
    usage_error(&["replay", "diff", s(a), "no/such.json"], &["no/such.json"]);
    usage_error(&["replay", "diff", s(a)], &["B"]);
}

/// Recording A cut in the middle of a line (about half-way through the
/// file), at `name` in a scratch directory.
fn cut_mid_line(name: &str) -> std::path::PathBuf {
    let [a, _, _] = recordings();
    let text = std::fs::read_to_string(a).unwrap();
    let half = &text[..text.len() / 2];
    let start = half.rfind('\n').unwrap() + 1;
    // Half of the line that follows.
    let end = start + text[start..].find('\n').unwrap() / 2;
    let t = scratch(name).join("cut.json");
    std::fs::write(&t, &text[..end]).unwrap();
    t
}

const CUT: [&str; 3] = ["cut.json", "is cut short", "(truncated?)"];

#[test]
fn verify_of_a_file_cut_mid_line_says_it_looks_truncated() {
    let t = cut_mid_line("desync-cut-verify");
    let o = run(&["replay", "verify", s(&t)]);
    let err = format!("{}{}", stdout(&o), stderr(&o));
    assert_ne!(o.status.code(), Some(0), "{err}");
    for n in CUT {
        assert!(err.contains(n), "{err:?} lacks {n:?}");
    }
    assert!(!err.contains("malformed JSON"), "{err}");
}

#[test]
fn diff_of_a_file_cut_mid_line_says_it_looks_truncated() {
    let [a, _, _] = recordings();
    let t = cut_mid_line("desync-cut-diff");
    usage_error(&["replay", "diff", s(a), s(&t)], &CUT);
}

#[test]
fn render_of_a_file_cut_mid_line_says_it_looks_truncated() {
    let t = cut_mid_line("desync-cut-render");
    let out = t.with_file_name("x.svg");
    let o = run(&["render", s(&t), "--tick", "3", "--out", s(&out)]);
    let err = stderr(&o);
    assert_ne!(o.status.code(), Some(0), "{err}");
    for n in CUT {
        assert!(err.contains(n), "{err:?} lacks {n:?}");
    }
    assert!(!out.exists());
}

#[test]
fn diff_at_a_tick_beyond_the_recording_is_refused_naming_it() {
    let [a, b, _] = recordings();
    usage_error(
        &["replay", "diff", s(a), s(b), "--tick", "201"],
        &["--tick 201: beyond the recording", "1, 2, ..., 200"],
    );
    usage_error(
        &["replay", "diff", s(a), s(b), "--tick", "0"],
        &["--tick 0: not a recorded tick"],
    );
}

#[test]
fn diff_of_an_unknown_body_is_refused_naming_it() {
    let [a, b, _] = recordings();
    usage_error(
        &["replay", "diff", s(a), s(b), "--body", "200"],
        &["--body 200: there is no body 200", "bodies 0..200"],
    );
}

#[test]
fn diff_of_one_body_without_body_detail_is_refused() {
    let [a, _, plain] = recordings();
    usage_error(
        &["replay", "diff", s(a), s(plain), "--body", "17"],
        &["--body 17: needs body detail", "--detail bodies"],
    );
}

#[test]
fn diff_at_a_tick_reports_that_tick_and_exits_by_it() {
    let [a, b, _] = recordings();
    let o = run(&["replay", "diff", s(a), s(b), "--tick", "150"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", stderr(&o));
    assert!(out.contains("divergence at tick 150: state hash"), "{out}");
    assert!(out.contains("body 17: pos[0]: A "), "{out}");
    let o = run(&["replay", "diff", s(a), s(b), "--tick", "119"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr(&o));
    assert!(out.contains("tick 119: no difference"), "{out}");
}

#[test]
fn diff_of_one_body_reports_the_first_tick_it_differs() {
    let [a, b, _] = recordings();
    let o = run(&["replay", "diff", s(a), s(b), "--body", "17"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", stderr(&o));
    assert!(out.contains("first divergence at tick 120"), "{out}");
    assert!(out.contains("1 body differs at tick 120"), "{out}");
    let o = run(&["replay", "diff", s(a), s(b), "--body", "3"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", stderr(&o));
    assert!(
        out.contains("body 3: the same state after every recorded tick"),
        "{out}"
    );
}
