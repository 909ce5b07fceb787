//! The header line: what the file is, how many records follow and the
//! digest of each section.

use super::json::{self, At, Obj, excerpt, json_string};
use super::stream::Digest;
use super::{FORMAT, Kind, ReplayError, SCALAR, VERSION};
use crate::state_hash::hex;

/// The header, the first line of every replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format version ([`VERSION`]).
    pub version: u32,
    /// Always [`SCALAR`].
    pub scalar: String,
    /// The version of the crate that recorded it.
    pub crate_version: String,
    /// What the file holds.
    pub kind: Kind,
    /// The number of records (lines) after the header.
    pub count: u64,
    /// The digest of each section, in the order of [`Kind::sections`].
    pub digests: Vec<u64>,
    /// The format extensions the file uses (none are defined in version 2).
    pub extensions: Vec<String>,
}

/// The message for a file in the format of version 1.
pub(crate) fn version_1() -> ReplayError {
    ReplayError::Format(format!(
        "this is a version-1 replay (one JSON document), which this build no longer reads: \
         it holds no count or digest of its content, so an edit could not be told from a \
         recording. Re-record it with this build ('fixed-collide replay record ...'), which \
         writes version {VERSION} (JSON Lines, sealed by a digest)"
    ))
}

fn bad(msg: String) -> ReplayError {
    ReplayError::Format(msg)
}

impl Header {
    /// The header this build writes, before its count and digests are
    /// known (both 0).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide_cli::replay::{Header, Kind, VERSION};
    /// let h = Header::current(Kind::Queries);
    /// assert_eq!((h.version, h.count, h.digests.len()), (VERSION, 0, 3));
    /// assert_eq!(h.digest("answers"), Some(0));
    /// assert_eq!(h.digest("states"), None);
    /// ```
    pub fn current(kind: Kind) -> Self {
        Header {
            format: FORMAT.to_string(),
            version: VERSION,
            scalar: SCALAR.to_string(),
            crate_version: env!("CARGO_PKG_VERSION").to_string(),
            kind,
            count: 0,
            digests: vec![0; kind.sections().len()],
            extensions: Vec::new(),
        }
    }

    /// The digest of the section `name` of this header's kind (`None` for
    /// a section of another kind); see [`current`](Self::current).
    pub fn digest(&self, name: &str) -> Option<u64> {
        let i = self.kind.sections().iter().position(|s| *s == name)?;
        self.digests.get(i).copied()
    }

    /// Reads the header line. The format and the version are checked first,
    /// so that another file or another version is reported as such.
    pub(crate) fn parse(text: &str) -> Result<Self, ReplayError> {
        // The first line of a version-1 query replay.
        let looks_like_v1 = text.starts_with("{\"header\":{\"format\":\"fixed-collide-replay\"");
        let raw = match json::parse_line(text) {
            Ok(raw) => raw,
            Err(_) if looks_like_v1 => return Err(version_1()),
            Err(e) => {
                return Err(bad(format!(
                    "line 1: {e} (a replay starts with a one-line JSON header)"
                )));
            }
        };
        let root = At::Top("header");
        let mut obj = Obj::parse(raw, root).map_err(|e| bad(format!("line 1: {e}")))?;
        if obj.take("header").is_some() {
            return Err(version_1());
        }
        let format = match obj.take("format") {
            Some(raw) => json::string(raw, root.key("format")).map_err(bad)?,
            None => {
                return Err(bad(
                    "line 1 is not a replay header: no \"format\" field (is this a replay file?)"
                        .to_string(),
                ));
            }
        };
        if format != FORMAT {
            return Err(bad(format!(
                "header.format is {}, not \"{FORMAT}\"",
                excerpt(&json_string(&format))
            )));
        }
        let version = read_version(obj.take("version"))?;
        let err = |e: String| bad(format!("line 1: {e}"));
        let scalar =
            json::string(obj.req("scalar").map_err(err)?, root.key("scalar")).map_err(err)?;
        if scalar != SCALAR {
            return Err(bad(format!(
                "header.scalar is {}, not \"{SCALAR}\"",
                excerpt(&json_string(&scalar))
            )));
        }
        let crate_version = json::string(
            obj.req("crate_version").map_err(err)?,
            root.key("crate_version"),
        )
        .map_err(err)?;
        let kind_text =
            json::string(obj.req("kind").map_err(err)?, root.key("kind")).map_err(err)?;
        let kind = Kind::from_name(&kind_text).ok_or_else(|| {
            bad(format!(
                "header.kind is {}, not \"arena\" or \"queries\"",
                excerpt(&json_string(&kind_text))
            ))
        })?;
        let extensions = match obj.take("extensions") {
            Some(raw) => {
                let path = root.key("extensions");
                let list = json::array(raw, path).map_err(err)?;
                let mut names = Vec::with_capacity(list.len());
                for (i, item) in list.iter().enumerate() {
                    names.push(json::string(item, path.index(i)).map_err(err)?);
                }
                names
            }
            None => Vec::new(),
        };
        if let Some(name) = extensions.first() {
            return Err(bad(format!(
                "header.extensions: the file uses the format extension {}, which this build \
                 does not know (it knows none): verify it with the build that recorded it \
                 (fixed-collide {crate_version}) or a newer one",
                excerpt(&json_string(name))
            )));
        }
        let count =
            json::uint(obj.req("count").map_err(err)?, root.key("count"), u64::MAX).map_err(err)?;
        let digest_field = root.key("digest");
        let mut dobj = Obj::parse(obj.req("digest").map_err(err)?, digest_field).map_err(err)?;
        let mut digests = Vec::new();
        for name in kind.sections() {
            let raw = dobj.req(name).map_err(err)?;
            digests.push(json::hash(raw, digest_field.key(name)).map_err(err)?);
        }
        dobj.end().map_err(err)?;
        obj.end().map_err(err)?;
        Ok(Header {
            format,
            version,
            scalar,
            crate_version,
            kind,
            count,
            digests,
            extensions,
        })
    }

    /// The header as its line (without the line end).
    pub(crate) fn to_line(&self) -> String {
        let mut out = format!(
            "{{\"format\":{},\"version\":{},\"scalar\":{},\"crate_version\":{},\"kind\":\"{}\",\"count\":{}",
            json_string(&self.format),
            self.version,
            json_string(&self.scalar),
            json_string(&self.crate_version),
            self.kind.name(),
            self.count
        );
        if !self.extensions.is_empty() {
            let names: Vec<String> = self.extensions.iter().map(|e| json_string(e)).collect();
            out.push_str(&format!(",\"extensions\":[{}]", names.join(",")));
        }
        out.push_str(",\"digest\":{");
        for (i, (name, d)) in self.kind.sections().iter().zip(&self.digests).enumerate() {
            let sep = if i > 0 { "," } else { "" };
            out.push_str(&format!("{sep}\"{name}\":\"{}\"", hex(*d)));
        }
        out.push_str("}}");
        out
    }

    /// The canonical encoding of the header's fields but its digests: the
    /// section `header`.
    pub(crate) fn encode(&self, d: &mut Digest) {
        d.text(&self.format);
        d.u32(self.version);
        d.text(&self.scalar);
        d.text(&self.crate_version);
        d.u8(self.kind.code());
        d.u64(self.count);
        d.count(self.extensions.len());
        for e in &self.extensions {
            d.text(e);
        }
    }
}

/// `header.version`, which must be [`VERSION`]; anything else is named.
fn read_version(raw: Option<&serde_json::value::RawValue>) -> Result<u32, ReplayError> {
    let Some(raw) = raw else {
        return Err(bad(format!(
            "header.version: missing (this build reads version {VERSION})"
        )));
    };
    let text = raw.get();
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return match text.parse::<u32>() {
            Ok(VERSION) => Ok(VERSION),
            Ok(1) => Err(version_1()),
            _ => Err(bad(format!(
                "unsupported header.version {} (this build reads version {VERSION})",
                excerpt(text)
            ))),
        };
    }
    Err(bad(format!(
        "header.version is {}, not a version number (a whole number; this build reads version {VERSION})",
        excerpt(text)
    )))
}
