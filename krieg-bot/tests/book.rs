//! The proof book: its table, the mirror images it relies on, and the winning strategy it makes
//! with the quick proof: walked exhaustively against every defence, played against many, and
//! checked against the solver.

use krieg::board::{Board, Move, Outcome, Side};
use krieg::book::{book_move, oriented, quick_win, QUICK_TABLE_BYTES};
use krieg::book_moves::BOOK_MOVES;
use krieg::dfpn::ProofSearch;
use krieg::solver::PROVEN_FIRST_MOVE;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rustc_hash::FxHashSet;

/// Sentinel's rule in play: the book's move, else the quick proof's.
fn sentinel_move(quick: &mut ProofSearch, board: &Board) -> Option<Move> {
    book_move(board).or_else(|| quick_win(quick, board, None))
}

/// How Scourge defends in [`play_out`].
#[derive(Clone, Copy)]
enum Defence {
    /// Any legal move.
    Random,
    /// A move into a position the book holds (one the quick proof cannot settle) when there is
    /// one: the walk goes as deep into the book as it reaches.
    IntoTheBook,
}

/// Plays a game from the start, Sentinel by its rule, Scourge by `defence`; returns the outcome
/// and the Sentinel positions where the book moved, with their plies.
fn play_out(seed: u64, defence: Defence, quick: &mut ProofSearch) -> (Outcome, Vec<(u32, Board)>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut board = Board::start();
    let mut from_book = Vec::new();
    for ply in 0.. {
        if let Some(outcome) = board.outcome() {
            return (outcome, from_book);
        }
        let mv = match board.side_to_move() {
            Side::Sentinel => {
                if book_move(&board).is_some() {
                    from_book.push((ply, board));
                }
                sentinel_move(quick, &board)
                    .unwrap_or_else(|| panic!("no proven move for Sentinel in\n{board}"))
            }
            Side::Scourge => {
                let moves = board.legal_moves();
                let into_book: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| book_move(&board.play(m)).is_some())
                    .collect();
                match defence {
                    Defence::IntoTheBook if !into_book.is_empty() => {
                        *into_book.choose(&mut rng).unwrap()
                    }
                    _ => *moves.choose(&mut rng).unwrap(),
                }
            }
        };
        board = board.try_play(mv).expect("a legal move");
    }
    unreachable!("every game ends")
}

fn assert_sentinel_wins(defence: Defence, seeds: std::ops::Range<u64>) -> Vec<(u32, Board)> {
    let mut quick = ProofSearch::new(QUICK_TABLE_BYTES);
    let mut from_book = Vec::new();
    for seed in seeds {
        let (outcome, positions) = play_out(seed, defence, &mut quick);
        assert!(
            matches!(
                outcome,
                Outcome::Win {
                    winner: Side::Sentinel,
                    ..
                }
            ),
            "seed {seed}: {outcome:?}"
        );
        from_book.extend(positions);
    }
    from_book
}

#[test]
fn sentinel_wins_against_every_defence() {
    // Every game Sentinel can play by its rule, against every Scourge move, from the start: at
    // each Sentinel position the rule has a move, and every game ends in a Sentinel win. This
    // walk rests on the rules alone (the quick proof only proposes moves; the outcomes are the
    // rules'), so it checks the book, the quick proof and the claim that Sentinel wins Krieg.
    // Positions are merged exactly: a position and its mirror image as one.
    let mut quick = ProofSearch::new(QUICK_TABLE_BYTES);
    let mut seen = FxHashSet::default();
    let mut pending = vec![Board::start()];
    let mut book_moves_used = FxHashSet::default();
    while let Some(board) = pending.pop() {
        let (oriented, _) = oriented(&board);
        if !seen.insert(oriented) {
            continue;
        }
        let mv = match book_move(&board) {
            Some(mv) => {
                book_moves_used.insert(oriented.hash());
                mv
            }
            None => quick_win(&mut quick, &board, None)
                .unwrap_or_else(|| panic!("no move for Sentinel in\n{board}")),
        };
        let after = board.try_play(mv).expect("a legal move");
        match after.outcome() {
            Some(Outcome::Win {
                winner: Side::Sentinel,
                ..
            }) => continue,
            Some(outcome) => panic!("{outcome:?} after {mv:?} in\n{board}"),
            None => {}
        }
        for &reply in after.legal_moves().iter() {
            let next = after.play(reply);
            match next.outcome() {
                None => pending.push(next),
                Some(Outcome::Win {
                    winner: Side::Sentinel,
                    ..
                }) => {}
                Some(outcome) => panic!("{outcome:?} after {reply:?} in\n{after}"),
            }
        }
    }
    // Every book move is on the way (none is dead weight), and the walk is the generator's (its
    // count is in `book_moves.rs`'s first line).
    assert_eq!(book_moves_used.len(), BOOK_MOVES.len());
    assert_eq!(seen.len(), 354_894);
}

#[test]
fn the_book_is_sorted_by_key_without_repeats() {
    assert!(BOOK_MOVES.windows(2).all(|w| w[0].0 < w[1].0));
    assert!(BOOK_MOVES.iter().all(|&(_, from, to)| from < 25 && to < 25));
}

#[test]
fn the_book_opens_with_the_proofs_first_move() {
    assert_eq!(book_move(&Board::start()), Some(PROVEN_FIRST_MOVE));
}

#[test]
fn a_mirror_image_has_the_mirrored_moves_and_the_book_answers_both() {
    let mut rng = SmallRng::seed_from_u64(7);
    for _ in 0..200 {
        let mut board = Board::start();
        while board.outcome().is_none() {
            let mirror = board.mirrored();
            assert_eq!(mirror.mirrored(), board);
            assert_eq!(mirror.hash(), mirror.compute_hash());
            let mut ours: Vec<Move> = board.legal_moves().iter().map(|m| m.mirrored()).collect();
            let mut theirs: Vec<Move> = mirror.legal_moves().to_vec();
            ours.sort_by_key(|m| (m.from, m.to));
            theirs.sort_by_key(|m| (m.from, m.to));
            assert_eq!(ours, theirs);
            if mirror != board {
                // (A symmetric position is its own mirror image, answered once.)
                assert_eq!(book_move(&mirror), book_move(&board).map(Move::mirrored));
            }
            board = board.play(*board.legal_moves().choose(&mut rng).unwrap());
        }
    }
}

#[test]
fn sentinel_wins_every_game_against_random_defences() {
    assert_sentinel_wins(Defence::Random, 0..24);
}

#[test]
fn sentinel_wins_every_game_against_defences_that_seek_the_book() {
    let from_book = assert_sentinel_wins(Defence::IntoTheBook, 100..124);
    // The walk reaches past the first move: the book is exercised, not only its first entry.
    assert!(
        from_book.len() > 24 * 2,
        "{} book positions",
        from_book.len()
    );
}

#[test]
fn book_moves_keep_the_win_for_the_solver() {
    // The deepest book positions of a few book-seeking games: the solver proves each book move
    // wins (a position earlier in the game needs far more than a test's budget).
    let mut positions = assert_sentinel_wins(Defence::IntoTheBook, 200..206);
    positions.sort_by_key(|&(ply, board)| (std::cmp::Reverse(ply), board.hash()));
    positions.dedup();
    let mut proof = ProofSearch::new(16 << 20);
    proof.set_node_limit(Some(3_000_000));
    let mut proven = 0;
    for (_, board) in positions.iter().take(12) {
        let mv = book_move(board).unwrap();
        let after = board.play(mv);
        if let Some(won) = proof.wins(&after, Side::Sentinel, None) {
            assert!(won, "the book's {mv:?} loses the win in\n{board}");
            proven += 1;
        }
    }
    assert!(proven >= 6, "only {proven} book moves settled");
}
