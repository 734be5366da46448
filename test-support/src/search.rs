//! What the crates' search tests share: the two tests of `bench`
//! ([`bench_tests!`](crate::bench_tests)) and self-play games between two engines of one command
//! line ([`SelfPlay`]).

use common::cli::BotOptions;
use common::game::Board;

/// The tests of a search's `bench`, written once: `test_support::bench_tests!(bench,
/// deterministic at 5, pinned at 9 => 187_397)` in a crate's `tests/search.rs`, `bench` its
/// `fn(Option<u32>) -> u64` (the node count of `bench --depth`). It defines
/// - `bench_is_deterministic`: two runs at the first depth count the same nodes;
/// - `bench_node_count_is_pinned`: the count at the second depth is the pinned one, a checksum of
///   what the search does: a change to the search that moves it says why, and shows the new
///   search no weaker by a match against the old one.
#[macro_export]
macro_rules! bench_tests {
    ($bench:expr, deterministic at $depth:expr, pinned at $pinned_depth:expr => $nodes:expr) => {
        #[test]
        fn bench_is_deterministic() {
            let bench = $bench;
            assert_eq!(bench(Some($depth)), bench(Some($depth)));
        }

        #[test]
        fn bench_node_count_is_pinned() {
            let bench = $bench;
            assert_eq!(bench(Some($pinned_depth)), $nodes);
        }
    };
}

/// A self-play game between two engines of one command line: `--depth depth` (so that the game
/// does not depend on the clock), `--opening-plies opening_plies --seed seed`.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// The depth the engines search to.
    pub depth: u32,
    /// How many of its first moves each engine draws among near-best ones.
    pub opening_plies: u32,
    /// The seed of the draws.
    pub seed: u64,
}

impl SelfPlay {
    /// The engines' command line.
    pub fn options(&self) -> BotOptions {
        BotOptions {
            depth: Some(self.depth),
            opening_plies: self.opening_plies,
            seed: self.seed,
            ..BotOptions::default()
        }
    }

    /// The game's first `plies` moves from the start of `B` (all of them if it ends sooner): two
    /// engines built by `new_engine` from the command line, each side's moves chosen by its own as
    /// `choose` asks it. Panics on a missing or illegal move.
    pub fn moves<B: Board, E>(
        &self,
        plies: usize,
        new_engine: impl Fn(&BotOptions) -> E,
        mut choose: impl FnMut(&mut E, &B) -> Option<B::Move>,
    ) -> Vec<B::Move> {
        let options = self.options();
        let mut engines = [new_engine(&options), new_engine(&options)];
        let mut board = B::start();
        let mut moves = Vec::new();
        while moves.len() < plies && board.outcome().is_none() {
            let mover = B::SIDES
                .iter()
                .position(|&side| side == board.side_to_move());
            let engine = &mut engines[mover.expect("the side to move is one of the sides")];
            let m = choose(engine, &board)
                .unwrap_or_else(|| panic!("no move in a running game: {board:?}"));
            board = board
                .try_play(m)
                .unwrap_or_else(|e| panic!("illegal move {m:?} ({e}): {board:?}"));
            moves.push(m);
        }
        moves
    }
}
