//! What the runner counts of the games played: the one tally of results ([`tally`]), the Elo of
//! a head-to-head score ([`elo`]), the SPRT ([`sprt`]), a tournament's ratings ([`rating`]),
//! and what a match prints of them ([`report`]).

pub(crate) mod elo;
pub(crate) mod rating;
pub(crate) mod report;
pub(crate) mod sprt;
pub(crate) mod tally;
