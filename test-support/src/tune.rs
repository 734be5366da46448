//! The check every self-play tuner's games pass ([`tools::tune::SelfPlayGame`]).

use common::game::Board;
use std::fmt::Debug;
use tools::tune::SelfPlayGame;

/// A tuner's `play_game(seed, number, depth)` plays the same game for the same arguments and
/// another for another number; game 3 of seed 5 at depth 2 has searched positions, and its
/// samples are those that `keep` lets through (the quiet ones), described by `features`.
pub fn check_self_play_games<B: Board, F: AsRef<[i32]>>(
    play_game: impl Fn(u64, u32, u32) -> SelfPlayGame<B>,
    keep: impl Fn(&B) -> bool + Copy,
    features: impl Fn(&B) -> F,
) where
    B::Outcome: PartialEq + Debug,
{
    let a = play_game(5, 3, 2);
    let b = play_game(5, 3, 2);
    assert_eq!(a.positions, b.positions);
    assert_eq!(a.outcome, b.outcome);
    assert!(!a.positions.is_empty());
    let kept = a.positions.iter().filter(|&b| keep(b)).count();
    assert_eq!(a.samples(keep, features).len(), kept);
    assert_ne!(play_game(5, 4, 2).positions, a.positions);
}
