//! Krieg: rules, notation, evaluation, search, the contest loop and the referee.
pub mod board;
pub mod engine;
pub mod eval;
pub mod notation;
pub mod protocol;
pub mod referee;
pub mod search;
