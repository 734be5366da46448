//! The board of every game, as one trait: [`Board`], the vocabulary's board words
//! (`docs/vocabulary.md`) held by the compiler. Each game crate's `board::Board` implements it,
//! and what is the same in every game is written once against it: perft ([`Board::perft`],
//! [`perft`]), the position a line of moves reaches ([`Board::after_line`]), and the sparring
//! partners of `--engine greedy` and `--engine random` ([`greedy`], [`random_move`]); the tests'
//! property suite (`test-support`) checks every game through it.
//!
//! The trait is plain (associated types, no generic associated types, static dispatch only) so
//! that the bundles build on Rust 1.70 and a generic function costs what the game's own code
//! would. The two traits are each game's only definition of these words: a crate implements
//! them in its `board.rs` and its own code calls them through the traits
//! (`use common::game::Board as _;`), so no inherent method of the same name can drift from
//! them. A game's notation stands above its rules (`notation.rs`), so the board's
//! `format_move` and `parse_move` reach it through a trait that the notation implements,
//! without naming it: the move's `Display` and `FromStr` where a move reads alike in every
//! position, Ka-Boom's `MoverNotation` where it is written in the mover's frame.
//!
//! # The words
//!
//! | word | item | meaning |
//! |---|---|---|
//! | start position | [`Board::start`] | the position before the first move |
//! | side to move | [`Board::side_to_move`] | who plays next |
//! | legal moves | [`Board::legal_moves`] | every legal move, in generation order; none once the game is over |
//! | play | [`Board::play`] | the position after a move known to be legal (unchecked) |
//! | try play | [`Board::try_play`] | the position after a move, or why it is illegal |
//! | end | [`Board::outcome`], [`Outcome::winner`] | how the game ended (`None` while it goes on), and who won it (`None` for a draw) |
//! | hash | [`Board::hash`], [`Board::compute_hash`] | the Zobrist key kept move by move, and the same key recomputed from the position |
//! | notation | [`Board::format_move`], [`Board::parse_move`] | a move as the protocol writes and reads it in this position |
//! | perft | [`Board::perft`], [`perft`] | the leaves of the legal move tree, from a position or from the start |
//! | a move line | [`Board::after_line`], [`Board::line_positions`] | the position after moves written in the notation, separated by [`Board::LINE_SEPARATOR`] |
//! | a winning move | [`Board::winning_move`] | a legal move after which the mover has won |
//! | the id line | [`Board::SIDES`], [`parse_id`] | the sides by the protocol's player numbers `1` and `2`, and the side an id line gives us |

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use std::fmt;
use std::ops::Deref;

/// How a game ended.
pub trait Outcome: Copy {
    /// The game's side type.
    type Side;

    /// The side that won, `None` for a draw.
    fn winner(self) -> Option<Self::Side>;
}

/// A game's position: its rules, its hash and its notation. Positions are values: playing a
/// move returns the next position and leaves this one as it was.
pub trait Board: Copy + PartialEq + fmt::Debug {
    /// A move.
    type Move: Copy + PartialEq + fmt::Debug;
    /// The legal moves of a position, in generation order (the crate's `ArrayVec`).
    type MoveList: Deref<Target = [Self::Move]>;
    /// A side (a player, a colour, a team).
    type Side: Copy + PartialEq + fmt::Debug;
    /// How a game ended.
    type Outcome: Outcome<Side = Self::Side>;
    /// Why [`Board::try_play`] refuses a move.
    type IllegalMoveError: fmt::Display;
    /// Why [`Board::parse_move`] cannot read a move.
    type ParseMoveError: fmt::Display;

    /// The sides by the number the protocol's id line gives them: side 1 (Player 1), then side 2.
    const SIDES: [Self::Side; 2];

    /// What separates two moves in a line of moves ([`Board::after_line`]): a character no
    /// move's notation contains.
    const LINE_SEPARATOR: char = ',';

    /// The position before the first move.
    fn start() -> Self;
    /// The side that plays next.
    fn side_to_move(&self) -> Self::Side;
    /// Every legal move, in generation order; empty once the game is over.
    fn legal_moves(&self) -> Self::MoveList;
    /// The position after `m`, a move known to be legal (unchecked but by debug assertions).
    fn play(&self, m: Self::Move) -> Self;
    /// The position after `m`, or why `m` is illegal here.
    fn try_play(&self, m: Self::Move) -> Result<Self, Self::IllegalMoveError>;
    /// How the game ended, `None` while it goes on.
    fn outcome(&self) -> Option<Self::Outcome>;
    /// The Zobrist key, kept move by move.
    fn hash(&self) -> u64;
    /// The same key recomputed from the position (the tests: equal to [`Board::hash`]).
    fn compute_hash(&self) -> u64;
    /// `m` as the protocol writes it in this position.
    fn format_move(&self, m: Self::Move) -> String;
    /// A move as the protocol reads it in this position (read, not checked for legality).
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::ParseMoveError>;

    /// The number of move sequences `depth` moves long from here (a finished game has none):
    /// the leaves of the legal move tree, the check of the move generation. The last ply is
    /// counted, not played.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.play(m).perft(depth - 1)).sum()
    }

    /// The first legal move, in generation order, after which the side to move has won; `None`
    /// without one. A game with a quicker way to find one overrides it.
    fn winning_move(&self) -> Option<Self::Move> {
        let me = Some(self.side_to_move());
        let wins = |m: &Self::Move| self.play(*m).outcome().map(Outcome::winner) == Some(me);
        self.legal_moves().iter().copied().find(wins)
    }

    /// The positions of a line of moves from the start, the start first and the position after
    /// the last move last: each move read by [`Board::parse_move`] and played by
    /// [`Board::try_play`], moves separated by [`Board::LINE_SEPARATOR`] (blanks around a move
    /// and empty moves ignored). The error names the move that does not read or is illegal, and
    /// why: `'text': why`.
    fn line_positions(line: &str) -> Result<Vec<Self>, String> {
        let mut positions = vec![Self::start()];
        for text in line.split(Self::LINE_SEPARATOR).map(str::trim) {
            if !text.is_empty() {
                let board = positions[positions.len() - 1];
                let next = match board.parse_move(text) {
                    Ok(m) => board.try_play(m).map_err(|e| e.to_string()),
                    Err(e) => Err(e.to_string()),
                };
                positions.push(next.map_err(|why| format!("'{text}': {why}"))?);
            }
        }
        Ok(positions)
    }

    /// The position after a line of moves from the start ([`Board::line_positions`]).
    fn after_line(line: &str) -> Result<Self, String> {
        Self::line_positions(line).map(|mut positions| positions.pop().unwrap())
    }
}

/// The side the protocol's id line gives us: `1` or `2` ([`Board::SIDES`]); `None` for any other
/// line.
pub fn parse_id<B: Board>(text: &str) -> Option<B::Side> {
    match text {
        "1" => Some(B::SIDES[0]),
        "2" => Some(B::SIDES[1]),
        _ => None,
    }
}

/// [`Board::perft`] from the start of `B`: the `perft D` subcommand.
pub fn perft<B: Board>(depth: u32) -> u64 {
    B::start().perft(depth)
}

/// The move of `--engine greedy`, one ply deep, among `moves` (legal moves of `board`): the
/// board's [`Board::winning_move`] if it is among them, else the best-scored move, ties to the
/// first: a move that wins scores highest, one that draws 0, one that loses lowest, and the
/// others the negated `evaluate` of the position after them (the evaluation from the side to
/// move's view). `None` only when `moves` is empty.
pub fn greedy<B: Board>(
    board: &B,
    moves: &[B::Move],
    evaluate: impl Fn(&B) -> i32,
) -> Option<B::Move> {
    if let Some(win) = board.winning_move().filter(|win| moves.contains(win)) {
        return Some(win);
    }
    let me = Some(board.side_to_move());
    let mut best: Option<(B::Move, i32)> = None;
    for &m in moves {
        let child = board.play(m);
        let score = match child.outcome().map(Outcome::winner) {
            Some(winner) if winner == me => i32::MAX,
            Some(Some(_)) => i32::MIN,
            Some(None) => 0,
            None => -evaluate(&child),
        };
        // Only a strictly better score replaces the best, so ties go to the first.
        if best.map_or(true, |(_, best_score)| score > best_score) {
            best = Some((m, score));
        }
    }
    best.map(|(m, _)| m)
}

/// The move of `--engine random`: a legal move of `board` drawn uniformly by `rng`, `None` only
/// without a legal move.
pub fn random_move<B: Board>(board: &B, rng: &mut SmallRng) -> Option<B::Move> {
    board.legal_moves().choose(rng).copied()
}
