//! A small parser for `--name value` options.

use std::ffi::OsString;

/// Parsed `--name value` pairs and positional arguments, in order.
pub struct Opts {
    pairs: Vec<(String, String)>,
    /// Arguments that are not options.
    pub positional: Vec<String>,
}

impl Opts {
    /// Splits `args`; every option in `known` takes one value.
    ///
    /// # Errors
    /// An unknown option, a missing value or an argument that is not UTF-8.
    pub fn parse(args: &[OsString], known: &[&str]) -> Result<Opts, String> {
        let mut pairs = Vec::new();
        let mut positional = Vec::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let a = a
                .to_str()
                .ok_or_else(|| format!("argument {a:?} is not UTF-8"))?;
            if let Some(name) = a.strip_prefix("--") {
                let (name, inline) = match name.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_string())),
                    None => (name, None),
                };
                if !known.contains(&name) {
                    return Err(format!(
                        "unknown option '--{name}' (options: --{})",
                        known.join(", --")
                    ));
                }
                let value = match inline {
                    Some(v) => v,
                    None => it
                        .next()
                        .and_then(|v| v.to_str())
                        .ok_or_else(|| format!("option '--{name}' needs a value"))?
                        .to_string(),
                };
                pairs.push((name.to_string(), value));
            } else if a.starts_with('-') && a != "-" {
                return Err(format!("unknown option '{a}'"));
            } else {
                positional.push(a.to_string());
            }
        }
        Ok(Opts { pairs, positional })
    }

    /// Whether any option was given.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The last value of `--name`, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// `--name` as an integer in `lo..=hi`, or `default`.
    ///
    /// # Errors
    /// A value that is not such an integer, naming the option.
    pub fn int<T: TryFrom<u64> + Copy>(
        &self,
        name: &str,
        default: T,
        lo: u64,
        hi: u64,
    ) -> Result<T, String> {
        let Some(v) = self.get(name) else {
            return Ok(default);
        };
        let n: u64 = v
            .parse()
            .map_err(|_| format!("--{name} {v:?} is not a whole number"))?;
        if n < lo || n > hi {
            return Err(format!("--{name} {n} is out of range {lo}..={hi}"));
        }
        T::try_from(n).map_err(|_| format!("--{name} {n} is out of range"))
    }
}
