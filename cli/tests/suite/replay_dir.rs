//! `replay verify DIR`: a `.json` entry that is not a readable file (a
//! dangling symlink, a symlink loop, a directory) is an error with exit 1,
//! never a quiet "skip" (regression: they were skipped and the run exited 0).

use std::path::{Path, PathBuf};

use crate::common;

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn verify_dir(dir: &Path) -> (Option<i32>, String) {
    let out = common::bin()
        .args(["replay", "verify"])
        .arg(dir)
        .output()
        .expect("run the binary");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[cfg(unix)]
#[test]
fn a_dangling_json_symlink_in_a_directory_is_an_error() {
    let dir = scratch("verify-dangling");
    std::os::unix::fs::symlink(dir.join("missing.json"), dir.join("arena-2d.json")).unwrap();
    let (code, stdout) = verify_dir(&dir);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains("ERROR") && stdout.contains("arena-2d.json"),
        "{stdout}"
    );
    assert!(!stdout.contains("skip"), "{stdout}");
}

#[cfg(unix)]
#[test]
fn a_json_symlink_loop_in_a_directory_is_an_error() {
    let dir = scratch("verify-loop");
    std::os::unix::fs::symlink(dir.join("b.json"), dir.join("a.json")).unwrap();
    std::os::unix::fs::symlink(dir.join("a.json"), dir.join("b.json")).unwrap();
    let (code, stdout) = verify_dir(&dir);
    assert_eq!(code, Some(1), "{stdout}");
    assert_eq!(stdout.matches("ERROR").count(), 2, "{stdout}");
}

#[test]
fn a_directory_named_json_in_a_directory_is_an_error() {
    let dir = scratch("verify-subdir");
    std::fs::create_dir_all(dir.join("old.json")).unwrap();
    let (code, stdout) = verify_dir(&dir);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains("a directory, not a replay file"),
        "{stdout}"
    );
}

#[test]
fn other_files_in_a_directory_are_still_skipped() {
    let dir = scratch("verify-other");
    std::fs::write(dir.join("notes.txt"), "not a replay").unwrap();
    let (code, stdout) = verify_dir(&dir);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("skip"), "{stdout}");
}
