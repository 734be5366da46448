//! The command line of every `<game>-referee`, read by `clap` (its help, and its suggestion of
//! the option meant for a misspelt one), with the few checks `clap` cannot make: the players
//! given one way, `--sprt` with two of them, and two traps a contestant falls into (the bots'
//! `--movetime` given to the referee, a long option written with one dash).

use crate::runner::command_line::{parse_words, program_command};
use crate::runner::game::{DrawScore, UNSTATED_MEMORY_MB};
use crate::runner::match_play::schedule::Shard;
use crate::runner::stats::sprt::Sprt;
use clap::error::ErrorKind;
use clap::{Args, Parser};
use std::fmt;
use std::path::PathBuf;

/// A player of a match: its name in the summaries, and its shell command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entrant {
    pub(crate) name: String,
    pub(crate) command: String,
}

/// Settings of a match, as the referee's command line gives them: `clap` reads them into this
/// struct, and each field's doc is its line of `--help` (those of the contest's limits are
/// completed by [`command`] with the game's figures).
#[derive(Args, Clone, Debug, PartialEq)]
pub(crate) struct MatchOptions {
    /// games per pairing, in pairs with the seats swapped
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = positive_u32)]
    pub(crate) games: u32,
    /// per-move limit
    #[arg(long = "movetime-ms", value_name = "MS", value_parser = movetime_ms)]
    pub(crate) movetime_ms: Option<u64>,
    /// memory cap of a player
    #[arg(long = "memory-mb", value_name = "MB", value_parser = positive_u64)]
    pub(crate) memory_mb: Option<u64>,
    /// draw a game still running after N plies
    #[arg(long = "max-plies", value_name = "N", value_parser = positive_u32)]
    pub(crate) max_plies: Option<u32>,
    /// games played at once (at most 256)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = concurrency)]
    pub(crate) concurrency: u32,
    /// The players: every `--player NAME=CMD` in order, or, once the command line is read,
    /// `A` and `B` from `CMD_A CMD_B`.
    #[arg(long = "player", value_name = "NAME=CMD", value_parser = player_value,
          help = "a named player, two or more times instead of CMD_A CMD_B")]
    pub(crate) players: Vec<Entrant>,
    /// the first --player against each other one
    #[arg(long)]
    pub(crate) gauntlet: bool,
    /// stop when the SPRT of A's logistic Elo (E1 against E0, error rates A and B, default 0.05;
    /// a draw ½, whatever the contest gives it) decides, or at --games; two players only
    #[arg(long, value_name = "E0,E1[,A,B]")]
    pub(crate) sprt: Option<Sprt>,
    /// append one row per game (the input of 'merge')
    #[arg(long, value_name = "FILE.csv")]
    pub(crate) results: Option<PathBuf>,
    /// play only the games whose number is I modulo N (0 <= I < N)
    #[arg(long, value_name = "I/N")]
    pub(crate) shard: Option<Shard>,
    /// Where each game's record (`game-<k>.txt`) and each player's stderr are written.
    #[arg(
        long = "record-dir",
        value_name = "DIR",
        help = "write game-<k>.txt records and each player's stderr there"
    )]
    pub(crate) record_dir: Option<PathBuf>,
    /// What the match does with the records its `--record-dir` already holds, which it refuses
    /// without this option.
    #[arg(
        long,
        value_name = "add|replace",
        requires = "record_dir",
        hide_possible_values = true,
        help = "a --record-dir that already holds records: add this match's to them (refused \
                where it plays a game already there), or replace them (removed first)"
    )]
    pub(crate) records: Option<Records>,
    /// draw the board after every ply
    #[arg(long)]
    pub(crate) show: bool,
    /// file-based games (connect4): run both players of a game in one shared folder under their
    /// own team ids, call a failing player again (up to three calls), and swap the sides' names in
    /// even games (team 2 first)
    #[arg(long = "game-master")]
    pub(crate) game_master: bool,
    /// '{seed}' in a command becomes S+k in both games of pair k (games 2k-1 and 2k of a
    /// two-player match); '{game}' becomes the game number
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub(crate) seed: u64,
    /// write the replay page of the match there (one HTML file)
    #[arg(long, value_name = "FILE")]
    pub(crate) html: Option<PathBuf>,
    /// start the games of pair k from the opening on line k of FILE (cycling): plies in the game's
    /// notation separated by ',', '#' comments; both games of a pair from the same opening (games
    /// whose input is the whole position only: connect4, yavalath)
    #[arg(long, value_name = "FILE", conflicts_with = "random_openings")]
    pub(crate) openings: Option<PathBuf>,
    /// start each pair's games after N random plies drawn from the pair's seed
    #[arg(long = "random-openings", value_name = "N", value_parser = positive_u32)]
    pub(crate) random_openings: Option<u32>,
}

/// `--records`: what a match does with the records its `--record-dir` already holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Records {
    /// Keeps them, and adds the match's own, refused where the match plays a game whose files
    /// are there (the shards of one match, say).
    Add,
    /// Removes them (the records, the players' stderr and folders) before the first game.
    Replace,
}

/// The longest `--movetime-ms` the referee takes: a minute a move, far above any contest's limit
/// (a few seconds), beyond which a game of a hundred plies lasts hours.
pub(crate) const MAX_MOVETIME_MS: u64 = 60_000;

/// The most games played at once: a larger `--concurrency` is cut to it, with a warning.
pub(crate) const MAX_CONCURRENCY: u32 = 256;

/// The referee's command line as `clap` reads it: the match's settings and the players'
/// commands, which [`match_options`] turns into the match's players.
#[derive(Parser, Debug)]
#[command(term_width = 100)]
struct MatchArgs {
    #[command(flatten)]
    options: MatchOptions,
    /// the players' shell commands (run with sh -c): A, then B
    #[arg(value_name = "CMD_A CMD_B")]
    commands: Vec<String>,
}

/// A referee command line that could not be understood.
#[derive(Debug)]
pub(crate) enum OptionsError {
    /// What `clap` refused: an unknown option (with the one meant), an option without its
    /// value, a value that does not parse or is out of range, `--help`.
    Command(clap::Error),
    /// Not exactly two player commands, or fewer than two `--player`.
    PlayerCount(usize),
    /// A `--player` that is not `NAME=CMD` with a fresh name of letters, digits, `-`, `_`, `.`.
    BadPlayer(String),
    /// Player commands given both ways.
    MixedPlayers,
    /// `--sprt` with other than two players.
    SprtPlayers(usize),
    /// `--movetime`, the bots' option, given to the referee.
    BotMovetime,
    /// A long option written with one dash (`-games`): the word given and the option meant.
    OneDash(String, String),
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::Command(e) => write!(f, "{}", e.render()),
            OptionsError::PlayerCount(n) => write!(
                f,
                "expected two player commands (CMD_A CMD_B) or two or more --player NAME=CMD, got {n}"
            ),
            OptionsError::BadPlayer(p) => write!(
                f,
                "bad --player '{p}': expected NAME=CMD, NAME new and made of letters, digits, '-', '_' or '.'"
            ),
            OptionsError::MixedPlayers => {
                write!(f, "give players either as CMD_A CMD_B or as --player NAME=CMD, not both")
            }
            OptionsError::SprtPlayers(n) => {
                write!(f, "--sprt compares two players; this match has {n}")
            }
            OptionsError::BotMovetime => write!(
                f,
                "'--movetime' is the bots' option: the referee's per-move limit is \
                 --movetime-ms MS; a bot's own budget goes inside its command \
                 (\"GAME-bot --movetime 50\")"
            ),
            OptionsError::OneDash(given, meant) => {
                write!(f, "'{given}' has one dash: the option is '{meant}'")
            }
        }
    }
}

impl std::error::Error for OptionsError {}

impl OptionsError {
    /// True for `--help`, whose text is printed on stdout with exit status 0.
    #[cfg(test)]
    pub(crate) fn is_help(&self) -> bool {
        matches!(self, OptionsError::Command(e) if e.kind() == ErrorKind::DisplayHelp)
    }

    /// The error as `clap` prints its own (`error: ...`, the usage, the hint of `--help`), for
    /// the referee named in `command`.
    pub(crate) fn into_clap(self, command: &mut clap::Command) -> clap::Error {
        // The game's own bot in the example of --movetime.
        let bot = format!("{}-bot", command.get_name().trim_end_matches("-referee"));
        match self {
            OptionsError::Command(error) => error,
            other => {
                let message = other.to_string().replace("GAME-bot", &bot);
                command.error(ErrorKind::ValueValidation, message)
            }
        }
    }
}

/// Reads `--player NAME=CMD`.
pub(crate) fn parse_player(text: &str) -> Result<Entrant, OptionsError> {
    let bad = || OptionsError::BadPlayer(text.to_string());
    let (name, command) = text.split_once('=').ok_or_else(bad)?;
    let name_ok = !name.is_empty()
        && name.len() <= 40
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    if !name_ok || command.trim().is_empty() {
        return Err(bad());
    }
    Ok(Entrant {
        name: name.to_string(),
        command: command.to_string(),
    })
}

fn player_value(text: &str) -> Result<Entrant, String> {
    parse_player(text).map_err(|e| e.to_string())
}

pub(crate) fn positive_u64(text: &str) -> Result<u64, String> {
    let n: u64 = text
        .parse()
        .map_err(|_| "expected a whole number".to_string())?;
    if n == 0 || n > u64::from(u32::MAX) {
        return Err(format!("expected a whole number from 1 to {}", u32::MAX));
    }
    Ok(n)
}

pub(crate) fn positive_u32(text: &str) -> Result<u32, String> {
    positive_u64(text).map(|n| n as u32)
}

/// `--concurrency`: a whole number from 1, kept as asked (the run plays at most
/// [`MAX_CONCURRENCY`] games at once, and says so).
pub(crate) fn concurrency(text: &str) -> Result<u32, String> {
    positive_u32(text)
}

/// `--movetime-ms`: from 1 ms to [`MAX_MOVETIME_MS`], each bound with its reason.
pub(crate) fn movetime_ms(text: &str) -> Result<u64, String> {
    let ms: u64 = text
        .parse()
        .map_err(|_| "expected a whole number of milliseconds".to_string())?;
    if ms == 0 {
        return Err("0 ms leaves a player no time to reply: give 1 or more".into());
    }
    if ms > MAX_MOVETIME_MS {
        return Err(format!(
            "{} s a move is over the referee's most, {MAX_MOVETIME_MS} ms (a minute): a \
             contest's limit is a few seconds, and a game of a hundred plies would last hours",
            ms / 1000
        ));
    }
    Ok(ms)
}

/// The referee's command, with `game`'s name and the contest's defaults in its help: its
/// per-move limit, and its memory cap, `None` where the contest states none (the referee's own
/// cap, `UNSTATED_MEMORY_MB`, is then the default), and what its draw is worth.
pub(crate) fn command(
    game: &str,
    movetime_ms: u64,
    memory_mb: Option<u64>,
    max_plies: Option<u32>,
    draw: DrawScore,
) -> clap::Command {
    let memory = match memory_mb {
        Some(mb) => format!("{mb}, the contest's"),
        None => format!("{UNSTATED_MEMORY_MB}, ours: the contest states no memory limit"),
    };
    let plies = match max_plies {
        Some(n) => format!("{n}"),
        None => "none: the rules end every game".to_string(),
    };
    let referee = format!("{game}-referee");
    program_command::<MatchArgs>(&referee)
        .override_usage(format!(
            "{referee} [OPTIONS] CMD_A CMD_B\n       \
             {referee} [OPTIONS] --player NAME=CMD --player NAME=CMD [--player NAME=CMD ...]\n       \
             {referee} merge|view|league ... (each with its own --help)"
        ))
        .about(about(game))
        .after_help(after_help(&referee, game, draw))
        .mut_arg("movetime_ms", |arg| {
            arg.help(format!(
                "per-move limit, from 1 to {MAX_MOVETIME_MS} [default: {movetime_ms}, the contest's]"
            ))
        })
        .mut_arg("memory_mb", |arg| {
            arg.help(format!(
                "memory cap of a player: the peak resident set of its largest process \
                 [default: {memory}]"
            ))
        })
        .mut_arg("max_plies", |arg| {
            arg.help(format!(
                "draw a game still running after N plies [default: {plies}]"
            ))
        })
}

fn about(game: &str) -> String {
    format!(
        "Plays {game} games between players, each a shell command (run with sh -c). Games come \
         in pairs with the same seed and the seats swapped: A is Player 1 in odd games, B in \
         even games. A player that prints a malformed or illegal move, speaks out of turn, \
         answers late, exits or closes its output, or uses too much memory loses at once. Three \
         or more players play a round robin (every pairing plays --games games) or, with \
         --gauntlet, the first against each other one."
    )
}

fn after_help(referee: &str, game: &str, draw: DrawScore) -> String {
    let points = match draw {
        DrawScore::Half => String::new(),
        DrawScore::Nothing => format!(
            "\nIn {game}'s contest a draw scores 0, and so do the points: a points: A=<P> B=<P> \
             line before the summary, and points=<P>/<games> ending each standing (ranked by \
             points per game, then Elo); the score, the Elo and the SPRT count a draw ½ between \
             the two players."
        ),
    };
    format!(
        "{referee} view RECORD... [--html FILE] writes the replay page of records already written.
{referee} league DIR add|remove|run|show ... keeps a league of players and games in DIR.
{referee} merge FILE.csv... reads the rows of several --results files (the shards of one match)
and prints what the match would have printed at its end.

Two players: the last line is: summary: games=<N> a_wins=<W> draws=<D> b_wins=<L> elo=<E> ci95=<C>
Three or more: a crosstable, then standing: <rank> <name> elo=<E> ci95=<C> score=<points>/<games>{points}"
    )
}

/// The usage text of `<game>-referee` (its `--help`).
#[cfg(test)]
pub(crate) fn usage(
    game: &str,
    movetime_ms: u64,
    memory_mb: Option<u64>,
    max_plies: Option<u32>,
) -> String {
    command(game, movetime_ms, memory_mb, max_plies, DrawScore::Half)
        .render_long_help()
        .to_string()
}

/// Reads a referee's command line (the words after the program's name) with a game-neutral
/// help; see [`parse_options_with`].
#[cfg(test)]
pub(crate) fn parse_options<I, S>(args: I) -> Result<MatchOptions, OptionsError>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    parse_options_with(command("GAME", 0, None, None, DrawScore::Half), args)
}

/// Reads a referee's command line with `command` (from [`command`]); `--help` is an error too,
/// clap's, whose text goes to stdout.
pub(crate) fn parse_options_with<I, S>(
    mut command: clap::Command,
    args: I,
) -> Result<MatchOptions, OptionsError>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let args: Vec<String> = args.into_iter().map(Into::into).collect();
    check_traps(&command, &args)?;
    let parsed = parse_words(&mut command, &args).map_err(OptionsError::Command)?;
    match_options(parsed)
}

/// The traps `clap` would report without saying what was meant: the bots' `--movetime`, and a
/// long option with one dash (`-games`, which `clap` reads as `-g -a -m -e -s`).
fn check_traps(command: &clap::Command, args: &[String]) -> Result<(), OptionsError> {
    let longs: Vec<&str> = command
        .get_arguments()
        .filter_map(|a| a.get_long())
        .collect();
    for arg in args.iter().take_while(|arg| *arg != "--") {
        let word = arg.split('=').next().unwrap_or(arg);
        if word == "--movetime" || word == "-movetime" {
            return Err(OptionsError::BotMovetime);
        }
        let one_dash = word.strip_prefix('-').filter(|rest| !rest.starts_with('-'));
        if let Some(name) = one_dash.filter(|name| name.len() > 1 && longs.contains(name)) {
            return Err(OptionsError::OneDash(word.to_string(), format!("--{name}")));
        }
    }
    Ok(())
}

/// The match's settings from what `clap` read, with the checks across options.
fn match_options(parsed: MatchArgs) -> Result<MatchOptions, OptionsError> {
    let mut options = parsed.options;
    options.players = players(parsed.commands, options.players)?;
    if options.sprt.is_some() && options.players.len() != 2 {
        return Err(OptionsError::SprtPlayers(options.players.len()));
    }
    Ok(options)
}

/// The players, given either as two commands (named `A` and `B`) or as two or more `--player`
/// with names of their own.
fn players(commands: Vec<String>, named: Vec<Entrant>) -> Result<Vec<Entrant>, OptionsError> {
    for (i, entrant) in named.iter().enumerate() {
        if named[..i].iter().any(|e| e.name == entrant.name) {
            return Err(OptionsError::BadPlayer(format!(
                "{}={}",
                entrant.name, entrant.command
            )));
        }
    }
    match (commands.len(), named.len()) {
        (0, n) if n >= 2 => Ok(named),
        (0, n) => Err(OptionsError::PlayerCount(n)),
        (2, 0) => Ok(["A", "B"]
            .iter()
            .zip(commands)
            .map(|(name, command)| Entrant {
                name: name.to_string(),
                command,
            })
            .collect()),
        (n, 0) => Err(OptionsError::PlayerCount(n)),
        _ => Err(OptionsError::MixedPlayers),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::command_line::unwrapped;

    fn parse(args: &[&str]) -> Result<MatchOptions, OptionsError> {
        parse_options(args.iter().copied())
    }

    /// The message of a refused command line, as the referee prints it.
    fn refusal(args: &[&str]) -> String {
        let error = parse(args).expect_err("refused");
        error
            .into_clap(&mut command("krieg", 2000, Some(20), None, DrawScore::Half))
            .to_string()
    }

    /// The command line `args` is refused with a message that says `expected`.
    fn assert_refused(args: &[&str], expected: &str) {
        let message = refusal(args);
        assert!(message.contains(expected), "{message}");
    }

    #[test]
    fn defaults_and_every_option() {
        let o = parse(&["a", "b"]).unwrap();
        assert_eq!((o.games, o.seed, o.show), (1, 1, false));
        assert_eq!(commands(&o), vec!["a", "b"]);
        assert_eq!(o.players[0].name, "A");
        assert_eq!(
            (o.concurrency, o.gauntlet, o.sprt, o.shard),
            (1, false, None, None)
        );
        let o = parse(&[
            "--games",
            "10",
            "bot --x 1",
            "--movetime-ms",
            "100",
            "--memory-mb",
            "8",
            "--record-dir",
            "out",
            "--show",
            "--seed",
            "7",
            "--max-plies",
            "40",
            "--game-master",
            "other bot",
        ])
        .unwrap();
        assert!(o.game_master);
        assert_eq!(o.games, 10);
        assert_eq!(o.movetime_ms, Some(100));
        assert_eq!(o.memory_mb, Some(8));
        assert_eq!(o.record_dir, Some(PathBuf::from("out")));
        assert!(o.show);
        assert_eq!(o.seed, 7);
        assert_eq!(o.max_plies, Some(40));
        assert_eq!(commands(&o), vec!["bot --x 1", "other bot"]);
        let o = parse(&[
            "--player",
            "new=bot --x={seed}",
            "--player",
            "old=bot",
            "--player",
            "greedy.1=bot --engine greedy",
            "--gauntlet",
            "--concurrency",
            "2",
            "--results",
            "r.csv",
            "--shard",
            "1/3",
        ])
        .unwrap();
        assert_eq!(
            commands(&o),
            vec!["bot --x={seed}", "bot", "bot --engine greedy"]
        );
        assert_eq!(o.players[2].name, "greedy.1");
        assert!(o.gauntlet);
        assert_eq!(o.concurrency, 2);
        assert_eq!(o.results, Some(PathBuf::from("r.csv")));
        assert_eq!(o.shard, Some(Shard { index: 1, count: 3 }));
        let o = parse(&["--sprt", "0,10", "a", "b"]).unwrap();
        assert_eq!(o.sprt.map(|s| (s.elo0, s.elo1)), Some((0.0, 10.0)));
        assert_eq!((o.openings.clone(), o.random_openings), (None, None));
        let o = parse(&["--openings", "o.txt", "a", "b"]).unwrap();
        assert_eq!(o.openings, Some(PathBuf::from("o.txt")));
        let o = parse(&["--random-openings", "3", "a", "b"]).unwrap();
        assert_eq!(o.random_openings, Some(3));
        // The last of an option given twice counts, as scripts add options after the user's.
        let o = parse(&["--games", "2", "--games", "4", "a", "b"]).unwrap();
        assert_eq!(o.games, 4);
    }

    fn commands(o: &MatchOptions) -> Vec<&str> {
        o.players.iter().map(|e| e.command.as_str()).collect()
    }

    #[test]
    fn malformed_players_sprt_and_shards_are_refused() {
        for bad in ["", "=bot", "name", "name=", "na me=bot", "x/y=bot"] {
            assert_refused(
                &["--player", bad, "--player", "b=bot"],
                &format!("bad --player '{bad}': expected NAME=CMD"),
            );
        }
        assert!(matches!(
            parse(&["--player", "a=x", "--player", "a=y"]),
            Err(OptionsError::BadPlayer(p)) if p == "a=y"
        ));
        assert!(matches!(
            parse(&["--player", "a=x"]),
            Err(OptionsError::PlayerCount(1))
        ));
        assert!(matches!(
            parse(&["--player", "a=x", "--player", "b=y", "c"]),
            Err(OptionsError::MixedPlayers)
        ));
        assert_refused(
            &["--sprt", "10,0", "a", "b"],
            "bad --sprt '10,0': expected ELO0,ELO1[,ALPHA,BETA] with ELO0 < ELO1 and 0 < ALPHA, \
             BETA and ALPHA + BETA < 1 (such as 0,10 or 0,10,0.05,0.05)",
        );
        assert_refused(
            &["--shard", "2/2", "a", "b"],
            "bad --shard '2/2': expected I/N with 0 <= I < N (such as 0/4)",
        );
        assert!(matches!(
            parse(&["--sprt", "0,5", "--player", "a=x", "--player", "b=y", "--player", "c=z"]),
            Err(OptionsError::SprtPlayers(3))
        ));
    }

    #[test]
    fn errors() {
        assert_refused(&["a"], "expected two player commands");
        assert!(matches!(
            parse(&["a", "b", "c"]),
            Err(OptionsError::PlayerCount(3))
        ));
        for (args, expected) in [
            (&["--games"][..], "a value is required for '--games <N>'"),
            (
                &["--games", "0", "a", "b"],
                "invalid value '0' for '--games <N>': expected a whole number from 1",
            ),
            (
                &["--games", "x", "a", "b"],
                "invalid value 'x' for '--games <N>': expected a whole number",
            ),
            (&["--fast", "a", "b"], "unexpected argument '--fast'"),
        ] {
            assert_refused(args, expected);
        }
        assert!(parse(&["--help"]).unwrap_err().is_help());
        assert!(parse(&["-h"]).unwrap_err().is_help());
        assert_refused(
            &["--openings", "o.txt", "--random-openings", "2", "a", "b"],
            "cannot be used with",
        );
        assert_refused(&["--random-openings", "0", "a", "b"], "invalid value '0'");
    }

    #[test]
    fn a_misspelt_option_gets_the_option_meant() {
        assert_refused(
            &["--game", "4", "a", "b"],
            "a similar argument exists: '--games'",
        );
        assert_refused(&["--recorddir", "out", "a", "b"], "'--record-dir'");
    }

    #[test]
    fn the_bots_movetime_given_to_the_referee_points_to_movetime_ms() {
        for args in [
            &["--movetime", "50", "a", "b"][..],
            &["a", "b", "--movetime=50"],
        ] {
            let message = refusal(args);
            assert!(
                message.contains("'--movetime' is the bots' option"),
                "{message}"
            );
            assert!(message.contains("--movetime-ms MS"), "{message}");
            assert!(
                message.contains("(\"krieg-bot --movetime 50\")"),
                "{message}"
            );
        }
        // Inside a player's command, it is the bot's.
        let o = parse(&["bot --movetime 50", "b"]).unwrap();
        assert_eq!(o.movetime_ms, None);
    }

    #[test]
    fn a_long_option_with_one_dash_is_named() {
        assert_refused(
            &["-games", "4", "a", "b"],
            "'-games' has one dash: the option is '--games'",
        );
        assert_refused(
            &["a", "b", "-record-dir=out"],
            "the option is '--record-dir'",
        );
    }

    #[test]
    fn a_movetime_out_of_range_says_why() {
        assert_refused(
            &["--movetime-ms", "0", "a", "b"],
            "0 ms leaves a player no time to reply",
        );
        assert_refused(
            &["--movetime-ms", "600000", "a", "b"],
            "600 s a move is over the referee's most, 60000 ms",
        );
        let o = parse(&["--movetime-ms", "60000", "a", "b"]).unwrap();
        assert_eq!(o.movetime_ms, Some(60_000));
    }

    #[test]
    fn the_help_names_every_option_with_the_contests_defaults() {
        let help = unwrapped(&usage("krieg", 2000, Some(20), None));
        for option in [
            "--games",
            "--movetime-ms",
            "--memory-mb",
            "--record-dir",
            "--player",
            "--sprt",
            "--shard",
            "--html",
            "--openings",
            "--random-openings",
            "--game-master",
            "krieg-referee merge",
        ] {
            assert!(help.contains(option), "{option}: {help}");
        }
        assert!(help.contains("[default: 2000, the contest's]"), "{help}");
        assert!(help.contains("[default: 20, the contest's]"), "{help}");
        assert!(!help.contains("a draw scores 0"), "{help}");
        let mut nothing = command("frostfire", 2000, Some(20), Some(300), DrawScore::Nothing);
        let help = unwrapped(&nothing.render_long_help().to_string());
        assert!(
            help.contains("In frostfire's contest a draw scores 0"),
            "{help}"
        );
    }

    #[test]
    fn html_page_file() {
        let o = parse(&["a", "--html", "page.html", "b"]).unwrap();
        assert_eq!(o.html, Some(PathBuf::from("page.html")));
        assert_eq!(parse(&["a", "b"]).unwrap().html, None);
        assert_refused(
            &["a", "b", "--html"],
            "a value is required for '--html <FILE>'",
        );
    }

    #[test]
    fn a_refusal_is_one_line_with_its_tip() {
        let mut referee = command("krieg", 2000, Some(20), None, DrawScore::Half);
        let error = parse_options_with(referee.clone(), ["--game", "4", "a", "b"]).unwrap_err();
        assert_eq!(
            crate::runner::command_line::one_line(&error.into_clap(&mut referee)),
            "unexpected argument '--game' found; a similar argument exists: '--games'"
        );
        let error = crate::runner::match_play::merge::merge_command("krieg")
            .try_get_matches_from(["merge"])
            .unwrap_err();
        assert_eq!(
            crate::runner::command_line::one_line(&error),
            "the following required arguments were not provided: <FILE.csv>..."
        );
        let error = parse_options_with(referee.clone(), ["a"]).unwrap_err();
        assert_eq!(
            crate::runner::command_line::one_line(&error.into_clap(&mut referee)),
            "expected two player commands (CMD_A CMD_B) or two or more --player NAME=CMD, got 1"
        );
    }
}
