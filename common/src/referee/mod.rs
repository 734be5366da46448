//! The match runner behind every `<game>-referee` binary.

mod game;

pub use game::{Fault, GameEnd, Input, RefereeGame, Seat, Transport};
