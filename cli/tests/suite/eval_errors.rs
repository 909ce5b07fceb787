//! Errors of form in `eval` lines: not a JSON object, a missing, unknown or
//! repeated op or field, wrong types, lengths and mixed dimensions. Each is
//! checked for its kind, its field and its message, directly and through a
//! stream.

use fixed_collide_cli::eval::ErrorKind;

use crate::eval_support;

use eval_support::{B, check_errors};

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
        (
            "\"\\ud800\"",
            ErrorKind::Syntax,
            None,
            "invalid JSON at column 2: lone surrogate \\ud800",
        ),
        (
            "\"\\ud83d\\ude00\"",
            ErrorKind::NotObject,
            None,
            "got \"\\ud83d",
        ),
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
