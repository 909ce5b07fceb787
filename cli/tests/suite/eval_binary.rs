//! The `fixed-collide` binary's command line around `eval`: reading a file,
//! stdin or `-`, exit status and messages, a closed output.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::Stdio;

use crate::eval_support;

use eval_support::{common, run_bin, text};

// The binary's command line

#[test]
fn binary_reads_a_file_stdin_or_dash() {
    let dir = std::env::temp_dir().join(format!("fixed-collide-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("in.jsonl");
    let ok = r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"min":[2,2],"max":[3,3]}}"#;
    std::fs::write(&file, format!("{ok}\n{ok}\n")).unwrap();
    let file_arg = file.to_str().unwrap();
    let want = "{\"hit\":false}\n{\"hit\":false}\n";
    let input = format!("{ok}\n{ok}\n");
    for (args, stdin) in [
        (vec!["eval", file_arg], ""),
        (vec!["eval"], input.as_str()),
        (vec!["eval", "-"], input.as_str()),
    ] {
        let out = run_bin(&args, stdin.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        assert_eq!(text(&out.stdout), want, "{args:?}");
        assert!(out.stderr.is_empty(), "{args:?}: {}", text(&out.stderr));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn binary_exit_status_and_messages() {
    let ok = r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"min":[2,2],"max":[3,3]}}"#;
    let missing = "/nonexistent/fixed-collide-input.jsonl";
    // (args, stdin, status, stdout part, stderr part)
    let cases: [(&[&str], String, i32, &str, &str); 14] = [
        (&["eval"], format!("{ok}\n"), 0, "{\"hit\":false}", ""),
        (&["eval"], String::new(), 0, "", ""),
        (
            &["eval"],
            format!("{ok}\nbad\n{ok}\n"),
            1,
            "\"line 2: invalid JSON",
            "",
        ),
        (&["eval", missing], String::new(), 2, "", missing),
        (&["eval", "/"], String::new(), 2, "", "cannot read '/'"),
        (
            &["eval", "a", "b"],
            String::new(),
            2,
            "",
            "unexpected argument 'b'",
        ),
        (
            &["eval", "--bogus"],
            String::new(),
            2,
            "",
            "unexpected argument '--bogus'",
        ),
        (
            &["eval", "--help"],
            String::new(),
            0,
            "Usage: fixed-collide eval [FILE]",
            "",
        ),
        // No command runs the default arena against its recorded replay.
        (&[], String::new(), 0, "matches", ""),
        (
            &["frobnicate"],
            String::new(),
            2,
            "",
            "unrecognized subcommand 'frobnicate'",
        ),
        (&["--help"], String::new(), 0, "Commands:", ""),
        (&["help"], String::new(), 0, "eval", ""),
        (&["help", "eval"], String::new(), 0, "blank line", ""),
        (
            &["--version"],
            String::new(),
            0,
            env!("CARGO_PKG_VERSION"),
            "",
        ),
    ];
    for (args, stdin, status, out_part, err_part) in cases {
        let out = run_bin(args, stdin.as_bytes());
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(
            out.status.code(),
            Some(status),
            "{args:?}: {stdout} {stderr}"
        );
        assert!(stdout.contains(out_part), "{args:?}: stdout {stdout:?}");
        assert!(stderr.contains(err_part), "{args:?}: stderr {stderr:?}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        if status == 2 && args.first() != Some(&"eval") {
            assert!(stderr.contains("Usage:"), "{args:?}: usage shown: {stderr}");
        }
    }
}

#[test]
fn binary_stops_quietly_when_the_reader_goes_away() {
    let ok = r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"min":[2,2],"max":[3,3]}}"#;
    let mut child = common::bin()
        .arg("eval")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let block = format!("{ok}\n").repeat(1000);
        for _ in 0..2000 {
            if stdin.write_all(block.as_bytes()).is_err() {
                break;
            }
        }
    });
    {
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        reader.read_line(&mut first).unwrap();
        assert_eq!(first, "{\"hit\":false}\n");
    } // The read end closes here.
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    writer.join().unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.is_empty(), "quiet: {stderr}");
    assert_eq!(status.code(), Some(0), "{status:?}");
}

#[test]
#[cfg(target_os = "linux")]
fn binary_fails_with_status_2_when_its_output_is_closed_or_unwritable() {
    let ok = r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"min":[2,2],"max":[3,3]}}"#;
    let runner = std::env::var("FIXED_COLLIDE_RUNNER").unwrap_or_default();
    // (redirection of standard output, status, stderr part)
    let cases = [
        (">&-", 2, "standard output is closed"),
        ("1</dev/null", 2, "cannot write the answers"),
        (">/dev/null", 0, ""),
    ];
    for (redirect, status, message) in cases {
        let script = format!("exec {runner} \"$0\" eval {redirect}");
        let mut child = std::process::Command::new("sh")
            .arg("-c")
            .arg(&script)
            .arg(env!("CARGO_BIN_EXE_fixed-collide"))
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(format!("{ok}\n").as_bytes());
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(status), "{script}: {stderr}");
        assert!(stderr.contains(message), "{script}: {stderr}");
    }
}
