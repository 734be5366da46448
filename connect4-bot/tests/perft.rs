//! Perft from the empty board. The counts follow from the rules by hand: no column can fill and
//! no four can form within four plies, so each team's moves are independent of the other's, and
//! a team has 35 first moves and then 35 again after a normal disc (7 ways) or 28 after a power
//! (28 ways, that power spent): 35; 35²; 35·(7·35 + 28·28) = 36015; (7·35 + 28·28)² = 1029².
//! Inside a game, where removals, the compulsory dual disc and fours come in, the counts are
//! checked against a plain grid written from the rules.

#[test]
fn perft_from_the_empty_board() {
    let expected = [35u64, 1225, 36015, 1_058_841];
    for (depth, &count) in expected.iter().enumerate() {
        assert_eq!(
            common::game::perft::<Board>(depth as u32 + 1),
            count,
            "depth {}",
            depth + 1
        );
    }
}

// ---- Perft inside the game, against a second implementation ------------------------------------

use connect4::board::Board;
use test_support::perft::{check_against_reference, Reference};

/// The game written from the rules alone: a 7×6 grid of `0` empty, `1` and `2` the teams' discs,
/// `3` a dual disc, with each team's powers used and moves made.
#[derive(Clone, Debug)]
struct Grid {
    /// `cells[column][row]`, row 0 at the bottom.
    cells: [[u8; 6]; 7],
    /// 1 or 2.
    to_move: u8,
    /// `used[team - 1][t - 1]`: power `t` (1 to 4) spent.
    used: [[bool; 4]; 2],
    made: [u32; 2],
    over: bool,
}

impl Reference for Grid {
    type Board = Board;
    type Move = (u8, usize);

    /// The moves `(t, c)`, `c` in 1..=7: a column with room, a power not spent, and the dual disc
    /// on a team's tenth move if it has not used it.
    fn moves(&self) -> Vec<(u8, usize)> {
        let team = usize::from(self.to_move - 1);
        let dual_due = self.made[team] == 9 && !self.used[team][3];
        let mut moves = Vec::new();
        for t in 1..=5u8 {
            let allowed = if dual_due {
                t == 4
            } else {
                t == 5 || !self.used[team][usize::from(t - 1)]
            };
            for c in 1..=7 {
                if allowed && self.cells[c - 1][5] == 0 {
                    moves.push((t, c));
                }
            }
        }
        moves
    }

    fn play(&self, (t, c): (u8, usize)) -> Grid {
        let mut next = self.clone();
        let team = usize::from(self.to_move - 1);
        let column = c - 1;
        let row = (0..6).find(|&r| self.cells[column][r] == 0).unwrap();
        next.cells[column][row] = match t {
            4 => 3,
            _ => self.to_move,
        };
        match t {
            1 => (0..7).for_each(|k| next.cells[k][row] = 0),
            2 => next.cells[column] = [0; 6],
            3 => {
                for k in column.saturating_sub(1)..=(column + 1).min(6) {
                    for r in row.saturating_sub(1)..=(row + 1).min(5) {
                        next.cells[k][r] = 0;
                    }
                }
            }
            _ => {}
        }
        for cells in &mut next.cells {
            let discs: Vec<u8> = cells.iter().copied().filter(|&d| d != 0).collect();
            *cells = [0; 6];
            cells[..discs.len()].copy_from_slice(&discs);
        }
        if t <= 4 {
            next.used[team][usize::from(t - 1)] = true;
        }
        next.made[team] += 1;
        next.to_move = 3 - self.to_move;
        let fours = [1, 2].map(|team| next.has_four(team));
        let full = next.cells.iter().all(|cells| cells[5] != 0);
        next.over = fours[0] || fours[1] || full;
        next
    }

    fn over(&self) -> bool {
        self.over
    }

    fn board_move(&self, (t, c): (u8, usize), _: &Board) -> connect4::board::Move {
        connect4::notation::parse_move(&format!("{t} {c}")).unwrap()
    }

    /// The normal discs but on every sixth move (or when a dual disc is due), so that powers are
    /// left for later.
    fn fixed_game_moves(&self, k: usize) -> Vec<(u8, usize)> {
        let all = self.moves();
        let normal: Vec<(u8, usize)> = all.iter().copied().filter(|m| m.0 == 5).collect();
        if k % 6 == 5 || normal.is_empty() {
            all
        } else {
            normal
        }
    }
}

impl Grid {
    fn new() -> Grid {
        Grid {
            cells: [[0; 6]; 7],
            to_move: 1,
            used: [[false; 4]; 2],
            made: [0; 2],
            over: false,
        }
    }

    /// Whether `team` has four in a line, dual discs counting for both teams.
    fn has_four(&self, team: u8) -> bool {
        let own = |c: i32, r: i32| {
            (0..7).contains(&c)
                && (0..6).contains(&r)
                && matches!(self.cells[c as usize][r as usize], d if d == team || d == 3)
        };
        (0..7).any(|c| {
            (0..6).any(|r| {
                [(1, 0), (0, 1), (1, 1), (1, -1)]
                    .iter()
                    .any(|&(dc, dr)| (0..4).all(|k| own(c + k * dc, r + k * dr)))
            })
        })
    }
}

#[test]
fn perft_inside_the_game_agrees_with_a_plain_grid() {
    // Early, with every power left; after each team's ninth move (a dual disc due next); late.
    check_against_reference(
        &Grid::new(),
        &[
            (4, &[35, 1225, 35_997]),
            (18, &[6, 36, 768]),
            (30, &[24, 99, 1705]),
        ],
    );
}
