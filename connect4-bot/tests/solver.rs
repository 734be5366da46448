//! The exact solver agrees with a plain minimax, scores the benchmark examples, counts dual discs
//! for both players, plays moves that keep the score, and reports bad lines by number.

use common::game::Board as _;
use std::time::Duration;

use common::cli::{BotOptions, CliError};
use common::clock::Deadline;
use connect4::board::{has_four, Board, Column, Kind, Move, Outcome, Team, BOARD_MASK};
use connect4::engine;
use connect4::protocol::CallLog;
use connect4::solver::{
    parse_args, parse_line, run_solve, solve_in_play, DualPosition, NotationError, Position,
    SolveOptions, Solver, DUAL_MAX_EMPTIES, MAX_TABLE_MB, SOLVE_TABLE_MB,
};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

const ALL: u8 = 0b1111;
const CLEARS: u8 = 0b0111;

fn empties(board: &Board) -> i32 {
    (BOARD_MASK & !board.occupied()).count_ones() as i32
}

/// The score of `board` for its team to move by plain minimax over every legal move (the rules'
/// own `play` and `outcome`, no pruning): a win landing with `e` cells empty is `(e + 1) / 2`.
fn minimax(board: &Board) -> i32 {
    let me = board.side_to_move();
    let e = empties(board);
    let mut best = i32::MIN;
    for &m in board.legal_moves().as_slice() {
        let child = board.play(m);
        let score = match child.outcome() {
            Some(Outcome::Win(t)) if t == me => (e + 1) / 2,
            Some(Outcome::Win(_)) => -(e + 1) / 2,
            Some(Outcome::Draw) => 0,
            None => -minimax(&child),
        };
        best = best.max(score);
    }
    best
}

/// A position after `discs` random normal discs (and, with `duals`, each team's dual disc at a
/// random move), no power left to either team, the game still on.
fn random_board(rng: &mut SmallRng, discs: u32, duals: bool) -> Board {
    'again: loop {
        let used = if duals { CLEARS } else { ALL };
        let mut board = Board::from_parts([0, 0], Team::One, [used; 2], [0; 2]).unwrap();
        while board.occupied().count_ones() < discs {
            let mut moves: Vec<Move> = board.legal_moves().as_slice().to_vec();
            moves.shuffle(rng);
            let dual_now = rng.gen_bool(0.2);
            moves.sort_by_key(|m| (m.kind == Kind::Dual) != dual_now);
            match moves
                .into_iter()
                .find(|&m| board.play(m).outcome().is_none())
            {
                Some(m) => board = board.play(m),
                None => continue 'again,
            }
        }
        let board = Board::from_parts(
            [board.discs(Team::One), board.discs(Team::Two)],
            board.side_to_move(),
            [ALL; 2],
            [board.moves_made(Team::One), board.moves_made(Team::Two)],
        )
        .unwrap();
        if board.outcome().is_none() {
            return board;
        }
    }
}

fn check_against_minimax(seed: u64, count: usize, duals: bool) {
    let mut rng = SmallRng::seed_from_u64(seed);
    // A small table, shared by every position: collisions and many epochs.
    let mut solver = Solver::new(1 << 12);
    let mut with_duals = 0;
    for i in 0..count {
        let discs = rng.gen_range(30..=38);
        let board = random_board(&mut rng, discs, duals);
        if board.duals() != 0 {
            with_duals += 1;
        }
        let position = Position::from_board(&board).unwrap();
        let expected = minimax(&board);
        assert_eq!(
            solver.solve(&position, false),
            Some(expected),
            "position {i}:\n{board}"
        );
        assert_eq!(
            solver.solve(&position, true),
            Some(expected.signum()),
            "weak, position {i}:\n{board}"
        );
    }
    if duals {
        assert!(
            with_duals > count / 2,
            "only {with_duals} positions with dual discs"
        );
    }
}

#[test]
fn agrees_with_minimax_on_positions_of_30_or_more_discs() {
    check_against_minimax(13, 300, false);
}

#[test]
fn agrees_with_minimax_with_dual_discs_on_the_board() {
    check_against_minimax(29, 200, true);
}

fn solve_line(line: &str) -> i32 {
    let (position, _) = parse_line(line).unwrap();
    Solver::new(1 << 20).solve(&position, false).unwrap()
}

#[test]
fn benchmark_examples() {
    assert_eq!(solve_line("4455"), 18);
    assert_eq!(solve_line("44455554221 -15"), -15);
    let (position, _) = parse_line("4453").unwrap();
    assert_eq!(
        Solver::new(1 << 20).solve(&position, true),
        Some(-1),
        "weak"
    );
}

/// The slow one (tens of seconds in release, far longer in debug builds): four discs played.
#[cfg_attr(debug_assertions, ignore)]
#[test]
fn benchmark_example_4453() {
    assert_eq!(solve_line("4453 -2"), -2);
}

#[test]
fn a_dual_disc_counts_in_both_players_fours() {
    // Bottom row `X X D . O O .`: the empty cell completes a four for either player, through the
    // dual disc, so whoever moves wins at once.
    let x = 1 | 1 << 7;
    let o = 1 << 28 | 1 << 35;
    let dual = 1 << 14;
    for team in Team::BOTH {
        let board = Board::from_parts([x | dual, o | dual], team, [ALL; 2], [3, 3]).unwrap();
        let position = Position::from_board(&board).unwrap();
        let win = (empties(&board) + 1) / 2;
        assert_eq!(
            Solver::new(1 << 16).solve(&position, false),
            Some(win),
            "{team}"
        );
        assert!(position.is_winning_move(3));
    }
    // Without the dual disc (an X there) only team 1 has the four.
    let board = Board::from_parts([x | dual, o], Team::Two, [ALL; 2], [3, 2]).unwrap();
    let position = Position::from_board(&board).unwrap();
    assert!(!position.is_winning_move(3));
    let immediate_win = (empties(&board) + 1) / 2;
    assert!(Solver::new(1 << 16).solve(&position, false).unwrap() < immediate_win);
}

#[test]
fn the_best_move_keeps_the_score() {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut solver = Solver::new(1 << 20);
    for i in 0..150 {
        let discs = rng.gen_range(16..=36);
        let board = random_board(&mut rng, discs, i % 2 == 0);
        let position = Position::from_board(&board).unwrap();
        let (c, score) = solver.best_move(&position).unwrap();
        assert_eq!(solver.solve(&position, false), Some(score));
        assert!(position.can_play(c));
        let child = board.play(Move::new(Kind::Normal, Column::new(c).unwrap()));
        let kept = match child.outcome() {
            Some(Outcome::Win(t)) => {
                assert_eq!(t, board.side_to_move());
                (empties(&board) + 1) / 2
            }
            Some(Outcome::Draw) => 0,
            None => -solver
                .solve(&Position::from_board(&child).unwrap(), false)
                .unwrap(),
        };
        assert_eq!(kept, score, "position {i}, column {}:\n{board}", c + 1);
    }
}

#[test]
fn the_bot_plays_the_solved_move_in_play() {
    let mut rng = SmallRng::seed_from_u64(11);
    let mut solver = Solver::new(1 << 20);
    for i in 0..20 {
        let board = random_board(&mut rng, 24, false);
        let position = Position::from_board(&board).unwrap();
        let score = solver.solve(&position, false).unwrap();
        let deadline = Deadline::from_now(Duration::from_secs(60));
        let mut log = CallLog::default();
        let mut engine = engine::Engine::new(&BotOptions::default());
        let m = engine.choose(&board, &mut log, deadline).unwrap();
        assert!(log.text().contains("solved"), "{}", log.text());
        assert!(board.is_legal(m) && m.kind == Kind::Normal);
        let child = board.play(m);
        let kept = match child.outcome() {
            Some(Outcome::Win(_)) => (empties(&board) + 1) / 2,
            Some(Outcome::Draw) => 0,
            None => -solver
                .solve(&Position::from_board(&child).unwrap(), false)
                .unwrap(),
        };
        assert_eq!(kept, score, "position {i}:\n{board}");
    }
}

#[test]
fn no_solving_while_a_power_is_held_or_the_game_is_over() {
    let empty = Board::start();
    assert_eq!(Position::from_board(&empty), None);
    for (team, kind) in [(0, 0b0001), (1, 0b0010), (0, 0b0100), (1, 0b1000)] {
        let mut used = [ALL; 2];
        used[team] &= !kind;
        let board = Board::from_parts([0b1, 0b10], Team::One, used, [1, 1]).unwrap();
        assert_eq!(Position::from_board(&board), None, "{used:?}");
        // A held dual disc alone is solved only near the end (40 cells are empty here).
        assert_eq!(solve_in_play(&board, Deadline::unlimited()), None);
    }
    // Team 1 has four in the bottom row.
    let x = 1 | 1 << 7 | 1 << 14 | 1 << 21;
    let o = 0b10 | 0b10 << 7 | 0b10 << 14;
    let over = Board::from_parts([x, o], Team::Two, [ALL; 2], [4, 3]).unwrap();
    assert_eq!(Position::from_board(&over), None);
}

#[test]
fn the_solver_stops_at_its_deadline() {
    let (position, _) = parse_line("4").unwrap();
    let mut solver = Solver::new(1 << 20);
    let start = std::time::Instant::now();
    solver.set_deadline(Deadline::from_now(Duration::from_millis(50)));
    assert_eq!(solver.solve(&position, false), None);
    assert!(start.elapsed() < Duration::from_secs(5));
}

/// The moves of a random game that fills the board without a four.
fn drawn_game() -> String {
    let mut rng = SmallRng::seed_from_u64(5);
    'again: loop {
        let mut position = Position::new();
        let mut moves = String::new();
        for _ in 0..42 {
            let mut columns: Vec<usize> = (0..7).filter(|&c| position.can_play(c)).collect();
            columns.shuffle(&mut rng);
            let Some(&c) = columns.iter().find(|&&c| !position.is_winning_move(c)) else {
                continue 'again;
            };
            position = position.play(c);
            moves.push(char::from(b'1' + c as u8));
        }
        return moves;
    }
}

#[test]
fn parse_errors_name_what_is_wrong() {
    assert_eq!(
        parse_line("408"),
        Err(NotationError::NotAColumn {
            index: 2,
            found: '0'
        })
    );
    assert_eq!(
        parse_line("4444444"),
        Err(NotationError::ColumnFull {
            index: 7,
            column: 4
        })
    );
    assert_eq!(
        parse_line("1212121"),
        Err(NotationError::GameOver {
            index: 7,
            column: 1
        })
    );
    assert_eq!(parse_line("44 x"), Err(NotationError::BadScore("x".into())));
    assert_eq!(
        parse_line("44  -1"),
        Err(NotationError::BadScore(" -1".into()))
    );
    // A drawn game played to the last cell is finished; one move earlier it is not.
    let full = drawn_game();
    assert_eq!(parse_line(&full), Err(NotationError::BoardFull));
    assert!(parse_line(&full[..41]).is_ok());
    assert!(parse_line("44 -2\r").is_ok());
    assert_eq!(
        parse_line("").map(|(p, m)| (p, m.len())),
        Ok((Position::new(), 0))
    );
}

/// What `solve` prints for `input`, `weak` or not, with a 1 MB table: its stdout and stderr.
fn solve(weak: bool, input: &str) -> (String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let options = SolveOptions { weak, table_mb: 1 };
    run_solve(options, input.as_bytes(), &mut out, &mut err).unwrap();
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

#[test]
fn solve_prints_scores_in_order_and_reports_bad_lines_by_number() {
    let input = "4455 18\n1x\n44455554221 -15\n4444444\n445 \n4455\n";
    let (out, err) = solve(false, input);
    assert_eq!(out, "4455 18\n44455554221 -15\n4455 18\n");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 4, "{err}");
    assert!(lines[0].starts_with("line 2: "), "{err}");
    assert!(lines[1].starts_with("line 4: "), "{err}");
    assert!(lines[2].starts_with("line 5: "), "{err}");
    assert!(lines[3].starts_with("3 positions solved, mean "), "{err}");
    assert!(lines[3].contains(" nodes"), "{err}");
}

#[test]
fn weak_prints_the_sign() {
    let (out, _) = solve(true, "4455\n44455554221\n");
    assert_eq!(out, "4455 1\n44455554221 -1\n");
}

#[test]
fn an_overlong_line_is_reported_and_skipped() {
    let (out, err) = solve(false, &format!("{}\n4455\n", "4".repeat(5000)));
    assert_eq!(out, "4455 18\n");
    assert!(err.starts_with("line 1: longer"), "{err}");
}

#[test]
fn command_line() {
    let args = |s: &str| -> Vec<String> { s.split_whitespace().map(String::from).collect() };
    assert_eq!(
        parse_args(&args("")),
        Ok(SolveOptions {
            weak: false,
            table_mb: SOLVE_TABLE_MB
        })
    );
    assert_eq!(
        parse_args(&args("--table-mb 16 --weak")),
        Ok(SolveOptions {
            weak: true,
            table_mb: 16
        })
    );
    assert_eq!(
        parse_args(&args("--table-mb")),
        Err(CliError::MissingValue("--table-mb"))
    );
    assert_eq!(
        parse_args(&args(&format!("--table-mb {}", MAX_TABLE_MB + 1))),
        Err(CliError::bad_value(
            "--table-mb",
            &(MAX_TABLE_MB + 1).to_string()
        ))
    );
    assert_eq!(
        parse_args(&args("--table-mb 0")),
        Err(CliError::bad_value("--table-mb", "0"))
    );
    assert_eq!(
        parse_args(&args("--strong")),
        Err(CliError::UnknownOption("--strong".into()))
    );
}

/// A position after `discs` random moves with every clearing power spent and each team's dual
/// disc held or played at random; a team still holding it has made 6 to 9 moves, so that its
/// tenth, compulsory dual disc often falls within the search.
fn random_dual_board(rng: &mut SmallRng, discs: u32) -> Board {
    'again: loop {
        let keep = [rng.gen_bool(0.7), rng.gen_bool(0.5)];
        // A team keeping its dual disc plays as if it had none (no deadline while it plays).
        let playing = keep.map(|k| if k { ALL } else { CLEARS });
        let mut board = Board::from_parts([0, 0], Team::One, playing, [0; 2]).unwrap();
        while board.occupied().count_ones() < discs {
            let mut moves: Vec<Move> = board.legal_moves().as_slice().to_vec();
            moves.shuffle(rng);
            match moves
                .into_iter()
                .find(|&m| board.play(m).outcome().is_none())
            {
                Some(m) => board = board.play(m),
                None => continue 'again,
            }
        }
        let used = [Team::One, Team::Two].map(|t| {
            if keep[t.index()] {
                CLEARS
            } else {
                board.used(t)
            }
        });
        if used.iter().all(|&u| u == ALL) {
            continue;
        }
        let moves = [Team::One, Team::Two].map(|t| {
            if keep[t.index()] {
                rng.gen_range(6..=9)
            } else {
                board.moves_made(t)
            }
        });
        let board = Board::from_parts(
            [board.discs(Team::One), board.discs(Team::Two)],
            board.side_to_move(),
            used,
            moves,
        )
        .unwrap();
        if board.outcome().is_none() {
            return board;
        }
    }
}

/// The solver's score of an unfinished position without clears, whatever dual discs are held.
fn child_score(solver: &mut Solver, board: &Board) -> i32 {
    match DualPosition::from_board(board) {
        Some(position) => solver.solve_dual(&position).unwrap(),
        None => solver
            .solve(&Position::from_board(board).unwrap(), false)
            .unwrap(),
    }
}

#[test]
fn with_a_dual_disc_held_the_solver_agrees_with_minimax_and_keeps_the_score() {
    let mut rng = SmallRng::seed_from_u64(41);
    // A shared solver: many roots in one dual table.
    let mut solver = Solver::new(1 << 16);
    let mut forced = 0;
    let mut duals_played = 0;
    let mut both_fours = 0;
    for i in 0..300 {
        let discs = rng.gen_range(32..=39);
        let board = random_dual_board(&mut rng, discs);
        let position = DualPosition::from_board(&board).expect("a dual disc is held");
        // Positions where some dual disc completes both teams' fours (a draw by the rules).
        both_fours += usize::from(board.legal_moves().iter().any(|&m| {
            let child = board.play(m);
            has_four(child.discs(Team::One)) && has_four(child.discs(Team::Two))
        }));
        assert_eq!(Position::from_board(&board), None);
        let expected = minimax(&board);
        assert_eq!(
            solver.solve_dual(&position),
            Some(expected),
            "position {i}:\n{board}"
        );
        let (c, dual, score) = solver.best_dual_move(&position).unwrap();
        assert_eq!(score, expected);
        let m = Move::new(
            if dual { Kind::Dual } else { Kind::Normal },
            Column::new(c).unwrap(),
        );
        assert!(board.is_legal(m), "position {i}: {m}\n{board}");
        if board.dual_forced() {
            forced += 1;
            assert!(dual, "position {i}: the tenth move must be the dual disc");
        }
        duals_played += usize::from(dual);
        let child = board.play(m);
        let kept = match child.outcome() {
            Some(Outcome::Win(t)) if t == board.side_to_move() => (empties(&board) + 1) / 2,
            Some(Outcome::Win(_)) => -(empties(&board) + 1) / 2,
            Some(Outcome::Draw) => 0,
            None => -child_score(&mut solver, &child),
        };
        assert_eq!(kept, score, "position {i}: {m}\n{board}");
    }
    assert!(
        forced > 10,
        "only {forced} positions with the dual disc due"
    );
    assert!(duals_played > 10, "only {duals_played} dual discs chosen");
    assert!(
        both_fours > 5,
        "only {both_fours} positions where a dual disc completes both fours"
    );
}

#[test]
fn in_play_a_held_dual_disc_is_solved_near_the_end_and_played_when_due() {
    let mut rng = SmallRng::seed_from_u64(43);
    let mut solved = 0;
    for _ in 0..40 {
        let board = random_dual_board(&mut rng, 42 - DUAL_MAX_EMPTIES as u32);
        let Some((m, score)) = solve_in_play(&board, Deadline::unlimited()) else {
            panic!("not solved:\n{board}");
        };
        assert!(board.is_legal(m));
        assert!(!board.dual_forced() || m.kind == Kind::Dual);
        let position = DualPosition::from_board(&board).unwrap();
        assert_eq!(Solver::new(1 << 20).solve_dual(&position), Some(score));
        solved += 1;
    }
    assert_eq!(solved, 40);
    // One more empty cell and it is left to the search.
    let board = random_dual_board(&mut rng, 41 - DUAL_MAX_EMPTIES as u32);
    assert_eq!(solve_in_play(&board, Deadline::unlimited()), None);
}
