//! The `arena` and `replay` commands as a new user tries them: good runs,
//! and bad input that must give a clear message, never a panic, and nothing
//! silently dropped.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common;

fn run(args: &[&str]) -> Output {
    common::bin()
        .args(args)
        .current_dir(common::root())
        .output()
        .expect("run the binary")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh scratch directory under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn no_panic(out: &Output, case: &str) {
    let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert!(!all.contains("panicked"), "{case}: {all}");
}

#[test]
fn verify_the_repository_replays_prints_one_ok_line_each() {
    let out = run(&["replay", "verify", "replays"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    for name in ["arena-2d.json", "arena-3d.json", "queries.json"] {
        let line = stdout
            .lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} missing: {stdout}"));
        assert!(line.starts_with("ok "), "{line}");
    }
    assert!(stdout.contains("final hash "), "{stdout}");
    assert!(stdout.contains("answer digest "), "{stdout}");
}

#[test]
fn arena_records_a_replay_that_verifies() {
    let dir = scratch("arena_record");
    let file = dir.join("run.json");
    let f = file.to_str().unwrap();
    let out = run(&[
        "arena", "--dim", "3", "--bodies", "20", "--ticks", "30", "--seed", "5", "--record", f,
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let final_line = stdout
        .lines()
        .find(|l| l.starts_with("final hash "))
        .expect("final hash line");
    let hash = final_line.trim_start_matches("final hash ");
    assert!(stdout.contains("queries: "), "{stdout}");
    assert!(stdout.contains("ms per tick"), "{stdout}");
    let check = run(&[
        "arena", "--dim", "3", "--bodies", "20", "--ticks", "30", "--seed", "5", "--check", f,
    ]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));
    assert!(
        text(&check.stdout).contains("matches"),
        "{}",
        text(&check.stdout)
    );
    let v = run(&["replay", "verify", f]);
    assert_eq!(v.status.code(), Some(0), "{}", text(&v.stdout));
    assert!(
        text(&v.stdout).contains(hash),
        "verify reports the same final hash {hash}: {}",
        text(&v.stdout)
    );
}

#[test]
fn arena_check_against_other_parameters_fails_clearly() {
    let out = run(&[
        "arena",
        "--bodies",
        "10",
        "--ticks",
        "5",
        "--check",
        "replays/arena-2d.json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("other parameters"),
        "{}",
        text(&out.stderr)
    );
    no_panic(&out, "check");
}

/// Runs each case; each must exit 2 (usage error) with `want` in its
/// standard error, without a panic and without writing anything to
/// standard output.
fn usage_errors(cases: &[(&[&str], &str)]) {
    for (args, want) in cases {
        let out = run(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(want), "{args:?}: want {want:?} in {stderr}");
        assert!(
            stderr.contains("--help"),
            "{args:?}: points to help: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{args:?}: {}", text(&out.stdout));
        no_panic(&out, &format!("{args:?}"));
    }
}

#[test]
fn arena_bad_options_are_usage_errors() {
    usage_errors(&[
        (
            &["arena", "--dim", "4"],
            "invalid value '4' for '--dim <2|3>': 4 is out of range 2..=3",
        ),
        (
            &["arena", "--bodies", "many"],
            "invalid value 'many' for '--bodies <N>': not a whole number (expected 0..=200000)",
        ),
        (
            &["arena", "--ticks"],
            "a value is required for '--ticks <N>'",
        ),
        (&["arena", "--speed", "3"], "unexpected argument '--speed'"),
        (&["arena", "extra"], "unexpected argument 'extra'"),
        (
            &["arena", "--print-every", "0"],
            "'--print-every <N>': 0 is out of range 1..=4294967295",
        ),
    ]);
}

#[test]
fn replay_bad_commands_are_usage_errors() {
    usage_errors(&[
        (&["replay"], "requires a subcommand"),
        (&["replay", "verify"], "<FILE|DIR>"),
        (&["replay", "record"], "requires a subcommand"),
        (&["replay", "record", "arena"], "--out <FILE>"),
        (
            &["replay", "record", "movies", "--out", "x"],
            "unrecognized subcommand 'movies'",
        ),
    ]);
}

#[test]
fn a_repeated_option_is_a_usage_error() {
    usage_errors(&[
        (
            &["arena", "--dim", "2", "--dim", "3"],
            "'--dim <2|3>' cannot be used multiple times",
        ),
        (
            &["arena", "--check", "a.json", "--check=b.json"],
            "'--check <FILE>' cannot be used multiple times",
        ),
        (
            &["replay", "record", "queries", "--out", "a", "--out", "b"],
            "'--out <FILE>' cannot be used multiple times",
        ),
    ]);
}

#[test]
fn an_option_of_another_command_is_a_usage_error() {
    usage_errors(&[
        (
            &["replay", "record", "arena", "--count", "7", "--out", "x"],
            "unexpected argument '--count'",
        ),
        (
            &["replay", "record", "queries", "--dim", "3", "--out", "x"],
            "unexpected argument '--dim'",
        ),
        (&["arena", "--out", "x"], "unexpected argument '--out'"),
        (
            &["replay", "verify", "--seed", "1", "x"],
            "unexpected argument '--seed'",
        ),
    ]);
}

#[test]
fn a_number_out_of_range_names_the_option_and_the_range() {
    usage_errors(&[
        (
            &["arena", "--seed", "18446744073709551616"],
            "'--seed <S>': 18446744073709551616 is out of range 0..=18446744073709551615",
        ),
        (
            &["arena", "--seed", "-1"],
            "'--seed <S>': -1 is out of range 0..=18446744073709551615",
        ),
        (
            &["arena", "--bodies", "200001"],
            "'--bodies <N>': 200001 is out of range 0..=200000",
        ),
        (
            &[
                "arena",
                "--ticks",
                "99999999999999999999999999999999999999999999",
            ],
            "'--ticks <N>': 99999999999999999999999999999999999999999999 is out of range 0..=10000000",
        ),
        (
            &["replay", "record", "queries", "--count", "0", "--out", "x"],
            "'--count <N>': 0 is out of range 1..=10000000",
        ),
    ]);
}

#[test]
fn help_and_version_print_to_stdout_and_succeed() {
    let cases: &[(&[&str], &str)] = &[
        (&["arena", "--help"], "--print-every <N>"),
        (&["help", "arena"], "replays/arena-2d.json"),
        (&["replay", "--help"], "verify"),
        (&["replay", "verify", "--help"], "FAIL  FILE"),
        (&["replay", "record", "arena", "--help"], "--out <FILE>"),
        (&["replay", "record", "queries", "-h"], "--count <N>"),
        (&["help", "replay", "record"], "queries"),
        (
            &["-V"],
            concat!("fixed-collide ", env!("CARGO_PKG_VERSION")),
        ),
    ];
    for (args, want) in cases {
        let out = run(args);
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(stdout.contains(want), "{args:?}: want {want:?} in {stdout}");
        assert!(out.stderr.is_empty(), "{args:?}: {}", text(&out.stderr));
    }
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    let dir = scratch("no_progress");
    let file = dir.join("q.json");
    let f = file.to_str().unwrap();
    for args in [
        &["arena", "--bodies", "30", "--ticks", "200"][..],
        &[
            "replay", "record", "queries", "--count", "40", "--seed", "3", "--out", f,
        ],
        &["replay", "verify", "replays/arena-3d.json", f],
    ] {
        let out = run(args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stdout)
        );
        assert!(out.stderr.is_empty(), "{args:?}: {:?}", text(&out.stderr));
    }
}

#[test]
fn replay_record_arena_and_queries_write_replays_that_verify() {
    let dir = scratch("record_both");
    let arena = dir.join("arena.json");
    let queries = dir.join("queries.json");
    let (a, q) = (arena.to_str().unwrap(), queries.to_str().unwrap());
    let cases: [&[&str]; 2] = [
        &[
            "replay", "record", "arena", "--dim", "3", "--bodies", "12", "--ticks", "9", "--out", a,
        ],
        &[
            "replay", "record", "queries", "--count", "64", "--seed", "9", "--out", q,
        ],
    ];
    for args in cases {
        let out = run(args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stdout).starts_with("recorded "),
            "{}",
            text(&out.stdout)
        );
    }
    let v = run(&["replay", "verify", a, q]);
    let stdout = text(&v.stdout);
    assert_eq!(v.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("arena 3D: 9 ticks"), "{stdout}");
    assert!(stdout.contains("queries: 64 queries"), "{stdout}");
}

/// Writes `files` into a fresh directory and verifies it.
fn verify_dir(name: &str, files: &[(&str, String)]) -> (Output, String) {
    let dir = scratch(name);
    for (f, body) in files {
        std::fs::write(dir.join(f), body).unwrap();
    }
    let out = run(&["replay", "verify", dir.to_str().unwrap()]);
    let stdout = text(&out.stdout);
    no_panic(&out, name);
    (out, stdout)
}

fn good_queries() -> String {
    std::fs::read_to_string(common::root().join("replays/queries.json")).unwrap()
}

fn line_for<'a>(stdout: &'a str, file: &str) -> &'a str {
    stdout
        .lines()
        .find(|l| l.contains(file))
        .unwrap_or_else(|| panic!("no line for {file}: {stdout}"))
}

#[test]
fn verify_reports_every_file_of_a_directory_and_fails_on_any_bad_one() {
    let q = good_queries();
    let files = [
        ("a-good.json", q.clone()),
        ("b-empty.json", String::new()),
        ("c-malformed.json", "{\"header\": }\n".to_string()),
        (
            "d-not-replay.json",
            "{\"name\": \"package.json lookalike\"}".to_string(),
        ),
        (
            "e-version.json",
            q.replacen("\"version\":2", "\"version\":7", 1),
        ),
        ("f-truncated.json", q[..q.len() / 3].to_string()),
        ("notes.txt", "hello".to_string()),
    ];
    let (out, stdout) = verify_dir("verify_dir", &files);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let expect = [
        ("a-good.json", "ok "),
        ("b-empty.json", "empty file"),
        ("c-malformed.json", "malformed JSON"),
        ("d-not-replay.json", "no \"format\""),
        ("e-version.json", "unsupported header.version 7"),
        ("f-truncated.json", "is cut short"),
        ("notes.txt", "skip"),
    ];
    for (file, want) in expect {
        let line = line_for(&stdout, file);
        assert!(line.contains(want), "{file}: want {want:?} in {line:?}");
    }
    assert_eq!(
        stdout.lines().count(),
        files.len(),
        "one line per file: {stdout}"
    );
}

#[test]
fn verify_names_the_query_and_field_of_a_bad_query_input() {
    let q = good_queries();
    // The first query's op becomes unknown, a later one loses a field, one
    // gets the wrong dimension, one a number out of the domain or range.
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "unknown-op.json",
            "\"op\":\"aabb_overlap\"",
            "\"op\":\"aabb_overlapp\"",
            "query 0 ",
        ),
        (
            "missing-field.json",
            "\"stationary\":",
            "\"stationery\":",
            "query ",
        ),
        (
            "huge-number.json",
            "\"min\":[\"",
            "\"min\":[\"123456789012345678901234567890",
            "query 0 ",
        ),
    ];
    for (file, from, to, at) in cases {
        assert!(q.contains(from), "{file}: pattern {from}");
        // An edit is refused as such; sealed again (as another build's
        // recording would be), it is re-run.
        let edited = q.replacen(from, to, 1);
        let sealed = fixed_collide_cli::replay::reseal(&edited).unwrap();
        let (out, stdout) = verify_dir(
            &format!("verify_{}", file.trim_end_matches(".json")),
            &[("edited.json", edited), (file, sealed)],
        );
        let line = line_for(&stdout, "edited.json");
        assert!(
            line.starts_with("ERROR") && line.contains("edited replay: "),
            "{line}"
        );
        assert_eq!(out.status.code(), Some(1), "{file}: {stdout}");
        let line = line_for(&stdout, file);
        assert!(line.starts_with("FAIL"), "{file}: {line}");
        assert!(line.contains(at), "{file}: want {at:?} in {line}");
        assert!(
            line.contains("field"),
            "{file}: the answer names the field: {line}"
        );
    }
}

#[test]
fn verify_names_an_out_of_domain_or_wrong_dimension_arena_input() {
    let arena = std::fs::read_to_string(common::root().join("replays/arena-2d.json")).unwrap();
    // The records of bodies 5 and 7 (after the header, the run record and
    // the obstacles), edited; the out-of-domain one sealed again.
    let edit = |body: usize, f: &dyn Fn(&mut serde_json::Value)| {
        let mut lines: Vec<String> = arena.lines().map(str::to_string).collect();
        let n = lines
            .iter()
            .position(|l| l.starts_with("{\"body\":"))
            .unwrap()
            + body;
        let mut v: serde_json::Value = serde_json::from_str(&lines[n]).unwrap();
        f(&mut v);
        lines[n] = v.to_string();
        lines.iter().map(|l| format!("{l}\n")).collect::<String>()
    };
    let far = edit(5, &|v| {
        v["body"]["pos"][1] = serde_json::Value::String("5000000".into())
    });
    let far = fixed_collide_cli::replay::reseal(&far).unwrap();
    let flat = edit(7, &|v| {
        v["body"]["vel"] = serde_json::json!(["1", "2", "3"])
    });
    let files = [("far.json", far), ("flat.json", flat)];
    let (out, stdout) = verify_dir("verify_arena_domain", &files);
    assert_eq!(out.status.code(), Some(1));
    let line = line_for(&stdout, "far.json");
    assert!(
        line.contains("ERROR") && line.contains("bodies[5]") && line.contains("5000000"),
        "{line}"
    );
    let line = line_for(&stdout, "flat.json");
    assert!(
        line.contains("ERROR") && line.contains("bodies[7].vel") && line.contains("dimension 2"),
        "{line}"
    );
}

#[test]
fn verify_of_a_missing_file_is_an_error_line() {
    let out = run(&["replay", "verify", "no/such/file.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("ERROR no/such/file.json"),
        "{}",
        text(&out.stdout)
    );
}
