//! The referee runs whole games between two bots and writes records in the movers' frames.

use kaboom::board::Board;
use kaboom::notation::parse_legal;
use test_support::process::run_ok;

#[test]
fn the_referee_runs_random_against_greedy_and_records_each_line_as_printed() {
    let bot = env!("CARGO_BIN_EXE_kaboom-bot");
    let dir = std::env::temp_dir().join(format!("kaboom-referee-test-{}", std::process::id()));
    // A folder left by an earlier run would hold records, which a match refuses to mix with.
    let _ = std::fs::remove_dir_all(&dir);
    let random = format!("{bot} --engine random --seed {{seed}}");
    let greedy = format!("{bot} --engine greedy");
    let stdout = run_ok(
        env!("CARGO_BIN_EXE_kaboom-referee"),
        [
            "--games",
            "2",
            "--record-dir",
            dir.to_str().unwrap(),
            &random,
            &greedy,
        ],
    );
    let summary = stdout.lines().last().expect("a summary line").to_string();
    assert!(summary.starts_with("summary: games=2 "), "{stdout}");
    assert!(!stdout.contains("faults=1"), "{stdout}");
    for game in 1..=2 {
        let record = std::fs::read_to_string(dir.join(format!("game-{game}.txt"))).expect("record");
        let mut board = Board::start();
        let mut ended = false;
        for line in record.lines() {
            if line.starts_with("# result:") {
                ended = true;
                assert!(
                    !line.contains("illegal") && !line.contains("malformed"),
                    "{line}"
                );
                continue;
            }
            if line.starts_with('#') {
                continue;
            }
            let (seat, text) = line.split_once(' ').expect("seat and move");
            assert_eq!(seat, board.side_to_move().number().to_string());
            let m = parse_legal(&board, text, board.side_to_move())
                .unwrap_or_else(|e| panic!("record line '{line}': {e}"));
            board = board.play(m);
        }
        assert!(ended);
        assert!(board.outcome().is_some(), "the recorded game is over");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_referee_converts_between_frames() {
    use kaboom::referee::Kaboom;
    use tools::runner::{Input, Referee};
    let mut game = Referee::<Kaboom>::new();
    let seat = game.to_move();
    // Each player's id comes when the game starts.
    assert_eq!(game.greeting(seat), vec!["1".to_string()]);
    assert_eq!(game.greeting(seat.other()), vec!["2".to_string()]);
    assert_eq!(game.input(seat), Input::Lines(vec![]));
    assert_eq!(game.play("2"), Ok(None));
    // Player 2 gets Player 1's column seen from its side.
    let seat = game.to_move();
    assert_eq!(game.input(seat), Input::Lines(vec!["5".into()]));
    assert_eq!(game.play("0"), Ok(None));
    let seat = game.to_move();
    assert_eq!(game.input(seat), Input::Lines(vec!["7".into()]));
    assert_eq!(game.play("1,0,3,4,3"), Ok(None));
    let seat = game.to_move();
    assert_eq!(game.input(seat), Input::Lines(vec!["1,7,4,3,4".into()]));
    // Malformed and illegal are reported apart.
    assert!(matches!(
        game.play("1,0,3,4"),
        Err(tools::runner::Fault::Malformed(_))
    ));
    assert!(matches!(
        game.play("1,0,0,5,0"),
        Err(tools::runner::Fault::Illegal(_))
    ));
    assert!(game.render().lines().count() > 8);
}

const REFEREE: &str = env!("CARGO_BIN_EXE_kaboom-referee");
const BOT: &str = env!("CARGO_BIN_EXE_kaboom-bot");

test_support::stop_tests!(REFEREE, "kaboom", format!("{BOT} --movetime 10"));

/// A player over Ka-Boom's 8 MB cap (an interpreter alone can be: Python 3 holds about 13 MB)
/// loses with a verdict that names the option raising the cap, and its game line's peak is the
/// figure of the verdict, not a later reading of a process still growing.
#[test]
fn a_player_over_the_memory_cap_is_told_the_option_and_one_figure() {
    let hog = "awk 'BEGIN { s = \"x\"; while (length(s) < 16 * 1024 * 1024) s = s s; \
               system(\"sleep 5\") }'";
    let out = std::process::Command::new(REFEREE)
        .args([hog, &format!("{BOT} --movetime 10")])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().next().expect("a game line");
    assert!(line.contains("winner=B (p2)"), "{line}");
    assert!(
        line.contains("over the 8.0MB cap (--memory-mb raises it)"),
        "{line}"
    );
    let figure = |after: &str, end: char| -> f64 {
        let text = line
            .split(after)
            .nth(1)
            .and_then(|rest| rest.split(end).next());
        let text = text.and_then(|t| t.strip_suffix("MB")).expect(after);
        text.parse().expect(after)
    };
    let (used, peak) = (figure("memory: p1 used ", ','), figure("peak: A=", ' '));
    // The same figure, the verdict's perhaps with a second decimal.
    assert!((used - peak).abs() < 0.051, "{line}");
}

/// Every binary of the crate and every subcommand answers `--help` and `-h` with a usage and
/// exit status 0.
#[test]
fn every_binary_and_subcommand_answers_help() {
    use test_support::help::every_binary_answers_help;
    let tuner = env!("CARGO_BIN_EXE_kaboom-tune");
    every_binary_answers_help(BOT, &[], REFEREE, Some(tuner));
}
