//! Move generation checked by perft against a second implementation of the rules.
//!
//! The counts below were computed by the reference `Grid` in this file: a plain 5×5 grid of
//! characters, written from the rules in `src/lib.rs` ("The rules as implemented") and sharing
//! no code with `board.rs` (no bitboards, no move list, its own end-of-game checks). The tests
//! check that both implementations agree with the table at every depth.

use common::game::Board as _;
use krieg::board::Board;
use test_support::perft::{check_against_reference, Reference};

/// perft(d) from the initial position, Sentinel to move, for d = 1, 2, ...
const PERFT_FROM_START: [u64; 7] = [8, 50, 368, 2576, 18342, 121514, 802008];

#[test]
fn perft_from_the_initial_position() {
    for (i, &expected) in PERFT_FROM_START.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(Board::start().perft(depth), expected, "perft({depth})");
        assert_eq!(
            common::game::perft::<Board>(depth),
            expected,
            "perft({depth})"
        );
    }
}

#[test]
fn the_reference_implementation_gives_the_same_counts() {
    // Depth 7 takes the plain implementation a while in a debug build: 6 is enough there.
    let depths = if cfg!(debug_assertions) { 6 } else { 7 };
    for (i, &expected) in PERFT_FROM_START.iter().take(depths).enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(Grid::start().perft(depth), expected, "perft({depth})");
    }
}

#[test]
fn perft_of_a_finished_game_is_zero() {
    let over = Board::from_diagram(
        &["b....", ".....", ".....", ".....", "....B"],
        krieg::board::Side::Sentinel,
    )
    .unwrap();
    assert_eq!(over.perft(1), 0);
    assert_eq!(over.perft(0), 1);
}

#[test]
fn perft_inside_the_game_agrees_with_the_reference_implementation() {
    // Positions 6, 12 and 20 plies into a fixed game, each counted to depth 6.
    check_against_reference(
        &Grid::start(),
        &[
            (6, &[5, 20, 103, 543, 3433, 22_088]),
            (12, &[4, 17, 86, 363, 2151, 10_040]),
            (20, &[5, 16, 101, 341, 2181, 8598]),
        ],
    );
}

// ---- The reference implementation --------------------------------------------------------------

/// Cells hold `B`/`S` (Sentinel's bomber and stinger), `b`/`s` (Scourge's) or `.`.
#[derive(Clone, Debug)]
struct Grid {
    cells: [[char; 5]; 5],
    sentinel_to_move: bool,
}

impl Grid {
    fn start() -> Grid {
        let rows = ["BBBBB", "SSSSS", ".....", "sssss", "bbbbb"];
        let mut cells = [['.'; 5]; 5];
        for (r, row) in rows.iter().enumerate() {
            for (c, symbol) in row.chars().enumerate() {
                cells[r][c] = symbol;
            }
        }
        Grid {
            cells,
            sentinel_to_move: true,
        }
    }

    fn owner(symbol: char) -> Option<bool> {
        match symbol {
            'B' | 'S' => Some(true),
            'b' | 's' => Some(false),
            _ => None,
        }
    }
}

impl Reference for Grid {
    type Board = Board;
    type Move = (usize, usize, usize, usize);

    /// Moves `(r1, c1, r2, c2)` of the side to move, straight from the rules.
    fn moves(&self) -> Vec<(usize, usize, usize, usize)> {
        let us = self.sentinel_to_move;
        let forward: i32 = if us { 1 } else { -1 };
        let at = |r: i32, c: i32| -> Option<char> {
            ((0..5).contains(&r) && (0..5).contains(&c)).then(|| self.cells[r as usize][c as usize])
        };
        let mut moves = Vec::new();
        for r in 0..5i32 {
            for c in 0..5i32 {
                let symbol = self.cells[r as usize][c as usize];
                if Grid::owner(symbol) != Some(us) {
                    continue;
                }
                let bomber = symbol.eq_ignore_ascii_case(&'b');
                let mut targets = vec![(r + forward, c - 1), (r + forward, c + 1)];
                if bomber {
                    targets.push((r + forward, c));
                }
                for (tr, tc) in targets {
                    if at(tr, tc) == Some('.') {
                        moves.push((r, c, tr, tc));
                    }
                }
                let mut jumps = vec![(forward, 0)];
                if r != 0 && r != 4 {
                    jumps.extend([(0, -1), (0, 1)]);
                }
                for (dr, dc) in jumps {
                    let over = at(r + dr, c + dc).and_then(Grid::owner);
                    if over == Some(!us) && at(r + 2 * dr, c + 2 * dc) == Some('.') {
                        moves.push((r, c, r + 2 * dr, c + 2 * dc));
                    }
                }
            }
        }
        moves
            .into_iter()
            .map(|(a, b, c, d)| (a as usize, b as usize, c as usize, d as usize))
            .collect()
    }

    fn play(&self, (r1, c1, r2, c2): (usize, usize, usize, usize)) -> Grid {
        let mut next = self.clone();
        next.cells[r2][c2] = next.cells[r1][c1];
        next.cells[r1][c1] = '.';
        if r1.abs_diff(r2) == 2 || c1.abs_diff(c2) == 2 {
            next.cells[(r1 + r2) / 2][(c1 + c2) / 2] = '.';
        }
        next.sentinel_to_move = !self.sentinel_to_move;
        next
    }

    /// True once the game is over, checked in the rules' order after a move.
    fn over(&self) -> bool {
        let mover_bomber = if self.sentinel_to_move { 'b' } else { 'B' };
        let goal_row = if self.sentinel_to_move { 0 } else { 4 };
        if self.cells[goal_row].contains(&mover_bomber) {
            return true;
        }
        let own_bomber = if self.sentinel_to_move { 'B' } else { 'b' };
        if !self.cells.iter().flatten().any(|&s| s == own_bomber) {
            return true;
        }
        self.moves().is_empty()
    }

    fn board_move(&self, (r1, c1, r2, c2): Self::Move, _: &Board) -> krieg::board::Move {
        krieg::notation::parse_move(&format!("{r1} {c1} {r2} {c2}")).unwrap()
    }
}
