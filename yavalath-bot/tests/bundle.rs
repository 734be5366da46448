//! The one-file bot: `scripts/bundle.sh` writes it, plain `rustc -O` builds it, it fits
//! CodinGame's 100,000 characters with room to spare (the bundle carries only what the bot
//! reaches, under short names), it behaves exactly like the cargo-built bot (the same `bench`,
//! the same random moves: its package subsets are faithful and the trim removes only what
//! nothing runs and renames only what nothing reads), and it plays through the referee.

use std::path::Path;
use std::process::Command;
use test_support::bundle::check_bench_as_cargo;
use test_support::process::{run_ok, scratch_dir};

const BOT: &str = env!("CARGO_BIN_EXE_yavalath-bot");
const REFEREE: &str = env!("CARGO_BIN_EXE_yavalath-referee");
const CODINGAME_LIMIT: usize = 100_000;
/// The bundle's budget: 20,000 characters under CodinGame's limit, the room kept for the book,
/// `common` and contestants' changes (73,358 characters when set).
const BUDGET: usize = 80_000;

/// The records of two games of `player --engine random --seed 5` against the cargo-built
/// `--engine random --seed 6`, without the players' commands.
fn random_games(player: &Path, records: &Path) -> String {
    let ours = format!("{} --engine random --seed 5", player.display());
    let theirs = format!("{BOT} --engine random --seed 6");
    let args = ["--games", "2", "--movetime-ms", "1000", "--record-dir"];
    let records_dir = records.to_str().unwrap();
    run_ok(
        REFEREE,
        args.into_iter().chain([records_dir, &ours, &theirs]),
    );
    let mut moves = String::new();
    for game in 1..=2 {
        let record = std::fs::read_to_string(records.join(format!("game-{game}.txt"))).unwrap();
        // The moves and the result, not the players' commands or the reply times.
        let kept = |line: &&str| !line.starts_with("# p") && !line.starts_with("# time:");
        for line in record.lines().filter(kept) {
            moves.push_str(line);
            moves.push('\n');
        }
    }
    moves
}

/// What the `dead_code` lint calls never used in the bundle `text` (every `pub` read as
/// `pub(crate)`, for a binary's public items are not linted): one line per item. Fields never
/// read and variants never built are not counted (the trim leaves them).
fn never_used(text: &str, dir: &Path) -> Vec<String> {
    let linted = text
        .replace("#![allow(dead_code)]", "")
        .replace("pub ", "pub(crate) ");
    let file = dir.join("linted.rs");
    std::fs::write(&file, linted).unwrap();
    let out = Command::new("rustc")
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "bin",
            "--emit=metadata",
        ])
        .args(["-W", "dead_code", "-o"])
        .arg(dir.join("linted.rmeta"))
        .arg(&file)
        .output()
        .expect("rustc runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|line| line.starts_with("warning:") && line.contains("never used"))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_bundle_compiles_fits_behaves_as_the_cargo_bot_and_plays() {
    let bundle = check_bench_as_cargo("yavalath", BOT, Path::new(env!("CARGO_TARGET_TMPDIR")));
    let text = bundle.text();
    let chars = text.chars().count();
    println!(
        "yavalath.rs: {chars} characters, {} left",
        CODINGAME_LIMIT.saturating_sub(chars)
    );
    assert!(chars < CODINGAME_LIMIT, "{chars} characters");
    assert!(
        chars <= BUDGET,
        "{chars} characters, over the budget of {BUDGET}: trim the bot, or raise the budget \
         knowingly"
    );
    // What the bot never reaches is gone: the compiler finds nothing unused left in it.
    let unused = never_used(&text, &scratch_dir("yavalath-bundle", "lint"));
    assert!(
        unused.is_empty(),
        "dead code is bundled:\n{}",
        unused.join("\n")
    );
    assert!(!text.contains("referee"), "the referee is not bundled");
    assert!(!text.contains("#[test]"), "tests are not bundled");
    // Each package subset the bundle carries comes with its crate's notice whole; Yavalath's
    // board lists are `ArrayVec`s, and its random engine draws with `rand`.
    for (notice, needed) in [
        ("// A subset of arrayvec 0.7.8", true),
        ("// A subset of rand 0.8.8", true),
        ("// A subset of rustc-hash 1.1.0", false),
    ] {
        match text.find(notice) {
            Some(at) => {
                let licence = &text[at..];
                let end = licence.find("DEALINGS IN THE SOFTWARE.");
                let grant = licence.find("Permission is hereby granted");
                assert!(grant.is_some() && grant < end, "{notice}: not whole");
            }
            None => assert!(!needed, "{notice}: missing"),
        }
    }

    let perft = Command::new(&bundle.binary)
        .args(["perft", "3"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&perft.stdout),
        "1 61\n2 3721\n3 219600\n"
    );
    let dir = scratch_dir("yavalath-bundle", "games");
    assert_eq!(
        random_games(&bundle.binary, &dir.join("bundled")),
        random_games(Path::new(BOT), &dir.join("cargo"))
    );

    let bundled = format!("{} --movetime 20", bundle.binary.display());
    let out = Command::new(REFEREE)
        .args(["--games", "2", "--movetime-ms", "1000", &bundled])
        .arg(format!(
            "{} --engine random --seed {{seed}}",
            bundle.binary.display()
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

#[test]
fn the_bundle_script_answers_help_and_names_the_games_and_a_missing_folder() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/bundle.sh");
    let run = |args: &[&str]| {
        let out = Command::new(&script).args(args).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.code(), text)
    };
    let (status, text) = run(&["--help"]);
    assert_eq!(status, Some(0), "{text}");
    assert!(text.starts_with("usage: "), "{text}");
    let (status, text) = run(&["chess"]);
    assert_eq!(status, Some(2));
    assert!(
        text.contains("unknown game 'chess': one of frostfire krieg kaboom yavalath connect4"),
        "{text}"
    );
    let (status, text) = run(&["krieg", "/no/such/folder/krieg.rs"]);
    assert_eq!(status, Some(2));
    assert!(
        text.contains("its folder /no/such/folder does not exist"),
        "{text}"
    );
}
