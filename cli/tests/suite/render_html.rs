//! `render REPLAY --html`: one self-contained page (inline SVG and script,
//! no external reference) with a tick slider over the recorded ticks,
//! sampled and bounded for long runs.

use crate::common;
use crate::render_support;

use fixed_collide_cli::arena::scene::generate;
use fixed_collide_cli::render::html::{self, MAX_FRAMES};
use render_support::{check_xml, external_refs, ids, record, scratch};

/// The inline SVG of a page.
fn svg_of(page: &str) -> &str {
    let start = page.find("<svg").unwrap();
    let end = page.find("</svg>").unwrap() + "</svg>".len();
    &page[start..end]
}

#[test]
fn the_page_is_self_contained_with_a_slider_over_every_tick() {
    let dir = scratch("render-html");
    let a = dir.join("a.json");
    record(generate::<2>(25, 30, 1), 30, &a);
    let p = html::page(&a).unwrap();
    assert!(p.text.starts_with("<!DOCTYPE html>"));
    assert!(p.text.trim_end().ends_with("</html>"));
    assert_eq!(external_refs(&p.text), Vec::<String>::new());
    assert!(
        p.text
            .contains("<input id=\"slider\" type=\"range\" min=\"0\" max=\"30\"")
    );
    assert!(p.text.contains("const TICKS=[0,1,2,"));
    assert_eq!(p.text.matches("<script>").count(), 1);
    let svg = svg_of(&p.text);
    check_xml(svg).unwrap();
    assert_eq!(ids(svg, "<g class=\"body"), (0..25).collect::<Vec<_>>());
    // One position list per tick, each with 2 numbers per body.
    let pos = &p.text[p.text.find("const POS=[").unwrap()..];
    let frames: Vec<&str> = pos
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with('['))
        .collect();
    assert_eq!(frames.len(), 31);
    assert!(
        frames
            .iter()
            .all(|f| f.matches(',').count() == 2 * 25 - 1 + 1)
    );
}

#[test]
fn a_long_run_is_sampled_to_at_most_max_frames_ticks() {
    let f = html::frames(10_000, 10, 2);
    assert_eq!(f.len() as u32, MAX_FRAMES);
    assert_eq!((f[0], *f.last().unwrap()), (0, 10_000));
    assert!(f.windows(2).all(|w| w[0] < w[1]));
    let g = html::frames(1000, 20_000, 3);
    assert!(g.len() as u64 * 60_000 <= html::MAX_NUMBERS);
    assert_eq!(html::frames(0, 5, 2), [0]);
}

#[test]
fn a_3d_page_moves_three_groups_per_body() {
    let dir = scratch("render-html-3d");
    let a = dir.join("a.json");
    record(generate::<3>(8, 6, 2), 6, &a);
    let p = html::page(&a).unwrap();
    assert!(p.text.contains("const D=3;"));
    assert_eq!(p.text.matches("<g class=\"body").count(), 24);
    assert_eq!(external_refs(&p.text), Vec::<String>::new());
    check_xml(svg_of(&p.text)).unwrap();
}

#[test]
fn the_command_writes_the_page() {
    let dir = scratch("render-html-cmd");
    let a = dir.join("a.json");
    record(generate::<2>(10, 12, 1), 12, &a);
    let out = dir.join("run.html");
    let o = common::bin()
        .arg("render")
        .arg(&a)
        .args(["--html", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("type=\"range\""));
}
