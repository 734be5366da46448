//! Power Connect 4 (7x6 with one-time special discs): rules, contest bot and referee.
pub mod board;
pub mod notation;
