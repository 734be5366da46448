//! The opening book: Player 1's first stone, Player 2's swap decision and reply for every first
//! stone, Player 1's second move after each answer to the book's first stone, and Player 2's
//! answers after a theft that self-play chose ([`AFTER_THEFT`]).
//!
//! The table is the output of `yavalath-tune book --depth 10 --first 2,0` (see [`crate::tune`];
//! then `cargo fmt`), which searches every position of the first plies to a fixed depth from a
//! cleared table; the search is deterministic, so the command regenerates this table exactly (a
//! rerun reproduced it byte for byte). It runs 3 to 4 minutes on a shared 2-core machine at a
//! load of 3, 7.5 at a load of 4, 20 to 23 under a load of 12 to 18.
//!
//! # Why Player 1 opens on `(2, 0)`
//!
//! Without `--first` the book opens on the class whose depth-10 score is nearest 0, `(1, 0)`
//! (0). But the scores of the classes nearest even swing from one depth to the next, and with the
//! table's size, by more than they differ: searched again with a 256 MB table, `(1, 0)` scores -4,
//! -2 and -6 at depths 10, 11 and 12, `(1, 1)` -6, -2 and +4, `(2, 1)` -6, -4 and -6, while
//! `(2, 0)` scores 0 at all three (4 at depth 10 with the book's 64 MB table): the steadiest even
//! first stone, an edge cell two steps from a corner. The games agree. Against the bot of the
//! previous release at the contest's budget, Player 1 (this bot, `--opening-plies 4`) won 16 of
//! 50 games from `(1, 0)` (placing Player 2 took the cell next to the centre, then the centre) and
//! 10 of 20 from `(2, 0)`. Player 2's swap decisions are unchanged (depth 10, steal below
//! -[`crate::tune::SWAP_MARGIN`]). With this book, at the contest's budget and `--opening-plies
//! 4`: against the previous release an SPRT of 0 against 40 Elo accepted H1 after 348 games
//! (188 won, 18 drawn, 142 lost, +46 ± 36 Elo; 89-8-77 as Player 1, 99-10-65 as Player 2); against
//! the book that opened on `(1, 0)`, H1 after 84 games (+125 ± 81 Elo).
//!
//! # What is proven, and what is only searched
//!
//! Nothing in the book is proven. The proof search ([`crate::proof`], `yavalath-bot solve`)
//! decides positions some twenty plies from the end, not the opening: from each first stone it
//! ran 30 s (64 MB table, a machine at load 20 to 35) and returned `unknown` every time, as it
//! did in 120 s (11.8 M nodes) after `2 2, 2 2, 3 3, 4 4`. So every swap decision rests on the
//! depth-10 searches above, checked by self-play: the same bot on both sides, from the position
//! after the theft (the player to move faces one stone of its opponent, exactly as a placing
//! Player 2 does), 40 games with both seats. The player to move is Player 2 when it places;
//! the stone's owner is Player 2 when it steals.
//!
//! | first stone | Player 2 | proof, 30 s | to move : owner (draws) over 40 games | self-play took |
//! |---|---|---|---|---|
//! | `(0, 0)` | places `(3, 3)` | unknown, 1.72 M nodes | 21 : 18 (1) | 178 s |
//! | `(1, 0)` | places `(3, 3)` | unknown, 1.86 M nodes | 19 : 21 | 126 s |
//! | `(2, 0)` | places `(3, 3)` | unknown, 1.89 M nodes | 24 : 16 | 158 s |
//! | `(1, 1)` | steals | unknown, 2.25 M nodes | 16 : 24 | 68 s |
//! | `(2, 1)` | places `(4, 3)` | unknown, 2.18 M nodes | 17 : 22 (1) | 203 s |
//! | `(2, 2)` | steals | unknown, 2.31 M nodes | 13 : 27 | 219 s |
//! | `(3, 2)` | steals | unknown, 2.23 M nodes | 13 : 27 | 137 s |
//! | `(3, 3)` | steals | unknown, 2.56 M nodes | 10 : 29 (1) | 190 s |
//! | `(4, 4)` | steals | unknown, 2.02 M nodes | 6 : 34 | 140 s |
//!
//! Self-play agrees with the searches wherever it is clear; `(1, 0)` and `(2, 1)` are even
//! within its noise, and there the book keeps the searches' answers (for `(2, 1)`, placing also
//! measured far better against an older bot: see [`crate::tune::SWAP_MARGIN`]). Against
//! `(2, 0)` placing `(3, 3)` is no better than stealing: from `2 0, 3 3` (Player 1 then plays
//! this book's `(5, 3)`) Player 1 won 23 and lost 16 of 40 (one draw).
//!
//! After the theft of `(2, 2)` Player 1's strongest reply is `(3, 3)`, next to the stolen stone
//! on the side of the centre (our bot picks it every time). The depth-10 search answers `(4, 3)`,
//! after which Player 2 won only 8 of 24 games (from `2 2, 2 2, 3 3, 4 3`); after `(4, 4)` it
//! won 26 of 40 (`2 2, 2 2, 3 3, 4 4`, 75 s), so [`AFTER_THEFT`] answers `(4, 4)`. From the
//! opening `2 2` itself, this bot against itself: Player 2 won 30, lost 9, drew 1 of 40.
//!
//! Against the bot of commit `9ffb6f5`, which opens on `(2, 0)` and answers it as this book
//! does, the two play the same openings, so the book gains nothing there: at the contest's
//! limits, `--opening-plies 4` on both sides, one game at a time, 100 games (seed 1, 80
//! distinct, load 28) went 64-2-34, but an SPRT of 0 against 40 Elo (seed 101, 227 distinct
//! games of 265, load 11 to 16) accepted H0: 127-4-134, -9 ± 42 Elo.
//!
//! The commands (from the workspace root, after `cargo build --release`):
//!
//! ```sh
//! target/release/yavalath-bot solve --moves "2 2" --seconds 30 --table-mb 64
//! echo "2 2, 2 2" > open.txt    # the first stone, then the theft
//! target/release/yavalath-referee --openings open.txt --games 40 --seed 11 --movetime-ms 3000 \
//!     "target/release/yavalath-bot --opening-plies 3 --seed {seed}" \
//!     "target/release/yavalath-bot --opening-plies 3 --seed 1{seed}"
//! ```
//!
//! (`--movetime-ms 3000` keeps a loaded machine from forfeiting games on time; the bots keep
//! their own budgets of 500 and 35 ms.) The table's self-play used the bot of commit `9ffb6f5`,
//! whose play after the opening is this one's but for the proof search.
//!
//! The board has twelve symmetries (the rotations and reflections of the hexagon), so the table
//! holds one first stone of each of the nine classes of cells; [`symmetry_to`] carries a position
//! to the table's frame and a reply back.

use crate::board::{Board, Cell, Player};

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
/// reply is in [`AFTER_THEFT`].
pub fn book_move(board: &Board) -> Option<Cell> {
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

// Generated by `yavalath-tune book --depth 10 --first 2,0` (searches to depth 10).
/// Player 1's first stone.
pub const FIRST: Xy = (2, 0);
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
/// `0 0` 29983, `1 0` 29983, `2 0` 4, `3 0` 29984, `4 0` 29983, `0 1` 29984
/// `1 1` 29982, `2 1` 14, `3 1` 16, `4 1` 60, `5 1` 29984, `0 2` 29981
/// `1 2` 52, `2 2` 4, `3 2` 48, `4 2` 6, `5 2` 52, `6 2` 29981
/// `0 3` 29981, `1 3` 29981, `2 3` 8, `3 3` 2, `4 3` 2, `5 3` 12
/// `6 3` 29981, `7 3` 29981, `0 4` 29983, `1 4` 29983, `2 4` 29985, `3 4` 0
/// `4 4` 29985, `5 4` 0, `6 4` 29985, `7 4` 29983, `8 4` 29983, `0 5` 29981
/// `1 5` 29979, `2 5` 29985, `3 5` 26, `4 5` 26, `5 5` 29985, `6 5` 29979
/// `7 5` 29981, `0 6` 29983, `1 6` 29985, `2 6` 29983, `3 6` 29985, `4 6` 29983
/// `5 6` 29985, `6 6` 29983, `0 7` 29983, `1 7` 29983, `2 7` 29983, `3 7` 29985
/// `4 7` 29983, `5 7` 29981, `0 8` 29983, `1 8` 29983, `2 8` 29983, `3 8` 29983
/// `4 8` 29983
pub const REPLIES: [u8; 61] = [
    21, 22, 21, 21, 22, 22, 23, 21, 22, 20, 21, 22, 22, 30, 20, 39, 21, 21, 22, 22, 38, 23, 20, 21,
    21, 21, 21, 22, 21, 23, 20, 22, 22, 21, 22, 15, 22, 20, 22, 21, 23, 21, 13, 15, 21, 22, 22, 21,
    22, 21, 21, 22, 22, 22, 21, 22, 22, 21, 21, 22, 21,
];
/// Player 2's answer after stealing: the stolen stone's class (its representative), Player 1's
/// reply and Player 2's answer, both in the representative's frame. Chosen by self-play from
/// the position, not by the depth-10 searches (see the module docs).
pub const AFTER_THEFT: [(Xy, Xy, Xy); 1] = [((2, 2), (3, 3), (4, 4))];
