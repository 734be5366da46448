//! What a game must tell the match runner: the [`Game`] contract, and the words the runner and a
//! game share about a game under way ([`Seat`], [`Input`], [`Fault`], [`GameEnd`]).
//!
//! A game is its board, [`common::game::Board`] (the rules and the notation, the very code the
//! bot plays), and the few things its contest's referee adds to it: its name and limits, what
//! each player is sent, and the words for how a game ended. The runner holds a game under way
//! as a [`Referee`](referee::Referee) over that board, written once for every game: the seat to
//! move is the board's side to move, a reply is read by the board's notation and played by its
//! rules, a fault is told malformed or illegal by which of the two refused it, and the game ends
//! where the board says it does. A game may also be drawn ([`Drawing`], [`Game::DRAWING`]); drawing
//! is optional, so a game without it still gets its referee, records, results, league and
//! `lines`, only no replay page.

pub mod count;
pub(crate) mod drawing;
pub(crate) mod referee;

use common::cli::Contest;
use common::game::Board;
use drawing::Drawing;
use std::fmt;

/// One of the two seats. Player 1 moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// Player 1, who moves first.
    First,
    /// Player 2.
    Second,
}

impl Seat {
    /// Both seats, Player 1 first.
    pub(crate) const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    /// The other seat.
    pub(crate) fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// 1 or 2, as the records and the summaries print it.
    pub(crate) fn number(self) -> u8 {
        match self {
            Seat::First => 1,
            Seat::Second => 2,
        }
    }

    /// 0 or 1, for arrays indexed by seat.
    pub(crate) fn index(self) -> usize {
        self.number() as usize - 1
    }

    /// The seat of the game's `side`, where `first` is the side Player 1 plays.
    pub(crate) fn of<S: PartialEq>(side: S, first: S) -> Seat {
        if side == first {
            Seat::First
        } else {
            Seat::Second
        }
    }

    /// `first` for Player 1, `second` for Player 2: the game's side of this seat, say.
    pub fn pick<T>(self, first: T, second: T) -> T {
        match self {
            Seat::First => first,
            Seat::Second => second,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "p{}", self.number())
    }
}

/// How the referee talks to a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transport {
    /// One long-running process per player per game, lines on stdin and stdout.
    Stream,
    /// One process run per move, in a working directory of its own that lives for the game; the
    /// referee writes the input files, the player writes its reply file and exits.
    Files,
}

/// What the seat to move is given before it answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Lines for the player's standard input (every line of this turn, such as the opponent's
    /// last move).
    Lines(Vec<String>),
    /// Files `(name, content)` to write, read-only, into the player's working directory before
    /// it is run; its reply is the content of `reply_file`, which the referee removes first.
    Files {
        files: Vec<(String, String)>,
        reply_file: &'static str,
    },
}

/// Why a reply loses the game at once (the referee adds the timing and process failures).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The line does not have the shape of a move (wrong format, a value out of range).
    Malformed(String),
    /// A well-formed move that the rules forbid here.
    Illegal(String),
}

impl Fault {
    /// A reply whose parse failed with `why`.
    pub(crate) fn malformed(why: impl fmt::Display) -> Fault {
        Fault::Malformed(why.to_string())
    }

    /// A move the rules refuse, for `why`.
    pub(crate) fn illegal(why: impl fmt::Display) -> Fault {
        Fault::Illegal(why.to_string())
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Malformed(why) => write!(f, "malformed move: {why}"),
            Fault::Illegal(why) => write!(f, "illegal move: {why}"),
        }
    }
}

/// How a game ended by the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The winner, or `None` for a draw.
    pub winner: Option<Seat>,
    /// The rule that ended it, in a few words ("bomber reached the base").
    pub reason: String,
}

impl GameEnd {
    /// `seat` won because of `reason`.
    pub(crate) fn win(seat: Seat, reason: impl Into<String>) -> GameEnd {
        GameEnd {
            winner: Some(seat),
            reason: reason.into(),
        }
    }

    /// A draw because of `reason`.
    pub(crate) fn draw(reason: impl Into<String>) -> GameEnd {
        GameEnd {
            winner: None,
            reason: reason.into(),
        }
    }
}

/// What a drawn game is worth to each of its players in the game's contest.
///
/// This is the contest's own count, which a match's `points:` line, the standings' `points=` and
/// order, and the pages report. Between the two players a draw is always worth half a point,
/// since it gives both the same: the Elo, its interval and the SPRT count it so whatever the
/// contest gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawScore {
    /// Half a point each, as most contests count a draw.
    Half,
    /// Nothing to either player, as if both had lost.
    Nothing,
}

impl DrawScore {
    /// The points a draw gives each player: ½ or 0.
    pub(crate) fn points(self) -> f64 {
        match self {
            DrawScore::Half => 0.5,
            DrawScore::Nothing => 0.0,
        }
    }
}

/// How a game's contest counts points (a win 1, a loss 0, a draw its [`DrawScore`]), with the
/// game's name for the note that says so where a draw is not worth half a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scoring {
    pub(crate) game: &'static str,
    pub(crate) draw: DrawScore,
}

impl Scoring {
    /// The scoring of `G`'s contest.
    pub(crate) fn of<G: Game>() -> Scoring {
        Scoring {
            game: G::NAME,
            draw: G::DRAW_SCORE,
        }
    }

    /// `a draw scores 0 in frostfire`, where a draw is not worth half a point: the contest's
    /// points then differ from the score the Elo is fitted to, and the text says so.
    pub(crate) fn note(self) -> Option<String> {
        match self.draw {
            DrawScore::Half => None,
            DrawScore::Nothing => Some(format!("a draw scores 0 in {}", self.game)),
        }
    }
}

/// The memory cap of a player when its contest states none (`--memory-mb`'s default then).
pub(crate) const UNSTATED_MEMORY_MB: u64 = 256;

/// The contest's per-move limit of `G` in milliseconds and its memory cap in MB, the defaults of
/// `--movetime-ms` and `--memory-mb`.
pub(crate) fn contest_defaults<G: Game>() -> (u64, u64) {
    let movetime_ms = G::CONTEST.limit.as_millis() as u64;
    (
        movetime_ms,
        G::CONTEST.memory_mb.unwrap_or(UNSTATED_MEMORY_MB),
    )
}

/// A game as the runner referees it: its board, its contest, and its protocol's messages; the
/// one contract between a game crate and the runner (`tools::runner::main::<G>()` is its whole
/// referee binary).
///
/// The runner plays it through a [`Referee`](referee::Referee): it sends each seat its
/// [`greeting`](Game::greeting) when the game starts, then asks the seat to move for its reply
/// with its [`input`](Game::input), under the contest's limits, and plays the reply on the
/// board, until the board's end, a fault or the ply limit. Beyond its board, name, contest and
/// words for an end, everything has a default: a game writes only what its contest does its own
/// way.
pub trait Game: Sized + 'static {
    /// The position: the rules and the notation of the moves the players print. Its `Display`
    /// is the position for `--show`, several lines readable in a terminal.
    type Board: Board + fmt::Display + 'static;

    /// The game's name in records and summaries (`krieg`).
    const NAME: &'static str;
    /// The contest's limits, the bot's (its crate's `protocol::CONTEST`): its per-move limit is
    /// the default of `--movetime-ms`, its memory cap the default of `--memory-mb` (or
    /// 256 MB where the contest states none), and a first-turn limit, where it gives one, each
    /// player's first turn in a game.
    const CONTEST: Contest;
    /// How the players are run: on standard input and output unless the game says otherwise.
    const TRANSPORT: Transport = Transport::Stream;
    /// What a draw is worth to each player in the contest: half a point unless the game says
    /// otherwise. The contest's points (a match's `points:` line, the standings) count it so;
    /// the Elo and the SPRT, which compare the two players, always count it half.
    const DRAW_SCORE: DrawScore = DrawScore::Half;
    /// The ply limit when `--max-plies` is not given; `None` when the rules end every game.
    const DEFAULT_MAX_PLIES: Option<u32> = None;
    /// True when every turn's input holds the whole position (a board file, a grid), so that a
    /// game may start from any position the rules reach (`--openings`, `--random-openings`).
    /// The stream games, whose players follow the game move by move from its start, keep
    /// `false`.
    const STARTS_FROM_POSITION: bool = false;
    /// The pictures of its positions for the replay pages (`--html`, `view`, a league's pages);
    /// `None`, the default, for a game without pages.
    const DRAWING: Option<&'static dyn Drawing<Self::Board>> = None;

    /// The lines the player of `side` is sent when the game starts, before Player 1 moves (the
    /// seat to move gets them with its first input): by default its id line, the side's number
    /// among the board's `SIDES`, `1` or `2`, as [`common::game::parse_id`] reads it.
    fn greeting(side: <Self::Board as Board>::Side) -> Vec<String> {
        let number = Self::Board::SIDES
            .iter()
            .position(|&s| s == side)
            .map_or(0, |i| i + 1);
        vec![number.to_string()]
    }

    /// What the side to move in `board` is given for its turn, besides its greeting: by default
    /// the move that led to `board` as it was written in the position it was played in (`last`,
    /// `None` before the first), nothing before the first move.
    fn input(
        board: &Self::Board,
        last: Option<(&Self::Board, <Self::Board as Board>::Move)>,
    ) -> Input {
        let _ = board;
        Input::Lines(
            last.map(|(before, m)| before.format_move(m))
                .into_iter()
                .collect(),
        )
    }

    /// Why the game ended, in a few words ("bomber reached the base"): `outcome`, reached by
    /// `last`, in the position `board` it led to. The winner is the board's
    /// ([`common::game::Outcome::winner`]).
    fn end_reason(
        board: &Self::Board,
        outcome: <Self::Board as Board>::Outcome,
        last: <Self::Board as Board>::Move,
    ) -> String;

    /// The moves a random opening draws its next ply from in `board` (a game that starts from
    /// a position): every legal move by default, or the share of them the game's openings keep
    /// to (its documentation says which).
    fn opening_moves(board: &Self::Board) -> Vec<<Self::Board as Board>::Move> {
        board.legal_moves().to_vec()
    }

    /// For a game whose match may choose the side that moves first (Power Connect 4's game
    /// master starts every other game with team 2): the start where `first` moves first, and
    /// the note that names it in a record (`team 2 first`). `None`, the default, where the
    /// rules fix the side that moves first.
    fn start_with(first: <Self::Board as Board>::Side) -> Option<(Self::Board, String)> {
        let _ = first;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_maps_to_its_side_and_back() {
        for (seat, side) in [(Seat::First, 'x'), (Seat::Second, 'o')] {
            assert_eq!(seat.pick('x', 'o'), side);
            assert_eq!(Seat::of(side, 'x'), seat);
        }
        assert_eq!(Fault::malformed(7), Fault::Malformed("7".into()));
        assert_eq!(Fault::illegal("taken"), Fault::Illegal("taken".into()));
    }
}
