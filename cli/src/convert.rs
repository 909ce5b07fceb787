//! Checked conversions at the boundary: floats and decimal text to [`Fx`].
//! Decimal text is read only when it is a JSON number, exactly
//! ([`fx_from_decimal`]).
//! The only place floats appear; no arithmetic is done on them.

use crate::{Error, Field};
use az::CheckedCast;
use fixed_collide::num::{Exact, Fx};
use std::fmt;

/// The scalar nearest to a float (ties to even), or an error for NaN,
/// infinities and values outside the range of [`Fx`].
///
/// # Errors
/// [`Error::NotRepresentable`] naming `field` and the value.
///
/// # Examples
/// ```
/// use fixed_collide_cli::{convert::fx_from_f64, Field};
/// use fixed_collide::Fx;
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
/// use fixed_collide_cli::{convert::fx_from_f32, Field};
/// assert!(fx_from_f32(f32::INFINITY, &Field::new("x")).is_err());
/// ```
pub fn fx_from_f32(value: f32, field: &Field) -> Result<Fx, Error> {
    value.checked_cast().ok_or_else(|| Error::NotRepresentable {
        field: field.clone(),
        value: value.to_string(),
    })
}

/// The scalar read from decimal text exactly, as [`fx_from_decimal`] reads
/// it: a JSON number, correctly rounded, never through a float.
///
/// # Errors
/// [`Error::NotRepresentable`] naming `field` and the text when it is not a
/// JSON number or is out of range.
///
/// # Examples
/// ```
/// use fixed_collide_cli::{convert::fx_from_str, Field};
/// use fixed_collide::Fx;
/// assert_eq!(fx_from_str("-2.25", &Field::new("x")).unwrap(), Fx::from_num(-2.25));
/// assert!(fx_from_str("1.5.2", &Field::new("x")).is_err());
/// assert!(fx_from_str("1@2", &Field::new("x")).is_err());
/// ```
pub fn fx_from_str(text: &str, field: &Field) -> Result<Fx, Error> {
    fx_from_decimal(text).map_err(|_| Error::NotRepresentable {
        field: field.clone(),
        value: text.to_string(),
    })
}

/// Why a text is not read as a scalar by [`fx_from_decimal`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// The text is not a JSON number; the reason says where it departs from
    /// the grammar, such as `unexpected '@' at character 2`.
    Grammar(String),
    /// A JSON number outside the range of [`Fx`].
    OutOfRange,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberError::Grammar(why) => write!(f, "not a JSON number ({why})"),
            NumberError::OutOfRange => f.write_str("out of the range of I32F32"),
        }
    }
}

impl std::error::Error for NumberError {}

/// The exponents beyond which a decimal exponent is clamped while it is
/// read: any larger one puts a nonzero number far out of range or far below
/// half an ulp, so the clamp changes no result and bounds the work.
const EXP_CLAMP: i64 = 1_000_000_000_000;

/// A number's value is `0.DIGITS * 10^k` with a nonzero first digit; above
/// this `k` it is at least 10^10, beyond the range of [`Fx`] (below 2^31).
const MAX_DECIMAL_EXP: i64 = 10;

/// Below this `k` a number is under 10^-20, less than half an ulp (2^-33):
/// it rounds to zero.
const MIN_DECIMAL_EXP: i64 = -20;

/// The scalar nearest to the number written `text` (ties as
/// `I32F32::from_str`: to even), read exactly from its decimal digits and
/// never through a float: `0.1` is the [`Fx`] nearest to one tenth, and
/// digits far past the last bit still decide a tie.
///
/// `text` must be a JSON number, all of it (no spaces):
/// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`. So a leading `+`,
/// `.5`, `5.`, leading zeros (`0010`), `NaN`, `Infinity`, hexadecimal and
/// any other exponent mark (`1@2`) are refused. An exponent shifts the
/// decimal point exactly; a nonzero number whose magnitude is below
/// 10^-20 is zero, and a huge exponent is out of range, both without work
/// proportional to the exponent.
///
/// # Errors
/// [`NumberError::Grammar`] when `text` is not a JSON number,
/// [`NumberError::OutOfRange`] when the number rounds outside
/// [`Fx::MIN`]..=[`Fx::MAX`].
///
/// # Examples
/// ```
/// use fixed_collide_cli::convert::{fx_from_decimal, NumberError};
/// use fixed_collide::Fx;
/// assert_eq!(fx_from_decimal("1.5e2"), Ok(Fx::from_num(150)));
/// assert_eq!(fx_from_decimal("-0"), Ok(Fx::ZERO));
/// assert_eq!(fx_from_decimal("1e-400"), Ok(Fx::ZERO));
/// assert_eq!(fx_from_decimal("1e999999999999"), Err(NumberError::OutOfRange));
/// let e = fx_from_decimal("1@2").unwrap_err();
/// assert_eq!(e.to_string(), "not a JSON number (unexpected '@' at character 2)");
/// assert!(fx_from_decimal("+5").is_err());
/// assert!(fx_from_decimal("0010").is_err());
/// ```
pub fn fx_from_decimal(text: &str) -> Result<Fx, NumberError> {
    let number = JsonNumber::parse(text).map_err(NumberError::Grammar)?;
    match number.exp {
        // Plain decimal text, exactly as `I32F32::from_str` reads it.
        None => read_plain(text),
        Some(exp) => number.shifted(exp),
    }
}

/// A JSON number split into its parts.
struct JsonNumber<'a> {
    neg: bool,
    int: &'a str,
    frac: &'a str,
    /// The exponent, clamped to [`EXP_CLAMP`] in magnitude.
    exp: Option<i64>,
}

impl<'a> JsonNumber<'a> {
    /// Splits `text`, or says where it departs from the JSON grammar.
    fn parse(text: &'a str) -> Result<Self, String> {
        let b = text.as_bytes();
        let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
        if ["nan", "inf", "infinity"]
            .iter()
            .any(|w| unsigned.eq_ignore_ascii_case(w))
        {
            return Err(String::from("NaN and infinities are not numbers"));
        }
        let neg = b.first() == Some(&b'-');
        let mut i = usize::from(neg);
        let int_start = i;
        match b.get(i) {
            None if neg => return Err(String::from("no digit after '-'")),
            None => return Err(String::from("no digits")),
            Some(b'+') if i == 0 => return Err(String::from("a leading '+' is not allowed")),
            Some(b'.') => return Err(String::from("a digit must come before the '.'")),
            Some(b'0') => {
                i += 1;
                if b.get(i).is_some_and(u8::is_ascii_digit) {
                    return Err(String::from("leading zeros are not allowed"));
                }
            }
            Some(b'1'..=b'9') => i = skip_digits(b, i),
            Some(_) => return Err(unexpected(text, i)),
        }
        let int = &text[int_start..i];
        let mut frac = "";
        if b.get(i) == Some(&b'.') {
            let start = i + 1;
            i = skip_digits(b, start);
            if i == start {
                return Err(String::from("a digit must follow the '.'"));
            }
            frac = &text[start..i];
        }
        let mut exp = None;
        if matches!(b.get(i), Some(b'e' | b'E')) {
            i += 1;
            let exp_neg = b.get(i) == Some(&b'-');
            if matches!(b.get(i), Some(b'-' | b'+')) {
                i += 1;
            }
            let start = i;
            i = skip_digits(b, start);
            if i == start {
                return Err(String::from("the exponent has no digits"));
            }
            let magnitude = b[start..i].iter().fold(0i64, |acc, d| {
                (acc * 10 + i64::from(d - b'0')).min(EXP_CLAMP)
            });
            exp = Some(if exp_neg { -magnitude } else { magnitude });
        }
        if i != b.len() {
            return Err(unexpected(text, i));
        }
        Ok(Self {
            neg,
            int,
            frac,
            exp,
        })
    }

    /// The value of the digits with the decimal point moved `exp` places
    /// (right for a positive `exp`), read as plain decimal text.
    fn shifted(&self, exp: i64) -> Result<Fx, NumberError> {
        let digits = || self.int.bytes().chain(self.frac.bytes());
        let Some(lead) = digits().position(|d| d != b'0') else {
            return Ok(Fx::ZERO);
        };
        // The value is 0.SIG * 10^k, SIG starting with a nonzero digit. The
        // lengths are below the line limit, far inside i64.
        let int_len = i64::try_from(self.int.len()).unwrap_or(i64::MAX);
        let lead_len = i64::try_from(lead).unwrap_or(i64::MAX);
        let k = int_len.saturating_sub(lead_len).saturating_add(exp);
        if k > MAX_DECIMAL_EXP {
            return Err(NumberError::OutOfRange);
        }
        if k < MIN_DECIMAL_EXP {
            return Ok(Fx::ZERO);
        }
        let sig: Vec<u8> = digits().skip(lead).collect();
        let mut plain = String::with_capacity(sig.len() + 24);
        if self.neg {
            plain.push('-');
        }
        // `k` is within [-20, 10] here.
        let point = usize::try_from(k).unwrap_or(0);
        if k <= 0 {
            plain.push_str("0.");
            plain.extend(std::iter::repeat_n('0', usize::try_from(-k).unwrap_or(0)));
            plain.extend(sig.iter().map(|&d| char::from(d)));
        } else if point >= sig.len() {
            plain.extend(sig.iter().map(|&d| char::from(d)));
            plain.extend(std::iter::repeat_n('0', point - sig.len()));
        } else {
            plain.extend(sig[..point].iter().map(|&d| char::from(d)));
            plain.push('.');
            plain.extend(sig[point..].iter().map(|&d| char::from(d)));
        }
        read_plain(&plain)
    }
}

/// Plain decimal text `-?[0-9]+(\.[0-9]+)?`, read by `I32F32::from_str`
/// (exact, correctly rounded); on such text its only error is overflow.
fn read_plain(text: &str) -> Result<Fx, NumberError> {
    text.parse::<Fx>().map_err(|_| NumberError::OutOfRange)
}

/// The index after the run of ASCII digits starting at `i`.
fn skip_digits(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    i
}

/// The character at byte `i` of `text` (a char boundary), as an error.
fn unexpected(text: &str, i: usize) -> String {
    let c = text[i..].chars().next().unwrap_or(' ');
    let at = text[..i].chars().count() + 1;
    format!("unexpected {c:?} at character {at}")
}

/// Decimal text of a scalar that parses back (with [`fx_from_str`]) to the
/// same bits: [`Exact`]'s text.
///
/// # Examples
/// ```
/// use fixed_collide_cli::convert::fx_to_text;
/// use fixed_collide::Fx;
/// assert_eq!(fx_to_text(Fx::from_num(2.5)), "2.5");
/// let x = Fx::from_bits(1288490188);
/// assert_eq!(fx_to_text(x).parse::<Fx>().unwrap(), x);
/// ```
pub fn fx_to_text(x: Fx) -> String {
    Exact(x).to_string()
}
