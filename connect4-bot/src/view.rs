//! Power Connect 4 drawn for the replay page (`connect4-referee --html`, `connect4-referee view`):
//! the 7 columns numbered as in `output.txt`, team 1's discs in blue, team 2's in red, dual discs
//! half of each; the last disc ringed, or for a clearing disc the area it cleared outlined at its
//! landing cell and the discs it removed shown under the board; the powers each team has left.
//! The four that ended the game is struck through.

use std::fmt::Write as _;

use common::game::Board as GameBoard;
use tools::runner::Drawing;

use crate::board::{Board, Cell, CellContent, Kind, Move, Outcome, Team, HEIGHT, WIDTH};
use crate::referee::Connect4;

/// Distance between hole centres.
const STEP: i32 = 62;
/// The board's top-left corner.
const LEFT: i32 = 22;
const TOP: i32 = 30;
/// Radius of a disc.
const DISC: i32 = 25;
/// Team 1 blue, team 2 red.
const COLOURS: [&str; 2] = ["#2563eb", "#dc2626"];
/// The four powers and the letter each is marked with.
const POWERS: [(Kind, &str); 4] = [
    (Kind::ClearRow, "R"),
    (Kind::ClearColumn, "C"),
    (Kind::ClearNeighbours, "N"),
    (Kind::Dual, "D"),
];

fn centre(column: usize, row: usize) -> (i32, i32) {
    (
        LEFT + column as i32 * STEP + STEP / 2,
        TOP + (HEIGHT - 1 - row) as i32 * STEP + STEP / 2,
    )
}

fn cells() -> impl Iterator<Item = Cell> {
    (0..WIDTH).flat_map(|c| (0..HEIGHT).filter_map(move |r| Cell::new(c, r)))
}

/// A disc of `content` centred at `(x, y)`; `role` names it for the page's tests.
fn disc(out: &mut String, (x, y): (i32, i32), radius: i32, content: CellContent, role: &str) {
    match content {
        CellContent::Empty => {}
        CellContent::Team(team) => {
            let _ = write!(
                out,
                "<circle class=\"{role} p{}\" cx=\"{x}\" cy=\"{y}\" r=\"{radius}\" fill=\"{}\" \
                 stroke=\"#0f172a\" stroke-width=\"1.5\"/>",
                team.number(),
                COLOURS[team.index()]
            );
        }
        CellContent::Dual => {
            let _ = write!(
                out,
                "<g class=\"{role} dual\"><path d=\"M{x} {} A{radius} {radius} 0 0 0 {x} {} Z\" \
                 fill=\"{}\"/><path d=\"M{x} {} A{radius} {radius} 0 0 1 {x} {} Z\" fill=\"{}\"/>\
                 <circle cx=\"{x}\" cy=\"{y}\" r=\"{radius}\" fill=\"none\" stroke=\"#0f172a\" \
                 stroke-width=\"1.5\"/></g>",
                y - radius,
                y + radius,
                COLOURS[0],
                y - radius,
                y + radius,
                COLOURS[1]
            );
        }
    }
}

/// The cells a clearing disc landing on `at` removes.
fn cleared(kind: Kind, at: Cell) -> impl Iterator<Item = Cell> {
    cells().filter(move |cell| match kind {
        Kind::ClearRow => cell.row() == at.row(),
        Kind::ClearColumn => cell.column() == at.column(),
        Kind::ClearNeighbours => {
            cell.row().abs_diff(at.row()) <= 1 && cell.column().abs_diff(at.column()) <= 1
        }
        Kind::Dual | Kind::Normal => false,
    })
}

/// A line of four of `team`, if there is one.
fn four(board: &Board, team: Team) -> Option<(Cell, Cell)> {
    let own = |c: i32, r: i32| {
        usize::try_from(c)
            .ok()
            .zip(usize::try_from(r).ok())
            .and_then(|(c, r)| Cell::new(c, r))
            .filter(|&cell| board.discs(team) & cell.bit() != 0)
    };
    for start in cells() {
        let (c, r) = (start.column() as i32, start.row() as i32);
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            if (0..4).all(|k| own(c + k * dc, r + k * dr).is_some()) {
                return Some((start, own(c + 3 * dc, r + 3 * dr)?));
            }
        }
    }
    None
}

/// Width and height of every drawing.
const SIZE: (u32, u32) = (
    (WIDTH as i32 * STEP + 2 * LEFT) as u32,
    (HEIGHT as i32 * STEP + TOP + 112) as u32,
);

impl Drawing<Board> for Connect4 {
    fn size(&self) -> (u32, u32) {
        SIZE
    }

    fn background(&self) -> String {
        let mut out = self.canvas();
        let _ = write!(
            out,
            "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" rx=\"10\" fill=\"#334155\"/>",
            WIDTH as i32 * STEP,
            HEIGHT as i32 * STEP
        );
        for cell in cells() {
            let (x, y) = centre(cell.column(), cell.row());
            let _ = write!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{DISC}\" fill=\"#f8fafc\"/>"
            );
        }
        for column in 0..WIDTH {
            let (x, _) = centre(column, 0);
            let _ = write!(
                out,
                "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"16\" \
                 fill=\"#6b7280\">{}</text>",
                TOP - 9,
                column + 1
            );
        }
        out
    }

    fn draw(&self, board: &Board, last: Option<(&Board, &str)>) -> String {
        let mut out = String::new();
        for cell in cells() {
            disc(
                &mut out,
                centre(cell.column(), cell.row()),
                DISC,
                board.at(cell),
                "disc",
            );
        }
        let played = last.and_then(|(before, reply)| {
            let m = GameBoard::parse_move(before, reply).ok()?;
            Some((before, m, before.landing_cell(m.column)?))
        });
        let caption = match played {
            Some((before, m, at)) => draw_last_move(&mut out, before, m, at),
            None => "start".to_string(),
        };
        draw_four(&mut out, board);
        let _ = write!(
            out,
            "<text x=\"{LEFT}\" y=\"{}\" font-size=\"15\" fill=\"#111827\">ply {} · {caption}</text>",
            STRIP + 34,
            board.plies()
        );
        draw_powers(&mut out, board);
        out
    }
}

/// The top of the strip below the board, for the caption, the removed discs and the powers.
const STRIP: i32 = TOP + HEIGHT as i32 * STEP + 28;

/// Marks `m`, played from `before` and landed on `at`: a ring for a disc that stays, the cleared
/// area and the removed discs for a power. Returns the caption that names the move.
fn draw_last_move(out: &mut String, before: &Board, m: Move, at: Cell) -> String {
    let (x, y) = centre(at.column(), at.row());
    let mover = GameBoard::side_to_move(before);
    let kind = match m.kind {
        Kind::ClearRow => "clear-row",
        Kind::ClearColumn => "clear-column",
        Kind::ClearNeighbours => "clear-neighbours",
        Kind::Dual => "dual",
        Kind::Normal => "normal",
    };
    match m.kind {
        Kind::Normal | Kind::Dual => {
            let _ = write!(
                out,
                "<circle class=\"last\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"none\" \
                 stroke=\"#f59e0b\" stroke-width=\"5\"/>",
                DISC + 3
            );
        }
        power => draw_clear(out, before, power, at),
    }
    format!(
        "team {}: a {kind} disc in column {}",
        mover.number(),
        m.column.number()
    )
}

/// The area a clearing `power` emptied when it landed on `at` (as it was then: the discs above
/// have fallen since), the power's letter, and the discs it removed, in the strip.
fn draw_clear(out: &mut String, before: &Board, power: Kind, at: Cell) {
    let (x, y) = centre(at.column(), at.row());
    let mover = GameBoard::side_to_move(before);
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, 0, 0);
    let mut removed = Vec::new();
    for cell in cleared(power, at) {
        let (cx, cy) = centre(cell.column(), cell.row());
        x0 = x0.min(cx - STEP / 2);
        y0 = y0.min(cy - STEP / 2);
        x1 = x1.max(cx + STEP / 2);
        y1 = y1.max(cy + STEP / 2);
        let content = before.at(cell);
        if content != CellContent::Empty {
            removed.push(content);
        }
    }
    let _ = write!(
        out,
        "<rect class=\"cleared\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
         fill=\"#f59e0b\" fill-opacity=\"0.25\" stroke=\"#f59e0b\" stroke-width=\"4\" \
         stroke-dasharray=\"9 5\"/>\
         <circle class=\"last\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{}\" \
         fill-opacity=\"0.35\" stroke=\"{}\" stroke-width=\"3\" stroke-dasharray=\"5 4\"/>\
         <text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"20\" \
         font-weight=\"bold\" fill=\"#0f172a\">{}</text>",
        x0 + 2,
        y0 + 2,
        x1 - x0 - 4,
        y1 - y0 - 4,
        DISC - 4,
        COLOURS[mover.index()],
        COLOURS[mover.index()],
        y + 7,
        POWERS
            .iter()
            .find(|(k, _)| *k == power)
            .map_or("", |(_, letter)| letter)
    );
    let _ = write!(
        out,
        "<text x=\"{LEFT}\" y=\"{}\" font-size=\"15\" fill=\"#111827\">removed {}:</text>",
        STRIP + 5,
        removed.len()
    );
    for (i, content) in removed.into_iter().enumerate() {
        let x = LEFT + 112 + i as i32 * 26;
        disc(out, (x, STRIP), 11, content, "removed");
    }
}

/// A line through the winning four, when the game is won.
fn draw_four(out: &mut String, board: &Board) {
    if let Some(Outcome::Win(team)) = GameBoard::outcome(board) {
        if let Some((a, b)) = four(board, team) {
            let ((x1, y1), (x2, y2)) = (centre(a.column(), a.row()), centre(b.column(), b.row()));
            let _ = write!(
                out,
                "<line class=\"four\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" \
                 stroke=\"#fde047\" stroke-width=\"8\" stroke-linecap=\"round\" opacity=\"0.9\"/>"
            );
        }
    }
}

/// The powers each team still holds, spent ones faded.
fn draw_powers(out: &mut String, board: &Board) {
    for team in Team::BOTH {
        let y = STRIP + 58;
        let x = LEFT + team.index() as i32 * 230;
        let _ = write!(
            out,
            "<text x=\"{x}\" y=\"{}\" font-size=\"15\" fill=\"{}\">team {}:</text>",
            y + 5,
            COLOURS[team.index()],
            team.number()
        );
        for (i, (kind, letter)) in POWERS.iter().enumerate() {
            let held = board.holds(team, *kind);
            let bx = x + 82 + i as i32 * 30;
            let _ = write!(
                out,
                "<g class=\"power {}\" opacity=\"{}\"><rect x=\"{}\" y=\"{}\" width=\"24\" \
                 height=\"22\" rx=\"4\" fill=\"{}\"/><text x=\"{bx}\" y=\"{}\" \
                 text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\" \
                 fill=\"#fff\">{letter}</text></g>",
                if held { "held" } else { "spent" },
                if held { "1" } else { "0.25" },
                bx - 12,
                y - 11,
                COLOURS[team.index()],
                y + 5
            );
        }
    }
}
