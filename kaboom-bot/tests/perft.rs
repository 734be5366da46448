//! Move counts from the very start of a game (the two bomb placements are plies 1 and 2).
//!
//! Depths 1-4 agree with an independent generator written from the same rules (the plain
//! implementation below, which also counts positions inside a game); depth 3 is also checked by
//! hand in the crate docs: 64 placements × (102 ranger moves + 14/8 passes on average) = 6640.
//! Depth 5 is this generator's own count, kept to catch regressions.

use common::game::perft;

const COUNTS: [(u32, u64); 5] = [(1, 8), (2, 64), (3, 6640), (4, 86660), (5, 1_023_004)];

#[test]
fn perft_from_the_start_matches_the_known_counts() {
    check_counts(perft::<Board>, &COUNTS);
}

#[test]
fn perft_zero_is_one() {
    assert_eq!(perft::<Board>(0), 1);
}

// ---- Perft inside the game, against a second implementation ------------------------------------

use kaboom::board::{Board, Player};
use test_support::perft::{check_against_reference, check_counts, Reference};

/// The colours of the squares, as indices into the first row's order (orange, blue, purple, pink,
/// yellow, red, green, brown); `COLOUR[row][column]` in Player 1's frame, which is also Player
/// 2's (the matrix is symmetric under the half turn).
const COLOUR: [[usize; 8]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7],
    [5, 0, 3, 6, 1, 4, 7, 2],
    [6, 3, 0, 5, 2, 7, 4, 1],
    [3, 2, 1, 0, 7, 6, 5, 4],
    [4, 5, 6, 7, 0, 1, 2, 3],
    [1, 4, 7, 2, 5, 0, 3, 6],
    [2, 7, 4, 1, 6, 3, 0, 5],
    [7, 6, 5, 4, 3, 2, 1, 0],
];

/// A move of the reference, in Player 1's frame: a bomb placed on a column, a ranger move, a bomb
/// pass, or a forfeit.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Play {
    Place(usize),
    Ranger(usize, (i32, i32)),
    Pass(usize),
    Forfeit,
}

/// The game written from the rules alone, every square in Player 1's frame (Player 2's base is
/// row 7, its forward is −row). Players are 0 and 1.
#[derive(Clone, Debug)]
struct Game {
    /// `rangers[player][colour]`: its square.
    rangers: [[(i32, i32); 8]; 2],
    /// The colour of the ranger carrying each player's bomb, once placed.
    bomb: [Option<usize>; 2],
    to_move: usize,
    /// The colour the mover must move; `None` for a free move.
    required: Option<usize>,
    passes_in_row: [u32; 2],
    regular_moves: [u32; 2],
    /// Whether the last ply was a forfeit.
    last_forfeit: bool,
    over: bool,
}

impl Game {
    fn new() -> Game {
        let mut rangers = [[(0, 0); 8]; 2];
        for j in 0..8 {
            rangers[0][COLOUR[0][j]] = (0, j as i32);
            rangers[1][COLOUR[0][j]] = (7, 7 - j as i32);
        }
        Game {
            rangers,
            bomb: [None; 2],
            to_move: 0,
            required: None,
            passes_in_row: [0; 2],
            regular_moves: [0; 2],
            last_forfeit: false,
            over: false,
        }
    }

    fn occupied(&self, square: (i32, i32)) -> bool {
        self.rangers.iter().flatten().any(|&s| s == square)
    }

    fn on_board((r, c): (i32, i32)) -> bool {
        (0..8).contains(&r) && (0..8).contains(&c)
    }

    /// The empty squares the mover's ranger of `colour` can reach.
    fn ranger_moves(&self, colour: usize) -> Vec<(i32, i32)> {
        let forward = if self.to_move == 0 { 1 } else { -1 };
        let (r, c) = self.rangers[self.to_move][colour];
        let mut targets = Vec::new();
        for dc in [-1, 0, 1] {
            let mut k = 1;
            while Game::on_board((r + k * forward, c + k * dc))
                && !self.occupied((r + k * forward, c + k * dc))
            {
                targets.push((r + k * forward, c + k * dc));
                k += 1;
            }
        }
        targets
    }

    /// The colours of the mover's rangers its bomb can be passed to.
    fn passes(&self) -> Vec<usize> {
        let me = self.to_move;
        let Some(carrier) = self.bomb[me] else {
            return Vec::new();
        };
        if self.passes_in_row[me] >= 15 {
            return Vec::new();
        }
        let (r, c) = self.rangers[me][carrier];
        let mut colours = Vec::new();
        for (dr, dc) in [
            (0, 1),
            (0, -1),
            (1, 0),
            (-1, 0),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ] {
            let mut k = 1;
            while Game::on_board((r + k * dr, c + k * dc)) {
                let square = (r + k * dr, c + k * dc);
                if self.occupied(square) {
                    if let Some(colour) = (0..8).find(|&x| self.rangers[me][x] == square) {
                        colours.push(colour);
                    }
                    break;
                }
                k += 1;
            }
        }
        colours
    }

    /// `play` as the mover prints it, in its own frame.
    fn line(&self, play: Play) -> String {
        let me = self.to_move;
        let frame = |(r, c): (i32, i32)| if me == 0 { (r, c) } else { (7 - r, 7 - c) };
        let ((i1, j1), (x, to)) = match play {
            Play::Place(column) => return column.to_string(),
            Play::Ranger(colour, to) => (self.rangers[me][colour], (1, to)),
            Play::Pass(colour) => {
                let carrier = self.bomb[me].unwrap();
                (self.rangers[me][carrier], (0, self.rangers[me][colour]))
            }
            Play::Forfeit => {
                let blocked = self.rangers[me][self.required.unwrap()];
                (blocked, (1, blocked))
            }
        };
        let ((i1, j1), (i2, j2)) = (frame((i1, j1)), frame(to));
        format!("{x},{i1},{j1},{i2},{j2}")
    }
}

impl Reference for Game {
    type Board = Board;
    type Move = Play;

    fn moves(&self) -> Vec<Play> {
        if self.bomb[self.to_move].is_none() {
            return (0..8).map(Play::Place).collect();
        }
        let passes = self.passes().into_iter().map(Play::Pass);
        let Some(required) = self.required else {
            let mut moves: Vec<Play> = (0..8)
                .flat_map(|x| {
                    self.ranger_moves(x)
                        .into_iter()
                        .map(move |t| Play::Ranger(x, t))
                })
                .collect();
            moves.extend(passes);
            return moves;
        };
        let mut moves: Vec<Play> = self
            .ranger_moves(required)
            .into_iter()
            .map(|t| Play::Ranger(required, t))
            .collect();
        moves.extend(passes);
        if moves.is_empty() {
            moves.push(Play::Forfeit);
        }
        moves
    }

    fn play(&self, play: Play) -> Game {
        let mut next = self.clone();
        let me = self.to_move;
        next.to_move = 1 - me;
        let placing = matches!(play, Play::Place(_));
        if !placing {
            next.regular_moves[me] += 1;
        }
        next.last_forfeit = play == Play::Forfeit;
        let landing = match play {
            Play::Place(column) => {
                let own_base = if me == 0 {
                    (0, column as i32)
                } else {
                    (7, 7 - column as i32)
                };
                next.bomb[me] = (0..8).find(|&x| self.rangers[me][x] == own_base);
                None
            }
            Play::Ranger(colour, to) => {
                next.rangers[me][colour] = to;
                next.passes_in_row[me] = 0;
                Some(to)
            }
            Play::Pass(colour) => {
                next.bomb[me] = Some(colour);
                next.passes_in_row[me] += 1;
                Some(self.rangers[me][colour])
            }
            Play::Forfeit => {
                next.passes_in_row[me] = 0;
                Some(self.rangers[me][self.required.expect("a forfeit is never free")])
            }
        };
        next.required = landing.map(|(r, c)| COLOUR[r as usize][c as usize]);
        let goal = if me == 0 { 7 } else { 0 };
        let carrier = next.bomb[me].map(|x| next.rangers[me][x]);
        next.over = carrier.is_some_and(|(r, _)| r == goal)
            || (play == Play::Forfeit && self.last_forfeit)
            || next.regular_moves == [50, 50];
        next
    }

    fn over(&self) -> bool {
        self.over
    }

    fn board_move(&self, play: Play, board: &Board) -> kaboom::board::Move {
        let mover = if self.to_move == 0 {
            Player::One
        } else {
            Player::Two
        };
        let line = self.line(play);
        kaboom::notation::parse_legal(board, &line, mover)
            .unwrap_or_else(|e| panic!("{line}: {e}\n{board}"))
    }
}

#[test]
fn the_plain_implementation_counts_the_start_as_the_generator_does() {
    for (depth, count) in COUNTS.into_iter().take(4) {
        assert_eq!(Game::new().perft(depth), count, "perft({depth})");
    }
}

#[test]
fn perft_inside_the_game_agrees_with_a_plain_implementation() {
    // After the placements, mid-game and late, each counted to depth 4.
    check_against_reference(
        &Game::new(),
        &[
            (2, &[104, 1384, 16_774, 201_424]),
            (12, &[13, 70, 581, 3504]),
            (40, &[7, 27, 81, 403]),
        ],
    );
}
