//! Krieg drawn for the replay page (`krieg-referee --html`, `krieg-referee view`): the 5×5 board
//! with its row and column numbers, Sentinel's pieces in blue (moving down), Scourge's in red
//! (moving up), bombers as discs marked `B`, stingers as triangles pointing forward marked `S`;
//! the last move as an arrow, its captured piece crossed out.

use std::fmt::Write as _;

use common::game::Board as GameBoard;
use tools::runner::Drawing;

use crate::board::{Board, Cell, Kind, Side};
use crate::referee::Krieg;

/// Side of a cell, in SVG units.
const CELL: i32 = 80;
/// Left and top margins, for the column and row numbers.
const LEFT: i32 = 34;
const TOP: i32 = 30;
/// The colour of each side's pieces: Sentinel (Player 1) blue, Scourge (Player 2) red.
const COLOURS: [&str; 2] = ["#2563eb", "#dc2626"];

fn side_index(side: Side) -> usize {
    match side {
        Side::Sentinel => 0,
        Side::Scourge => 1,
    }
}

fn centre(cell: Cell) -> (i32, i32) {
    (
        LEFT + cell.column() * CELL + CELL / 2,
        TOP + cell.row() * CELL + CELL / 2,
    )
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Sentinel => "Sentinel",
        Side::Scourge => "Scourge",
    }
}

/// A piece; `role` is `piece`, or `taken` for the ghost of a captured one.
fn piece(out: &mut String, cell: Cell, side: Side, kind: Kind, role: &str) {
    let (x, y) = centre(cell);
    let colour = COLOURS[side_index(side)];
    let seat = side_index(side) + 1;
    match kind {
        Kind::Bomber => {
            let _ = write!(
                out,
                "<g class=\"{role} p{seat} bomber\"><circle cx=\"{x}\" cy=\"{y}\" r=\"28\" \
                 fill=\"{colour}\" stroke=\"#111827\" stroke-width=\"2\"/>\
                 <text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"26\" \
                 font-weight=\"bold\" fill=\"#fff\">B</text></g>",
                y + 9
            );
        }
        Kind::Stinger => {
            // The point is forward: down for Sentinel, up for Scourge.
            let f = side.forward();
            let _ = write!(
                out,
                "<g class=\"{role} p{seat} stinger\"><polygon points=\"{},{} {},{} {},{}\" \
                 fill=\"{colour}\" stroke=\"#111827\" stroke-width=\"2\"/>\
                 <text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"18\" \
                 font-weight=\"bold\" fill=\"#fff\">S</text></g>",
                x - 28,
                y - 22 * f,
                x + 28,
                y - 22 * f,
                x,
                y + 28 * f,
                y + 6 - 6 * f,
            );
        }
    }
}

/// Width and height of every drawing.
const SIZE: (u32, u32) = (5 * CELL as u32 + 2 * LEFT as u32, 5 * CELL as u32 + 74);

impl Drawing<Board> for Krieg {
    fn size(&self) -> (u32, u32) {
        SIZE
    }

    fn background(&self) -> String {
        let mut out = self.canvas();
        let size = 5 * CELL;
        for row in 0..5 {
            for column in 0..5 {
                // The bases tinted with their owner's colour, the rest checkered.
                let fill = match row {
                    0 => "#dbeafe",
                    4 => "#fee2e2",
                    _ if (row + column) % 2 == 0 => "#f3f4f6",
                    _ => "#e5e7eb",
                };
                let _ = write!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>",
                    LEFT + column * CELL,
                    TOP + row * CELL
                );
            }
        }
        let _ = write!(
            out,
            "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{size}\" height=\"{size}\" fill=\"none\" \
             stroke=\"#374151\" stroke-width=\"2\"/>"
        );
        for i in 0..5 {
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"16\" fill=\"#6b7280\">{i}</text>\
                 <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"16\" fill=\"#6b7280\">{i}</text>",
                LEFT + i * CELL + CELL / 2,
                TOP - 10,
                LEFT / 2,
                TOP + i * CELL + CELL / 2 + 6
            );
        }
        out
    }

    fn draw(&self, board: &Board, last: Option<(&Board, &str)>) -> String {
        let mut out = String::new();
        let played = last.and_then(|(before, reply)| GameBoard::parse_move(before, reply).ok());
        if let Some(mv) = played {
            for (cell, fill) in [(mv.from, "#fef3c7"), (mv.to, "#fde68a")] {
                let _ = write!(
                    out,
                    "<rect class=\"last\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" \
                     fill=\"{fill}\" stroke=\"#d97706\" stroke-width=\"3\"/>",
                    LEFT + cell.column() * CELL,
                    TOP + cell.row() * CELL
                );
            }
            // Under the pieces, so that the piece that moved stays readable.
            let (x1, y1) = centre(mv.from);
            let (x2, y2) = centre(mv.to);
            let _ = write!(
                out,
                "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#d97706\" \
                 stroke-width=\"6\" stroke-linecap=\"round\"/>\
                 <circle cx=\"{x1}\" cy=\"{y1}\" r=\"8\" fill=\"#d97706\"/>"
            );
        }
        for index in 0..Cell::COUNT {
            let cell = Cell::from_index(index);
            if let Some((side, kind)) = board.piece_at(cell) {
                piece(&mut out, cell, side, kind, "piece");
            }
        }
        if let (Some(mv), Some((before, _))) = (played, last) {
            if mv.is_capture() {
                let taken = mv.captured_cell();
                let (x, y) = centre(taken);
                if let Some((side, kind)) = before.piece_at(taken) {
                    let _ = write!(out, "<g class=\"captured\" opacity=\"0.45\">");
                    piece(&mut out, taken, side, kind, "taken");
                    out.push_str("</g>");
                }
                let _ = write!(
                    out,
                    "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#111827\" stroke-width=\"5\"/>",
                    x - 20,
                    y - 20,
                    x + 20,
                    y + 20,
                    x + 20,
                    y - 20,
                    x - 20,
                    y + 20
                );
            }
        }
        let status = match GameBoard::outcome(board) {
            Some(_) => "game over".to_string(),
            None => format!("{} to move", side_name(GameBoard::side_to_move(board))),
        };
        let _ = write!(
            out,
            "<text x=\"{LEFT}\" y=\"{}\" font-size=\"16\" fill=\"#111827\">bombers: \
             <tspan fill=\"{}\">Sentinel {}</tspan>, <tspan fill=\"{}\">Scourge {}</tspan> · \
             {status}</text>",
            TOP + 5 * CELL + 30,
            COLOURS[0],
            board.bombers(Side::Sentinel),
            COLOURS[1],
            board.bombers(Side::Scourge),
        );
        out
    }
}
