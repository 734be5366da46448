//! Perft from positions inside a game: the game crate's own count compared with an independent
//! count written in its tests from the rules (plain move generation, no shortcuts), a
//! [`Reference`] played along the board through a fixed game.

use common::game::Board;
use std::fmt::Debug;

/// A game written from the rules alone in a crate's tests, knowing nothing of its board: the
/// independent count the board's perft is checked against inside a game
/// ([`check_against_reference`]).
pub trait Reference: Clone + Debug {
    /// The crate's board, which this game plays along.
    type Board: Board;
    /// A move as this game writes it.
    type Move: Copy;

    /// The moves of the side to move by the rules (asked only while the game goes on).
    fn moves(&self) -> Vec<Self::Move>;
    /// The position after `m`, one of [`Reference::moves`].
    fn play(&self, m: Self::Move) -> Self;
    /// Whether the game is over.
    fn over(&self) -> bool;
    /// `m` as the board's move, `board` being this position.
    fn board_move(&self, m: Self::Move, board: &Self::Board) -> <Self::Board as Board>::Move;

    /// The moves the fixed game ([`fixed_game`]) chooses its `k`th among: all of them, unless a
    /// game narrows them to keep the fixed game varied (some of a game's moves left for later).
    fn fixed_game_moves(&self, _k: usize) -> Vec<Self::Move> {
        self.moves()
    }

    /// The number of move sequences `depth` moves long from here (none once the game is over).
    fn perft(&self, depth: u32) -> u64 {
        let moves = |position: &Self| match position.over() {
            true => Vec::new(),
            false => position.moves(),
        };
        count_sequences(self, depth, &moves, &Self::play)
    }
}

/// The board and the reference after `plies` moves of a fixed game from the start, `start` the
/// reference's: the `k`th move is [`fixed_choice`] among the reference's
/// [`Reference::fixed_game_moves`] of one that does not end the game, played on both (the board
/// must accept it).
pub fn fixed_game<R: Reference>(start: &R, plies: usize) -> (R::Board, R) {
    let (mut board, mut reference) = (R::Board::start(), start.clone());
    for k in 0..plies {
        let moves = reference.fixed_game_moves(k);
        let m = fixed_choice(&moves, k, |m| !reference.play(m).over());
        board = board
            .try_play(reference.board_move(m, &board))
            .unwrap_or_else(|e| panic!("fixed game, ply {k}: {e}, {reference:?}"));
        reference = reference.play(m);
    }
    (board, reference)
}

/// For each `(plies, counts)` of `cases`, the position after `plies` moves of the fixed game
/// ([`fixed_game`]) from `start`, the reference's start: the board's perft and the reference's
/// both count `counts` at depths `1..=len`.
pub fn check_against_reference<R: Reference>(start: &R, cases: &[(usize, &[u64])]) {
    check_inside_the_game(
        cases,
        |plies| fixed_game(start, plies),
        |(board, _), d| board.perft(d),
        |(_, reference), d| reference.perft(d),
    );
}

/// Checks that `fast` and `reference` count the same move sequences from each position of
/// `positions` at every depth up to `depth`; returns the counts, position by position and depth
/// by depth (depth 1 first), for the test to pin.
pub fn compare<P: Debug>(
    positions: &[P],
    depth: u32,
    fast: impl Fn(&P, u32) -> u64,
    reference: impl Fn(&P, u32) -> u64,
) -> Vec<Vec<u64>> {
    positions
        .iter()
        .map(|position| {
            (1..=depth)
                .map(|d| {
                    let count = fast(position, d);
                    assert_eq!(count, reference(position, d), "perft {d} of {position:?}");
                    count
                })
                .collect()
        })
        .collect()
}

/// For each `(plies, counts)` of `cases`, the position `reach(plies)` (a fixed game's position
/// after that many plies): `fast` and `reference` both count `counts` at depths `1..=len`.
pub fn check_inside_the_game<P: Debug>(
    cases: &[(usize, &[u64])],
    reach: impl Fn(usize) -> P,
    fast: impl Fn(&P, u32) -> u64,
    reference: impl Fn(&P, u32) -> u64,
) {
    for &(plies, counts) in cases {
        let positions = [reach(plies)];
        let depth = counts.len().max(1) as u32;
        let found = compare(&positions, depth, &fast, &reference);
        assert_eq!(found[0], counts, "after {plies} plies");
    }
}

/// The number of move sequences `depth` moves long from `position`, where `moves` lists the
/// moves of a position (none once the game is over) and `play` plays one: perft written the
/// plain way, for the independent counts.
pub fn count_sequences<P, M>(
    position: &P,
    depth: u32,
    moves: &impl Fn(&P) -> Vec<M>,
    play: &impl Fn(&P, M) -> P,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    moves(position)
        .into_iter()
        .map(|m| count_sequences(&play(position, m), depth - 1, moves, play))
        .sum()
}

/// For each `(depth, count)` of `counts`, `perft(depth)` is `count`.
pub fn check_counts(perft: impl Fn(u32) -> u64, counts: &[(u32, u64)]) {
    for &(depth, count) in counts {
        assert_eq!(perft(depth), count, "perft({depth})");
    }
}

/// The move a fixed game plays at its ply `k` from `moves`: the first, from index
/// `(7 k + 3) mod n` on, that `goes_on` accepts (one that does not end the game, say), so that
/// the game reaches deep positions the same way every time.
pub fn fixed_choice<M: Copy>(moves: &[M], k: usize, goes_on: impl Fn(M) -> bool) -> M {
    (0..moves.len())
        .map(|i| moves[(7 * k + 3 + i) % moves.len()])
        .find(|&m| goes_on(m))
        .expect("a move that does not end the game")
}
