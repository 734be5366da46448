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
