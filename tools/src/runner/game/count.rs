//! A toy game for the runner's own tests: the players count from 0 to `TARGET` in steps of 1 to
//! `MAX_STEP`, each adding one step; who reaches the target wins; passing it is illegal. It
//! starts from any count, so it takes openings.

use crate::runner::game::{Fault, GameEnd, Input, RefereeGame, Seat};
use common::cli::Contest;
use std::time::Duration;

/// A game of counting to `TARGET` (at most six) in steps of 1 to `MAX_STEP`.
#[derive(Default)]
pub(crate) struct Count<const TARGET: u32, const MAX_STEP: u32> {
    /// The count so far.
    pub(crate) total: u32,
    plies: u32,
}

/// The numbers' names, for the reasons (`reached five`).
const WORDS: [&str; 7] = ["zero", "one", "two", "three", "four", "five", "six"];

impl<const TARGET: u32, const MAX_STEP: u32> RefereeGame for Count<TARGET, MAX_STEP> {
    const NAME: &'static str = "count";
    const CONTEST: Contest = Contest::timing("move", Duration::from_millis(100)).memory_mb(1);
    const STARTS_FROM_POSITION: bool = true;

    fn opening_moves(&self) -> Vec<String> {
        (1..=MAX_STEP)
            .filter(|step| self.total < TARGET && self.total + step <= TARGET)
            .map(|step| step.to_string())
            .collect()
    }

    fn to_move(&self) -> Seat {
        Seat::BOTH[(self.plies % 2) as usize]
    }

    fn input(&mut self, _seat: Seat) -> Input {
        Input::Lines(vec![self.total.to_string()])
    }

    fn play(&mut self, reply: &str) -> Result<Option<GameEnd>, Fault> {
        let step: u32 = reply
            .parse()
            .ok()
            .filter(|step| (1..=MAX_STEP).contains(step))
            .ok_or_else(|| Fault::Malformed(format!("not a step of 1 to {MAX_STEP}: {reply}")))?;
        let target = WORDS[TARGET as usize];
        if self.total + step > TARGET {
            return Err(Fault::Illegal(format!("past {target}")));
        }
        let mover = self.to_move();
        self.total += step;
        self.plies += 1;
        Ok((self.total == TARGET).then(|| GameEnd::win(mover, format!("reached {target}"))))
    }

    fn plies(&self) -> u32 {
        self.plies
    }

    fn render(&self) -> String {
        self.total.to_string()
    }
}
