//! Frostfire's referee: its protocol (the ids, then the opponent's last move), its 300-ply
//! limit, its faults told apart, its draws worth nothing in the points (half in the Elo), and
//! full games of our bot, ended as the rules say, that the library replays legally. What the
//! runner does for every game is tested once, in `tools`.

use frostfire::board::Board;
use frostfire::referee::Frostfire;
use test_support::process::{recorded_games, run_ok, scratch_dir};
use test_support::replay::check_record_replays;
use tools::runner::{Fault, Game, Input, Referee, Seat};

const REFEREE: &str = env!("CARGO_BIN_EXE_frostfire-referee");
const BOT: &str = env!("CARGO_BIN_EXE_frostfire-bot");

#[test]
fn the_game_sends_ids_then_the_last_move_and_reports_faults() {
    let mut game = Referee::<Frostfire>::new();
    assert_eq!(Frostfire::DEFAULT_MAX_PLIES, Some(300));
    assert_eq!(game.to_move(), Seat::First);
    assert_eq!(game.greeting(Seat::First), vec!["1".to_string()]);
    assert_eq!(game.greeting(Seat::Second), vec!["2".to_string()]);
    assert_eq!(game.input(Seat::First), Input::Lines(vec![]));
    assert!(matches!(game.play("B4C4"), Err(Fault::Malformed(_))));
    assert!(matches!(game.play("A1 A2"), Err(Fault::Malformed(_))));
    assert!(matches!(game.play("A4 A6"), Err(Fault::Illegal(_))));
    assert!(matches!(game.play("A4 B4"), Err(Fault::Illegal(_))));
    assert_eq!(game.plies(), 0, "a fault leaves the game unchanged");
    assert_eq!(game.play("B4 C4"), Ok(None));
    assert_eq!(game.to_move(), Seat::Second);
    assert_eq!(game.input(Seat::Second), Input::Lines(vec!["B4 C4".into()]));
    assert_eq!(game.play("F3 E3"), Ok(None));
    assert_eq!(game.input(Seat::First), Input::Lines(vec!["F3 E3".into()]));
    assert_eq!(game.plies(), 2);
    let picture = game.render();
    assert!(picture.contains("C    . . x x . ."), "{picture}");
}

#[test]
fn full_games_are_recorded_and_replay_legally() {
    let dir = scratch_dir("frostfire-referee-test", "records");
    let a = format!("{BOT} --movetime 20");
    let b = format!("{BOT} --engine random --seed {{seed}}");
    let (out, records) = recorded_games(REFEREE, 2, &dir, &[a, b]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(
        lines[0].starts_with(
            "game 1: p1=A p2=B winner=A (p1) reason=\"Abagon (FIRE) lost four dragons\""
        ),
        "{out}"
    );
    assert!(
        lines[1].starts_with(
            "game 2: p1=B p2=A winner=A (p2) reason=\"Tyragon (ICE) lost four dragons\""
        ),
        "{out}"
    );
    assert_eq!(lines[3], "points: A=2 B=0 (a draw scores 0 in frostfire)");
    assert!(lines[4].starts_with("summary: games=2 a_wins=2 draws=0 b_wins=0 elo=+inf"));
    for record in &records {
        assert!(record.starts_with("# frostfire\n"), "{record}");
        check_record_replays::<Board>(record);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A player that moves once, the only move it knows for its seat, then waits: two of them draw at
/// `--max-plies 2`. One that `loses_as_p2` prints a malformed move as Player 2 instead.
fn one_move_player(loses_as_p2: bool) -> String {
    let second = if loses_as_p2 { "nonsense" } else { "F3 E3" };
    format!("read id; if [ \"$id\" = 1 ]; then echo 'B4 C4'; else read m; echo '{second}'; fi; cat >/dev/null")
}

#[test]
fn a_draw_scores_nothing_in_the_points_and_half_in_the_elo() {
    let dir = scratch_dir("frostfire-referee-test", "draw-points");
    let results = dir.join("results.csv").display().to_string();
    // A wins games 1 and 3, where B is Player 2; games 2 and 4 are drawn at the ply limit.
    let (a, b) = (one_move_player(false), one_move_player(true));
    let args = [
        "--games",
        "4",
        "--max-plies",
        "2",
        "--results",
        &results,
        &a,
        &b,
    ];
    let out = run_ok(REFEREE, args);
    let tail: Vec<&str> = out.lines().skip(4).collect();
    assert_eq!(tail.len(), 3, "{out}");
    assert_eq!(tail[1], "points: A=2 B=0 (a draw scores 0 in frostfire)");
    // The Elo counts a draw ½: 3 of 4 is +191.
    assert!(
        tail[2].starts_with("summary: games=4 a_wins=2 draws=2 b_wins=0 elo=+191 "),
        "{out}"
    );
    // The shards' merge counts the points as the match does.
    assert_eq!(run_ok(REFEREE, ["merge", &results]), tail.join("\n") + "\n");
    // A tournament adds each player's points to its standing: C draws A and beats B as A does.
    let c = one_move_player(false);
    let mut args: Vec<String> = ["--games", "4", "--max-plies", "2"]
        .map(String::from)
        .to_vec();
    for player in [format!("A={a}"), format!("B={b}"), format!("C={c}")] {
        args.extend(["--player".to_string(), player]);
    }
    let out = run_ok(REFEREE, &args);
    let standings: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("standings:"))
        .collect();
    assert_eq!(standings.len(), 4, "{out}");
    assert_eq!(
        standings[0],
        "standings: by points per game (a draw scores 0 in frostfire), then by Elo"
    );
    assert!(standings[1].starts_with("standing: 1 A elo=+"), "{out}");
    assert!(standings[1].ends_with(" score=5/8 points=2/8"), "{out}");
    assert!(standings[3].starts_with("standing: 3 B elo=-"), "{out}");
    assert!(standings[3].ends_with(" score=2/8 points=0/8"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every binary of the crate and every subcommand answers `--help` and `-h` with a usage and
/// exit status 0.
#[test]
fn every_binary_and_subcommand_answers_help() {
    use test_support::help::every_binary_answers_help;
    let tuner = env!("CARGO_BIN_EXE_frostfire-tune");
    every_binary_answers_help(BOT, &[], Some(tuner));
}
