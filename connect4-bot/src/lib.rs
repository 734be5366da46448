//! Power Connect 4 (7x6 with one-time special discs): rules, contest bot and referee.
pub mod board;
pub mod engine;
pub mod eval;
pub mod notation;
pub mod protocol;
pub mod referee;
pub mod search;
pub mod state;
