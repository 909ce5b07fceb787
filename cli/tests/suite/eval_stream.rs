//! `eval` on streams: one answer per physical line, in order, whatever the
//! bytes (empty lines, CRLF, bad UTF-8, overlong lines, hostile JSON).

use fixed_collide::Fx;
use fixed_collide_cli::eval::{MAX_LINE_BYTES, Op, eval_bytes, eval_line};
use proptest::prelude::*;

use crate::eval_support;

use eval_support::{B, echo_line, echoed, stream};

#[test]
fn every_line_gets_one_answer_numbered_by_physical_line() {
    let ok = r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"min":[0,0],"max":[1,1]}}"#;
    let cases: [(Vec<u8>, &[&str]); 7] = [
        (b"".to_vec(), &[]),
        (b"\n".to_vec(), &["line 1: empty line"]),
        (
            format!("{ok}\n\n{ok}\n").into_bytes(),
            &["{\"hit\":true}", "line 2: empty line", "{\"hit\":true}"],
        ),
        // A last line without a newline still counts.
        (
            format!("{ok}\n{ok}").into_bytes(),
            &["{\"hit\":true}", "{\"hit\":true}"],
        ),
        // CRLF line ends.
        (
            format!("{ok}\r\n\r\n{ok}\r\n").into_bytes(),
            &["{\"hit\":true}", "line 2: empty line", "{\"hit\":true}"],
        ),
        (
            b"x\n{\"op\":\"\xff\"}\n\xc3\n".to_vec(),
            &[
                "line 1: invalid JSON",
                "line 2: not valid UTF-8 (bad byte at column 8)",
                "line 3: not valid UTF-8",
            ],
        ),
        (
            b"\0\n\x1b[31m\n".to_vec(),
            &["line 1: invalid JSON", "line 2: invalid JSON"],
        ),
    ];
    for (input, want) in cases {
        let (summary, got) = stream(&input);
        let shown = String::from_utf8_lossy(&input);
        assert_eq!(got.len(), want.len(), "input {shown:?}: {got:?}");
        assert_eq!(summary.lines, want.len() as u64, "input {shown:?}");
        let errors = want.iter().filter(|w| w.starts_with("line ")).count() as u64;
        assert_eq!(summary.errors, errors, "input {shown:?}");
        for (g, w) in got.iter().zip(want) {
            if w.starts_with("line ") {
                let v: serde_json::Value = serde_json::from_str(g).unwrap();
                let msg = v["error"].as_str().unwrap_or_else(|| panic!("{g}"));
                assert!(
                    msg.starts_with(w),
                    "input {shown:?}: {g} should start {w:?}"
                );
            } else {
                assert_eq!(g, w, "input {shown:?}");
            }
        }
    }
}

#[test]
fn a_line_longer_than_the_limit_is_answered_and_the_next_lines_too() {
    let ok = r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"min":[0,0],"max":[1,1]}}"#;
    let mut input = Vec::new();
    input.extend_from_slice(ok.as_bytes());
    input.push(b'\n');
    input.extend(std::iter::repeat_n(b' ', MAX_LINE_BYTES + 1));
    input.push(b'\n');
    // Exactly at the limit: read, and answered as a blank line.
    input.extend(std::iter::repeat_n(b' ', MAX_LINE_BYTES));
    input.push(b'\n');
    input.extend_from_slice(ok.as_bytes());
    let (summary, got) = stream(&input);
    assert_eq!((summary.lines, summary.errors), (4, 2), "{got:?}");
    assert_eq!(got[0], "{\"hit\":true}");
    assert!(
        got[1].contains("line 2: line longer than 1048576 bytes"),
        "{}",
        got[1]
    );
    assert!(got[2].contains("line 3: empty line"), "{}", got[2]);
    assert_eq!(got[3], "{\"hit\":true}");
}

#[test]
fn hostile_input_is_answered_without_panic() {
    let deep_array = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let deep_object = format!(
        "{{\"op\":\"aabb_overlap\",\"a\":{}1{}}}",
        "{\"a\":".repeat(50_000),
        "}".repeat(50_000)
    );
    let deep_in_vector = format!(
        "{{\"op\":\"aabb_overlap\",\"a\":{{\"min\":{}{},\"max\":[1,1]}}}}",
        "[".repeat(50_000),
        "]".repeat(50_000)
    );
    let unclosed = "[".repeat(200_000);
    let huge_int = format!("1{}", "0".repeat(500_000));
    let huge_frac = format!("0.{}1", "0".repeat(500_000));
    let many_keys = format!(
        "{{{}\"op\":\"aabb_overlap\"}}",
        (0..20_000)
            .map(|i| format!("\"k{i}\":0,"))
            .collect::<String>()
    );
    let many_dup_keys = format!(
        "{{\"op\":\"aabb_overlap\",{}\"a\":1}}",
        "\"a\":1,".repeat(20_000)
    );
    let long_vector = format!(
        "{{\"op\":\"aabb_overlap\",\"a\":{{\"min\":[{}0],\"max\":[1,1]}},\"b\":{B}}}",
        "0,".repeat(100_000)
    );
    let lines = [
        deep_array,
        deep_object,
        deep_in_vector,
        unclosed,
        echo_line(&huge_int),
        echo_line(&format!("\"{huge_int}\"")),
        echo_line("1e999999999999999999999999"),
        many_keys,
        many_dup_keys,
        long_vector,
        "{\"op\":\"aabb_overlap\",\"a\":\"\\u0000\\ud83d\\ude00\"}".to_string(),
        "{\"op\":\"aabb\\u005foverlap\",\"\\u0061\":1}".to_string(),
    ];
    for line in &lines {
        let mut input = line.clone().into_bytes();
        input.push(b'\n');
        let (summary, got) = stream(&input);
        assert_eq!(got.len(), 1, "line {}...", &line[..line.len().min(80)]);
        assert_eq!(
            summary.errors,
            1,
            "line {}...: {}",
            &line[..line.len().min(80)],
            got[0]
        );
        assert!(got[0].len() < 1000, "short message: {}", &got[0][..200]);
    }
    // A representable huge fraction is fine (it rounds to 0), as is a
    // number with a huge negative exponent.
    for tiny in [huge_frac.as_str(), "-1e-999999999999999999999999"] {
        let answer = eval_line(&echo_line(tiny)).unwrap();
        assert_eq!(echoed(&answer), Fx::ZERO, "{tiny}");
    }
}

/// Lines shaped like queries of `ops`, with right and wrong keys and
/// values mixed.
fn structured_line(ops: Vec<&'static str>) -> impl Strategy<Value = String> {
    let ops = prop::sample::select(ops);
    let number = prop_oneof![
        (-3i32..4).prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|b| format!("\"{}\"", Fx::from_bits(b))),
        "-?[0-9]{1,12}(\\.[0-9]{0,50})?([eE][+-]?[0-9]{1,4})?",
        Just("null".to_string()),
        Just("\"x\"".to_string()),
    ];
    let vector =
        prop::collection::vec(number.clone(), 0..5).prop_map(|v| format!("[{}]", v.join(",")));
    let key = prop::sample::select(vec![
        "min",
        "max",
        "center",
        "half",
        "origin",
        "dir",
        "max_t",
        "radius",
        "a",
        "b",
        "d",
        "va",
        "vb",
        "ray",
        "aabb",
        "sphere",
        "stationary",
        "moving",
        "mx",
        "obb",
        "axes",
        "quat",
        "angle",
    ]);
    let axes =
        prop::collection::vec(vector.clone(), 0..4).prop_map(|v| format!("[{}]", v.join(",")));
    let leaf = prop_oneof![vector.clone(), number.clone(), axes];
    let shape = prop::collection::vec((key.clone(), leaf), 0..5).prop_map(|m| {
        let parts: Vec<String> = m.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
        format!("{{{}}}", parts.join(","))
    });
    let value = prop_oneof![shape, vector, number];
    (ops, prop::collection::vec((key, value), 0..6)).prop_map(|(op, m)| {
        let mut parts = vec![format!("\"op\":\"{op}\"")];
        parts.extend(m.iter().map(|(k, v)| format!("\"{k}\":{v}")));
        format!("{{{}}}", parts.join(","))
    })
}

proptest! {
    #[test]
    fn any_text_line_gets_exactly_one_answer(line in "[^\n]*") {
        let input = format!("{line}\n");
        let (summary, got) = stream(input.as_bytes());
        prop_assert_eq!(got.len(), 1);
        prop_assert_eq!(summary.lines, 1);
        let v: serde_json::Value = serde_json::from_str(&got[0]).unwrap();
        prop_assert!(v.get("hit").is_some() || v["error"].as_str().is_some_and(|e| e.starts_with("line 1: ")));
    }

    #[test]
    fn any_bytes_line_gets_exactly_one_answer(bytes in prop::collection::vec(any::<u8>().prop_filter("no newline", |b| *b != b'\n'), 0..200)) {
        let mut input = bytes.clone();
        input.push(b'\n');
        let (summary, got) = stream(&input);
        prop_assert_eq!(got.len(), 1);
        prop_assert_eq!(summary.lines, 1);
        prop_assert_eq!(eval_bytes(1, &bytes).is_err(), summary.errors == 1);
    }

}

proptest! {
    // Twice the default cases: the property covers every op.
    #![proptest_config(ProptestConfig::with_cases(2 * ProptestConfig::default().cases))]

    #[test]
    fn any_query_shaped_line_gets_exactly_one_answer(line in structured_line(
        Op::ALL.map(Op::name).to_vec()
    )) {
        one_answer(&line)?;
    }
}

fn one_answer(line: &str) -> Result<(), TestCaseError> {
    let input = format!("{line}\n");
    let (summary, got) = stream(input.as_bytes());
    prop_assert_eq!(got.len(), 1);
    prop_assert_eq!(summary.lines, 1);
    let v: serde_json::Value = serde_json::from_str(&got[0]).unwrap();
    match v.get("hit") {
        Some(hit) => prop_assert!(hit.is_boolean()),
        None => prop_assert!(
            v["error"]
                .as_str()
                .is_some_and(|e| e.starts_with("line 1: ")),
            "{}",
            got[0]
        ),
    }
    Ok(())
}
