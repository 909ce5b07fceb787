//! `fixed-collide replay diff A B` and `replay verify --explain`.

use super::args::{DiffArgs, FAILED, OK, USAGE};
use fixed_collide_cli::replay::{self, DiffReport, Replay, ReplayError};
use std::io::Write;
use std::path::Path;

/// The long description of `replay diff`.
pub const ABOUT: &str = "Compare two arena recordings of the same scene (from two machines, two
builds, or a run made with 'arena --perturb'): the first input that differs,
the first tick whose state differs and, with '--detail bodies', its bodies
(id, field, both values); with '--detail queries', the first query family
that differs and its first query (op, operands, answers). --repro FILE
writes that query as eval lines that 'fixed-collide eval FILE' answers.

Both files are streamed, one tick at a time.
Exit status: 0 identical, 1 they differ, 2 usage error, unreadable file or
recordings that cannot be compared (another kind, another scene).";

/// Runs `replay diff`; returns the exit status.
pub fn command(args: &DiffArgs) -> u8 {
    let mut loaded = Vec::new();
    for path in [&args.a, &args.b] {
        match replay::load(path) {
            Ok(r) => loaded.push(r),
            // An I/O error names the file already.
            Err(e @ ReplayError::Io(_)) => {
                eprintln!("fixed-collide replay diff: {e}");
                return USAGE;
            }
            Err(e) => {
                eprintln!("fixed-collide replay diff: {}: {e}", path.display());
                return USAGE;
            }
        }
    }
    for (name, path, r) in [("A", &args.a, &loaded[0]), ("B", &args.b, &loaded[1])] {
        crate::outln!("{name}  {}  {}", path.display(), describe(r));
    }
    let focus = replay::Focus {
        tick: args.tick,
        body: args.body,
    };
    let report = match replay::diff_at(&loaded[0], &loaded[1], ["A", "B"], focus) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("fixed-collide replay diff: {e}");
            return USAGE;
        }
    };
    for line in &report.lines {
        crate::outln!("{line}");
    }
    if let Some(out) = &args.repro
        && let Err(e) = write_repro(out, &report)
    {
        eprintln!("fixed-collide replay diff: {}: {e}", out.display());
        return USAGE;
    }
    if report.identical { OK } else { FAILED }
}

/// One line on what a recording holds.
fn describe(r: &Replay) -> String {
    let Some(a) = r.arena() else {
        return r.what();
    };
    let detail = if r.header.extensions.is_empty() {
        "no detail".to_string()
    } else {
        format!("detail {}", r.header.extensions.join(", "))
    };
    format!(
        "arena {}D, {} bodies, {} ticks, seed {}, {detail} (recorded by fixed-collide {})",
        a.dim, a.bodies, a.ticks, a.seed, r.header.crate_version
    )
}

/// Writes the report's repro lines (or says there are none).
fn write_repro(out: &Path, report: &DiffReport) -> std::io::Result<()> {
    if report.repro.is_empty() {
        crate::outln!(
            "repro: no query differs: nothing written to {}",
            out.display()
        );
        return Ok(());
    }
    let mut f = std::io::BufWriter::new(std::fs::File::create(out)?);
    for line in &report.repro {
        writeln!(f, "{line}")?;
    }
    f.flush()?;
    let n = report.repro.len();
    let s = if n == 1 { "" } else { "s" };
    crate::outln!(
        "repro: wrote {n} eval line{s} to {} (answer them with 'fixed-collide eval {}')",
        out.display(),
        out.display()
    );
    Ok(())
}

/// `replay verify --explain`: the report of `replay diff` between the
/// recording and this build's re-run of it, printed under its FAIL line.
pub fn explain(path: &Path, recorded: &Replay) {
    let rerun = std::env::temp_dir().join(format!(
        "fixed-collide-explain-{}-{}.json",
        std::process::id(),
        path.file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    ));
    let report = replay::rerecord(recorded, &rerun)
        .and_then(|()| replay::load(&rerun))
        .and_then(|again| replay::diff(recorded, &again, ["recorded", "re-run"]));
    let _ = std::fs::remove_file(&rerun);
    match report {
        Ok(r) => {
            for line in &r.lines {
                crate::outln!("      {line}");
            }
        }
        Err(e) => crate::outln!("      cannot explain: {e}"),
    }
}
