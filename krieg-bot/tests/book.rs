//! The proof book: its table, the mirror images it relies on, and the winning strategy it makes
//! with the quick proof: walked exhaustively against every defence, played against many, and
//! checked against the solver.

use common::game::Board as _;
use krieg::board::{Board, Move, Outcome, Side};
use krieg::book::{
    book_move, oriented, quick_proof, strategy_move, walk, WalkError, QUICK_NODES,
    QUICK_TABLE_BYTES,
};
use krieg::book_moves::{BOOK_MOVES, LONGEST_WIN};
use krieg::dfpn::ProofSearch;
use krieg::solver::PROVEN_FIRST_MOVE;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rustc_hash::{FxHashMap, FxHashSet};

/// Sentinel's rule in play: the book's move, else the quick proof's.
fn sentinel_move(quick: &mut ProofSearch, board: &Board) -> Option<Move> {
    strategy_move(quick, board)
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

/// The exhaustive walk of Sentinel's rule: every position met (oriented, so a position and its
/// mirror image as one) with the plies from it to the end of its longest game.
struct ExhaustiveWalk {
    quick: ProofSearch,
    longest: FxHashMap<Board, u32>,
    book_moves_used: FxHashSet<u64>,
    most_quick_nodes: u64,
}

impl ExhaustiveWalk {
    fn sentinel_won(outcome: Outcome) -> bool {
        matches!(
            outcome,
            Outcome::Win {
                winner: Side::Sentinel,
                ..
            }
        )
    }

    /// Plies from `board` (Sentinel to move, not over) to the end of its longest game; panics
    /// unless every game from it ends in a Sentinel win.
    fn longest_from(&mut self, board: &Board) -> u32 {
        let (oriented, _) = oriented(board);
        if let Some(&plies) = self.longest.get(&oriented) {
            return plies;
        }
        let mv = match book_move(board) {
            Some(mv) => {
                self.book_moves_used.insert(oriented.hash());
                mv
            }
            None => {
                // The quick proof settles every other position within its node budget.
                let proof = quick_proof(&mut self.quick, board, QUICK_NODES);
                assert!(
                    proof.nodes <= QUICK_NODES,
                    "{} nodes in\n{board}",
                    proof.nodes
                );
                self.most_quick_nodes = self.most_quick_nodes.max(proof.nodes);
                proof
                    .win
                    .unwrap_or_else(|| panic!("no move for Sentinel in\n{board}"))
            }
        };
        let after = board.try_play(mv).expect("a legal move");
        let plies = match after.outcome() {
            Some(outcome) if Self::sentinel_won(outcome) => 1,
            Some(outcome) => panic!("{outcome:?} after {mv:?} in\n{board}"),
            None => {
                let mut most = 0;
                for &reply in after.legal_moves().iter() {
                    let next = after.play(reply);
                    let rest = match next.outcome() {
                        None => self.longest_from(&next),
                        Some(outcome) if Self::sentinel_won(outcome) => 0,
                        Some(outcome) => panic!("{outcome:?} after {reply:?} in\n{after}"),
                    };
                    most = most.max(1 + rest);
                }
                1 + most
            }
        };
        self.longest.insert(oriented, plies);
        plies
    }
}

#[test]
fn sentinel_wins_against_every_defence_within_the_longest_win() {
    // Every game Sentinel can play by its rule, against every Scourge move, from the start: at
    // each Sentinel position the rule has a move (the quick proof's within its node budget where
    // the book has none), and every game ends in a Sentinel win. This walk rests on the rules
    // alone (the quick proof only proposes moves; the outcomes are the rules'), so it checks the
    // book, the quick proof and the claim that Sentinel wins Krieg, and its longest game is the
    // bound `solve` prints for the start.
    let mut exhaustive = ExhaustiveWalk {
        quick: ProofSearch::new(QUICK_TABLE_BYTES),
        longest: FxHashMap::default(),
        book_moves_used: FxHashSet::default(),
        most_quick_nodes: 0,
    };
    let longest = exhaustive.longest_from(&Board::start());
    // Every book move is on the way (none is dead weight), and the walk is the generator's (its
    // counts are in `book_moves.rs`).
    assert_eq!(exhaustive.book_moves_used.len(), BOOK_MOVES.len());
    assert_eq!(exhaustive.longest.len(), 354_894);
    assert_eq!(longest, LONGEST_WIN);
    // The bound the crate docs give: Sentinel wins within 45 plies.
    assert_eq!(LONGEST_WIN, 45);
    // (The budget is used: it is not far above what the strategy needs.)
    assert!(
        exhaustive.most_quick_nodes > QUICK_NODES / 2,
        "{}",
        exhaustive.most_quick_nodes
    );

    // The library's walk, which `solve` runs, measures the same longest games, on book positions
    // whose longest games are 10 to 16 plies (the start's takes as long as this test).
    let mut rng = SmallRng::seed_from_u64(11);
    let mut checked = 0;
    let mut positions: Vec<(Board, u32)> =
        exhaustive.longest.iter().map(|(b, &p)| (*b, p)).collect();
    positions.sort_by_key(|&(board, plies)| (plies, board.hash()));
    let mut mid: Vec<(Board, u32)> = positions
        .into_iter()
        .filter(|&(board, plies)| (10..=16).contains(&plies) && book_move(&board).is_some())
        .collect();
    mid.shuffle(&mut rng);
    for &(board, plies) in mid.iter().take(8) {
        let library = walk(&board, None).expect("the strategy wins");
        assert_eq!(library.longest, plies, "\n{board}");
        checked += 1;
    }
    assert!(checked >= 4, "{checked}");
}

#[test]
fn the_walk_reports_where_the_strategy_has_no_move() {
    // Scourge to move at the start of its game: no book there, and the quick proof cannot win a
    // position Sentinel wins.
    let board = Board::start().play(PROVEN_FIRST_MOVE);
    assert!(matches!(walk(&board, None), Err(WalkError::NoMove(_))));
    let past = std::time::Instant::now();
    assert_eq!(
        walk(&Board::start(), Some(past)).err(),
        Some(WalkError::OutOfTime)
    );
}

#[test]
fn the_engine_plays_the_strategy_whatever_its_clock() {
    // The bot as Sentinel, at 1 ms a move and asked only after its time is over, still plays the
    // strategy's move in every position of games against random defences: the book and the quick
    // proof have no clock.
    let options = common::cli::BotOptions {
        movetime: Some(std::time::Duration::from_millis(1)),
        ..common::cli::BotOptions::default()
    };
    let mut engine = krieg::engine::Engine::new(&options);
    engine.set_verbose(false);
    let mut quick = ProofSearch::new(QUICK_TABLE_BYTES);
    let mut rng = SmallRng::seed_from_u64(23);
    let mut sentinel_moves = 0;
    for _ in 0..12 {
        let mut board = Board::start();
        while board.outcome().is_none() {
            let mv = if board.side_to_move() == Side::Sentinel {
                let now = std::time::Instant::now();
                let late = now
                    .checked_sub(std::time::Duration::from_secs(1))
                    .unwrap_or(now);
                let chosen = engine
                    .choose(&board, engine.deadline(late))
                    .expect("a move");
                assert_eq!(Some(chosen), strategy_move(&mut quick, &board), "\n{board}");
                sentinel_moves += 1;
                chosen
            } else {
                *board.legal_moves().choose(&mut rng).unwrap()
            };
            board = board.play(mv);
        }
        assert!(
            matches!(
                board.outcome(),
                Some(Outcome::Win {
                    winner: Side::Sentinel,
                    ..
                })
            ),
            "{board}"
        );
    }
    assert!(sentinel_moves > 12 * 4, "{sentinel_moves}");
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
