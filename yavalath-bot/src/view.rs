//! Yavalath drawn for the replay page (`yavalath-referee --html`, `yavalath-referee view`): the
//! 61 hexagons with their names as the contest writes them (`x y`), Player 1's stones in blue
//! and Player 2's in red; the last stone ringed (marked `swap` when Player 2 took Player 1's
//! first stone), and the run that ended the game struck through: 4 or more won, exactly 3 lost.

use std::fmt::Write as _;

use common::game::Board as GameBoard;
use tools::runner::{named_hexagon, Drawing};

use crate::board::{Board, Cell, Outcome, AXES, ROW_LEN};
use crate::referee::Yavalath;

/// Circumradius of a hexagon.
const R: f64 = 26.0;
/// Distance between neighbours on a row (`√3 R`).
const W: f64 = R * 1.732_050_8;
/// The centre of the board, horizontally, and the top row's centres.
const CENTRE_X: f64 = 236.0;
const TOP: f64 = 34.0;
/// Player 1 blue, Player 2 red.
const COLOURS: [&str; 2] = ["#2563eb", "#dc2626"];

fn centre(cell: Cell) -> (f64, f64) {
    let length = f64::from(ROW_LEN[usize::from(cell.y())]);
    (
        CENTRE_X + (f64::from(cell.x()) - (length - 1.0) / 2.0) * W,
        TOP + f64::from(cell.y()) * 1.5 * R,
    )
}

/// The two ends of the run of `stones` through `cell` along `axis`.
fn run_ends(stones: u64, cell: Cell, axis: usize) -> (Cell, Cell, u32) {
    let mut ends = [cell; 2];
    let mut length = 1;
    for (end, d) in ends.iter_mut().zip([2 * axis, 2 * axis + 1]) {
        while let Some(next) = end.neighbour(d) {
            if stones & next.bit() == 0 {
                break;
            }
            *end = next;
            length += 1;
        }
    }
    (ends[0], ends[1], length)
}

/// Width and height of every drawing.
const SIZE: (u32, u32) = (472, 424);

impl Drawing<Board> for Yavalath {
    fn size(&self) -> (u32, u32) {
        SIZE
    }

    fn background(&self) -> String {
        let mut out = self.canvas();
        for cell in Cell::all() {
            out += &named_hexagon(centre(cell), R - 1.0, "#e5e7eb", cell, (12, 4.0));
        }
        out
    }

    fn draw(&self, board: &Board, last: Option<(&Board, &str)>) -> String {
        let mut out = String::new();
        let played = last
            .and_then(|(before, reply)| Some((before, GameBoard::parse_move(before, reply).ok()?)));
        for cell in Cell::all() {
            let Some(player) = board.at(cell) else {
                continue;
            };
            let (x, y) = centre(cell);
            let _ = write!(
                out,
                "<g class=\"stone p{}\"><circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"19\" fill=\"{}\" \
                 stroke=\"#111827\" stroke-width=\"1.5\"/><text x=\"{x:.1}\" y=\"{:.1}\" \
                 text-anchor=\"middle\" font-size=\"12\" font-weight=\"bold\" \
                 fill=\"#fff\">{cell}</text></g>",
                player.number(),
                COLOURS[player.index()],
                y + 4.0
            );
        }
        if let Some((before, cell)) = played {
            let (x, y) = centre(cell);
            let swap = before.swap_cell() == Some(cell);
            let _ = write!(
                out,
                "<circle class=\"last\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"23\" fill=\"none\" \
                 stroke=\"#f59e0b\" stroke-width=\"4\"/>"
            );
            if swap {
                let _ = write!(
                    out,
                    "<text class=\"swap\" x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" \
                     font-size=\"13\" font-weight=\"bold\" fill=\"#b45309\">swap</text>",
                    y - 27.0
                );
            }
            if let Some(Outcome::Four(player) | Outcome::Three(player)) = GameBoard::outcome(board)
            {
                let stones = board.stones(player);
                for axis in 0..AXES {
                    let (a, b, length) = run_ends(stones, cell, axis);
                    if length >= 3 {
                        let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
                        let _ = write!(
                            out,
                            "<line class=\"run\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" \
                             y2=\"{y2:.1}\" stroke=\"#111827\" stroke-width=\"5\" \
                             stroke-linecap=\"round\" opacity=\"0.7\"/>"
                        );
                    }
                }
            }
        }
        let status = match GameBoard::outcome(board) {
            Some(Outcome::Four(p)) => format!("Player {} made a run of 4: it wins", p.number()),
            Some(Outcome::Three(p)) => {
                format!("Player {} made a run of 3: it loses", p.number())
            }
            Some(Outcome::Full) => "the board is full: a draw".to_string(),
            None => format!("Player {} to move", GameBoard::side_to_move(board).number()),
        };
        let _ = write!(
            out,
            "<text x=\"16\" y=\"{}\" font-size=\"15\" fill=\"#111827\">ply {} · {status}</text>",
            SIZE.1 - 12,
            board.plies()
        );
        out
    }
}
