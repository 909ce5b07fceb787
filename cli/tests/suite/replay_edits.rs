//! A replay commits to its whole content: any edit that changes its meaning
//! is refused as an edit, naming the section, before anything is re-run,
//! even when the re-run outputs would match; an edit that keeps the
//! meaning (spaces, key order, the spelling of a number) is not an edit.
//! (In version 1 every edit below but the last verified `ok` whenever the
//! re-run happened to agree.)

use fixed_collide::Fx;
use fixed_collide_cli::replay::ReplayError;
use replay_support::{
    Lcg, arena_text, edit_line, find, join, lines, matched, queries_text, refused, repository,
};
use serde_json::Value;

use crate::replay_support;

/// An edit error whose message names `section`.
fn edited(text: &str, section: &str) -> String {
    let e = refused(text);
    assert!(matches!(e, ReplayError::Edited(_)), "{e}");
    let e = e.to_string();
    assert!(e.contains(section), "want {section:?} in {e}");
    e
}

#[test]
fn emptying_a_query_replay_is_an_edit() {
    let text = queries_text(50, 1);
    let header = text.lines().next().unwrap();
    let e = edited(&format!("{header}\n"), "header.count records 50");
    assert!(e.contains("the file holds 0"), "{e}");
    // Nor is a replay of no queries at all accepted.
    let none = header.replacen("\"count\":50", "\"count\":0", 1);
    let e = refused(&format!("{none}\n")).to_string();
    assert!(e.contains("at least one query"), "{e}");
}

#[test]
fn dropping_the_last_query_or_thousands_of_them_is_an_edit() {
    let text = repository("queries.json");
    let all = lines(&text);
    for keep in [all.len() - 1, all.len() - 6_000] {
        let e = edited(&join(&all[..keep]), "header.count records 16200 records");
        assert!(e.contains(&format!("holds {}", keep - 1)), "{e}");
    }
}

#[test]
fn replacing_one_query_with_another_is_an_edit() {
    let text = queries_text(50, 1);
    let mut all = lines(&text);
    // Each record is self-consistent: its re-run would match.
    all[10] = all[5].clone();
    edited(&join(&all), "the queries' inputs");
}

#[test]
fn adding_a_query_is_an_edit() {
    let text = queries_text(50, 1);
    let mut all = lines(&text);
    all.push(all[5].clone());
    edited(&join(&all), "more records than the 50 of header.count");
}

/// Where the string literal holding byte `at` of a line starts and ends
/// (the quotes), if it is in one.
fn string_around(line: &str, at: usize) -> Option<(usize, usize)> {
    let b = line.as_bytes();
    let (mut start, mut i) = (None, 0);
    while i < b.len() {
        match (b[i], start) {
            (b'\\', Some(_)) => i += 1,
            (b'"', None) => start = Some(i),
            (b'"', Some(s)) => {
                if (s..=i).contains(&at) {
                    return Some((s, i));
                }
                start = None;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Whether changing the digit at `at` keeps the meaning: only when it is
/// in a string holding a number that reads as the same `I32F32` before and
/// after (a last digit below the scalar's resolution).
fn same_meaning(before: &str, after: &str, at: usize) -> bool {
    let Some((s, e)) = string_around(before, at) else {
        return false;
    };
    let (x, y) = (&before[s + 1..e], &after[s + 1..e]);
    matches!((x.parse::<Fx>(), y.parse::<Fx>()), (Ok(a), Ok(b)) if a == b)
}

#[test]
fn every_digit_flip_in_the_repository_queries_that_changes_a_value_is_an_edit() {
    let text = repository("queries.json");
    let all = lines(&text);
    let mut rng = Lcg(20);
    let (mut refused_n, mut kept) = (0, 0);
    while refused_n < 20 {
        let n = 1 + rng.below(all.len() - 1);
        let line = &all[n];
        let digits: Vec<usize> = line
            .bytes()
            .enumerate()
            .filter(|(_, c)| c.is_ascii_digit())
            .map(|(i, _)| i)
            .collect();
        let at = digits[rng.below(digits.len())];
        let old = line.as_bytes()[at];
        let new = b'0' + (old - b'0' + 1 + rng.below(9) as u8) % 10;
        let mut flipped = line.clone().into_bytes();
        flipped[at] = new;
        let flipped = String::from_utf8(flipped).unwrap();
        let mut edited_all = all.clone();
        edited_all[n] = flipped.clone();
        let result = fixed_collide_cli::replay::parse(&join(&edited_all));
        if same_meaning(line, &flipped, at) {
            // The same value, spelled otherwise: not an edit.
            assert!(result.is_ok(), "line {n}: {flipped}: {:?}", result.err());
            kept += 1;
            continue;
        }
        let e = result
            .err()
            .unwrap_or_else(|| panic!("line {n} byte {at}: accepted {flipped}"));
        assert!(
            matches!(e, ReplayError::Edited(_) | ReplayError::Format(_)),
            "line {n}: {e}"
        );
        refused_n += 1;
    }
    assert!(kept < 20, "{kept} flips kept the meaning");
}

#[test]
fn every_digit_flip_of_an_input_number_is_an_edit_of_the_inputs() {
    let text = queries_text(200, 4);
    let all = lines(&text);
    let mut rng = Lcg(7);
    for _ in 0..20 {
        let n = 1 + rng.below(all.len() - 1);
        let line = &all[n];
        let start = line.find("\"input\":").unwrap();
        let end = line.find(",\"expected\":").unwrap();
        let at = loop {
            let at = start + 8 + rng.below(end - start - 8);
            if line.as_bytes()[at].is_ascii_digit() {
                break at;
            }
        };
        let mut flipped = line.clone().into_bytes();
        flipped[at] = if flipped[at] == b'1' { b'2' } else { b'1' };
        let flipped = String::from_utf8(flipped).unwrap();
        if same_meaning(line, &flipped, at) {
            continue;
        }
        let mut edited_all = all.clone();
        edited_all[n] = flipped;
        edited(&join(&edited_all), "the queries' inputs");
    }
}

#[test]
fn an_edited_answer_is_an_edit_of_the_answers() {
    let text = queries_text(50, 1);
    let n = (1..)
        .find(|&i| text.lines().nth(i).unwrap().contains("\"hit\":true"))
        .unwrap();
    let edited_text = edit_line(&text, n, |v| {
        v["expected"]["hit"] = Value::Bool(false);
    });
    edited(&edited_text, "the expected answers");
}

#[test]
fn an_edit_of_one_body_axis_is_an_edit_even_when_no_output_moves() {
    let text = arena_text(2, 60, 30, 3, 1);
    let n = (find(&text, "body", 0)..)
        .find(|&i| text.lines().nth(i).unwrap().contains("\"oriented\""))
        .expect("an oriented body");
    let edited_text = edit_line(&text, n, |v| {
        let c = &mut v["body"]["shape"]["oriented"]["axes"][0][0];
        let x: Fx = c.as_str().unwrap().parse().unwrap();
        *c = Value::String(Fx::from_bits(x.to_bits() + 1).to_string());
    });
    edited(&edited_text, "the inputs (the run record and the scene)");
}

/// A change of one record.
type Edit = fn(&mut Value);

#[test]
fn every_section_of_an_arena_replay_is_sealed() {
    let text = arena_text(2, 20, 12, 5, 3);
    let cases: [(usize, Edit, &str); 5] = [
        (
            find(&text, "kick", 0),
            |v| v["kick"]["tick"] = Value::from(9),
            "the inputs",
        ),
        (
            find(&text, "trigger", 0),
            |v| v["trigger"]["max"][0] = Value::String("100".into()),
            "the inputs",
        ),
        (
            find(&text, "state", 0) + 1,
            |v| v["state"]["hash"] = Value::String("0000000000000000".into()),
            "the recorded state hashes",
        ),
        (
            find(&text, "final_body", 0),
            |v| v["final_body"]["contacts"] = Value::from(12345),
            "the recorded final state",
        ),
        (
            0,
            |v| v["crate_version"] = Value::String("0.0.1".into()),
            "the header's fields",
        ),
    ];
    for (n, f, section) in cases {
        edited(&edit_line(&text, n, f), section);
    }
}

#[test]
fn the_run_record_is_sealed_against_the_count() {
    let text = arena_text(2, 20, 12, 5, 3);
    // One obstacle fewer announced: the records no longer add up.
    let edited_text = edit_line(&text, 1, |v| {
        let o = v["run"]["obstacles"].as_u64().unwrap();
        v["run"]["obstacles"] = Value::from(o - 1);
    });
    edited(&edited_text, "the run record implies");
    let seed = edit_line(&text, 1, |v| v["run"]["seed"] = Value::from(77));
    edited(&seed, "the inputs");
}

#[test]
fn reformatting_that_keeps_the_meaning_is_not_an_edit() {
    let text = queries_text(60, 2);
    let digest = matched(&text);
    let all = lines(&text);
    let mut changed = vec![all[0].clone()];
    for line in &all[1..] {
        if line.contains("\"error\"") {
            changed.push(line.clone());
            continue;
        }
        // Spaces after every separator, the input's keys reversed, and a
        // number spelled otherwise.
        let v: Value = serde_json::from_str(line).unwrap();
        let input = v["input"].as_object().unwrap();
        let members: Vec<String> = input
            .iter()
            .rev()
            .map(|(k, v)| format!("\"{k}\" : {v}"))
            .collect();
        let input = format!("{{ {} }}", members.join(" , ")).replacen("\"0\"", "0.000", 1);
        changed.push(format!(
            "{{ \"expected\" : {}, \"input\" : {input}, \"category\" : {} }}",
            v["expected"], v["category"]
        ));
    }
    // The header's keys in another order, with spaces.
    let h: Value = serde_json::from_str(&all[0]).unwrap();
    let h = h.as_object().unwrap();
    let members: Vec<String> = h
        .iter()
        .rev()
        .map(|(k, v)| format!("\"{k}\": {v}"))
        .collect();
    changed[0] = format!("{{ {} }}", members.join(", "));
    assert_ne!(join(&changed), text);
    assert_eq!(matched(&join(&changed)), digest);
}

#[test]
fn crlf_line_ends_are_not_an_edit() {
    let text = arena_text(3, 10, 6, 2, 2);
    let crlf = text.replace('\n', "\r\n");
    assert_eq!(matched(&crlf), matched(&text));
}
