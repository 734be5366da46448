//! The opening book: its symmetries, its table (every move legal, every answer there), the bot
//! playing it; and the tuner's evaluation features, which must add up to the evaluation.

use common::cli::BotOptions;
use common::clock::Deadline;
use common::game::Board as _;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::time::Duration;
use yavalath::board::{Board, Cell, Outcome, Player, CELLS};
use yavalath::book::{
    book_move, first_plies_move, inverse, line_board, line_move, representative, symmetry_to,
    transform, transform_cells, AFTER_THEFT, ANSWERS, DETOURS, FIRST, LINES, PROVEN, REPLIES,
    SYMMETRIES,
};
use yavalath::engine::{opening_equivalents, should_swap, Engine};
use yavalath::eval::evaluate;
use yavalath::notation::{format_move, parse_move};
use yavalath::proof::Prover;
use yavalath::tune::{
    analyse_book, analyse_lines, canonical, class_representatives, current_weights, features,
    format_book, format_lines, is_quiet, left_win, orbit, parse_lines, parse_proven, weighted_sum,
    LinesRequest,
};

fn cell((x, y): (u8, u8)) -> Cell {
    Cell::from_xy(i32::from(x), i32::from(y)).expect("the book's cells exist")
}

#[test]
fn the_twelve_symmetries_keep_neighbours_and_undo_each_other() {
    for t in 0..SYMMETRIES {
        let mut images: Vec<Cell> = Cell::all().map(|c| transform(t, c)).collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), CELLS, "symmetry {t} is not a bijection");
        for c in Cell::all() {
            assert_eq!(transform(inverse(t), transform(t, c)), c, "symmetry {t}");
            assert_eq!(c.centre_distance(), transform(t, c).centre_distance());
            for d in 0..6 {
                if let Some(n) = c.neighbour(d) {
                    let (a, b) = (transform(t, c), transform(t, n));
                    assert!((0..6).any(|e| a.neighbour(e) == Some(b)), "{t}: {c} {n}");
                }
            }
        }
    }
    // Twelve different maps: a cell on no axis has twelve images.
    assert_eq!(orbit(Cell::from_xy(2, 1).unwrap()).len(), 12);
    let classes = class_representatives();
    assert_eq!(classes.len(), 9);
    assert_eq!(
        classes.iter().map(|&c| orbit(c).len()).sum::<usize>(),
        CELLS
    );
}

#[test]
fn the_table_answers_every_first_stone_and_every_reply_once() {
    let reps: Vec<Cell> = ANSWERS.iter().map(|a| cell(a.0)).collect();
    assert_eq!(reps, class_representatives());
    // A reply for every stone of Player 2, the first stone's own cell (the theft) included.
    let first = cell(FIRST);
    assert_eq!(REPLIES.len(), CELLS);
    for (theirs, &reply) in REPLIES.iter().enumerate() {
        let reply = Cell::from_index(usize::from(reply)).expect("a cell");
        assert!(
            reply != first && reply.index() != theirs,
            "{theirs}: {reply}"
        );
    }
    // Player 2's swap decision is the table's.
    for a in ANSWERS.iter() {
        assert_eq!(should_swap(cell(a.0)), a.1);
    }
}

#[test]
fn every_book_move_is_legal_and_stays_in_the_table() {
    let start = Board::start();
    assert_eq!(book_move(&start), Some(cell(FIRST)));
    for first in Cell::all() {
        let board = start.play(first);
        let answer = book_move(&board).expect("every first stone is answered");
        assert!(board.is_legal(answer), "{first}: {answer}");
        let t = symmetry_to(first, representative(first)).unwrap();
        let entry = ANSWERS
            .iter()
            .find(|a| cell(a.0) == transform(t, first))
            .unwrap();
        assert_eq!(
            answer == first,
            entry.1,
            "{first}: the swap as the table says"
        );
        if !entry.1 {
            assert_eq!(transform(t, answer), cell(entry.2));
        }
    }
    for &own in opening_equivalents().iter() {
        let board = start.play(own);
        let after_swap = board.play(own);
        let reply = book_move(&after_swap).expect("the swap of the first stone is answered");
        assert!(after_swap.is_legal(reply));
        let t = symmetry_to(own, cell(FIRST)).unwrap();
        assert_eq!(
            transform(t, reply).index(),
            usize::from(REPLIES[cell(FIRST).index()])
        );
        for theirs in Cell::all().filter(|&c| c != own) {
            let position = board.play(theirs);
            let reply = book_move(&position).expect("every placement is answered");
            assert!(position.is_legal(reply), "{own} {theirs}: {reply}");
            assert!(position.play(reply).outcome().is_none());
        }
    }
    // Off the book: a first stone not equivalent to the book's, and ply 3.
    let other = Cell::all().find(|&c| representative(c) != representative(cell(FIRST)));
    let other = start.play(other.unwrap());
    let open = Cell::all().find(|&c| other.is_legal(c) && c.bit() != other.stones(Player::First));
    assert_eq!(book_move(&other.play(open.unwrap())), None);
    let after_swap = start.play(cell(FIRST)).play(cell(FIRST));
    let reply = book_move(&after_swap).unwrap();
    let third = Cell::all().find(|&c| after_swap.play(reply).is_legal(c));
    assert_eq!(
        book_move(&after_swap.play(reply).play(third.unwrap())),
        None
    );
}

#[test]
fn the_bot_plays_the_book() {
    let mut engine = Engine::new(&BotOptions::default());
    engine.set_verbose(false);
    let start = Board::start();
    let no_time = || Deadline::from_now(Duration::ZERO);
    assert_eq!(engine.choose(&start, no_time()), Some(cell(FIRST)));
    for first in Cell::all() {
        let board = start.play(first);
        assert_eq!(
            engine.choose(&board, no_time()),
            book_move(&board),
            "{first}"
        );
    }
    let board = start.play(cell(FIRST));
    for (theirs, &reply) in REPLIES.iter().enumerate() {
        let position = board.play(Cell::from_index(theirs).unwrap());
        let reply = Cell::from_index(usize::from(reply));
        assert_eq!(engine.choose(&position, no_time()), reply, "after {theirs}");
    }
}

#[test]
fn after_a_theft_the_book_answers_its_replies_in_every_orientation() {
    for &(stolen, theirs, answer) in AFTER_THEFT.iter() {
        let entry = ANSWERS.iter().find(|a| a.0 == stolen).expect("a class");
        assert!(entry.1, "the book steals {stolen:?}");
        for t in 0..SYMMETRIES {
            let first = transform(t, cell(stolen));
            let after_theft = Board::start().play(first).play(first);
            assert_eq!(book_move(&Board::start().play(first)), Some(first));
            let position = after_theft.play(transform(t, cell(theirs)));
            let m = book_move(&position).expect("the reply is in the book");
            assert!(position.is_legal(m));
            // The answer stands in the same relation to the stones as the table's.
            let back = Cell::all().find(|&c| transform(t, c) == m).unwrap();
            let twin = (0..SYMMETRIES).any(|u| {
                transform(u, cell(stolen)) == cell(stolen)
                    && transform(u, cell(theirs)) == cell(theirs)
                    && transform(u, cell(answer)) == back
            });
            assert!(twin, "symmetry {t}: {m}");
        }
    }
    // Another reply after the theft is not in the tables of the first plies.
    let first = cell(AFTER_THEFT[0].0);
    let after_theft = Board::start().play(first).play(first);
    let other = Cell::all()
        .find(|&c| {
            c != first
                && !AFTER_THEFT
                    .iter()
                    .any(|a| representative(cell(a.1)) == representative(c))
        })
        .unwrap();
    assert_eq!(first_plies_move(&after_theft.play(other)), None);
}

/// `board` with every stone carried by symmetry `t`, the same player to move.
fn transformed(board: &Board, t: u8) -> Board {
    Board::from_stones(
        transform_cells(t, board.stones(Player::First)),
        transform_cells(t, board.stones(Player::Second)),
        board.side_to_move(),
    )
    .expect("a symmetry keeps a position a position")
}

#[test]
fn a_set_of_cells_moves_as_its_cells_do() {
    let mut rng = SmallRng::seed_from_u64(5);
    for _ in 0..50 {
        let cells: Vec<Cell> = Cell::all().filter(|_| rng.gen_bool(0.3)).collect();
        let bits = cells.iter().fold(0, |b, c| b | c.bit());
        for t in 0..SYMMETRIES {
            let image = cells.iter().fold(0, |b, &c| b | transform(t, c).bit());
            assert_eq!(transform_cells(t, bits), image);
            assert_eq!(transform_cells(inverse(t), image), bits);
        }
    }
}

#[test]
fn every_line_is_played_legally_and_its_answer_found_in_every_orientation() {
    assert!(!LINES.is_empty());
    let mut positions = std::collections::HashSet::new();
    let detours = DETOURS.iter().map(|&(line, _, answer)| (line, answer));
    for (line, answer) in LINES
        .iter()
        .copied()
        .chain(PROVEN.iter().copied())
        .chain(detours)
    {
        let board = line_board(line).expect("every move of a line is legal");
        assert!(board.outcome().is_none(), "{line:?} is not over");
        assert!(positions.insert(canonical(&board)), "{line:?} twice");
        let answer = Cell::from_index(usize::from(answer)).expect("a cell");
        assert!(board.is_legal(answer), "{line:?}: {answer}");
        // The tables of the first plies answer first; a line they cover would never be read.
        assert_eq!(first_plies_move(&board), None, "{line:?}");
        for t in 0..SYMMETRIES {
            let image = transformed(&board, t);
            let m = book_move(&image).expect("the line's position is in the book");
            assert!(image.is_legal(m));
            // The answer stands in the same relation to the stones as the line's (up to a
            // symmetry that keeps the position).
            let same = (0..SYMMETRIES)
                .any(|u| transformed(&board, u) == image && transform(u, answer) == m);
            assert!(same, "{line:?}, symmetry {t}: {m}");
        }
    }
}

#[test]
fn a_position_off_the_lines_has_no_line_move() {
    // The start and a position after a first stone and a far reply are not lines.
    assert_eq!(line_move(&Board::start()), None);
    let far = Board::start().play(cell((0, 0))).play(cell((4, 8)));
    assert_eq!(line_move(&far), None);
}

#[test]
fn the_lines_analysis_explores_both_sides_and_writes_entries_that_read_back() {
    let request = parse_lines(&[
        "--moves".to_string(),
        "2 0, 3 3, 5 3".to_string(),
        "--side".to_string(),
        "2".to_string(),
        "--depth".to_string(),
        "2".to_string(),
        "--shallow".to_string(),
        "1".to_string(),
        "--plies".to_string(),
        "3".to_string(),
        "--width".to_string(),
        "2".to_string(),
    ])
    .expect("good options");
    assert_eq!(request.start.len(), 3);
    assert_eq!(request.side, Player::Second);
    let moves = analyse_lines(&request, 1 << 16, |_| {});
    // Player 2 moves first (one position), then after each followed reply of Player 1 (one to
    // three positions, the same up to symmetry only once).
    assert!((2..=4).contains(&moves.len()), "{moves:?}");
    for m in &moves {
        let board = m
            .line
            .iter()
            .try_fold(Board::start(), |b, &c| b.try_play(c).ok())
            .expect("a legal line");
        assert_eq!(board.side_to_move(), Player::Second);
        assert!(board.is_legal(m.best));
    }
    let text = format_lines(&moves);
    assert_eq!(text.lines().count(), moves.len());
    let first = text.lines().next().unwrap();
    let cells: Vec<String> = moves[0]
        .line
        .iter()
        .map(|c| c.index().to_string())
        .collect();
    assert_eq!(
        first.trim(),
        format!("(&[{}], {}),", cells.join(", "), moves[0].best.index())
    );
}

#[test]
fn the_lines_options_refuse_garbage() {
    let words = |text: &str| -> Vec<String> { text.split(' ').map(str::to_string).collect() };
    for bad in [
        "--side 3",
        "--depth x",
        "--plies",
        "--frobnicate 1",
        "--width -1",
    ] {
        assert!(parse_lines(&words(bad)).is_err(), "{bad}");
    }
    assert!(parse_lines(&["--moves".to_string(), "2 2, 9 9".to_string()]).is_err());
    assert!(parse_lines(&["--moves".to_string(), "2 2, 3 3, 3 3".to_string()]).is_err());
    let request: LinesRequest = parse_lines(&[]).expect("defaults");
    assert!(request.start.is_empty());
}

#[test]
fn a_shallow_analysis_formats_a_table_of_the_books_shape() {
    let analysis = analyse_book(1, 1 << 16, None, |_| {}).expect("every position has a move");
    assert_eq!(analysis.classes.len(), ANSWERS.len());
    assert_eq!(analysis.replies.len(), REPLIES.len());
    assert_eq!(analysis.replies[analysis.first.index()].0, analysis.first);
    let text = format_book(&analysis, 1);
    assert!(text.contains("pub const ANSWERS: [(Xy, bool, Xy); 9] = ["));
    assert!(text.contains("pub const REPLIES: [u8; 61] = ["));
    // The chosen first stone is the class whose score is nearest 0.
    let best = analysis
        .classes
        .iter()
        .map(|c| c.1.score.abs())
        .min()
        .unwrap();
    let first = analysis
        .classes
        .iter()
        .find(|c| c.0 == analysis.first)
        .unwrap();
    assert_eq!(first.1.score.abs(), best);
    assert!(text.contains(&format!(
        "--first {},{}`",
        analysis.first.x(),
        analysis.first.y()
    )));
}

#[test]
fn a_given_first_stone_is_the_books_in_its_class() {
    // An image of (1, 1) under a rotation stands for its class.
    let given = transform(3, cell((1, 1)));
    assert_ne!(given, cell((1, 1)));
    let analysis = analyse_book(1, 1 << 16, Some(given), |_| {}).expect("a move everywhere");
    assert_eq!(analysis.first, representative(given));
    assert_eq!(analysis.first, cell((1, 1)));
    assert!(format_book(&analysis, 1).contains("pub const FIRST: Xy = (1, 1);"));
}

#[test]
fn the_evaluation_is_the_weighted_sum_of_the_tuners_features() {
    let weights = current_weights();
    let mut checked = 0;
    for seed in 0..200u64 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut board = Board::start();
        for _ in 0..(seed % 30) {
            let moves: Vec<Cell> = board.legal_moves().iter().copied().collect();
            let Some(&m) = moves.choose(&mut rng) else {
                break;
            };
            let next = board.play(m);
            if next.outcome().is_some() {
                break;
            }
            board = next;
        }
        if !is_quiet(&board) {
            continue;
        }
        assert_eq!(
            evaluate(&board),
            weighted_sum(&board, &weights),
            "\n{board}"
        );
        assert_eq!(features(&board)[weights.len() - 1], 1);
        checked += 1;
    }
    assert!(checked > 100, "only {checked} quiet positions");
}

#[test]
fn every_proven_answer_wins_by_proof() {
    assert!(!PROVEN.is_empty());
    let mut prover = Prover::new(16 << 20);
    for &(line, answer) in PROVEN {
        let board = line_board(line).expect("a legal line");
        let me = board.side_to_move();
        let after = board.play(Cell::from_index(usize::from(answer)).expect("a cell"));
        // Unlimited: the proof is deterministic and ends; a clock would fail it on a busy machine.
        let deadline = Deadline::unlimited();
        assert_eq!(
            prover.prove(&after, me, deadline),
            Some(true),
            "{line:?}: the answer {answer} is proven to win"
        );
    }
}

#[test]
#[ignore = "slow (20 to 40 s): .ci/run runs it, as the README says"]
fn every_detour_avoids_a_proven_loss_and_its_answer_is_not_proven_lost() {
    assert!(!DETOURS.is_empty());
    let mut prover = Prover::new(16 << 20);
    for &(line, avoided, answer) in DETOURS {
        let board = line_board(line).expect("a legal line");
        let opponent = board.side_to_move().other();
        assert_ne!(avoided.first(), Some(&answer), "{line:?}");
        let lost = line_board(&[line, avoided].concat()).expect("a legal avoided line");
        assert_eq!(
            prover.prove(&lost, opponent, Deadline::unlimited()),
            Some(true),
            "{line:?}: after the avoided {avoided:?} the opponent is proven to win"
        );
        let answered = board.play(Cell::from_index(usize::from(answer)).expect("a cell"));
        assert_ne!(
            prover.prove(
                &answered,
                opponent,
                Deadline::from_now(Duration::from_secs(1))
            ),
            Some(true),
            "{line:?}: the answer {answer} is proven lost"
        );
        assert_eq!(
            book_move(&board).map(Cell::index),
            Some(usize::from(answer))
        );
    }
}

/// The first moves of a game after the theft of `(2, 2)` in which Player 2 has a proven win
/// (the position of the entry of `PROVEN`).
const PROVEN_WIN: &str = "2 2,2 2,4 4,3 3,2 6,3 5,5 4,1 6,2 5";

/// [`PROVEN_WIN`], then Player 2 leaving its win: a move that makes a 3 and loses at once (so
/// that the proof that it does not keep the win is immediate).
fn win_left() -> Vec<Cell> {
    let mut moves: Vec<Cell> = PROVEN_WIN
        .split(',')
        .map(|m| parse_move(m.trim()).unwrap())
        .collect();
    let board = line_board(&moves.iter().map(|c| c.index() as u8).collect::<Vec<_>>()).unwrap();
    let losing = board
        .legal_moves()
        .into_iter()
        .find(|&m| board.play(m).outcome() == Some(Outcome::Three(Player::Second)))
        .expect("a move that makes a 3");
    moves.push(losing);
    moves
}

#[test]
fn a_proven_win_left_is_found_where_it_was_left_and_its_move_wins() {
    let moves = win_left();
    let budget = Duration::from_secs(10);
    let mut prover = Prover::new(16 << 20);
    let entry = left_win(&moves, Player::Second, 7, budget, &mut prover).expect("a win left");
    assert_eq!(entry.line, moves[..9]);
    let board = entry.line.iter().fold(Board::start(), |b, &m| b.play(m));
    let deadline = Deadline::from_now(budget);
    assert_eq!(
        prover.prove(&board.play(entry.best), Player::Second, deadline),
        Some(true)
    );
    // Where the game plays the proof's move, nothing was left.
    let mut kept = moves[..9].to_vec();
    kept.push(entry.best);
    assert_eq!(
        left_win(&kept, Player::Second, 7, budget, &mut prover),
        None
    );
}

#[test]
fn the_proven_tool_reads_records_and_prints_the_entry() {
    let dir = test_support::process::scratch_dir("yavalath-book", "proven");
    let mut record = String::from("# yavalath\n");
    for (k, &m) in win_left().iter().enumerate() {
        record.push_str(&format!("# opening: {} {}\n", k % 2 + 1, format_move(m)));
    }
    record.push_str("# result: p1 opponent made a 3\n");
    let paths = [dir.join("game-1.txt"), dir.join("game-2.txt")];
    for path in &paths {
        std::fs::write(path, &record).unwrap();
    }
    let tool = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_yavalath-tune"))
            .arg("proven")
            .args(args)
            .args(&paths)
            .output()
            .unwrap()
    };
    let out = tool(&["--side", "2", "--from-ply", "7", "--seconds", "10"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.starts_with("    (&[13, 13, 30, 21, 45, 38, 31, 44, 37], "),
        "{stdout}"
    );
    assert_eq!(
        stdout.lines().count(),
        2,
        "one entry and its game: {stdout}"
    );
    assert!(
        stderr.contains("proven: 1 distinct lost games, 1 positions"),
        "{stderr}"
    );
    // Player 1 lost none of them.
    let out = tool(&["--side", "1"]);
    assert!(out.status.success() && out.stdout.is_empty());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_proven_options_refuse_garbage() {
    let args = |list: &[&str]| list.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    let request = parse_proven(&args(&[
        "--side",
        "2",
        "--seconds",
        "1.5",
        "a.txt",
        "b.txt",
    ]))
    .expect("good options");
    assert_eq!(request.side, Some(Player::Second));
    assert_eq!(request.budget, Duration::from_millis(1500));
    assert_eq!((request.from_ply, request.records.len()), (3, 2));
    for (bad, message) in [
        (&[][..], "proven needs at least one record"),
        (&["a.txt", "--side", "3"][..], "--side: 1 or 2, not 3"),
        (
            &["a.txt", "--seconds", "soon"][..],
            "--seconds: not a number of seconds: soon",
        ),
        (
            &["a.txt", "--seconds", "0"][..],
            "--seconds: not a number of seconds: 0",
        ),
        (
            &["a.txt", "--seconds", "NaN"][..],
            "--seconds: not a number of seconds: NaN",
        ),
        (
            &["a.txt", "--from-ply", "-1"][..],
            "--from-ply: not a ply: -1",
        ),
        (&["a.txt", "--depth", "3"][..], "unknown option --depth"),
        (&["a.txt", "--seconds"][..], "--seconds needs a value"),
    ] {
        assert_eq!(
            parse_proven(&args(bad)),
            Err(message.to_string()),
            "{bad:?}"
        );
    }
}
