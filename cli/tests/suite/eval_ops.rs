//! The answers of `eval`: their form (`hit` first, the op's fields in
//! order, a miss exactly `{"hit":false}`) and their values, equal to the
//! library's own answers for every op in 2D and 3D.

use fixed_collide::{
    Aabb, Ball, Const, Dim, Fx, Obb, Ray, Rot2, Rot3, Vector, aabb_contact, aabb_intersection,
    aabb_overlap, aabb_sweep, aabb_sweep_pair, obb_overlap, ray_aabb, ray_obb, sphere_aabb,
    sphere_obb,
};
use fixed_collide_cli::eval::{Op, Value, eval_line};
use proptest::prelude::*;

use crate::eval_support;

use eval_support::{dimension_of, example};

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

fn num(v: Option<Value>) -> Fx {
    match v {
        Some(Value::Num(x)) => x,
        other => panic!("not a number: {other:?}"),
    }
}

fn vector<const D: usize>(v: Option<Value>) -> Vector<D> {
    match v {
        Some(Value::Vector(c)) => Vector(std::array::from_fn(|i| c[i])),
        other => panic!("not a vector: {other:?}"),
    }
}

fn boolean(v: Option<Value>) -> bool {
    match v {
        Some(Value::Bool(b)) => b,
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
            Some(Value::Box {
                min: i.min().0.to_vec(),
                max: i.max().0.to_vec()
            })
        ),
    }

    let got = run(format!(r#"{{"op":"aabb_contact","a":{ja},"b":{jb}}}"#));
    match aabb_contact(&a, &b) {
        None => assert!(!got.is_hit()),
        Some(c) => {
            assert_eq!(vector::<D>(got.get("normal")), c.normal);
            assert_eq!(num(got.get("depth")), c.depth);
            assert_eq!(vector::<D>(got.get("point")), c.point);
        }
    }

    let got = run(format!(
        r#"{{"op":"aabb_sweep","stationary":{ja},"moving":{jb},"d":{}}}"#,
        vec_json(&vb.0)
    ));
    match aabb_sweep(&a, &b, vb) {
        None => assert!(!got.is_hit()),
        Some(s) => {
            assert_eq!(num(got.get("t_enter")), s.t_enter);
            assert_eq!(num(got.get("t_exit")), s.t_exit);
            assert_eq!(vector::<D>(got.get("normal")), s.normal);
            assert_eq!(boolean(got.get("overlapping")), s.overlapping);
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
            assert_eq!(num(got.get("u0")), i.u0);
            assert_eq!(num(got.get("u1")), i.u1);
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
                assert_eq!(num(got.get("t")), h.t);
                assert_eq!(vector::<D>(got.get("point")), h.point);
                assert_eq!(vector::<D>(got.get("normal")), h.normal);
                assert_eq!(boolean(got.get("inside")), h.inside);
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
        Some(h) => assert_eq!(vector::<D>(got.get("point")), h.point),
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

/// Checks the answers of the OBB ops on `a`, `b` (each with its JSON), a
/// point `p` and a direction `v` against the library's.
fn check_obb_ops_against_library<const D: usize>(
    (a, ja): (Obb<D>, String),
    (b, jb): (Obb<D>, String),
    p: Vector<D>,
    v: Vector<D>,
) where
    Const<D>: Dim<D>,
{
    let run = |line: String| eval_line(&line).unwrap_or_else(|e| panic!("{line}: {e}"));

    let got = run(format!(r#"{{"op":"obb_overlap","a":{ja},"b":{jb}}}"#));
    assert_eq!(got.is_hit(), obb_overlap(&a, &b), "{ja} {jb}");
    assert_eq!(got.fields().len(), 1);

    if !v.is_zero() {
        let ray = Ray::try_unbounded(p, v).unwrap();
        let got = run(format!(
            r#"{{"op":"ray_obb","ray":{{"origin":{},"dir":{}}},"obb":{jb}}}"#,
            vec_json(&p.0),
            vec_json(&v.0)
        ));
        match ray_obb(&ray, &b) {
            None => assert_eq!(got.to_json(), r#"{"hit":false}"#),
            Some(h) => {
                assert_eq!(num(got.get("t")), h.t);
                assert_eq!(vector::<D>(got.get("point")), h.point);
                assert_eq!(vector::<D>(got.get("normal")), h.normal);
                assert_eq!(boolean(got.get("inside")), h.inside);
            }
        }
    }

    let r = a.half().0[0];
    let ball = Ball::try_new(p, r).unwrap();
    let got = run(format!(
        r#"{{"op":"sphere_obb","sphere":{{"center":{},"radius":"{r}"}},"obb":{jb}}}"#,
        vec_json(&p.0)
    ));
    match sphere_obb(&ball, &b) {
        None => assert_eq!(got.to_json(), r#"{"hit":false}"#),
        Some(h) => assert_eq!(vector::<D>(got.get("point")), h.point),
    }
}

fn half<const D: usize>() -> impl Strategy<Value = Vector<D>> {
    prop::array::uniform::<_, D>(coord()).prop_map(|c| Vector(c.map(|x| x.abs())))
}

/// A 2D obb with an angle, and its JSON.
fn obb2() -> impl Strategy<Value = (Obb<2>, String)> {
    let angle = prop_oneof![
        (-4i32..4).prop_map(|k| Fx::from_num(k) * Fx::FRAC_PI_2),
        (-(4i64 << 32)..(4i64 << 32)).prop_map(Fx::from_bits),
    ];
    (displacement::<2>(), half::<2>(), angle).prop_map(|(c, h, angle)| {
        let obb = Obb::try_new(c, h, Rot2::from_angle(angle)).unwrap();
        let json = format!(
            r#"{{"center":{},"half":{},"angle":"{angle}"}}"#,
            vec_json(&c.0),
            vec_json(&h.0)
        );
        (obb, json)
    })
}

/// A 3D obb with a quaternion (not all zero), and its JSON.
fn obb3() -> impl Strategy<Value = (Obb<3>, String)> {
    let quat = prop::array::uniform4((-4i32..=4).prop_map(|k| Fx::from_num(k) / 4))
        .prop_filter("a rotation", |q| q.iter().any(|c| *c != Fx::ZERO));
    (displacement::<3>(), half::<3>(), quat).prop_map(|(c, h, q)| {
        let obb = Obb::try_new(c, h, Rot3::try_from_quat(q).unwrap()).unwrap();
        let json = format!(
            r#"{{"center":{},"half":{},"quat":{}}}"#,
            vec_json(&c.0),
            vec_json(&h.0),
            vec_json(&q)
        );
        (obb, json)
    })
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
    fn eval_obb_answers_equal_the_library_2d(a in obb2(), b in obb2(), p in displacement::<2>(), v in displacement::<2>()) {
        check_obb_ops_against_library(a, b, p, v);
    }

    #[test]
    fn eval_obb_answers_equal_the_library_3d(a in obb3(), b in obb3(), p in displacement::<3>(), v in displacement::<3>()) {
        check_obb_ops_against_library(a, b, p, v);
    }
}

#[test]
fn every_answer_has_its_ops_fields_in_order() {
    let input = example("demo.jsonl");
    let mut seen = Vec::new();
    for line in input.lines() {
        let Ok(answer) = eval_line(line) else {
            continue;
        };
        let op = answer.op();
        assert!(
            line.contains(&format!("\"op\":\"{}\"", op.name())),
            "{line}"
        );
        assert_eq!(Some(answer.dim()), dimension_of(line), "{line}");
        let names: Vec<&str> = answer.fields().iter().map(|(k, _)| *k).collect();
        if answer.is_hit() {
            let mut want = vec!["hit"];
            want.extend(op.hit_fields());
            assert_eq!(names, want, "{line}");
            seen.push(op);
        } else {
            assert_eq!(names, ["hit"], "{line}");
            assert_eq!(answer.to_json(), r#"{"hit":false}"#, "{line}");
        }
        for (k, v) in answer.fields() {
            assert_eq!(answer.get(k), Some(v), "{line}");
        }
        assert_eq!(answer.get("nope"), None);
    }
    for op in Op::ALL {
        assert!(seen.contains(&op), "demo.jsonl has no hit of {op:?}");
    }
}
