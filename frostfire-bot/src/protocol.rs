//! The contest loop.
//!
//! The bot reads `1` (it is Tyragon, ICE, and moves first) or `2` (Abagon, FIRE), then one
//! opponent move `Ax By` per line, and answers each with its own move on one line, flushed.
//! The move's deadline starts as soon as the line is read.
//!
//! Robustness (nothing but moves ever goes to stdout; every problem is a warning on stderr, the
//! input line quoted):
//! - before the id, a line that is neither an id nor a move is ignored;
//! - if the first line is a move instead of an id, the bot takes the seat of Abagon and answers;
//! - after the id, every line is the judge's word that the opponent has moved: a line that is not
//!   a move (a second id included) is an opponent move that cannot be applied, and is answered;
//! - an opponent move that our rules reject is handled as the crate documentation says under
//!   "When the judge sends a move our rules reject": applied as given where the dragons allow
//!   it ([`Board::force_play`]), otherwise not applied; either way the bot answers at once with
//!   a legal move on its board;
//! - an opponent move that arrives on the bot's own turn is taken as the bot's turn passed;
//! - at the end of input the loop returns and the process exits with status 0.

use crate::board::{Board, Color, IllegalMoveError, Move, MoveKind, Outcome};
use crate::engine::Engine;
use crate::notation::parse_move;
use common::cli::BotOptions;
use common::cli::{BotInfo, Contest};
use common::clock::Deadline;
use common::game::parse_id;
use common::game::Board as _;
use common::io::{log, quote, warn, LineReader};
use rustc_hash::FxHashSet;
use std::io::BufRead;
use std::time::{Duration, Instant};

/// The contest's limits (time per move, memory), as `--help` quotes them and the referee plays
/// by them.
pub const CONTEST: Contest = Contest::timing("move", Duration::from_millis(2000)).memory_mb(20);

/// The bot: what `--help` says of it, and what its `main` runs.
pub const BOT: BotInfo = common::bot_info! {
    name: "frostfire-bot",
    protocol: "stdin: `1` (Tyragon, moves first) or `2` (Abagon), then the opponent's moves `Ax By`; stdout: our moves",
    contest: CONTEST,
};

/// One game as the bot sees it.
pub struct Session {
    engine: Engine,
    board: Board,
    me: Option<Color>,
    /// Hashes of the positions before the current one, since the last elimination.
    game_positions: FxHashSet<u64>,
}

impl Session {
    /// A new game.
    pub fn new(options: &BotOptions) -> Session {
        Session {
            engine: Engine::new(options),
            board: Board::start(),
            me: None,
            game_positions: FxHashSet::default(),
        }
    }

    /// The bot's board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side the bot plays, once known.
    pub fn side(&self) -> Option<Color> {
        self.me
    }

    /// Handles one (normalised, non-blank) input line; returns the reply to print, if any.
    pub fn handle(&mut self, line: &str) -> Option<String> {
        let deadline = self.engine.deadline(Instant::now());
        let Some(me) = self.me else {
            match parse_id::<Board>(line) {
                Some(color) => {
                    self.me = Some(color);
                    return if color == Color::Ice {
                        self.answer(deadline)
                    } else {
                        None
                    };
                }
                None => {
                    let error = format!("{} is not a player id (1 or 2)", quote(line));
                    if parse_move(line).is_ok() {
                        warn(&format!(
                            "{error}; taking it as Tyragon's first move, I am Abagon"
                        ));
                        self.me = Some(Color::Fire);
                        return self.handle_move(line, Color::Fire, deadline);
                    }
                    warn(&format!(
                        "ignoring a line that is neither an id nor a move: {error}"
                    ));
                    return None;
                }
            }
        };
        self.handle_move(line, me, deadline)
    }

    fn handle_move(&mut self, line: &str, me: Color, deadline: Deadline) -> Option<String> {
        let parsed = parse_move(line);
        if self.board.side_to_move() == me {
            warn(&format!(
                "opponent move {} arrived on my turn; taking my turn as passed",
                quote(line)
            ));
            self.board = self.board.pass();
        }
        match parsed {
            Ok(m) => match self.board.try_play(m) {
                Ok(next) => self.advance(next, self.board.kind(m) == MoveKind::Elimination),
                Err(error) => self.apply_rejected(line, m, error),
            },
            Err(error) => {
                warn(&format!(
                    "the opponent's move is not a move ({error}); keeping my board and playing on"
                ));
                self.skip_opponent_turn();
            }
        }
        if let Some(outcome) = self.board.outcome() {
            log(&format!("the game is over: {outcome:?}"));
            return None;
        }
        self.answer(deadline)
    }

    /// An opponent move our rules reject: the judge has accepted it, so it is applied as given
    /// where the dragons allow it, and the game goes on from there (see the crate documentation,
    /// "When the judge sends a move our rules reject"). A move that cannot be applied at all, or
    /// that would end the game on our board (the judge, who sent it on and asks for our move,
    /// sees the game going on), leaves our board as it was, with our side to move.
    fn apply_rejected(&mut self, line: &str, m: Move, error: IllegalMoveError) {
        let forced = self
            .board
            .force_play(m)
            .ok()
            .filter(|next| next.outcome().is_none());
        match forced {
            Some(next) => {
                warn(&format!(
                    "opponent move {} is illegal by our rules ({error}); the judge accepted it, \
                     so it is applied as given",
                    quote(line)
                ));
                let dragon_lost =
                    next.occupied().count_ones() != self.board.occupied().count_ones();
                self.advance(next, dragon_lost);
            }
            None => {
                warn(&format!(
                    "opponent move {} is illegal by our rules ({error}) and cannot be applied \
                     here; keeping my board and playing on",
                    quote(line)
                ));
                self.skip_opponent_turn();
            }
        }
    }

    /// The opponent's turn, which the judge says was played, passes on our board unchanged.
    fn skip_opponent_turn(&mut self) {
        self.game_positions.insert(self.board.hash());
        self.board = self.board.pass();
    }

    /// Moves to `next`; after an elimination no earlier position can recur.
    fn advance(&mut self, next: Board, elimination: bool) {
        if elimination {
            self.game_positions.clear();
        } else {
            self.game_positions.insert(self.board.hash());
        }
        self.board = next;
    }

    /// Chooses, plays and returns the bot's move.
    fn answer(&mut self, deadline: Deadline) -> Option<String> {
        let Some(m) = self
            .engine
            .choose(&self.board, &self.game_positions, deadline)
        else {
            log("no legal move: the game is drawn");
            return None;
        };
        let elimination = self.board.kind(m) == MoveKind::Elimination;
        let next = self.board.play(m);
        self.advance(next, elimination);
        if let Some(Outcome::Win(_)) = self.board.outcome() {
            log("my move wins the game");
        }
        Some(m.to_string())
    }
}

/// Plays one game: the id line and the opponent's moves from `input`, each of our moves given
/// to `reply`. Returns at end of input.
pub fn play<R: BufRead>(input: R, options: &BotOptions, mut reply: impl FnMut(&str)) {
    let mut reader = LineReader::new(input);
    let mut session = Session::new(options);
    while let Some(line) = reader.next_line() {
        if let Some(answer) = session.handle(&line) {
            reply(&answer);
        }
    }
}

/// Plays one game on standard input and output ([`play`] with [`common::io::reply`]).
pub fn run(options: &BotOptions) {
    play(std::io::stdin().lock(), options, common::io::reply);
}
