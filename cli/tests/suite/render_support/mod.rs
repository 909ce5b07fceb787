//! Helpers of the render tests: recordings of two runs of one scene that
//! differ by one ulp (`arena --perturb`), and a small XML well-formedness checker.
#![allow(dead_code)]

use fixed_collide_cli::arena::scene::{Scene, generate};
use fixed_collide_cli::replay::{self, ArenaWriter, Detail, RunOptions};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

/// A fresh scratch directory under the target directory.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Records a run of `scene` at `out` (a state hash every tick).
pub fn record<const D: usize>(scene: Scene<D>, ticks: u32, out: &Path)
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let mut w = ArenaWriter::create(out, &scene, 1, ticks, 1).unwrap();
    let run = replay::run_arena(scene, ticks, &mut |t, h| {
        w.state(t, h);
        ControlFlow::Continue(())
    })
    .unwrap();
    w.finish(&run.final_state).unwrap();
}

/// Records, in `dir`, `a.json` (the generated scene of `bodies` bodies,
/// seed 1) and `b.json` (the same run with body `body` moved by one ulp
/// before tick `tick`, as `arena --perturb BODY@TICK` makes it), both with
/// body states (`--detail bodies`); returns their paths.
pub fn pair<const D: usize>(
    dir: &Path,
    bodies: u32,
    ticks: u32,
    body: u32,
    tick: u32,
) -> (PathBuf, PathBuf)
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    let detail = Detail {
        bodies: true,
        queries: false,
    };
    let plain = RunOptions::default();
    let perturbed = RunOptions {
        perturb: Some((body, tick)),
        ..plain
    };
    for (out, options) in [(&a, plain), (&b, perturbed)] {
        let scene = generate::<D>(bodies, ticks, 1);
        replay::record_arena_with(scene, 1, ticks, detail, &options, out, &mut |_, _| {}).unwrap();
    }
    (a, b)
}

/// Checks that `text` is one well-formed XML element (after an optional
/// `<?xml ...?>` declaration): every tag closed in order, attributes
/// quoted and not repeated, `&` only in the five named entities or a
/// character reference, no `<` in text or attributes. Returns the number
/// of elements, or the first fault with its byte offset.
pub fn check_xml(text: &str) -> Result<usize, String> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut stack: Vec<&str> = Vec::new();
    let mut elements = 0;
    let mut seen_root = false;
    let fail = |at: usize, what: &str| Err(format!("byte {at}: {what}"));
    while i < b.len() {
        if b[i] != b'<' {
            if b[i] == b'&' {
                entity(text, i)?;
            } else if stack.is_empty() && !b[i].is_ascii_whitespace() {
                return fail(i, "text outside the root element");
            }
            i += 1;
            continue;
        }
        if text[i..].starts_with("<?") {
            let Some(end) = text[i..].find("?>") else {
                return fail(i, "unclosed <?");
            };
            if seen_root || i != 0 {
                return fail(i, "declaration not at the start");
            }
            i += end + 2;
            continue;
        }
        if text[i..].starts_with("<!--") {
            let Some(end) = text[i + 4..].find("-->") else {
                return fail(i, "unclosed comment");
            };
            i += end + 7;
            continue;
        }
        if text[i..].starts_with("</") {
            let Some(end) = text[i..].find('>') else {
                return fail(i, "unclosed end tag");
            };
            let name = text[i + 2..i + end].trim_end();
            match stack.pop() {
                Some(open) if open == name => {}
                Some(open) => return fail(i, &format!("</{name}> closes <{open}>")),
                None => return fail(i, &format!("</{name}> closes nothing")),
            }
            i += end + 1;
            continue;
        }
        // A start tag: name, attributes, `>` or `/>`.
        if stack.is_empty() && seen_root {
            return fail(i, "a second root element");
        }
        seen_root = true;
        elements += 1;
        let mut j = i + 1;
        while j < b.len() && (b[j].is_ascii_alphanumeric() || b"-_:.".contains(&b[j])) {
            j += 1;
        }
        let name = &text[i + 1..j];
        if name.is_empty() || !b[i + 1].is_ascii_alphabetic() {
            return fail(i, "a tag without a name");
        }
        let mut attrs: Vec<&str> = Vec::new();
        loop {
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if j >= b.len() {
                return fail(i, "unclosed start tag");
            }
            if b[j] == b'>' {
                stack.push(name);
                j += 1;
                break;
            }
            if text[j..].starts_with("/>") {
                j += 2;
                break;
            }
            let start = j;
            while j < b.len() && (b[j].is_ascii_alphanumeric() || b"-_:.".contains(&b[j])) {
                j += 1;
            }
            let attr = &text[start..j];
            if attr.is_empty() || j >= b.len() || b[j] != b'=' {
                return fail(j, &format!("in <{name}>: an attribute without =\"value\""));
            }
            if attrs.contains(&attr) {
                return fail(start, &format!("in <{name}>: attribute {attr} repeated"));
            }
            attrs.push(attr);
            let q = *b.get(j + 1).unwrap_or(&0);
            if q != b'"' && q != b'\'' {
                return fail(j, &format!("in <{name}>: attribute {attr} not quoted"));
            }
            let Some(len) = text[j + 2..].find(q as char) else {
                return fail(j, "unclosed attribute value");
            };
            let value = &text[j + 2..j + 2 + len];
            if value.contains('<') {
                return fail(j, &format!("in <{name}>: '<' in attribute {attr}"));
            }
            for (k, _) in value.match_indices('&') {
                entity(text, j + 2 + k)?;
            }
            j += 3 + len;
        }
        i = j;
    }
    match stack.last() {
        Some(open) => Err(format!("<{open}> never closed")),
        None if !seen_root => Err("no element".to_string()),
        None => Ok(elements),
    }
}

/// Checks the entity or character reference at byte `at`.
fn entity(text: &str, at: usize) -> Result<(), String> {
    let rest = &text[at..];
    let end = rest.find(';').filter(|&e| e <= 10);
    let ok = end.is_some_and(|e| {
        let name = &rest[1..e];
        ["amp", "lt", "gt", "quot", "apos"].contains(&name)
            || name
                .strip_prefix("#x")
                .is_some_and(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()))
            || name
                .strip_prefix('#')
                .is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()))
    });
    if ok {
        Ok(())
    } else {
        Err(format!("byte {at}: a bare '&'"))
    }
}

/// The external references in a page or picture: `http:`/`https:` URLs
/// other than the SVG namespace, `src=`, `href=`, `url(` and `@import`.
pub fn external_refs(text: &str) -> Vec<String> {
    let lower = text
        .to_ascii_lowercase()
        .replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    [
        "http:", "https:", "src=", "href=", "url(", "@import", "//cdn",
    ]
    .iter()
    .filter(|p| lower.contains(*p))
    .map(|p| p.to_string())
    .collect()
}

/// The attribute `data-id` values of the elements whose opening tag
/// starts with `prefix` (such as `<g class="body`), in document order.
pub fn ids(text: &str, prefix: &str) -> Vec<u32> {
    text.match_indices(prefix)
        .filter_map(|(at, _)| {
            let tag = &text[at..at + text[at..].find('>')?];
            let v = tag.split("data-id=\"").nth(1)?;
            v[..v.find('"')?].parse().ok()
        })
        .collect()
}
