//! What a game must give for its positions to be drawn: a copy of its position now
//! ([`DrawnPosition`]) and an SVG picture of each ([`DrawGame`]). Below both the records'
//! replay ([`crate::runner::records::replay`]), which replays a record into positions, and the pages
//! ([`crate::runner::pages`]), which draw them.

use crate::runner::game::{BoardReferee, RefereeGame};

/// What a drawing needs of a game's position now: a copy of its board, for every game with a
/// board of the vocabulary ([`BoardReferee`]).
pub trait DrawnPosition {
    /// What a drawing needs of a position.
    type Position: Clone;

    /// The position now.
    fn position(&self) -> Self::Position;
}

impl<G: BoardReferee> DrawnPosition for G {
    type Position = G::Board;

    fn position(&self) -> G::Board {
        *self.board()
    }
}

/// A game the replay page can draw: an SVG picture of each position.
pub trait DrawGame: RefereeGame + DrawnPosition {
    /// Width and height of every drawing, in SVG user units.
    const SIZE: (u32, u32);

    /// What every drawing shares (the empty board), as SVG elements; drawn once per page and
    /// placed under each position.
    fn background() -> String;

    /// The white rectangle of [`SIZE`](Self::SIZE) that a background starts with.
    fn canvas() -> String {
        format!(
            "<rect width=\"{}\" height=\"{}\" fill=\"#fff\"/>",
            Self::SIZE.0,
            Self::SIZE.1
        )
    }

    /// The SVG elements of `position`, over the background. `last` is the ply that led to it:
    /// the position before it and the reply as the player printed it (already accepted by the
    /// rules), for the drawing to highlight.
    fn draw(position: &Self::Position, last: Option<(&Self::Position, &str)>) -> String;

    /// The reply `reply`, accepted in `before`, written in the frame of the drawing, for a game
    /// whose players each write their moves in a frame of their own (in Ka-Boom, Player 2 sees
    /// the board turned); `None`, the default, when every player writes in the drawing's frame.
    /// The page lists the moves in this frame, so that a move reads as it is drawn.
    fn board_frame_move(_before: &Self::Position, _reply: &str) -> Option<String> {
        None
    }
}
