//! `render` on bad input: a tick beyond the recording, an unreadable or
//! truncated file, a query replay, runs of different scenes, and wrong
//! usage: each a clear message on standard error, exit status 2, no
//! picture written and no panic.

use crate::common;
use crate::render_support;

use fixed_collide_cli::arena::scene::generate;
use render_support::{record, scratch};
use std::path::Path;

/// Runs `render ARGS --out OUT`; returns the exit status and standard
/// error, checking that nothing was written and nothing panicked.
fn render(args: &[&Path], extra: &[&str], out: &Path) -> (Option<i32>, String) {
    let o = common::bin()
        .arg("render")
        .args(args)
        .args(extra)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!err.contains("panicked"), "{err}");
    assert!(!out.exists(), "a picture was written: {err}");
    (o.status.code(), err)
}

#[test]
fn a_tick_beyond_the_recording_is_refused() {
    let dir = scratch("render-err-tick");
    let a = dir.join("a.json");
    record(generate::<2>(5, 10, 1), 10, &a);
    let (code, err) = render(&[&a], &["--tick", "11"], &dir.join("t.svg"));
    assert_eq!(code, Some(2));
    assert!(
        err.contains("--tick 11 is beyond the recording, which has ticks 0..=10"),
        "{err}"
    );
}

#[test]
fn a_missing_or_truncated_file_is_refused() {
    let dir = scratch("render-err-file");
    let (code, err) = render(
        &[&dir.join("none.json")],
        &["--tick", "1"],
        &dir.join("t.svg"),
    );
    assert_eq!(code, Some(2));
    assert!(err.contains("none.json"), "{err}");
    let a = dir.join("a.json");
    record(generate::<2>(5, 10, 1), 10, &a);
    let text = std::fs::read_to_string(&a).unwrap();
    let cut = dir.join("cut.json");
    std::fs::write(&cut, &text[..text.len() / 2]).unwrap();
    let (code, err) = render(&[&cut], &["--tick", "1"], &dir.join("t.svg"));
    assert_eq!(code, Some(2));
    assert!(err.contains("cut.json") && err.contains("replay"), "{err}");
}

#[test]
fn a_query_replay_is_refused() {
    let dir = scratch("render-err-queries");
    let q = dir.join("q.json");
    fixed_collide_cli::replay::queries::record(10, 1, &q, &mut |_, _| {}).unwrap();
    let (code, err) = render(&[&q], &["--tick", "0"], &dir.join("t.svg"));
    assert_eq!(code, Some(2));
    assert!(
        err.contains("a queries replay, not an arena replay"),
        "{err}"
    );
    let (code, _) = render(&[&q], &["--html"], &dir.join("t.html"));
    assert_eq!(code, Some(2));
}

#[test]
fn an_overlay_of_different_scenes_is_refused() {
    let dir = scratch("render-err-scenes");
    let (a, b, c) = (dir.join("a.json"), dir.join("b.json"), dir.join("c.json"));
    record(generate::<2>(5, 10, 1), 10, &a);
    record(generate::<2>(5, 10, 2), 10, &b);
    record(generate::<3>(5, 10, 1), 10, &c);
    let (code, err) = render(&[&a, &b], &["--tick", "3"], &dir.join("d.svg"));
    assert_eq!(code, Some(2));
    assert!(
        err.contains("are runs of different scenes: obstacle 4 differs"),
        "{err}"
    );
    let (code, err) = render(&[&a, &c], &["--tick", "3"], &dir.join("d.svg"));
    assert_eq!(code, Some(2));
    assert!(err.contains("different scenes: 2D and 3D"), "{err}");
    let mut fewer = generate::<2>(5, 10, 1);
    fewer.bodies.pop();
    fewer.kicks.retain(|k| k.body < 4);
    let f = dir.join("f.json");
    record(fewer, 10, &f);
    let (code, err) = render(&[&a, &f], &["--tick", "3"], &dir.join("d.svg"));
    assert_eq!(code, Some(2));
    assert!(
        err.contains("the first has 5 bodies, the second 4"),
        "{err}"
    );
}

#[test]
fn wrong_usage_is_refused() {
    let dir = scratch("render-err-usage");
    let a = dir.join("a.json");
    record(generate::<2>(5, 10, 1), 10, &a);
    let out = dir.join("x.svg");
    for extra in [
        &[][..],
        &["--tick", "1", "--html"][..],
        &["--tick", "-1"][..],
    ] {
        let (code, _) = render(&[&a], extra, &out);
        assert_eq!(code, Some(2), "{extra:?}");
    }
    let (code, err) = render(&[&a, &a], &["--html"], &out);
    assert_eq!(code, Some(2));
    assert!(err.contains("--html draws one replay"), "{err}");
    let (code, _) = render(&[&a, &a, &a], &["--tick", "1"], &out);
    assert_eq!(code, Some(2));
}
