//! The match runner behind every `<game>-referee` binary.
//!
//! # The contract
//!
//! A game crate implements [`Game`] over its own board (`common::game::Board`): its name, its
//! contest, what each player is sent, and its words for how a game ended; `main::<G>()`
//! ([`main`]) is then its whole referee binary. The runner holds a game under way as a
//! [`Referee`] over that board, the one implementation, for every game, of what a referee does
//! with a board. Drawing is optional: a game that gives a [`Drawing`] of its board
//! ([`Game::DRAWING`]) gets the replay pages (`--html`, `view`, a league's pages); a game
//! without one gets all the rest. The crate's tests and tuners reach the little else they need
//! here: [`replay`] and [`page`] for its drawings, the records ([`RecordWriter`],
//! [`parse_record`]), and [`count`], the toy game the runner tests itself with
//! (`count-referee`, `count-files-referee`), once for every game.
//!
//! # Inside, by concern
//!
//! Each folder imports only from those listed before it:
//!
//! - `game/`, with `text.rs` and `command_line/`: the contract and the referee over a board,
//!   the drawing, the toy game; how a program's words are quoted in a verdict; the command-line
//!   helpers every subcommand shares;
//! - `records/`: what the runner writes and reads back: the records, the rows of `--results`,
//!   the rules of its own files (an input read only if it is a file of a sane size, an output
//!   checked before the first game), a record replayed through the rules, and `lines`;
//! - `stats/`: the one tally of results, the Elo of a score, the SPRT, a tournament's ratings,
//!   and what a match prints of them;
//! - `pages/`: the replay page and the league's page;
//! - `match_play/`: a match: its command line, its schedule and openings, the players as
//!   processes (a tree the referee owns), one game, many games at once, what stops a match, and
//!   `merge`;
//! - `league/`: the league, played through the match's game loop;
//! - `dispatch.rs`: [`main`], each subcommand or the match of the command line.
//!
//! # A match
//!
//! For every game alike, the runner starts both players (`match_play/process`), sends each its
//! id line when the game starts, feeds each its input, reads its reply under the time limit,
//! watches its memory, hands the reply to the rules, ends the game at once on any fault, writes
//! the record, and prints one line per game and the match's summary.
//!
//! Games come in pairs with the same seed and the seats swapped (`match_play/schedule`);
//! `--concurrency` plays several at once, `--sprt` stops at a verdict of the test
//! (`stats/sprt`), three or more players play a round robin or a gauntlet rated by one fit over
//! all games (`stats/rating`), `--results` writes one row per game (`records/results`) and
//! `merge` reads the rows of several shards back; `league DIR` keeps players and games in a
//! folder and plays them on as long as one likes, through the same game loop (`league`);
//! `lines DIR...` reads record folders back for the lines a player lost more than once
//! (`records/lines`). With two players, per
//! game `k` (from 1, A is Player 1 when `k` is odd), on stdout:
//!
//! ```text
//! game 1: p1=A p2=B winner=A (p1) reason="bomber reached the base" plies=23 slowest: A=812ms B=640ms peak: A=3.1MB B=2.9MB
//! ...
//! players: A slowest=812ms peak=3.1MB faults=0; B slowest=903ms peak=3.0MB faults=0; first replies: A=812ms B=650ms; later replies: A=640ms B=903ms
//! sprt: llr=3.01 lower=-2.94 upper=2.94 result=H1      (with --sprt)
//! points: A=6 B=3 (a draw scores 0 in frostfire)        (a game whose draw is worth nothing)
//! summary: games=10 a_wins=6 draws=1 b_wins=3 elo=+108 ci95=232
//! ```
//!
//! With three or more players, the game lines name the players, and a crosstable and one
//! `standing: <rank> <name> elo=<E> ci95=<C> score=<points>/<games>` line per player, best first,
//! end the output. A draw is worth what the game's contest gives it ([`Game::DRAW_SCORE`]): half
//! a point, or nothing (Frostfire), which the `points:` line, a `points=<P>/<games>` ending each
//! standing, and the pages count, the standings then ranked by points per game. The score, the
//! Elo and the SPRT compare the two players of a game, to whom a draw gives the same: between
//! them it is half a point whatever the contest gives it. With `--record-dir DIR`, game `k` is
//! written to `DIR/game-<k>.txt`:
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
//! (`--openings`, `--random-openings`: `match_play/opening`) lists the opening's plies first, as comments
//! that name the seat each was played for. File-based players (Power Connect
//! 4) run in `DIR/game-<k>-p<seat>/`, kept for inspection. Progress goes to stderr.
//!
//! `--game-master` runs file-based games as the Power Connect 4 contest's own game master did:
//! both players of game `k` in one folder, `DIR/game-<k>/`, each under its own team id (its
//! program's file name without extension; the same program twice gets `<name>1` and `<name>2`,
//! linked into the folder under that name and run by it), only the files whose names start with
//! a player's id counting as its help files; a call that gives no reply in time, no reply file, or
//! a malformed or illegal move is made again, up to three calls, and the last
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
//!   earlier match's records (`match_play/run`, `records/files`); one line names the file, what it
//!   is and why: `cannot write the replay page /no/such/dir/match.html: No such file or
//!   directory` (exit status 2), as does every I/O error of the runner;
//! - a player that cannot start: no process could be spawned, or it exited with any status but
//!   success (127 and 126, the shell's "not found" and "cannot execute"; 2, `python3` without
//!   its script; 101, a panic) before it ever replied in the match (for Power Connect 4, without
//!   writing its reply). The error quotes its command and the last
//!   lines of its stderr (exit status 2); games under way are abandoned, not counted. A player
//!   that exits with success before replying only loses its game, as does one that has replied
//!   once in the match and later cannot run;
//! - an interruption (Ctrl-C, SIGTERM: `match_play/interrupt`): games under way are abandoned, and the
//!   final lines of the finished games (those a `merge` of the results file prints) are printed
//!   last (exit status 128 + the signal).

pub(crate) mod command_line;
pub(crate) mod dispatch;
pub(crate) mod game;
pub(crate) mod league;
pub(crate) mod match_play;
pub(crate) mod pages;
pub(crate) mod records;
pub(crate) mod stats;
pub(crate) mod text;

// What a game crate uses: the contract and its words, the entry point of its referee binary, the
// drawing helpers of its view, and, for its tests and tuners, the referee over its board, the
// records and their replay.
pub use dispatch::main;
pub use game::count;
pub use game::drawing::{hexagon, named_hexagon, Drawing};
pub use game::referee::Referee;
pub use game::{DrawScore, Fault, Game, GameEnd, Input, Seat, Transport};
pub use pages::replay_page::page;
pub use records::record::{parse_record, Problem, Record, RecordPly, RecordResult, RecordWriter};
pub use records::replay::{replay, GameView};
