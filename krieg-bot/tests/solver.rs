//! The solver against plain exhaustive minimax near the end of random games; its value does not
//! depend on the table's size or the order of moves; the `solve` command line.

use common::cli::CliError;
use common::game::Board as _;
use krieg::board::{Board, Outcome};
use krieg::dfpn::Value;
use krieg::engine::PlaySolver;
use krieg::solve::{self, parse_args, Method};
use krieg::solver::Solver;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::process::Command;
use support::{
    check_against_minimax, endgame_positions, minimax_value, small_positions, tree_size,
};

mod support;

/// Plain minimax on the length of the game: the winner ends it soonest, the loser latest; a
/// draw scores 0, a win `d` plies ahead `1000 - d`, a loss `-(1000 - d)`.
fn minimax_distance_score(board: &Board) -> i32 {
    let us = board.side_to_move();
    match board.outcome() {
        Some(Outcome::Draw) => return 0,
        Some(Outcome::Win { winner, .. }) => return if winner == us { 1000 } else { -1000 },
        None => {}
    }
    board
        .legal_moves()
        .iter()
        .map(|&mv| {
            let child = minimax_distance_score(&board.play(mv));
            -(child - child.signum())
        })
        .max()
        .expect("a position that goes on has a move")
}

#[test]
fn solver_agrees_with_plain_minimax_near_the_end() {
    let mut solver = Solver::new(1 << 20);
    let values = check_against_minimax(|board, expected| {
        let solution = solver.solve(board, None);
        assert_eq!(solution.value, Some(expected), "{board}");
        if let Some(best) = solution.best {
            let after = minimax_value(&board.play(best)).flip();
            assert!(
                expected == Value::Loss || after == expected,
                "{board}\n{best}"
            );
        }
    });
    // The sample is not one-sided: wins and losses both occur.
    assert!(values[Value::Win as usize] > 0 && values[Value::Loss as usize] > 0);
}

#[test]
fn distance_agrees_with_plain_minimax() {
    let mut solver = Solver::new(1 << 20);
    for board in small_positions().iter().step_by(3) {
        let score = minimax_distance_score(board);
        let value = minimax_value(board);
        let plies = solver.distance(board, value, None);
        let expected = if score == 0 {
            0
        } else {
            1000 - score.unsigned_abs()
        };
        assert_eq!(plies, Some(expected), "{board}");
    }
}

#[test]
fn value_does_not_depend_on_table_size_or_move_order() {
    let positions = small_positions();
    let mut reference = Solver::new(16 << 20);
    let mut tiny = Solver::new(16 << 10);
    let mut shuffled = Solver::new(64 << 10);
    shuffled.random_order = Some(SmallRng::seed_from_u64(7));
    for board in &positions {
        let value = reference.solve(board, None).value;
        assert!(value.is_some());
        assert_eq!(tiny.solve(board, None).value, value, "{board}");
        assert_eq!(shuffled.solve(board, None).value, value, "{board}");
    }
}

#[test]
fn a_finished_game_is_valued_by_its_outcome() {
    let mut solver = Solver::new(1 << 16);
    for board in endgame_positions(0..30, 1) {
        let expected = match board.outcome() {
            Some(Outcome::Draw) => Value::Draw,
            Some(Outcome::Win { winner, .. }) if winner == board.side_to_move() => Value::Win,
            Some(Outcome::Win { .. }) => Value::Loss,
            None => panic!("a random game ends with an outcome"),
        };
        let solution = solver.solve(&board, None);
        assert_eq!(solution.value, Some(expected));
        assert_eq!(solution.best, None);
    }
}

#[test]
fn a_past_deadline_gives_no_value() {
    let mut solver = Solver::new(1 << 16);
    let solution = solver.solve(&Board::start(), Some(std::time::Instant::now()));
    assert_eq!(solution.value, None);
    assert_eq!(solution.best, None);
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

#[test]
fn arguments_parse_or_give_a_typed_error() {
    let args = parse_args(&words("--table-mb 8 --seconds 2.5")).expect("valid");
    assert_eq!((args.table_mb, args.seconds), (8, Some(2.5)));
    assert_eq!(args.board, Board::start());
    assert_eq!(args.method, Method::ProofNumber);
    let args = parse_args(&words("--method alphabeta")).expect("valid");
    assert_eq!(args.method, Method::AlphaBeta);
    let args = parse_args(&words("--method dfpn")).expect("valid");
    assert_eq!(args.method, Method::ProofNumber);
    assert_eq!(args.book, None);
    let args = parse_args(&words("--book book.rs --table-mb 64")).expect("valid");
    assert_eq!((args.book.as_deref(), args.table_mb), (Some("book.rs"), 64));
    let args = parse_args(&["--moves".to_string(), "1 2 2 3, 3 0 2 1".to_string()]).expect("valid");
    assert_eq!(
        args.board,
        solve::board_after("1 2 2 3,3 0 2 1").expect("legal")
    );
    assert_ne!(args.board, Board::start());
    for (text, error) in [
        ("--frob", CliError::UnknownOption("--frob".into())),
        ("--seconds", CliError::MissingValue("--seconds")),
        ("--book", CliError::MissingValue("--book")),
        ("--seconds -1", CliError::bad_value("--seconds", "-1")),
        ("--seconds nan", CliError::bad_value("--seconds", "nan")),
        ("--method mcts", CliError::bad_value("--method", "mcts")),
        ("--table-mb 0", CliError::bad_value("--table-mb", "0")),
        ("--table-mb x", CliError::bad_value("--table-mb", "x")),
    ] {
        assert_eq!(parse_args(&words(text)), Err(error), "{text}");
    }
    for line in ["1 2 3 3", "9 9 9 9", "garbage", "1 2 2 3, 1 2 2 3"] {
        let result = parse_args(&["--moves".to_string(), line.to_string()]);
        assert!(
            matches!(result, Err(CliError::BadMove(..))),
            "{line}: {result:?}"
        );
    }
}

fn run_solve(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_krieg-bot"))
        .arg("solve")
        .args(args)
        .output()
        .expect("the bot runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_command_prints_one_line_and_exits_2_on_bad_arguments() {
    // A position a few plies from the end of a random game, written as its moves.
    let mut rng = SmallRng::seed_from_u64(3);
    let mut board = Board::start();
    let mut line = Vec::new();
    while let Some(&mv) = board.legal_moves().choose(&mut rng) {
        board = board.play(mv);
        line.push(mv.to_string());
    }
    let moves = line[..line.len() - 3].join(",");
    let (status, stdout, _) = run_solve(&["--moves", &moves, "--table-mb", "4"]);
    assert_eq!(status, Some(0));
    let fields: Vec<&str> = stdout.trim_end().split(' ').collect();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(fields[0] == "value=win" || fields[0] == "value=loss" || fields[0] == "value=draw");
    assert!(fields[1].starts_with("plies=") && fields[1][6..].parse::<u32>().is_ok());
    assert!(fields[2].starts_with("nodes=") && fields[3].starts_with("seconds="));

    let (status, stdout, _) = run_solve(&["--seconds", "0.001"]);
    assert_eq!(status, Some(0));
    assert!(
        stdout.starts_with("value=unknown plies=unknown nodes="),
        "{stdout}"
    );

    for bad in [&["--moves", "1 2 4 4"][..], &["--seconds"], &["extra"]] {
        let (status, stdout, stderr) = run_solve(bad);
        assert_eq!(status, Some(2), "{bad:?}");
        assert!(stdout.is_empty());
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

#[test]
fn on_the_strategy_the_command_prints_the_walks_bound_or_the_exact_length() {
    // A game of Sentinel's strategy against a random defence, up to its last position the book
    // holds: `solve` proves it by walking the strategy, and the length it prints is the walk's
    // longest game, or the exact length under best play, which cannot be longer.
    use krieg::book::{book_move, strategy_move, walk, QUICK_TABLE_BYTES};
    use krieg::dfpn::ProofSearch;
    let mut quick = ProofSearch::new(QUICK_TABLE_BYTES);
    let mut rng = SmallRng::seed_from_u64(5);
    let mut board = Board::start();
    let mut line = Vec::new();
    let mut last_in_book = None;
    while board.outcome().is_none() {
        let mv = if board.side_to_move() == krieg::board::Side::Sentinel {
            if book_move(&board).is_some() {
                last_in_book = Some((board, line.join(",")));
            }
            strategy_move(&mut quick, &board).expect("the strategy has a move")
        } else {
            *board.legal_moves().choose(&mut rng).expect("a move")
        };
        line.push(mv.to_string());
        board = board.play(mv);
    }
    let (position, moves) = last_in_book.expect("the book is used");
    let bound = walk(&position, None).expect("the strategy wins").longest;
    let (status, stdout, _) = run_solve(&["--moves", &moves, "--table-mb", "4"]);
    assert_eq!(status, Some(0));
    let fields: Vec<&str> = stdout.trim_end().split(' ').collect();
    assert_eq!(fields[0], "value=win", "{stdout}");
    match (
        fields[1].strip_prefix("plies<="),
        fields[1].strip_prefix("plies="),
    ) {
        (Some(printed), _) => assert_eq!(printed.parse::<u32>(), Ok(bound), "{stdout}"),
        (_, Some(exact)) => assert!(exact.parse::<u32>().expect("a number") <= bound, "{stdout}"),
        _ => panic!("{stdout}"),
    }
}

#[test]
fn the_book_command_fails_cleanly_out_of_time_or_with_nowhere_to_write() {
    let dir = std::env::temp_dir().join(format!("krieg-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("book_moves.rs");
    let file = file.to_str().unwrap();
    let (status, stdout, stderr) =
        run_solve(&["--book", file, "--seconds", "0.05", "--table-mb", "4"]);
    assert_eq!(status, Some(1));
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.ends_with("no book: the time ran out\n"), "{stderr}");
    assert!(!std::path::Path::new(file).exists());
    let (status, _, stderr) = run_solve(&["--book", "/no/such/folder/book.rs"]);
    assert_eq!(status, Some(1));
    assert!(stderr.contains("cannot write"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn in_play_a_proven_win_is_kept_and_a_lost_position_gets_a_legal_defence() {
    let mut solver = PlaySolver::with_tables(1 << 20, 1 << 20);
    let far = std::time::Instant::now() + std::time::Duration::from_secs(600);
    let (mut wins, mut losses) = (0, 0);
    for board in small_positions().iter().filter(|b| b.outcome().is_none()) {
        let chosen = solver.proven_move(board, far).expect("solved in time");
        assert!(board.legal_moves().contains(&chosen), "{board}\n{chosen}");
        match minimax_value(board) {
            Value::Win => {
                wins += 1;
                assert_eq!(minimax_value(&board.play(chosen)), Value::Loss, "{board}");
            }
            Value::Draw => assert_eq!(minimax_value(&board.play(chosen)), Value::Draw),
            Value::Loss => losses += 1,
        }
    }
    assert!(wins > 0 && losses > 0);
}

#[test]
#[ignore = "slow (20 to 40 s): .ci/run runs it, as the README says"]
fn in_a_lost_position_the_longest_defence_is_played() {
    let mut solver = PlaySolver::with_tables(1 << 20, 1 << 20);
    let far = std::time::Instant::now() + std::time::Duration::from_secs(600);
    let mut with_a_choice = 0;
    let positions: Vec<Board> = endgame_positions(0..400, 12)
        .into_iter()
        .filter(|b| b.outcome().is_none() && tree_size(b, 100_000) < 100_000)
        .collect();
    for board in &positions {
        if minimax_value(board) != Value::Loss {
            continue;
        }
        // Plies to the end after each move, by plain minimax (the opponent wins every line).
        let plies_after = |mv| 1000 - minimax_distance_score(&board.play(mv)).unsigned_abs();
        let moves = board.legal_moves();
        let longest = moves
            .iter()
            .map(|&mv| plies_after(mv))
            .max()
            .expect("a move");
        let shortest = moves
            .iter()
            .map(|&mv| plies_after(mv))
            .min()
            .expect("a move");
        let chosen = solver.proven_move(board, far).expect("solved in time");
        assert_eq!(plies_after(chosen), longest, "{board}\n{chosen}");
        let (mv, resistance) = solver.longest_defence(board, far).expect("solved in time");
        assert_eq!((mv, resistance.plies), (chosen, longest));
        with_a_choice += usize::from(shortest < longest);
    }
    // The test means something only where some moves lose sooner than others.
    assert!(with_a_choice >= 2, "{with_a_choice}");
}
