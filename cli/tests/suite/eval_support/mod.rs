//! Helpers shared by the `eval` tests (eval_*.rs): running the library on
//! in-memory input and the binary on stdin, reading the example files,
//! checking error answers.
#![allow(dead_code)]

use fixed_collide::Fx;
use fixed_collide_cli::eval::{
    Answer, ErrorKind, InputError, Summary, Value, eval_line, eval_stream,
};
use std::io::Write;
use std::process::{Output, Stdio};

pub(crate) use crate::common;

use common::{bin, root};

/// The number `text` (panics if it is not one).
pub fn fx(text: &str) -> Fx {
    text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// Runs `eval_stream` on `input`; returns the summary and the output lines.
pub fn stream(input: &[u8]) -> (Summary, Vec<String>) {
    let mut out = Vec::new();
    let summary = eval_stream(input, &mut out).expect("in-memory stream cannot fail");
    let text = String::from_utf8(out).expect("output is UTF-8");
    assert!(
        text.is_empty() || text.ends_with('\n'),
        "output must end with a newline: {text:?}"
    );
    (summary, text.lines().map(str::to_string).collect())
}

/// Runs the binary with `args`, feeding it `stdin`.
pub fn run_bin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn fixed-collide");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // The child may exit without reading (usage errors): ignore EPIPE.
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait fixed-collide");
    writer.join().expect("writer thread");
    out
}

/// Bytes as text (invalid UTF-8 replaced).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The file `examples/{name}`.
pub fn example(name: &str) -> String {
    let path = root().join("examples").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A case: the line, the kind, the field (None: no field), a part of the
/// message.
pub type Case<'a> = (&'a str, ErrorKind, Option<&'a str>, &'a str);

/// Checks that each case's line is rejected with the case's kind, field
/// and message part, by [`eval_line`] and through a stream.
pub fn check_errors(cases: &[Case<'_>]) {
    for &(line, kind, field, part) in cases {
        let e: InputError = match eval_line(line) {
            Ok(a) => panic!("case {line:?}: accepted, answered {}", a.to_json()),
            Err(e) => e,
        };
        assert_eq!(e.kind, kind, "case {line:?}: {e}");
        assert_eq!(
            e.field.as_ref().map(|f| f.as_str()),
            field,
            "case {line:?}: {e}"
        );
        assert!(
            e.to_string().contains(part),
            "case {line:?}: {e:?} should contain {part:?}"
        );
        // Through the stream, the answer is one error object naming the line.
        let (summary, out) = stream(format!("\n{line}\n").as_bytes());
        assert_eq!((summary.lines, summary.errors), (2, 2), "case {line:?}");
        let json: serde_json::Value = serde_json::from_str(&out[1]).unwrap();
        let msg = json["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{}", out[1]));
        assert_eq!(msg, format!("line 2: {e}"), "case {line:?}");
        assert_eq!(json.as_object().map(|o| o.len()), Some(1), "case {line:?}");
    }
}

/// A valid 2D aabb operand.
pub const B: &str = r#"{"min":[0,0],"max":[1,1]}"#;

/// A line whose answer echoes `x` (written as `x_json`) as `box.min.x`.
pub fn echo_line(x_json: &str) -> String {
    format!(
        r#"{{"op":"aabb_intersection","a":{{"min":[{x_json},0],"max":[1048576,0]}},"b":{{"min":[-1048576,0],"max":[1048576,0]}}}}"#
    )
}

/// The `box.min.x` of an [`echo_line`] answer.
pub fn echoed(answer: &Answer) -> Fx {
    match answer.get("box") {
        Some(Value::Box { min, .. }) => min[0],
        other => panic!("no box: {other:?}"),
    }
}

/// The length of the first vector of a line: the first `[` holding
/// numbers only (the first point of a polygon's `[[x, y], ...]`).
pub fn dimension_of(line: &str) -> Option<usize> {
    let end = line.find(']')?;
    let start = line[..end].rfind('[')?;
    Some(line[start + 1..end].split(',').count())
}
