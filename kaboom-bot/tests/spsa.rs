//! The match-based tuner (`tools::spsa`) end to end on Ka-Boom: a tuning build's tunables
//! tuned by two iterations of one game pair at 5 ms a move, then the same command again, which
//! finds the run done. The tuning build is `--features tuning`:
//! `cargo test -p kaboom-bot --profile tests --features tuning --test spsa`; the contest build
//! lists no tunables, and the tuner refuses it.

use tools::spsa::{parse_options, run, Options};

fn options(dir: &std::path::Path) -> Options {
    let bot = format!(
        "{} --movetime 5 --opening-plies 2 --seed {{seed}}",
        env!("CARGO_BIN_EXE_kaboom-bot")
    );
    let args = [
        "--referee",
        env!("CARGO_BIN_EXE_kaboom-referee"),
        "--bot",
        &bot,
        "--iterations",
        "2",
        "--dir",
        dir.to_str().unwrap(),
        "--tune",
        "LMR_MIN_INDEX,HISTORY_AGING",
    ];
    parse_options(&args.map(String::from)).unwrap()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kaboom-spsa-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[cfg(feature = "tuning")]
#[test]
fn two_iterations_tune_the_tuning_build_and_a_rerun_finds_them_done() {
    let dir = scratch("run");
    let spsa = run(&options(&dir)).unwrap();
    assert_eq!(spsa.done, 2);
    let names: Vec<_> = spsa.params.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["HISTORY_AGING", "LMR_MIN_INDEX"]);
    for (p, x) in spsa.params.iter().zip(&spsa.theta) {
        assert!((p.min..=p.max).contains(x), "{} {x}", p.name);
    }
    let csv = std::fs::read_to_string(dir.join("theta.csv")).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 4, "{csv}");
    assert!(rows[0].ends_with(",HISTORY_AGING,LMR_MIN_INDEX"), "{csv}");
    assert!(
        rows[1].starts_with("0,") && rows[3].starts_with("2,"),
        "{csv}"
    );
    // Two games a row, the plus side's wins, draws and the minus side's wins.
    for row in &rows[2..] {
        let games: u32 = row
            .split(',')
            .skip(3)
            .take(3)
            .map(|n| n.parse::<u32>().unwrap())
            .sum();
        assert_eq!(games, 2, "{row}");
    }
    let params = std::fs::read_to_string(dir.join("params.txt")).unwrap();
    assert!(
        params.starts_with("HISTORY_AGING=") && params.contains("\nLMR_MIN_INDEX="),
        "{params}"
    );
    // The same command again continues the run, which is done: the same state, no game played.
    let again = run(&options(&dir)).unwrap();
    assert_eq!(again, spsa);
    assert_eq!(std::fs::read_to_string(dir.join("theta.csv")).unwrap(), csv);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(not(feature = "tuning"))]
#[test]
fn the_contest_build_lists_no_tunables_and_is_refused() {
    let dir = scratch("contest");
    let error = run(&options(&dir)).unwrap_err();
    assert!(error.contains("lists no tunables"), "{error}");
}
