//! Power Connect 4 (7×6 with one-time special discs): the rules, the contest bot and the
//! referee.
//!
//! # The rules as implemented
//!
//! - **Board.** 7 columns numbered 1..7 from the left, 6 rows from the bottom. Position `p`
//!   (1..42, as in `board.txt`) is row `(p-1)/7` from the bottom and column `(p-1)%7 + 1`: 1..7
//!   is the bottom row, 36..42 the top row. This is the only numbering under which the
//!   statement's example (a disc landing on 11 destroys 3, 4, 5, 10, 12, 17, 19; 18, above 11,
//!   is empty) holds.
//! - **A move** `t c` drops a disc of type `t` into column `c`; it lands on the lowest empty
//!   cell; a full column is illegal for every type. Then
//!   - `5` normal: the disc stays, in the mover's colour;
//!   - `4` dual colour: the disc stays and counts as a disc of both teams;
//!   - `1` clear row: every disc of the landing row is removed, the new one included;
//!   - `2` clear column: every disc of the landing column is removed, the new one included;
//!   - `3` clear first neighbours: the new disc and every disc on the (up to) 8 cells around the
//!     landing cell are removed;
//!   - after a removal the discs fall: every column is compacted downwards, keeping its order.
//! - **Powers.** Each team may use each of the types 1..4 once per game. A clearing disc may be
//!   dropped where it removes nothing but itself (an empty row or column): it is a legal move
//!   that spends the power. The dual disc is compulsory by a team's tenth move: a team that has
//!   made nine moves (of any types) without it must play it on its tenth; any other move there
//!   is illegal.
//! - **End**, judged after each move and its fall: if both teams have four in a line (row,
//!   column, diagonal; dual discs count for both) the game is a draw, as the contest's game
//!   master judges it; otherwise the team with four in a line wins, the mover or its opponent;
//!   otherwise a full board is a draw. A move can thus lose at once, by making only the
//!   opponent's four (a fall after a clear row or clear neighbours, or a dual disc on the
//!   opponent's winning cell), and a clear or a dual disc that makes both fours draws. A clear
//!   column moves no other disc, so it never makes a four.
//! - **Who moves first.** Either team: `team_no.txt` names a team, not its turn. The contest's
//!   game master draws the first mover of a match's first game and alternates after that, so
//!   the bot plays as team 2 on an empty board as well as team 1, and its move counts never
//!   assume that team 1 started.
//! - **Perft** counts every legal (type, column) pair as a move, from the empty board with team 1
//!   to move: 35, 1225, 36015, 1058841 for depths 1..4. These follow from the rules by hand (no
//!   column fills and no four forms within four plies, so each team has 35 first moves, then 35
//!   after a normal disc and 28 after a power: 35, 35², 35·1029, 1029² with 1029 = 7·35 + 28·28),
//!   and `tests/perft.rs` checks them.
//!
//! # Files (the contest's protocol)
//!
//! The bot is run once per move with its working directory holding `team_no.txt` (`1` or `2`,
//! the team's seat; either team may move first) and `board.txt` (42 integers `0` empty, `1`,
//! `2`, `12` dual, position 1 first, separated by any white space). The contest's game master
//! also writes two files, which the statement does not name; our referee writes them too, both
//! in its default mode and with `--game-master`:
//!
//! ```text
//! moves.txt          m r c n d    e.g. 3 0 0 0 1
//! opponent_move.txt  r c n d      e.g. 1 0 0 1
//! ```
//!
//! five and four integers on one line, separated by any white space (our referee: single
//! spaces and a newline). `m` is the number of moves the called team has made in this game
//! before this call (0 at its first call; clears and dual discs count), and `r c n d` are `1`
//! when the team has used its clear row, clear column, clear neighbours and dual disc (types 1,
//! 2, 3, 4), else `0`: the called team's own in `moves.txt`, the opponent's in
//! `opponent_move.txt`. The example is team 1 about to play its fourth move, its dual disc
//! played, against an opponent that has cleared a row and played its dual disc. When both files
//! are there, parse, and agree with the board, the bot takes its own move count and both teams'
//! powers from them (see [`state::with_contest_counts`]); without them it plays from its help
//! file alone; a file that is garbage or disagrees with the board is ignored with a warning on
//! stderr. It writes `output.txt`: one line `t c`, and exits, within 2 s (the statement gives no
//! memory limit, and its game master measured none; our bot stays under 20 MB). Our referee
//! removes `output.txt` before every call, so a reply left from an earlier call never counts;
//! the statement does not say whether its judge does, and the bot never reads the file: it
//! removes any `output.txt` there and writes its move as a new file. Nothing is written on stdout; diagnostics (the inferred opponent move,
//! one line per search iteration, the move and the time it took) go to stderr in one write at
//! the end of the call. A file of more than 4096 bytes is malformed and not read, so that no
//! input takes the bot past its memory cap; every step of a call is bounded (see [`protocol`]).
//!
//! It keeps its state in a help file named with its team id, the file name of its executable
//! without extension: `<id>.txt`, and the same text in a backup, `<id>.bak` (two of the five
//! files allowed), each written over in place (see [`protocol`] for why). The state is the
//! position right after its own last move, with the powers used and the moves made by both
//! teams. At the next call the bot finds the opponent move that leads from it to the board it is
//! given, which tells the opponent's power; see [`state`] for the recovery when the state is
//! missing, stale or wrong.
//!
//! # Decisions where the statement is silent
//!
//! - The referee writes `board.txt` on one line, values separated by single spaces, ending with
//!   a newline, and `team_no.txt` as `1\n` or `2\n`. The bot accepts any white space and CRLF,
//!   and reads a UTF-8 byte-order mark (EF BB BF) at the start of a file, or anywhere in it, as
//!   white space.
//! - `output.txt`: the referee reads its first line, trims the white space around it, and
//!   requires exactly two unsigned integers separated by one space (`5 4`); a type outside 1..5
//!   or a column outside 1..7 is malformed, a full column, a power used twice or a non-dual
//!   tenth move without dual disc is illegal. A missing `output.txt` loses too.
//! - The team id is the file stem of `argv[0]` (the name the contest ran), else of the resolved
//!   executable.
//! - When several opponent moves explain the board with different powers (a clearing disc that
//!   removed only itself), the opponent is assumed to hold every power not spent in all of them.
//! - Without usable state the bot rebuilds from the board alone and plays safe: it never plays a
//!   clearing power it may have spent, it attributes dual discs by counting discs when no clear
//!   shows, takes a lone dual disc to be its own when clears have happened, and plays its own dual
//!   disc at once when it may still be due. An empty board, or one with a single bottom disc of
//!   the opponent's (or a dual disc), is a new game for either team, whatever the state file
//!   says, unless a help file written moments ago explains it as the opponent's last move within
//!   our rules (a clear that emptied the board, or a disc after the bot's own clear did). Then it
//!   is either game, the game in progress or the next one after a game that ended or was
//!   stopped, and `moves.txt`, when there, settles it. Without it the bot never plays a clear it
//!   may have spent and keeps the earlier dual-disc deadline; where the readings conflict over a
//!   dual disc it takes the new game if the opponent could have won or drawn the old one, or if
//!   a game started by team 1 shows the board and only an opponent's clear continues the old
//!   one, else the game in progress. These choices serve the judge that writes no `moves.txt`,
//!   the statement's own, which always starts with team 1 and stops a game when a bot fails.
//!   A dual disc the new game holds and the old one has spent stays in doubt, in the help file:
//!   the bot keeps it for its tenth move, and drops it if the opponent's tenth move by the new
//!   game's count is not a dual disc. An opponent that empties the board early after the bot's
//!   dual disc can still mislead it; the game master, which starts team 2 in every other game,
//!   writes the files: see [`state`], "Either game".
//! - If `board.txt` cannot be parsed, the bot moves from its saved position; if `team_no.txt`
//!   cannot, it takes the saved team, else guesses from the parity of the discs (team 2 after an
//!   odd number).
//! - The bot's help files are named with its team id, so two teams can share one folder, as the
//!   contest's game master runs them; a new game in a reused or shared folder is noticed
//!   whichever team moves first (see [`state`]).
//! - When the help file or its backup cannot be written (a directory by its name, a file the bot
//!   may not write), the bot still writes its move and the other of the two, and warns on
//!   stderr; it leaves a directory as it is. The next call reads whichever holds the state.
//! - The referee has no ply limit by default: each team has three clears, so at most six moves
//!   remove discs and the board fills.
//!
//! # The referee
//!
//! ```text
//! connect4-referee [OPTIONS] CMD_A CMD_B
//! ```
//!
//! runs matches between two bot commands (the shared runner's options, `--help`). Before every
//! call it writes `team_no.txt`, `board.txt`, `moves.txt` and `opponent_move.txt`, read-only,
//! and reads `output.txt`. Records start with `# setup: team 1 first` (or `team 2 first`), and
//! the replay page shows it.
//!
//! - **Default: strict.** Each team runs in a fresh folder of its own for each game
//!   (`game-<k>-p<seat>/`), team 1 moves first, and the first missing, malformed or illegal
//!   `output.txt` loses.
//! - **`--game-master`: the contest's conditions.** Both teams of game `k` run in one shared
//!   folder, `game-<k>/`, each under its own team id (its program's name; the same program twice
//!   is linked into the folder as `<name>1` and `<name>2`), and only the files starting with a
//!   team's id count among its 5 help files; a call that writes no `output.txt` in time or a
//!   malformed or illegal move is made again, up to three calls, and the third failure loses
//!   (the record has a `# retry:` line per call made again); in even games team 2 moves first, so
//!   each team starts one game of each pair. A player's command must start with its program.
//!
//! To pit a contest bot (an executable named with its team id, here `Co0023`) against ours
//! under the contest's conditions:
//!
//! ```text
//! connect4-referee --game-master --games 20 --record-dir games --html games.html \
//!     ./Co0023 target/release/connect4-bot
//! ```
//!
//! # When the judge sends a move our rules reject
//!
//! The judge is the authority: a board it sends is the position, even when the opponent's move
//! that led to it breaks our rules. The bot never sees the move itself, only the board, and
//! rebuilds from what it is sent ([`state`]):
//! - if a move our rules reject (a power the opponent has already used, a tenth move that is
//!   not the dual disc) turns the saved position into the board, that move is applied as given:
//!   the opponent's powers and move count follow it, the bot's own stay as saved, and a warning
//!   names the move and why our rules reject it;
//! - if no single move explains the board, the bot rebuilds from the board alone, playing safe
//!   (see the decisions above), with a warning; if `board.txt` cannot be read at all, it keeps
//!   its saved position;
//! - either way it answers at once with a move that is legal on that board.
//!
//! # The bot
//!
//! ```text
//! connect4-bot [--movetime MS] [--depth N] [--engine search|greedy|random] [--seed S]
//!              [--opening-plies N]
//! connect4-bot perft <D> | bench [--depth N]
//! ```
//!
//! `--movetime` is the hard budget of the one move the call makes (default 1200 ms,
//! [`params::DEFAULT_MOVETIME`]; the soft budget is half of it, [`params::time_policy`]), `--depth` caps the iterative deepening, and `--opening-plies N`
//! draws the team's first N moves, seeded by `--seed` and the position, among the moves the
//! search proves within `search::OPENING_MARGIN` of the best and not lost. The search
//! ([`search`]) is an iterative-deepening negamax with alpha-beta (PVS), a 4 MB transposition
//! table, and ordering over the (type, column) moves: table move, blocks of the opponent's
//! playable threats, discs that make threats, killers, normal discs centre first, dual discs,
//! powers, history; late quiet moves (most of them clearing powers) are searched first at a
//! reduced depth (late move reductions). When no
//! clearing power is left every move fills a cell, and the search solves the position as soon
//! as its depth reaches the number of empty cells. The evaluation ([`eval`]) counts threats with
//! their row parity (read from the number of empty cells, which the clears change), stacked
//! threats, threats over the opponent's, threats facing the opponent's clears, the opponent's
//! playable threats, the centre, the powers still held and the dual disc's deadline; its
//! weights are fitted by `connect4-tune` (see [`tune`]).
//!
//! # The evaluation's weights
//!
//! The weights of [`eval`] are fitted to self-play games by Texel's method ([`tune`]):
//!
//! ```text
//! cargo run --release -p connect4-bot --bin connect4-tune -- --games 800 --depth 6 --seed 1 --epochs 2000
//! ```
//!
//! plays 800 games of the search at depth 6 against itself from the empty board with every
//! power (after 2 to 6 random normal discs), keeps their quiet positions, holds out every tenth
//! game to show that the fit generalises, and prints the fitted constants, which replace those of
//! `eval.rs` by hand. The threat on a row of the team's parity is the unit (36) and the two
//! playable-threat weights are held (see [`tune::FROZEN`]). The fit's errors and the matches
//! that measured the bot's strength are in the workspace's `docs/measured.md` (section Power
//! Connect 4), dated, with their commands.
//!
//! What the fit says about spending the powers: a clearing power held is worth 60, more than a
//! threat, so the bot keeps its clears for when they win or save a game; the dual disc held is
//! worth −43 (a team that has spent it does better: the bot plays it early, where it helps),
//! back up by 11 for each move past the fifth made with it (by its ninth move holding it costs
//! nothing, as it is about to be played anyway). A threat is worth 9 less for each clear the
//! opponent holds, and 27 less when it sits right above a threat of the opponent's.
//!
//! # The exact solver
//!
//! Once neither team holds a power (the clears and both dual discs spent), the game is classic
//! Connect 4 with dual discs counting for both players, and [`solver`] solves it: two bitboards,
//! a transposition table (a power of two of entries, indexed by Fibonacci hashing, written whole
//! when it is made), null-window searches that narrow the score, winning threats and the centre
//! first, and no move that hands the opponent a four at once. When the clears are spent but a
//! dual disc is still held, the solver also plays it as one more move of its owner's, due by the
//! owner's tenth move ([`solver::DualPosition`]): every move of either kind is tried, a dual disc
//! that completes a four of the opponent's loses at once, and the classic solver takes over as
//! soon as both dual discs are down; in play this is tried with at most
//! [`solver::DUAL_MAX_EMPTIES`] empty cells. In play the bot first gives the solver a third of
//! its remaining budget and plays a move that keeps the exact score; if the solver does not
//! finish, the search plays with the rest.
//!
//! ```text
//! connect4-bot solve [--weak] [--table-mb N]
//! ```
//!
//! reads classic positions on stdin, one a line, as the columns played from the empty board
//! (`1`..`7`, first player first), optionally followed by a space and an expected score (ignored),
//! and prints `<moves> <score>`: the score for the player to move, 0 for a draw, else 22 minus the
//! number of discs the winner has played when it completes its four, negative when the player to
//! move loses (`4453 -2`, `4455 18`, `44455554221 -15`). `--weak` prints only the sign, and
//! `--table-mb` sizes the table (16 MB by default; 8 MB in play). A bad line gets one line on
//! stderr with its number, and the last stderr line gives the positions solved, the mean time and
//! the mean nodes.

pub mod board;
pub mod engine;
pub mod eval;
pub mod notation;
pub mod params;
pub mod protocol;
#[cfg(feature = "referee")]
pub mod referee;
pub mod search;
pub mod solver;
pub mod state;
#[cfg(feature = "tune")]
pub mod tune;
#[cfg(feature = "referee")]
mod view;
