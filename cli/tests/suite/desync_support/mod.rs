//! Helpers of the desync tests: recordings of one 200-tick run, one of
//! them perturbed (`--perturb 17@120`), made once per test binary by the
//! `fixed-collide` binary itself.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::OnceLock;

use crate::common;
pub use common::bin;

/// A fresh scratch directory under the target directory.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the binary with `args`.
pub fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The recordings of the 200-tick run: `[a, b, plain]`, `a` and `b` with
/// `--detail bodies,queries`, `b` perturbed at body 17 before tick 120,
/// `plain` perturbed the same way without detail.
pub fn recordings() -> &'static [PathBuf; 3] {
    static R: OnceLock<[PathBuf; 3]> = OnceLock::new();
    R.get_or_init(|| {
        let dir = scratch("desync-recordings");
        let p = |n: &str| dir.join(n).to_string_lossy().into_owned();
        let scene = ["--bodies", "200", "--ticks", "200", "--seed", "1"];
        let detail = ["--detail", "bodies,queries"];
        let perturb = ["--perturb", "17@120"];
        for (name, extra) in [
            ("a.json", &detail[..]),
            ("b.json", &[&detail[..], &perturb[..]].concat()[..]),
            ("plain.json", &perturb[..]),
        ] {
            let out = p(name);
            let mut args = vec!["arena", "--record", out.as_str()];
            args.extend(scene);
            args.extend(extra);
            let o = run(&args);
            assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        }
        ["a.json", "b.json", "plain.json"].map(|n| dir.join(n))
    })
}

/// A path as a `&str` argument.
pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}
