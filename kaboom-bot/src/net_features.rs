//! The inputs of the learned evaluation (`common::net`): which of its binary inputs a position
//! switches on, for each player's perspective, and how they change over one move.
//!
//! # Design
//!
//! A perspective is one player looking at the board from its own side, as the protocol's frames
//! do: Player 2 sees the board rotated 180°, square `(i, j)` as `(7 − i, 7 − j)`. The rotation
//! maps Player 2's base, goal row, forward direction and starting rangers (colour `c` on its
//! own `(0, c)`) onto Player 1's, and the square colours onto themselves, so each player sees
//! itself as the first player would, and one set of weights serves both. What the rules leave
//! asymmetric is only who moves first (Player 1's free first move, its one more regular move
//! when the move limit comes): the side to move is the network's *us*, which covers the first,
//! and the move limit is not an input (as for the hand-made evaluation).
//!
//! [`INPUTS`] = 430, in the perspective's own frame, square `s` = `8 × row + column`:
//!
//! | inputs | on when |
//! |---|---|
//! | 0 + s | an own ranger stands on `s` |
//! | 64 + s | an opponent ranger stands on `s` |
//! | 128 + s | the own bomb is on `s` (its carrier stands there) |
//! | 192 + s | the opponent's bomb is on `s` |
//! | 256 + s | own to move, and the required ranger (the opponent's landing colour) is on `s` |
//! | 320 + s | the opponent to move, and its required ranger is on `s` |
//! | 384 + p − 1 | own consecutive passes `p` = 1..=15 (the pass limit nears) |
//! | 399 + p − 1 | the opponent's consecutive passes `p` |
//! | 414 + c | the own bomb's carrier has colour `c` (it must move when the opponent lands on `c`) |
//! | 422 + c | the opponent's carrier has colour `c` |
//!
//! The rangers' squares, the bombs and the ranger each move forces are what the hand-made
//! evaluation ([`crate::eval`]) reads its terms from (carrier progress and open lines, pass
//! targets and routes, runners, the forced ranger's mobility, pass pressure); the colours of the
//! other rangers are left out to keep the inputs few (a ranger's colour per square would cost
//! 8 × 64 inputs a side), the square colours being fixed.
//!
//! The network evaluates a position from two lists: *us*, the side to move's perspective, and
//! *them*, the other player's ([`inputs`]). The lists are given per player ([`side_inputs`])
//! because the side to move flips with every move: the child's *us* is the parent's *them*. The
//! search's evaluator keeps one accumulator per player and updates each by the changes
//! [`NetInputs`] gives (`each_change`), the difference of the two positions' input sets, plane by
//! plane: it holds for every move kind (ranger moves, passes, forfeits, placements, the judge's
//! forced moves).

use crate::board::{Board, Player, Square};
use arrayvec::ArrayVec;
use common::game::Board as _;

/// The squares of the board.
const SQUARES: usize = 64;
/// The square planes: own and opponent rangers, bombs, required rangers.
const SQUARE_PLANES: usize = 6;
/// The first input of the consecutive-pass counts (own, then opponent's).
const PASSES: usize = SQUARE_PLANES * SQUARES;
/// Pass counts that have an input: 1..=15.
const PASS_COUNTS: usize = crate::board::MAX_CONSECUTIVE_PASSES as usize;
/// The first input of the carriers' colours (own, then opponent's).
const CARRIER_COLOURS: usize = PASSES + 2 * PASS_COUNTS;
/// The inputs of one perspective.
pub const INPUTS: usize = CARRIER_COLOURS + 2 * 8;
/// The most inputs active at once in one perspective: 16 rangers, 2 bombs, 1 required ranger,
/// 2 pass counts, 2 carrier colours.
pub const MAX_ACTIVE: usize = 23;

/// A perspective's active inputs, ascending.
pub type Inputs = ArrayVec<u16, MAX_ACTIVE>;

/// One perspective's inputs as bit sets: input `64 k + b` is bit `b` of plane `k`.
type Planes = [u64; 7];

const _: () = assert!(
    INPUTS - PASSES <= 64,
    "the counts and colours fit one plane"
);

/// The inputs of `side`'s perspective as planes.
fn planes(board: &Board, side: Player) -> Planes {
    // A square or a set of squares as `side` sees them.
    let seen = |bits: u64| match side {
        Player::One => bits,
        Player::Two => bits.reverse_bits(),
    };
    let square_bit = |square: Option<Square>| square.map_or(0, |s| seen(s.bit()));
    let mover = board.side_to_move();
    let required = board.required().map(|colour| board.ranger(mover, colour));
    let mut planes = [0; 7];
    for (k, player) in [side, side.other()].into_iter().enumerate() {
        planes[k] = seen(board.occupied_by(player));
        planes[2 + k] = square_bit(board.bomb(player));
        if player == mover {
            planes[4 + k] = square_bit(required);
        }
        let passes = usize::from(board.passes(player));
        if passes > 0 {
            planes[6] |= 1 << (PASSES - 6 * SQUARES + k * PASS_COUNTS + passes - 1);
        }
        if let Some(colour) = board.carrier(player) {
            planes[6] |= 1 << (CARRIER_COLOURS - 6 * SQUARES + k * 8 + usize::from(colour));
        }
    }
    planes
}

/// The inputs of the bits of `planes`, ascending.
fn push_inputs<const N: usize>(list: &mut ArrayVec<u16, N>, planes: &Planes) {
    for (k, &plane) in planes.iter().enumerate() {
        let mut rest = plane;
        while rest != 0 {
            list.push((k * SQUARES) as u16 + rest.trailing_zeros() as u16);
            rest &= rest - 1;
        }
    }
}

/// The active inputs of `side`'s perspective, ascending.
pub fn side_inputs(board: &Board, side: Player) -> Inputs {
    let mut list = Inputs::new();
    push_inputs(&mut list, &planes(board, side));
    list
}

/// The network's two lists: (us, them) = the side to move's perspective, the other player's.
pub fn inputs(board: &Board) -> (Inputs, Inputs) {
    let us = board.side_to_move();
    (side_inputs(board, us), side_inputs(board, us.other()))
}

/// Ka-Boom's inputs as the search's evaluator ([`common::net::Evaluator`]) reads them: side `0` is
/// Player 1, `1` Player 2.
pub struct NetInputs;

/// Beyond this many changed inputs a perspective is summed again from scratch (about as many
/// rows as a position has inputs active).
const NEAR: u32 = 16;

/// Side `0` is Player 1, `1` Player 2.
fn player(side: usize) -> Player {
    if side == 0 {
        Player::One
    } else {
        Player::Two
    }
}

/// Calls `f` with the input of each bit of `planes`, ascending.
fn each_input_of(planes: &Planes, mut f: impl FnMut(u16)) {
    for (k, &plane) in planes.iter().enumerate() {
        let mut rest = plane;
        while rest != 0 {
            f((k * SQUARES) as u16 + rest.trailing_zeros() as u16);
            rest &= rest - 1;
        }
    }
}

impl common::net::Inputs for NetInputs {
    type Board = Board;

    fn side_to_move(board: &Board) -> usize {
        board.side_to_move().index()
    }

    fn each_input(board: &Board, side: usize, f: impl FnMut(u16)) {
        each_input_of(&planes(board, player(side)), f);
    }

    fn distance(a: &Board, b: &Board) -> Option<u32> {
        // The same count from either side: the planes are the same bits, mirrored and swapped.
        let (from, to) = (planes(a, Player::One), planes(b, Player::One));
        let changed = from
            .iter()
            .zip(&to)
            .map(|(x, y)| (x ^ y).count_ones())
            .sum();
        (changed <= NEAR).then_some(changed)
    }

    fn each_change(from: &Board, to: &Board, side: usize, mut f: impl FnMut(u16, bool)) {
        let before = planes(from, player(side));
        let after = planes(to, player(side));
        each_input_of(&std::array::from_fn(|k| before[k] & !after[k]), |i| {
            f(i, false)
        });
        each_input_of(&std::array::from_fn(|k| after[k] & !before[k]), |i| {
            f(i, true)
        });
    }
}
