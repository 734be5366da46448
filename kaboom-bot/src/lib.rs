//! Ka-Boom (Kamisado with a bomb): the rules library, the contest bot (`kaboom-bot`) and the
//! referee (`kaboom-referee`).
//!
//! # The rules as implemented
//!
//! **Board and frames.** 8×8 squares `(i, j)`, row `i`, column `j`, both `0..=7`. Each player
//! sees the board from its own side: its base is its row 0, the opponent's base its row 7,
//! forward is `+i`. The two frames are 180° apart: `(i, j)` in one is `(7 − i, 7 − j)` in the
//! other. Internally everything is kept in Player 1's frame (the *absolute* frame);
//! [`notation`] alone converts, at the protocol boundary.
//!
//! **Colours.** Square `(i, j)` has colour [`board::COLOUR`]`[i][j]`, the Kamisado board, rows
//! `i` = 0 to 7 and columns `j` = 0 to 7:
//!
//! ```text
//!        j=0     1       2       3       4       5       6       7
//! i=0  orange  blue    purple  pink    yellow  red     green   brown
//! i=1  red     orange  pink    green   blue    yellow  brown   purple
//! i=2  green   pink    orange  red     purple  brown   yellow  blue
//! i=3  pink    purple  blue    orange  brown   green   red     yellow
//! i=4  yellow  red     green   brown   orange  blue    purple  pink
//! i=5  blue    yellow  brown   purple  red     orange  pink    green
//! i=6  purple  brown   yellow  blue    green   pink    orange  red
//! i=7  brown   green   red     yellow  pink    purple  blue    orange
//! ```
//!
//! The matrix is symmetric under the rotation (`(i, j)` and `(7 − i, 7 − j)` have one colour), so
//! both players see the same colours in their own frame, and a bot may use this table as it is. Each player has 8 rangers,
//! one per colour; the ranger starting on its own `(0, j)` has that square's colour. Rangers
//! are never captured.
//!
//! **Opening (plies 1 and 2).** Player 1 (told `1`) prints a column `j`: its bomb goes to its
//! ranger on its `(0, j)`. Player 2 (told `2`) is then sent that column converted to its frame,
//! `7 − j` (the square of Player 1's bomb is Player 2's `(7, 7 − j)`), and prints its own column.
//! Player 1 is sent Player 2's column, converted likewise, and makes the first regular move.
//!
//! **Regular moves**, `x,i1,j1,i2,j2` in the mover's frame:
//! - `x = 1`, a ranger move: the ranger on `(i1, j1)` goes forward any distance ≥ 1, straight or
//!   diagonally (`j2 = j1` or `|j2 − j1| = i2 − i1`), over and onto empty squares only. A
//!   ranger carrying the bomb takes it along.
//! - `x = 0`, a bomb pass: from the mover's bomb carrier on `(i1, j1)` to another ranger of the
//!   mover on `(i2, j2)`, along a row, a column or a diagonal, any distance, every square in
//!   between empty. At most 15 passes in a row, counted per player: each player's own passes
//!   since its last ranger move or forfeit (the opponent's plies in between do not reset it); a
//!   player's 16th consecutive pass is illegal.
//! - The required ranger is the mover's ranger of the colour of the square the opponent's last
//!   move landed on (the ranger's destination, or the square that received the bomb). Player 1's
//!   first regular move is free: any ranger move or any pass.
//! - The mover may always pass instead of moving the required ranger. If the required ranger
//!   cannot move at all it must pass; if no pass is legal either (or 15 passes were made in a
//!   row) the mover forfeits with `1,i,j,i,j`, `(i, j)` the blocked ranger's square, and only
//!   then. The opponent must then move its ranger of the colour of that square. A forfeit is not
//!   a pass: it resets the consecutive-pass count (as a ranger move does).
//!
//! **End**, checked after every ply in this order:
//! 1. the mover's bomb carrier stands on the opponent's base (moved there, or the bomb passed to a
//!    ranger already there): the mover wins. A ranger without the bomb on the opponent's base
//!    wins nothing (it stays there, unable to move, a pass target);
//! 2. a forfeit answered by a forfeit: deadlock; the player who made the last ranger move (a real
//!    displacement) loses, and if nobody has made one it is a draw;
//! 3. both players have made 50 regular moves (every ply after the columns, forfeits included,
//!    so after ply 102): draw.
//!
//! Contest points: win 2, draw 1, loss 0.
//!
//! # Decisions where the rules are silent
//! - A line of the wrong shape for its ply (a five-field move during the placements, a bare
//!   column afterwards) is *malformed*, as is any field that is not exactly one digit in range
//!   (`x` in 0..=1, the others in 0..=7). Fields are separated by single commas, no spaces.
//! - `1,i,j,i,j` is always read as a forfeit (it is legal only as above); `0,i,j,i,j` is a pass
//!   of the bomb to its own carrier, which is illegal.
//! - A UTF-8 byte-order mark (EF BB BF) that a judge writes before the id line, or before any
//!   line, is read as white space.
//! - Player 1's free first regular move may also be a pass (the rules above allow "any ranger
//!   move or any pass"); a free move is never a forfeit (at that point every ranger can move
//!   anyway).
//! - Perft counts every ply from the very start, the placements included, and a forced forfeit
//!   as one move: 8, 64, 6640, 86660, 1023004 for depths 1 to 5. Depths 1 to 4 agree with an
//!   independent generator written from the same rules, depth 3 also by hand (64 placements ×
//!   (102 ranger moves + 14/8 passes on average)); depth 5 is this generator's own count, kept
//!   to catch regressions (`tests/perft.rs`).
//!
//! # The bot
//!
//! `kaboom-bot` reads `1` or `2`, then (Player 2) the opponent's column, then the opponent's
//! moves, all in its own frame, and prints its column and its moves in its own frame, one line
//! each, flushed ([`protocol`]). Input lines are normalised (CRLF, spaces) and bounded (a line
//! over 1 KB is cut, and is malformed); every line after the id is the opponent's move and is
//! answered at once, as the next section says. End of input ends the process with status 0.
//! Stdout carries only moves; stderr gets one line per search iteration and per move, and one
//! warning, quoting the line (cut at 80 characters), for every line the bot works around.
//!
//! Options (from `common::cli`): `--movetime MS` (hard budget per move, default 1300 ms
//! ([`params::DEFAULT_MOVETIME`]), inside 75 % of the contest's 2 s; no new iteration after
//! 40 % of it while the best move and its score hold, after 65 % when the last iteration
//! changed the best move or lowered its score by more than [`params::UNSTABLE_SCORE_DROP`]:
//! [`params::time_policy`]), `--depth N`, `--engine search|greedy|random`,
//! `--seed S`, `--opening-plies N` (the first N own moves, the column included, are drawn with
//! `--seed` among those the search scores within [`search::OPENING_MARGIN`] of the best, never
//! a move it sees as lost); subcommands `perft D` and `bench`. A second binary, `kaboom-tune`,
//! fits the evaluation's weights to self-play games ([`tune`]); `kaboom-tune data --out FILE`
//! writes self-play positions for training the learned evaluation ([`net_data`]), each with its
//! search score, its game's result and the network's inputs ([`net_features`]).
//!
//! The search ([`search`]) is iterative-deepening PVS negamax with a 2 MB transposition
//! table ([`search::TABLE_BYTES`]; the contest allows 8 MB for the whole process, and the bot
//! peaks near 4 MB, a 20 MB input line included), killer and history move ordering, late move
//! reductions, win-in-one detection at every node, and a one-ply extension at the horizon while
//! the opponent threatens a winning pass. The evaluation ([`eval`]) scores the bomb carrier's
//! progress and open lines, pass threats and pass routes, rangers on and heading for the goal
//! row, the pass targets with a free run to it, the ranger our landing colour forces on the
//! opponent, mobility and the pass-count pressure, with weights fitted to self-play games
//! (Texel's method, [`tune`]); the search scores its quiet positions with a small network trained
//! on the bot's own games instead ([`eval::LEARNED`], [`net_features`]), faster and stronger at a
//! move time, and asks the hand-made terms only whether a winning pass is threatened. The bomb
//! column is chosen by the same search. Draws score 0, halfway between a win (2 points) and a
//! loss (0), as a draw's 1 point is in the contest.
//!
//! # When the judge sends a move our rules reject
//!
//! The judge is the authority: a move it sends on is one it accepted, so where our rules and
//! the judge's differ, the bot follows the judge's board as far as it can be known, and never
//! waits for another line (the judge has asked for our move). Every line after the id is taken
//! as the opponent's move ([`protocol::receive`]):
//!
//! - **legal**: played;
//! - **well formed, rejected by our rules, and the pieces allow it** (a ranger of the wrong
//!   colour, a move in a direction or over squares our rules forbid, a pass from a ranger
//!   without the bomb or past 15 passes, a forfeit while a move was possible, a move after the
//!   game ended on our board): applied as given ([`board::Board::force_play`]): the mover's
//!   ranger on the start square goes to the landing square, with the bomb if it carries it; or
//!   the bomb goes to the mover's ranger on the pass's target; or the forfeit is recorded. The
//!   colour we must move next is that of the square where the move landed; the pass count (kept
//!   within 15), the ply count, the hash and the end checks follow as after a legal move;
//! - **well formed, but its pieces are not there** (no ranger of the mover on the start square,
//!   an occupied landing square, a pass to a square without another ranger of the mover, a
//!   regular move after the 102nd ply): our board is kept, the opponent's turn counts as made
//!   ([`board::Board::skip_turn`]), and the colour we must move is that of the square the move
//!   names as its landing;
//! - **malformed** (wrong shape, a value out of range, an over-long line): our board is kept and
//!   the turn passes to us as above, our move free since the landing square is unknown; we pass
//!   the bomb if we can, as a pass is legal whatever colour the judge requires of us (the search
//!   chooses among the passes), else we move any ranger; during the placements we place our
//!   bomb.
//!
//! Each case but the first logs a warning quoting the line and saying why our rules reject it;
//! then the bot answers with a move legal on its board, within its usual budget. A line that
//! arrives when the game is over on our board after the opponent's own move is logged and left
//! unanswered.

pub mod board;
pub mod engine;
pub mod eval;
#[cfg(feature = "tune")]
pub mod net_data;
pub mod net_features;
mod net_weights;
pub mod notation;
pub mod params;
pub mod protocol;
#[cfg(feature = "referee")]
pub mod referee;
pub mod search;
#[cfg(feature = "tune")]
pub mod tune;
#[cfg(feature = "referee")]
mod view;
