//! Offline work behind the bot's constants: the evaluation's weights fitted to self-play games
//! (Texel's method, [`tools::tune`]) and the opening book ([`crate::book`]). Neither runs in
//! play; the one-file bundle leaves this module out.
//!
//! # The evaluation as features
//!
//! [`features`] describes a position by the terms of [`crate::eval`], each counted for the player
//! to move less the opponent (tempo is always 1), so the evaluation of a quiet position is
//! exactly `Σ weight × feature` with the weights of [`current_weights`] (a test holds the two
//! together).
//!
//! # Quiet positions
//!
//! A position is quiet when neither player has a winning cell: no win on the move and no threat
//! to answer. Those are the positions the search evaluates (the threats and forced blocks are
//! settled before the static evaluation is asked), so the fit looks at those only.
//!
//! # Self-play
//!
//! [`play_games`] plays games of the bot's own search at a fixed depth, each from a few random
//! first plies (two to six placements among the cells that do not make a 3, drawn with a
//! `SmallRng` seeded by the game's number), and records every quiet position after the random
//! plies with the game's result for the player to move (draws, a full board, count a half).
//!
//! # Lines
//!
//! `yavalath-tune lines --moves "x y,..." [--side 1|2] [--depth D] [--shallow D] [--plies N]
//! [--width K] [--margin M]` ([`analyse_lines`]) writes the deeper positions of the book
//! ([`crate::book::LINES`]) for one side from a given line: where `side` is to move, the best move
//! of a search to depth `D` (or the book's move of the first plies, which answers first); where
//! the opponent is, its best move at depth `D`, then the moves within `M` of it in cell order
//! (at most `K` moves in all), and the best move at the `shallow` depth a bot at the contest's
//! budget reaches; for `N` plies, ending on a move of `side`. Each position is written once up
//! to symmetry, as a line of cell indices and the move.
//!
//! # Proven wins left
//!
//! `yavalath-tune proven [--side 1|2] [--seconds S] [--from-ply N] RECORD...` ([`left_win`])
//! reads the referee's game records (`--record-dir`) and, for each game lost by a player (by
//! Player `side` only, with `--side`; a game held by several records is read once), looks for
//! the first position, from ply `N` on (default 3), where the proof search ([`crate::proof`], `S`
//! seconds a position, default 3) proves that the loser was winning and does not prove that the
//! move it played keeps the win. It prints the position and the proof's winning move as an entry
//! of [`crate::book::PROVEN`] (once per position up to symmetry), with the game in a comment.

use crate::board::{Board, Cell, Cells, Player, CELLS};
use crate::book::{first_plies_move, representative, transform, transform_cells, SYMMETRIES};
use crate::eval::{window_counts, CENTRE, MIDDLE_PAIR, PAIR, RESERVE, SINGLE, TEMPO};
use crate::notation::{format_move, parse_move};
use crate::proof::Prover;
use crate::search::Searcher;
use crate::threats::Threats;
use common::cli::parse_seconds;
use common::clock::Deadline;
use common::deepening::RootSearch;
use common::game::Board as _;
use common::game::Outcome as _;
use common::search::Limits;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tools::runner::parse_record;
use tools::tune::{
    fit_scale, fit_weights, format_constants, mean_error, result_for, FitOptions, Sample,
};

/// The evaluation's weights, in the order of [`features`].
pub const NAMES: [&str; 6] = [
    "SINGLE",
    "PAIR",
    "MIDDLE_PAIR",
    "RESERVE",
    "CENTRE",
    "TEMPO",
];

/// Number of features.
pub const FEATURES: usize = NAMES.len();

/// Today's weights of [`crate::eval`], in the order of [`NAMES`].
pub fn current_weights() -> [i32; FEATURES] {
    [SINGLE, PAIR, MIDDLE_PAIR, RESERVE, CENTRE, TEMPO]
}

/// The features of `board` for the player to move (see the module docs): the player's counts
/// less the opponent's, and the tempo.
pub fn features(board: &Board) -> [i32; FEATURES] {
    let threats = Threats::of(board);
    let me = board.side_to_move();
    let (mine, theirs) = (
        side_counts(board, &threats, me),
        side_counts(board, &threats, me.other()),
    );
    let mut out = [0; FEATURES];
    for i in 0..FEATURES - 1 {
        out[i] = mine[i] - theirs[i];
    }
    out[FEATURES - 1] = 1;
    out
}

/// What `player` has built, as counts of the evaluation's terms (tempo left at 0).
fn side_counts(board: &Board, threats: &Threats, player: Player) -> [i32; FEATURES] {
    let own = threats.padded[player.index()];
    let theirs = threats.padded[player.other().index()];
    let (single, pair, middle) = window_counts(own, theirs);
    let reserve = board.empty() & threats.lose(player.other()) & !threats.lose(player);
    let centre: i32 = Cells(board.stones(player))
        .map(|c| 4 - i32::from(c.centre_distance()))
        .sum();
    [single, pair, middle, reserve.count_ones() as i32, centre, 0]
}

/// True when neither player has a winning cell (see the module docs).
pub fn is_quiet(board: &Board) -> bool {
    let threats = Threats::of(board);
    board.outcome().is_none() && threats.win[0] == 0 && threats.win[1] == 0
}

/// One self-play game's quiet positions and its result.
pub struct Game {
    /// The quiet positions, after the random first plies.
    pub positions: Vec<Board>,
    /// The winner, `None` for a draw.
    pub winner: Option<Player>,
}

/// Plays `games` self-play games at `depth` (see the module docs); game `k` draws its first
/// plies with the seed `seed + k`.
pub fn play_games(games: u32, seed: u64, depth: u32) -> Vec<Game> {
    let mut searcher = Searcher::new(1 << 20);
    (0..games)
        .map(|k| play_game(&mut searcher, seed.wrapping_add(u64::from(k)), depth))
        .collect()
}

fn play_game(searcher: &mut Searcher, seed: u64, depth: u32) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed);
    let random_plies = rng.gen_range(2..=6);
    let mut board = Board::start();
    let mut positions = Vec::new();
    searcher.clear();
    while board.outcome().is_none() {
        let m = if board.plies() < random_plies {
            let me = board.side_to_move();
            let safe: Vec<Cell> = Cells(board.empty() & !Threats::of(&board).lose(me)).collect();
            match safe.choose(&mut rng) {
                Some(&m) => m,
                None => board.legal_moves()[0],
            }
        } else {
            if is_quiet(&board) {
                positions.push(board);
            }
            match searcher.search(&board, &Limits::depth(depth)).best {
                Some(m) => m,
                None => break,
            }
        };
        board = board.play(m);
    }
    let winner = match board.outcome() {
        Some(outcome) => outcome.winner(),
        None => None,
    };
    Game { positions, winner }
}

/// The games' positions as samples (features and result for the player to move).
pub fn samples(games: &[Game]) -> Vec<Sample> {
    let mut out = Vec::new();
    for game in games {
        for board in &game.positions {
            let result = result_for(game.winner, board.side_to_move());
            out.push(Sample::from_features(&features(board), result));
        }
    }
    out
}

/// Player 2 steals a first stone only when placing against it scores below minus this: scores
/// this near even are within the evaluation's noise, and placing against `(2, 1)` (score -2 at
/// depth 10) measured far better than stealing it (against the bot of the previous release, 100
/// games each: Player 2 won 36 and lost 13 by placing, won 13 and lost 38 by stealing).
pub const SWAP_MARGIN: i32 = 4;

/// One line of the book analysis: a position's search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Analysed {
    /// The best move.
    pub best: Cell,
    /// Its score for the player to move.
    pub score: i32,
}

/// Searches `board` to `depth` from a cleared table: the same answer on every run.
pub fn analyse(searcher: &mut Searcher, board: &Board, depth: u32) -> Option<Analysed> {
    searcher.clear();
    let result = searcher.search(board, &Limits::depth(depth));
    Some(Analysed {
        best: result.best?,
        score: result.score,
    })
}

/// The analysis behind the book. A swap hands the stolen stone to Player 2 and the move to
/// Player 1, so the player to move faces one stone of the opponent either way: stealing a first
/// stone is worth to Player 2 exactly the negated value of placing against it. One search per
/// class of first stones gives both: Player 2 steals when placing scores below 0 (by more than
/// [`SWAP_MARGIN`]), and Player 1
/// opens on the stone whose score is nearest 0 (the better of Player 2's two answers is worst for
/// it), or on the one it is given. Then Player 1's reply after each placement of Player 2 against
/// that stone.
pub struct BookAnalysis {
    /// Per class representative: the first stone, and the best reply and its score for the player
    /// to move facing it (Player 2 placing, or Player 1 after the swap).
    pub classes: Vec<(Cell, Analysed)>,
    /// Player 1's first stone.
    pub first: Cell,
    /// Player 1's reply to each answer of Player 2 to the first stone (a placement, or the theft
    /// when Player 2 names the first stone itself), with its score.
    pub replies: Vec<(Cell, Analysed)>,
}

/// The cells that represent the nine classes of cells under the twelve symmetries.
pub fn class_representatives() -> Vec<Cell> {
    Cell::all().filter(|&c| representative(c) == c).collect()
}

/// Runs the book analysis at `depth` with a table of `table_bytes`, calling `progress` with a
/// line per search. Player 1 opens on `first`'s class when it is given (`--first`: why the book
/// does, see [`crate::book`]), else on the class whose score is nearest 0.
pub fn analyse_book(
    depth: u32,
    table_bytes: usize,
    first: Option<Cell>,
    mut progress: impl FnMut(&str),
) -> Option<BookAnalysis> {
    let mut searcher = Searcher::new(table_bytes);
    let mut classes = Vec::new();
    for first in class_representatives() {
        let facing = analyse(&mut searcher, &Board::start().play(first), depth)?;
        progress(&format!(
            "first {}: {} scores {}",
            format_move(first),
            format_move(facing.best),
            facing.score
        ));
        classes.push((first, facing));
    }
    let &(first, facing_first) = match first {
        Some(stone) => classes
            .iter()
            .find(|(class, _)| *class == representative(stone))?,
        None => classes
            .iter()
            .min_by_key(|(_, facing)| facing.score.abs())?,
    };
    let start = Board::start().play(first);
    let mut replies = Vec::new();
    for answer in Cell::all() {
        // After the theft Player 1 faces the stone as Player 2 did: the same search.
        let reply = if answer == first {
            facing_first
        } else {
            analyse(&mut searcher, &start.play(answer), depth)?
        };
        progress(&format!(
            "after {}: {} scores {}",
            format_move(answer),
            format_move(reply.best),
            reply.score
        ));
        replies.push((answer, reply));
    }
    Some(BookAnalysis {
        classes,
        first,
        replies,
    })
}

/// What `yavalath-tune lines` explores: from `start`, the moves of `side` are the deep
/// search's best, and the opponent's are its best, then the moves within `margin` of it in cell
/// order (at most `width` in all), and the best of a `shallow` search (the move a bot at the contest's budget
/// finds), for `plies` plies.
#[derive(Clone, Debug)]
pub struct LinesRequest {
    /// The moves from the start to the first position explored.
    pub start: Vec<Cell>,
    /// The player whose moves are written.
    pub side: Player,
    /// The depth of every search.
    pub depth: u32,
    /// The depth of the search that stands for the contest's bot.
    pub shallow: u32,
    /// Plies explored past `start`.
    pub plies: u32,
    /// How many of the opponent's moves are followed at most, the shallow best aside.
    pub width: usize,
    /// How much worse than the best an opponent's move may score and still be followed.
    pub margin: i32,
}

/// One written position: the line to it, the move and its score for `side`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMove {
    /// The moves from the start.
    pub line: Vec<Cell>,
    /// The move for the side to play there.
    pub best: Cell,
    /// Its score at the request's depth.
    pub score: i32,
}

/// The position's stones in the orientation that sorts first: equal for positions equivalent
/// under the twelve symmetries.
pub fn canonical(board: &Board) -> (u32, u64, u64) {
    (0..SYMMETRIES)
        .map(|t| {
            (
                board.plies(),
                transform_cells(t, board.stones(Player::First)),
                transform_cells(t, board.stones(Player::Second)),
            )
        })
        .min()
        .unwrap_or((board.plies(), 0, 0))
}

/// Explores the tree of `request` (see [`LinesRequest`]) with deep searches from a cleared table,
/// calling `progress` with a line per search; returns every position of `side` met once (up to
/// symmetry) with its move.
pub fn analyse_lines(
    request: &LinesRequest,
    table_bytes: usize,
    mut progress: impl FnMut(&str),
) -> Vec<LineMove> {
    let mut searcher = Searcher::new(table_bytes);
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![request.start.clone()];
    let start_ply = request.start.len();
    while let Some(line) = stack.pop() {
        let Some(board) = line
            .iter()
            .try_fold(Board::start(), |b, &m| b.try_play(m).ok())
        else {
            continue;
        };
        // The opponent's moves are followed only where a move of `side` can come after them.
        let room = if board.side_to_move() == request.side {
            0
        } else {
            1
        };
        if board.outcome().is_some()
            || line.len() + room >= start_ply + request.plies as usize
            || !seen.insert(canonical(&board))
        {
            continue;
        }
        if board.side_to_move() == request.side {
            // The tables of the first plies answer before any line: follow them.
            if let Some(m) = first_plies_move(&board) {
                let mut longer = line.clone();
                longer.push(m);
                stack.push(longer);
                continue;
            }
        }
        let text: Vec<String> = line.iter().map(|&m| format_move(m)).collect();
        let Some(deep) = analyse(&mut searcher, &board, request.depth) else {
            continue;
        };
        let mut next = vec![deep.best];
        let whose = if board.side_to_move() == request.side {
            out.push(LineMove {
                line: line.clone(),
                best: deep.best,
                score: deep.score,
            });
            "ours"
        } else {
            let result = searcher.search(&board, &Limits::depth(request.depth));
            let near = searcher.near_best_moves(
                &board,
                &result,
                request.margin,
                &Limits::depth(request.depth),
            );
            next.extend(near.iter().take(request.width.saturating_sub(1)));
            if let Some(shallow) = analyse(&mut searcher, &board, request.shallow) {
                if !next.contains(&shallow.best) {
                    next.push(shallow.best);
                }
            }
            "theirs"
        };
        progress(&format!(
            "{}: {whose} {} scores {}, following {}",
            text.join(", "),
            format_move(deep.best),
            deep.score,
            next.iter()
                .map(|&m| format_move(m))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        if common::score::is_decisive(deep.score) {
            continue;
        }
        for &m in next.iter().rev() {
            let mut longer = line.clone();
            longer.push(m);
            stack.push(longer);
        }
    }
    out
}

/// [`analyse_lines`]' result as entries of [`crate::book::LINES`].
pub fn format_lines(moves: &[LineMove]) -> String {
    let mut out = String::new();
    for m in moves {
        let cells: Vec<String> = m.line.iter().map(|c| c.index().to_string()).collect();
        let _ = writeln!(out, "    (&[{}], {}),", cells.join(", "), m.best.index());
    }
    out
}

fn xy(cell: Cell) -> String {
    format!("({}, {})", cell.x(), cell.y())
}

/// The book as the Rust source of [`crate::book`]'s constants, with the scores in comments.
pub fn format_book(analysis: &BookAnalysis, depth: u32) -> String {
    let mut out = String::new();
    let lines = [
        format!(
            "// Generated by `yavalath-tune book --depth {depth} --first {},{}` (searches to depth \
             {depth}).",
            analysis.first.x(),
            analysis.first.y()
        ),
        "/// Player 1's first stone.".to_string(),
        format!("pub const FIRST: Xy = {};", xy(analysis.first)),
        "/// For each class of first stones (its representative): whether Player 2 steals it, and"
            .to_string(),
        "/// Player 2's reply when it does not. The search's scores for the player to move facing"
            .to_string(),
        "/// the stone (Player 2 placing; stealing is worth the negation; it steals below"
            .to_string(),
        "/// -[`crate::tune::SWAP_MARGIN`]):".to_string(),
    ];
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    for (first, facing) in &analysis.classes {
        let _ = writeln!(out, "/// - `{}`: {}", format_move(*first), facing.score);
    }
    let _ = writeln!(
        out,
        "pub const ANSWERS: [(Xy, bool, Xy); {}] = [",
        analysis.classes.len()
    );
    for (first, facing) in &analysis.classes {
        let swap = facing.score < -SWAP_MARGIN;
        let _ = writeln!(out, "    ({}, {swap}, {}),", xy(*first), xy(facing.best));
    }
    let _ = writeln!(out, "];");
    let _ = writeln!(
        out,
        "/// Player 1's second move, by the index of Player 2's stone (see [`crate::board`]) in the frame"
    );
    let _ = writeln!(
        out,
        "/// of [`FIRST`]: its reply to each placement, and at the first stone's own index its reply to"
    );
    let _ = writeln!(out, "/// the theft. The search's scores of the replies:");
    let mut replies = [0u8; CELLS];
    for (answer, reply) in &analysis.replies {
        replies[answer.index()] = reply.best.index() as u8;
    }
    for chunk in analysis.replies.chunks(6) {
        let scores: Vec<String> = chunk
            .iter()
            .map(|(answer, reply)| format!("`{}` {}", format_move(*answer), reply.score))
            .collect();
        let _ = writeln!(out, "/// {}", scores.join(", "));
    }
    let list: Vec<String> = replies.iter().map(u8::to_string).collect();
    let _ = writeln!(
        out,
        "pub const REPLIES: [u8; {CELLS}] = [{}];",
        list.join(", ")
    );
    out
}

/// Every cell's symmetric images (for tests of the symmetries).
pub fn orbit(cell: Cell) -> Vec<Cell> {
    let mut cells: Vec<Cell> = (0..SYMMETRIES).map(|t| transform(t, cell)).collect();
    cells.sort();
    cells.dedup();
    cells
}

/// The evaluation written as `Σ weight × feature` (for the test that holds it equal to
/// [`crate::eval::evaluate`] on quiet positions).
pub fn weighted_sum(board: &Board, weights: &[i32; FEATURES]) -> i32 {
    features(board)
        .iter()
        .zip(weights)
        .map(|(f, w)| f * w)
        .sum()
}

const USAGE: &str = "usage: yavalath-tune [--games N] [--seed S] [--depth D] [--epochs E]
       yavalath-tune book [--depth D] [--first X,Y]
       yavalath-tune lines --moves \"x y,...\" [--side 1|2] [--depth D] [--shallow D] \
[--plies N] [--width K] [--margin M]
       yavalath-tune proven [--side 1|2] [--seconds S] [--from-ply N] RECORD...";

/// The value of `--side`: Player 1 or Player 2.
fn parse_side(value: &str) -> Result<Player, String> {
    match value {
        "1" => Ok(Player::First),
        "2" => Ok(Player::Second),
        _ => Err(format!("--side: 1 or 2, not {value}")),
    }
}

/// Parses the options of `yavalath-tune lines` (after the word `lines`).
pub fn parse_lines(args: &[String]) -> Result<LinesRequest, String> {
    let mut request = LinesRequest {
        start: Vec::new(),
        side: Player::Second,
        depth: BOOK_DEPTH,
        shallow: 5,
        plies: 4,
        width: 3,
        margin: crate::search::OPENING_MARGIN,
    };
    let mut words = args.iter();
    while let Some(option) = words.next() {
        let value = words.next().ok_or(format!("{option} needs a value"))?;
        let number = || {
            value
                .parse::<u32>()
                .map_err(|_| format!("{option}: not a number: {value}"))
        };
        match option.as_str() {
            "--moves" => {
                let board = crate::proof::board_after(value).map_err(|e| e.to_string())?;
                request.start = value
                    .split(',')
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .filter_map(|t| crate::notation::parse_move(t).ok())
                    .collect();
                debug_assert_eq!(request.start.len(), board.plies() as usize);
            }
            "--side" => request.side = parse_side(value)?,
            "--depth" => request.depth = number()?,
            "--shallow" => request.shallow = number()?,
            "--plies" => request.plies = number()?,
            "--width" => request.width = number()? as usize,
            "--margin" => request.margin = number()? as i32,
            _ => return Err(format!("unknown option {option}")),
        }
    }
    Ok(request)
}

/// Every game whose number is a multiple of this is held out of the fit.
const HOLDOUT_EVERY: usize = 5;
/// The book's default search depth.
const BOOK_DEPTH: u32 = 10;
/// The book's transposition table.
const BOOK_TABLE_BYTES: usize = 64 << 20;
/// The proof's table of `yavalath-tune proven`.
const PROVEN_TABLE_BYTES: usize = 256 << 20;

struct Options {
    book: bool,
    first: Option<Cell>,
    games: u32,
    seed: u64,
    depth: Option<u32>,
    epochs: u32,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        book: false,
        first: None,
        games: 2000,
        seed: 1,
        depth: None,
        epochs: 2000,
    };
    let mut i = 0;
    if args.first().map(String::as_str) == Some("book") {
        options.book = true;
        i = 1;
    }
    while i < args.len() {
        let value = args
            .get(i + 1)
            .ok_or(format!("{} needs a value", args[i]))?;
        let number = |what: &str| {
            value
                .parse::<u64>()
                .map_err(|_| format!("{what}: not a number: {value}"))
        };
        match args[i].as_str() {
            "--games" if !options.book => options.games = number("--games")? as u32,
            "--seed" if !options.book => options.seed = number("--seed")?,
            "--epochs" if !options.book => options.epochs = number("--epochs")? as u32,
            "--depth" => options.depth = Some(number("--depth")? as u32),
            "--first" if options.book => {
                let cell = value
                    .split_once(',')
                    .and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
                    .and_then(|(x, y)| Cell::from_xy(x, y))
                    .ok_or(format!("--first: not a cell x,y: {value}"))?;
                options.first = Some(cell);
            }
            other => return Err(format!("unknown option {other}")),
        }
        i += 2;
    }
    Ok(options)
}

/// `yavalath-tune`: reads the command line, then tunes or analyses the book (see the module docs).
pub fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        // Written, not printed: a reader that closed stdout early ends nothing but the output.
        let _ = std::io::Write::write_fmt(&mut std::io::stdout().lock(), format_args!("{USAGE}\n"));
        return ExitCode::SUCCESS;
    }
    let start = Instant::now();
    if args.first().map(String::as_str) == Some("lines") {
        let request = match parse_lines(&args[1..]) {
            Ok(request) => request,
            Err(message) => {
                eprintln!("yavalath-tune: {message}\n{USAGE}");
                return ExitCode::from(2);
            }
        };
        let moves = analyse_lines(&request, BOOK_TABLE_BYTES, |line| {
            eprintln!("{:>7.1}s {line}", start.elapsed().as_secs_f64())
        });
        print!("{}", format_lines(&moves));
        eprintln!(
            "lines: {} positions, {:.1}s",
            moves.len(),
            start.elapsed().as_secs_f64()
        );
        return ExitCode::SUCCESS;
    }
    if args.first().map(String::as_str) == Some("proven") {
        return proven_main(&args[1..], start);
    }
    let options = match parse(&args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("yavalath-tune: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if options.book {
        let depth = options.depth.unwrap_or(BOOK_DEPTH);
        let Some(analysis) = analyse_book(depth, BOOK_TABLE_BYTES, options.first, |line| {
            eprintln!("{:>7.1}s {line}", start.elapsed().as_secs_f64())
        }) else {
            eprintln!("yavalath-tune: a book position had no move");
            return ExitCode::FAILURE;
        };
        print!("{}", format_book(&analysis, depth));
        eprintln!("book: {:.1}s", start.elapsed().as_secs_f64());
        return ExitCode::SUCCESS;
    }
    let depth = options.depth.unwrap_or(3);
    let games = play_games(options.games, options.seed, depth);
    let (training_games, held_games): (Vec<_>, Vec<_>) = games
        .into_iter()
        .enumerate()
        .partition(|(k, _)| k % HOLDOUT_EVERY != 0);
    let training = samples(
        &training_games
            .into_iter()
            .map(|(_, g)| g)
            .collect::<Vec<_>>(),
    );
    let held_out = samples(&held_games.into_iter().map(|(_, g)| g).collect::<Vec<_>>());
    println!(
        "games {} depth {depth} seed {} positions {} training {} held out {} ({:.1}s)",
        options.games,
        options.seed,
        training.len() + held_out.len(),
        training.len(),
        held_out.len(),
        start.elapsed().as_secs_f64()
    );
    let mut weights: Vec<f64> = current_weights().iter().map(|&w| f64::from(w)).collect();
    let before = weights.clone();
    let scale = fit_scale(&training, &weights);
    let fit = FitOptions {
        epochs: options.epochs,
        ..FitOptions::default()
    };
    let report = fit_weights(&training, &mut weights, scale, &fit);
    println!("scale {scale:.6}");
    println!(
        "training error before {:.6} after {:.6}",
        report.error_before, report.error_after
    );
    println!(
        "held-out error before {:.6} after {:.6}",
        mean_error(&held_out, &before, scale),
        mean_error(&held_out, &weights, scale)
    );
    print!("{}", format_constants(&NAMES, &weights));
    println!("time {:.1}s", start.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}

/// Where `loser` left a proven win in `moves` (a game it lost): the first position, from ply
/// `from_ply` on, with `loser` to move that the proof search proves won for it within `budget`,
/// while the move played there is not the proof's and is not proven to keep the win within
/// `budget`. Returns that position's moves and the proof's winning move (score 0).
pub fn left_win(
    moves: &[Cell],
    loser: Player,
    from_ply: usize,
    budget: Duration,
    prover: &mut Prover,
) -> Option<LineMove> {
    let mut board = Board::start();
    for (k, &played) in moves.iter().enumerate() {
        let after = board.try_play(played).ok()?;
        if k >= from_ply && board.side_to_move() == loser {
            let won = prover.prove(&board, loser, Deadline::from_now(budget)) == Some(true);
            if let (true, Some(win)) = (won, prover.winning_move()) {
                let kept = played == win
                    || prover.prove(&after, loser, Deadline::from_now(budget)) == Some(true);
                if !kept {
                    return Some(LineMove {
                        line: moves[..k].to_vec(),
                        best: win,
                        score: 0,
                    });
                }
            }
        }
        board = after;
    }
    None
}

/// The options of `yavalath-tune proven`.
#[derive(Clone, Debug, PartialEq)]
pub struct ProvenRequest {
    /// Only the games this player lost (`--side`), else every lost game.
    pub side: Option<Player>,
    /// The time of each proof (`--seconds`).
    pub budget: Duration,
    /// The first ply looked at (`--from-ply`).
    pub from_ply: usize,
    /// The records' paths.
    pub records: Vec<String>,
}

/// Parses the options of `yavalath-tune proven` (after the word `proven`).
pub fn parse_proven(args: &[String]) -> Result<ProvenRequest, String> {
    let (mut seconds, mut from_ply, mut records, mut side) = (3.0, 3, Vec::new(), None);
    let mut i = 0;
    while i < args.len() {
        let option = args[i].as_str();
        if !option.starts_with("--") {
            records.push(option.to_string());
            i += 1;
            continue;
        }
        let value = args.get(i + 1).ok_or(format!("{option} needs a value"))?;
        match option {
            "--seconds" => {
                seconds = parse_seconds(value)
                    .map_err(|_| format!("--seconds: not a number of seconds: {value}"))?;
            }
            "--side" => side = Some(parse_side(value)?),
            "--from-ply" => {
                from_ply = value
                    .parse()
                    .map_err(|_| format!("--from-ply: not a ply: {value}"))?;
            }
            _ => return Err(format!("unknown option {option}")),
        }
        i += 2;
    }
    if records.is_empty() {
        return Err("proven needs at least one record".to_string());
    }
    Ok(ProvenRequest {
        side,
        // As the solvers' `--seconds`: past a billion seconds is no limit.
        budget: Duration::from_secs_f64(seconds.min(1e9)),
        from_ply,
        records,
    })
}

/// `yavalath-tune proven`: the entries of [`crate::book::PROVEN`] that the records' lost games
/// call for (see the module docs, "Proven wins left").
fn proven_main(args: &[String], start: Instant) -> ExitCode {
    let request = match parse_proven(args) {
        Ok(request) => request,
        Err(message) => {
            eprintln!("yavalath-tune: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut prover = Prover::new(PROVEN_TABLE_BYTES);
    let (mut games, mut positions) = (HashSet::new(), HashSet::new());
    for path in &request.records {
        let record = match std::fs::read_to_string(path) {
            Ok(text) => parse_record(&text),
            Err(e) => {
                eprintln!("yavalath-tune: {path}: {e}");
                return ExitCode::from(2);
            }
        };
        let Some(winner) = record.result.as_ref().and_then(|r| r.winner) else {
            continue;
        };
        let moves: Option<Vec<Cell>> = record
            .opening
            .iter()
            .chain(&record.plies)
            .map(|ply| parse_move(&ply.line).ok())
            .collect();
        let Some(moves) = moves else {
            eprintln!("yavalath-tune: {path}: a move that does not parse, skipped");
            continue;
        };
        let loser = winner.pick(Player::Second, Player::First);
        if request.side.is_some_and(|side| side != loser) || !games.insert(moves.clone()) {
            continue;
        }
        let found = left_win(&moves, loser, request.from_ply, request.budget, &mut prover);
        let Some(entry) = found else {
            eprintln!("{path}: no proven win left from ply {}", request.from_ply);
            continue;
        };
        let board = entry
            .line
            .iter()
            .try_fold(Board::start(), |b, &m| b.try_play(m).ok());
        if board.is_some_and(|b| positions.insert(canonical(&b))) {
            let game: Vec<String> = moves.iter().map(|&m| format_move(m)).collect();
            print!("{}", format_lines(std::slice::from_ref(&entry)));
            println!("    // {path}: {}", game.join(","));
        }
    }
    eprintln!(
        "proven: {} distinct lost games, {} positions, {:.1}s",
        games.len(),
        positions.len(),
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
