//! What a game must tell the match runner: the [`RefereeGame`] trait and its vocabulary.

#[cfg(test)]
pub(crate) mod count;
pub mod drawing;

use common::cli::Contest;
use common::game::Board as GameBoard;
use std::fmt;
use std::time::Duration;

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
    pub const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// 1 or 2, as the records and the summaries print it.
    pub fn number(self) -> u8 {
        match self {
            Seat::First => 1,
            Seat::Second => 2,
        }
    }

    /// 0 or 1, for arrays indexed by seat.
    pub fn index(self) -> usize {
        self.number() as usize - 1
    }

    /// The seat of the game's `side`, where `first` is the side Player 1 plays.
    pub fn of<S: PartialEq>(side: S, first: S) -> Seat {
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
    pub fn malformed(why: impl fmt::Display) -> Fault {
        Fault::Malformed(why.to_string())
    }

    /// A move the rules refuse, for `why`.
    pub fn illegal(why: impl fmt::Display) -> Fault {
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
    pub fn win(seat: Seat, reason: impl Into<String>) -> GameEnd {
        GameEnd {
            winner: Some(seat),
            reason: reason.into(),
        }
    }

    /// A draw because of `reason`.
    pub fn draw(reason: impl Into<String>) -> GameEnd {
        GameEnd {
            winner: None,
            reason: reason.into(),
        }
    }
}

/// The memory cap of a player when its contest states none (`--memory-mb`'s default then).
pub const UNSTATED_MEMORY_MB: u64 = 256;

/// The contest's per-move limit of `G` in milliseconds and its memory cap in MB, the defaults of
/// `--movetime-ms` and `--memory-mb`.
pub fn contest_defaults<G: RefereeGame>() -> (u64, u64) {
    let movetime_ms = G::CONTEST.limit.as_millis() as u64;
    (
        movetime_ms,
        G::CONTEST.memory_mb.unwrap_or(UNSTATED_MEMORY_MB),
    )
}

/// A game as the referee runs it: the rules (from the game's library), the protocol's messages,
/// and the limits.
///
/// The runner asks [`input`](RefereeGame::input) for the seat to move, sends it, reads the reply
/// under [`time_limit`](RefereeGame::time_limit), and hands the reply (trimmed of surrounding
/// white space) to [`play`](RefereeGame::play), until a game end, a fault or the ply limit.
pub trait RefereeGame: Default {
    /// The game's name in records and summaries (`krieg`).
    const NAME: &'static str;
    /// The contest's limits, the bot's (its crate's `protocol::CONTEST`): its per-move limit is
    /// the default of `--movetime-ms`, its memory cap the default of `--memory-mb` (or
    /// 256 MB where the contest states none).
    const CONTEST: Contest;
    /// How the players are run: on standard input and output unless the game says otherwise.
    const TRANSPORT: Transport = Transport::Stream;
    /// The ply limit when `--max-plies` is not given; `None` when the rules end every game.
    const DEFAULT_MAX_PLIES: Option<u32> = None;

    /// True when every turn's input holds the whole position (a board file, a grid), so that a
    /// game may start from any position the rules reach (`--openings`, `--random-openings`). The
    /// stream games, whose players follow the game move by move from its start, keep `false`.
    const STARTS_FROM_POSITION: bool = false;

    /// A game at its start: its `Default`.
    fn new() -> Self {
        Self::default()
    }

    /// A game at its start with the sides' names swapped: Player 1 still moves first, but as the
    /// side that [`new`](RefereeGame::new) has move second (Power Connect 4's team 2 on an empty
    /// board, as the contest's game master starts every other game). Games whose sides have no
    /// name apart from their turn keep `new`.
    fn new_swapped() -> Self
    where
        Self: Sized,
    {
        Self::new()
    }

    /// What the record says of the game's set-up (`team 2 first`), read back by
    /// [`from_setup`](RefereeGame::from_setup); `None` when there is nothing to say.
    fn setup(&self) -> Option<String> {
        None
    }

    /// A game at its start with the set-up a record gives, or why the note is not this game's.
    fn from_setup(note: &str) -> Result<Self, String>
    where
        Self: Sized,
    {
        Err(format!("'{note}': this game has no set-up to choose"))
    }

    /// The moves a random opening draws its next ply from, in the notation a player prints: the
    /// legal moves now, or the share of them the game's openings keep to (its documentation says
    /// which). Empty by default, and when the game is over.
    fn opening_moves(&self) -> Vec<String> {
        Vec::new()
    }

    /// The seat whose reply is awaited.
    fn to_move(&self) -> Seat;

    /// The lines `seat` is sent when the game starts, before Player 1 moves (its id line, for the
    /// stream games); the seat to move gets them with its first input. None by default.
    fn greeting(&self, _seat: Seat) -> Vec<String> {
        Vec::new()
    }

    /// What `seat` (the seat to move) is given now, besides its greeting; called once per turn,
    /// so it may record what it has handed out.
    fn input(&mut self, seat: Seat) -> Input;

    /// The time limit of this turn of `seat`, given the `--movetime-ms` setting (which defaults
    /// to the contest's). Games with a longer first turn say so here.
    fn time_limit(&self, _seat: Seat, movetime: Duration) -> Duration {
        movetime
    }

    /// Plays the reply of the seat to move. On a fault the game is left unchanged.
    fn play(&mut self, reply: &str) -> Result<Option<GameEnd>, Fault>;

    /// Plies played so far.
    fn plies(&self) -> u32;

    /// The position for `--show`, readable in a terminal, several lines.
    fn render(&self) -> String;
}

/// A referee over a board of the vocabulary ([`common::game::Board`]): the position so far, and
/// which side each seat plays, with the one pair of conversions between seats and sides that
/// every game's referee and replay page use.
pub trait BoardReferee {
    /// The game's position.
    type Board: GameBoard;

    /// The position so far.
    fn board(&self) -> &Self::Board;

    /// The sides Player 1 and Player 2 play: the board's own order ([`GameBoard::SIDES`]),
    /// unless the game seats them otherwise (Power Connect 4's swapped games).
    fn sides(&self) -> [SideOf<Self>; 2] {
        Self::Board::SIDES
    }

    /// The side `seat` plays.
    fn side_of(&self, seat: Seat) -> SideOf<Self> {
        self.sides()[seat.index()]
    }

    /// The seat that plays `side`.
    fn seat_of(&self, side: SideOf<Self>) -> Seat {
        Seat::of(side, self.sides()[0])
    }

    /// The seat of the side to move: [`RefereeGame::to_move`] of such a game.
    fn seat_to_move(&self) -> Seat {
        self.seat_of(self.board().side_to_move())
    }
}

/// The [`BoardReferee`] of a referee type `$referee` whose position is its field `board`, of the
/// crate's type `Board` in scope, and whose seats play the board's sides in their own order.
#[macro_export]
macro_rules! board_referee {
    ($referee:ty) => {
        impl $crate::runner::BoardReferee for $referee {
            type Board = Board;

            fn board(&self) -> &Board {
                &self.board
            }
        }
    };
}

/// The side type of a [`BoardReferee`]'s board.
pub type SideOf<G> = <<G as BoardReferee>::Board as GameBoard>::Side;

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
