//! The opening book: Player 1's first stone, Player 2's swap decision and reply for every first
//! stone, Player 1's second move after each answer to the book's first stone, Player 2's
//! answers after a theft that self-play chose ([`AFTER_THEFT`]), deeper positions of the lines
//! after the theft of `(2, 2)` ([`LINES`]), proven wins that the search misses at the
//! contest's budget ([`PROVEN`]: Player 2's there, and two of Player 1's), and the moves that
//! step around the proven losses the search walked into against other bots ([`DETOURS`]).
//!
//! The table is the output of `yavalath-tune book --depth 10 --first 1,0` (see [`crate::tune`];
//! then `cargo fmt`), which searches every position of the first plies to a fixed depth from a
//! cleared table; the search is deterministic, so the command regenerates this table exactly (a
//! rerun reproduced it byte for byte). It runs 3 to 4 minutes on a shared 2-core machine at a
//! load of 3, 7.5 at a load of 4, 10.5 at loads of 4 to 11, 20 to 23 under a load of 12 to 18.
//!
//! # Why Player 1 opens on `(1, 0)`
//!
//! The searches cannot choose among the first stones Player 2 does not steal: their scores swing
//! from one depth to the next, and with the table's size, by more than they differ (with a
//! 256 MB table, `(1, 0)` scores -4, -2 and -6 at depths 10, 11 and 12, `(1, 1)` -6, -2 and +4,
//! `(2, 1)` -6, -4 and -6, `(2, 0)` 0 at all three). Games choose. From every class of first
//! stones, this bot against the bot of commit `9ffb6f5` (which answers every first stone as
//! this book does), both with `--opening-plies 4 --seed {seed}`, at the contest's limits, one
//! game at a time, with the stone given as the opening (`--openings`, so Player 1's second move
//! is its own first turn's search), each bot Player 1 in half the games (seed 21001, 40 games a
//! class; seed 22001, 60 more for the three best; loads 5 to 11), Player 1 scored:
//!
//! | first stone | Player 2 | this bot as Player 1 | `9ffb6f5` as Player 1 |
//! |---|---|---|---|
//! | `(0, 0)` | places | 25.5 of 50 | 29 of 50 |
//! | `(1, 0)` | places | 28 of 50 | 33 of 50 |
//! | `(2, 0)` | places | 4 of 20 | 2 of 20 |
//! | `(1, 1)` | steals | 6 of 20 | 8 of 20 |
//! | `(2, 1)` | places | 26 of 50 | 20.5 of 50 |
//! | `(2, 2)` | steals | 13 of 20 | 0 of 20 |
//! | `(3, 2)` | steals | 3 of 20 | 0 of 20 |
//! | `(3, 3)` | steals | 9 of 20 | 10 of 20 |
//! | `(4, 4)` | steals | 10 of 20 | 7 of 20 |
//!
//! `(1, 0)`, an edge cell next to a corner, is Player 1's best for both bots (61 of 100), where
//! `(2, 0)` gave 6 of 40; after `(2, 2)` this bot wins as Player 1 only because `9ffb6f5` has
//! neither [`AFTER_THEFT`] nor [`LINES`], which this bot follows as Player 2 (20 of 20).
//! Self-play from the position after the first stone (the table below) points the same way:
//! Player 1 won 21 of 40 from `(1, 0)` and 16 from `(2, 0)`. Player 2's swap decisions come from the depth-10 searches (steal below
//! -[`crate::tune::SWAP_MARGIN`]).
//!
//! # What is proven, and what is only searched
//!
//! Nothing in the book's first plies is proven. The proof search ([`crate::proof`], `yavalath-bot solve`)
//! decides positions some twenty plies from the end, not the opening: from each first stone it
//! ran 30 s (64 MB table, a machine at load 20 to 35) and returned `unknown` every time; on the
//! position after each first stone and the book's answer to it (the theft, or Player 2's
//! stone), 120 s with a 256 MB table (load 5 to 10) returned `unknown` every time too, after 5
//! to 18 million nodes; and so did 300 s with a 512 MB table on `2 0, 3 3, 5 3` (17.2 M
//! nodes), and on two positions after the theft of `(2, 2)`
//! (below). So every swap decision rests on the depth-10 searches above, checked by self-play:
//! the same bot on both sides, from the position after the theft (the player to move faces one
//! stone of its opponent, exactly as a placing Player 2 does), 40 games with both seats. The player to move is Player 2 when it places;
//! the stone's owner is Player 2 when it steals.
//!
//! | first stone | Player 2 | proof, 30 s | proof after the answer, 120 s | to move : owner (draws) over 40 games | self-play took |
//! |---|---|---|---|---|---|
//! | `(0, 0)` | places `(3, 3)` | unknown, 1.72 M nodes | unknown, 5.71 M nodes | 21 : 18 (1) | 178 s |
//! | `(1, 0)` | places `(3, 3)` | unknown, 1.86 M nodes | unknown, 5.10 M nodes | 19 : 21 | 126 s |
//! | `(2, 0)` | places `(3, 3)` | unknown, 1.89 M nodes | unknown, 9.51 M nodes | 24 : 16 | 158 s |
//! | `(1, 1)` | steals | unknown, 2.25 M nodes | unknown, 8.79 M nodes | 16 : 24 | 68 s |
//! | `(2, 1)` | places `(4, 3)` | unknown, 2.18 M nodes | unknown, 17.90 M nodes | 17 : 22 (1) | 203 s |
//! | `(2, 2)` | steals | unknown, 2.31 M nodes | unknown, 14.53 M nodes | 13 : 27 | 219 s |
//! | `(3, 2)` | steals | unknown, 2.23 M nodes | unknown, 10.00 M nodes | 13 : 27 | 137 s |
//! | `(3, 3)` | steals | unknown, 2.56 M nodes | unknown, 5.55 M nodes | 10 : 29 (1) | 190 s |
//! | `(4, 4)` | steals | unknown, 2.02 M nodes | unknown, 9.34 M nodes | 6 : 34 | 140 s |
//!
//! (Each proof ran its full time: 30 s, then 120 s; the node counts differ with the machine's
//! load as much as with the position.)
//!
//! Self-play agrees with the searches wherever it is clear; `(1, 0)` and `(2, 1)` are even
//! within its noise, and there the book keeps the searches' answers (for `(2, 1)`, placing also
//! measured far better against an older bot: see [`crate::tune::SWAP_MARGIN`]). Against
//! `(2, 0)` placing `(3, 3)` is no better than stealing: from `2 0, 3 3` (Player 1 then playing
//! `(5, 3)`, the depth-10 search's reply) Player 1 won 23 and lost 16 of 40 (one draw).
//!
//! After the theft of `(2, 2)` our bot as Player 1 replies `(3, 3)`, next to the stolen stone
//! on the side of the centre, at the contest's budget (the depth-10 search prefers the centre,
//! `(4, 4)`: see the lines below). To `(3, 3)` the depth-10 search answers `(4, 3)`, after
//! which Player 2 won only 8 of 24 games (from `2 2, 2 2, 3 3, 4 3`); after `(4, 4)` it
//! won 26 of 40 (`2 2, 2 2, 3 3, 4 4`, 75 s), so [`AFTER_THEFT`] answers `(4, 4)`. From the
//! opening `2 2` itself, this bot against itself: Player 2 won 30, lost 9, drew 1 of 40.
//!
//! # After the theft of `(2, 2)`: the lines
//!
//! [`LINES`] holds Player 2's moves in the tree that `yavalath-tune lines --moves "2 2, 2 2"
//! --side 2 --depth 10 --shallow 5 --plies 7 --width 3 --margin 10` explores (see
//! [`crate::tune`]; 1198 s at a load of 7 to 10), and after Player 1's replies `5 4` and its
//! mirror image `3 5` (`--moves "2 2, 2 2, 5 4" --plies 3`, 208 s), which a bot drawing its
//! opening moves (`--opening-plies`) also plays: Player 1's replies are the depth-10 search's
//! best, the moves within 10 points of it and the depth-5 best (the move of a bot at the
//! contest's budget); Player 2's answers are the depth-10 best, or the tables' above where they
//! answer. Twenty-two positions (twenty-one in the table now: one moved to [`PROVEN`]), up to symmetry (the line through `(2, 2)` and the centre is a
//! mirror, so `(3, 2)` and `(2, 3)` are one reply). At depth 10 Player 1's best reply to the
//! theft, `4 4`, scores -16 for it; Player 2's answers to the others score 26 (after `3 2`) and
//! 24 (after `5 4`), and after `3 3` and [`AFTER_THEFT`]'s `4 4` Player 1 scores 0.
//!
//! | after `2 2, 2 2` | Player 2 answers | score (depth 10) |
//! |---|---|---|
//! | `4 4` | `3 3` | 20 |
//! | `4 4, 3 3, 1 1` | `4 5` | 26 |
//! | `4 4, 3 3, 1 1, 4 5, 5 4` | `1 5`, now [`PROVEN`]'s `1 6` (below) | 66 |
//! | `4 4, 3 3, 1 1, 4 5, 4 1` | `4 3` | 46 |
//! | `4 4, 3 3, 4 1` | `4 3` | 26 |
//! | `4 4, 3 3, 4 1, 4 3, 3 4` | `5 4` | 16 |
//! | `4 4, 3 3, 4 1, 4 3, 1 1` | `3 5` | 42 |
//! | `4 4, 3 3, 4 1, 4 3, 2 4` | `1 6` | a forced win |
//! | `4 4, 3 3, 4 1, 4 3, 5 4` | `2 4` | 60 |
//! | `3 2` | `2 5` | 26 |
//! | `3 2, 2 5, 4 5` | `4 3` | 38 |
//! | `3 2, 2 5, 4 5, 4 3, 3 5` | `4 4` | 44 |
//! | `3 2, 2 5, 4 4` | `2 4` | 16 |
//! | `3 2, 2 5, 4 4, 2 4, 1 7` | `3 5` | 20 |
//! | `3 3, 4 4, 4 3` | `2 3` | 10 |
//! | `3 3, 4 4, 4 3, 2 3, 3 5` | `5 3` | 4 |
//! | `3 3, 4 4, 4 3, 2 3, 1 0` | `3 2` | 18 |
//! | `3 3, 4 4, 4 3, 2 3, 4 0` | `4 5` | 14 |
//! | `3 3, 4 4, 4 3, 2 3, 5 5` | `2 0` | a forced win, proven |
//! | `5 4` | `3 3` | 24 |
//! | `5 4, 3 3, 3 2` | `2 4` | 14 |
//! | `5 4, 3 3, 2 4` | `3 4` | 24 |
//!
//! Almost nothing here is proven by the proof search: it returns `unknown` on `2 2, 2 2` after
//! 120 s, on `2 2, 2 2, 4 4, 3 3` and on `2 2, 2 2, 3 3, 4 4` after 300 s (19.9 M and 37.6 M
//! nodes), and on the position after each answer of the 19 lines of `--plies 7` after 20 s
//! (0.8 to 8.2 M nodes), but one: after `3 3, 4 4, 4 3, 2 3, 5 5, 2 0` Player 1 is proven lost
//! (11.9 s, 3.51 M nodes). "A forced win" is the depth-10 search's: a mate score, which the
//! search gives only to lines that end in a won game. What the games say, this bot against
//! itself from `2 2, 2 2`, 40 games of each kind below (`--movetime-ms 3000`, so that a loaded
//! machine decides nothing on time):
//!
//! | Player 2's book | both sides `--opening-plies 3`, budgets 35 ms, then 60 and 45 ms | both sides without, budgets 35, 60, 100, 150 ms |
//! |---|---|---|
//! | `AFTER_THEFT` alone (before the lines) | Player 2 won 30, lost 9, drew 1 | |
//! | the first 7 lines (`--plies 5`) | won 35, lost 5 (22 distinct games) | won 39, lost 1 (12 distinct) |
//! | 19 lines (`--plies 7`) | won 34, lost 6 (26 distinct) | won 38, lost 2 (13 distinct) |
//! | these 22 lines (other seeds: 111, 131) | won 35, lost 5 (15 distinct) | won 40 (8 distinct) |
//!
//! Against Player 1's strongest replies (the same bot at budgets up to 150 ms, no draws),
//! Player 2 lost none of the last 40 games. With drawn replies it still loses about one game in
//! eight: the draws reach positions outside the lines (`5 4` and its mirror `3 5`, which cost
//! four games of the 19 lines' 40 in 22 to 30 plies, are now in), and the other losses come in
//! the middle game, 30 to 62 plies in, where both sides play the same search. The commands are
//! the last of the block below, with `--seed 111` and then `--seed 131` and budgets `--movetime
//! 60` and `--movetime 45` for the drawn replies; and for the strongest, both sides `--movetime
//! T` for T in 35, 60, 100 and 150, 10 games each, `--seed 71`, without `--opening-plies`.
//!
//! Against the bot of commit `9ffb6f5`, which opens on `(2, 0)` and answers every first stone
//! as this book does, but has neither [`AFTER_THEFT`] nor [`LINES`], at the contest's limits,
//! `--opening-plies 4` on both sides, one game at a time, at loads of 6 to 9: four matches of
//! 100 games (seeds 31001, 32001, 33001 and 34001) went 70-0-30, 62-3-35, 68-1-31 and
//! 64-0-36: 264-4-132 in all, 66.5 % (101.5 of 200 as Player 1, 164.5 of 200 as Player 2), 318
//! distinct games of 400; a fifth (seed 38001, load 5 to 6) went 60-3-37 (91 distinct).
//! An SPRT of 0 against 30 Elo (`--sprt 0,30 --games 600 --seed 35001`, same settings)
//! accepted H1 after 125 games: 82-1-42, +115 ± 65 Elo, 110 distinct. Against the bot of commit
//! `ae94003` (this bot opening on `(2, 0)`, with a slower evaluation that searches the same
//! nodes), `--seed 36001`: H1 after 133 games, 83-4-46, +99 ± 61 Elo (116 distinct; two of its
//! games lost on time), 35.5 of 67 as Player 1 and 49.5 of 66 as Player 2.
//!
//! Those figures did not hold on other seeds: the same book with the search of commit `45d16f3`
//! scored 53.7 % over 900 games against `9ffb6f5` (seeds 41001, 45001 to 45600, 46001 and 47001,
//! loads 1 to 3), 34 % as Player 1 and 68 % as Player 2 from seed 45001. With the search's rule
//! for a cut iteration and the later iterations ([`crate::search`], [`crate::params::TIME_POLICY`]),
//! the book unchanged, two matches of 400 games at seeds 45001 and 140001 (two at once on the
//! 2-core machine) went 260-7-133 and 253-6-141: **65.0 % over 800 games** (336 and 342 distinct), 227.5
//! of 400 as Player 1 and 292 of 400 as Player 2; the SPRT of 0 against 30 Elo
//! (`--sprt 0,30 --games 600 --seed 150001`) accepted H1 after 95 games (63-4-28, +134 ± 75
//! Elo).
//!
//! The commands (from the workspace root, after `cargo build --release`):
//!
//! ```sh
//! target/release/yavalath-bot solve --moves "2 2" --seconds 30 --table-mb 64
//! target/release/yavalath-bot solve --moves "2 2, 2 2" --seconds 120 --table-mb 256
//! echo "2 2, 2 2" > open.txt    # the first stone, then the theft
//! target/release/yavalath-referee --openings open.txt --games 40 --seed 11 --movetime-ms 3000 \
//!     "target/release/yavalath-bot --opening-plies 3 --seed {seed}" \
//!     "target/release/yavalath-bot --opening-plies 3 --seed 1{seed}"
//! target/release/yavalath-tune lines --moves "2 2, 2 2" --side 2 --depth 10 --shallow 5 \
//!     --plies 7 --width 3 --margin 10    # prints entries of LINES
//! for t in 35 60 100 150; do             # Player 1's strongest replies
//!   target/release/yavalath-referee --openings open.txt --games 10 --seed 71 \
//!       --movetime-ms 3000 "target/release/yavalath-bot --movetime $t" \
//!       "target/release/yavalath-bot --movetime $t"
//! done
//! echo "1 0" > first.txt         # a first stone (one line per class in turn)
//! target/release/yavalath-referee --openings first.txt --games 40 --seed 21001 \
//!     "target/release/yavalath-bot --opening-plies 4 --seed {seed}" \
//!     "/path/to/9ffb6f5/yavalath-bot --opening-plies 4 --seed {seed}"
//! target/release/yavalath-referee --games 100 --seed 31001 \
//!     "target/release/yavalath-bot --opening-plies 4 --seed {seed}" \
//!     "/path/to/9ffb6f5/yavalath-bot --opening-plies 4 --seed {seed}"
//! ```
//!
//! (`--movetime-ms 3000` keeps a loaded machine from forfeiting games on time; the bots keep
//! their own budgets: 35 ms a later turn, and for the first turn, which searches in a game given
//! from a position, 500 ms in these matches, 400 ms since ([`crate::params::FIRST_MOVETIME`]).)
//! The table's self-play used the bot of commit `9ffb6f5`, whose play after the opening is this
//! one's but for the proof search.
//!
//! # After the theft of `(2, 2)`: proven wins
//!
//! Self-play at the contest's settings showed where Player 2 still lost after the lines: this bot
//! against itself from `2 2, 2 2`, 100 games (`yavalath-referee --games 100 --openings open.txt
//! target/release/yavalath-bot target/release/yavalath-bot`, the contest's 100 ms, one game at a
//! time): Player 2 won 87 and lost 13 (18 distinct games). Player 1's reply to the theft is `3 3`
//! or `4 4`, as its first turn's search ends; all 13 losses followed `4 4, 3 3` and then `2 6` or
//! its mirror image `6 4`, and in every one the first position where Player 2 had a win that the
//! proof search proves, and played another move, was the same up to symmetry: `2 2, 2 2, 4 4, 3 3,
//! 2 6, 3 5, 5 4, 1 6, 2 5`, Player 2 to move. `1 5` wins there (proven in 0.35 s, 186 k nodes); at
//! 35 ms the search played `0 3` (or its mirror) and lost 9 of the 11 games that reached it.
//! `yavalath-tune proven --side 2 --seconds 3 DIR/game-*.txt` (see [`crate::tune`]) found that
//! position in 83 s from the 9 distinct lost games, and it is the first entry of [`PROVEN`];
//! `tests/book.rs` proves each entry's answer again.
//!
//! With it, three more matches of 100 games of the same command: Player 2 lost none (10 distinct
//! games), then 1 (14 distinct), and with two games at once on the 2-core machine (a busy one) 2
//! (12 distinct): Player 2 won 297 of 300 (23 distinct games). Those three losses came in the
//! middle game, where the proof search returns `unknown` after 3 s from ply 4 to ply 22 to 34; in
//! one of them Player 2 had missed a win that a 3 s proof just misses (`5 1` at ply 34, 2.9 s), in
//! another the position at ply 18 is proven lost (32 s) and the one at ply 20 is `unknown` after 60
//! s. Those lines are not in the book.
//!
//! Player 1 given more time finds more. Both sides at `--movetime T` (T from 20 to 1200 ms, 4 games
//! each, `--movetime-ms 3000`): Player 2 won all 32 games at T up to 150 ms and at 700 and 1200 ms,
//! and lost 1 of 4 at 250 ms and 4 of 4 at 400 ms. Player 1 at `--movetime T` against Player 2 at
//! the contest's 35 ms: Player 2 won all 8 at 50 and 100 ms, and lost 8 of 12 at 250, 400 and 1200
//! ms. The second entry of [`PROVEN`] (since left out, below) came from those games (`yavalath-tune proven --side 2
//! --seconds 2` over the lost games, 214 s): after `4 4, 3 3, 1 1, 4 5, 5 4, 1 5, 2 5`, a line of
//! [`LINES`], `0 3` wins (proven in 0.94 s) where the bot played `3 6`. The other position it
//! found, at ply 41 of one game, is left out (a 41-stone line for one game of one budget). With
//! both entries and the first turn's 400 ms, at the contest's settings Player 2 won 100 of 100 (5
//! distinct games; with the first entry alone, 100 of 100 too, 6 distinct, and 100 of 100 against
//! Player 1 drawing its first three moves, `--opening-plies 3 --seed {seed}`, 10 distinct); at 250
//! and 400 ms on both sides Player 1 still won 6 of 8, and with Player 1 alone at 250 or 400 ms, 6
//! of 8. So the line after the theft of `(2, 2)` is safe at the contest's budget on both sides, and
//! not against an opponent that searches seven to ten times longer: nothing proves it for Player 2.
//!
//! The search's rule for a cut iteration ([`crate::search`]) made its games more varied, and
//! the same 100 games found more losses: Player 2 won 97 (25 distinct games). Two
//! of the three passed through `4 4, 3 3, 1 1, 4 5, 5 4` (or its mirror image), where the
//! lines answer `1 5`: a win, proven in 21.9 s (13.8 M nodes), that Player 2 did not keep;
//! `1 6` wins with a proof of 3.8 s (2.4 M nodes), the more forcing win, so that position left
//! [`LINES`] for [`PROVEN`] with `1 6`, and the entry that followed `1 5` left the book. The
//! next games (100 each, one at a time, 26, 23 and 24 distinct) and
//! `yavalath-tune proven --side 2 --seconds 5` over their losses (25 s to 182 s) gave the
//! four entries after it: `5 2` after `4 4, 3 3, 1 1, 4 5, 3 5, 6 3, 5 3` (the mirror image of
//! the line of `1 6`), `6 3` after `4 4, 3 3, 1 1, 4 5, 4 2`, and `3 1` and `6 3` after `4 4,
//! 3 3, 1 1, 4 5, 4 1, 4 3, 2 4, 3 4` and then `5 3` or `2 5`. With `1 6` alone Player 2 won 94
//! of 100; as the others went in, 98 (one draw), 99, 99 and, with the book as it is, 98 (one
//! draw, one loss; 32 distinct games). The losses of the last two runs came 42 and 62 plies
//! in, and a proof of 5 s a position finds no win Player 2 left in them before ply 43 (the two
//! such positions it found, at plies 41 and 43, are left out). With both sides at 250 ms a move
//! Player 2 won 4 of 4, at 400 ms 3 of 4, and against Player 1 alone at 400 ms 4 of 4
//! (`--games 8 --movetime-ms 3000`, Player 1 at `--movetime 400`; the book one entry shorter).
//!
//! # Detours: moves the search plays into a proven loss
//!
//! A contest plays each bot as submitted, often against the same opponent many times, and the
//! bots are deterministic up to their clocks: a line an opponent wins once it wins every time.
//! [`DETOURS`] holds, for the lines the other bots won that way, the position where the search
//! at the contest's budget chose a move after which the opponent has a proven win, and the move
//! the book plays there instead. Each is found from a lost game's record (`--record-dir`) by
//! walking the loser's moves back from the end: after each, `yavalath-bot solve` on the position
//! (the opponent to move) proves the opponent's win, until a move after which it does not
//! within its seconds; the move after that one is the avoided move (and when the position
//! before it is itself a proven win, the winning move goes to [`PROVEN`] instead). Where the
//! proof after the avoided move alone does not finish, a search to depth 10 that scores every
//! move of the loser's next turn lost points further back, and the proof of the position after
//! the opponent's reply settles it (the entry then keeps that reply). The answer is the best move
//! of a search to depth 10 in the position (`yavalath-tune lines --moves "..." --side S --depth
//! 10 --plies 1`), checked with `solve` not to be proven lost. The tests prove each avoided
//! move lost again and check that no short proof loses the answer. A detour is a search's
//! choice, not a proof: the games after it decide whether it holds, and a line lost again after
//! one gets a detour of its own further on.
//!
//! The board has twelve symmetries (the rotations and reflections of the hexagon), so the table
//! holds one first stone of each of the nine classes of cells; [`symmetry_to`] carries a position
//! to the table's frame and a reply back.

use crate::board::{Board, Cell, Cells, Player};

/// One of the twelve symmetries: `t % 6` rotations by 60° after a reflection if `t >= 6`.
pub type Symmetry = u8;

/// The twelve symmetries.
pub const SYMMETRIES: Symmetry = 12;

/// `cell` under symmetry `t` (reflection `(q, r, s) -> (r, q, s)`, then rotations
/// `(q, r, s) -> (-r, -s, -q)`).
pub fn transform(t: Symmetry, cell: Cell) -> Cell {
    let (q, r) = cell.axial();
    let (mut q, mut r) = (i32::from(q), i32::from(r));
    if t >= 6 {
        std::mem::swap(&mut q, &mut r);
    }
    for _ in 0..t % 6 {
        let s = -q - r;
        (q, r) = (-r, -s);
    }
    Cell::from_axial(q, r).unwrap_or(cell)
}

/// The symmetry that undoes `t`.
pub fn inverse(t: Symmetry) -> Symmetry {
    if t >= 6 {
        t
    } else {
        (6 - t) % 6
    }
}

/// A symmetry that carries `from` to `to`, if they are equivalent.
pub fn symmetry_to(from: Cell, to: Cell) -> Option<Symmetry> {
    (0..SYMMETRIES).find(|&t| transform(t, from) == to)
}

/// The lowest-indexed cell equivalent to `cell`: its class's representative in the table.
pub fn representative(cell: Cell) -> Cell {
    (0..SYMMETRIES)
        .map(|t| transform(t, cell))
        .min()
        .unwrap_or(cell)
}

/// A cell as `(x, y)`.
pub type Xy = (u8, u8);

/// `(x, y)` as a cell (the table's cells all exist; a test checks it).
fn cell((x, y): Xy) -> Option<Cell> {
    Cell::from_xy(i32::from(x), i32::from(y))
}

/// The book's move in `board`, if the book covers it: the first stone on ply 0, Player 2's
/// answer (the swap or a reply) on ply 1, on ply 2 Player 1's reply when its own first stone
/// is equivalent to [`FIRST`], and on ply 3 Player 2's answer after a theft when Player 1's
/// reply is in [`AFTER_THEFT`]; then, on any ply, a position of [`LINES`].
pub fn book_move(board: &Board) -> Option<Cell> {
    first_plies_move(board).or_else(|| line_move(board))
}

/// The book's move from its tables of the first plies ([`FIRST`], [`ANSWERS`], [`REPLIES`],
/// [`AFTER_THEFT`]), as [`book_move`] describes, without [`LINES`].
pub fn first_plies_move(board: &Board) -> Option<Cell> {
    match board.plies() {
        0 => cell(FIRST),
        1 => {
            let first = Cell::lowest(board.stones(Player::First));
            let t = symmetry_to(first, representative(first))?;
            let &(_, swap, reply) = ANSWERS
                .iter()
                .find(|a| cell(a.0) == Some(transform(t, first)))?;
            if swap {
                Some(first)
            } else {
                Some(transform(inverse(t), cell(reply)?))
            }
        }
        2 => {
            // Player 2's stone, or Player 1's stolen one (then Player 1 has none).
            let theirs = Cell::lowest(board.stones(Player::Second));
            let mine = match board.stones(Player::First) {
                0 => theirs,
                bits => Cell::lowest(bits),
            };
            let t = symmetry_to(mine, cell(FIRST)?)?;
            let reply = Cell::from_index(usize::from(*REPLIES.get(transform(t, theirs).index())?))?;
            Some(transform(inverse(t), reply))
        }
        3 => {
            // After a theft Player 1 has one stone, its reply; else it has two.
            if board.stones(Player::First).count_ones() != 1 {
                return None;
            }
            let stolen = Cell::lowest(board.stones(Player::Second));
            let theirs = Cell::lowest(board.stones(Player::First));
            let class = representative(stolen);
            (0..SYMMETRIES)
                .filter(|&t| transform(t, stolen) == class)
                .find_map(|t| {
                    let &(_, _, answer) = AFTER_THEFT.iter().find(|a| {
                        cell(a.0) == Some(class) && cell(a.1) == Some(transform(t, theirs))
                    })?;
                    Some(transform(inverse(t), cell(answer)?))
                })
        }
        _ => None,
    }
}

/// `bits` (a set of cells) under symmetry `t`.
pub fn transform_cells(t: Symmetry, bits: u64) -> u64 {
    Cells(bits).fold(0, |out, c| out | transform(t, c).bit())
}

/// The position after `line` (cell indices from the start, the swap as the first cell named
/// again), if every move is legal.
pub fn line_board(line: &[u8]) -> Option<Board> {
    line.iter().try_fold(Board::start(), |board, &i| {
        board.try_play(Cell::from_index(usize::from(i))?).ok()
    })
}

/// The move [`LINES`], [`PROVEN`] or [`DETOURS`] has for `board`: the answer of the line whose
/// position is `board`'s under one of the twelve symmetries, carried to `board`'s frame.
pub fn line_move(board: &Board) -> Option<Cell> {
    let stones = |b: &Board| [b.stones(Player::First), b.stones(Player::Second)];
    let target = stones(board);
    let detours = DETOURS.iter().map(|&(line, _, answer)| (line, answer));
    LINES
        .iter()
        .chain(PROVEN)
        .copied()
        .chain(detours)
        .filter(|(line, _)| line.len() == board.plies() as usize)
        .find_map(|(line, answer)| {
            let own = stones(&line_board(line)?);
            let t =
                (0..SYMMETRIES).find(|&t| own.map(|bits| transform_cells(t, bits)) == target)?;
            Some(transform(t, Cell::from_index(usize::from(answer))?))
        })
        .filter(|&m| board.is_legal(m))
}

// Generated by `yavalath-tune book --depth 10 --first 1,0` (searches to depth 10).
/// Player 1's first stone.
pub const FIRST: Xy = (1, 0);
/// For each class of first stones (its representative): whether Player 2 steals it, and
/// Player 2's reply when it does not. The search's scores for the player to move facing
/// the stone (Player 2 placing; stealing is worth the negation; it steals below
/// -[`crate::tune::SWAP_MARGIN`]):
/// - `0 0`: 8
/// - `1 0`: 0
/// - `2 0`: 4
/// - `1 1`: -8
/// - `2 1`: -2
/// - `2 2`: -18
/// - `3 2`: -14
/// - `3 3`: -32
/// - `4 4`: -44
pub const ANSWERS: [(Xy, bool, Xy); 9] = [
    ((0, 0), false, (3, 3)),
    ((1, 0), false, (3, 3)),
    ((2, 0), false, (3, 3)),
    ((1, 1), true, (3, 3)),
    ((2, 1), false, (4, 3)),
    ((2, 2), true, (4, 4)),
    ((3, 2), true, (3, 3)),
    ((3, 3), true, (4, 4)),
    ((4, 4), true, (4, 3)),
];
/// Player 1's second move, by the index of Player 2's stone (see [`crate::board`]) in the frame
/// of [`FIRST`]: its reply to each placement, and at the first stone's own index its reply to
/// the theft. The search's scores of the replies:
/// `0 0` 29983, `1 0` 0, `2 0` 28, `3 0` 29983, `4 0` 29984, `0 1` 29983
/// `1 1` 28, `2 1` 56, `3 1` 29991, `4 1` 29981, `5 1` 29983, `0 2` 29986
/// `1 2` 28, `2 2` 29990, `3 2` 12, `4 2` 26, `5 2` 29989, `6 2` 29985
/// `0 3` 29983, `1 3` 18, `2 3` 10, `3 3` 0, `4 3` -2, `5 3` 14
/// `6 3` 29977, `7 3` 29985, `0 4` 29979, `1 4` 29983, `2 4` 48, `3 4` 29983
/// `4 4` 20, `5 4` 29985, `6 4` 29985, `7 4` 29983, `8 4` 29985, `0 5` 29984
/// `1 5` 52, `2 5` 22, `3 5` 8, `4 5` 29985, `5 5` 32, `6 5` 38
/// `7 5` 29983, `0 6` 29983, `1 6` 29985, `2 6` 29983, `3 6` 29981, `4 6` 29983
/// `5 6` 29983, `6 6` 29983, `0 7` 29985, `1 7` 29982, `2 7` 29983, `3 7` 29983
/// `4 7` 29983, `5 7` 29985, `0 8` 29985, `1 8` 29985, `2 8` 29985, `3 8` 29985
/// `4 8` 29983
pub const REPLIES: [u8; 61] = [
    21, 21, 38, 21, 21, 22, 30, 21, 22, 21, 21, 14, 21, 22, 21, 14, 22, 14, 21, 22, 22, 22, 21, 22,
    21, 21, 21, 21, 21, 22, 21, 21, 22, 21, 14, 21, 22, 21, 22, 22, 22, 14, 21, 21, 14, 22, 14, 21,
    21, 21, 14, 21, 21, 21, 21, 14, 14, 14, 14, 14, 21,
];
/// Player 2's answer after stealing: the stolen stone's class (its representative), Player 1's
/// reply and Player 2's answer, both in the representative's frame. Chosen by self-play from
/// the position, not by the depth-10 searches (see the module docs).
pub const AFTER_THEFT: [(Xy, Xy, Xy); 1] = [((2, 2), (3, 3), (4, 4))];
/// Deeper positions: a line of moves from the start (cell indices, see [`line_board`]) and the
/// book's move there, in the line's frame; written by `yavalath-tune lines` (see the module
/// docs). A position is found in any of its twelve orientations, whatever the order of its moves.
pub const LINES: &[(&[u8], u8)] = &[
    (&[13, 13, 30], 21),
    (&[13, 13, 30, 21, 6], 39),
    (&[13, 13, 30, 21, 6, 39, 9], 22),
    (&[13, 13, 30, 21, 9], 22),
    (&[13, 13, 30, 21, 9, 22, 29], 31),
    (&[13, 13, 30, 21, 9, 22, 6], 38),
    (&[13, 13, 30, 21, 9, 22, 28], 44),
    (&[13, 13, 30, 21, 9, 22, 31], 28),
    (&[13, 13, 14], 37),
    (&[13, 13, 14, 37, 39], 22),
    (&[13, 13, 14, 37, 39, 22, 38], 30),
    (&[13, 13, 14, 37, 30], 28),
    (&[13, 13, 14, 37, 30, 28, 51], 38),
    (&[13, 13, 21, 30, 22], 20),
    (&[13, 13, 21, 30, 22, 20, 38], 23),
    (&[13, 13, 21, 30, 22, 20, 1], 14),
    (&[13, 13, 21, 30, 22, 20, 4], 39),
    (&[13, 13, 21, 30, 22, 20, 40], 2),
    (&[13, 13, 31], 21),
    (&[13, 13, 31, 21, 14], 28),
    (&[13, 13, 31, 21, 28], 29),
    // Player 1 after `1 0, 4 3, 3 3, 3 5`: the depth-10 search's `3 0`, where the contest's
    // budget plays `4 4` into a line lost against another bot (see the module docs, "Detours").
    (&[1, 22, 21, 38], 3),
];

/// Proven wins the search misses at the contest's budget, as `(line, answer)` like [`LINES`]: in
/// each position the proof search ([`crate::proof`]) proves that the player to move wins with
/// the answer, where the search alone played another move and lost. Player 2's, after the theft
/// of `(2, 2)`, were found by `yavalath-tune proven` in the games the bot lost as Player 2
/// against itself from `2 2, 2 2` at the contest's settings: the first position of the game that
/// the proof search proves won for Player 2 and whose move it does not prove winning. The second
/// was a position of [`LINES`], whose answer wins too but by a proof six times longer (see the
/// module docs, "After the theft of `(2, 2)`: proven wins"). The last two are Player 1's, found
/// while walking back lines lost against other bots (see "Detours" in the module docs): the
/// position before the first move after which the opponent was proven to win was itself a
/// proven win, which the search at the contest's budget does not see.
pub const PROVEN: &[(&[u8], u8)] = &[
    (&[13, 13, 30, 21, 45, 38, 31, 44, 37], 36),
    (&[13, 13, 30, 21, 6, 39, 31], 44),
    (&[13, 13, 30, 21, 6, 39, 38, 24, 23], 16),
    (&[13, 13, 30, 21, 6, 39, 15], 24),
    (&[13, 13, 30, 21, 6, 39, 9, 22, 28, 29, 23], 8),
    (&[13, 13, 30, 21, 6, 39, 9, 22, 28, 29, 37], 24),
    // Player 1 after `1 0, 3 3` and the book's `4 3`, when Player 2 answers `4 4`.
    (&[1, 21, 22, 30], 9),
    // Player 1 after `1 0, 4 3` and the book's `3 3`, when Player 2 answers `4 4`.
    (&[1, 22, 21, 30], 6),
    // Player 1 after `1 0, 4 3, 3 3, 3 5` and `LINES`' `3 0`, when the game runs on to ply 32.
    (
        &[
            1, 22, 21, 38, 3, 6, 15, 8, 18, 45, 30, 19, 37, 47, 31, 5, 7, 29, 16, 33, 46, 59, 40,
            39, 12, 2, 24, 9, 55, 48, 25, 42,
        ],
        10,
    ),
    // The same line after that `5 1` and Player 2's `5 3`.
    (
        &[
            1, 22, 21, 38, 3, 6, 15, 8, 18, 45, 30, 19, 37, 47, 31, 5, 7, 29, 16, 33, 46, 59, 40,
            39, 12, 2, 24, 9, 55, 48, 25, 42, 10, 23,
        ],
        4,
    ),
    // The same line after that `4 0`, then `6 2, 0 8, 4 8, 4 7, 2 7, 0 7, 0 5`.
    (
        &[
            1, 22, 21, 38, 3, 6, 15, 8, 18, 45, 30, 19, 37, 47, 31, 5, 7, 29, 16, 33, 46, 59, 40,
            39, 12, 2, 24, 9, 55, 48, 25, 42, 10, 23, 4, 17, 56, 60, 54, 52, 50, 35,
        ],
        57,
    ),
];

/// Positions where the search at the contest's budget plays a move after which the opponent has
/// a proven win, as `(line, avoided, answer)` (cell indices, like [`LINES`]): the bots of the
/// contest are deterministic, so an opponent that won such a line once wins it every time.
/// `avoided` is the move the search played, then, where the proof needs it to finish within a
/// minute, the opponent's winning reply: the proof search proves the opponent's win after them.
/// The answer is the depth-10 search's best move there, which no proof of a few seconds shows
/// lost. Found in games lost against other bots (see the module docs, "Detours").
pub const DETOURS: &[(&[u8], &[u8], u8)] = &[
    // Player 1 after `1 0, 4 3, 3 3, 3 5, 4 4, 3 4`: `5 4` loses (to `1 2` or `6 5`).
    (&[1, 22, 21, 38, 30, 29], &[31], 20),
    // Player 1 after `1 0, 4 3, 3 3, 3 5, 4 4, 3 4` and the detour's `2 3`, then `1 6, 2 4, 0 3,
    // 1 4, 4 5, 1 1, 2 2`: `3 1` loses (to `3 0`).
    (
        &[1, 22, 21, 38, 30, 29, 20, 44, 28, 18, 27, 39, 6, 13],
        &[8],
        41,
    ),
    // Player 1 after `1 0, 3 3, 4 3, 3 2, 3 5, 4 4, 4 6, 5 4`: `2 5` loses (to `7 4`).
    (&[1, 21, 22, 14, 38, 30, 47, 31], &[37], 3),
    // Player 1 after `1 0, 4 3, 3 3, 3 5` and `LINES`' `3 0`, then `1 1, 4 2, 3 1, 0 3, 2 6, 4 4, 1 3,
    // 2 5, 4 6, 5 4, 0 1, 2 1, 3 4, 5 2, 7 4, 3 6, 3 8, 5 5, 4 5, 1 2, 2 0, 4 7, 5 7, 6 3, 4 1`:
    // `1 7` loses (to `6 6`).
    (
        &[
            1, 22, 21, 38, 3, 6, 15, 8, 18, 45, 30, 19, 37, 47, 31, 5, 7, 29, 16, 33, 46, 59, 40,
            39, 12, 2, 54, 55, 24, 9,
        ],
        &[51],
        49,
    ),
    // Player 2 after `1 0, 3 3, 4 3`: `4 4` loses to `4 1` (Player 1's entry of `PROVEN`).
    (&[1, 21, 22], &[30, 9], 14),
    // Player 2 after `1 0, 3 3, 4 3, 3 2, 4 4, 3 5, 3 4`: `6 4` loses (to `6 3`).
    (&[1, 21, 22, 14, 30, 38, 29], &[32], 12),
    // Player 2 after `1 0, 3 3, 4 3, 3 2, 4 4, 3 5, 3 4, 5 4, 3 0, 6 2, 5 2`: `4 1` loses (to
    // `0 0`).
    (&[1, 21, 22, 14, 30, 38, 29, 31, 3, 17, 16], &[9], 40),
    // Player 2 after `2 0, 3 3, 5 3, 4 5, 4 4, 3 1, 3 5, 3 4, 3 2, 1 6, 2 5, 0 3, 4 2, 4 3,
    // 1 4`: `2 2` loses (to `6 5`).
    (
        &[2, 21, 23, 39, 30, 8, 38, 29, 14, 44, 37, 18, 15, 22, 27],
        &[13],
        12,
    ),
    // Player 2 after the detour's `1 2` above, then `2 3, 0 0, 1 1`: `2 1` loses.
    (
        &[
            2, 21, 23, 39, 30, 8, 38, 29, 14, 44, 37, 18, 15, 22, 27, 12, 20, 0, 6,
        ],
        &[7],
        35,
    ),
    // Player 2 after `2 0, 3 3, 5 3, 3 1, 3 4, 3 5, 2 3`: `0 1` loses (to `2 4`).
    (&[2, 21, 23, 8, 29, 38, 20], &[5], 39),
    // Player 2 after `2 1, 4 3, 2 3`: `4 4` loses to `2 6`.
    (&[7, 22, 20], &[30, 45], 29),
    // Player 2 after `2 1, 4 3, 4 4, 3 4, 5 4, 4 5, 2 3, 2 2, 3 5, 3 2, 3 3`: `2 5` loses (to
    // `1 7`).
    (&[7, 22, 30, 29, 31, 39, 20, 13, 38, 14, 21], &[37], 51),
    // Player 2 after `2 1, 4 3, 4 4, 3 4, 6 4`: `3 6` loses (to `5 3`).
    (&[7, 22, 30, 29, 32], &[46], 33),
    // Player 2 after `2 1, 4 3, 4 4, 5 4, 4 5, 3 3, 1 7, 5 6, 5 5, 2 6, 3 6, 7 3, 7 4`: `3 4`
    // loses (to `1 8`).
    (
        &[7, 22, 30, 31, 39, 21, 51, 48, 40, 45, 46, 25, 33],
        &[29],
        0,
    ),
];
