//! A game under way, as the referee holds it: the one implementation, for every game, of what a
//! referee does with a board ([`Referee`]).

use std::time::Duration;

use common::game::{Board, Outcome as _};

use super::{Fault, Game, GameEnd, Input, Seat};

/// The side type of `G`'s board.
type Side<G> = <<G as Game>::Board as Board>::Side;
/// The move type of `G`'s board.
type Move<G> = <<G as Game>::Board as Board>::Move;

/// A game of `G` under way: the position, the sides the seats play, the plies, the last move and
/// the turns each seat was given.
///
/// What every referee did by hand over its board is written here once: the seat to move is the
/// seat of the board's side to move; a reply is read by the board's notation (a reply it cannot
/// read is malformed) and played by its rules (a move they refuse is illegal), and the game ends
/// where the board says, won by the seat of the board's winner; each player's first turn gets
/// the contest's first-turn limit where it has one.
pub struct Referee<G: Game> {
    board: G::Board,
    /// The sides Player 1 and Player 2 play: the board's own order, or the other where the
    /// match chose that the second side moves first ([`Game::start_with`]).
    sides: [Side<G>; 2],
    /// Plies played, the opening's included.
    plies: u32,
    /// The last move, with the position it was played in.
    last: Option<(G::Board, Move<G>)>,
    /// The turns each seat has been given (its input asked for), by seat index.
    turns: [u32; 2],
    /// The record's note of the set-up, for a game whose match may choose it.
    setup: Option<String>,
}

impl<G: Game> Default for Referee<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> Referee<G> {
    /// A game at its start: Player 1 plays the board's first side.
    pub fn new() -> Self {
        let first = G::Board::SIDES[0];
        match G::start_with(first) {
            Some((board, note)) => Self::starting(board, first, Some(note)),
            None => Self::starting(G::Board::start(), first, None),
        }
    }

    /// A game at its start with the sides' names swapped, where the game lets the match choose
    /// ([`Game::start_with`]): Player 1 still moves first, as the board's second side (Power
    /// Connect 4's team 2, as its game master starts every other game). Otherwise [`new`].
    ///
    /// [`new`]: Referee::new
    pub(crate) fn swapped() -> Self {
        let second = G::Board::SIDES[1];
        match G::start_with(second) {
            Some((board, note)) => Self::starting(board, second, Some(note)),
            None => Self::new(),
        }
    }

    /// A game at its start with the set-up a record gives (its `# setup:` note), or why the note
    /// is not one of this game's.
    pub fn from_setup(note: &str) -> Result<Self, String> {
        let chosen = G::Board::SIDES.into_iter().find_map(|first| {
            G::start_with(first)
                .filter(|(_, named)| named == note.trim())
                .map(|(board, named)| Self::starting(board, first, Some(named)))
        });
        match chosen {
            Some(referee) => Ok(referee),
            None if G::start_with(G::Board::SIDES[0]).is_none() => {
                Err(format!("'{note}': this game has no set-up to choose"))
            }
            None => {
                let notes: Vec<String> = G::Board::SIDES
                    .into_iter()
                    .filter_map(|first| G::start_with(first).map(|(_, named)| named))
                    .map(|named| format!("'{named}'"))
                    .collect();
                Err(format!("'{note}' is not {}", notes.join(" nor ")))
            }
        }
    }

    fn starting(board: G::Board, first: Side<G>, setup: Option<String>) -> Self {
        let second = if first == G::Board::SIDES[0] {
            G::Board::SIDES[1]
        } else {
            G::Board::SIDES[0]
        };
        Referee {
            board,
            sides: [first, second],
            plies: 0,
            last: None,
            turns: [0; 2],
            setup,
        }
    }

    /// What the record says of the game's set-up (`team 2 first`), for a game whose match may
    /// choose it; `None` otherwise.
    pub(crate) fn setup(&self) -> Option<String> {
        self.setup.clone()
    }

    /// The position now.
    pub fn board(&self) -> &G::Board {
        &self.board
    }

    /// The seat that plays `side`.
    pub(crate) fn seat_of(&self, side: Side<G>) -> Seat {
        Seat::of(side, self.sides[0])
    }

    /// The seat whose reply is awaited: the seat of the board's side to move.
    pub fn to_move(&self) -> Seat {
        self.seat_of(self.board.side_to_move())
    }

    /// The lines `seat` is sent when the game starts ([`Game::greeting`] of its side).
    pub fn greeting(&self, seat: Seat) -> Vec<String> {
        G::greeting(self.sides[seat.index()])
    }

    /// What `seat`, the seat to move, is given for its turn ([`Game::input`]); counted as one of
    /// its turns.
    pub fn input(&mut self, seat: Seat) -> Input {
        self.turns[seat.index()] += 1;
        let last = self.last.as_ref().map(|(before, m)| (before, *m));
        G::input(&self.board, last)
    }

    /// The time limit of this turn of `seat`, given the `--movetime-ms` setting (which defaults
    /// to the contest's): the contest's first-turn limit, where it has one longer than that, for
    /// the seat's first turn in this game (its first input, whatever ply the game is at, so
    /// that a game started from an opening still gives it), else `movetime`.
    pub fn time_limit(&self, seat: Seat, movetime: Duration) -> Duration {
        match G::CONTEST.first_limit {
            Some(first) if self.turns[seat.index()] <= 1 => movetime.max(first),
            _ => movetime,
        }
    }

    /// Plays the reply of the seat to move (trimmed of surrounding white space): the game's end
    /// if it came, or why the reply loses. On a fault the game is left unchanged.
    pub fn play(&mut self, reply: &str) -> Result<Option<GameEnd>, Fault> {
        let m = self.board.parse_move(reply).map_err(Fault::malformed)?;
        let next = self.board.try_play(m).map_err(Fault::illegal)?;
        self.last = Some((self.board, m));
        self.board = next;
        self.plies += 1;
        Ok(next.outcome().map(|outcome| {
            let reason = G::end_reason(&next, outcome, m);
            match outcome.winner() {
                Some(side) => GameEnd::win(self.seat_of(side), reason),
                None => GameEnd::draw(reason),
            }
        }))
    }

    /// Plies played so far, the opening's included.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The position for `--show`: the board's `Display`.
    pub fn render(&self) -> String {
        self.board.to_string()
    }

    /// The moves a random opening draws its next ply from ([`Game::opening_moves`]), in the
    /// notation a player prints; none once the game is over.
    pub fn opening_moves(&self) -> Vec<String> {
        if self.board.outcome().is_some() {
            return Vec::new();
        }
        G::opening_moves(&self.board)
            .into_iter()
            .map(|m| self.board.format_move(m))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::game::count::{Count, Counted, Reached};
    use common::cli::Contest;

    type Five = Count<5, 2>;

    /// Counting to five, with a first-turn limit and a set-up that chooses who moves first.
    struct Chosen;

    impl Game for Chosen {
        type Board = Counted<5, 2>;

        const NAME: &'static str = "chosen";
        const CONTEST: Contest =
            Contest::timing("move", Duration::from_millis(100)).first_turn(Duration::from_secs(1));

        fn end_reason(board: &Counted<5, 2>, outcome: Reached, last: u32) -> String {
            Five::end_reason(board, outcome, last)
        }

        /// The count starts at one when the second seat's side moves first.
        fn start_with(first: Seat) -> Option<(Counted<5, 2>, String)> {
            let board = match first {
                Seat::First => Counted::start(),
                Seat::Second => Counted::start().play(1),
            };
            Some((board, format!("{first} first")))
        }
    }

    #[test]
    fn a_reply_is_read_and_played_by_the_board_and_the_end_is_the_boards() {
        let mut game = Referee::<Five>::new();
        assert_eq!(game.setup(), None);
        assert_eq!(game.greeting(Seat::Second), ["2"]);
        assert_eq!(game.opening_moves(), ["1", "2"]);
        assert_eq!(
            game.play("3"),
            Err(Fault::malformed("not a step of 1 to 2: 3"))
        );
        assert_eq!(game.play("2"), Ok(None));
        assert_eq!(game.to_move(), Seat::Second);
        assert_eq!(game.play("2"), Ok(None));
        assert_eq!(game.play("2"), Err(Fault::illegal("past five")));
        assert_eq!(game.plies(), 2, "a fault leaves the game unchanged");
        assert_eq!(game.render(), "4 of 5");
        let end = game.play("1").unwrap().expect("the end");
        assert_eq!(end, GameEnd::win(Seat::First, "reached five"));
        assert!(game.opening_moves().is_empty());
        assert_eq!(
            Referee::<Five>::from_setup("x first").err().as_deref(),
            Some("'x first': this game has no set-up to choose")
        );
    }

    #[test]
    fn a_game_may_choose_who_moves_first_and_each_seats_first_turn_is_longer() {
        let swapped = Referee::<Chosen>::swapped();
        assert_eq!(swapped.setup().as_deref(), Some("p2 first"));
        assert_eq!(swapped.board().total(), 1);
        // Player 1 moves first, playing the board's second side.
        assert_eq!(swapped.to_move(), Seat::First);
        assert_eq!(swapped.seat_of(Seat::Second), Seat::First);
        let again = Referee::<Chosen>::from_setup(" p2 first ").unwrap();
        assert_eq!(again.board(), swapped.board());
        assert_eq!(
            Referee::<Chosen>::from_setup("p3 first").err().as_deref(),
            Some("'p3 first' is not 'p1 first' nor 'p2 first'")
        );
        let mut game = Referee::<Chosen>::new();
        let movetime = Duration::from_millis(100);
        let _ = game.input(Seat::First);
        assert_eq!(
            game.time_limit(Seat::First, movetime),
            Duration::from_secs(1)
        );
        game.play("1").unwrap();
        let _ = game.input(Seat::Second);
        assert_eq!(
            game.time_limit(Seat::Second, movetime),
            Duration::from_secs(1)
        );
        game.play("1").unwrap();
        let _ = game.input(Seat::First);
        assert_eq!(game.time_limit(Seat::First, movetime), movetime);
    }
}
