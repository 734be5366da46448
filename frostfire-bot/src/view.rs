//! Frostfire drawn for the replay page (`frostfire-referee --html`, `frostfire-referee view`):
//! the 37 hexagons with their names (row letter, diagonal digit) and the row letters beside
//! them, Tyragon's (ICE, Player 1) dragons in blue, Abagon's (FIRE, Player 2) in red; the last
//! move as an arrow over the two dragons that moved, a pushed dragon's step, and a dragon pushed
//! off the board crossed out just outside it.

use std::fmt::Write as _;

use common::game::Board as GameBoard;
use tools::runner::{hexagon, named_hexagon, Drawing};

use crate::board::{Board, Cell, Color, Direction, Move};
use crate::referee::Frostfire;

/// Circumradius of a hexagon.
const R: f64 = 34.0;
/// Distance between neighbours on a row (`√3 R`).
const W: f64 = R * 1.732_050_8;
/// Where the leftmost cell centre (D1) and the top row (A) are.
const LEFT: f64 = 62.0;
const TOP: f64 = 62.0;
/// Tyragon (ICE) blue, Abagon (FIRE) red.
const COLOURS: [&str; 2] = ["#2563eb", "#dc2626"];

/// The centre of the cell at row `r` (0 for A) and diagonal `d`, also just off the board.
fn centre(r: i32, d: i32) -> (f64, f64) {
    (
        LEFT + f64::from(2 * d + r - 5) * W / 2.0,
        TOP + f64::from(r) * 1.5 * R,
    )
}

fn cell_centre(cell: Cell) -> (f64, f64) {
    centre(i32::from(cell.row()), i32::from(cell.diag()))
}

fn name(color: Color) -> &'static str {
    match color {
        Color::Ice => "ICE",
        Color::Fire => "FIRE",
    }
}

fn dragon(out: &mut String, (x, y): (f64, f64), color: Color, label: &str, role: &str) {
    let _ = write!(
        out,
        "<g class=\"{role} p{}\"><circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"22\" fill=\"{}\" \
         stroke=\"#111827\" stroke-width=\"2\"/><text x=\"{x:.1}\" y=\"{:.1}\" \
         text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\" fill=\"#fff\">{label}</text></g>",
        color.number(),
        COLOURS[color.index()],
        y + 4.5
    );
}

/// Width and height of every drawing.
const SIZE: (u32, u32) = (478, 462);

impl Drawing<Board> for Frostfire {
    fn size(&self) -> (u32, u32) {
        SIZE
    }

    fn background(&self) -> String {
        let mut out = self.canvas();
        for cell in Cell::all() {
            // Corners are darker: no dragon can be pushed off the board from them.
            let fill = if cell.is_corner() {
                "#d1d5db"
            } else {
                "#e5e7eb"
            };
            out += &named_hexagon(cell_centre(cell), R - 1.0, fill, cell, (13, 4.5));
        }
        for r in 0..7 {
            let first = (4 - r).max(1);
            let (x, y) = centre(r, first);
            let _ = write!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"16\" \
                 font-weight=\"bold\" fill=\"#6b7280\">{}</text>",
                x - W * 0.82,
                y + 6.0,
                (b'A' + r as u8) as char
            );
        }
        out
    }

    fn draw(&self, board: &Board, last: Option<(&Board, &str)>) -> String {
        let mut out = String::new();
        let played = last.and_then(|(before, reply)| {
            let m = GameBoard::parse_move(before, reply).ok()?;
            Some((before, m, m.direction()?))
        });
        if let Some((before, m, dir)) = played {
            draw_last_move(&mut out, before, m, dir);
        }
        draw_dragons(&mut out, board);
        let status = match GameBoard::outcome(board) {
            Some(_) => "game over".to_string(),
            None => format!("{} to move", name(GameBoard::side_to_move(board))),
        };
        let _ = write!(
            out,
            "<text x=\"16\" y=\"{}\" font-size=\"16\" fill=\"#111827\">lost: \
             <tspan fill=\"{}\">ICE {}</tspan>, <tspan fill=\"{}\">FIRE {}</tspan> (4 lose) · \
             ply {} · {status}</text>",
            SIZE.1 - 14,
            COLOURS[0],
            board.lost(Color::Ice),
            COLOURS[1],
            board.lost(Color::Fire),
            board.plies(),
        );
        out
    }
}

/// The last move, `m` in direction `dir` from `before`: its two cells lit, an arrow along the
/// shift, and a pushed dragon's step (crossed out just outside the board if pushed off).
fn draw_last_move(out: &mut String, before: &Board, m: Move, dir: Direction) {
    for cell in [m.from, m.to] {
        let (x, y) = cell_centre(cell);
        let _ = write!(
            out,
            "<polygon class=\"last\" points=\"{}\" fill=\"#fde68a\" stroke=\"#d97706\" \
                 stroke-width=\"3\"/>",
            hexagon(x, y, R - 2.0)
        );
    }
    let (dr, dd) = dir.delta();
    let front = (i32::from(m.to.row()) + dr, i32::from(m.to.diag()) + dd);
    let beyond = (front.0 + dr, front.1 + dd);
    let (x1, y1) = cell_centre(m.from);
    let (x2, y2) = centre(front.0, front.1);
    let _ = write!(
        out,
        "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" \
             stroke=\"#d97706\" stroke-width=\"6\" stroke-linecap=\"round\" opacity=\"0.85\"/>\
             <circle cx=\"{x2:.1}\" cy=\"{y2:.1}\" r=\"7\" fill=\"#d97706\"/>"
    );
    let mover = GameBoard::side_to_move(before);
    let pushed =
        m.to.step(dir)
            .filter(|&cell| before.at(cell) == Some(mover.other()));
    if pushed.is_some() {
        let (x3, y3) = centre(beyond.0, beyond.1);
        let on_board = u8::try_from(beyond.0)
            .ok()
            .zip(u8::try_from(beyond.1).ok())
            .and_then(|(r, d)| Cell::new(r, d))
            .is_some();
        let _ = write!(
            out,
            "<line x1=\"{x2:.1}\" y1=\"{y2:.1}\" x2=\"{x3:.1}\" y2=\"{y3:.1}\" \
                 stroke=\"#111827\" stroke-width=\"3\" stroke-dasharray=\"6 4\"/>"
        );
        if !on_board {
            out.push_str("<g class=\"eliminated\" opacity=\"0.5\">");
            dragon(out, (x3, y3), mover.other(), "", "gone");
            out.push_str("</g>");
            let _ = write!(
                out,
                "<path d=\"M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}\" \
                     stroke=\"#111827\" stroke-width=\"4\"/>",
                x3 - 15.0,
                y3 - 15.0,
                x3 + 15.0,
                y3 + 15.0,
                x3 + 15.0,
                y3 - 15.0,
                x3 - 15.0,
                y3 + 15.0
            );
        }
    }
}

/// The dragons, each with its cell's name.
fn draw_dragons(out: &mut String, board: &Board) {
    // Up to 22 dragons on each of up to 300 plies: the attributes they share are written once
    // per drawing, on a group, to keep long games' pages small.
    out.push_str("<g stroke=\"#111827\" stroke-width=\"2\">");
    for cell in Cell::all() {
        if let Some(color) = board.at(cell) {
            let (x, y) = cell_centre(cell);
            let _ = write!(
                out,
                "<circle class=\"dragon p{}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"22\" fill=\"{}\"/>",
                color.number(),
                COLOURS[color.index()]
            );
        }
    }
    out.push_str(
        "</g><g text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\" fill=\"#fff\">",
    );
    for cell in Cell::all() {
        if board.at(cell).is_some() {
            let (x, y) = cell_centre(cell);
            let _ = write!(out, "<text x=\"{x:.1}\" y=\"{:.1}\">{cell}</text>", y + 4.5);
        }
    }
    out.push_str("</g>");
}
