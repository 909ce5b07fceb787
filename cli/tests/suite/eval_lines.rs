//! The framing of `eval` lines: the line limit (without the line end), a
//! byte order mark, and syntax errors located by their column in the whole
//! line.

use fixed_collide_cli::eval::{ErrorKind, MAX_LINE_BYTES, eval_bytes, eval_line, eval_stream};
use std::io::BufReader;

use crate::eval_support;

use eval_support::{B, stream};

const OK: &str =
    r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"min":[0,0],"max":[1,1]}}"#;

/// A valid line of exactly `len` bytes (the query, then spaces).
fn line_of(len: usize) -> Vec<u8> {
    let mut line = OK.as_bytes().to_vec();
    line.resize(len, b' ');
    line
}

/// The answers to `input` read through a reader of `capacity` bytes.
fn answers(input: &[u8], capacity: usize) -> Vec<String> {
    let mut out = Vec::new();
    eval_stream(BufReader::with_capacity(capacity, input), &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_line_limit_does_not_count_the_line_end() {
    let too_long = format!("line 1: line longer than {MAX_LINE_BYTES} bytes");
    for (len, fits) in [(MAX_LINE_BYTES, true), (MAX_LINE_BYTES + 1, false)] {
        let line = line_of(len);
        for end in [&b"\n"[..], b"\r\n"] {
            let input = [&line[..], end, OK.as_bytes(), b"\n"].concat();
            // Small capacities split the line and its `\r\n` across reads.
            for capacity in [1, 7, 8192, 1 << 21] {
                let got = answers(&input, capacity);
                let want_first = if fits {
                    "{\"hit\":true}".to_string()
                } else {
                    format!("{{\"error\":\"{too_long}\"}}")
                };
                let case = format!("{len} bytes, end {end:?}, capacity {capacity}");
                assert_eq!(got, [want_first, "{\"hit\":true}".to_string()], "{case}");
            }
        }
    }
}

#[test]
fn a_line_ending_in_cr_at_the_end_of_the_input_is_within_the_limit() {
    for (len, fits) in [(MAX_LINE_BYTES, true), (MAX_LINE_BYTES + 1, false)] {
        let input = [&line_of(len)[..], b"\r"].concat();
        let got = answers(&input, 8192);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0] == "{\"hit\":true}", fits, "{len}: {}", got[0]);
    }
    // Two `\r`: only the last is set aside.
    let input = [&line_of(MAX_LINE_BYTES)[..], b"\r\r\n"].concat();
    let (_, got) = stream(&input);
    assert!(got[0].contains("line longer than"), "{}", got[0]);
}

#[test]
fn a_byte_order_mark_is_named_and_asked_to_be_removed() {
    let message = "byte order mark (BOM) at the start of the line; remove it";
    let with_bom = format!("\u{FEFF}{OK}");
    for line in [with_bom.as_str(), "\u{FEFF}", "\u{FEFF}  ", "\u{FEFF}{"] {
        let e = eval_line(line).unwrap_err();
        assert_eq!((e.kind, e.field), (ErrorKind::Syntax, None), "{line:?}");
        assert_eq!(e.message, message, "{line:?}");
    }
    let e = eval_bytes(3, with_bom.as_bytes()).unwrap_err();
    assert_eq!(e.to_string(), format!("line 3: {message}"));
    // Through a stream, on any line.
    let (summary, got) = stream(format!("{OK}\n{with_bom}\r\n{OK}\n").as_bytes());
    assert_eq!((summary.lines, summary.errors), (3, 1));
    assert_eq!(got[1], format!("{{\"error\":\"line 2: {message}\"}}"));
    // A BOM after the start is an ordinary syntax error, with its column.
    let e = eval_line(&format!(" \u{FEFF}{OK}")).unwrap_err();
    assert_eq!(e.message, "invalid JSON at column 2: expected value");
}

/// The lines that hold a lone surrogate, each with `\ud800`, `\udc00` or
/// `\ud800` followed by another escape.
fn lone_surrogate_lines() -> Vec<String> {
    vec![
        // In a number string: the value is parsed again on its own.
        format!(r#"{{"op":"aabb_overlap","a":{{"min":["\ud800",0],"max":[1,1]}},"b":{B}}}"#),
        format!(r#"{{"op":"aabb_overlap","a":{B},"b":{{"min":[0,0],"max":[1,"1\udc00"]}}}}"#),
        // In the op.
        format!(r#"{{"op":"aabb\ud800_overlap","a":{B},"b":{B}}}"#),
        // In keys, at the top and in a shape.
        format!(r#"{{"op":"aabb_overlap","a":{B},"b":{B},"\ud800\n":1}}"#),
        format!(r#"{{"op":"aabb_overlap","a":{{"\ud800\ud800":[0,0],"max":[1,1]}},"b":{B}}}"#),
        // In a value no operand reads.
        format!(r#"{{"op":"aabb_overlap","a":{B},"b":{B},"c":["\ud800"]}}"#),
        // After an escaped backslash and quote.
        format!(r#"{{"op":"aabb_overlap","a":{B},"b":{B},"c":"\\\"\ud800"}}"#),
    ]
}

#[test]
fn a_lone_surrogate_is_located_by_its_column_in_the_whole_line() {
    for line in lone_surrogate_lines() {
        let at = ["\\ud800", "\\udc00"]
            .iter()
            .filter_map(|s| line.find(s))
            .min()
            .unwrap();
        let escape = &line[at..at + 6];
        let e = eval_line(&line).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Syntax, "{line}: {e}");
        assert_eq!(
            e.message,
            format!(
                "invalid JSON at column {}: lone surrogate {escape} \
                 (a \\ud800-\\udbff escape must be followed by a \\udc00-\\udfff one)",
                at + 1
            ),
            "{line}"
        );
    }
    // The report's own example: the surrogate starts at column 35.
    let e = eval_line(&lone_surrogate_lines()[0]).unwrap_err();
    assert!(e.message.starts_with("invalid JSON at column 35: "), "{e}");
}

#[test]
fn surrogate_pairs_and_escaped_backslashes_are_not_lone_surrogates() {
    // A pair is a character: here, an unknown op that names it.
    let pair = format!(r#"{{"op":"\ud83d\ude00","a":{B},"b":{B}}}"#);
    let e = eval_line(&pair).unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnknownOp, "{e}");
    assert!(e.message.contains(r#"unknown op "\ud83d\ude00""#), "{e}");
    // `\\ud800` is a backslash and the text `ud800`.
    let text = format!(r#"{{"op":"\\ud800","a":{B},"b":{B}}}"#);
    assert_eq!(eval_line(&text).unwrap_err().kind, ErrorKind::UnknownOp);
    let key = format!(r#"{{"op":"aabb_overlap","a":{B},"b":{B},"\\ud800":1}}"#);
    let e = eval_line(&key).unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnknownField, "{e}");
}

#[test]
fn other_syntax_errors_keep_their_column_in_the_whole_line() {
    // (line, the text serde_json stops at)
    let cases = [
        (r#"{"op":"aabb_overlap","a":{"min":[01,0]}}"#, "1,0]"),
        (r#"{"op":"aabb_overlap","a":{"min":[+1,0]}}"#, "+1"),
        (r#"{"op":"aabb_overlap","a":{"min":[0,0]}} x"#, "x"),
    ];
    for (line, stop) in cases {
        let column = line.find(stop).unwrap() + 1;
        let e = eval_line(line).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Syntax, "{line}: {e}");
        assert!(
            e.message
                .starts_with(&format!("invalid JSON at column {column}: ")),
            "{line}: {e}"
        );
    }
}
