//! Ka-Boom (Kamisado with a bomb): rules, contest bot and referee.

pub mod board;
pub mod engine;
pub mod eval;
pub mod notation;
pub mod protocol;
pub mod referee;
pub mod search;
