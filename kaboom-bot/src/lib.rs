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
//! **Colours.** Square `(i, j)` has colour [`board::COLOUR`]`[i][j]`, the Kamisado board
//! (row 0: orange blue purple pink yellow red green brown). The matrix is symmetric under the
//! rotation, so both players see the same colours in their own frame. Each player has 8 rangers,
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
//!   between empty. At most 15 passes in a row: the 16th consecutive pass is illegal.
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
//! - Before its first regular move Player 1's free move may also be a pass (RULES.md says so);
//!   a free move is never a forfeit (at that point every ranger can move anyway).
//! - Perft counts every ply from the very start, the placements included, and a forced forfeit
//!   as one move: 8, 64, 6640, 86660, 1023004 for depths 1 to 5.
//!
//! # The bot
//!
//! `kaboom-bot` reads `1` or `2`, then (Player 2) the opponent's column, then the opponent's
//! moves, all in its own frame, and prints its column and its moves in its own frame, one line
//! each, flushed. Input lines are normalised (CRLF, spaces); a line that does not parse is
//! logged on stderr and skipped; a well-formed but illegal opponent move is logged and replaced
//! by a legal stand-in (the one landing on the same square, or the first) so that the game goes
//! on. End of input ends the process with status 0. Stdout carries only moves.
//!
//! Options (from `common::cli`): `--movetime MS` (hard budget per move, default 1200 ms, far
//! inside 75 % of the contest's 2 s; no new iteration after half of it), `--depth N`,
//! `--engine search|greedy|random`, `--seed S`; subcommands `perft D` and `bench`.
//!
//! The search ([`search`]) is iterative-deepening PVS negamax with a 2 MB transposition
//! table (the contest allows 8 MB for the whole process; the bot peaks near 4 MB), killer
//! and history move ordering, win-in-one detection at every node, and a one-ply extension at
//! the horizon while the opponent threatens a winning pass. The evaluation ([`eval`]) scores the
//! bomb carrier's progress and open lines, pass threats, rangers on and heading for the goal
//! row, the ranger our landing colour forces on the opponent, mobility and the pass-count
//! pressure. The bomb column is chosen by the same search. Draws score 0, halfway between a
//! win and a loss, as in the contest's points.

pub mod board;
pub mod engine;
pub mod eval;
pub mod notation;
pub mod protocol;
pub mod referee;
pub mod search;
pub mod view;
