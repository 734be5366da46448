//! Frostfire (Abalone-like, hex board of edge 4): rules, contest bot and referee.

pub mod board;
pub mod engine;
pub mod eval;
pub mod notation;
pub mod protocol;
pub mod referee;
pub mod search;
