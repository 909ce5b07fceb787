//! Checked conversions at the boundary: floats and decimal text to [`Fx`].
//! The only place floats appear; no arithmetic is done on them.

use crate::{Error, Field};
use az::CheckedCast;
use fixed_collide::num::{Exact, Fx};

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

/// The scalar read from decimal text exactly as `I32F32::from_str` reads it
/// (correctly rounded, never through a float).
///
/// # Errors
/// [`Error::NotRepresentable`] naming `field` and the text when it is not a
/// decimal number or is out of range.
///
/// # Examples
/// ```
/// use fixed_collide_cli::{convert::fx_from_str, Field};
/// use fixed_collide::Fx;
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
