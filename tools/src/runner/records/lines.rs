//! `<game>-referee lines [--ours A|B] [--all] DIR...`: the lines a player lost, read back from
//! record folders (`--record-dir`), one folder per opponent.
//!
//! A contest plays each bot as submitted, often against the same opponent many times: a bot that
//! plays without variation loses a lost line every time it comes up, which the varied games of a
//! strength test do not show. This reads the records of such a match and prints, per folder:
//! the games won, drawn and lost by our player (in all and in each seat), the distinct games
//! (different sequences of plies), the distinct lost lines, and each line lost more than once
//! (every lost line with `--all`): how often, in which games, our seat, its plies, and where it
//! was decided.
//!
//! Our player is A, the player whose seat is Player 1 in the odd games and Player 2 in the even
//! ones, as the runner seats the first command of a match (`--ours B` reads the folder for the
//! other player); the game's number comes from the file name `game-<k>.txt`.
//!
//! Where a lost game was decided is found against the games our player did not lose (won or
//! drawn) from the same seat. A game is its plies, the opening's and the players', each a seat
//! and the reply as printed. The **parting ply** of a lost game is the first ply at which it
//! differs from every game not lost from its seat: one more than the longest run of first plies
//! it shares with any of them (ply 1 when there is none; one past its last ply when all its plies
//! were also played in a game not lost, which happens only when our player then lost by a fault,
//! a timeout say, at the next ply). The ply where the game was **decided** is our player's last
//! ply (the opening's plies excluded) at or before the parting ply: our own different move when
//! the parting ply is ours, else the move of ours after which the opponent played what it did not
//! play in the games we did not lose. Its plies up to the parting ply are the game's **lost
//! line**: lost games of one seat with the same plies up to their parting ply are one line, even
//! when their later plies differ (a timing that varies after the game was already lost), and the
//! parting ply of every game of a line is the same (the games not lost share its first plies up
//! to one ply short of it, and none shares one more). The parting ply is where the lost games
//! leave the games not lost of this folder, not necessarily the mistake: a slow loss parts
//! wherever the games first differed, and the players' logs show where its score fell.
//!
//! The plies of a line are printed as an opening is written (`--openings`): each ply's reply in
//! the game's notation, separated by commas. Every record is replayed through the game's rules
//! (`replay::rules_problems`). A record that cannot be read whole (truncated, not a record of
//! this game, malformed, not a regular file) or that the rules refuse (an illegal ply, a ply out
//! of turn, a result other than the one they reach) is named on stderr with its line and left
//! out, and the exit status is then 1; a folder that cannot be read or holds no record, a folder
//! whose records are of different players ([`LinesError::MixedPlayers`]: the commands may differ
//! only where `{seed}` and `{game}` put their numbers), or a bad command line, gets one line on
//! stderr and exit status 2.

use std::fmt::{self, Write as _};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::runner::command_line::{parse_words, print_clap, subcommand};
use crate::runner::game::{Game, Seat};
use crate::runner::records::files::{read_input, FileError};
use crate::runner::records::record::parse_record;
use crate::runner::records::replay::rules_problems;

/// How a game ended for our player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Our player won.
    Won,
    /// Neither won.
    Drawn,
    /// Our player lost.
    Lost,
}

/// One ply as lines are compared: the seat it was played for, the reply as printed, and whether
/// it was one of the opening's plies (given by the match, not chosen by a player).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct LinePly {
    /// The seat that played it.
    pub(crate) seat: Seat,
    /// The reply, in the game's notation.
    pub(crate) reply: String,
    /// True for a ply of the opening the game started from.
    pub(crate) opening: bool,
}

/// One game of a folder, as seen from our player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlayedGame {
    /// The game's number (`game-<k>.txt`).
    pub(crate) number: u32,
    /// Our player's seat.
    pub(crate) ours: Seat,
    /// Every ply, the opening's first.
    pub(crate) plies: Vec<LinePly>,
    /// How it ended for our player.
    pub(crate) outcome: Outcome,
    /// Why it ended, as the referee wrote it.
    pub(crate) reason: String,
}

/// A line our player lost: lost games of one seat that agree up to the ply where they part from
/// every game not lost from that seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LostLine {
    /// Our player's seat.
    pub(crate) ours: Seat,
    /// The plies from the start up to the parting ply (all of them when the games end first).
    pub(crate) plies: Vec<LinePly>,
    /// The 1-based ply at which the line differs from every game not lost from its seat.
    pub(crate) parting_ply: usize,
    /// Our player's last ply at or before the parting ply; `None` when it had none (an opponent
    /// that varied its first moves, or no game not lost to compare with).
    pub(crate) decided_ply: Option<usize>,
    /// The numbers of its games, in order.
    pub(crate) games: Vec<u32>,
    /// Why its games ended, each distinct reason once, in the order of the games.
    pub(crate) reasons: Vec<String>,
}

/// What a folder's games show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Analysis {
    /// Games read.
    pub(crate) games: usize,
    /// Games our player won.
    pub(crate) won: usize,
    /// Games drawn.
    pub(crate) drawn: usize,
    /// Games our player lost.
    pub(crate) lost: usize,
    /// Games won, drawn and lost by our player in each seat (Player 1 first).
    pub(crate) by_seat: [[usize; 3]; 2],
    /// Distinct games: different seat of ours or plies.
    pub(crate) distinct_games: usize,
    /// Every lost line, the most often lost first (then by its first game).
    pub(crate) lines: Vec<LostLine>,
}

impl Analysis {
    /// The lines lost more than once.
    pub(crate) fn repeated(&self) -> impl Iterator<Item = &LostLine> {
        self.lines.iter().filter(|line| line.games.len() > 1)
    }
}

/// The games not lost from one seat, as a tree of their plies: each node a run of first plies
/// that some game not lost played.
#[derive(Default)]
struct PrefixTree {
    children: FxHashMap<(usize, LinePly), usize>,
    nodes: usize,
}

impl PrefixTree {
    fn insert(&mut self, plies: &[LinePly]) {
        let mut node = 0;
        for ply in plies {
            let next = self.nodes + 1;
            node = *self.children.entry((node, ply.clone())).or_insert(next);
            self.nodes = self.nodes.max(node);
        }
    }

    /// How many first plies of `plies` some inserted game shares.
    fn shared(&self, plies: &[LinePly]) -> usize {
        let mut node = 0;
        for (i, ply) in plies.iter().enumerate() {
            match self.children.get(&(node, ply.clone())) {
                Some(&next) => node = next,
                None => return i,
            }
        }
        plies.len()
    }
}

/// Counts a folder's games and finds its lost lines (see the module's documentation).
pub(crate) fn analyse(games: &[PlayedGame]) -> Analysis {
    let mut analysis = Analysis {
        games: games.len(),
        ..Analysis::default()
    };
    let mut not_lost: [PrefixTree; 2] = Default::default();
    let mut distinct = FxHashSet::default();
    for game in games {
        let column = match game.outcome {
            Outcome::Won => {
                analysis.won += 1;
                0
            }
            Outcome::Drawn => {
                analysis.drawn += 1;
                1
            }
            Outcome::Lost => {
                analysis.lost += 1;
                2
            }
        };
        analysis.by_seat[game.ours.index()][column] += 1;
        if game.outcome != Outcome::Lost {
            not_lost[game.ours.index()].insert(&game.plies);
        }
        distinct.insert((game.ours, &game.plies));
    }
    analysis.distinct_games = distinct.len();
    // Lines by their seat and plies up to the parting ply, in the order of their first game.
    let mut index: FxHashMap<(Seat, &[LinePly]), usize> = FxHashMap::default();
    for game in games.iter().filter(|g| g.outcome == Outcome::Lost) {
        let shared = not_lost[game.ours.index()].shared(&game.plies);
        let parting_ply = shared + 1;
        let plies = &game.plies[..parting_ply.min(game.plies.len())];
        let next = analysis.lines.len();
        let at = *index.entry((game.ours, plies)).or_insert(next);
        if at == next {
            analysis.lines.push(LostLine {
                ours: game.ours,
                plies: plies.to_vec(),
                parting_ply,
                decided_ply: decided_ply(&game.plies, game.ours, parting_ply),
                games: Vec::new(),
                reasons: Vec::new(),
            });
        }
        let line = &mut analysis.lines[at];
        line.games.push(game.number);
        if !line.reasons.contains(&game.reason) {
            line.reasons.push(game.reason.clone());
        }
    }
    // A stable sort keeps the order of the first games among lines lost equally often.
    analysis
        .lines
        .sort_by_key(|line| std::cmp::Reverse(line.games.len()));
    analysis
}

/// Our player's last ply at or before `parting_ply` (1-based); a parting ply past the last ply
/// is a reply of ours that never came (the game was lost by a fault there).
fn decided_ply(plies: &[LinePly], ours: Seat, parting_ply: usize) -> Option<usize> {
    if parting_ply > plies.len() {
        return Some(parting_ply);
    }
    (1..=parting_ply)
        .rev()
        .find(|&ply| plies[ply - 1].seat == ours && !plies[ply - 1].opening)
}

/// Which player of a match the lines are read for (`--ours`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Player {
    /// Player 1 in the odd games.
    #[value(name = "A")]
    A,
    /// Player 1 in the even games.
    #[value(name = "B")]
    B,
}

impl Player {
    /// This player's seat in game `number`.
    pub(crate) fn seat(self, number: u32) -> Seat {
        let a = if number % 2 == 1 {
            Seat::First
        } else {
            Seat::Second
        };
        match self {
            Player::A => a,
            Player::B => a.other(),
        }
    }
}

/// A folder's games as read, with the commands of our player and its opponent.
#[derive(Clone, Debug, Default)]
pub(crate) struct Folder {
    /// The games read whole, by number.
    pub(crate) games: Vec<PlayedGame>,
    /// Our player's command and the opponent's, from the first game read.
    pub(crate) commands: Option<[String; 2]>,
    /// The records left out, each with its problem: `DIR/game-3.txt: line 7: ...`.
    pub(crate) problems: Vec<String>,
}

/// Why `lines` could not run.
#[derive(Debug)]
pub(crate) enum LinesError {
    /// A bad command line, or `--help` (`clap`'s message).
    Command(clap::Error),
    /// A folder that could not be read.
    File(FileError),
    /// A folder without any record (the folder).
    NoRecords(PathBuf),
    /// A folder holding the games of different players: the folder, then the first record read
    /// and its commands (ours, the opponent's), and a record with others.
    MixedPlayers(PathBuf, Box<[(String, [String; 2]); 2]>),
}

impl fmt::Display for LinesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinesError::Command(error) => write!(f, "{}", error.render()),
            LinesError::File(error) => write!(f, "{error}"),
            LinesError::NoRecords(dir) => write!(
                f,
                "the record folder {} holds no record game-<k>.txt",
                dir.display()
            ),
            LinesError::MixedPlayers(dir, games) => {
                let [(first, [ours, theirs]), (other, [ours2, theirs2])] = &**games;
                write!(
                    f,
                    "the record folder {} holds the games of different players: {first} has \
                     ours '{ours}' against '{theirs}', {other} ours '{ours2}' against \
                     '{theirs2}' (lines reads one match a folder: give each its own --record-dir)",
                    dir.display()
                )
            }
        }
    }
}

impl std::error::Error for LinesError {}

/// The game number of a record's file name, `game-<k>.txt`.
fn record_number(name: &str) -> Option<u32> {
    let digits = name.strip_prefix("game-")?.strip_suffix(".txt")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&k| k > 0)
}

/// Whether the commands `a` of game `game_a` and `b` of game `game_b` are one player's: equal,
/// but where `{seed}` or `{game}` put their numbers. Each run of digits must then be equal, or
/// be the games' numbers (`{game}`), or differ as the games' pairs do (`{seed}`, the match's
/// seed plus the pair).
fn same_player(a: &str, game_a: u32, b: &str, game_b: u32) -> bool {
    /// The runs of digits and of other characters, in order.
    fn runs(text: &str) -> Vec<&str> {
        let mut runs = Vec::new();
        let mut start = 0;
        let mut digits = None;
        for (i, c) in text.char_indices() {
            let digit = c.is_ascii_digit();
            if digits.is_some_and(|before| before != digit) {
                runs.push(&text[start..i]);
                start = i;
            }
            digits = Some(digit);
        }
        if !text.is_empty() {
            runs.push(&text[start..]);
        }
        runs
    }
    let (runs_a, runs_b) = (runs(a), runs(b));
    let pair = |game: u32| i128::from(game.div_ceil(2));
    runs_a.len() == runs_b.len()
        && runs_a.iter().zip(&runs_b).all(|(x, y)| {
            if x == y {
                return true;
            }
            match (x.parse::<u128>(), y.parse::<u128>()) {
                (Ok(x), Ok(y)) => {
                    let (x, y) = (x as i128, y as i128);
                    (x, y) == (i128::from(game_a), i128::from(game_b))
                        || x - pair(game_a) == y - pair(game_b)
                }
                _ => false,
            }
        })
}

/// Reads every record `game-<k>.txt` of `dir`, a match of `G`, for `player`. A record that
/// cannot be read whole, or whose plies or result the rules refuse, is left out with its
/// problem; a folder whose records have different players is refused.
pub(crate) fn read_folder<G: Game>(dir: &Path, player: Player) -> Result<Folder, LinesError> {
    let game = G::NAME;
    let file_error = |error| LinesError::File(FileError::new("read the record folder", dir, error));
    let mut records = Vec::new();
    for entry in fs::read_dir(dir).map_err(file_error)? {
        let entry = entry.map_err(file_error)?;
        if let Some(number) = entry.file_name().to_str().and_then(record_number) {
            records.push((number, entry.path()));
        }
    }
    if records.is_empty() {
        return Err(LinesError::NoRecords(dir.to_path_buf()));
    }
    records.sort();
    let mut folder = Folder::default();
    // The first record read whole: its name, number and commands (ours, the opponent's).
    let mut first: Option<(String, u32, [String; 2])> = None;
    for (number, path) in records {
        let text = match read_input(&path, "the record") {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(error) => {
                folder.problems.push(error.to_string());
                continue;
            }
        };
        let record = parse_record(&text);
        let mut problems: Vec<String> = record.problems.iter().map(|p| p.to_string()).collect();
        if problems.is_empty() && record.game != game {
            problems.push(format!(
                "line 1: a record of {}, not of {game}",
                record.game
            ));
        }
        if problems.is_empty() {
            // A result the rules contradict, or a ply they refuse, is not counted.
            problems.extend(rules_problems::<G>(&record).iter().map(|p| p.to_string()));
        }
        let Some(result) = record.result.filter(|_| problems.is_empty()) else {
            for problem in problems {
                folder
                    .problems
                    .push(format!("{}: {problem}", path.display()));
            }
            continue;
        };
        let ours = player.seat(number);
        let outcome = match result.winner {
            None => Outcome::Drawn,
            Some(seat) if seat == ours => Outcome::Won,
            Some(_) => Outcome::Lost,
        };
        let [p1, p2] = record.players.clone();
        let commands = ours.pick([p1.clone(), p2.clone()], [p2, p1]);
        let name = path
            .file_name()
            .map_or(String::new(), |name| name.to_string_lossy().into_owned());
        match &first {
            None => {
                first = Some((name, number, commands.clone()));
                folder.commands = Some(commands);
            }
            Some((first_name, first_number, first_commands)) => {
                let same = (0..2)
                    .all(|i| same_player(&first_commands[i], *first_number, &commands[i], number));
                if !same {
                    return Err(LinesError::MixedPlayers(
                        dir.to_path_buf(),
                        Box::new([
                            (first_name.clone(), first_commands.clone()),
                            (name, commands),
                        ]),
                    ));
                }
            }
        }
        let opening = record.opening.iter().map(|ply| (ply, true));
        let plies = opening
            .chain(record.plies.iter().map(|ply| (ply, false)))
            .map(|(ply, opening)| LinePly {
                seat: ply.seat,
                reply: ply.line.clone(),
                opening,
            })
            .collect();
        folder.games.push(PlayedGame {
            number,
            ours,
            plies,
            outcome,
            reason: result.reason,
        });
    }
    Ok(folder)
}

/// The plies as an opening is written: replies in the game's notation, comma-separated.
pub(crate) fn plies_text(plies: &[LinePly]) -> String {
    let replies: Vec<&str> = plies.iter().map(|ply| ply.reply.as_str()).collect();
    replies.join(", ")
}

/// The report of one folder: a line of counts, the commands, and each line lost more than once
/// (every lost line with `all`).
pub(crate) fn report(dir: &Path, folder: &Folder, all: bool) -> String {
    let analysis = analyse(&folder.games);
    let name = dir
        .file_name()
        .map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into());
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{name}: games={} won={} drawn={} lost={} as_p1={} as_p2={} distinct_games={} lost_lines={} repeated={} ({})",
        analysis.games,
        analysis.won,
        analysis.drawn,
        analysis.lost,
        score(analysis.by_seat[0]),
        score(analysis.by_seat[1]),
        analysis.distinct_games,
        analysis.lines.len(),
        analysis.repeated().count(),
        dir.display(),
    );
    if let Some([ours, opponent]) = &folder.commands {
        let _ = writeln!(text, "  ours: {ours}");
        let _ = writeln!(text, "  opponent: {opponent}");
    }
    for line in &analysis.lines {
        if !all && line.games.len() < 2 {
            continue;
        }
        let games: Vec<String> = line.games.iter().map(u32::to_string).collect();
        let parting = match line.plies.get(line.parting_ply - 1) {
            Some(ply) if ply.seat == line.ours => format!("ply {} (ours)", line.parting_ply),
            Some(_) => format!("ply {} (the opponent's)", line.parting_ply),
            None => format!("ply {} (ours, never played)", line.parting_ply),
        };
        let decided = match line.decided_ply {
            Some(ply) => format!("decided at ply {ply}"),
            None => "decided before our first ply".to_string(),
        };
        let times = match line.games.len() {
            1 => "once".to_string(),
            n => format!("{n} times"),
        };
        let _ = writeln!(
            text,
            "  lost {times} as {}: games {}; parts at {parting}; {decided}",
            line.ours,
            games.join(" "),
        );
        let plies = match plies_text(&line.plies) {
            none if none.is_empty() => "(none)".to_string(),
            plies => plies,
        };
        let _ = writeln!(text, "    plies: {plies}");
        for reason in &line.reasons {
            let _ = writeln!(text, "    reason: {reason}");
        }
    }
    text
}

/// Games won, drawn and lost: `5-1-4`.
fn score([won, drawn, lost]: [usize; 3]) -> String {
    format!("{won}-{drawn}-{lost}")
}

/// `lines`'s command line.
#[derive(Parser, Debug)]
struct LinesArgs {
    /// the player read for: A, Player 1 in the odd games, or B
    #[arg(
        long,
        value_name = "A|B",
        default_value = "A",
        hide_possible_values = true
    )]
    ours: Player,
    /// every lost line, also those lost once
    #[arg(long)]
    all: bool,
    /// the record folders (--record-dir), one per opponent
    #[arg(value_name = "DIR", required = true)]
    dirs: Vec<PathBuf>,
}

/// `lines`'s command for `game`, with its help.
pub(crate) fn lines_command(game: &str) -> clap::Command {
    subcommand::<LinesArgs>(game, "lines", "[--ours A|B] [--all] DIR...")
        .about(
            "Reads the records of matches (game-<k>.txt, as --record-dir writes them; one folder \
             per opponent) and prints for each folder the games our player (A: Player 1 in the \
             odd games) won, drew and lost, in all and in each seat, the distinct games and lost \
             lines, and every line lost more than once: its games, our seat, its plies up to the \
             ply where it parts from every game not lost from that seat, and the ply where it was \
             decided (our last ply at or before it).",
        )
        .after_help(
            "Records that cannot be read whole, or whose plies or result the game's rules refuse, \
             are named on stderr and left out (exit status 1); a folder that cannot be read, \
             holds no record or holds the records of different players stops with exit status 2.",
        )
}

/// The options of `lines` (the words after `lines`): the folders, the player read for and
/// whether every lost line is printed.
fn parse_args(game: &str, args: &[String]) -> Result<LinesArgs, LinesError> {
    parse_words(&mut lines_command(game), args).map_err(LinesError::Command)
}

/// What `lines` prints: the report of every folder (standard output) and the records left out
/// (standard error).
pub(crate) fn run<G: Game>(args: &[String]) -> Result<(String, Vec<String>), LinesError> {
    let options = parse_args(G::NAME, args)?;
    let mut text = String::new();
    let mut problems = Vec::new();
    for dir in &options.dirs {
        let folder = read_folder::<G>(dir, options.ours)?;
        text.push_str(&report(dir, &folder, options.all));
        problems.extend(folder.problems);
    }
    Ok((text, problems))
}

/// The `lines` subcommand of every `<game>-referee`.
pub(crate) fn main<G: Game>(args: &[String]) -> ExitCode {
    let program = format!("{}-referee lines", G::NAME);
    match run::<G>(args) {
        Ok((text, problems)) => {
            print!("{text}");
            for problem in &problems {
                eprintln!("{program}: left out {problem}");
            }
            if problems.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(LinesError::Command(error)) => print_clap(&program, &error),
        Err(error) => {
            eprintln!("{program}: {error}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::command_line::one_line;
    use crate::runner::command_line::unwrapped;
    use crate::runner::records::files::tests::scratch;
    use crate::runner::records::replay::tests::CountGame;

    /// A ply of a player (`opening` false).
    fn ply(seat: u8, reply: &str) -> LinePly {
        LinePly {
            seat: if seat == 1 { Seat::First } else { Seat::Second },
            reply: reply.to_string(),
            opening: false,
        }
    }

    /// Game `number` with plies alternating from Player 1, seen from player A.
    fn game(number: u32, replies: &[&str], outcome: Outcome, reason: &str) -> PlayedGame {
        PlayedGame {
            number,
            ours: Player::A.seat(number),
            plies: (0..replies.len())
                .map(|i| ply(1 + (i % 2) as u8, replies[i]))
                .collect(),
            outcome,
            reason: reason.to_string(),
        }
    }

    fn replies(plies: &[LinePly]) -> Vec<&str> {
        plies.iter().map(|ply| ply.reply.as_str()).collect()
    }

    #[test]
    fn losses_that_agree_up_to_where_they_part_are_one_line_lost_twice() {
        let games = [
            game(1, &["a", "x", "b", "y"], Outcome::Won, "won"),
            game(3, &["a", "x", "c", "z", "d"], Outcome::Lost, "five"),
            game(5, &["a", "x", "c", "z", "e", "f"], Outcome::Lost, "six"),
            game(7, &["a", "w", "g"], Outcome::Lost, "five"),
            game(2, &["q", "r"], Outcome::Lost, "two"),
            game(9, &["a", "x", "b", "y"], Outcome::Drawn, "drawn"),
        ];
        let analysis = analyse(&games);
        assert_eq!(
            (analysis.games, analysis.won, analysis.drawn, analysis.lost),
            (6, 1, 1, 4)
        );
        assert_eq!(analysis.lines.len(), 3);
        let repeated: Vec<&LostLine> = analysis.repeated().collect();
        assert_eq!(repeated.len(), 1);
        let line = repeated[0];
        assert_eq!(line.games, [3, 5]);
        assert_eq!(line.ours, Seat::First);
        assert_eq!(replies(&line.plies), ["a", "x", "c"]);
        // Our third ply, c, is where both part from the won and the drawn game.
        assert_eq!((line.parting_ply, line.decided_ply), (3, Some(3)));
        assert_eq!(line.reasons, ["five", "six"]);
        // The opponent's w parts at ply 2: our last ply before it, ply 1, decided.
        let opponent_varied = &analysis.lines[1];
        assert_eq!(opponent_varied.games, [7]);
        assert_eq!(replies(&opponent_varied.plies), ["a", "w"]);
        assert_eq!(
            (opponent_varied.parting_ply, opponent_varied.decided_ply),
            (2, Some(1))
        );
        // No game of our Player 2 was won: the opponent's first ply parts, before any of ours.
        let no_win = &analysis.lines[2];
        assert_eq!(
            (no_win.ours, no_win.games.as_slice()),
            (Seat::Second, &[2][..])
        );
        assert_eq!((no_win.parting_ply, no_win.decided_ply), (1, None));
        assert_eq!(replies(&no_win.plies), ["q"]);
        let folder = Folder {
            games: games.to_vec(),
            commands: Some(["us".into(), "them".into()]),
            problems: Vec::new(),
        };
        assert_eq!(
            report(Path::new("m/them"), &folder, true),
            "them: games=6 won=1 drawn=1 lost=4 as_p1=1-1-3 as_p2=0-0-1 distinct_games=5 lost_lines=3 repeated=1 (m/them)\n\
             \x20 ours: us\n  opponent: them\n\
             \x20 lost 2 times as p1: games 3 5; parts at ply 3 (ours); decided at ply 3\n\
             \x20   plies: a, x, c\n    reason: five\n    reason: six\n\
             \x20 lost once as p1: games 7; parts at ply 2 (the opponent's); decided at ply 1\n\
             \x20   plies: a, w\n    reason: five\n\
             \x20 lost once as p2: games 2; parts at ply 1 (the opponent's); decided before our first ply\n\
             \x20   plies: q\n    reason: two\n"
        );
    }

    #[test]
    fn distinct_games_count_each_sequence_of_plies_once_per_seat_of_ours() {
        let games = [
            game(1, &["a", "b"], Outcome::Won, "won"),
            game(3, &["a", "b"], Outcome::Won, "won"),
            game(5, &["a", "c"], Outcome::Won, "won"),
            // The same plies with ours in the other seat are another game for us, and a loss
            // there is not hidden by the win from the first seat.
            game(2, &["a", "b"], Outcome::Lost, "lost"),
            game(4, &["a", "b"], Outcome::Lost, "lost"),
        ];
        let analysis = analyse(&games);
        assert_eq!(analysis.distinct_games, 3);
        assert_eq!(analysis.lines.len(), 1);
        assert_eq!(analysis.lines[0].games, [2, 4]);
        assert_eq!(analysis.lines[0].ours, Seat::Second);
        assert_eq!(analysis.lines[0].parting_ply, 1);
    }

    #[test]
    fn a_loss_by_a_fault_after_the_plies_of_a_won_game_parts_after_its_last_ply() {
        let games = [
            game(1, &["a", "x", "b", "y"], Outcome::Won, "won"),
            game(
                3,
                &["a", "x"],
                Outcome::Lost,
                "timeout: p1 gave no reply within 100 ms",
            ),
        ];
        let line = &analyse(&games).lines[0];
        assert_eq!(replies(&line.plies), ["a", "x"]);
        assert_eq!((line.parting_ply, line.decided_ply), (3, Some(3)));
        let folder = Folder {
            games: games.to_vec(),
            ..Folder::default()
        };
        let text = report(Path::new("m/timeouts"), &folder, true);
        assert!(
            text.contains(
                "lost once as p1: games 3; parts at ply 3 (ours, never played); decided at ply 3"
            ),
            "{text}"
        );
    }

    #[test]
    fn the_plies_of_an_opening_never_decide_a_game() {
        let mut lost = game(1, &["o", "p", "a", "b"], Outcome::Lost, "lost");
        lost.plies[0].opening = true;
        lost.plies[1].opening = true;
        let mut varied = lost.clone();
        varied.number = 3;
        varied.plies[0].reply = "other".to_string();
        let analysis = analyse(&[lost, varied]);
        assert_eq!(analysis.lines.len(), 2);
        assert_eq!(analysis.lines[0].parting_ply, 1);
        assert_eq!(analysis.lines[0].decided_ply, None);
    }

    fn record(game: &str, plies: &[&str], result: &str) -> String {
        let mut text = format!("# {game}\n# p1: bot one\n# p2: bot two\n");
        for ply in plies {
            let _ = writeln!(text, "{ply}\n# time: 5");
        }
        let _ = writeln!(text, "# result: {result}");
        text
    }

    /// `text`, a record of [`record`], with bot one seated as A is in the game named `name`:
    /// Player 1 in the odd games, Player 2 in the even ones.
    fn seated(name: &str, text: &str) -> String {
        match record_number(name) {
            Some(number) if number % 2 == 0 => text.replace(
                "# p1: bot one\n# p2: bot two\n",
                "# p1: bot two\n# p2: bot one\n",
            ),
            _ => text.to_string(),
        }
    }

    #[test]
    fn a_record_whose_plies_or_result_the_rules_refuse_is_left_out() {
        let dir = scratch("lines-rules");
        let write = |name: &str, text: &str| fs::write(dir.join(name), seated(name, text)).unwrap();
        write(
            "game-1.txt",
            &record("count", &["1 2", "2 1", "1 2"], "p1 reached five"),
        );
        // The rules end game 3 with Player 1's win, not Player 2's: a greedy engine that lost
        // would be counted a winner.
        write(
            "game-3.txt",
            &record("count", &["1 2", "2 1", "1 2"], "p2 reached five"),
        );
        // A step the rules refuse, and a ply out of turn.
        write(
            "game-5.txt",
            &record("count", &["1 2", "2 3", "1 2"], "p2 reached five"),
        );
        write(
            "game-7.txt",
            &record("count", &["1 2", "1 1", "2 2"], "p2 reached five"),
        );
        let (text, problems) = run::<CountGame>(&[dir.display().to_string()]).unwrap();
        assert!(text.contains(": games=1 won=1 drawn=0 lost=0 "), "{text}");
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(
            problems[0].ends_with(
                "game-3.txt: line 10: the record gives 'p2', but the rules end the game with \
                 'p1' (reached five)"
            ),
            "{}",
            problems[0]
        );
        assert!(
            problems[1].contains("game-5.txt: line 6: malformed move"),
            "{}",
            problems[1]
        );
        assert!(
            problems[2].ends_with("game-7.txt: line 6: p1 replied, but p2 was to move"),
            "{}",
            problems[2]
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_folder_of_different_players_is_refused_and_seeds_and_game_numbers_may_differ() {
        let dir = scratch("lines-players");
        let plies = ["1 2", "2 1", "1 2"];
        // A match of `{seed}` (--seed 7) and `{game}` players: pair k's seed is 7 + k.
        for (number, a, b) in [
            (1, "bot --seed 8", "other 1"),
            (2, "bot --seed 8", "other 2"),
            (3, "bot --seed 9", "other 3"),
            (12, "bot --seed 13", "other 12"),
        ] {
            let (p1, p2) = if number % 2 == 1 { (a, b) } else { (b, a) };
            let text = record("count", &plies, "p1 reached five")
                .replace("bot one", p1)
                .replace("bot two", p2);
            fs::write(dir.join(format!("game-{number}.txt")), text).unwrap();
        }
        let args = [dir.display().to_string()];
        let (text, problems) = run::<CountGame>(&args).unwrap();
        assert!(problems.is_empty(), "{problems:?}");
        assert!(text.contains(": games=4 "), "{text}");
        assert!(text.contains("\n  ours: bot --seed 8\n"), "{text}");
        // An earlier match's records left in the folder: game 5 of another player.
        let other = record("count", &plies, "p1 reached five").replace("bot one", "greedy");
        fs::write(dir.join("game-5.txt"), other.replace("bot two", "other 5")).unwrap();
        let message = run::<CountGame>(&args).unwrap_err().to_string();
        assert_eq!(
            message,
            format!(
                "the record folder {} holds the games of different players: game-1.txt has \
                 ours 'bot --seed 8' against 'other 1', game-5.txt ours 'greedy' against \
                 'other 5' (lines reads one match a folder: give each its own --record-dir)",
                dir.display()
            )
        );
        assert!(same_player("a 7 b", 1, "a 7 b", 9));
        assert!(!same_player(
            "bot --movetime 50",
            1,
            "bot --movetime 100",
            3
        ));
        assert!(!same_player("bot", 1, "bot --x", 1));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_record_that_is_not_a_file_is_left_out_without_being_read() {
        let dir = scratch("lines-fifo");
        fs::write(
            dir.join("game-1.txt"),
            record("count", &["1 2", "2 1", "1 2"], "p1 reached five"),
        )
        .unwrap();
        crate::runner::records::files::tests::fifo(&dir.join("game-3.txt"));
        let args = [dir.display().to_string()];
        let (text, problems) =
            crate::runner::records::files::tests::within_ten_seconds(move || {
                run::<CountGame>(&args).unwrap()
            });
        assert!(text.contains(": games=1 "), "{text}");
        assert_eq!(
            problems,
            [format!(
                "cannot read the record {}: a FIFO (named pipe), not a regular file",
                dir.join("game-3.txt").display()
            )]
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_record_folder_is_read_with_a_seated_by_the_game_numbers() {
        let dir = scratch("lines-folder");
        let write = |name: &str, text: &str| fs::write(dir.join(name), seated(name, text)).unwrap();
        // A (bot one in the odd games) wins game 1, loses 3 and 5 the same way, draws 2 as p2.
        write(
            "game-1.txt",
            &record("count", &["1 2", "2 1", "1 2"], "p1 reached five"),
        );
        write(
            "game-3.txt",
            &record("count", &["1 1", "2 2", "1 1", "2 1"], "p2 reached five"),
        );
        write(
            "game-5.txt",
            &record("count", &["1 1", "2 2", "1 1", "2 1"], "p2 reached five"),
        );
        write(
            "game-2.txt",
            &record("count", &["1 2", "2 2"], "draw agreed"),
        );
        write(
            "game-4.txt",
            &record("count", &["1 2", "2 1"], "p1 reached five"),
        );
        write("game-1-p1.stderr", "not a record\n");
        write("notes.txt", "not a record either\n");
        // Left out, each named with its line: garbage, a truncated record, another game's.
        write("game-6.txt", "\u{0}\u{1}garbage");
        write("game-7.txt", &record("count", &["1 2"], "p1 won")[..30]);
        write("game-8.txt", &record("krieg", &["1 2"], "p1 won"));
        let args = [dir.display().to_string()];
        let (text, problems) = run::<CountGame>(&args).unwrap();
        assert!(
            text.starts_with(&format!(
                "referee-lines-folder-{}: games=5 won=1 drawn=1 lost=3 as_p1=1-0-2 as_p2=0-1-1 distinct_games=4 lost_lines=2 repeated=1 (",
                std::process::id()
            )),
            "{text}"
        );
        assert!(
            text.contains("\n  ours: bot one\n  opponent: bot two\n"),
            "{text}"
        );
        assert!(
            text.contains(
                "  lost 2 times as p1: games 3 5; parts at ply 1 (ours); decided at ply 1\n    \
                 plies: 1\n    reason: reached five\n"
            ),
            "{text}"
        );
        // Game 4, lost as p2 once, shows only with --all.
        assert!(!text.contains("games 4;"), "{text}");
        let all = [args[0].clone(), "--all".into()];
        let (text, _) = run::<CountGame>(&all).unwrap();
        assert!(
            text.contains("  lost once as p2: games 4; parts at ply 2 (ours); decided at ply 2\n"),
            "{text}"
        );
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].ends_with("game-6.txt: line 1: not a record: expected '# <game>'"));
        assert!(problems[1].contains("game-7.txt: line "), "{}", problems[1]);
        assert!(problems[1].contains("truncated"), "{}", problems[1]);
        assert!(problems[2].ends_with("game-8.txt: line 1: a record of krieg, not of count"));
        // Read for B, the games' wins and losses swap.
        let for_b = ["--ours".into(), "B".into(), args[0].clone()];
        let (text, _) = run::<CountGame>(&for_b).unwrap();
        assert!(
            text.contains(": games=5 won=3 drawn=1 lost=1 as_p1=1-1-0 as_p2=2-0-1 "),
            "{text}"
        );
        assert!(
            text.contains("\n  ours: bot two\n  opponent: bot one\n"),
            "{text}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn folders_and_command_lines_that_cannot_be_read_are_refused() {
        let empty = scratch("lines-empty");
        fs::write(empty.join("game-1-p1.stderr"), "").unwrap();
        let message = |args: &[&str]| {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            match run::<CountGame>(&args).unwrap_err() {
                LinesError::Command(error) => one_line(&error),
                error => error.to_string(),
            }
        };
        let empty_name = empty.display().to_string();
        assert_eq!(
            message(&[&empty_name]),
            format!("the record folder {empty_name} holds no record game-<k>.txt")
        );
        let missing = empty.join("missing").display().to_string();
        assert_eq!(
            message(&[&missing]),
            format!("cannot read the record folder {missing}: No such file or directory")
        );
        fs::remove_dir_all(&empty).unwrap();
    }

    #[test]
    fn a_bad_command_line_is_refused_on_one_line_with_clap_s_tip() {
        let message = |args: &[&str]| {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            match run::<CountGame>(&args).unwrap_err() {
                LinesError::Command(error) => {
                    assert!(error.use_stderr(), "{args:?} is refused, not helped");
                    one_line(&error)
                }
                error => panic!("{args:?}: not a command-line error: {error}"),
            }
        };
        let refusals: [(&[&str], &str); 5] = [
            (
                &[],
                "the following required arguments were not provided: <DIR>...",
            ),
            (
                &["--ours", "C", "x"],
                "invalid value 'C' for '--ours <A|B>'; [possible values: A, B]",
            ),
            (
                &["--ours"],
                "a value is required for '--ours <A|B>' but none was supplied; [possible values: \
                 A, B]",
            ),
            (
                &["--al", "x"],
                "unexpected argument '--al' found; a similar argument exists: '--all'",
            ),
            (
                &["--games", "x"],
                "unexpected argument '--games' found; to pass '--games' as a value, use '-- \
                 --games'",
            ),
        ];
        for (args, expected) in refusals {
            assert_eq!(message(args), expected, "{args:?}");
        }
    }

    #[test]
    fn help_is_the_usage_of_lines_whatever_else_is_given() {
        for args in [&["--help"][..], &["x", "-h"], &["--ours", "B", "--help"]] {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            let Err(LinesError::Command(error)) = run::<CountGame>(&args) else {
                panic!("{args:?} is not the help");
            };
            assert!(!error.use_stderr(), "{args:?}");
            let help = unwrapped(&error.render().to_string());
            assert!(
                help.contains("Usage: count-referee lines [--ours A|B] [--all] DIR..."),
                "{help}"
            );
            for text in ["--ours <A|B>", "--all", "every lost line", "exit status 2"] {
                assert!(help.contains(text), "{text}: {help}");
            }
        }
    }

    #[test]
    fn only_game_files_are_records() {
        assert_eq!(record_number("game-12.txt"), Some(12));
        for name in [
            "game-.txt",
            "game-0.txt",
            "game-1-p1.stderr",
            "game-x.txt",
            "game-+1.txt",
            "game-1.txt~",
        ] {
            assert_eq!(record_number(name), None, "{name}");
        }
        assert_eq!(Player::A.seat(1), Seat::First);
        assert_eq!(Player::A.seat(2), Seat::Second);
        assert_eq!(Player::B.seat(7), Seat::Second);
    }
}
