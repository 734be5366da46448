//! What the runner counts of the games played: the one tally of results ([`tally`]), the Elo of
//! a head-to-head score ([`elo`]), the SPRT ([`sprt`]), a tournament's ratings ([`rating`]),
//! and what a match prints of them ([`report`]).

pub mod elo;
pub mod rating;
pub mod report;
pub mod sprt;
pub mod tally;
