//! The error of an option's value without the shape the option needs, shared by the options
//! that parse their own values (`--shard` in [`crate::runner::match_play::schedule`], `--sprt` in [`crate::runner::stats::sprt`])
//! and the command line that reads them ([`crate::runner::match_play::options`]).

use std::fmt;

/// An option's value without the shape the option needs (`--shard 4/4`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BadOptionValue {
    /// The option, `--shard`.
    pub(crate) option: &'static str,
    /// The value as given.
    pub(crate) value: String,
    /// The shape it must have, for the message.
    pub(crate) expected: &'static str,
}

impl BadOptionValue {
    /// `value` of `option`, which must be `expected`.
    pub(crate) fn new(option: &'static str, value: &str, expected: &'static str) -> BadOptionValue {
        BadOptionValue {
            option,
            value: value.to_string(),
            expected,
        }
    }
}

impl fmt::Display for BadOptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let BadOptionValue {
            option,
            value,
            expected,
        } = self;
        write!(f, "bad {option} '{value}': expected {expected}")
    }
}

impl std::error::Error for BadOptionValue {}
