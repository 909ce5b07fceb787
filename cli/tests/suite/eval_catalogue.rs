//! The catalogue of bad inputs, `docs/bad-inputs.md`, is a test: every
//! example in it is answered with exactly the error it documents, so the
//! page and the code cannot drift. And the catalogue covers every kind of
//! error.

use fixed_collide_cli::eval::{ErrorKind, MAX_LINE_BYTES, eval_bytes};
use std::collections::BTreeSet;

use crate::eval_support;

use eval_support::{common::root, stream};

/// One example of the catalogue: its heading, input line and error text.
struct Entry {
    heading: String,
    input: Vec<u8>,
    error: String,
}

/// The catalogue's text.
fn catalogue() -> String {
    let path = root().join("docs").join("bad-inputs.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of the fenced block that starts after line `start`, and the
/// index of its closing fence.
fn block<'a>(lines: &[&'a str], start: usize) -> (Vec<&'a str>, usize) {
    let end = (start + 1..lines.len())
        .find(|&i| lines[i] == "```")
        .unwrap_or_else(|| panic!("unclosed block at line {}", start + 1));
    (lines[start + 1..end].to_vec(), end)
}

/// The input of an `input-escaped` block: `\xHH` is the byte HH, `\xHH*N`
/// that byte N times, `\u{H..}` the character (UTF-8), `\r` a carriage
/// return, `\\` a backslash; anything else is itself.
fn unescape(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('\\') {
        out.extend_from_slice(&rest.as_bytes()[..i]);
        let esc = &rest[i + 1..];
        rest = if let Some(hex) = esc.strip_prefix('x') {
            let byte = u8::from_str_radix(&hex[..2], 16).unwrap();
            let after = &hex[2..];
            match after.strip_prefix('*') {
                Some(count) => {
                    let digits = count
                        .find(|c: char| !c.is_ascii_digit())
                        .unwrap_or(count.len());
                    let n: usize = count[..digits].parse().unwrap();
                    out.extend(std::iter::repeat_n(byte, n));
                    &count[digits..]
                }
                None => {
                    out.push(byte);
                    after
                }
            }
        } else if let Some(code) = esc.strip_prefix("u{") {
            let close = code.find('}').unwrap();
            let c = char::from_u32(u32::from_str_radix(&code[..close], 16).unwrap()).unwrap();
            out.extend_from_slice(c.to_string().as_bytes());
            &code[close + 1..]
        } else if let Some(after) = esc.strip_prefix('r') {
            out.push(b'\r');
            after
        } else if let Some(after) = esc.strip_prefix('\\') {
            out.push(b'\\');
            after
        } else {
            panic!("unknown escape in {text:?}");
        };
    }
    out.extend_from_slice(rest.as_bytes());
    out
}

/// Every example of the catalogue, in order: each `input` (or
/// `input-escaped`) block followed by its `error` block, under a `###`
/// heading.
fn entries(text: &str) -> Vec<Entry> {
    let lines: Vec<&str> = text.lines().collect();
    let mut heading = String::new();
    let mut input: Option<Vec<u8>> = None;
    let mut entries = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(h) = line.strip_prefix("### ") {
            assert!(input.is_none(), "input without error before {h:?}");
            heading = h.to_string();
        } else if let Some(kind) = line.strip_prefix("```").filter(|k| !k.is_empty()) {
            let (body, end) = block(&lines, i);
            let one_line = || {
                assert!(body.len() <= 1, "{heading}: an input is one line: {body:?}");
                body.first().copied().unwrap_or("")
            };
            match kind {
                "input" | "input-escaped" => {
                    assert!(input.is_none(), "{heading}: two inputs in a row");
                    let text = one_line();
                    input = Some(if kind == "input" {
                        text.as_bytes().to_vec()
                    } else {
                        unescape(text)
                    });
                }
                "error" => {
                    assert_eq!(body.len(), 1, "{heading}: an error is one line");
                    let input = input
                        .take()
                        .unwrap_or_else(|| panic!("{heading}: error without input"));
                    entries.push(Entry {
                        heading: heading.clone(),
                        input,
                        error: body[0].to_string(),
                    });
                }
                _ => {}
            }
            i = end;
        }
        i += 1;
    }
    assert!(input.is_none(), "the last input has no error");
    entries
}

#[test]
fn every_example_of_the_catalogue_gets_exactly_its_documented_error() {
    let entries = entries(&catalogue());
    assert!(entries.len() >= 40, "only {} examples", entries.len());
    for e in &entries {
        let shown = String::from_utf8_lossy(&e.input[..e.input.len().min(120)]).into_owned();
        // As line 1 of a stream, ended by `\n`: one answer, the error.
        let input = [&e.input[..], b"\n"].concat();
        let (summary, out) = stream(&input);
        assert_eq!(
            (summary.lines, summary.errors),
            (1, 1),
            "{}: {shown}",
            e.heading
        );
        let want = format!("{{\"error\":{}}}", serde_json::to_string(&e.error).unwrap());
        assert_eq!(out[0], want, "{}: {shown}", e.heading);
    }
}

#[test]
fn the_catalogue_covers_every_kind_of_error() {
    let text = catalogue();
    let entries = entries(&text);
    let mut seen = BTreeSet::new();
    for e in &entries {
        // Only a stream checks the length (the first test checks the text).
        let content = e.input.strip_suffix(b"\r").unwrap_or(&e.input);
        if content.len() > MAX_LINE_BYTES {
            seen.insert(format!("{:?}", ErrorKind::LineTooLong));
            continue;
        }
        let error = eval_bytes(1, &e.input).expect_err(&e.heading);
        assert_eq!(error.to_string(), e.error, "{}", e.heading);
        seen.insert(format!("{:?}", error.error.kind));
    }
    let all = [
        ErrorKind::EmptyLine,
        ErrorKind::LineTooLong,
        ErrorKind::NotUtf8,
        ErrorKind::Syntax,
        ErrorKind::NotObject,
        ErrorKind::DuplicateField,
        ErrorKind::UnknownField,
        ErrorKind::MissingField,
        ErrorKind::ConflictingFields,
        ErrorKind::WrongType,
        ErrorKind::WrongLength,
        ErrorKind::MixedDimensions,
        ErrorKind::UnknownOp,
        ErrorKind::NotRepresentable,
        ErrorKind::Invalid,
    ];
    for kind in all {
        assert!(
            seen.contains(&format!("{kind:?}")),
            "no example of {kind:?}"
        );
    }
    // Each heading names one kind of bad input, once, with an example.
    let headings: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("### "))
        .collect();
    let unique: BTreeSet<&str> = headings.iter().copied().collect();
    assert_eq!(unique.len(), headings.len(), "a heading appears twice");
    for h in unique {
        assert!(
            entries.iter().any(|e| e.heading == h),
            "{h:?} has no example"
        );
    }
}

#[test]
fn the_catalogue_reader_reads_what_it_documents() {
    assert_eq!(unescape(r"a\x62c"), b"abc");
    assert_eq!(unescape(r"\x20*3|"), b"   |");
    assert_eq!(unescape(r"\u{FEFF}{"), "\u{FEFF}{".as_bytes());
    assert_eq!(unescape(r"x\r"), b"x\r");
    assert_eq!(unescape(r"\\x"), b"\\x");
    let text = "### A\n\n```input\n{}\n```\n\n```error\nline 1: x\n```\n\n### B\n\n```input\n```\n\n```error\nline 1: y\n```\n";
    let got = entries(text);
    assert_eq!(got.len(), 2);
    assert_eq!(
        (
            got[0].heading.as_str(),
            &got[0].input[..],
            got[0].error.as_str()
        ),
        ("A", &b"{}"[..], "line 1: x")
    );
    assert_eq!(
        (
            got[1].heading.as_str(),
            &got[1].input[..],
            got[1].error.as_str()
        ),
        ("B", &b""[..], "line 1: y")
    );
}
