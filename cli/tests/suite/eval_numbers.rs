//! Numbers in `eval`: read exactly from their decimal text (never through
//! a float), written so that they parse back to the same bits, and
//! rejected when `I32F32` cannot hold them.

use fixed_collide::Fx;
use fixed_collide_cli::convert::{NumberError, fx_from_decimal, fx_to_text};
use fixed_collide_cli::eval::{ErrorKind, eval_line};
use proptest::prelude::*;

use crate::eval_support;

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
        ("1e999999999999", "overflow"),
        ("\"1e999999999999999999999999\"", "overflow"),
        ("\"2147483648e0\"", "overflow"),
        ("\"0.0000000000021474836480e21\"", "overflow"),
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
        assert_eq!(
            e.message,
            format!("{json} is not a number representable as I32F32 ({why})"),
            "{json}"
        );
    }
}

#[test]
fn rejects_text_that_is_not_a_json_number_even_in_a_string() {
    // Each is read by `I32F32::from_str` (`1@2` as 100, `+5` as 5, ...) but
    // is not a JSON number.
    let cases = [
        ("\"1@2\"", "unexpected '@' at character 2"),
        ("\"+5\"", "a leading '+' is not allowed"),
        ("\".5\"", "a digit must come before the '.'"),
        ("\"-.5\"", "a digit must come before the '.'"),
        ("\"5.\"", "a digit must follow the '.'"),
        ("\"5.e3\"", "a digit must follow the '.'"),
        ("\"0010\"", "leading zeros are not allowed"),
        ("\"-00.5\"", "leading zeros are not allowed"),
        ("\"NaN\"", "NaN and infinities are not numbers"),
        ("\"-Infinity\"", "NaN and infinities are not numbers"),
        ("\"inf\"", "NaN and infinities are not numbers"),
        ("\"1e\"", "the exponent has no digits"),
        ("\"1e+\"", "the exponent has no digits"),
        ("\"1p3\"", "unexpected 'p' at character 2"),
        ("\"1_000\"", "unexpected '_' at character 2"),
        ("\"abc\"", "unexpected 'a' at character 1"),
        ("\"1.5.2\"", "unexpected '.' at character 4"),
        ("\" 1\"", "unexpected ' ' at character 1"),
        ("\"1 \"", "unexpected ' ' at character 2"),
        ("\"0x10\"", "unexpected 'x' at character 2"),
        ("\"--1\"", "unexpected '-' at character 2"),
        ("\"\"", "no digits"),
        ("\"-\"", "no digit after '-'"),
        ("\"\\u0031\\u00e9\"", "unexpected 'é' at character 2"),
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
        assert_eq!(
            e.message,
            format!("{json} is not a JSON number ({why})"),
            "{json}"
        );
    }
}

#[test]
fn accepts_every_json_number_form_in_a_string_as_bare() {
    let cases = [
        "0", "-0", "7", "-7", "10", "0.5", "-0.5", "1e3", "1E3", "1e+3", "1e-3", "1.25e2",
        "-1.25E-2", "0e0", "0.000e99", "100e-2",
    ];
    for text in cases {
        let bare = eval_line(&echo_line(text)).unwrap_or_else(|e| panic!("{text}: {e}"));
        let quoted = eval_line(&echo_line(&format!("\"{text}\"")))
            .unwrap_or_else(|e| panic!("\"{text}\": {e}"));
        assert_eq!(echoed(&bare), fx(text), "{text}");
        assert_eq!(echoed(&quoted), fx(text), "\"{text}\"");
    }
}

#[test]
fn exponents_shift_the_point_exactly_without_work_in_their_size() {
    // (text, value): every one read exactly, a huge exponent without a
    // loop over it.
    let tiny_but_half_an_ulp = "1.16415321826934814453125e-10";
    let cases = [
        ("1048576e-0", "1048576"),
        ("0.0000001048576e13", "1048576"),
        ("-1048576000000000000e-12", "-1048576"),
        (
            "104857600000000000000000000000000000000000000e-38",
            "1048576",
        ),
        ("1e-999999999999999999999999", "0"),
        ("-1e-99999999999", "0"),
        ("0e999999999999999999999999", "0"),
        ("0.5e-10", "0.00000000005000000000"),
        // Fx::MAX, written with exponents.
        (
            "2147483647.99999999976716935634613037109375e0",
            "2147483647.99999999976716935634613037109375",
        ),
        (
            "214748364799999999976716935634613037109375e-32",
            "2147483647.99999999976716935634613037109375",
        ),
        // Half an ulp ties to even (0); the digit far beyond breaks the tie.
        (tiny_but_half_an_ulp, "0"),
        (
            "1.164153218269348144531250000000001e-10",
            "0.00000000023283064365386962890625",
        ),
    ];
    for (text, want) in cases {
        let start = std::time::Instant::now();
        assert_eq!(fx_from_decimal(text), Ok(fx(want)), "{text}");
        assert!(start.elapsed().as_secs() < 5, "{text}: slow");
    }
    // Through eval, bare and in a string, where the domain allows.
    for (text, want) in &cases[..8] {
        for json in [text.to_string(), format!("\"{text}\"")] {
            let got = eval_line(&echo_line(&json)).unwrap_or_else(|e| panic!("{json}: {e}"));
            assert_eq!(echoed(&got), fx(want), "{json}");
        }
    }
    assert_eq!(
        fx_from_decimal("21474836480000000000000000000000000000000000e-34"),
        Err(NumberError::OutOfRange)
    );
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

    #[test]
    fn every_written_number_is_a_json_number_read_back_exactly(bits in any::<i64>()) {
        let x = Fx::from_bits(bits);
        prop_assert_eq!(fx_from_decimal(&fx_to_text(x)), Ok(x));
    }

    #[test]
    fn exponents_are_read_as_i32f32_from_str_reads_them(
        mantissa in "-?(0|[1-9][0-9]{0,15})(\\.[0-9]{1,25})?",
        exp in 0u32..45,
        mark in prop::sample::select(vec!["e", "E", "e+", "e-", "E-", "e-0"]),
    ) {
        // `from_str` takes the exponent itself: the shifted reading agrees.
        let text = format!("{mantissa}{mark}{exp}");
        let want = text.parse::<Fx>().map_err(|_| NumberError::OutOfRange);
        prop_assert_eq!(fx_from_decimal(&text), want, "{}", text);
    }
}
