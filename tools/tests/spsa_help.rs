//! The `spsa` binary answers `--help` and `-h` with its usage and exit status 0, as every binary
//! of the workspace does.

use std::process::Command;

#[test]
fn spsa_answers_help() {
    for help in ["--help", "-h"] {
        let out = Command::new(env!("CARGO_BIN_EXE_spsa"))
            .arg(help)
            .output()
            .expect("spsa runs");
        assert_eq!(out.status.code(), Some(0), "spsa {help}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.starts_with("usage: spsa "), "spsa {help}: {stdout}");
    }
}

#[test]
fn spsa_help_into_a_pipe_nobody_reads_ends_quietly() {
    // A pipe whose reading end is gone before spsa writes: `true` held it and exited.
    let mut reader = Command::new("true")
        .stdin(std::process::Stdio::piped())
        .spawn()
        .expect("true runs");
    let writer = reader.stdin.take().expect("the pipe's writing end");
    reader.wait().expect("true ends");
    let out = Command::new(env!("CARGO_BIN_EXE_spsa"))
        .arg("--help")
        .stdout(writer)
        .output()
        .expect("spsa runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}
