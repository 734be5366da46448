//! A toy game for the runner's own tests, and the game of `count-referee` and
//! `count-files-referee`: the players count from 0 to `TARGET` (at most six) in steps of 1 to
//! `MAX_STEP`, each adding one step; who reaches the target wins; passing it is illegal. Every
//! turn hands the player the count, so a game starts from any count and takes openings. Its
//! board is a [`common::game::Board`] like any game's, its sides the seats themselves, and it
//! draws its positions (the count, and the step that led to it), so that everything the runner
//! does, the pages included, can be tried on it in milliseconds with players written in a line
//! of shell.
//!
//! Its players talk on their standard input and output (each sent its id, then the count before
//! each of its moves), or, with `FILES`, as file-based players (a call per move, the count in
//! `count.txt`, the step written to `step.txt`), so that both transports of the runner are tried.

use std::fmt;
use std::time::Duration;

use common::cli::Contest;
use common::game::{Board, Outcome};

use super::{Drawing, Game, Input, Seat, Transport};

/// The game of counting to `TARGET` in steps of 1 to `MAX_STEP`, its players file-based with
/// `FILES`.
pub struct Count<const TARGET: u32, const MAX_STEP: u32, const FILES: bool = false>;

/// A position of [`Count`]: the count so far, and the plies that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted<const TARGET: u32, const MAX_STEP: u32> {
    total: u32,
    plies: u32,
}

/// The numbers' names, for the reasons (`reached five`).
const WORDS: [&str; 7] = ["zero", "one", "two", "three", "four", "five", "six"];

/// A game won by the seat that reached the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reached(Seat);

impl Outcome for Reached {
    type Side = Seat;

    fn winner(self) -> Option<Seat> {
        Some(self.0)
    }
}

#[cfg(test)]
impl<const TARGET: u32, const MAX_STEP: u32> Counted<TARGET, MAX_STEP> {
    /// The count so far.
    pub(crate) fn total(&self) -> u32 {
        self.total
    }
}

impl<const TARGET: u32, const MAX_STEP: u32> Board for Counted<TARGET, MAX_STEP> {
    type Move = u32;
    type MoveList = Vec<u32>;
    type Side = Seat;
    type Outcome = Reached;
    type IllegalMoveError = String;
    type ParseMoveError = String;

    const SIDES: [Seat; 2] = Seat::BOTH;

    fn start() -> Self {
        Counted { total: 0, plies: 0 }
    }

    fn side_to_move(&self) -> Seat {
        Seat::BOTH[(self.plies % 2) as usize]
    }

    fn legal_moves(&self) -> Vec<u32> {
        (1..=MAX_STEP)
            .filter(|step| self.total + step <= TARGET)
            .collect()
    }

    fn play(&self, step: u32) -> Self {
        Counted {
            total: self.total + step,
            plies: self.plies + 1,
        }
    }

    fn try_play(&self, step: u32) -> Result<Self, String> {
        if self.total + step > TARGET {
            return Err(format!("past {}", WORDS[TARGET as usize]));
        }
        Ok(self.play(step))
    }

    fn outcome(&self) -> Option<Reached> {
        let mover = Seat::BOTH[((self.plies + 1) % 2) as usize];
        (self.total == TARGET).then_some(Reached(mover))
    }

    fn hash(&self) -> u64 {
        u64::from(self.total) << 1 | u64::from(self.plies % 2)
    }

    fn compute_hash(&self) -> u64 {
        self.hash()
    }

    fn format_move(&self, step: u32) -> String {
        step.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u32, String> {
        text.parse()
            .ok()
            .filter(|step| (1..=MAX_STEP).contains(step))
            .ok_or_else(|| format!("not a step of 1 to {MAX_STEP}: {text}"))
    }
}

impl<const TARGET: u32, const MAX_STEP: u32> fmt::Display for Counted<TARGET, MAX_STEP> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} of {TARGET}", self.total)
    }
}

impl<const TARGET: u32, const MAX_STEP: u32, const FILES: bool> Game
    for Count<TARGET, MAX_STEP, FILES>
{
    type Board = Counted<TARGET, MAX_STEP>;

    const NAME: &'static str = if FILES { "count-files" } else { "count" };
    const CONTEST: Contest = Contest::timing("move", Duration::from_millis(1000)).memory_mb(64);
    const TRANSPORT: Transport = if FILES {
        Transport::Files
    } else {
        Transport::Stream
    };
    const STARTS_FROM_POSITION: bool = true;
    const DRAWING: Option<&'static dyn Drawing<Self::Board>> = Some(&Count);

    /// The count so far: a line, or `count.txt` with the reply in `step.txt`.
    fn input(board: &Self::Board, _last: Option<(&Self::Board, u32)>) -> Input {
        let count = board.total.to_string();
        if FILES {
            Input::Files {
                files: vec![("count.txt".to_string(), count + "\n")],
                reply_file: "step.txt",
            }
        } else {
            Input::Lines(vec![count])
        }
    }

    fn end_reason(_board: &Self::Board, _outcome: Reached, _last: u32) -> String {
        format!("reached {}", WORDS[TARGET as usize])
    }
}

/// The count as text, and the step that led to it after the count before it.
impl<const TARGET: u32, const MAX_STEP: u32> Drawing<Counted<TARGET, MAX_STEP>>
    for Count<TARGET, MAX_STEP>
{
    fn size(&self) -> (u32, u32) {
        (100, 20)
    }

    fn background(&self) -> String {
        "<rect width=\"100\" height=\"20\"/>".to_string()
    }

    fn draw(
        &self,
        position: &Counted<TARGET, MAX_STEP>,
        last: Option<(&Counted<TARGET, MAX_STEP>, &str)>,
    ) -> String {
        let last = last.map_or(String::new(), |(before, reply)| {
            format!("{}+{reply}", before.total)
        });
        format!("<text>{} {last}</text>", position.total)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Count to six: each ply adds 1, 2 or 3; who reaches six wins; passing it is illegal.
    pub(crate) type Six = Count<6, 3>;

    /// The same game for players that follow it from its start, and drawn by nothing: no
    /// opening, no page.
    pub(crate) struct StreamSix;

    impl Game for StreamSix {
        type Board = Counted<6, 3>;

        const NAME: &'static str = "streamsix";
        const CONTEST: Contest = Contest::timing("move", Duration::from_millis(100));

        fn end_reason(board: &Counted<6, 3>, outcome: Reached, last: u32) -> String {
            Six::end_reason(board, outcome, last)
        }
    }
}
