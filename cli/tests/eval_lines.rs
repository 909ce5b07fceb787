//! The framing of `eval` lines: the line limit (without the line end).

use fixed_collide_cli::eval::{MAX_LINE_BYTES, eval_stream};
use std::io::BufReader;

mod eval_support;

use eval_support::stream;

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
