//! Playing a match: its command line ([`options`]), its schedule ([`schedule`]) and openings
//! ([`opening`]), the players as processes ([`process`], [`supervisor`]), one game ([`play`]),
//! many games at once ([`run`]), what stops a match ([`match_error`], [`interrupt`]), and `merge`,
//! the final lines of a match from the rows of its shards ([`merge`]).

pub mod interrupt;
pub mod match_error;
pub mod merge;
pub mod opening;
pub mod options;
pub mod play;
pub mod process;
pub mod run;
pub mod schedule;
pub mod supervisor;
