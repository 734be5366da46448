//! The proof search against plain exhaustive search of the rules (`Board::play` and its
//! outcome, no threats) on many random late positions, and `solve`'s command line.

use common::cli::CliError;
use common::clock::Deadline;
use common::game::Board as _;
use common::game::Outcome as _;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::process::Command;
use yavalath::board::{Board, Cell, Outcome, Player};
use yavalath::proof::{board_after, parse_args, Prover, Value};
use yavalath::threats::Threats;

const BOT: &str = env!("CARGO_BIN_EXE_yavalath-bot");

/// The game value for the player to move by trying every move: 1 won, 0 drawn, -1 lost.
fn exhaustive(board: &Board) -> i32 {
    let mut best = -1;
    for m in board.legal_moves() {
        let child = board.play(m);
        let score = match child.outcome() {
            Some(Outcome::Full) => 0,
            Some(outcome) if outcome.winner() == Some(board.side_to_move()) => 1,
            Some(_) => -1,
            None => -exhaustive(&child),
        };
        best = best.max(score);
        if best == 1 {
            break;
        }
    }
    best
}

/// A position with `empty` empty cells and the game not over, reached by random moves that do
/// not end the game; `None` if the random game ran out of such moves first. With `calm`, moves
/// that leave no winning cell to either player are preferred (they lead to draws).
fn random_late_position(rng: &mut SmallRng, empty: u32, calm: bool) -> Option<Board> {
    let mut board = Board::start();
    while board.empty().count_ones() > empty {
        let quiet: Vec<Cell> = board
            .legal_moves()
            .into_iter()
            .filter(|&m| board.play(m).outcome().is_none())
            .collect();
        let calm_moves: Vec<Cell> = quiet
            .iter()
            .copied()
            .filter(|&m| calm && Threats::of(&board.play(m)).win == [0, 0])
            .collect();
        let pool = if calm_moves.is_empty() {
            &quiet
        } else {
            &calm_moves
        };
        board = board.play(*pool.choose(rng)?);
    }
    Some(board)
}

/// A full board with no run of three for either player (31 stones of Player 1, 30 of Player
/// 2): every position with stones taken from it can still end in a draw.
const DRAWN_FULL_BOARD: [&str; 9] = [
    "21121",
    "122112",
    "2211211",
    "21122122",
    "112212112",
    "22112121",
    "1221221",
    "211212",
    "12121",
];

/// [`DRAWN_FULL_BOARD`] with `removed` random stones of the player to move and as many of the
/// other (one fewer of Player 2 when Player 1 is to move).
fn near_drawn_position(rng: &mut SmallRng, removed: usize) -> Board {
    let mut stones = [Vec::new(), Vec::new()];
    for (y, row) in DRAWN_FULL_BOARD.iter().enumerate() {
        for (x, c) in row.bytes().enumerate() {
            let cell = Cell::from_xy(x as i32, y as i32).unwrap();
            stones[usize::from(c - b'1')].push(cell);
        }
    }
    let to_move = if rng.gen_bool(0.5) {
        Player::First
    } else {
        Player::Second
    };
    let taken = [removed, removed - usize::from(to_move == Player::First)];
    let mut bits = [0u64; 2];
    for p in 0..2 {
        stones[p].shuffle(rng);
        bits[p] = stones[p][taken[p]..].iter().map(|c| c.bit()).sum();
    }
    Board::from_stones(bits[0], bits[1], to_move).unwrap()
}

fn value_of(exhaustive: i32) -> Value {
    match exhaustive {
        1 => Value::Win,
        0 => Value::Draw,
        _ => Value::Loss,
    }
}

#[test]
fn the_proof_agrees_with_exhaustive_search_on_random_late_positions() {
    let mut rng = SmallRng::seed_from_u64(22);
    let mut prover = Prover::new(1 << 20);
    let mut checked = [0; 3];
    let mut tries = 0;
    while checked.iter().sum::<u32>() < 300 {
        tries += 1;
        assert!(tries < 100_000, "too few late positions: {checked:?}");
        let board = if tries % 3 == 0 {
            near_drawn_position(&mut rng, 1 + tries as usize % 5)
        } else {
            let empty = 1 + tries % 11;
            let Some(board) = random_late_position(&mut rng, empty, tries % 2 == 0) else {
                continue;
            };
            board
        };
        let expected = exhaustive(&board);
        let value = prover.value(&board, Deadline::unlimited());
        assert_eq!(value, value_of(expected), "{board}");
        checked[(1 - expected) as usize] += 1;
        if value == Value::Win {
            // The proving move wins: the position after it is lost for the opponent.
            assert!(
                prover.prove(&board, board.side_to_move(), Deadline::unlimited()) == Some(true)
            );
            let m = prover.winning_move().expect("a won root has its move");
            let after = board.play(m);
            let won =
                matches!(after.outcome(), Some(Outcome::Four(p)) if p == board.side_to_move());
            assert!(
                won || exhaustive(&after) == -1,
                "{m} does not win in {board}"
            );
        }
    }
    eprintln!("positions won, drawn, lost for the player to move: {checked:?}");
    // Every kind of value was met.
    assert!(checked.iter().all(|&n| n > 0), "{checked:?}");
}

#[test]
fn a_tiny_table_still_proves_right() {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut prover = Prover::new(64);
    let mut checked = 0;
    while checked < 40 {
        let Some(board) = random_late_position(&mut rng, 8, false) else {
            continue;
        };
        let value = prover.value(&board, Deadline::unlimited());
        assert_eq!(value, value_of(exhaustive(&board)), "{board}");
        checked += 1;
    }
}

#[test]
fn solve_parses_its_arguments_and_refuses_garbage() {
    let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    let args = parse_args(&words("--seconds 2.5 --table-mb 8")).unwrap();
    assert_eq!((args.seconds, args.table_mb), (Some(2.5), 8));
    assert_eq!(args.board, Board::start());
    let mut moves = vec!["--moves".to_string(), "2 2, 2 2,3 3".to_string()];
    assert_eq!(
        parse_args(&moves).unwrap().board,
        board_after("2 2,2 2,3 3").unwrap()
    );
    assert_eq!(board_after("2 2,2 2,3 3").unwrap().plies(), 3);
    moves[1] = "2 2,2 2,2 2".into();
    assert!(matches!(parse_args(&moves), Err(CliError::BadMove(..))));
    assert_eq!(
        parse_args(&words("--table-mb 0")),
        Err(CliError::bad_value("--table-mb", "0"))
    );
    assert_eq!(
        parse_args(&words("--seconds nan")),
        Err(CliError::bad_value("--seconds", "nan"))
    );
    assert_eq!(
        parse_args(&words("--seconds")),
        Err(CliError::MissingValue("--seconds"))
    );
    assert_eq!(
        parse_args(&words("solve")),
        Err(CliError::UnexpectedArgument("solve".into()))
    );
    assert!(board_after("x y").is_err());
    assert!(board_after("9 9").is_err());
}

#[test]
fn solve_prints_one_line_and_exits_2_on_bad_arguments() {
    // A won position: Player 1 has (0, 4), (1, 4) and (3, 4); (2, 4) makes a run of four.
    let out = Command::new(BOT)
        .args([
            "solve",
            "--moves",
            "0 4,0 0,1 4,4 0,3 4,0 8",
            "--seconds",
            "10",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    assert!(lines[0].starts_with("value=win nodes="), "{stdout}");
    assert!(lines[0].contains(" seconds="), "{stdout}");
    for bad in [
        &["--moves", "1 1,1 1,1 1"][..],
        &["--table-mb", "x"],
        &["--what"],
    ] {
        let out = Command::new(BOT).arg("solve").args(bad).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(out.stdout.is_empty());
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn the_bot_never_leaves_a_won_late_position() {
    let mut rng = SmallRng::seed_from_u64(5);
    let mut engine = yavalath::engine::Engine::new(&common::cli::BotOptions::default());
    engine.set_verbose(false);
    let mut checked = 0;
    while checked < 30 {
        let Some(board) = random_late_position(&mut rng, 10, false) else {
            continue;
        };
        if exhaustive(&board) != 1 {
            continue;
        }
        let deadline = Deadline::from_now(std::time::Duration::from_millis(500));
        let m = engine.choose(&board, deadline).expect("a move");
        let after = board.play(m);
        let won = matches!(after.outcome(), Some(Outcome::Four(p)) if p == board.side_to_move());
        assert!(
            won || exhaustive(&after) == -1,
            "{m} leaves the win in {board}"
        );
        checked += 1;
    }
}

#[test]
fn the_proof_node_count_is_pinned() {
    // A position of 18 plies from a game against the older bot, won for Player 1. The count is a
    // checksum of what the proof search does: a change here is a change of its behaviour.
    let line = "6 6,5 4,3 6,5 6,5 3,6 4,4 3,3 3,3 4,3 5,4 5,4 6,5 5,8 4,7 4,4 2,1 4,2 4";
    let board = board_after(line).unwrap();
    let mut prover = Prover::new(1 << 20);
    assert_eq!(prover.value(&board, Deadline::unlimited()), Value::Win);
    assert_eq!(prover.nodes(), 63_462);
    assert_eq!(prover.winning_move(), Cell::from_xy(7, 3));
}
