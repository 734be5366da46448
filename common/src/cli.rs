//! The command line that every bot accepts.
//!
//! ```text
//! <bot>                         play the contest protocol on stdin/stdout (the contest entry)
//! <bot> perft <D>               count move sequences from the start, one line per depth 1..=D
//! <bot> bench                   fixed-depth searches over fixed positions; last line `<N> nodes <M> nps`
//! <bot> solve [ARGS]            the game's exact solver, where it has one (its own arguments)
//! options (any order, before or after the subcommand):
//!   --movetime <MS>             think at most MS milliseconds per move (default: the bot's budget)
//!   --depth <N>                 stop iterative deepening at depth N (also the depth of `bench`)
//!   --nodes <N>                 stop each search after about N nodes (deterministic, whatever
//!                               the machine's load; with --movetime, whichever comes first)
//!   --engine search|greedy|random
//!                               search: the real bot; greedy: best one-ply evaluation, winning
//!                               moves first; random: a uniformly random legal move
//!   --seed <S>                  seed for `--engine random` and `--opening-plies` (default 1)
//!   --opening-plies <N>         draw the first N own moves among near-best ones (default 0)
//!   -h, --help                  print the usage
//! ```
//!
//! A bot's `main` is the one call [`run_bot`], given the bot's [`BotInfo`]: its usage text, its
//! contest's limits and its default budget (from which `--help` and the warning about a
//! `--movetime` too close to the limit derive), and the entry points each command runs.

use std::fmt;
use std::process::ExitCode;
use std::time::Duration;

use crate::io::reply;

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
    /// `--nodes`: each search stops at its first look at the clock past this many nodes, so
    /// that a match measures the same game whatever the machine's load; `None` for no limit.
    pub nodes: Option<u64>,
    /// Which move chooser plays.
    pub engine: EngineKind,
    /// Seed for the random engine and the opening draws.
    pub seed: u64,
    /// The first this many own moves are drawn among near-best moves (see
    /// [`crate::search::OpeningChoice`]).
    pub opening_plies: u32,
}

impl Default for BotOptions {
    fn default() -> Self {
        BotOptions {
            movetime: None,
            depth: None,
            nodes: None,
            engine: EngineKind::Search,
            seed: 1,
            opening_plies: 0,
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

/// What the bot runs: the contest loop, perft or bench.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play the contest protocol.
    Play(BotOptions),
    /// Print perft counts for depths 1..=depth.
    Perft(u32),
    /// Run the fixed benchmark (depth from `--depth` if given).
    Bench(BotOptions),
}

/// What a command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed {
    /// A command for the bot's `main`.
    Run(Command),
    /// The game's exact solver, with the words after `solve` (its own arguments).
    Solve(Vec<String>),
    /// The usage.
    Help,
}

/// A command line that could not be understood: the bot's own, or its `solve`'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CliError {
    /// An option that the bot (or its solver) does not know.
    UnknownOption(String),
    /// An option given without its value.
    MissingValue(&'static str),
    /// An option whose value does not parse or is out of range.
    BadValue { option: &'static str, value: String },
    /// A word that is neither an option nor a subcommand.
    UnexpectedArgument(String),
    /// A move of `solve --moves` that does not parse or is illegal: `'move': why`
    /// ([`crate::game::Board::after_line`]).
    BadMove(String),
}

impl CliError {
    /// A word nobody asked for: an unknown option if it starts with `-`, else an unexpected
    /// argument.
    pub fn unknown(word: &str) -> CliError {
        if word.starts_with('-') {
            CliError::UnknownOption(word.to_string())
        } else {
            CliError::UnexpectedArgument(word.to_string())
        }
    }

    /// The value `value` of `option`, refused.
    pub fn bad_value(option: &'static str, value: &str) -> CliError {
        CliError::BadValue {
            option,
            value: value.to_string(),
        }
    }
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
            CliError::BadMove(why) => write!(f, "--moves: {why}"),
        }
    }
}

impl std::error::Error for CliError {}

/// Parses the arguments after the program name.
pub fn parse_args<I, S>(args: I) -> Result<Parsed, CliError>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let args: Vec<String> = args.into_iter().map(Into::into).collect();
    // `-h` anywhere before `solve` (whose words are its own) asks for the usage, after a
    // subcommand too (`perft --help`, whose depth it would otherwise be).
    let own = args.iter().position(|a| a == "solve").unwrap_or(args.len());
    if args[..own].iter().any(|a| is_help(a)) {
        return Ok(Parsed::Help);
    }
    let mut args = args.into_iter();
    let mut options = BotOptions::default();
    let mut subcommand: Option<&'static str> = None;
    let mut perft_depth: Option<u32> = None;

    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--movetime" => {
                let ms: u64 = value(&mut args, "--movetime")?;
                options.movetime = Some(Duration::from_millis(ms));
            }
            "--depth" => {
                let depth: u32 = value(&mut args, "--depth")?;
                if depth == 0 {
                    return Err(CliError::bad_value("--depth", "0"));
                }
                options.depth = Some(depth);
            }
            "--nodes" => {
                let nodes: u64 = value(&mut args, "--nodes")?;
                if nodes == 0 {
                    return Err(CliError::bad_value("--nodes", "0"));
                }
                options.nodes = Some(nodes);
            }
            "--engine" => {
                let name = args.next().ok_or(CliError::MissingValue("--engine"))?;
                options.engine = EngineKind::parse(&name)
                    .ok_or_else(|| CliError::bad_value("--engine", &name))?;
            }
            "--seed" => options.seed = value(&mut args, "--seed")?,
            "--opening-plies" => options.opening_plies = value(&mut args, "--opening-plies")?,
            "solve" if subcommand.is_none() => return Ok(Parsed::Solve(args.collect())),
            "perft" if subcommand.is_none() => {
                subcommand = Some("perft");
                perft_depth = Some(value(&mut args, "perft")?);
            }
            "bench" if subcommand.is_none() => subcommand = Some("bench"),
            _ => return Err(CliError::unknown(&arg)),
        }
    }

    Ok(Parsed::Run(match subcommand {
        Some("perft") => Command::Perft(perft_depth.unwrap_or(1)),
        Some(_) => Command::Bench(options),
        None => Command::Play(options),
    }))
}

/// `-h` or `--help`, in every command and subcommand of a bot.
pub fn is_help(arg: &str) -> bool {
    arg == "-h" || arg == "--help"
}

fn value<T: std::str::FromStr>(
    args: &mut impl Iterator<Item = String>,
    option: &'static str,
) -> Result<T, CliError> {
    let raw = args.next().ok_or(CliError::MissingValue(option))?;
    raw.parse()
        .map_err(|_| CliError::BadValue { option, value: raw })
}

/// What a contest states of its bots: what it times (`move`, `turn` or `call`), its time limit,
/// a first turn's where that one differs, and its memory cap where it states one; the bot's
/// `--help` quotes it and the referee plays by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contest {
    /// What the contest times: `move`, `turn` or `call`.
    pub turn: &'static str,
    /// The time limit per turn (after the first, where that one differs).
    pub limit: Duration,
    /// The time limit of a player's first turn, where it differs from [`limit`](Self::limit).
    pub first_limit: Option<Duration>,
    /// The memory cap in MB, where the contest states one.
    pub memory_mb: Option<u64>,
}

impl Contest {
    /// A contest that times each `turn` (`move`, `turn` or `call`) to `limit`, with no first turn
    /// of its own and no memory cap.
    pub const fn timing(turn: &'static str, limit: Duration) -> Contest {
        Contest {
            turn,
            limit,
            first_limit: None,
            memory_mb: None,
        }
    }

    /// The same contest with a first turn timed to `limit`.
    pub const fn first_turn(self, limit: Duration) -> Contest {
        Contest {
            first_limit: Some(limit),
            ..self
        }
    }

    /// The same contest with a memory cap of `mb` MB.
    pub const fn memory_mb(self, mb: u64) -> Contest {
        Contest {
            memory_mb: Some(mb),
            ..self
        }
    }

    /// The limits as `--help` says them, e.g. `2000 ms per move, 20 MB`.
    pub fn limits_text(&self) -> String {
        let time = per_turn(self.turn, self.limit, self.first_limit);
        match self.memory_mb {
            Some(mb) => format!("{time}, {mb} MB"),
            None => time,
        }
    }
}

/// A bot: what its `--help` says about it, in the same words for every bot, and the entry points
/// [`run_bot`] calls for each command. A crate declares it with [`bot_info!`](crate::bot_info).
#[derive(Clone, Copy, Debug)]
pub struct BotInfo {
    /// The program's name, e.g. `krieg-bot`.
    pub name: &'static str,
    /// One line on what the contest loop reads and writes.
    pub protocol: &'static str,
    /// The contest's limits.
    pub contest: Contest,
    /// The bot's own budget per turn when `--movetime` does not set one.
    pub movetime: Duration,
    /// The bot's own budget of its first turn, where it differs from [`movetime`](Self::movetime).
    pub first_movetime: Option<Duration>,
    /// The game's exact solver, for a game that has one.
    pub solver: Option<Solver>,
    /// The contest loop.
    pub play: fn(&BotOptions),
    /// The number of move sequences of the given depth from the start.
    pub perft: fn(u32) -> u64,
    /// The fixed benchmark (to the given depth, else its own); returns its node count.
    pub bench: fn(Option<u32>) -> u64,
    /// The search's tunables the command line may set: its `params::tunables` (none but in a
    /// tuning build, see [`crate::tunable`]).
    pub tunables: fn() -> crate::tunable::Tunables,
}

impl BotInfo {
    /// The bot's default budget, e.g. `1200 ms per move`.
    pub fn movetime_text(&self) -> String {
        per_turn(self.contest.turn, self.movetime, self.first_movetime)
    }
}

/// A crate's [`BotInfo`] from what is its own: its name, its contest's loop and limits, and
/// where it has them a first turn's budget and a solver. The entry points are found by the
/// same names in every crate, so that a crate without one does not compile: the loop
/// `protocol::run`, the budget `params::DEFAULT_MOVETIME`, perft over `board::Board`, the bench
/// `search::bench` and the tunables `params::tunables`, each a module at the crate's root, as is
/// the one this is called in (`protocol`): they are named from it by `super::`, which means the
/// crate's root in the crate and its place in a one-file bundle alike.
#[macro_export]
macro_rules! bot_info {
    (
        name: $name:expr,
        protocol: $protocol:expr,
        contest: $contest:expr,
        $(first_movetime: $first_movetime:expr,)?
        $(solver: $solver:expr,)?
    ) => {
        $crate::cli::BotInfo {
            name: $name,
            protocol: $protocol,
            contest: $contest,
            movetime: super::params::DEFAULT_MOVETIME,
            first_movetime: $crate::optional!($($first_movetime)?),
            solver: $crate::optional!($($solver)?),
            play: super::protocol::run,
            perft: $crate::game::perft::<super::board::Board>,
            bench: super::search::bench,
            tunables: super::params::tunables,
        }
    };
}

/// `Some(value)`, or `None` where no value is given: an optional part of a macro's input.
#[doc(hidden)]
#[macro_export]
macro_rules! optional {
    () => {
        None
    };
    ($value:expr) => {
        Some($value)
    };
}

/// `N ms per TURN`, or `F ms on the first TURN and N ms after`.
fn per_turn(turn: &str, time: Duration, first: Option<Duration>) -> String {
    match first {
        Some(first) => format!(
            "{} ms on the first {turn} and {} ms after",
            first.as_millis(),
            time.as_millis()
        ),
        None => format!("{} ms per {turn}", time.as_millis()),
    }
}

/// A game's `solve` subcommand.
#[derive(Clone, Copy, Debug)]
pub struct Solver {
    /// Its arguments, for the usage: `solve <arguments>`.
    pub arguments: &'static str,
    /// Runs it on the words after `solve`; returns the process's exit status.
    pub run: fn(&[String]) -> ExitCode,
}

/// The usage text of a bot.
pub fn usage(bot: &BotInfo) -> String {
    let name = bot.name;
    let solve = bot
        .solver
        .map(|solver| format!("\n       {name} solve {}", solver.arguments))
        .unwrap_or_default();
    let text = format!(
        "usage: {name} [OPTIONS]            play the contest protocol
       {name} perft <D> [OPTIONS]  count move sequences from the start for depths 1..=D
       {name} bench [OPTIONS]      fixed searches over fixed positions; last line `<N> nodes <M> nps`{solve}

protocol: {protocol}
limits:   {limit}; the bot thinks {movetime} unless --movetime says otherwise

options:
  --movetime <MS>                 think at most MS milliseconds per move
  --depth <N>                     search no deeper than N plies (also the depth of `bench`)
  --nodes <N>                     stop each search after about N nodes: the same game whatever
                                  the machine's load (the move time still holds)
  --engine search|greedy|random   the real search, a one-ply greedy player, or random moves
  --seed <S>                      seed of --engine random and --opening-plies (default 1)
  --opening-plies <N>             draw the first N own moves among near-best ones (default 0)
  -h, --help                      this text",
        protocol = bot.protocol,
        limit = bot.contest.limits_text(),
        movetime = bot.movetime_text(),
    );
    #[cfg(feature = "tuning")]
    let text = text + &crate::tunable::usage((bot.tunables)());
    text
}

/// The usage text of a bot's `solve`.
pub fn solve_usage(name: &str, solver: &Solver) -> String {
    format!(
        "usage: {name} solve {}

The game's exact solver: the value of the position (the start, or the one after --moves where
the solver takes it) and how it was found, on one line of stdout; its progress on stderr.",
        solver.arguments
    )
}

/// Parses the process's own arguments into the command `main` runs. `Err` carries the status
/// the process exits with when the command line has been dealt with here: after `--help` (usage
/// on stdout, success), after `solve` (the game's solver has run), or after a bad command line
/// (the error and the usage on stderr, status 2; `solve` is one for a game without a solver).
/// Whatever a bot prints on stdout goes through [`reply`], so that a closed stdout (`bot --help |
/// head -1`) ends the process quietly with status 0 instead of a panic.
pub fn from_env(bot: &BotInfo) -> Result<Command, ExitCode> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    #[cfg(feature = "tuning")]
    let args = take_settings(bot, args)?;
    match parse_args(args) {
        Ok(Parsed::Run(command)) => Ok(command),
        Ok(Parsed::Help) => {
            reply(&usage(bot));
            Err(ExitCode::SUCCESS)
        }
        Ok(Parsed::Solve(args)) => match bot.solver {
            Some(solver) if args.iter().any(|a| is_help(a)) => {
                reply(&solve_usage(bot.name, &solver));
                Err(ExitCode::SUCCESS)
            }
            Some(solver) => Err((solver.run)(&args)),
            None => Err(refuse(bot, CliError::UnexpectedArgument("solve".into()))),
        },
        Err(error) => Err(refuse(bot, error)),
    }
}

/// The arguments but the settings of tunables (`--param`, `--params`), which are applied.
#[cfg(feature = "tuning")]
fn take_settings(bot: &BotInfo, args: Vec<String>) -> Result<Vec<String>, ExitCode> {
    crate::tunable::take_settings(args, (bot.tunables)()).map_err(|e| refuse(bot, e))
}

/// A bad command line: the error and the usage on stderr; the exit status 2.
fn refuse(bot: &BotInfo, error: impl fmt::Display) -> ExitCode {
    eprintln!("{}: {error}\n\n{}", bot.name, usage(bot));
    ExitCode::from(2)
}

/// The whole `main` of a bot: reads the command line and runs what it asks for (the contest
/// loop, perft, bench, the solver or the usage); returns the process's exit status.
pub fn run_bot(bot: &BotInfo) -> ExitCode {
    crate::io::set_bot_name(bot.name);
    let command = match from_env(bot) {
        Ok(command) => command,
        Err(status) => return status,
    };
    match command {
        Command::Play(options) => {
            options.warn_about_movetime(bot.contest.limit);
            crate::io::start_log_thread();
            (bot.play)(&options);
            crate::io::finish_log();
        }
        Command::Perft(depth) => {
            for d in 1..=depth {
                reply(&format!("{d} {}", (bot.perft)(d)));
            }
        }
        Command::Bench(options) => {
            (bot.bench)(options.depth);
        }
    }
    ExitCode::SUCCESS
}

/// A solver's refused arguments: `bot solve: error` and the usage line on stderr; the exit
/// status 2.
pub fn refuse_solve_args(bot: &str, arguments: &str, error: impl fmt::Display) -> ExitCode {
    eprintln!("{bot} solve: {error}");
    eprintln!("usage: {bot} solve {arguments}");
    ExitCode::from(2)
}

/// The value of `solve --table-mb`: a whole number of MB in `1..=max_mb`.
pub fn parse_table_mb(text: &str, max_mb: usize) -> Result<usize, CliError> {
    text.parse()
        .ok()
        .filter(|mb| (1..=max_mb).contains(mb))
        .ok_or_else(|| CliError::bad_value("--table-mb", text))
}

/// The value of `solve --seconds`: a finite number of seconds above zero.
pub fn parse_seconds(text: &str) -> Result<f64, CliError> {
    text.parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s > 0.0)
        .ok_or_else(|| CliError::bad_value("--seconds", text))
}

/// What every solver is asked: the position, its table's size and a time limit.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveTarget<B> {
    /// The position to solve.
    pub board: B,
    /// The table, in MB.
    pub table_mb: usize,
    /// Give up after this long.
    pub seconds: Option<f64>,
}

impl<B: crate::game::Board> SolveTarget<B> {
    /// Reads a solver's command line `words`, each option followed by its value: `--moves LINE`
    /// (the position after the line; the start by default), `--table-mb N` (1 to
    /// `max_table_mb`; `table_mb` by default), `--seconds S` (no limit by default), and the
    /// solver's own options, those of `own_options`, each given to `own(option, value)`.
    pub fn parse(
        words: &[String],
        table_mb: usize,
        max_table_mb: usize,
        own_options: &[&'static str],
        mut own: impl FnMut(&'static str, &String) -> Result<(), CliError>,
    ) -> Result<SolveTarget<B>, CliError> {
        let mut target = SolveTarget {
            board: B::start(),
            table_mb,
            seconds: None,
        };
        let mut words = words.iter();
        while let Some(word) = words.next() {
            let option = ["--moves", "--table-mb", "--seconds"]
                .iter()
                .chain(own_options)
                .find(|&&option| option == word)
                .ok_or_else(|| CliError::unknown(word))?;
            let value = words.next().ok_or(CliError::MissingValue(option))?;
            match *option {
                "--moves" => {
                    target.board = B::after_line(value).map_err(CliError::BadMove)?;
                }
                "--table-mb" => target.table_mb = parse_table_mb(value, max_table_mb)?,
                "--seconds" => target.seconds = Some(parse_seconds(value)?),
                _ => own(option, value)?,
            }
        }
        Ok(target)
    }
}
