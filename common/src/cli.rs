//! The command line that every bot accepts.
//!
//! ```text
//! <bot>                         play the contest protocol on stdin/stdout (the contest entry)
//! <bot> perft <D>               count move sequences from the start, one line per depth 1..=D
//! <bot> bench                   fixed-depth searches over fixed positions; last line `<N> nodes <M> nps`
//! options (any order, before or after the subcommand):
//!   --movetime <MS>             think at most MS milliseconds per move (default: the bot's budget)
//!   --depth <N>                 stop iterative deepening at depth N (also the depth of `bench`)
//!   --engine search|greedy|random
//!                               search: the real bot; greedy: best one-ply evaluation, winning
//!                               moves first; random: a uniformly random legal move
//!   --seed <S>                  seed for `--engine random` (default 1)
//!   -h, --help                  print the usage
//! ```

use std::fmt;
use std::time::Duration;

/// Which move chooser answers the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// The real bot: iterative-deepening alpha-beta.
    Search,
    /// One ply: a winning move if there is one, else the move whose resulting position evaluates
    /// best. A sparring partner for strength tests.
    Greedy,
    /// A uniformly random legal move (seeded).
    Random,
}

impl EngineKind {
    /// Parses `search`, `greedy` or `random`.
    pub fn parse(name: &str) -> Option<EngineKind> {
        match name {
            "search" => Some(EngineKind::Search),
            "greedy" => Some(EngineKind::Greedy),
            "random" => Some(EngineKind::Random),
            _ => None,
        }
    }
}

/// Options of a bot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotOptions {
    /// Per-move thinking time; `None` means the bot's own default for its contest.
    pub movetime: Option<Duration>,
    /// Maximum iterative-deepening depth; `None` means as deep as time allows.
    pub depth: Option<u32>,
    /// Which move chooser plays.
    pub engine: EngineKind,
    /// Seed for the random engine.
    pub seed: u64,
}

impl Default for BotOptions {
    fn default() -> Self {
        BotOptions {
            movetime: None,
            depth: None,
            engine: EngineKind::Search,
            seed: 1,
        }
    }
}

impl BotOptions {
    /// A warning when `--movetime` exceeds 75 % of the contest's per-move `limit`: the bot takes
    /// the option as given, and on a busy machine such a budget can push a reply past the limit.
    pub fn movetime_warning(&self, limit: Duration) -> Option<String> {
        let movetime = self.movetime?;
        (movetime.as_millis() * 4 > limit.as_millis() * 3).then(|| {
            format!(
                "warning: --movetime {} ms is over 75 % of the contest's {} ms per move; \
                 replies may come too late",
                movetime.as_millis(),
                limit.as_millis()
            )
        })
    }

    /// Logs [`movetime_warning`](BotOptions::movetime_warning) on stderr, if there is one.
    pub fn warn_about_movetime(&self, limit: Duration) {
        if let Some(warning) = self.movetime_warning(limit) {
            crate::io::log(&warning);
        }
    }
}

/// What the bot was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play the contest protocol.
    Play(BotOptions),
    /// Print perft counts for depths 1..=depth.
    Perft(u32),
    /// Run the fixed benchmark (depth from `--depth` if given).
    Bench(BotOptions),
    /// Print the usage.
    Help,
}

/// A command line that could not be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CliError {
    /// An option that no bot knows.
    UnknownOption(String),
    /// An option given without its value.
    MissingValue(&'static str),
    /// An option whose value does not parse.
    BadValue { option: &'static str, value: String },
    /// A word that is neither an option nor a subcommand.
    UnexpectedArgument(String),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::UnknownOption(o) => write!(f, "unknown option '{o}'"),
            CliError::MissingValue(o) => write!(f, "option '{o}' needs a value"),
            CliError::BadValue { option, value } => {
                write!(f, "bad value '{value}' for option '{option}'")
            }
            CliError::UnexpectedArgument(a) => write!(f, "unexpected argument '{a}'"),
        }
    }
}

impl std::error::Error for CliError {}

/// Parses the arguments after the program name.
pub fn parse_args<I, S>(args: I) -> Result<Command, CliError>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let mut args = args.into_iter().map(Into::into);
    let mut options = BotOptions::default();
    let mut subcommand: Option<&'static str> = None;
    let mut perft_depth: Option<u32> = None;

    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "--movetime" => {
                let ms: u64 = value(&mut args, "--movetime")?;
                options.movetime = Some(Duration::from_millis(ms));
            }
            "--depth" => {
                let depth: u32 = value(&mut args, "--depth")?;
                if depth == 0 {
                    return Err(CliError::BadValue {
                        option: "--depth",
                        value: "0".into(),
                    });
                }
                options.depth = Some(depth);
            }
            "--engine" => {
                let name = args.next().ok_or(CliError::MissingValue("--engine"))?;
                options.engine = EngineKind::parse(&name).ok_or(CliError::BadValue {
                    option: "--engine",
                    value: name,
                })?;
            }
            "--seed" => options.seed = value(&mut args, "--seed")?,
            "perft" if subcommand.is_none() => {
                subcommand = Some("perft");
                perft_depth = Some(value(&mut args, "perft")?);
            }
            "bench" if subcommand.is_none() => subcommand = Some("bench"),
            other if other.starts_with('-') => return Err(CliError::UnknownOption(arg)),
            _ => return Err(CliError::UnexpectedArgument(arg)),
        }
    }

    Ok(match subcommand {
        Some("perft") => Command::Perft(perft_depth.unwrap_or(1)),
        Some(_) => Command::Bench(options),
        None => Command::Play(options),
    })
}

fn value<T: std::str::FromStr>(
    args: &mut impl Iterator<Item = String>,
    option: &'static str,
) -> Result<T, CliError> {
    let raw = args.next().ok_or(CliError::MissingValue(option))?;
    raw.parse()
        .map_err(|_| CliError::BadValue { option, value: raw })
}

/// The usage text of a bot; `protocol` is one line on what the contest loop reads and writes.
pub fn usage(bot: &str, protocol: &str) -> String {
    format!(
        "usage: {bot} [OPTIONS]            play the contest protocol ({protocol})
       {bot} perft <D> [OPTIONS]  count move sequences from the start for depths 1..=D
       {bot} bench [OPTIONS]      fixed searches over fixed positions; last line `<N> nodes <M> nps`

options:
  --movetime <MS>                 think at most MS milliseconds per move
  --depth <N>                     search no deeper than N plies (also the depth of `bench`)
  --engine search|greedy|random   the real search, a one-ply greedy player, or random moves
  --seed <S>                      seed for --engine random (default 1)
  -h, --help                      this text"
    )
}

/// Parses the process's own arguments, printing usage or the error. `Err` carries the status the
/// process should exit with: 0 after `--help` (usage on stdout), 2 after a bad command line
/// (the error and the usage on stderr).
pub fn from_env(bot: &str, protocol: &str) -> Result<Command, i32> {
    match parse_args(std::env::args().skip(1)) {
        Ok(Command::Help) => {
            println!("{}", usage(bot, protocol));
            Err(0)
        }
        Ok(command) => Ok(command),
        Err(error) => {
            eprintln!("{bot}: {error}\n\n{}", usage(bot, protocol));
            Err(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warns_of_a_movetime_near_the_limit() {
        let limit = Duration::from_millis(2000);
        let with = |ms| BotOptions {
            movetime: Some(Duration::from_millis(ms)),
            ..BotOptions::default()
        };
        assert_eq!(BotOptions::default().movetime_warning(limit), None);
        assert_eq!(with(1500).movetime_warning(limit), None);
        let warning = with(1501).movetime_warning(limit).unwrap();
        assert!(
            warning.contains("1501 ms") && warning.contains("2000 ms"),
            "{warning}"
        );
    }

    fn parse(line: &str) -> Result<Command, CliError> {
        parse_args(line.split_whitespace())
    }

    #[test]
    fn no_arguments_plays_with_defaults() {
        assert_eq!(parse(""), Ok(Command::Play(BotOptions::default())));
    }

    #[test]
    fn every_option_parses() {
        let expected = BotOptions {
            movetime: Some(Duration::from_millis(100)),
            depth: Some(6),
            engine: EngineKind::Random,
            seed: 99,
        };
        assert_eq!(
            parse("--movetime 100 --depth 6 --engine random --seed 99"),
            Ok(Command::Play(expected.clone()))
        );
        assert_eq!(
            parse("bench --depth 6 --movetime 100 --engine random --seed 99"),
            Ok(Command::Bench(expected))
        );
    }

    #[test]
    fn subcommands_parse() {
        assert_eq!(parse("perft 4"), Ok(Command::Perft(4)));
        assert_eq!(parse("--help"), Ok(Command::Help));
        assert_eq!(parse("bench"), Ok(Command::Bench(BotOptions::default())));
    }

    #[test]
    fn errors_are_typed() {
        assert_eq!(
            parse("--frobnicate"),
            Err(CliError::UnknownOption("--frobnicate".into()))
        );
        assert_eq!(
            parse("--movetime"),
            Err(CliError::MissingValue("--movetime"))
        );
        assert_eq!(
            parse("--movetime soon"),
            Err(CliError::BadValue {
                option: "--movetime",
                value: "soon".into()
            })
        );
        assert_eq!(
            parse("--engine clever"),
            Err(CliError::BadValue {
                option: "--engine",
                value: "clever".into()
            })
        );
        assert_eq!(
            parse("--depth 0").unwrap_err().to_string(),
            "bad value '0' for option '--depth'"
        );
        assert_eq!(
            parse("perft x"),
            Err(CliError::BadValue {
                option: "perft",
                value: "x".into()
            })
        );
        assert_eq!(
            parse("perft 2 bench"),
            Err(CliError::UnexpectedArgument("bench".into()))
        );
        assert_eq!(
            parse("play"),
            Err(CliError::UnexpectedArgument("play".into()))
        );
    }
}
