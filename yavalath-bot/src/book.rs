//! The opening book: Player 1's first stone, Player 2's swap decision and reply for every first
//! stone, Player 1's second move after each answer to the book's first stone, Player 2's
//! answers after a theft that self-play chose ([`AFTER_THEFT`]), deeper positions of the lines
//! after the theft of `(2, 2)` ([`LINES`]), proven wins that the search misses at the
//! contest's budget ([`PROVEN`]: Player 2's there, and two of Player 1's), and the moves that
//! step around the proven losses the search walked into against other bots ([`DETOURS`]).
//!
//! The table is the output of `yavalath-tune book --depth 10 --first 1,0` (see [`crate::tune`];
//! then `cargo fmt`), which searches every position of the first plies to a fixed depth from a
//! cleared table; the search is deterministic, so the command regenerates this table exactly.
//!
//! # Why Player 1 opens on `(1, 0)`
//!
//! The searches cannot choose among the first stones Player 2 does not steal: their scores swing
//! from one depth to the next, and with the table's size, by more than they differ. Games
//! choose: from every class of first stones, at the contest's limits against the bots we have,
//! `(1, 0)`, an edge cell next to a corner, scores best for Player 1. Player 2's swap decisions
//! come from the depth-10 searches (steal below -[`crate::tune::SWAP_MARGIN`]), checked by
//! self-play from the position after each first stone and its answer.
//!
//! # What is proven, and what is only searched
//!
//! Nothing in the book's first plies is proven: the proof search ([`crate::proof`],
//! `yavalath-bot solve`) decides positions some twenty plies from the end, not the opening. The
//! swap decisions, [`AFTER_THEFT`] and [`LINES`] rest on depth-10 searches checked by games;
//! [`PROVEN`] and [`DETOURS`] rest on proofs, which `tests/book.rs` makes again.
//!
//! # After the theft of `(2, 2)`: the lines and the proven wins
//!
//! [`LINES`] holds Player 2's moves in the tree that `yavalath-tune lines --moves "2 2, 2 2"
//! --side 2 --depth 10 --shallow 5 --plies 7 --width 3 --margin 10` explores (see
//! [`crate::tune`]), and after Player 1's replies `5 4` and its mirror image `3 5`: Player 1's
//! replies are the depth-10 search's best, the moves within 10 points of it and the depth-5 best
//! (the move of a bot at the contest's budget); Player 2's answers are the depth-10 best. Up to
//! symmetry: the line through `(2, 2)` and the centre is a mirror. [`PROVEN`] holds the wins the
//! search at the contest's budget misses, each found by `yavalath-tune proven --side S --seconds
//! T` over the records of lost games (see [`crate::tune`]). The line after the theft is safe at
//! the contest's budget on both sides, not against an opponent that searches seven to ten times
//! longer: nothing proves it for Player 2.
//!
//! # Detours: moves the search plays into a proven loss
//!
//! A contest plays each bot as submitted, often against the same opponent many times, and the
//! bots are deterministic up to their clocks: a line an opponent wins once it wins every time.
//! [`DETOURS`] holds, for the lines the other bots won that way, the position where the search
//! at the contest's budget chose a move after which the opponent has a proven win, and the move
//! the book plays there instead. Each is found from a lost game's record (`--record-dir`) by
//! walking the loser's moves back from the end: after each, `yavalath-bot solve` on the position
//! (the opponent to move) proves the opponent's win, until a move after which it does not
//! within its seconds; the move after that one is the avoided move (and when the position
//! before it is itself a proven win, the winning move goes to [`PROVEN`] instead). Where the
//! proof after the avoided move alone does not finish, a search to depth 10 that scores every
//! move of the loser's next turn lost points further back, and the proof of the position after
//! the opponent's reply settles it (the entry then keeps that reply). The answer is the best move
//! of a search to depth 10 in the position (`yavalath-tune lines --moves "..." --side S --depth
//! 10 --plies 1`), checked with `solve` not to be proven lost. The tests prove each avoided
//! move lost again and check that no short proof loses the answer. A detour is a search's
//! choice, not a proof: the games after it decide whether it holds, and a line lost again after
//! one gets a detour of its own further on.
//!
//! The board has twelve symmetries (the rotations and reflections of the hexagon), so the table
//! holds one first stone of each of the nine classes of cells; [`symmetry_to`] carries a position
//! to the table's frame and a reply back.
//!
//! The measurements behind these choices (the first stones' scores, the proofs' times, the
//! self-play and the matches against earlier versions) are in the workspace's
//! `docs/measured.md`, section "Yavalath's opening book", dated, with their commands.

use crate::board::{Board, Cell, Cells, Player};
use common::game::Board as _;

/// One of the twelve symmetries: `t % 6` rotations by 60° after a reflection if `t >= 6`.
pub type Symmetry = u8;

/// The twelve symmetries.
pub const SYMMETRIES: Symmetry = 12;

/// `cell` under symmetry `t` (reflection `(q, r, s) -> (r, q, s)`, then rotations
/// `(q, r, s) -> (-r, -s, -q)`).
pub fn transform(t: Symmetry, cell: Cell) -> Cell {
    let (q, r) = cell.axial();
    let (mut q, mut r) = (i32::from(q), i32::from(r));
    if t >= 6 {
        std::mem::swap(&mut q, &mut r);
    }
    for _ in 0..t % 6 {
        let s = -q - r;
        (q, r) = (-r, -s);
    }
    Cell::from_axial(q, r).unwrap_or(cell)
}

/// The symmetry that undoes `t`.
pub fn inverse(t: Symmetry) -> Symmetry {
    if t >= 6 {
        t
    } else {
        (6 - t) % 6
    }
}

/// A symmetry that carries `from` to `to`, if they are equivalent.
pub fn symmetry_to(from: Cell, to: Cell) -> Option<Symmetry> {
    (0..SYMMETRIES).find(|&t| transform(t, from) == to)
}

/// The lowest-indexed cell equivalent to `cell`: its class's representative in the table.
pub fn representative(cell: Cell) -> Cell {
    (0..SYMMETRIES)
        .map(|t| transform(t, cell))
        .min()
        .unwrap_or(cell)
}

/// A cell as `(x, y)`.
pub type Xy = (u8, u8);

/// `(x, y)` as a cell (the table's cells all exist; a test checks it).
fn cell((x, y): Xy) -> Option<Cell> {
    Cell::from_xy(i32::from(x), i32::from(y))
}

/// The book's move in `board`, if the book covers it: the first stone on ply 0, Player 2's
/// answer (the swap or a reply) on ply 1, on ply 2 Player 1's reply when its own first stone
/// is equivalent to [`FIRST`], and on ply 3 Player 2's answer after a theft when Player 1's
/// reply is in [`AFTER_THEFT`]; then, on any ply, a position of [`LINES`].
pub fn book_move(board: &Board) -> Option<Cell> {
    first_plies_move(board).or_else(|| line_move(board))
}

/// The book's move from its tables of the first plies ([`FIRST`], [`ANSWERS`], [`REPLIES`],
/// [`AFTER_THEFT`]), as [`book_move`] describes, without [`LINES`].
pub fn first_plies_move(board: &Board) -> Option<Cell> {
    match board.plies() {
        0 => cell(FIRST),
        1 => {
            let first = Cell::lowest(board.stones(Player::First));
            let t = symmetry_to(first, representative(first))?;
            let &(_, swap, reply) = ANSWERS
                .iter()
                .find(|a| cell(a.0) == Some(transform(t, first)))?;
            if swap {
                Some(first)
            } else {
                Some(transform(inverse(t), cell(reply)?))
            }
        }
        2 => {
            // Player 2's stone, or Player 1's stolen one (then Player 1 has none).
            let theirs = Cell::lowest(board.stones(Player::Second));
            let mine = match board.stones(Player::First) {
                0 => theirs,
                bits => Cell::lowest(bits),
            };
            let t = symmetry_to(mine, cell(FIRST)?)?;
            let reply = Cell::from_index(usize::from(*REPLIES.get(transform(t, theirs).index())?))?;
            Some(transform(inverse(t), reply))
        }
        3 => {
            // After a theft Player 1 has one stone, its reply; else it has two.
            if board.stones(Player::First).count_ones() != 1 {
                return None;
            }
            let stolen = Cell::lowest(board.stones(Player::Second));
            let theirs = Cell::lowest(board.stones(Player::First));
            let class = representative(stolen);
            (0..SYMMETRIES)
                .filter(|&t| transform(t, stolen) == class)
                .find_map(|t| {
                    let &(_, _, answer) = AFTER_THEFT.iter().find(|a| {
                        cell(a.0) == Some(class) && cell(a.1) == Some(transform(t, theirs))
                    })?;
                    Some(transform(inverse(t), cell(answer)?))
                })
        }
        _ => None,
    }
}

/// `bits` (a set of cells) under symmetry `t`.
pub fn transform_cells(t: Symmetry, bits: u64) -> u64 {
    Cells(bits).fold(0, |out, c| out | transform(t, c).bit())
}

/// The position after `line` (cell indices from the start, the swap as the first cell named
/// again), if every move is legal.
pub fn line_board(line: &[u8]) -> Option<Board> {
    line.iter().try_fold(Board::start(), |board, &i| {
        board.try_play(Cell::from_index(usize::from(i))?).ok()
    })
}

/// The move [`LINES`], [`PROVEN`] or [`DETOURS`] has for `board`: the answer of the line whose
/// position is `board`'s under one of the twelve symmetries, carried to `board`'s frame.
pub fn line_move(board: &Board) -> Option<Cell> {
    let stones = |b: &Board| [b.stones(Player::First), b.stones(Player::Second)];
    let target = stones(board);
    let detours = DETOURS.iter().map(|&(line, _, answer)| (line, answer));
    LINES
        .iter()
        .chain(PROVEN)
        .copied()
        .chain(detours)
        .filter(|(line, _)| line.len() == board.plies() as usize)
        .find_map(|(line, answer)| {
            let own = stones(&line_board(line)?);
            let t =
                (0..SYMMETRIES).find(|&t| own.map(|bits| transform_cells(t, bits)) == target)?;
            Some(transform(t, Cell::from_index(usize::from(answer))?))
        })
        .filter(|&m| board.is_legal(m))
}

// Generated by `yavalath-tune book --depth 10 --first 1,0` (searches to depth 10).
/// Player 1's first stone.
pub const FIRST: Xy = (1, 0);
/// For each class of first stones (its representative): whether Player 2 steals it, and
/// Player 2's reply when it does not. The search's scores for the player to move facing
/// the stone (Player 2 placing; stealing is worth the negation; it steals below
/// -[`crate::tune::SWAP_MARGIN`]):
/// - `0 0`: 8
/// - `1 0`: 0
/// - `2 0`: 4
/// - `1 1`: -8
/// - `2 1`: -2
/// - `2 2`: -18
/// - `3 2`: -14
/// - `3 3`: -32
/// - `4 4`: -44
pub const ANSWERS: [(Xy, bool, Xy); 9] = [
    ((0, 0), false, (3, 3)),
    ((1, 0), false, (3, 3)),
    ((2, 0), false, (3, 3)),
    ((1, 1), true, (3, 3)),
    ((2, 1), false, (4, 3)),
    ((2, 2), true, (4, 4)),
    ((3, 2), true, (3, 3)),
    ((3, 3), true, (4, 4)),
    ((4, 4), true, (4, 3)),
];
/// Player 1's second move, by the index of Player 2's stone (see [`crate::board`]) in the frame
/// of [`FIRST`]: its reply to each placement, and at the first stone's own index its reply to
/// the theft. The search's scores of the replies:
/// `0 0` 29983, `1 0` 0, `2 0` 28, `3 0` 29983, `4 0` 29984, `0 1` 29983
/// `1 1` 28, `2 1` 56, `3 1` 29991, `4 1` 29981, `5 1` 29983, `0 2` 29986
/// `1 2` 28, `2 2` 29990, `3 2` 12, `4 2` 26, `5 2` 29989, `6 2` 29985
/// `0 3` 29983, `1 3` 18, `2 3` 10, `3 3` 0, `4 3` -2, `5 3` 14
/// `6 3` 29977, `7 3` 29985, `0 4` 29979, `1 4` 29983, `2 4` 48, `3 4` 29983
/// `4 4` 20, `5 4` 29985, `6 4` 29985, `7 4` 29983, `8 4` 29985, `0 5` 29984
/// `1 5` 52, `2 5` 22, `3 5` 8, `4 5` 29985, `5 5` 32, `6 5` 38
/// `7 5` 29983, `0 6` 29983, `1 6` 29985, `2 6` 29983, `3 6` 29981, `4 6` 29983
/// `5 6` 29983, `6 6` 29983, `0 7` 29985, `1 7` 29982, `2 7` 29983, `3 7` 29983
/// `4 7` 29983, `5 7` 29985, `0 8` 29985, `1 8` 29985, `2 8` 29985, `3 8` 29985
/// `4 8` 29983
pub const REPLIES: [u8; 61] = [
    21, 21, 38, 21, 21, 22, 30, 21, 22, 21, 21, 14, 21, 22, 21, 14, 22, 14, 21, 22, 22, 22, 21, 22,
    21, 21, 21, 21, 21, 22, 21, 21, 22, 21, 14, 21, 22, 21, 22, 22, 22, 14, 21, 21, 14, 22, 14, 21,
    21, 21, 14, 21, 21, 21, 21, 14, 14, 14, 14, 14, 21,
];
/// Player 2's answer after stealing: the stolen stone's class (its representative), Player 1's
/// reply and Player 2's answer, both in the representative's frame. Chosen by self-play from
/// the position, not by the depth-10 searches (see the module docs).
pub const AFTER_THEFT: [(Xy, Xy, Xy); 1] = [((2, 2), (3, 3), (4, 4))];
/// Deeper positions: a line of moves from the start (cell indices, see [`line_board`]) and the
/// book's move there, in the line's frame; written by `yavalath-tune lines` (see the module
/// docs). A position is found in any of its twelve orientations, whatever the order of its moves.
pub const LINES: &[(&[u8], u8)] = &[
    (&[13, 13, 30], 21),
    (&[13, 13, 30, 21, 6], 39),
    (&[13, 13, 30, 21, 6, 39, 9], 22),
    (&[13, 13, 30, 21, 9], 22),
    (&[13, 13, 30, 21, 9, 22, 29], 31),
    (&[13, 13, 30, 21, 9, 22, 6], 38),
    (&[13, 13, 30, 21, 9, 22, 28], 44),
    (&[13, 13, 30, 21, 9, 22, 31], 28),
    (&[13, 13, 14], 37),
    (&[13, 13, 14, 37, 39], 22),
    (&[13, 13, 14, 37, 39, 22, 38], 30),
    (&[13, 13, 14, 37, 30], 28),
    (&[13, 13, 14, 37, 30, 28, 51], 38),
    (&[13, 13, 21, 30, 22], 20),
    (&[13, 13, 21, 30, 22, 20, 38], 23),
    (&[13, 13, 21, 30, 22, 20, 1], 14),
    (&[13, 13, 21, 30, 22, 20, 4], 39),
    (&[13, 13, 21, 30, 22, 20, 40], 2),
    (&[13, 13, 31], 21),
    (&[13, 13, 31, 21, 14], 28),
    (&[13, 13, 31, 21, 28], 29),
    // Player 1 after `1 0, 4 3, 3 3, 3 5`: the depth-10 search's `3 0`, where the contest's
    // budget plays `4 4` into a line lost against another bot (see the module docs, "Detours").
    (&[1, 22, 21, 38], 3),
];

/// Proven wins the search misses at the contest's budget, as `(line, answer)` like [`LINES`]: in
/// each position the proof search ([`crate::proof`]) proves that the player to move wins with
/// the answer, where the search alone played another move and lost. Player 2's, after the theft
/// of `(2, 2)`, were found by `yavalath-tune proven` in the games the bot lost as Player 2
/// against itself from `2 2, 2 2` at the contest's settings: the first position of the game that
/// the proof search proves won for Player 2 and whose move it does not prove winning. The second
/// was a position of [`LINES`], whose answer wins too but by a proof six times longer (see the
/// module docs, "After the theft of `(2, 2)`: proven wins"). The last two are Player 1's, found
/// while walking back lines lost against other bots (see "Detours" in the module docs): the
/// position before the first move after which the opponent was proven to win was itself a
/// proven win, which the search at the contest's budget does not see.
pub const PROVEN: &[(&[u8], u8)] = &[
    (&[13, 13, 30, 21, 45, 38, 31, 44, 37], 36),
    (&[13, 13, 30, 21, 6, 39, 31], 44),
    (&[13, 13, 30, 21, 6, 39, 38, 24, 23], 16),
    (&[13, 13, 30, 21, 6, 39, 15], 24),
    (&[13, 13, 30, 21, 6, 39, 9, 22, 28, 29, 23], 8),
    (&[13, 13, 30, 21, 6, 39, 9, 22, 28, 29, 37], 24),
    // Player 1 after `1 0, 3 3` and the book's `4 3`, when Player 2 answers `4 4`.
    (&[1, 21, 22, 30], 9),
    // Player 1 after `1 0, 4 3` and the book's `3 3`, when Player 2 answers `4 4`.
    (&[1, 22, 21, 30], 6),
    // Player 1 after `1 0, 4 3, 3 3, 3 5` and `LINES`' `3 0`, when the game runs on to ply 32.
    (
        &[
            1, 22, 21, 38, 3, 6, 15, 8, 18, 45, 30, 19, 37, 47, 31, 5, 7, 29, 16, 33, 46, 59, 40,
            39, 12, 2, 24, 9, 55, 48, 25, 42,
        ],
        10,
    ),
    // The same line after that `5 1` and Player 2's `5 3`.
    (
        &[
            1, 22, 21, 38, 3, 6, 15, 8, 18, 45, 30, 19, 37, 47, 31, 5, 7, 29, 16, 33, 46, 59, 40,
            39, 12, 2, 24, 9, 55, 48, 25, 42, 10, 23,
        ],
        4,
    ),
    // The same line after that `4 0`, then `6 2, 0 8, 4 8, 4 7, 2 7, 0 7, 0 5`.
    (
        &[
            1, 22, 21, 38, 3, 6, 15, 8, 18, 45, 30, 19, 37, 47, 31, 5, 7, 29, 16, 33, 46, 59, 40,
            39, 12, 2, 24, 9, 55, 48, 25, 42, 10, 23, 4, 17, 56, 60, 54, 52, 50, 35,
        ],
        57,
    ),
];

/// Positions where the search at the contest's budget plays a move after which the opponent has
/// a proven win, as `(line, avoided, answer)` (cell indices, like [`LINES`]): the bots of the
/// contest are deterministic, so an opponent that won such a line once wins it every time.
/// `avoided` is the move the search played, then, where the proof needs it to finish within a
/// minute, the opponent's winning reply: the proof search proves the opponent's win after them.
/// The answer is the depth-10 search's best move there, which no proof of a few seconds shows
/// lost. Found in games lost against other bots (see the module docs, "Detours").
pub const DETOURS: &[(&[u8], &[u8], u8)] = &[
    // Player 1 after `1 0, 4 3, 3 3, 3 5, 4 4, 3 4`: `5 4` loses (to `1 2` or `6 5`).
    (&[1, 22, 21, 38, 30, 29], &[31], 20),
    // Player 1 after `1 0, 4 3, 3 3, 3 5, 4 4, 3 4` and the detour's `2 3`, then `1 6, 2 4, 0 3,
    // 1 4, 4 5, 1 1, 2 2`: `3 1` loses (to `3 0`).
    (
        &[1, 22, 21, 38, 30, 29, 20, 44, 28, 18, 27, 39, 6, 13],
        &[8],
        41,
    ),
    // Player 1 after `1 0, 3 3, 4 3, 3 2, 3 5, 4 4, 4 6, 5 4`: `2 5` loses (to `7 4`).
    (&[1, 21, 22, 14, 38, 30, 47, 31], &[37], 3),
    // Player 1 after `1 0, 4 3, 3 3, 3 5` and `LINES`' `3 0`, then `1 1, 4 2, 3 1, 0 3, 2 6, 4 4, 1 3,
    // 2 5, 4 6, 5 4, 0 1, 2 1, 3 4, 5 2, 7 4, 3 6, 3 8, 5 5, 4 5, 1 2, 2 0, 4 7, 5 7, 6 3, 4 1`:
    // `1 7` loses (to `6 6`).
    (
        &[
            1, 22, 21, 38, 3, 6, 15, 8, 18, 45, 30, 19, 37, 47, 31, 5, 7, 29, 16, 33, 46, 59, 40,
            39, 12, 2, 54, 55, 24, 9,
        ],
        &[51],
        49,
    ),
    // Player 1 after `3 8, 4 5, 3 5, 3 6, 1 8, 2 8, 4 3, 4 4, 2 2, 5 3, 5 4, 5 6, 6 4, 2 5, 4 6,
    // 3 2, 3 4, 2 3, 2 6, 5 5`: `4 1` loses.
    (
        &[
            59, 39, 38, 46, 57, 58, 22, 30, 13, 23, 31, 48, 32, 37, 47, 14, 29, 20, 45, 40,
        ],
        &[9],
        19,
    ),
    // Player 2 after `1 0, 3 3, 4 3`: `4 4` loses to `4 1` (Player 1's entry of `PROVEN`).
    (&[1, 21, 22], &[30, 9], 14),
    // Player 2 after `1 0, 3 3, 4 3, 3 2, 4 4`: `2 6` loses.
    (&[1, 21, 22, 14, 30], &[45], 9),
    // Player 2 after `2 1, 4 3, 4 4, 3 4, 5 4, 4 5, 3 3, 7 4, 4 1, 3 1, 2 3, 2 2, 0 6, 1 5, 6 5, 5 3,
    // 3 6, 2 6, 2 5, 0 3, 4 2, 1 8, 1 7, 4 8, 4 6, 5 5, 3 8, 6 6, 6 3, 4 7, 3 0, 5 2, 1 4, 1 3, 7 5,
    // 1 0, 1 1, 3 7, 3 2, 2 4, 1 2, 1 6, 0 5`: `0 1` loses, `0 7` draws (proven both).
    (
        &[
            7, 22, 30, 29, 31, 39, 21, 33, 9, 8, 20, 13, 43, 36, 41, 23, 46, 45, 37, 18, 15, 57,
            51, 60, 47, 40, 59, 49, 24, 54, 3, 16, 27, 19, 42, 1, 6, 53, 14, 28, 12, 44, 35,
        ],
        &[5],
        50,
    ),
    // Player 2 after `2 0, 3 3, 5 3, 3 1, 3 4, 5 4, 2 3, 2 1, 4 3, 3 5, 4 5, 4 2, 1 1, 7 3, 7 4`:
    // `4 6` loses.
    (
        &[2, 21, 23, 8, 29, 31, 20, 7, 22, 38, 39, 15, 6, 25, 33],
        &[47],
        28,
    ),
    // Player 2 after `1 0, 3 3, 4 3, 3 2, 4 4, 3 5, 3 4`: `6 4` loses (to `6 3`).
    (&[1, 21, 22, 14, 30, 38, 29], &[32], 12),
    // Player 2 after `1 0, 3 3, 4 3, 3 2, 4 4, 3 5, 3 4, 5 4, 3 0, 6 2, 5 2`: `4 1` loses (to
    // `0 0`).
    (&[1, 21, 22, 14, 30, 38, 29, 31, 3, 17, 16], &[9], 40),
    // Player 2 after `2 0, 3 3, 5 3, 4 5, 4 4, 3 1, 3 5, 3 4, 3 2, 1 6, 2 5, 0 3, 4 2, 4 3,
    // 1 4`: `2 2` loses (to `6 5`).
    (
        &[2, 21, 23, 39, 30, 8, 38, 29, 14, 44, 37, 18, 15, 22, 27],
        &[13],
        12,
    ),
    // Player 2 after the detour's `1 2` above, then `2 3, 0 0, 1 1`: `2 1` loses.
    (
        &[
            2, 21, 23, 39, 30, 8, 38, 29, 14, 44, 37, 18, 15, 22, 27, 12, 20, 0, 6,
        ],
        &[7],
        35,
    ),
    // Player 2 after `2 0, 3 3, 5 3, 3 1, 3 4, 3 5, 2 3`: `0 1` loses (to `2 4`).
    (&[2, 21, 23, 8, 29, 38, 20], &[5], 39),
    // Player 2 after `2 1, 4 3, 2 3`: `4 4` loses to `2 6`.
    (&[7, 22, 20], &[30, 45], 29),
    // Player 2 after `2 1, 4 3, 4 4, 3 4, 5 4, 4 5, 2 3, 2 2, 3 5, 3 2, 3 3`: `2 5` loses (to
    // `1 7`).
    (&[7, 22, 30, 29, 31, 39, 20, 13, 38, 14, 21], &[37], 51),
    // Player 2 after `2 1, 4 3, 4 4, 3 4, 6 4`: `3 6` loses (to `5 3`).
    (&[7, 22, 30, 29, 32], &[46], 33),
    // Player 2 after `2 1, 4 3, 4 4, 5 4, 4 5, 3 3, 1 7, 5 6, 5 5, 2 6, 3 6, 7 3, 7 4`: `3 4`
    // loses (to `1 8`).
    (
        &[7, 22, 30, 31, 39, 21, 51, 48, 40, 45, 46, 25, 33],
        &[29],
        0,
    ),
];
