//! The property suite every game runs over thousands of random positions of its own: the
//! incremental hash equals the recomputed one; printing a move and parsing it back gives the same
//! move; `try_play` accepts exactly the legal moves, playing them as `play` does.
//!
//! A game takes part through an adapter, a unit type implementing [`GameUnderTest`] in its
//! `tests/properties.rs`, and one test calling [`check_properties`]. Where the board's methods
//! have the usual names, [`rules_by_name!`](crate::rules_by_name) writes the adapter's rules
//! part (and its notation part, given the functions) inside the `impl`.

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::fmt::Debug;

/// A game's rules as the property suite sees them.
pub trait GameUnderTest {
    /// A position.
    type Board: Clone + PartialEq + Debug;
    /// A move.
    type Move: Copy + PartialEq + Debug;

    /// The start of a game.
    fn start() -> Self::Board;
    /// Whether the game is over in `board`.
    fn is_over(board: &Self::Board) -> bool;
    /// The legal moves of `board`.
    fn legal_moves(board: &Self::Board) -> Vec<Self::Move>;
    /// `board` after the legal move `m`.
    fn play(board: &Self::Board, m: Self::Move) -> Self::Board;
    /// `board` after `m` if the rules allow it, else why not.
    fn try_play(board: &Self::Board, m: Self::Move) -> Result<Self::Board, String>;
    /// The hash `board` carries, kept up to date move by move.
    fn hash(board: &Self::Board) -> u64;
    /// The hash of `board` computed from scratch.
    fn recomputed_hash(board: &Self::Board) -> u64;
    /// `m` as the protocol prints it in `board`.
    fn format_move(board: &Self::Board, m: Self::Move) -> String;
    /// A move read back as the protocol reads it in `board`.
    fn parse_move(board: &Self::Board, text: &str) -> Result<Self::Move, String>;
    /// Moves of the game's move type to offer `try_play` in `board`: every encodable move where
    /// there are few, or a sample of them; the legal ones among them are set aside and the rest
    /// must be rejected.
    fn candidate_moves(board: &Self::Board, rng: &mut SmallRng) -> Vec<Self::Move>;
}

/// The items of a [`GameUnderTest`] implementation that call the board's own methods:
/// `start`, `outcome`, `play`, `try_play` and `hash` by those names, the legal moves and the
/// recomputed hash by the names given; and, given `format` (`fn(Move) -> String`) and `parse`
/// (`fn(&str) -> Result<Move, E>`), the notation, for games whose moves read the same whatever
/// the position. Write it inside the `impl` block, then `candidate_moves` (and the notation, if
/// not given here). Without `start`, `moves` and `recomputed_hash`, the names every game crate
/// uses: `Board::start()`, `legal_moves` and `compute_hash`.
#[macro_export]
macro_rules! rules_by_name {
    ($board:ty, $move:ty; format: $format:expr, parse: $parse:expr) => {
        $crate::rules_by_name!(
            $board, $move;
            start: <$board>::start(), moves: legal_moves, recomputed_hash: compute_hash,
            format: $format, parse: $parse
        );
    };
    ($board:ty, $move:ty) => {
        $crate::rules_by_name!(
            $board, $move;
            start: <$board>::start(), moves: legal_moves, recomputed_hash: compute_hash
        );
    };
    ($board:ty, $move:ty; start: $start:expr, moves: $moves:ident, recomputed_hash: $rehash:ident,
        format: $format:expr, parse: $parse:expr) => {
        $crate::rules_by_name!($board, $move; start: $start, moves: $moves, recomputed_hash: $rehash);
        fn format_move(_: &$board, m: $move) -> String {
            ($format)(m)
        }
        fn parse_move(_: &$board, text: &str) -> Result<$move, String> {
            ($parse)(text).map_err(|e| e.to_string())
        }
    };
    ($board:ty, $move:ty; start: $start:expr, moves: $moves:ident, recomputed_hash: $rehash:ident) => {
        type Board = $board;
        type Move = $move;
        fn start() -> $board {
            $start
        }
        fn is_over(board: &$board) -> bool {
            board.outcome().is_some()
        }
        fn legal_moves(board: &$board) -> Vec<$move> {
            board.$moves().to_vec()
        }
        fn play(board: &$board, m: $move) -> $board {
            board.play(m)
        }
        fn try_play(board: &$board, m: $move) -> Result<$board, String> {
            board.try_play(m).map_err(|e| e.to_string())
        }
        fn hash(board: &$board) -> u64 {
            board.hash()
        }
        fn recomputed_hash(board: &$board) -> u64 {
            board.$rehash()
        }
    };
}

/// What [`check_properties`] went through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Positions checked.
    pub positions: usize,
    /// Games played out.
    pub games: usize,
    /// Games that ended by the rules (the others stopped at the ply cap).
    pub finished: usize,
    /// Candidate moves `try_play` rejected.
    pub rejected: usize,
}

/// Checks every property in every position of seeded random games of `G`, played from the start
/// until they end or reach `max_plies`, until `positions` positions have been checked. Panics on
/// the first property that fails, naming the game and ply, and when the games never reached an
/// end by the rules or no candidate move was ever rejected (a run that could not fail).
pub fn check_properties<G: GameUnderTest>(
    positions: usize,
    max_plies: usize,
    seed: u64,
) -> Coverage {
    let mut coverage = Coverage::default();
    let mut rng = SmallRng::seed_from_u64(seed);
    while coverage.positions < positions {
        let mut board = G::start();
        coverage.games += 1;
        for ply in 0..=max_plies {
            let at = format!("game {} ply {ply}: {board:?}", coverage.games);
            coverage.rejected += check_position::<G>(&board, &mut rng, &at);
            coverage.positions += 1;
            if G::is_over(&board) {
                coverage.finished += 1;
                break;
            }
            if ply == max_plies {
                break;
            }
            let moves = G::legal_moves(&board);
            let m = *moves
                .choose(&mut rng)
                .expect("a game not over has a legal move");
            board = G::play(&board, m);
        }
    }
    assert!(
        coverage.finished > 0 && coverage.rejected > 0,
        "no game ended or no move was rejected: {coverage:?}"
    );
    coverage
}

/// Checks the properties in one position; returns how many candidate moves were rejected.
///
/// `try_play` accepts exactly the legal moves: every legal move is accepted, and every candidate
/// it accepts is in the legal list. (A candidate equal to a legal move is accepted like it, so a
/// rejected candidate needs no look-up.)
fn check_position<G: GameUnderTest>(board: &G::Board, rng: &mut SmallRng, at: &str) -> usize {
    assert_eq!(G::hash(board), G::recomputed_hash(board), "hash, {at}");
    let legal = G::legal_moves(board);
    for &m in &legal {
        let text = G::format_move(board, m);
        assert_eq!(G::parse_move(board, &text), Ok(m), "{text} read back, {at}");
        let after = G::try_play(board, m)
            .unwrap_or_else(|e| panic!("legal move {text} refused ({e}), {at}"));
        assert_eq!(
            after,
            G::play(board, m),
            "try_play {text} plays as play does, {at}"
        );
    }
    let mut rejected = 0;
    for m in G::candidate_moves(board, rng) {
        match G::try_play(board, m) {
            Ok(_) => assert!(legal.contains(&m), "illegal move {m:?} accepted, {at}"),
            Err(_) => rejected += 1,
        }
    }
    rejected
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game: players add 1 or 2 to a total until it reaches 10. `BUG` plants one fault:
    /// 1 a stale hash, 2 a misread move, 3 an illegal move accepted.
    struct Toy<const BUG: u8>;

    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Total {
        total: u8,
        hash: u64,
    }

    fn key(total: u8) -> u64 {
        u64::from(total).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    impl<const BUG: u8> GameUnderTest for Toy<BUG> {
        type Board = Total;
        type Move = u8;

        fn start() -> Total {
            Total {
                total: 0,
                hash: key(0),
            }
        }
        fn is_over(board: &Total) -> bool {
            board.total >= 10
        }
        fn legal_moves(board: &Total) -> Vec<u8> {
            if Self::is_over(board) {
                Vec::new()
            } else {
                vec![1, 2]
            }
        }
        fn play(board: &Total, m: u8) -> Total {
            let total = board.total + m;
            let stale = BUG == 1 && total == 7;
            Total {
                total,
                hash: if stale { board.hash } else { key(total) },
            }
        }
        fn try_play(board: &Total, m: u8) -> Result<Total, String> {
            let accepted = (1..=2).contains(&m) || (BUG == 3 && m == 3 && board.total == 4);
            if accepted && !Self::is_over(board) {
                Ok(Self::play(board, m))
            } else {
                Err(format!("{m} is not 1 or 2"))
            }
        }
        fn hash(board: &Total) -> u64 {
            board.hash
        }
        fn recomputed_hash(board: &Total) -> u64 {
            key(board.total)
        }
        fn format_move(_: &Total, m: u8) -> String {
            m.to_string()
        }
        fn parse_move(board: &Total, text: &str) -> Result<u8, String> {
            let m: u8 = text.parse().map_err(|_| format!("not a number: {text}"))?;
            Ok(if BUG == 2 && board.total == 5 {
                3 - m
            } else {
                m
            })
        }
        fn candidate_moves(_: &Total, _: &mut SmallRng) -> Vec<u8> {
            (0..=4).collect()
        }
    }

    #[test]
    fn a_sound_game_passes_and_is_covered() {
        let coverage = check_properties::<Toy<0>>(500, 20, 1);
        assert!(coverage.positions >= 500 && coverage.finished == coverage.games);
    }

    /// The message of the panic of `run`, which must panic.
    fn panic_message(run: impl FnOnce() -> Coverage + std::panic::UnwindSafe) -> String {
        let payload = std::panic::catch_unwind(run).expect_err("the run must fail");
        match payload.downcast::<String>() {
            Ok(message) => *message,
            Err(payload) => payload.downcast_ref::<&str>().unwrap_or(&"").to_string(),
        }
    }

    #[test]
    fn a_run_that_could_not_fail_and_each_planted_fault_are_caught() {
        type Run = fn(usize, usize, u64) -> Coverage;
        // The run, its ply cap, and what its failure must say.
        let cases: [(Run, usize, &str); 4] = [
            // Games that never end are no check.
            (check_properties::<Toy<0>>, 3, "no game ended"),
            (check_properties::<Toy<1>>, 20, "hash"),
            (check_properties::<Toy<2>>, 20, "read back"),
            (check_properties::<Toy<3>>, 20, "illegal move 3 accepted"),
        ];
        for (run, max_plies, expected) in cases {
            let message = panic_message(|| run(500, max_plies, 1));
            assert!(message.contains(expected), "{expected}: {message}");
        }
    }
}
