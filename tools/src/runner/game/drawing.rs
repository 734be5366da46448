//! What a game may give for its positions to be drawn on the replay pages: an SVG picture of
//! each position of its board ([`Drawing`]), and the cells the hexagonal boards share
//! ([`hexagon`], [`named_hexagon`]). Optional ([`Game::DRAWING`](super::Game::DRAWING)): a
//! game without it is refereed, recorded and rated alike, and has no page. Below both the
//! records' replay, which draws each position a record reaches, and the pages, which lay the
//! drawings out.

use std::fmt::Write as _;

/// The pictures of the positions of a board `B`, for the replay pages: an SVG drawing of each
/// position over a background shared by all.
pub trait Drawing<B> {
    /// Width and height of every drawing, in SVG user units.
    fn size(&self) -> (u32, u32);

    /// What every drawing shares (the empty board), as SVG elements; drawn once per page and
    /// placed under each position.
    fn background(&self) -> String;

    /// The white rectangle of [`size`](Self::size) that a background starts with.
    fn canvas(&self) -> String {
        let (width, height) = self.size();
        format!("<rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>")
    }

    /// The SVG elements of `position`, over the background. `last` is the ply that led to it:
    /// the position before it and the reply as the player printed it (already accepted by the
    /// rules), for the drawing to highlight.
    fn draw(&self, position: &B, last: Option<(&B, &str)>) -> String;

    /// The reply `reply`, accepted in `before`, written in the frame of the drawing, for a game
    /// whose players each write their moves in a frame of their own (in Ka-Boom, Player 2 sees
    /// the board turned); `None`, the default, when every player writes in the drawing's frame.
    /// The page lists the moves in this frame, so that a move reads as it is drawn.
    fn board_frame_move(&self, before: &B, reply: &str) -> Option<String> {
        let _ = (before, reply);
        None
    }
}

/// The `points` of an SVG polygon: the pointy-topped regular hexagon of circumradius `radius`
/// centred on `(x, y)`, corners to one decimal, clockwise from the top.
pub fn hexagon(x: f64, y: f64, radius: f64) -> String {
    let mut points = String::new();
    for k in 0..6 {
        let angle = (60.0 * f64::from(k) - 90.0).to_radians();
        let _ = write!(
            points,
            "{:.1},{:.1} ",
            x + radius * angle.cos(),
            y + radius * angle.sin()
        );
    }
    points.trim_end().to_string()
}

/// A cell of a hexagonal board as SVG elements: its [`hexagon`] of circumradius `radius` centred
/// on `(x, y)`, filled with `fill` and edged in grey, and its `name` in grey at its centre, in
/// `font_size` with the baseline `baseline` below the centre (which centres the name).
pub fn named_hexagon(
    (x, y): (f64, f64),
    radius: f64,
    fill: &str,
    name: impl std::fmt::Display,
    (font_size, baseline): (u32, f64),
) -> String {
    format!(
        "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"#9ca3af\" stroke-width=\"1.5\"/>\
         <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"{font_size}\" \
         fill=\"#6b7280\">{name}</text>",
        hexagon(x, y, radius),
        y + baseline
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hexagon_starts_at_the_top_and_turns_clockwise() {
        assert_eq!(
            hexagon(10.0, 20.0, 2.0),
            "10.0,18.0 11.7,19.0 11.7,21.0 10.0,22.0 8.3,21.0 8.3,19.0"
        );
    }

    #[test]
    fn a_named_hexagon_holds_its_name_under_its_centre() {
        assert_eq!(
            named_hexagon((10.0, 20.0), 2.0, "#fff", "D4", (12, 4.0)),
            "<polygon points=\"10.0,18.0 11.7,19.0 11.7,21.0 10.0,22.0 8.3,21.0 8.3,19.0\" \
             fill=\"#fff\" stroke=\"#9ca3af\" stroke-width=\"1.5\"/><text x=\"10.0\" y=\"24.0\" \
             text-anchor=\"middle\" font-size=\"12\" fill=\"#6b7280\">D4</text>"
        );
    }
}
