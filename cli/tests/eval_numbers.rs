//! Numbers in `eval`: read exactly from their decimal text (never through
//! a float), written so that they parse back to the same bits, and
//! rejected when `I32F32` cannot hold them.

use fixed_collide::Fx;
use fixed_collide_cli::eval::{ErrorKind, eval_line};
use proptest::prelude::*;

mod eval_support;

use eval_support::{echo_line, echoed, fx};

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

proptest! {
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
