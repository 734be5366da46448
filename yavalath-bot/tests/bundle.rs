//! The one-file bot: `scripts/bundle.sh` writes it, plain `rustc` builds it, it fits CodinGame's
//! 100,000 characters, and it plays a game through the referee.

use std::path::PathBuf;
use std::process::Command;

const REFEREE: &str = env!("CARGO_BIN_EXE_yavalath-referee");
const CODINGAME_LIMIT: usize = 100_000;

#[test]
fn the_bundle_compiles_fits_and_plays() {
    let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = std::env::temp_dir().join(format!("yavalath-bundle-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("yavalath.rs");
    let status = Command::new("sh")
        .arg(workspace.join("scripts/bundle.sh"))
        .arg("yavalath")
        .arg(&source)
        .status()
        .expect("sh runs");
    assert!(status.success(), "bundle.sh failed");

    let text = std::fs::read_to_string(&source).unwrap();
    let chars = text.chars().count();
    assert!(chars < CODINGAME_LIMIT, "{chars} characters");
    assert!(!text.contains("referee"), "the referee is not bundled");
    assert!(!text.contains("#[test]"), "tests are not bundled");

    let binary = dir.join("yavalath-bundled");
    let out = Command::new("rustc")
        .args(["-O", "--edition", "2021"])
        .arg(&source)
        .arg("-o")
        .arg(&binary)
        .output()
        .expect("rustc runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let perft = Command::new(&binary).args(["perft", "3"]).output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&perft.stdout),
        "1 61\n2 3721\n3 219600\n"
    );

    let bundled = format!("{} --movetime 20", binary.display());
    let out = Command::new(REFEREE)
        .args(["--games", "2", "--movetime-ms", "1000", &bundled])
        .arg(format!(
            "{} --engine random --seed {{seed}}",
            binary.display()
        ))
        .output()
        .expect("the referee runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout
            .lines()
            .last()
            .unwrap()
            .starts_with("summary: games=2 "),
        "{stdout}"
    );
    assert!(stdout.contains("faults=0"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}
