//! The property suite every game runs over thousands of random positions of its own: the
//! incremental hash equals the recomputed one; printing a move and parsing it back gives the same
//! move; `try_play` accepts exactly the legal moves, playing them as `play` does.
//!
//! A game takes part through an adapter, a unit type implementing [`GameUnderTest`] in its
//! `tests/properties.rs`, and one test calling [`check_properties`].

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
/// the first property that fails, naming the game's seed and ply.
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
