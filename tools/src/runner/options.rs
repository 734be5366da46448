//! The command line of every `<game>-referee`.

use super::schedule::{Shard, ShardError};
use super::sprt::{Sprt, SprtError};
use common::cli::CliError;
use std::fmt;
use std::path::PathBuf;

/// A player of a match: its name in the summaries, and its shell command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub name: String,
    pub command: String,
}

/// Settings of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchOptions {
    /// The players: `A` and `B` from `CMD_A CMD_B`, or every `--player NAME=CMD` in order.
    pub players: Vec<Entrant>,
    /// Games per pairing, in pairs with the seats swapped.
    pub games: u32,
    /// Per-move limit in ms (`None`: the contest's).
    pub movetime_ms: Option<u64>,
    /// Memory cap in MB (`None`: the contest's).
    pub memory_mb: Option<u64>,
    /// Where records and players' stderr go.
    pub record_dir: Option<PathBuf>,
    /// Draw the board after every ply.
    pub show: bool,
    /// Base of the `{seed}` placeholder: both games of pair k get `seed + k`.
    pub seed: u64,
    /// Draw a game still running after this many plies (`None`: the game's default).
    pub max_plies: Option<u32>,
    /// Write the replay page of the match there.
    pub html: Option<PathBuf>,
    /// Games played at once.
    pub concurrency: u32,
    /// Stop at a verdict of this test (two players only).
    pub sprt: Option<Sprt>,
    /// With three or more players: the first against each other one, not a round robin.
    pub gauntlet: bool,
    /// Append one CSV row per game to this file.
    pub results: Option<PathBuf>,
    /// Play only this share of the games.
    pub shard: Option<Shard>,
    /// Start the games of pair k from opening k of this file (see [`super::opening`]).
    pub openings: Option<PathBuf>,
    /// Start each pair's games after this many random plies drawn from the pair's seed.
    pub random_openings: Option<u32>,
    /// Run the games as the contest's game master does (file-based games): both players of a
    /// game in one shared folder, each under its own team id; a failed call made again, up to
    /// three calls; the sides' names swapped in even games, so that within a pair each side
    /// moves first once.
    pub game_master: bool,
}

/// A referee command line that could not be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionsError {
    /// An unknown option, an option without its value, or a value that does not parse: the
    /// same errors, in the same words, as a bot's command line.
    Option(CliError),
    /// Not exactly two player commands, or fewer than two `--player`.
    PlayerCount(usize),
    /// A `--player` that is not `NAME=CMD` with a fresh name of letters, digits, `-`, `_`, `.`.
    BadPlayer(String),
    /// Player commands given both ways.
    MixedPlayers,
    BadSprt(SprtError),
    BadShard(ShardError),
    /// `--sprt` with other than two players.
    SprtPlayers(usize),
    /// `--openings` and `--random-openings` together.
    BothOpenings,
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::Option(e) => write!(f, "{e}"),
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
            OptionsError::BadSprt(e) => write!(f, "{e}"),
            OptionsError::BadShard(e) => write!(f, "{e}"),
            OptionsError::SprtPlayers(n) => {
                write!(f, "--sprt compares two players; this match has {n}")
            }
            OptionsError::BothOpenings => {
                write!(f, "give either --openings or --random-openings, not both")
            }
        }
    }
}

impl std::error::Error for OptionsError {}

/// Reads `--player NAME=CMD`.
pub fn parse_player(text: &str) -> Result<Entrant, OptionsError> {
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

/// `None` from a parse means "print the usage".
pub fn parse_options<I, S>(args: I) -> Result<Option<MatchOptions>, OptionsError>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let mut args = args.into_iter().map(Into::into);
    let mut commands = Vec::new();
    let mut named: Vec<Entrant> = Vec::new();
    let mut options = MatchOptions {
        players: Vec::new(),
        games: 1,
        movetime_ms: None,
        memory_mb: None,
        record_dir: None,
        show: false,
        game_master: false,
        seed: 1,
        max_plies: None,
        html: None,
        concurrency: 1,
        sprt: None,
        gauntlet: false,
        results: None,
        shard: None,
        openings: None,
        random_openings: None,
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--games" => options.games = positive(&mut args, "--games")? as u32,
            "--movetime-ms" => options.movetime_ms = Some(positive(&mut args, "--movetime-ms")?),
            "--memory-mb" => options.memory_mb = Some(positive(&mut args, "--memory-mb")?),
            "--max-plies" => options.max_plies = Some(positive(&mut args, "--max-plies")? as u32),
            "--concurrency" => {
                options.concurrency = positive(&mut args, "--concurrency")?.min(256) as u32
            }
            "--seed" => options.seed = value(&mut args, "--seed")?,
            "--show" => options.show = true,
            "--game-master" => options.game_master = true,
            "--gauntlet" => options.gauntlet = true,
            "--record-dir" => options.record_dir = Some(value(&mut args, "--record-dir")?),
            "--html" => options.html = Some(value(&mut args, "--html")?),
            "--results" => options.results = Some(value(&mut args, "--results")?),
            "--player" => {
                let text = next_value(&mut args, "--player")?;
                let entrant = parse_player(&text)?;
                if named.iter().any(|e| e.name == entrant.name) {
                    return Err(OptionsError::BadPlayer(text));
                }
                named.push(entrant);
            }
            "--sprt" => {
                let text = next_value(&mut args, "--sprt")?;
                options.sprt = Some(text.parse().map_err(OptionsError::BadSprt)?);
            }
            "--openings" => options.openings = Some(value(&mut args, "--openings")?),
            "--random-openings" => {
                options.random_openings = Some(positive(&mut args, "--random-openings")? as u32)
            }
            "--shard" => {
                let text = next_value(&mut args, "--shard")?;
                options.shard = Some(text.parse().map_err(OptionsError::BadShard)?);
            }
            other if other.starts_with("--") => {
                return Err(OptionsError::Option(CliError::UnknownOption(arg)))
            }
            _ => commands.push(arg),
        }
    }
    options.players = match (commands.len(), named.len()) {
        (0, n) if n >= 2 => named,
        (0, n) => return Err(OptionsError::PlayerCount(n)),
        (_, 0) if commands.len() == 2 => ["A", "B"]
            .iter()
            .zip(commands)
            .map(|(name, command)| Entrant {
                name: name.to_string(),
                command,
            })
            .collect(),
        (n, 0) => return Err(OptionsError::PlayerCount(n)),
        _ => return Err(OptionsError::MixedPlayers),
    };
    if options.sprt.is_some() && options.players.len() != 2 {
        return Err(OptionsError::SprtPlayers(options.players.len()));
    }
    if options.openings.is_some() && options.random_openings.is_some() {
        return Err(OptionsError::BothOpenings);
    }
    Ok(Some(options))
}

/// The word after `option`.
fn next_value(
    args: &mut impl Iterator<Item = String>,
    option: &'static str,
) -> Result<String, OptionsError> {
    args.next()
        .ok_or(OptionsError::Option(CliError::MissingValue(option)))
}

/// The value after `option`, parsed (a path parses from any word).
fn value<T: std::str::FromStr>(
    args: &mut impl Iterator<Item = String>,
    option: &'static str,
) -> Result<T, OptionsError> {
    let raw = next_value(args, option)?;
    raw.parse()
        .map_err(|_| OptionsError::Option(CliError::BadValue { option, value: raw }))
}

fn positive(
    args: &mut impl Iterator<Item = String>,
    option: &'static str,
) -> Result<u64, OptionsError> {
    let n: u64 = value(args, option)?;
    if n == 0 || n > u64::from(u32::MAX) {
        return Err(OptionsError::Option(CliError::BadValue {
            option,
            value: n.to_string(),
        }));
    }
    Ok(n)
}

/// The usage text of `<game>-referee`.
pub fn usage(game: &str, movetime_ms: u64, memory_mb: u64, max_plies: Option<u32>) -> String {
    let plies = match max_plies {
        Some(n) => format!("{n}"),
        None => "none: the rules end every game".to_string(),
    };
    format!(
        "usage: {game}-referee [OPTIONS] CMD_A CMD_B
       {game}-referee [OPTIONS] --player NAME=CMD --player NAME=CMD [--player NAME=CMD ...]
       {game}-referee merge [--sprt ELO0,ELO1[,ALPHA,BETA]] FILE.csv...

Plays {game} games between players, each a shell command (run with sh -c). Games come in pairs
with the same seed and the seats swapped: A is Player 1 in odd games, B in even games. A player
that prints a malformed or illegal move, speaks out of turn, answers late, exits or closes its
output, or uses too much memory loses at once. Three or more players play a round robin (every
pairing plays --games games) or, with --gauntlet, the first against each other one.

options:
  --games <N>           games per pairing, in pairs with the seats swapped (default 1)
  --movetime-ms <MS>    per-move limit (default {movetime_ms}, the contest's)
  --memory-mb <MB>      memory cap of a player (default {memory_mb}, the contest's)
  --max-plies <N>       draw a game still running after N plies (default {plies})
  --concurrency <N>     games played at once (default 1)
  --player <NAME=CMD>   a named player, two or more times instead of CMD_A CMD_B
  --gauntlet            the first --player against each other one
  --sprt <E0,E1[,A,B]>  stop when the SPRT of A's logistic Elo (E1 against E0, error rates A
                        and B, default 0.05) decides, or at --games; two players only
  --results <FILE.csv>  append one row per game (the input of 'merge')
  --shard <I/N>         play only the games whose number is I modulo N (0 <= I < N)
  --record-dir <DIR>    write game-<k>.txt records and each player's stderr there
  --show                draw the board after every ply
  --game-master         file-based games (connect4): run both players of a game in one shared
                        folder under their own team ids, call a failing player again (up to
                        three calls), and swap the sides' names in even games (team 2 first)
  --seed <S>            '{{seed}}' in a command becomes S+k in both games of pair k (games 2k-1
                        and 2k of a two-player match) (default 1); '{{game}}' becomes the game number
  --html <FILE>         write the replay page of the match there (one HTML file)
  --openings <FILE>     start the games of pair k from the opening on line k of FILE (cycling):
                        plies in the game's notation separated by ',', '#' comments; both games
                        of a pair from the same opening (games whose input is the whole
                        position only: connect4, yavalath)
  --random-openings <N> start each pair's games after N random plies drawn from the pair's seed
  -h, --help            this text

{game}-referee view RECORD... [--html FILE] writes the replay page of records already written.
{game}-referee league DIR add|remove|run|show ... keeps a league of players and games in DIR
(see {game}-referee league --help).
{game}-referee merge FILE.csv... reads the rows of several --results files (the shards of one match) and prints what the
match would have printed at its end.

Two players: the last line is: summary: games=<N> a_wins=<W> draws=<D> b_wins=<L> elo=<E> ci95=<C>
Three or more: a crosstable, then standing: <rank> <name> elo=<E> ci95=<C> score=<points>/<games>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Option<MatchOptions>, OptionsError> {
        parse_options(args.iter().copied())
    }

    #[test]
    fn defaults_and_every_option() {
        let o = parse(&["a", "b"]).unwrap().unwrap();
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
        .unwrap()
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
        .unwrap()
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
        let o = parse(&["--sprt", "0,10", "a", "b"]).unwrap().unwrap();
        assert_eq!(o.sprt.map(|s| (s.elo0, s.elo1)), Some((0.0, 10.0)));
        assert_eq!((o.openings.clone(), o.random_openings), (None, None));
        let o = parse(&["--openings", "o.txt", "a", "b"]).unwrap().unwrap();
        assert_eq!(o.openings, Some(PathBuf::from("o.txt")));
        let o = parse(&["--random-openings", "3", "a", "b"])
            .unwrap()
            .unwrap();
        assert_eq!(o.random_openings, Some(3));
    }

    fn commands(o: &MatchOptions) -> Vec<&str> {
        o.players.iter().map(|e| e.command.as_str()).collect()
    }

    #[test]
    fn malformed_players_sprt_and_shards_are_refused() {
        for bad in ["", "=bot", "name", "name=", "na me=bot", "x/y=bot"] {
            assert_eq!(
                parse(&["--player", bad, "--player", "b=bot"]),
                Err(OptionsError::BadPlayer(bad.into())),
                "{bad}"
            );
        }
        assert_eq!(
            parse(&["--player", "a=x", "--player", "a=y"]),
            Err(OptionsError::BadPlayer("a=y".into()))
        );
        assert_eq!(
            parse(&["--player", "a=x"]),
            Err(OptionsError::PlayerCount(1))
        );
        assert_eq!(
            parse(&["--player", "a=x", "--player", "b=y", "c"]),
            Err(OptionsError::MixedPlayers)
        );
        let message = |args: &[&str]| match parse(args) {
            Err(error @ (OptionsError::BadSprt(_) | OptionsError::BadShard(_))) => {
                error.to_string()
            }
            other => panic!("{args:?}: {other:?}"),
        };
        assert_eq!(
            message(&["--sprt", "10,0", "a", "b"]),
            "bad --sprt '10,0': expected ELO0,ELO1[,ALPHA,BETA] with ELO0 < ELO1 and 0 < ALPHA, \
             BETA and ALPHA + BETA < 1 (such as 0,10 or 0,10,0.05,0.05)"
        );
        assert_eq!(
            message(&["--shard", "2/2", "a", "b"]),
            "bad --shard '2/2': expected I/N with 0 <= I < N (such as 0/4)"
        );
        assert_eq!(
            parse(&["--sprt", "0,5", "--player", "a=x", "--player", "b=y", "--player", "c=z"]),
            Err(OptionsError::SprtPlayers(3))
        );
    }

    #[test]
    fn errors() {
        assert_eq!(parse(&["a"]), Err(OptionsError::PlayerCount(1)));
        assert_eq!(parse(&["a", "b", "c"]), Err(OptionsError::PlayerCount(3)));
        assert_eq!(
            parse(&["--games"]),
            Err(OptionsError::Option(CliError::MissingValue("--games")))
        );
        assert_eq!(
            parse(&["--games", "0", "a", "b"]),
            Err(OptionsError::Option(CliError::BadValue {
                option: "--games",
                value: "0".into()
            }))
        );
        assert_eq!(
            parse(&["--games", "x", "a", "b"]),
            Err(OptionsError::Option(CliError::BadValue {
                option: "--games",
                value: "x".into()
            }))
        );
        assert_eq!(
            parse(&["--fast", "a", "b"]),
            Err(OptionsError::Option(CliError::UnknownOption(
                "--fast".into()
            )))
        );
        assert_eq!(parse(&["--help"]), Ok(None));
        assert_eq!(
            parse(&["--openings", "o.txt", "--random-openings", "2", "a", "b"]),
            Err(OptionsError::BothOpenings)
        );
        assert_eq!(
            parse(&["--random-openings", "0", "a", "b"]),
            Err(OptionsError::Option(CliError::BadValue {
                option: "--random-openings",
                value: "0".into()
            }))
        );
    }

    #[test]
    fn html_page_file() {
        let o = parse(&["a", "--html", "page.html", "b"]).unwrap().unwrap();
        assert_eq!(o.html, Some(PathBuf::from("page.html")));
        assert_eq!(parse(&["a", "b"]).unwrap().unwrap().html, None);
        assert_eq!(
            parse(&["a", "b", "--html"]),
            Err(OptionsError::Option(CliError::MissingValue("--html")))
        );
    }
}
