//! Perft from the empty board (the swap counts as one move on ply 2).

use common::game::Board as _;
use test_support::perft::{check_against_reference, check_counts, fixed_game, Reference};
use yavalath::board::{Board, Cell};

/// Perft from the empty board.
fn perft(depth: u32) -> u64 {
    common::game::perft::<Board>(depth)
}

/// Counts worked out by hand: no game can end before ply 5 (a line of 3 needs three stones of
/// one player), so every count is a product of free cells. Ply 1 has 61 cells; ply 2 has 60
/// placements or the swap; ply 3 every empty cell (59 after a placement, 60 after a swap); ply 4
/// likewise: 61·60·59·58 + 61·1·60·59 = 12,740,460.
const PERFT: [(u32, u64); 4] = [(1, 61), (2, 3721), (3, 219_600), (4, 12_740_460)];

#[test]
fn perft_from_the_empty_board() {
    check_counts(perft, &PERFT);
}

#[test]
fn perft_counts_by_formula() {
    // Without a possible 3 before ply 5 the counts are products: n placements, plus the swap.
    let n = 61u64;
    assert_eq!(perft(2), n * (n - 1) + n);
    assert_eq!(perft(3), n * (n - 1) * (n - 2) + n * (n - 1));
    assert_eq!(
        perft(4),
        n * (n - 1) * (n - 2) * (n - 3) + n * (n - 1) * (n - 2)
    );
}

#[test]
fn finished_games_have_no_moves() {
    let mut b = Board::start();
    // Player 1: (0,4) (1,4) (2,4) makes a 3 and loses on ply 5.
    for (x, y) in [(0, 4), (8, 4), (1, 4), (7, 4), (2, 4)] {
        b = b.play(Cell::from_xy(x, y).unwrap());
    }
    assert!(b.outcome().is_some());
    assert_eq!(b.perft(1), 0);
    assert_eq!(b.perft(3), 0);
    assert_eq!(b.perft(0), 1);
}

// ---- Perft inside the game, against a second implementation ------------------------------------

/// The board as a plain 9×9 array in axial coordinates (`q = x − min(y, 4)`, `r = y − 4`, a cell
/// where `max(|q|, |r|, |q + r|) ≤ 4`), written from the rules alone: `0` empty, `1` and `2` the
/// players' stones.
#[derive(Clone, Debug)]
struct Hex {
    stones: [[u8; 9]; 9],
    /// 1 or 2.
    to_move: u8,
    /// Stones placed (the swap places none).
    plies: u32,
    over: bool,
    /// How the game ended: a run of 4 or more, a run of exactly 3, or a full board.
    four: bool,
    three: bool,
}

/// The three axes of a line.
const AXES: [(i32, i32); 3] = [(1, 0), (0, 1), (1, -1)];

impl Hex {
    fn new() -> Hex {
        Hex {
            stones: [[0; 9]; 9],
            to_move: 1,
            plies: 0,
            over: false,
            four: false,
            three: false,
        }
    }

    fn exists(q: i32, r: i32) -> bool {
        q.abs().max(r.abs()).max((q + r).abs()) <= 4
    }

    fn at(&self, q: i32, r: i32) -> Option<u8> {
        Hex::exists(q, r).then(|| self.stones[(q + 4) as usize][(r + 4) as usize])
    }

    fn cells() -> impl Iterator<Item = (i32, i32)> {
        (-4..=4).flat_map(|q| {
            (-4..=4)
                .map(move |r| (q, r))
                .filter(|&(q, r)| Hex::exists(q, r))
        })
    }

    /// The cell `(x, y)` of the contest's notation.
    fn xy((q, r): (i32, i32)) -> (i32, i32) {
        let y = r + 4;
        (q + y.min(4), y)
    }
}

impl Reference for Hex {
    type Board = Board;
    type Move = (i32, i32);

    /// The moves: every empty cell, and on Player 2's first turn the swap (Player 1's cell).
    fn moves(&self) -> Vec<(i32, i32)> {
        Hex::cells()
            .filter(|&(q, r)| self.at(q, r) == Some(0) || (self.plies == 1 && self.to_move == 2))
            .collect()
    }

    fn play(&self, (q, r): (i32, i32)) -> Hex {
        let mut next = self.clone();
        let me = self.to_move;
        next.stones[(q + 4) as usize][(r + 4) as usize] = me;
        next.to_move = 3 - me;
        if self.at(q, r) != Some(0) {
            // The swap: Player 1's stone becomes Player 2's; no line can form.
            return next;
        }
        next.plies += 1;
        let run = |(dq, dr): (i32, i32)| {
            let mut length = 1;
            for sign in [1, -1] {
                let mut k = 1;
                while next.at(q + sign * k * dq, r + sign * k * dr) == Some(me) {
                    length += 1;
                    k += 1;
                }
            }
            length
        };
        let runs: Vec<i32> = AXES.iter().map(|&axis| run(axis)).collect();
        let full = Hex::cells().all(|(q, r)| next.at(q, r) != Some(0));
        next.four = runs.iter().any(|&n| n >= 4);
        next.three = !next.four && runs.contains(&3);
        next.over = next.four || next.three || full;
        next
    }

    fn over(&self) -> bool {
        self.over
    }

    fn board_move(&self, m: (i32, i32), _: &Board) -> Cell {
        let (x, y) = Hex::xy(m);
        Cell::from_xy(x, y).unwrap()
    }

    fn perft(&self, depth: u32) -> u64 {
        reference_perft(self, depth).0
    }
}

/// Move sequences of length `depth`, and how many of them end on a win by a 4 and on a loss by
/// a 3.
fn reference_perft(hex: &Hex, depth: u32) -> (u64, u64, u64) {
    if depth == 0 {
        return (1, u64::from(hex.four), u64::from(hex.three));
    }
    let mut total = (0, 0, 0);
    if hex.over {
        return total;
    }
    for m in hex.moves() {
        let (count, fours, threes) = reference_perft(&hex.play(m), depth - 1);
        total = (total.0 + count, total.1 + fours, total.2 + threes);
    }
    total
}

#[test]
fn perft_inside_the_game_agrees_with_a_plain_hex_grid() {
    // After the first stone (the swap among the replies), mid-game, and late, where sequences end
    // by a 4 and by a 3 within the depths counted.
    let cases: [(usize, &[u64]); 4] = [
        (1, &[61, 3600, 208_860]),
        (16, &[45, 1804, 68_972]),
        (30, &[31, 540, 9657]),
        (44, &[17, 80, 150, 448]),
    ];
    check_against_reference(&Hex::new(), &cases);
    let (fours, threes) = cases.iter().fold((0, 0), |(f, t), &(plies, counts)| {
        let (_, fours, threes) =
            reference_perft(&fixed_game(&Hex::new(), plies).1, counts.len() as u32);
        (f + fours, t + threes)
    });
    assert!(fours > 0 && threes > 0, "{fours} fours, {threes} threes");
}
