//! Playing a match: its command line ([`options`]), its schedule ([`schedule`]) and openings
//! ([`opening`]), the players as processes ([`process`], [`supervisor`]), one game ([`play`]),
//! many games at once ([`run`]), what stops a match ([`match_error`], [`interrupt`]), and `merge`,
//! the final lines of a match from the rows of its shards ([`merge`]).

pub(crate) mod interrupt;
pub(crate) mod match_error;
pub(crate) mod merge;
pub(crate) mod opening;
pub(crate) mod options;
pub(crate) mod play;
pub(crate) mod process;
pub(crate) mod run;
pub(crate) mod schedule;
pub(crate) mod supervisor;
