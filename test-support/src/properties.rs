//! The property suite every game runs over thousands of random positions of its own, through
//! its [`common::game::Board`]: the incremental hash equals the recomputed one; printing a move
//! and parsing it back gives the same move; `try_play` accepts exactly the legal moves, playing
//! them as `play` does.
//!
//! A game takes part with one test calling [`check_properties`] with its board type and the
//! moves to offer `try_play` in a position (its candidates).

use common::game::Board;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// What [`check_properties`] went through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Positions checked.
    pub positions: usize,
    /// Games played out.
    pub games: usize,
    /// Games that ended by the rules (the others stopped at the ply cap).
    pub finished: usize,
    /// Candidate moves `try_play` rejected.
    pub rejected: usize,
}

/// Checks every property in every position of seeded random games of `B`, played from the start
/// until they end or reach `max_plies`, until `positions` positions have been checked.
/// `candidates` gives the moves of the game's move type to offer `try_play` in a position: every
/// encodable move where there are few, or a sample of them; the legal ones among them are set
/// aside and the rest must be rejected. Panics on the first property that fails, naming the game
/// and ply, and when the games never reached an end by the rules or no candidate move was ever
/// rejected (a run that could not fail).
pub fn check_properties<B: Board>(
    positions: usize,
    max_plies: usize,
    seed: u64,
    candidates: impl Fn(&B, &mut SmallRng) -> Vec<B::Move>,
) -> Coverage {
    let mut coverage = Coverage::default();
    let mut rng = SmallRng::seed_from_u64(seed);
    while coverage.positions < positions {
        let mut board = B::start();
        coverage.games += 1;
        for ply in 0..=max_plies {
            let at = format!("game {} ply {ply}: {board:?}", coverage.games);
            let offered = candidates(&board, &mut rng);
            coverage.rejected += check_position(&board, &offered, &at);
            coverage.positions += 1;
            if board.outcome().is_some() {
                coverage.finished += 1;
                break;
            }
            if ply == max_plies {
                break;
            }
            let moves = board.legal_moves();
            let m = *moves
                .choose(&mut rng)
                .expect("a game not over has a legal move");
            board = board.play(m);
        }
    }
    assert!(
        coverage.finished > 0 && coverage.rejected > 0,
        "no game ended or no move was rejected: {coverage:?}"
    );
    coverage
}

/// Checks the properties in one position, `offered` the candidate moves; returns how many of
/// them were rejected.
///
/// `try_play` accepts exactly the legal moves: every legal move is accepted, and every candidate
/// it accepts is in the legal list. (A candidate equal to a legal move is accepted like it, so a
/// rejected candidate needs no look-up.)
fn check_position<B: Board>(board: &B, offered: &[B::Move], at: &str) -> usize {
    assert_eq!(board.hash(), board.compute_hash(), "hash, {at}");
    let legal = board.legal_moves();
    for &m in legal.iter() {
        let text = board.format_move(m);
        match board.parse_move(&text) {
            Ok(read) => assert_eq!(read, m, "{text} read back, {at}"),
            Err(e) => panic!("{text} read back: {e}, {at}"),
        }
        let after = board
            .try_play(m)
            .unwrap_or_else(|e| panic!("legal move {text} refused ({e}), {at}"));
        assert_eq!(
            after,
            board.play(m),
            "try_play {text} plays as play does, {at}"
        );
    }
    let mut rejected = 0;
    for &m in offered {
        match board.try_play(m) {
            Ok(_) => assert!(legal.contains(&m), "illegal move {m:?} accepted, {at}"),
            Err(_) => rejected += 1,
        }
    }
    rejected
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::game::Outcome;

    /// A toy game: players add 1 or 2 to a total until it reaches 10. `BUG` plants one fault:
    /// 1 a stale hash, 2 a misread move, 3 an illegal move accepted.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Total<const BUG: u8> {
        total: u8,
        hash: u64,
    }

    /// The toy game's end: a draw.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Reached;

    impl Outcome for Reached {
        type Side = ();
        fn winner(self) -> Option<()> {
            None
        }
    }

    fn key(total: u8) -> u64 {
        u64::from(total).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    impl<const BUG: u8> Board for Total<BUG> {
        type Move = u8;
        type MoveList = Vec<u8>;
        type Side = ();
        type Outcome = Reached;
        type IllegalMoveError = String;
        type ParseMoveError = String;

        const SIDES: [(); 2] = [(), ()];

        fn start() -> Self {
            Total {
                total: 0,
                hash: key(0),
            }
        }
        fn side_to_move(&self) {}
        fn outcome(&self) -> Option<Reached> {
            (self.total >= 10).then_some(Reached)
        }
        fn legal_moves(&self) -> Vec<u8> {
            if self.outcome().is_some() {
                Vec::new()
            } else {
                vec![1, 2]
            }
        }
        fn play(&self, m: u8) -> Self {
            let total = self.total + m;
            let stale = BUG == 1 && total == 7;
            Total {
                total,
                hash: if stale { self.hash } else { key(total) },
            }
        }
        fn try_play(&self, m: u8) -> Result<Self, String> {
            let accepted = (1..=2).contains(&m) || (BUG == 3 && m == 3 && self.total == 4);
            if accepted && self.outcome().is_none() {
                Ok(self.play(m))
            } else {
                Err(format!("{m} is not 1 or 2"))
            }
        }
        fn hash(&self) -> u64 {
            self.hash
        }
        fn compute_hash(&self) -> u64 {
            key(self.total)
        }
        fn format_move(&self, m: u8) -> String {
            m.to_string()
        }
        fn parse_move(&self, text: &str) -> Result<u8, String> {
            let m: u8 = text.parse().map_err(|_| format!("not a number: {text}"))?;
            Ok(if BUG == 2 && self.total == 5 {
                3 - m
            } else {
                m
            })
        }
    }

    fn candidates<const BUG: u8>(_: &Total<BUG>, _: &mut SmallRng) -> Vec<u8> {
        (0..=4).collect()
    }

    fn run<const BUG: u8>(positions: usize, max_plies: usize, seed: u64) -> Coverage {
        check_properties::<Total<BUG>>(positions, max_plies, seed, candidates)
    }

    #[test]
    fn a_sound_game_passes_and_is_covered() {
        let coverage = run::<0>(500, 20, 1);
        assert!(coverage.positions >= 500 && coverage.finished == coverage.games);
    }

    /// The message of the panic of `run`, which must panic.
    fn panic_message(run: impl FnOnce() -> Coverage + std::panic::UnwindSafe) -> String {
        let payload = std::panic::catch_unwind(run).expect_err("the run must fail");
        match payload.downcast::<String>() {
            Ok(message) => *message,
            Err(payload) => payload.downcast_ref::<&str>().unwrap_or(&"").to_string(),
        }
    }

    #[test]
    fn a_run_that_could_not_fail_and_each_planted_fault_are_caught() {
        type Run = fn(usize, usize, u64) -> Coverage;
        // The run, its ply cap, and what its failure must say.
        let cases: [(Run, usize, &str); 4] = [
            // Games that never end are no check.
            (run::<0>, 3, "no game ended"),
            (run::<1>, 20, "hash"),
            (run::<2>, 20, "read back"),
            (run::<3>, 20, "illegal move 3 accepted"),
        ];
        for (run, max_plies, expected) in cases {
            let message = panic_message(|| run(500, max_plies, 1));
            assert!(message.contains(expected), "{expected}: {message}");
        }
    }
}
