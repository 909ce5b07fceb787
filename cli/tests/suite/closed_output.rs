//! Regression: commands whose standard output is closed early (`fixed-collide
//! arena | head -1`) used to panic in `println!` ("failed printing to
//! stdout: Broken pipe"); they now stop with status 2 and say why.

use crate::common;

use std::io::Read;
use std::process::Stdio;

/// Runs the command with its output read for one line, then closed.
fn run_with_output_closed_after_one_line(args: &[&str]) -> (Option<i32>, String) {
    let mut child = common::bin()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut out = child.stdout.take().expect("piped");
    let mut first = [0u8; 1];
    // Read one byte, then close the pipe while the command still writes
    // (its output is far more than a pipe buffer holds).
    let _ = out.read(&mut first);
    drop(out);
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("piped")
        .read_to_string(&mut err)
        .expect("stderr reads");
    let status = child.wait().expect("the binary ends");
    (status.code(), err)
}

#[test]
fn arena_into_a_closed_pipe_exits_2_without_a_panic() {
    let (code, err) = run_with_output_closed_after_one_line(&[
        "arena",
        "--bodies",
        "50",
        "--ticks",
        "2000",
        "--print-every",
        "1",
    ]);
    assert!(!err.contains("panicked"), "stderr: {err}");
    assert_eq!(code, Some(2), "stderr: {err}");
    assert!(
        err.contains("cannot write to standard output"),
        "stderr: {err}"
    );
}
