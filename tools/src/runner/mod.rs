//! The match runner behind every `<game>-referee` binary.
//!
//! A game crate implements [`Game`] over its own board; this module does the rest,
//! the same way for every game: it starts both players ([`process`]), sends each its id line when
//! the game starts, feeds each its input, reads its reply under the time limit, watches its
//! memory, hands the reply to the rules, ends the game at once on any fault, writes the record,
//! and prints one line per game and the match's summary.
//!
//! Games come in pairs with the same seed and the seats swapped ([`schedule`](match_play::schedule)); `--concurrency`
//! plays several at once, `--sprt` stops at a verdict of the test ([`sprt`]), three or more
//! players play a round robin or a gauntlet rated by one fit over all games ([`rating`]),
//! `--results` writes one row per game ([`results`]) and `merge` reads the rows of several shards
//! back; `league DIR` keeps players and games in a folder and plays them on as long as one
//! likes, through the same game loop ([`league`], [`play_games`]); `lines DIR...` reads record
//! folders back for the lines a player lost more than once ([`lines`]). With two players, per
//! game `k` (from 1, A is Player 1 when `k` is odd), on stdout:
//!
//! ```text
//! game 1: p1=A p2=B winner=A (p1) reason="bomber reached the base" plies=23 slowest: A=812ms B=640ms peak: A=3.1MB B=2.9MB
//! ...
//! players: A slowest=812ms peak=3.1MB faults=0; B slowest=903ms peak=3.0MB faults=0; first replies: A=812ms B=650ms; later replies: A=640ms B=903ms
//! sprt: llr=3.01 lower=-2.94 upper=2.94 result=H1      (with --sprt)
//! summary: games=10 a_wins=6 draws=1 b_wins=3 elo=+108 ci95=232
//! ```
//!
//! With three or more players, the game lines name the players, and a crosstable and one
//! `standing: <rank> <name> elo=<E> ci95=<C> score=<points>/<games>` line per player, best first,
//! end the output. With `--record-dir DIR`, game `k` is written to `DIR/game-<k>.txt`:
//!
//! ```text
//! # <game>
//! # p1: <command of Player 1>
//! # p2: <command of Player 2>
//! # setup: <note>                        (a game whose match chose its set-up: `team 2 first`)
//! # opening: <seat> <move>                                                  (one per opening ply)
//! # retry: <seat> <why the call failed>           (--game-master: a call made again, before its ply)
//! <seat> <the line that player printed, without surrounding white space>   (one per ply)
//! # time: <that reply's time in ms>                                          (after each ply)
//! # result: <p1|p2|draw> <reason>
//! ```
//!
//! and each player's stderr to `DIR/game-<k>-p<seat>.stderr`. A game started from an opening
//! (`--openings`, `--random-openings`: [`opening`](match_play::opening)) lists the opening's plies first, as comments
//! that name the seat each was played for. File-based players (Power Connect
//! 4) run in `DIR/game-<k>-p<seat>/`, kept for inspection. Progress goes to stderr.
//!
//! `--game-master` runs file-based games as the Power Connect 4 contest's own game master did:
//! both players of game `k` in one folder, `DIR/game-<k>/`, each under its own team id (its
//! program's file name without extension; the same program twice gets `<name>1` and `<name>2`,
//! linked into the folder under that name and run by it), only the files whose names start with
//! a player's id counting as its help files; a call that gives no reply in time, no reply file, or
//! a malformed or illegal move is made again, up to [`GAME_MASTER_CALLS`] calls, and the last
//! failure loses (a `# retry:` line per call made again); and in even games the sides' names are
//! swapped ([`Game::start_with`]: team 2 moves first), so that each side of a pair moves
//! first once. The player's command must start with its program (no wrapper such as `nice`).
//!
//! A player loses at once, with one of these reasons (a quoted line has its control characters
//! escaped, and only ASCII white space around a reply is ignored):
//!
//! - `malformed move: p1 printed '<line>' (<why>)`, `illegal move: ...`, or `malformed move: p1
//!   printed a line over 4096 bytes`;
//! - `spoke out of turn: p1 printed '<line>' before it was asked`: a line printed while the
//!   player was not asked for a move (a second line for one turn included);
//! - `timeout: p1 gave no reply within <ms> ms`;
//! - `p1 exited (<status>) before replying`, `p1 closed its output before replying` (at once,
//!   even while its process lives on);
//! - `memory: p1 used <MB>, over the <MB> cap (--memory-mb raises it)`, its figure also the
//!   seat's peak in the game line;
//! - `help files: p1 kept <n> files of its own, over the 5 allowed` (file-based players).
//!
//! Some faults stop the whole match instead, before any more games count:
//!
//! - before the first game, every output (`--results`, `--html`, `--record-dir`) is checked for
//!   being writable, leaving nothing behind, and for landing on no input or other output, nor on
//!   what it must not replace: a results file of another game, a file that is not a page, an
//!   earlier match's records (`run::check_outputs`, [`files`]); one line names the file, what it
//!   is and why: `cannot write the replay page /no/such/dir/match.html: No such file or
//!   directory` (exit status 2), as does every I/O error of the runner ([`FileError`]);
//! - a player that cannot start: no process could be spawned, or it exited with any status but
//!   success (127 and 126, the shell's "not found" and "cannot execute"; 2, `python3` without
//!   its script; 101, a panic) before it ever replied in the match (for Power Connect 4, without
//!   writing its reply) ([`StartFailure`](match_play::process::StartFailure)). The error quotes its command and the last
//!   lines of its stderr (exit status 2); games under way are abandoned, not counted. A player
//!   that exits with success before replying only loses its game, as does one that has replied
//!   once in the match and later cannot run;
//! - an interruption (Ctrl-C, SIGTERM: [`interrupt`]): games under way are abandoned, and the
//!   final lines of the finished games (those a [`merge`] of the results file prints) are printed
//!   last (exit status 128 + the signal).

mod command_line;
mod dispatch;
pub mod game;
pub mod league;
pub mod match_play;
pub mod pages;
pub mod records;
pub mod stats;
mod text;

// The paths the game crates use today, kept while they move to the contract.
pub use match_play::{interrupt, process, supervisor};
pub use pages as html;
pub use records::{files, lines, record, replay, results};
pub use stats::{rating, sprt, tally};

pub use command_line::bad_value::BadOptionValue;
pub use command_line::one_line;
pub use dispatch::main;
pub use game::count;
pub use game::{
    hexagon, named_hexagon, Drawing, Fault, Game, GameEnd, Input, Referee, Seat, Transport,
};
pub use match_play::match_error::{cannot_start_message, MatchError};
pub use match_play::merge::{merge, merge_command, names_of, MergeError};
pub use match_play::options::{
    command, parse_options, parse_options_with, parse_player, usage, Entrant, MatchOptions,
    OptionsError,
};
pub use match_play::play::{quote, trim_reply, GameReport, GAME_MASTER_CALLS};
pub use match_play::run::{match_openings, play_games, run_match, GameSource, ScheduledGame};
pub use pages::replay_page::page;
pub use records::files::{check_writable, check_writable_dir, FileError};
pub use records::record::{parse_record, Record, RecordPly, RecordResult, RecordWriter};
pub use records::replay::{replay, GameView};
pub use stats::elo::HeadToHead;
pub use stats::report::{
    final_text, game_line, pentanomial, points_text, standings, standings_text, tally, Standings,
};
pub use text::megabytes;
