//! Errors about values in `eval` lines: shapes the library's constructors
//! refuse, the OBB operands' own checks, the first error of a line with
//! several, and long values shortened in messages.

use fixed_collide_cli::eval::{ErrorKind, eval_line};

use crate::eval_support;

use eval_support::{B, check_errors, echo_line};

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
        // The corner is named by the fields the line gave.
        (
            &lines[3],
            ErrorKind::Invalid,
            Some("a.center.x"),
            "1048576 + a.half.x 1 = 1048577 is out of the domain",
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
fn a_centered_aabb_with_a_corner_out_of_the_domain_names_center_and_half() {
    // (aabb, field, message): the corner `center - half` or `center + half`
    // is named by the fields the line gave, never as `min` or `max`.
    let cases = [
        (
            r#"{"center":[1048576,0],"half":[1,1]}"#,
            "a.center.x",
            "1048576 + a.half.x 1 = 1048577 is out of the domain |v| <= 1048576 (2^20)",
        ),
        (
            r#"{"center":[0,-1048575.5],"half":[1,"0.75"]}"#,
            "a.center.y",
            "-1048575.5 - a.half.y 0.75 = -1048576.25 is out of the domain |v| <= 1048576 (2^20)",
        ),
        (
            r#"{"center":[0,0,1048000],"half":[0,0,1000]}"#,
            "a.center.z",
            "1048000 + a.half.z 1000 = 1049000 is out of the domain |v| <= 1048576 (2^20)",
        ),
    ];
    for (aabb, field, message) in cases {
        let other = if aabb.contains("1048000") {
            r#"{"min":[0,0,0],"max":[1,1,1]}"#
        } else {
            B
        };
        let line = format!(r#"{{"op":"aabb_overlap","a":{aabb},"b":{other}}}"#);
        let e = eval_line(&line).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Invalid, "{line}");
        assert_eq!(e.field.as_ref().map(|f| f.as_str()), Some(field), "{line}");
        assert_eq!(e.message, message, "{line}");
    }
    // The center or half itself out of the domain is named as before.
    let line =
        format!(r#"{{"op":"aabb_overlap","a":{{"center":[1048577,0],"half":[0,0]}},"b":{B}}}"#);
    let e = eval_line(&line).unwrap_err();
    assert_eq!(
        e.to_string(),
        r#"field "a.center.x": 1048577 is out of the domain |v| <= 1048576 (2^20)"#
    );
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

#[test]
fn a_line_with_several_errors_reports_the_first_of_form_else_the_first_refused_shape() {
    let obb3 = r#"{"center":[0,0,0],"half":[1,1,1],"quat":[1,0,0,0]}"#;
    let lines = [
        // `a` is refused (min > max), but `b` has an error of form.
        r#"{"op":"aabb_overlap","a":{"min":[5,0],"max":[3,1]},"b":{"min":[0,0],"max":[1,"x"]}}"#.to_string(),
        // Both are refused: `a`, the first operand, is reported.
        r#"{"op":"aabb_overlap","a":{"min":[5,0],"max":[3,1]},"b":{"min":[5,0],"max":[3,1]}}"#.to_string(),
        // Operands are read in the op's order, not the line's.
        r#"{"op":"aabb_overlap","b":{"min":[0,0],"max":[1,"x"]},"a":{"min":[0,0],"max":[1,"y"]}}"#.to_string(),
        // So are a shape's fields: `min` sets the dimension before `max`.
        format!(r#"{{"op":"aabb_overlap","a":{{"max":[1,1,1],"min":[0,0]}},"b":{B}}}"#),
        // A 3D line: the refused ray waits, the 2D angle is an error of form.
        r#"{"op":"ray_obb","ray":{"origin":[0,0,0],"dir":[0,0,0]},"obb":{"center":[0,0,0],"half":[1,1,1],"angle":1}}"#.to_string(),
        // The rotation of an obb is built before the box.
        format!(
            r#"{{"op":"obb_overlap","a":{{"center":[0,0,0],"half":[-1,1,1],"quat":[0,0,0,0]}},"b":{obb3}}}"#
        ),
        // The first vector makes the line 3D; a later 2D one is the error.
        r#"{"op":"aabb_sweep","stationary":{"min":[0,0,0],"max":[1,1,1]},"moving":{"min":[0,0,0],"max":[1,1,1]},"d":[0,0]}"#.to_string(),
    ];
    check_errors(&[
        (
            &lines[0],
            ErrorKind::NotRepresentable,
            Some("b.max.y"),
            "\"x\" is not a JSON number",
        ),
        (
            &lines[1],
            ErrorKind::Invalid,
            Some("a.min.x"),
            "5 > a.max.x 3",
        ),
        (
            &lines[2],
            ErrorKind::NotRepresentable,
            Some("a.max.y"),
            "\"y\"",
        ),
        (
            &lines[3],
            ErrorKind::MixedDimensions,
            Some("a.max"),
            "3D (3 components), but field \"a.min\" is 2D (2 components)",
        ),
        (
            &lines[4],
            ErrorKind::MixedDimensions,
            Some("obb.angle"),
            "2D (an angle), but field \"ray.origin\" is 3D (3 components)",
        ),
        (&lines[5], ErrorKind::Invalid, Some("a.quat"), "zero vector"),
        (
            &lines[6],
            ErrorKind::MixedDimensions,
            Some("d"),
            "2D (2 components), but field \"stationary.min\" is 3D",
        ),
    ]);
}
