//! The opening book: its symmetries, its table (every move legal, every answer there), the bot
//! playing it; and the tuner's evaluation features, which must add up to the evaluation.

use common::cli::BotOptions;
use common::clock::Deadline;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::time::Duration;
use yavalath::board::{Board, Cell, Player, CELLS};
use yavalath::book::{
    book_move, inverse, representative, symmetry_to, transform, AFTER_THEFT, ANSWERS, FIRST,
    REPLIES, SYMMETRIES,
};
use yavalath::engine::{opening_equivalents, should_swap, Engine};
use yavalath::eval::evaluate;
use yavalath::tune::{
    analyse_book, class_representatives, current_weights, features, format_book, is_quiet, orbit,
    weighted_sum,
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
    // Another reply after the theft is left to the search.
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
    assert_eq!(book_move(&after_theft.play(other)), None);
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
