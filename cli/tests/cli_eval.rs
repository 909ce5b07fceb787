//! The `eval` command: the library function on in-memory input, and the
//! built binary on the example file and on its command line.

use fixed_collide::{
    Aabb, Fx, Vector, aabb_contact, aabb_intersection, aabb_overlap, aabb_sweep, aabb_sweep_pair,
    ray_aabb, sphere_aabb,
};
use fixed_collide_cli::eval::{
    Answer, ErrorKind, InputError, MAX_LINE_BYTES, OPS, Value, eval_bytes, eval_line, eval_stream,
};
use proptest::prelude::*;
use std::io::{BufRead, BufReader, Read, Write};

use std::process::{Output, Stdio};

mod common;

/// Ops whose answers need the OBB queries (being written elsewhere).
const OBB_OPS: [&str; 3] = ["obb_overlap", "ray_obb", "sphere_obb"];

fn fx(text: &str) -> Fx {
    text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// Runs `eval_stream` on `input`; returns the summary and the output lines.
fn stream(input: &[u8]) -> (fixed_collide_cli::eval::Summary, Vec<String>) {
    let mut out = Vec::new();
    let summary = eval_stream(input, &mut out).expect("in-memory stream cannot fail");
    let text = String::from_utf8(out).expect("output is UTF-8");
    assert!(
        text.is_empty() || text.ends_with('\n'),
        "output must end with a newline: {text:?}"
    );
    (summary, text.lines().map(str::to_string).collect())
}

fn run_bin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = common::bin()
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

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn example(name: &str) -> String {
    let path = common::root().join("examples").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn uses_obb_query(line: &str) -> bool {
    OBB_OPS
        .iter()
        .any(|op| line.contains(&format!("\"op\":\"{op}\"")))
}

/// The demo input with every line that needs an OBB query answer replaced
/// by a trivial AABB query (keeping line numbers), and the line numbers
/// (from 0) whose expected answers are still checked.
fn demo_without_obb_answers() -> (String, Vec<String>, Vec<usize>) {
    let input = example("demo.jsonl");
    let expected: Vec<String> = example("demo.expected.jsonl")
        .lines()
        .map(str::to_string)
        .collect();
    let lines: Vec<&str> = input.lines().collect();
    assert_eq!(lines.len(), expected.len(), "one expected answer per line");
    let mut kept = Vec::new();
    let mut replaced = String::new();
    for (i, (line, want)) in lines.iter().zip(&expected).enumerate() {
        if uses_obb_query(line) && !want.starts_with("{\"error\"") {
            replaced.push_str(
                r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[0,0]},"b":{"min":[0,0],"max":[0,0]}}"#,
            );
        } else {
            replaced.push_str(line);
            kept.push(i);
        }
        replaced.push('\n');
    }
    (replaced, expected, kept)
}

// ---------------------------------------------------------------------------
// The example file

#[test]
fn demo_covers_every_op_in_2d_and_3d_with_a_miss_and_bad_lines() {
    let input = example("demo.jsonl");
    let expected = example("demo.expected.jsonl");
    for op in OPS {
        for dim in [2, 3] {
            let found = input.lines().zip(expected.lines()).any(|(l, e)| {
                l.contains(&format!("\"op\":\"{op}\""))
                    && dimension_of(l) == Some(dim)
                    && !e.starts_with("{\"error\"")
            });
            assert!(found, "demo.jsonl has no good {dim}D {op}");
        }
    }
    assert!(expected.lines().any(|l| l == r#"{"hit":false}"#), "a miss");
    assert!(
        expected.lines().any(|l| l.starts_with("{\"error\"")),
        "a bad line"
    );
}

/// The length of the first vector of a line: `[` followed by numbers.
fn dimension_of(line: &str) -> Option<usize> {
    let start = line.find("[")?;
    let end = start + line[start..].find(']')?;
    let inner = &line[start + 1..end];
    (!inner.contains('[')).then(|| inner.split(',').count())
}

#[test]
fn demo_answers_match_expected_for_aabb_ops_in_library() {
    let (input, expected, kept) = demo_without_obb_answers();
    let (summary, got) = stream(input.as_bytes());
    assert_eq!(got.len(), expected.len());
    for i in kept {
        assert_eq!(got[i], expected[i], "demo.jsonl line {}", i + 1);
    }
    assert!(summary.errors > 0);
}

#[test]
fn demo_answers_match_expected_for_aabb_ops_in_binary_on_stdin() {
    let (input, expected, kept) = demo_without_obb_answers();
    let out = run_bin(&["eval"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1), "bad lines give 1: {out:?}");
    assert!(out.stderr.is_empty(), "stderr: {}", text(&out.stderr));
    let got: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(got.len(), expected.len());
    for i in kept {
        assert_eq!(got[i], expected[i], "demo.jsonl line {}", i + 1);
    }
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

// ---------------------------------------------------------------------------
// Numbers

/// A line whose answer echoes `x` (written as `x_json`) as `box.min.x`.
fn echo_line(x_json: &str) -> String {
    format!(
        r#"{{"op":"aabb_intersection","a":{{"min":[{x_json},0],"max":[1048576,0]}},"b":{{"min":[-1048576,0],"max":[1048576,0]}}}}"#
    )
}

fn echoed(answer: &Answer) -> Fx {
    match answer.get("box") {
        Some(Value::Box { min, .. }) => min[0],
        other => panic!("no box: {other:?}"),
    }
}

#[test]
fn numbers_are_read_exactly_from_their_decimal_text() {
    let forty_digits = "0.1234567890123456789012345678901234567891";
    assert_eq!(forty_digits.len() - 2, 40);
    let cases = [
        "0.1",
        "1e-3",
        "-0",
        "123456.000000000232831",
        forty_digits,
        "-1048575.9999999999999999999999999999999999",
        "1.5E+2",
        "2.5e-1",
        "0",
        "-0.0e0",
        "1048576",
        "-1048576",
        // Exactly half an ulp (2^-33) then more: rounds up to 1 ulp, while
        // through f64 the tail is lost and the tie rounds to 0.
        "0.0000000001164153218269348144531250000000001",
        "0.000000000116415321826934814453125",
        "1e-400",
    ];
    for text in cases {
        let want: Fx = fx(text);
        for json in [text.to_string(), format!("\"{text}\"")] {
            let line = echo_line(&json);
            let answer = eval_line(&line).unwrap_or_else(|e| panic!("{json}: {e}"));
            let got = echoed(&answer);
            assert_eq!(got.to_bits(), want.to_bits(), "number {json}");
            // And the written answer carries the same bits.
            let written = answer.to_json();
            let x = written
                .split("\"min\":[\"")
                .nth(1)
                .and_then(|s| s.split('"').next())
                .unwrap_or_else(|| panic!("{written}"));
            assert_eq!(fx(x).to_bits(), want.to_bits(), "number {json}: {written}");
        }
    }
}

#[test]
fn exact_reading_differs_from_reading_through_f64() {
    // These cases would fail if numbers went through f64, proving the tests
    // above can tell.
    let cases = [
        ("0.0000000001164153218269348144531250000000001", 1, 0),
        ("-0.0000000001164153218269348144531250000000001", -1, 0),
    ];
    for (text, exact_bits, via_f64_bits) in cases {
        let via_f64 = Fx::from_num(text.parse::<f64>().unwrap());
        assert_eq!(via_f64.to_bits(), via_f64_bits, "{text} through f64");
        let answer = eval_line(&echo_line(text)).unwrap();
        assert_eq!(echoed(&answer).to_bits(), exact_bits, "{text}");
    }
    // Fx::MAX written out in full: exact, yet above 2^31 - 1 after f64.
    let max = "2147483647.99999999976716935634613037109375";
    assert_eq!(fx(max), Fx::MAX);
    assert!(Fx::checked_from_num(max.parse::<f64>().unwrap()).is_none());
    let line = format!(
        r#"{{"op":"aabb_sweep","stationary":{{"min":[0,0],"max":[1,1]}},"moving":{{"min":[0,0],"max":[1,1]}},"d":[{max},0]}}"#
    );
    assert!(eval_line(&line).is_ok(), "{line}");
}

#[test]
fn written_numbers_parse_back_to_the_same_bits() {
    let edges = [
        Fx::DELTA,
        -Fx::DELTA,
        Fx::MIN,
        Fx::MAX,
        Fx::ZERO,
        Fx::ONE,
        -Fx::ONE,
        Fx::MAX - Fx::DELTA,
        Fx::MIN + Fx::DELTA,
        Fx::from_bits(0x5555_5555),
        Fx::from_bits(-0x5555_5555),
        Fx::from_bits(1 << 31),
        Fx::from_bits((1 << 31) + 1),
        Fx::from_bits((1 << 52) + 1),
        Fx::PI,
        -Fx::E,
    ];
    for x in edges {
        let s = x.to_string();
        assert_eq!(fx(&s).to_bits(), x.to_bits(), "{x:?} written {s}");
    }
    // Through eval: an in-domain value written by eval reads back exactly.
    for x in [Fx::DELTA, -Fx::DELTA, Fx::from_bits(0x5555_5555), -Fx::PI] {
        let answer = eval_line(&echo_line(&format!("\"{x}\""))).unwrap();
        assert_eq!(echoed(&answer), x);
    }
}

#[test]
fn rejects_numbers_fx_cannot_hold() {
    let cases = [
        ("2147483648", "overflow"),
        ("-2147483649", "overflow"),
        ("1e400", "overflow"),
        ("1e999999999999", "exponent"),
        ("\"abc\"", "invalid digit"),
        ("\"1.5.2\"", "more than one point"),
        ("\" 1\"", "invalid digit"),
        ("\"\"", "no digits"),
        ("\"0x10\"", "invalid digit"),
    ];
    for (json, why) in cases {
        let line = echo_line(json);
        let e = eval_line(&line).expect_err(&line);
        assert_eq!(e.kind, ErrorKind::NotRepresentable, "{json}: {e}");
        assert_eq!(
            e.field.as_ref().map(|f| f.as_str()),
            Some("a.min.x"),
            "{json}"
        );
        assert!(e.message.contains(why), "{json}: {e}");
        assert!(
            e.message.contains(json),
            "{json}: message quotes the value: {e}"
        );
    }
}

// ---------------------------------------------------------------------------
// Answers

#[test]
fn answers_have_hit_first_and_a_miss_is_exactly_hit_false() {
    let cases = [
        (
            r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"min":[2,0],"max":[3,1]}}"#,
            r#"{"hit":false}"#,
        ),
        (
            r#"{"b":{"min":[0,0,0],"max":[1,1,1]},"a":{"min":[1,1,1],"max":[2,2,2]},"op":"aabb_intersection"}"#,
            r#"{"hit":true,"box":{"min":["1","1","1"],"max":["1","1","1"]}}"#,
        ),
        (
            r#"{"op":"aabb_sweep","d":[0,0],"moving":{"min":[0,0],"max":[1,1]},"stationary":{"min":[0,0],"max":[1,1]}}"#,
            r#"{"hit":true,"t_enter":"0","t_exit":"1","normal":["0","0"],"overlapping":true}"#,
        ),
        (
            r#"{"op":"sphere_aabb","sphere":{"center":[0,0],"radius":0},"aabb":{"min":[0,0],"max":[0,0]}}"#,
            r#"{"hit":true,"point":["0","0"]}"#,
        ),
        (
            " \t{ \"op\" : \"aabb_overlap\" , \"a\" : { \"min\" : [ 0 , 0 ] , \"max\" : [ 1 , 1 ] } , \"b\" : { \"center\" : [ 1 , 1 ] , \"half\" : [ 0 , 0 ] } } \t",
            r#"{"hit":true}"#,
        ),
    ];
    for (line, want) in cases {
        let got = eval_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(got.to_json(), want, "{line}");
        assert_eq!(got.fields()[0].0, "hit", "{line}");
        assert_eq!(got.is_hit(), want.starts_with(r#"{"hit":true"#), "{line}");
    }
}

fn vec_json(v: &[Fx]) -> String {
    let parts: Vec<String> = v.iter().map(|x| format!("\"{x}\"")).collect();
    format!("[{}]", parts.join(","))
}

fn num(v: &Value) -> Fx {
    match v {
        Value::Num(x) => *x,
        other => panic!("not a number: {other:?}"),
    }
}

fn vector<const D: usize>(v: &Value) -> Vector<D> {
    match v {
        Value::Vector(c) => Vector(std::array::from_fn(|i| c[i])),
        other => panic!("not a vector: {other:?}"),
    }
}

fn boolean(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        other => panic!("not a bool: {other:?}"),
    }
}

/// The answer of eval for every AABB op on `a`, `b` (and displacements)
/// equals the library's own answer.
fn check_against_library<const D: usize>(a: Aabb<D>, b: Aabb<D>, va: Vector<D>, vb: Vector<D>) {
    let box_json = |x: &Aabb<D>| {
        format!(
            r#"{{"min":{},"max":{}}}"#,
            vec_json(&x.min().0),
            vec_json(&x.max().0)
        )
    };
    let (ja, jb) = (box_json(&a), box_json(&b));
    let run = |line: String| eval_line(&line).unwrap_or_else(|e| panic!("{line}: {e}"));

    let got = run(format!(r#"{{"op":"aabb_overlap","a":{ja},"b":{jb}}}"#));
    assert_eq!(got.is_hit(), aabb_overlap(&a, &b));

    let got = run(format!(r#"{{"op":"aabb_intersection","a":{ja},"b":{jb}}}"#));
    match aabb_intersection(&a, &b) {
        None => assert_eq!(got.to_json(), r#"{"hit":false}"#),
        Some(i) => assert_eq!(
            got.get("box"),
            Some(&Value::Box {
                min: i.min().0.to_vec(),
                max: i.max().0.to_vec()
            })
        ),
    }

    let got = run(format!(r#"{{"op":"aabb_contact","a":{ja},"b":{jb}}}"#));
    match aabb_contact(&a, &b) {
        None => assert!(!got.is_hit()),
        Some(c) => {
            assert_eq!(vector::<D>(got.get("normal").unwrap()), c.normal);
            assert_eq!(num(got.get("depth").unwrap()), c.depth);
            assert_eq!(vector::<D>(got.get("point").unwrap()), c.point);
        }
    }

    let got = run(format!(
        r#"{{"op":"aabb_sweep","stationary":{ja},"moving":{jb},"d":{}}}"#,
        vec_json(&vb.0)
    ));
    match aabb_sweep(&a, &b, vb) {
        None => assert!(!got.is_hit()),
        Some(s) => {
            assert_eq!(num(got.get("t_enter").unwrap()), s.t_enter);
            assert_eq!(num(got.get("t_exit").unwrap()), s.t_exit);
            assert_eq!(vector::<D>(got.get("normal").unwrap()), s.normal);
            assert_eq!(boolean(got.get("overlapping").unwrap()), s.overlapping);
        }
    }

    let got = run(format!(
        r#"{{"op":"aabb_sweep_pair","a":{ja},"va":{},"b":{jb},"vb":{}}}"#,
        vec_json(&va.0),
        vec_json(&vb.0)
    ));
    match aabb_sweep_pair(&a, va, &b, vb) {
        None => assert!(!got.is_hit()),
        Some(i) => {
            assert_eq!(num(got.get("u0").unwrap()), i.u0);
            assert_eq!(num(got.get("u1").unwrap()), i.u1);
        }
    }

    if !va.is_zero() {
        let ray = fixed_collide::Ray::try_unbounded(a.min(), va).unwrap();
        let got = run(format!(
            r#"{{"op":"ray_aabb","ray":{{"origin":{},"dir":{}}},"aabb":{jb}}}"#,
            vec_json(&a.min().0),
            vec_json(&va.0)
        ));
        match ray_aabb(&ray, &b) {
            None => assert!(!got.is_hit()),
            Some(h) => {
                assert_eq!(num(got.get("t").unwrap()), h.t);
                assert_eq!(vector::<D>(got.get("point").unwrap()), h.point);
                assert_eq!(vector::<D>(got.get("normal").unwrap()), h.normal);
                assert_eq!(boolean(got.get("inside").unwrap()), h.inside);
            }
        }
    }

    let r = a.max().0[0] - a.min().0[0];
    let ball = fixed_collide::Ball::try_new(a.min(), r).unwrap();
    let got = run(format!(
        r#"{{"op":"sphere_aabb","sphere":{{"center":{},"radius":"{r}"}},"aabb":{jb}}}"#,
        vec_json(&a.min().0)
    ));
    match sphere_aabb(&ball, &b) {
        None => assert!(!got.is_hit()),
        Some(h) => assert_eq!(vector::<D>(got.get("point").unwrap()), h.point),
    }
}

fn coord() -> impl Strategy<Value = Fx> {
    prop_oneof![
        (-8i32..8).prop_map(Fx::from_num),
        (-(1i64 << 40)..(1i64 << 40)).prop_map(Fx::from_bits),
    ]
}

fn aabb<const D: usize>() -> impl Strategy<Value = Aabb<D>> {
    (
        prop::array::uniform::<_, D>(coord()),
        prop::array::uniform::<_, D>(coord()),
    )
        .prop_map(|(p, q)| {
            let min = Vector(std::array::from_fn(|i| p[i].min(q[i])));
            let max = Vector(std::array::from_fn(|i| p[i].max(q[i])));
            Aabb::try_new(min, max).unwrap()
        })
}

fn displacement<const D: usize>() -> impl Strategy<Value = Vector<D>> {
    prop::array::uniform::<_, D>(coord()).prop_map(Vector)
}

proptest! {
    #[test]
    fn eval_answers_equal_the_library_2d(a in aabb::<2>(), b in aabb::<2>(), va in displacement::<2>(), vb in displacement::<2>()) {
        check_against_library(a, b, va, vb);
    }

    #[test]
    fn eval_answers_equal_the_library_3d(a in aabb::<3>(), b in aabb::<3>(), va in displacement::<3>(), vb in displacement::<3>()) {
        check_against_library(a, b, va, vb);
    }

    #[test]
    fn in_domain_numbers_round_trip_through_eval(bits in -(1i64 << 52)..=(1i64 << 52)) {
        let x = Fx::from_bits(bits);
        let answer = eval_line(&echo_line(&x.to_string())).unwrap();
        prop_assert_eq!(echoed(&answer), x);
    }

    #[test]
    fn any_number_display_round_trips(bits in any::<i64>()) {
        let x = Fx::from_bits(bits);
        prop_assert_eq!(fx(&x.to_string()), x);
    }
}

// ---------------------------------------------------------------------------
// Errors

/// A case: the line, the kind, the field (None: no field), a part of the
/// message.
type Case<'a> = (&'a str, ErrorKind, Option<&'a str>, &'a str);

fn check_errors(cases: &[Case<'_>]) {
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

const B: &str = r#"{"min":[0,0],"max":[1,1]}"#;

#[test]
fn rejects_lines_that_are_not_a_json_object() {
    check_errors(&[
        ("", ErrorKind::EmptyLine, None, "empty line"),
        ("  \t ", ErrorKind::EmptyLine, None, "empty line"),
        ("{", ErrorKind::Syntax, None, "invalid JSON at column 1"),
        (
            "{\"op\":\"aabb_overlap\"",
            ErrorKind::Syntax,
            None,
            "invalid JSON",
        ),
        ("{} {}", ErrorKind::Syntax, None, "trailing characters"),
        ("{\"op\":NaN}", ErrorKind::Syntax, None, "invalid JSON"),
        ("{\"op\":01}", ErrorKind::Syntax, None, "invalid JSON"),
        ("{'op':1}", ErrorKind::Syntax, None, "invalid JSON"),
        ("\"\\ud800\"", ErrorKind::NotObject, None, "got \"\\ud800\""),
        ("[1,2]", ErrorKind::NotObject, None, "got [1,2]"),
        ("null", ErrorKind::NotObject, None, "got null"),
        ("42", ErrorKind::NotObject, None, "got 42"),
    ]);
}

#[test]
fn rejects_a_missing_unknown_or_repeated_op() {
    check_errors(&[
        ("{}", ErrorKind::MissingField, Some("op"), "aabb_overlap"),
        ("{\"a\":1}", ErrorKind::MissingField, Some("op"), "missing"),
        (
            "{\"op\":\"nope\"}",
            ErrorKind::UnknownOp,
            Some("op"),
            "unknown op \"nope\"",
        ),
        (
            "{\"op\":\"AABB_OVERLAP\"}",
            ErrorKind::UnknownOp,
            Some("op"),
            "sphere_obb",
        ),
        (
            "{\"op\":5}",
            ErrorKind::WrongType,
            Some("op"),
            "expected a string, got 5",
        ),
        (
            "{\"op\":null}",
            ErrorKind::WrongType,
            Some("op"),
            "got null",
        ),
        (
            "{\"op\":\"aabb_overlap\",\"op\":\"aabb_overlap\"}",
            ErrorKind::DuplicateField,
            Some("op"),
            "more than once",
        ),
    ]);
}

#[test]
fn rejects_unknown_and_repeated_fields_naming_them() {
    let typo = format!(r#"{{"op":"aabb_overlap","a":{B},"b":{B},"c":1}}"#);
    let typo_in_shape =
        format!(r#"{{"op":"aabb_overlap","a":{{"min":[0,0],"mx":[1,1]}},"b":{B}}}"#);
    let repeated = format!(r#"{{"op":"aabb_overlap","a":{B},"a":{B},"b":{B}}}"#);
    let repeated_in_shape = r#"{"op":"ray_aabb","ray":{"origin":[0,0],"dir":[1,0],"dir":[1,0]},"aabb":{"min":[0,0],"max":[1,1]}}"#;
    let ray_extra =
        format!(r#"{{"op":"ray_aabb","ray":{{"origin":[0,0],"dir":[1,0],"max":1}},"aabb":{B}}}"#);
    let wrong_operand = format!(r#"{{"op":"aabb_sweep","a":{B},"b":{B},"d":[0,0]}}"#);
    check_errors(&[
        (
            &typo,
            ErrorKind::UnknownField,
            Some("c"),
            "expected \"op\", \"a\", \"b\"",
        ),
        (
            &typo_in_shape,
            ErrorKind::UnknownField,
            Some("a.mx"),
            "unknown field",
        ),
        (
            &repeated,
            ErrorKind::DuplicateField,
            Some("a"),
            "more than once",
        ),
        (
            repeated_in_shape,
            ErrorKind::DuplicateField,
            Some("ray.dir"),
            "more than once",
        ),
        (
            &ray_extra,
            ErrorKind::UnknownField,
            Some("ray.max"),
            "\"max_t\"",
        ),
        (
            &wrong_operand,
            ErrorKind::UnknownField,
            Some("a"),
            "\"stationary\"",
        ),
    ]);
}

#[test]
fn rejects_missing_and_conflicting_fields() {
    let no_b = format!(r#"{{"op":"aabb_contact","a":{B}}}"#);
    let no_max = format!(r#"{{"op":"aabb_overlap","a":{{"min":[0,0]}},"b":{B}}}"#);
    let empty_box = format!(r#"{{"op":"aabb_overlap","a":{{}},"b":{B}}}"#);
    let no_half = format!(r#"{{"op":"aabb_overlap","a":{{"center":[0,0]}},"b":{B}}}"#);
    let mixed_forms =
        format!(r#"{{"op":"aabb_overlap","a":{{"min":[0,0],"half":[1,1]}},"b":{B}}}"#);
    let no_d = format!(r#"{{"op":"aabb_sweep","stationary":{B},"moving":{B}}}"#);
    let no_vb = format!(r#"{{"op":"aabb_sweep_pair","a":{B},"va":[0,0],"b":{B}}}"#);
    let no_dir = format!(r#"{{"op":"ray_aabb","ray":{{"origin":[0,0]}},"aabb":{B}}}"#);
    let no_radius = format!(r#"{{"op":"sphere_aabb","sphere":{{"center":[0,0]}},"aabb":{B}}}"#);
    check_errors(&[
        (
            &no_b,
            ErrorKind::MissingField,
            Some("b"),
            "aabb_contact takes \"a\", \"b\"",
        ),
        (&no_max, ErrorKind::MissingField, Some("a.max"), "missing"),
        (
            &empty_box,
            ErrorKind::MissingField,
            Some("a.min"),
            "{\"center\",\"half\"}",
        ),
        (&no_half, ErrorKind::MissingField, Some("a.half"), "missing"),
        (
            &mixed_forms,
            ErrorKind::ConflictingFields,
            Some("a.half"),
            "min",
        ),
        (&no_d, ErrorKind::MissingField, Some("d"), "missing"),
        (&no_vb, ErrorKind::MissingField, Some("vb"), "missing"),
        (
            &no_dir,
            ErrorKind::MissingField,
            Some("ray.dir"),
            "\"max_t\"",
        ),
        (
            &no_radius,
            ErrorKind::MissingField,
            Some("sphere.radius"),
            "missing",
        ),
    ]);
}

#[test]
fn rejects_wrong_types_quoting_the_value() {
    let lines = [
        format!(r#"{{"op":"aabb_overlap","a":"box","b":{B}}}"#),
        format!(r#"{{"op":"aabb_overlap","a":[0,0],"b":{B}}}"#),
        format!(r#"{{"op":"aabb_overlap","a":{{"min":{{"x":0}},"max":[1,1]}},"b":{B}}}"#),
        format!(r#"{{"op":"aabb_overlap","a":{{"min":[0,true],"max":[1,1]}},"b":{B}}}"#),
        format!(r#"{{"op":"aabb_overlap","a":{{"min":[0,[1]],"max":[1,1]}},"b":{B}}}"#),
        format!(r#"{{"op":"aabb_sweep","stationary":{B},"moving":{B},"d":"0,0"}}"#),
        format!(
            r#"{{"op":"ray_aabb","ray":{{"origin":[0,0],"dir":[1,0],"max_t":null}},"aabb":{B}}}"#
        ),
        format!(r#"{{"op":"sphere_aabb","sphere":{{"center":[0,0],"radius":[1]}},"aabb":{B}}}"#),
    ];
    check_errors(&[
        (
            &lines[0],
            ErrorKind::WrongType,
            Some("a"),
            "expected an aabb object, got \"box\"",
        ),
        (&lines[1], ErrorKind::WrongType, Some("a"), "got [0,0]"),
        (
            &lines[2],
            ErrorKind::WrongType,
            Some("a.min"),
            "array of 2 or 3 numbers, got {\"x\":0}",
        ),
        (
            &lines[3],
            ErrorKind::WrongType,
            Some("a.min.y"),
            "expected a number",
        ),
        (&lines[4], ErrorKind::WrongType, Some("a.min.y"), "got [1]"),
        (&lines[5], ErrorKind::WrongType, Some("d"), "got \"0,0\""),
        (
            &lines[6],
            ErrorKind::WrongType,
            Some("ray.max_t"),
            "got null",
        ),
        (
            &lines[7],
            ErrorKind::WrongType,
            Some("sphere.radius"),
            "got [1]",
        ),
    ]);
}

#[test]
fn rejects_wrong_lengths_and_mixed_dimensions() {
    let lines = [
        format!(r#"{{"op":"aabb_overlap","a":{{"min":[0],"max":[1,1]}},"b":{B}}}"#),
        format!(r#"{{"op":"aabb_overlap","a":{{"min":[0,0,0,0],"max":[1,1]}},"b":{B}}}"#),
        format!(r#"{{"op":"aabb_overlap","a":{{"min":[],"max":[1,1]}},"b":{B}}}"#),
        format!(r#"{{"op":"aabb_overlap","a":{{"min":[0,0],"max":[1,1,1]}},"b":{B}}}"#),
        format!(r#"{{"op":"aabb_overlap","a":{B},"b":{{"min":[0,0,0],"max":[1,1,1]}}}}"#),
        format!(r#"{{"op":"aabb_sweep","stationary":{B},"moving":{B},"d":[0,0,0]}}"#),
        format!(r#"{{"op":"ray_aabb","ray":{{"origin":[0,0,0],"dir":[1,0]}},"aabb":{B}}}"#),
    ];
    check_errors(&[
        (
            &lines[0],
            ErrorKind::WrongLength,
            Some("a.min"),
            "2 or 3 components, got 1",
        ),
        (&lines[1], ErrorKind::WrongLength, Some("a.min"), "got 4"),
        (&lines[2], ErrorKind::WrongLength, Some("a.min"), "got 0"),
        (
            &lines[3],
            ErrorKind::MixedDimensions,
            Some("a.max"),
            "3D (3 components), but field \"a.min\" is 2D",
        ),
        (
            &lines[4],
            ErrorKind::MixedDimensions,
            Some("b.min"),
            "\"a.min\" is 2D",
        ),
        (
            &lines[5],
            ErrorKind::MixedDimensions,
            Some("d"),
            "all 2D or all 3D",
        ),
        (
            &lines[6],
            ErrorKind::MixedDimensions,
            Some("ray.dir"),
            "\"ray.origin\" is 3D",
        ),
    ]);
}

#[test]
fn rejects_shapes_the_library_rejects() {
    let lines = [
        format!(r#"{{"op":"aabb_overlap","a":{{"min":[5,0],"max":[3,1]}},"b":{B}}}"#),
        format!(
            r#"{{"op":"aabb_overlap","a":{B},"b":{{"min":[0,0],"max":[1,"1048576.0000000003"]}}}}"#
        ),
        format!(r#"{{"op":"aabb_overlap","a":{{"center":[0,0],"half":[1,-1]}},"b":{B}}}"#),
        format!(r#"{{"op":"aabb_overlap","a":{{"center":[1048576,0],"half":[1,1]}},"b":{B}}}"#),
        format!(r#"{{"op":"ray_aabb","ray":{{"origin":[0,0],"dir":[0,0]}},"aabb":{B}}}"#),
        format!(
            r#"{{"op":"ray_aabb","ray":{{"origin":[0,0],"dir":[1,0],"max_t":"-0.5"}},"aabb":{B}}}"#
        ),
        format!(r#"{{"op":"ray_aabb","ray":{{"origin":[0,0],"dir":[2000000,0]}},"aabb":{B}}}"#),
        format!(r#"{{"op":"sphere_aabb","sphere":{{"center":[0,0],"radius":-1}},"aabb":{B}}}"#),
        format!(
            r#"{{"op":"aabb_sweep_pair","a":{B},"va":[0,0],"b":{{"min":[0,0],"max":[-1,1]}},"vb":[0,0]}}"#
        ),
    ];
    check_errors(&[
        (
            &lines[0],
            ErrorKind::Invalid,
            Some("a.min.x"),
            "5 > a.max.x 3",
        ),
        (
            &lines[1],
            ErrorKind::Invalid,
            Some("b.max.y"),
            "out of the domain |v| <= 1048576",
        ),
        (
            &lines[2],
            ErrorKind::Invalid,
            Some("a.half.y"),
            "-1 is negative",
        ),
        (
            &lines[3],
            ErrorKind::Invalid,
            Some("a.max.x"),
            "1048577 is out of the domain",
        ),
        (
            &lines[4],
            ErrorKind::Invalid,
            Some("ray.dir"),
            "zero vector",
        ),
        (
            &lines[5],
            ErrorKind::Invalid,
            Some("ray.max_t"),
            "-0.5 is negative",
        ),
        (
            &lines[6],
            ErrorKind::Invalid,
            Some("ray.dir.x"),
            "2000000 is out of the domain",
        ),
        (
            &lines[7],
            ErrorKind::Invalid,
            Some("sphere.radius"),
            "-1 is negative",
        ),
        (
            &lines[8],
            ErrorKind::Invalid,
            Some("b.min.x"),
            "0 > b.max.x -1",
        ),
    ]);
}

#[test]
fn obb_ops_validate_their_operands() {
    let obb = r#"{"center":[0,0],"half":[1,1],"angle":0}"#;
    let obb3 = r#"{"center":[0,0,0],"half":[1,1,1],"quat":[1,0,0,0]}"#;
    let lines = [
        format!(
            r#"{{"op":"obb_overlap","a":{{"center":[0,0],"half":[1,1],"axes":[[1,1],[-1,1]]}},"b":{obb}}}"#
        ),
        format!(
            r#"{{"op":"obb_overlap","a":{{"center":[0,0],"half":[1,1],"axes":[[1,0],[1,0]]}},"b":{obb}}}"#
        ),
        format!(
            r#"{{"op":"obb_overlap","a":{{"center":[0,0],"half":[1,1],"axes":[[3,0],[0,1]]}},"b":{obb}}}"#
        ),
        format!(
            r#"{{"op":"obb_overlap","a":{{"center":[0,0],"half":[1,1],"axes":[[1,0]]}},"b":{obb}}}"#
        ),
        format!(
            r#"{{"op":"obb_overlap","a":{{"center":[0,0],"half":[1,1],"axes":[[1,0,0],[0,1,0],[0,0,1]]}},"b":{obb}}}"#
        ),
        format!(
            r#"{{"op":"obb_overlap","a":{{"center":[0,0],"half":[1,1],"axes":[[1,0],[0,1,0]]}},"b":{obb}}}"#
        ),
        format!(
            r#"{{"op":"obb_overlap","a":{{"center":[0,0],"half":[1,1],"quat":[1,0,0,0]}},"b":{obb}}}"#
        ),
        format!(
            r#"{{"op":"obb_overlap","a":{{"center":[0,0,0],"half":[1,1,1],"quat":[0,0,0,0]}},"b":{obb3}}}"#
        ),
        format!(
            r#"{{"op":"obb_overlap","a":{{"center":[0,0,0],"half":[1,1,1],"quat":[1,0,0]}},"b":{obb3}}}"#
        ),
        format!(
            r#"{{"op":"obb_overlap","a":{{"center":[0,0,0],"half":[1,1,1],"quat":[1,0,0,"x"]}},"b":{obb3}}}"#
        ),
        format!(
            r#"{{"op":"obb_overlap","a":{obb3},"b":{{"center":[0,0,0],"half":[1,1,1],"angle":1}}}}"#
        ),
        format!(r#"{{"op":"obb_overlap","a":{{"center":[0,0],"half":[1,1]}},"b":{obb}}}"#),
        format!(
            r#"{{"op":"obb_overlap","a":{{"center":[0,0],"half":[1,1],"angle":0,"axes":[[1,0],[0,1]]}},"b":{obb}}}"#
        ),
        format!(
            r#"{{"op":"obb_overlap","a":{{"center":[0,0],"half":[-1,1],"angle":0}},"b":{obb}}}"#
        ),
        format!(
            r#"{{"op":"obb_overlap","a":{{"center":[0,0],"half":[1,1],"angle":0,"rot":1}},"b":{obb}}}"#
        ),
        format!(r#"{{"op":"obb_overlap","a":{{"min":[0,0],"max":[1,1]}},"b":{obb}}}"#),
        format!(r#"{{"op":"ray_obb","ray":{{"origin":[0,0],"dir":[0,0]}},"obb":{obb}}}"#),
        format!(r#"{{"op":"ray_obb","ray":{{"origin":[0,0],"dir":[1,0]}},"aabb":{obb}}}"#),
        format!(r#"{{"op":"sphere_obb","sphere":{{"center":[0,0],"radius":-1}},"obb":{obb}}}"#),
        format!(r#"{{"op":"sphere_obb","sphere":{{"center":[0,0,0],"radius":1}},"obb":{obb}}}"#),
        r#"{"op":"sphere_obb","sphere":{"center":[0,0],"radius":1},"obb":{"center":[0,0],"half":[1,1],"angle":"1e99"}}"#.to_string(),
    ];
    check_errors(&[
        (
            &lines[0],
            ErrorKind::Invalid,
            Some("a.axes[0]"),
            "not orthonormal",
        ),
        (
            &lines[1],
            ErrorKind::Invalid,
            Some("a.axes[0]*axes[1]"),
            "dot product 1",
        ),
        (
            &lines[2],
            ErrorKind::Invalid,
            Some("a.axes[0].x"),
            "(|c| <= 2)",
        ),
        (
            &lines[3],
            ErrorKind::WrongLength,
            Some("a.axes"),
            "2 or 3 axes, got 1",
        ),
        (
            &lines[4],
            ErrorKind::MixedDimensions,
            Some("a.axes"),
            "3D (3 axes)",
        ),
        (
            &lines[5],
            ErrorKind::MixedDimensions,
            Some("a.axes[1]"),
            "3D (3 components)",
        ),
        (
            &lines[6],
            ErrorKind::MixedDimensions,
            Some("a.quat"),
            "3D (a quaternion)",
        ),
        (&lines[7], ErrorKind::Invalid, Some("a.quat"), "zero vector"),
        (
            &lines[8],
            ErrorKind::WrongLength,
            Some("a.quat"),
            "expected 4 components",
        ),
        (
            &lines[9],
            ErrorKind::NotRepresentable,
            Some("a.quat[3]"),
            "\"x\"",
        ),
        (
            &lines[10],
            ErrorKind::MixedDimensions,
            Some("b.angle"),
            "2D (an angle)",
        ),
        (
            &lines[11],
            ErrorKind::MissingField,
            Some("a"),
            "no rotation",
        ),
        (
            &lines[12],
            ErrorKind::ConflictingFields,
            Some("a.angle"),
            "cannot be given with \"axes\"",
        ),
        (
            &lines[13],
            ErrorKind::Invalid,
            Some("a.half.x"),
            "-1 is negative",
        ),
        (
            &lines[14],
            ErrorKind::UnknownField,
            Some("a.rot"),
            "\"quat\"",
        ),
        (
            &lines[15],
            ErrorKind::UnknownField,
            Some("a.min"),
            "\"axes\"",
        ),
        (
            &lines[16],
            ErrorKind::Invalid,
            Some("ray.dir"),
            "zero vector",
        ),
        (&lines[17], ErrorKind::UnknownField, Some("aabb"), "\"obb\""),
        (
            &lines[18],
            ErrorKind::Invalid,
            Some("sphere.radius"),
            "negative",
        ),
        (
            &lines[19],
            ErrorKind::MixedDimensions,
            Some("obb.center"),
            "2D",
        ),
        (
            &lines[20],
            ErrorKind::NotRepresentable,
            Some("obb.angle"),
            "1e99",
        ),
    ]);
}

#[test]
fn long_values_are_shortened_in_messages() {
    let long = "9".repeat(10_000);
    let line = echo_line(&long);
    let e = eval_line(&line).unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotRepresentable);
    assert!(e.message.len() < 300, "{}", e.message);
    assert!(e.message.contains("(10000 bytes)"), "{}", e.message);
}

// ---------------------------------------------------------------------------
// Streams

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
        echo_line("-1e-999999999999999999999999"),
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
    // A representable huge fraction is fine (it rounds to 0).
    let answer = eval_line(&echo_line(&huge_frac)).unwrap();
    assert_eq!(echoed(&answer), Fx::ZERO);
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

    #[test]
    fn any_query_shaped_line_gets_exactly_one_answer(line in structured_line(
        OPS.iter().copied().filter(|op| !OBB_OPS.contains(op)).collect()
    )) {
        one_answer(&line)?;
    }

    #[test]
        fn any_obb_query_shaped_line_gets_exactly_one_answer(line in structured_line(OBB_OPS.to_vec())) {
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

// ---------------------------------------------------------------------------
// The binary's command line

#[test]
fn binary_reads_a_file_stdin_or_dash() {
    let dir = std::env::temp_dir().join(format!("fixed-collide-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("in.jsonl");
    let ok = r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"min":[2,2],"max":[3,3]}}"#;
    std::fs::write(&file, format!("{ok}\n{ok}\n")).unwrap();
    let file_arg = file.to_str().unwrap();
    let want = "{\"hit\":false}\n{\"hit\":false}\n";
    let input = format!("{ok}\n{ok}\n");
    for (args, stdin) in [
        (vec!["eval", file_arg], ""),
        (vec!["eval"], input.as_str()),
        (vec!["eval", "-"], input.as_str()),
    ] {
        let out = run_bin(&args, stdin.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        assert_eq!(text(&out.stdout), want, "{args:?}");
        assert!(out.stderr.is_empty(), "{args:?}: {}", text(&out.stderr));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn binary_exit_status_and_messages() {
    let ok = r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"min":[2,2],"max":[3,3]}}"#;
    let missing = "/nonexistent/fixed-collide-input.jsonl";
    // (args, stdin, status, stdout part, stderr part)
    let cases: [(&[&str], String, i32, &str, &str); 14] = [
        (&["eval"], format!("{ok}\n"), 0, "{\"hit\":false}", ""),
        (&["eval"], String::new(), 0, "", ""),
        (
            &["eval"],
            format!("{ok}\nbad\n{ok}\n"),
            1,
            "\"line 2: invalid JSON",
            "",
        ),
        (&["eval", missing], String::new(), 2, "", missing),
        (&["eval", "/"], String::new(), 2, "", "cannot read '/'"),
        (
            &["eval", "a", "b"],
            String::new(),
            2,
            "",
            "unexpected argument 'b'",
        ),
        (
            &["eval", "--bogus"],
            String::new(),
            2,
            "",
            "unexpected argument '--bogus'",
        ),
        (
            &["eval", "--help"],
            String::new(),
            0,
            "Usage: fixed-collide eval [FILE]",
            "",
        ),
        // No command runs the default arena against its recorded replay.
        (&[], String::new(), 0, "matches", ""),
        (
            &["frobnicate"],
            String::new(),
            2,
            "",
            "unrecognized subcommand 'frobnicate'",
        ),
        (&["--help"], String::new(), 0, "Commands:", ""),
        (&["help"], String::new(), 0, "eval", ""),
        (&["help", "eval"], String::new(), 0, "blank line", ""),
        (
            &["--version"],
            String::new(),
            0,
            env!("CARGO_PKG_VERSION"),
            "",
        ),
    ];
    for (args, stdin, status, out_part, err_part) in cases {
        let out = run_bin(args, stdin.as_bytes());
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(
            out.status.code(),
            Some(status),
            "{args:?}: {stdout} {stderr}"
        );
        assert!(stdout.contains(out_part), "{args:?}: stdout {stdout:?}");
        assert!(stderr.contains(err_part), "{args:?}: stderr {stderr:?}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        if status == 2 && args.first() != Some(&"eval") {
            assert!(stderr.contains("Usage:"), "{args:?}: usage shown: {stderr}");
        }
    }
}

#[test]
fn binary_stops_quietly_when_the_reader_goes_away() {
    let ok = r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"min":[2,2],"max":[3,3]}}"#;
    let mut child = common::bin()
        .arg("eval")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let block = format!("{ok}\n").repeat(1000);
        for _ in 0..2000 {
            if stdin.write_all(block.as_bytes()).is_err() {
                break;
            }
        }
    });
    {
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        reader.read_line(&mut first).unwrap();
        assert_eq!(first, "{\"hit\":false}\n");
    } // The read end closes here.
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    writer.join().unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.is_empty(), "quiet: {stderr}");
    assert_eq!(status.code(), Some(0), "{status:?}");
}
