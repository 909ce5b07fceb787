//! The example file `examples/demo.jsonl`: it covers every op, and its
//! answers, in the library and in the binary, are `demo.expected.jsonl`.

use fixed_collide_cli::eval::Op;

use crate::eval_support;

use eval_support::{common, dimension_of, example, run_bin, stream, text};

/// The demo input and its expected answers, line by line.
fn demo() -> (String, Vec<String>) {
    let input = example("demo.jsonl");
    let expected: Vec<String> = example("demo.expected.jsonl")
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(
        input.lines().count(),
        expected.len(),
        "one expected answer per line"
    );
    (input, expected)
}

#[test]
fn demo_covers_every_op_in_2d_and_3d_with_a_miss_and_bad_lines() {
    let (input, expected) = demo();
    for op in Op::ALL {
        for dim in [2, 3] {
            let found = input.lines().zip(&expected).any(|(l, e)| {
                l.contains(&format!("\"op\":\"{}\"", op.name()))
                    && dimension_of(l) == Some(dim)
                    && !e.starts_with("{\"error\"")
            });
            assert!(found, "demo.jsonl has no good {dim}D {op:?}");
        }
    }
    assert!(expected.iter().any(|l| l == r#"{"hit":false}"#), "a miss");
    assert!(
        expected.iter().any(|l| l.starts_with("{\"error\"")),
        "a bad line"
    );
}

#[test]
fn demo_answers_match_expected_in_library() {
    let (input, expected) = demo();
    let (summary, got) = stream(input.as_bytes());
    assert_eq!(got.len(), expected.len());
    for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
        assert_eq!(g, e, "demo.jsonl line {}", i + 1);
    }
    let errors = expected
        .iter()
        .filter(|e| e.starts_with("{\"error\""))
        .count();
    assert_eq!(summary.errors, errors as u64);
}

#[test]
fn demo_answers_match_expected_in_binary_on_stdin() {
    let (input, expected) = demo();
    let out = run_bin(&["eval"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1), "bad lines give 1: {out:?}");
    assert!(out.stderr.is_empty(), "stderr: {}", text(&out.stderr));
    let got: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(got, expected);
}

#[test]
fn demo_answers_match_expected_in_binary_on_the_file() {
    let path = common::root().join("examples/demo.jsonl");
    let out = common::bin().arg("eval").arg(&path).output().expect("run");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let got = text(&out.stdout);
    let expected = example("demo.expected.jsonl");
    for (i, (g, e)) in got.lines().zip(expected.lines()).enumerate() {
        assert_eq!(g, e, "demo.jsonl line {}", i + 1);
    }
    assert_eq!(got.lines().count(), expected.lines().count());
}
