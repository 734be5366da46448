//! The command line of every `<game>-referee`.

use std::fmt;
use std::path::PathBuf;

/// Settings of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchOptions {
    /// Shell command of player A (Player 1 in odd games).
    pub command_a: String,
    /// Shell command of player B.
    pub command_b: String,
    /// Games to play, seats alternating.
    pub games: u32,
    /// Per-move limit in ms (`None`: the contest's).
    pub movetime_ms: Option<u64>,
    /// Memory cap in MB (`None`: the contest's).
    pub memory_mb: Option<u64>,
    /// Where records and players' stderr go.
    pub record_dir: Option<PathBuf>,
    /// Draw the board after every ply.
    pub show: bool,
    /// Base of the `{seed}` placeholder: game k gets `seed + k`.
    pub seed: u64,
    /// Draw a game still running after this many plies (`None`: the game's default).
    pub max_plies: Option<u32>,
    /// Write the replay page of the match there.
    pub html: Option<PathBuf>,
}

/// A referee command line that could not be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionsError {
    UnknownOption(String),
    MissingValue(&'static str),
    BadValue {
        option: &'static str,
        value: String,
    },
    /// Not exactly two player commands.
    PlayerCount(usize),
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::UnknownOption(o) => write!(f, "unknown option '{o}'"),
            OptionsError::MissingValue(o) => write!(f, "option '{o}' needs a value"),
            OptionsError::BadValue { option, value } => {
                write!(f, "bad value '{value}' for option '{option}'")
            }
            OptionsError::PlayerCount(n) => {
                write!(f, "expected two player commands (CMD_A CMD_B), got {n}")
            }
        }
    }
}

impl std::error::Error for OptionsError {}

/// `None` from a parse means "print the usage".
pub fn parse_options<I, S>(args: I) -> Result<Option<MatchOptions>, OptionsError>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let mut args = args.into_iter().map(Into::into);
    let mut players = Vec::new();
    let mut options = MatchOptions {
        command_a: String::new(),
        command_b: String::new(),
        games: 1,
        movetime_ms: None,
        memory_mb: None,
        record_dir: None,
        show: false,
        seed: 1,
        max_plies: None,
        html: None,
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--games" => options.games = positive(&mut args, "--games")? as u32,
            "--movetime-ms" => options.movetime_ms = Some(positive(&mut args, "--movetime-ms")?),
            "--memory-mb" => options.memory_mb = Some(positive(&mut args, "--memory-mb")?),
            "--max-plies" => options.max_plies = Some(positive(&mut args, "--max-plies")? as u32),
            "--seed" => options.seed = value(&mut args, "--seed")?,
            "--show" => options.show = true,
            "--record-dir" => {
                let dir = args
                    .next()
                    .ok_or(OptionsError::MissingValue("--record-dir"))?;
                options.record_dir = Some(PathBuf::from(dir));
            }
            "--html" => {
                let file = args.next().ok_or(OptionsError::MissingValue("--html"))?;
                options.html = Some(PathBuf::from(file));
            }
            other if other.starts_with("--") => return Err(OptionsError::UnknownOption(arg)),
            _ => players.push(arg),
        }
    }
    if players.len() != 2 {
        return Err(OptionsError::PlayerCount(players.len()));
    }
    options.command_b = players.pop().unwrap_or_default();
    options.command_a = players.pop().unwrap_or_default();
    Ok(Some(options))
}

fn value<T: std::str::FromStr>(
    args: &mut impl Iterator<Item = String>,
    option: &'static str,
) -> Result<T, OptionsError> {
    let raw = args.next().ok_or(OptionsError::MissingValue(option))?;
    raw.parse()
        .map_err(|_| OptionsError::BadValue { option, value: raw })
}

fn positive(
    args: &mut impl Iterator<Item = String>,
    option: &'static str,
) -> Result<u64, OptionsError> {
    let n: u64 = value(args, option)?;
    if n == 0 || n > u64::from(u32::MAX) {
        return Err(OptionsError::BadValue {
            option,
            value: n.to_string(),
        });
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

Plays {game} games between two players, each a shell command (run with sh -c). A is Player 1
in odd games, B in even games. A player that prints a malformed or illegal move, answers late,
exits, or uses too much memory loses at once.

options:
  --games <N>          games to play, seats alternating (default 1)
  --movetime-ms <MS>   per-move limit (default {movetime_ms}, the contest's)
  --memory-mb <MB>     memory cap of a player (default {memory_mb}, the contest's)
  --max-plies <N>      draw a game still running after N plies (default {plies})
  --record-dir <DIR>   write game-<k>.txt records and each player's stderr there
  --show               draw the board after every ply
  --seed <S>           '{{seed}}' in a command becomes S+k in game k (default 1);
                       '{{game}}' becomes k
  --html <FILE>        write the replay page of the match there (one HTML file)
  -h, --help           this text

{game}-referee view RECORD... [--html FILE] writes the replay page of records already written.

The last line is: summary: games=<N> a_wins=<W> draws=<D> b_wins=<L> elo=<E> ci95=<C>"
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
        assert_eq!((o.command_a.as_str(), o.command_b.as_str()), ("a", "b"));
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
            "other bot",
        ])
        .unwrap()
        .unwrap();
        assert_eq!(o.games, 10);
        assert_eq!(o.movetime_ms, Some(100));
        assert_eq!(o.memory_mb, Some(8));
        assert_eq!(o.record_dir, Some(PathBuf::from("out")));
        assert!(o.show);
        assert_eq!(o.seed, 7);
        assert_eq!(o.max_plies, Some(40));
        assert_eq!(
            (o.command_a.as_str(), o.command_b.as_str()),
            ("bot --x 1", "other bot")
        );
    }

    #[test]
    fn errors() {
        assert_eq!(parse(&["a"]), Err(OptionsError::PlayerCount(1)));
        assert_eq!(parse(&["a", "b", "c"]), Err(OptionsError::PlayerCount(3)));
        assert_eq!(
            parse(&["--games"]),
            Err(OptionsError::MissingValue("--games"))
        );
        assert_eq!(
            parse(&["--games", "0", "a", "b"]),
            Err(OptionsError::BadValue {
                option: "--games",
                value: "0".into()
            })
        );
        assert_eq!(
            parse(&["--games", "x", "a", "b"]),
            Err(OptionsError::BadValue {
                option: "--games",
                value: "x".into()
            })
        );
        assert_eq!(
            parse(&["--fast", "a", "b"]),
            Err(OptionsError::UnknownOption("--fast".into()))
        );
        assert_eq!(parse(&["--help"]), Ok(None));
    }

    #[test]
    fn html_page_file() {
        let o = parse(&["a", "--html", "page.html", "b"]).unwrap().unwrap();
        assert_eq!(o.html, Some(PathBuf::from("page.html")));
        assert_eq!(parse(&["a", "b"]).unwrap().unwrap().html, None);
        assert_eq!(
            parse(&["a", "b", "--html"]),
            Err(OptionsError::MissingValue("--html"))
        );
    }
}
