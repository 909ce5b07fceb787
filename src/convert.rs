//! Checked conversions at the boundary: floats and decimal text to [`Fx`].
//! The only place floats appear; no arithmetic is done on them.

use crate::num::Fx;
use crate::{Error, Field};
use az::CheckedCast;

/// The scalar nearest to a float (ties to even), or an error for NaN,
/// infinities and values outside the range of [`Fx`].
///
/// # Errors
/// [`Error::NotRepresentable`] naming `field` and the value.
///
/// # Examples
/// ```
/// use fixed_collide::{convert::fx_from_f64, Field, Fx};
/// assert_eq!(fx_from_f64(0.5, &Field::new("r")).unwrap(), Fx::from_num(0.5));
/// assert!(fx_from_f64(f64::NAN, &Field::new("r")).is_err());
/// ```
pub fn fx_from_f64(value: f64, field: &Field) -> Result<Fx, Error> {
    value.checked_cast().ok_or_else(|| Error::NotRepresentable {
        field: field.clone(),
        value: value.to_string(),
    })
}

/// The scalar nearest to a float, as [`fx_from_f64`].
///
/// # Errors
/// [`Error::NotRepresentable`] naming `field` and the value.
///
/// # Examples
/// ```
/// use fixed_collide::{convert::fx_from_f32, Field};
/// assert!(fx_from_f32(f32::INFINITY, &Field::new("x")).is_err());
/// ```
pub fn fx_from_f32(value: f32, field: &Field) -> Result<Fx, Error> {
    value.checked_cast().ok_or_else(|| Error::NotRepresentable {
        field: field.clone(),
        value: value.to_string(),
    })
}

/// The scalar read from decimal text exactly as `I32F32::from_str` reads it
/// (correctly rounded, never through a float).
///
/// # Errors
/// [`Error::NotRepresentable`] naming `field` and the text when it is not a
/// decimal number or is out of range.
///
/// # Examples
/// ```
/// use fixed_collide::{convert::fx_from_str, Field, Fx};
/// assert_eq!(fx_from_str("-2.25", &Field::new("x")).unwrap(), Fx::from_num(-2.25));
/// assert!(fx_from_str("1.5.2", &Field::new("x")).is_err());
/// ```
pub fn fx_from_str(text: &str, field: &Field) -> Result<Fx, Error> {
    text.parse::<Fx>().map_err(|_| Error::NotRepresentable {
        field: field.clone(),
        value: text.to_string(),
    })
}

/// Decimal text of a scalar that parses back (with [`fx_from_str`]) to the
/// same bits: the shortest text `fixed` prints when that round-trips, else
/// the exact decimal expansion (at most 32 fractional digits; every `Fx` has
/// one).
///
/// `fixed`'s own `Display` does not always round-trip: bits 1288490188
/// (0.29999999981...) print as `0.3`, which reads back as 1288490189.
///
/// # Examples
/// ```
/// use fixed_collide::{convert::fx_to_text, Fx};
/// assert_eq!(fx_to_text(Fx::from_num(2.5)), "2.5");
/// let x = Fx::from_bits(1288490188);
/// assert_eq!(fx_to_text(x), "0.29999999981373548507690429687500".trim_end_matches('0'));
/// assert_eq!(fx_to_text(x).parse::<Fx>().unwrap(), x);
/// ```
pub fn fx_to_text(x: Fx) -> String {
    let short = x.to_string();
    if short.parse::<Fx>() == Ok(x) {
        short
    } else {
        exact_decimal(x)
    }
}

/// The exact decimal expansion of a scalar: `bits / 2^32` has at most 32
/// fractional digits, `frac * 5^32` of them at scale 10^32.
fn exact_decimal(x: Fx) -> String {
    let bits = i128::from(x.to_bits());
    let abs = bits.unsigned_abs();
    let int = abs >> 32;
    let frac = abs & 0xFFFF_FFFF;
    let sign = if bits < 0 { "-" } else { "" };
    if frac == 0 {
        return format!("{sign}{int}");
    }
    let digits = format!("{:032}", frac * 5u128.pow(32));
    format!("{sign}{int}.{}", digits.trim_end_matches('0'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_where_display_does_not() {
        let field = Field::new("x");
        for bits in [
            1288490188i64,
            -1288490188,
            1,
            -1,
            i64::MIN,
            i64::MAX,
            0,
            1 << 32,
            3 << 31,
        ] {
            let x = Fx::from_bits(bits);
            assert_eq!(
                fx_from_str(&fx_to_text(x), &field),
                Ok(x),
                "bits {bits}: {}",
                fx_to_text(x)
            );
            assert_eq!(
                fx_from_str(&exact_decimal(x), &field),
                Ok(x),
                "bits {bits}: {}",
                exact_decimal(x)
            );
        }
        assert_ne!(
            Fx::from_bits(1288490188).to_string().parse::<Fx>(),
            Ok(Fx::from_bits(1288490188))
        );
    }

    #[test]
    fn text_round_trips_for_a_stream_of_bits() {
        let field = Field::new("x");
        let mut rng = crate::rng::Rng::new(99);
        for _ in 0..200_000 {
            // Values near short decimals are where Display goes wrong.
            let near = Fx::from_bits(rng.range_i64(-1_000_000, 1_000_000) * 429_496_730);
            let x = near + Fx::from_bits(rng.range_i64(-3, 3));
            assert_eq!(
                fx_from_str(&fx_to_text(x), &field),
                Ok(x),
                "{}",
                x.to_bits()
            );
        }
    }
}
