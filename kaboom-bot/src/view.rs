//! Ka-Boom drawn for the replay page (`kaboom-referee --html`, `kaboom-referee view`): the
//! coloured 8×8 board in Player 1's frame (its base, row 0, at the bottom), each ranger a disc
//! of its colour, Player 1's with a black rim and Player 2's with a white one, each bomb a large
//! ball on its carrier in its owner's rim colour (Player 1's black, Player 2's white with a black
//! edge) marked with the owner's number; the last move as an arrow (dashed for a bomb pass), a
//! placement or a forfeit ringed; under the board, who must move which colour and the passes in
//! a row. Each player prints its moves in its own frame; the page lists them in the board's
//! frame, Player 1's ([`Drawing::board_frame_move`]).

use std::fmt::Write as _;

use common::game::{Board as GameBoard, Outcome as GameOutcome};
use tools::runner::Drawing;

use crate::board::{Board, MoveKind, Player, Square, COLOUR, COLOUR_NAMES};
use crate::notation::format_move;
use crate::referee::Kaboom;

/// Side of a square, in SVG units.
const CELL: i32 = 54;
/// Left and top margins (row numbers on the left, column numbers under the board).
const LEFT: i32 = 28;
const TOP: i32 = 12;
/// The eight colours, in the order of [`COLOUR_NAMES`].
const PALETTE: [&str; 8] = [
    "#f97316", "#2563eb", "#7c3aed", "#ec4899", "#facc15", "#dc2626", "#16a34a", "#92400e",
];
/// The rim of each player's rangers.
const RIMS: [&str; 2] = ["#111827", "#f9fafb"];

/// The top-left corner of a square (row 7 at the top).
fn corner(square: Square) -> (i32, i32) {
    (
        LEFT + square.column() * CELL,
        TOP + (7 - square.row()) * CELL,
    )
}

fn centre(square: Square) -> (i32, i32) {
    let (x, y) = corner(square);
    (x + CELL / 2, y + CELL / 2)
}

fn all_squares() -> impl Iterator<Item = Square> {
    (0..64).map(Square::from_index)
}

/// `player`'s bomb on the ranger centred on `(x, y)`: a ball at the ranger's upper right, in the
/// owner's rim colour with the other's for its edge and number, and a lit fuse.
fn bomb(player: Player, x: i32, y: i32) -> String {
    let (ball, ink) = (RIMS[player.index()], RIMS[1 - player.index()]);
    let (bx, by) = (x + 14, y - 14);
    format!(
        "<g class=\"bomb p{n}\"><path d=\"M{} {} q5 -9 12 -8\" stroke=\"#111827\" stroke-width=\"2.5\" \
         fill=\"none\"/><circle cx=\"{bx}\" cy=\"{by}\" r=\"12\" fill=\"{ball}\" stroke=\"{ink}\" \
         stroke-width=\"2.5\"/><text x=\"{bx}\" y=\"{}\" text-anchor=\"middle\" font-size=\"14\" \
         font-weight=\"bold\" fill=\"{ink}\">{n}</text><circle cx=\"{}\" cy=\"{}\" r=\"3.5\" \
         fill=\"#f59e0b\"/></g>",
        bx + 6,
        by - 10,
        by + 5,
        bx + 18,
        by - 18,
        n = player.number(),
    )
}

/// Width and height of every drawing.
const SIZE: (u32, u32) = ((8 * CELL + LEFT + 12) as u32, (8 * CELL + TOP + 82) as u32);

impl Drawing<Board> for Kaboom {
    fn size(&self) -> (u32, u32) {
        SIZE
    }

    fn background(&self) -> String {
        let mut out = self.canvas();
        for square in all_squares() {
            let (x, y) = corner(square);
            let colour = COLOUR[square.row() as usize][square.column() as usize];
            let _ = write!(
                out,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" \
                 fill-opacity=\"0.55\" stroke=\"#fff\" stroke-width=\"1\"/>",
                PALETTE[colour as usize]
            );
        }
        for i in 0..8 {
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"14\" fill=\"#6b7280\">{i}</text>\
                 <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"14\" fill=\"#6b7280\">{i}</text>",
                LEFT / 2,
                TOP + (7 - i) * CELL + CELL / 2 + 5,
                LEFT + i * CELL + CELL / 2,
                TOP + 8 * CELL + 17
            );
        }
        out
    }

    fn board_frame_move(&self, before: &Board, reply: &str) -> Option<String> {
        let m = GameBoard::parse_move(before, reply).ok()?;
        Some(format_move(m, Player::One))
    }

    fn draw(&self, board: &Board, last: Option<(&Board, &str)>) -> String {
        let mut out = String::new();
        let played = last.and_then(|(before, reply)| GameBoard::parse_move(before, reply).ok());
        if let Some(m) = played {
            for square in [m.from(), m.to()] {
                let (x, y) = corner(square);
                let _ = write!(
                    out,
                    "<rect class=\"last\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
                     fill=\"none\" stroke=\"#111827\" stroke-width=\"4\" stroke-dasharray=\"7 4\"/>",
                    x + 2,
                    y + 2,
                    CELL - 4,
                    CELL - 4
                );
                if m.from() == m.to() {
                    break;
                }
            }
            if m.kind() == MoveKind::Ranger {
                let ((x1, y1), (x2, y2)) = (centre(m.from()), centre(m.to()));
                let _ = write!(
                    out,
                    "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#111827\" \
                     stroke-width=\"5\" stroke-linecap=\"round\" opacity=\"0.6\"/>"
                );
            }
        }
        let bombs = [board.bomb(Player::One), board.bomb(Player::Two)];
        for square in all_squares() {
            let Some((player, colour)) = board.ranger_at(square) else {
                continue;
            };
            let (x, y) = centre(square);
            let _ = write!(
                out,
                "<g class=\"ranger p{}\"><circle cx=\"{x}\" cy=\"{y}\" r=\"21\" fill=\"{}\" \
                 stroke=\"#111827\" stroke-width=\"1\"/><circle cx=\"{x}\" cy=\"{y}\" r=\"13\" \
                 fill=\"{}\"/></g>",
                player.number(),
                RIMS[player.index()],
                PALETTE[colour as usize]
            );
            if bombs[player.index()] == Some(square) {
                out.push_str(&bomb(player, x, y));
            }
        }
        if let Some(m) = played {
            if m.kind() == MoveKind::Pass {
                let ((x1, y1), (x2, y2)) = (centre(m.from()), centre(m.to()));
                let _ = write!(
                    out,
                    "<line class=\"pass\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" \
                     stroke=\"#111827\" stroke-width=\"3\" stroke-dasharray=\"8 5\"/>"
                );
            }
        }
        let what = match played.map(|m| m.kind()) {
            Some(MoveKind::Place) => "bomb placed",
            Some(MoveKind::Ranger) => "ranger moved",
            Some(MoveKind::Pass) => "bomb passed",
            Some(MoveKind::Forfeit) => "forfeit",
            None => "start",
        };
        let status = match (GameBoard::outcome(board), board.required()) {
            (Some(outcome), _) => match GameOutcome::winner(outcome) {
                Some(winner) => format!("{winner} wins"),
                None => "draw".to_string(),
            },
            (None, Some(colour)) => format!(
                "{} must move {}",
                GameBoard::side_to_move(board),
                COLOUR_NAMES[colour as usize]
            ),
            (None, None) if board.in_placement() => {
                format!("{} places its bomb", GameBoard::side_to_move(board))
            }
            (None, None) => format!("{} to move", GameBoard::side_to_move(board)),
        };
        let base = TOP + 8 * CELL + 40;
        let _ = write!(
            out,
            "<text x=\"{LEFT}\" y=\"{base}\" font-size=\"15\" fill=\"#111827\">{what} · {status}</text>\
             <text x=\"{LEFT}\" y=\"{}\" font-size=\"15\" fill=\"#111827\">passes in a row: \
             p1 {}, p2 {} (15 at most) · ply {}</text>",
            base + 22,
            board.passes(Player::One),
            board.passes(Player::Two),
            board.plies()
        );
        out
    }
}
