//! Fitting the evaluation's weights to self-play games (Texel's method, [`tools::tune`]).
//!
//! `connect4-tune [--games N] [--seed S] [--depth D] [--epochs E]`:
//! 1. plays `N` games of the bot's own search at the fixed depth `D` against itself, from the
//!    empty board with every power, each after [`RANDOM_PLIES_MIN`]..=[`RANDOM_PLIES_MAX`]
//!    uniformly random normal discs drawn with `SmallRng` seeded by `S` + the game's number, so
//!    the same command plays the same games; a game ends as the rules end it;
//! 2. keeps the *quiet* positions of each game with its result for the team to move (1 a win,
//!    ½ a draw, 0 a loss);
//! 3. describes each position by [`eval::features`], of which the evaluation is the weighted
//!    sum;
//! 4. fixes the logistic curve's scale for today's weights, then fits the weights for `E` epochs,
//!    the threat on a row of the team's parity ([`eval::THREAT_GOOD_ROW`]) held fixed as the
//!    unit and the playable threats held fixed too (see [`FROZEN`]), on the games whose number
//!    is not a multiple of [`HOLDOUT_EVERY`]; those games are held out to show that the fit
//!    generalises;
//! 5. prints the fitted weights as constants, the scale and the errors before and after.
//!
//! **Quiet** here means that the team to move cannot drop a disc onto a cell that completes its
//! four: the search returns a win there without asking the evaluation.

use crate::board::{winning_cells, Board, Column, Kind, Move};
use crate::eval::{self, features, NAMES};
use crate::search::Searcher;
use common::game::Board as _;
use common::search::Limits;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::process::ExitCode;
use tools::tune::{SelfPlayGame, SelfPlayTuner, TuneOptions};

/// The weights the fit holds fixed: the unit, and the two the self-play positions cannot teach:
/// a search at depth `D` rarely lets the opponent get a playable threat, let alone two, so their
/// few samples are positions where the threat is already answered in the search's plan (and the
/// fit turns their signs over).
pub const FROZEN: [usize; 3] = [
    eval::F_THREAT_GOOD_ROW,
    eval::F_PLAYABLE_THREAT_AGAINST_MOVER,
    eval::F_DOUBLE_PLAYABLE_THREAT,
];

/// Games whose number is a multiple of this are held out of the fit.
pub const HOLDOUT_EVERY: u32 = 10;
/// The fewest random normal discs that open a tuning game...
pub const RANDOM_PLIES_MIN: u32 = 2;
/// ...and the most.
pub const RANDOM_PLIES_MAX: u32 = 6;
// The random opening can neither overfill a column nor give a team four discs (see
// `play_game`).
const _: () = assert!(RANDOM_PLIES_MAX as usize <= crate::board::HEIGHT && RANDOM_PLIES_MAX < 7);
/// The transposition table of the tuning games' searches (small: the searches are shallow).
const TUNE_TABLE_BYTES: usize = 1 << 20;

/// True if `board` is quiet: the team to move cannot complete its four by a drop.
pub fn is_quiet(board: &Board) -> bool {
    let me = board.side_to_move();
    winning_cells(board.discs(me), board.occupied()) & board.playable() == 0
}

/// Plays game `number` of a tuning run: random normal discs drawn with `seed + number`, then
/// the search at `depth` for both teams, until the rules end the game.
pub fn play_game(seed: u64, number: u32, depth: u32) -> SelfPlayGame<Board> {
    let mut rng = SmallRng::seed_from_u64(seed.wrapping_add(u64::from(number)));
    let random_plies = rng.gen_range(RANDOM_PLIES_MIN..=RANDOM_PLIES_MAX);
    let mut searcher = Searcher::new(TUNE_TABLE_BYTES);
    searcher.verbose = false;
    SelfPlayGame::play(random_plies, Board::outcome, |board, searched| {
        if searched {
            searcher
                .search(board, &Limits::depth(depth))
                .best
                .expect("a game going on has a move")
        } else {
            // At most six plies of normal discs: no column overfills (six high) and no team
            // makes four (three discs each).
            let column = Column::new(rng.gen_range(0..Column::ALL.len())).expect("a column");
            Move::new(Kind::Normal, column)
        }
    })
}

/// This crate's tuner: its defaults, and how it holds out, reports and names its fit (Player 1
/// is team 1).
pub const TUNER: SelfPlayTuner = SelfPlayTuner {
    tool: "connect4-tune",
    defaults: TuneOptions {
        games: 1000,
        seed: 1,
        depth: 6,
        epochs: 2000,
    },
    holdout_every: HOLDOUT_EVERY,
    progress_every: 50,
    frozen: &FROZEN,
    names: &NAMES,
    seats: ["team1", "team2"],
};

/// `connect4-tune`: reads the command line, plays, fits and prints the constants.
pub fn main() -> ExitCode {
    TUNER.main(&eval::WEIGHTS, |options, number| {
        let game = play_game(options.seed, number, options.depth);
        // The quiet positions, each with the result for its team to move.
        (game.samples(is_quiet, features), game.seat_result())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Outcome;
    use std::collections::HashSet;

    #[test]
    fn a_game_is_reproducible_and_its_samples_are_quiet() {
        test_support::tune::check_self_play_games(play_game, is_quiet, features);
    }

    #[test]
    fn every_feature_varies_in_self_play() {
        let positions: Vec<Board> = (0..6).flat_map(|n| play_game(9, n, 2).positions).collect();
        for (index, name) in NAMES.iter().enumerate() {
            let values: HashSet<i32> = positions.iter().map(|b| features(b)[index]).collect();
            // The tempo is always 1; two playable threats against the mover are rare in play
            // (one of the reasons the fit holds their weight, see `FROZEN`), so the
            // evaluation's own tests count them.
            let constant_here = [eval::F_TEMPO, eval::F_DOUBLE_PLAYABLE_THREAT];
            assert!(
                constant_here.contains(&index) || values.len() > 1,
                "{name} never varies"
            );
        }
    }

    #[test]
    fn samples_carry_the_result_for_the_team_to_move() {
        let game = play_game(2, 0, 2);
        let quiet: Vec<&Board> = game.positions.iter().filter(|b| is_quiet(b)).collect();
        for (board, sample) in quiet.iter().zip(game.samples(is_quiet, features)) {
            let expected = match game.outcome {
                Outcome::Draw => 0.5,
                Outcome::Win(t) if t == board.side_to_move() => 1.0,
                Outcome::Win(_) => 0.0,
            };
            assert_eq!(sample.result, expected);
        }
    }
}
