//! `render REPLAY --tick N` and `render A B --tick N`: well-formed SVG with
//! a shape and a `<title>` per body, rays and contacts, three panels in 3D,
//! and in the overlay the bodies that differ ringed, drawn twice, and
//! named in the legend; the library calls and the command alike.

use crate::common;
use crate::render_support;

use fixed_collide_cli::arena::scene::generate;
use fixed_collide_cli::render::{self, svg::HIGHLIGHT};
use render_support::{check_xml, external_refs, ids, pair, record, scratch};

fn body_ids(svg: &str) -> Vec<u32> {
    ids(svg, "<g class=\"body")
}

#[test]
fn a_2d_tick_has_one_titled_shape_per_body() {
    let dir = scratch("render-2d");
    let a = dir.join("a.json");
    record(generate::<2>(40, 30, 1), 30, &a);
    let p = render::tick_svg(&a, 17).unwrap();
    let elements = check_xml(&p.text).unwrap();
    assert!(elements > 40, "{elements}");
    assert_eq!(body_ids(&p.text), (0..40).collect::<Vec<_>>());
    for i in 0..40 {
        assert!(p.text.contains(&format!("<title>body {i} (")), "body {i}");
    }
    let shapes = p.text.matches("<g class=\"body").count();
    let drawn = p.text.split("<g class=\"body").skip(1).filter(|g| {
        let g = &g[..g.find("</g>").unwrap()];
        g.contains("<rect") || g.contains("<circle") || g.contains("<polygon")
    });
    assert_eq!(drawn.count(), shapes);
    assert!(p.text.contains("class=\"obstacle"));
    assert!(p.text.contains("class=\"trigger\""));
    assert!(p.text.contains("class=\"ray"));
    assert!(p.text.contains("tick 17 of 30"));
    assert_eq!(external_refs(&p.text), Vec::<String>::new());
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
}

#[test]
fn a_tick_is_drawn_from_the_rerun_state_at_that_tick() {
    let dir = scratch("render-state");
    let a = dir.join("a.json");
    record(generate::<2>(12, 20, 4), 20, &a);
    let at = |t| render::tick_svg(&a, t).unwrap();
    let (t0, t5, t5_again) = (at(0), at(5), at(5));
    assert_eq!(t5.text, t5_again.text, "the same bytes every time");
    assert_ne!(t0.text, t5.text);
    let run = fixed_collide_cli::replay::run_arena(generate::<2>(12, 20, 4), 5, &mut |_, _| {
        std::ops::ControlFlow::Continue(())
    })
    .unwrap();
    let hash = fixed_collide_cli::state_hash::hex(run.final_state.hash);
    assert!(t5.summary.contains(&hash), "{} vs {hash}", t5.summary);
    let x = fixed_collide_cli::convert::fx_to_text(run.final_state.bodies[3].pos[0]);
    let title = t5.text.split("<title>body 3 (").nth(1).expect("body 3");
    let title = &title[..title.find("</title>").unwrap()];
    assert!(title.contains(&format!("pos ({x}, ")), "pos x {x}: {title}");
}

#[test]
fn a_3d_tick_is_a_top_view_and_two_side_views() {
    let dir = scratch("render-3d");
    let a = dir.join("a.json");
    record(generate::<3>(20, 12, 2), 12, &a);
    let p = render::tick_svg(&a, 12).unwrap();
    check_xml(&p.text).unwrap();
    assert_eq!(p.text.matches("class=\"panel\"").count(), 3);
    for view in [
        "top view: x right, y up",
        "side view: x right, z up",
        "side view: y right, z up",
    ] {
        assert!(p.text.contains(view), "{view}");
    }
    let mut expect: Vec<u32> = (0..20).flat_map(|i| [i; 3]).collect();
    expect.sort_unstable();
    assert_eq!(body_ids(&p.text), expect);
}

#[test]
fn contacts_are_drawn_between_bodies_whose_boxes_meet() {
    let dir = scratch("render-contacts");
    let a = dir.join("a.json");
    // Many bodies in a small space: some touch at some tick.
    record(generate::<2>(1200, 8, 3), 8, &a);
    let p = render::tick_svg(&a, 8).unwrap();
    check_xml(&p.text).unwrap();
    assert!(p.text.contains("<line class=\"contact\""));
    assert!(p.text.contains("(bounding boxes meet)</title>"));
}

#[test]
fn the_overlay_rings_and_lists_the_perturbed_body() {
    let dir = scratch("render-overlay");
    let (a, b) = pair::<2>(&dir, 60, 40, 17, 20);
    let p = render::overlay_svg(&a, &b, 40).unwrap();
    check_xml(&p.text).unwrap();
    let rings = ids(&p.text, "<circle class=\"ring\"");
    assert!(rings.contains(&17), "{rings:?}");
    let moved = ids(&p.text, "<g class=\"body ");
    assert_eq!(
        moved.iter().filter(|&&i| i == 17).count(),
        2,
        "drawn in both positions"
    );
    assert!(p.text.contains("g class=\"body box moved") || p.text.contains(" moved\""));
    assert!(p.text.contains(HIGHLIGHT));
    assert!(p.text.contains("first run: "));
    assert!(p.text.contains("second run: "));
    assert!(p.text.contains(" at tick 40 (first run -&gt; second run):"));
    assert!(p.text.contains("body 17: "));
    assert!(p.summary.contains("body 17"), "{}", p.summary);
    assert_eq!(external_refs(&p.text), Vec::<String>::new());
}

#[test]
fn the_overlay_before_the_perturbation_shows_no_difference() {
    let dir = scratch("render-overlay-same");
    let (a, b) = pair::<2>(&dir, 30, 20, 5, 10);
    let p = render::overlay_svg(&a, &b, 9).unwrap();
    check_xml(&p.text).unwrap();
    assert!(!p.text.contains("<circle class=\"ring\""));
    assert!(p.text.contains("no body differs at tick 9"));
    let q = render::overlay_svg(&a, &b, 10).unwrap();
    assert!(
        q.text.contains(">body 5: pos.x: "),
        "the perturbation's ulp"
    );
    assert_eq!(ids(&q.text, "<circle class=\"ring\""), [5]);
}

#[test]
fn the_overlay_in_3d_rings_the_body_in_every_view() {
    let dir = scratch("render-overlay-3d");
    let (a, b) = pair::<3>(&dir, 20, 12, 3, 4);
    let p = render::overlay_svg(&a, &b, 12).unwrap();
    check_xml(&p.text).unwrap();
    let rings = ids(&p.text, "<circle class=\"ring\"");
    assert_eq!(rings.iter().filter(|&&i| i == 3).count(), 3, "{rings:?}");
}

#[test]
fn the_command_writes_the_picture_and_names_it() {
    let dir = scratch("render-cmd");
    let (a, b) = pair::<2>(&dir, 30, 20, 7, 6);
    let out = dir.join("diff.svg");
    let o = common::bin()
        .args(["render"])
        .args([&a, &b])
        .args(["--tick", "20", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{stdout} {}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout.contains("body 7"), "{stdout}");
    let text = std::fs::read_to_string(&out).unwrap();
    check_xml(&text).unwrap();
    assert!(text.contains("class=\"ring\""));
}

#[test]
fn check_xml_finds_the_faults_it_names() {
    assert_eq!(check_xml("<a x=\"1\"><b/>t &amp; u</a>"), Ok(2));
    for bad in [
        "<a><b></a></b>",
        "<a x=1/>",
        "<a x=\"1\" x=\"2\"/>",
        "<a>&nbsp;</a>",
        "<a>",
        "<a/><b/>",
        "<a y=\"<\"/>",
        "",
        "<a>x & y</a>",
    ] {
        assert!(check_xml(bad).is_err(), "{bad}");
    }
}

/// The case: a 200-tick run of the default scene and the same run
/// recorded with `arena --perturb 17@120` (body 17 moved by one ulp before
/// tick 120), both with body states. The files are left in
/// `target/tmp/render-done/` for `scripts/render-check`, which shows the
/// overlay in a real browser.
#[test]
fn a_200_tick_run_perturbed_at_17_120_is_drawn_with_body_17_ringed() {
    let dir = scratch("render-done");
    let (a, b) = pair::<2>(&dir, 400, 200, 17, 120);
    let before = render::overlay_svg(&a, &b, 119).unwrap();
    assert!(
        before.summary.contains("no body differs"),
        "{}",
        before.summary
    );
    let p = render::overlay_svg(&a, &b, 120).unwrap();
    check_xml(&p.text).unwrap();
    assert!(
        p.summary.starts_with("tick 120: 1 body differs: body 17"),
        "{}",
        p.summary
    );
    assert_eq!(ids(&p.text, "<circle class=\"ring\""), [17]);
    let mut drawn = ids(&p.text, "<g class=\"body");
    drawn.dedup();
    assert_eq!(drawn.len(), 400 + 1, "every body, and body 17 twice");
    std::fs::write(dir.join("diff.svg"), &p.text).unwrap();
    let single = render::tick_svg(&b, 120).unwrap();
    assert!(
        single.warnings.len() == 1
            && single.warnings[0].contains("differs from the recording at tick 120")
            && single.warnings[0].contains("the picture shows the recorded bodies"),
        "{:?}",
        single.warnings
    );
    assert_eq!(body_ids(&single.text), (0..400).collect::<Vec<_>>());
    std::fs::write(dir.join("tick.svg"), &single.text).unwrap();
    let page = render::html::page(&b).unwrap();
    assert_eq!(external_refs(&page.text), Vec::<String>::new());
    std::fs::write(dir.join("run.html"), &page.text).unwrap();
}

#[test]
fn a_rerun_that_differs_from_the_recording_is_drawn_with_a_warning() {
    let dir = scratch("render-warning");
    let a = dir.join("a.json");
    record(generate::<2>(6, 8, 1), 8, &a);
    let text = std::fs::read_to_string(&a).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("{\"state\":{\"tick\":3,"))
        .unwrap();
    let edited = text.replace(
        line,
        "{\"state\":{\"tick\":3,\"hash\":\"0000000000000000\"}}",
    );
    let b = dir.join("b.json");
    std::fs::write(&b, fixed_collide_cli::replay::reseal(&edited).unwrap()).unwrap();
    assert!(render::tick_svg(&b, 2).unwrap().warnings.is_empty());
    let p = render::tick_svg(&b, 5).unwrap();
    assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
    assert!(
        p.warnings[0].contains("differs from the recording at tick 3"),
        "{:?}",
        p.warnings
    );
    assert_eq!(
        p.text,
        render::tick_svg(&a, 5)
            .unwrap()
            .text
            .replace("a.json", "b.json")
    );
}
