//! The bots' shared command line: options, subcommands, usage text and typed errors.

use common::cli::*;
use std::process::ExitCode;
use std::time::Duration;

#[test]
fn solve_values_and_moves_parse_or_name_what_is_wrong() {
    let bad = |option, value: &str| CliError::BadValue {
        option,
        value: value.into(),
    };
    assert_eq!(parse_table_mb("64", 64), Ok(64));
    for value in ["0", "65", "-1", "x", ""] {
        assert_eq!(parse_table_mb(value, 64), Err(bad("--table-mb", value)));
    }
    assert_eq!(parse_seconds("2.5"), Ok(2.5));
    for value in ["0", "-1", "nan", "inf", "x"] {
        assert_eq!(parse_seconds(value), Err(bad("--seconds", value)));
    }
    assert_eq!(
        CliError::BadMove("'x': not a move".into()).to_string(),
        "--moves: 'x': not a move"
    );
    assert_eq!(
        bad("--seconds", "0").to_string(),
        "bad value '0' for option '--seconds'"
    );
    // A word no solver knows is named as the bot's own command line names it.
    assert_eq!(
        CliError::unknown("--frob").to_string(),
        "unknown option '--frob'"
    );
    assert_eq!(
        CliError::unknown("solve").to_string(),
        "unexpected argument 'solve'"
    );
}

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

fn parse(line: &str) -> Result<Parsed, CliError> {
    parse_args(line.split_whitespace())
}

fn run(command: Command) -> Result<Parsed, CliError> {
    Ok(Parsed::Run(command))
}

#[test]
fn no_arguments_plays_with_defaults() {
    assert_eq!(parse(""), run(Command::Play(BotOptions::default())));
}

#[test]
fn every_option_parses() {
    let expected = BotOptions {
        movetime: Some(Duration::from_millis(100)),
        depth: Some(6),
        nodes: Some(50_000),
        engine: EngineKind::Random,
        seed: 99,
        opening_plies: 4,
    };
    assert_eq!(
        parse("--movetime 100 --depth 6 --nodes 50000 --engine random --seed 99 --opening-plies 4"),
        run(Command::Play(expected.clone()))
    );
    assert_eq!(
        parse("bench --nodes 50000 --depth 6 --movetime 100 --engine random --opening-plies 4 --seed 99"),
        run(Command::Bench(expected))
    );
}

#[test]
fn subcommands_parse() {
    assert_eq!(parse("perft 4"), run(Command::Perft(4)));
    assert_eq!(parse("--help"), Ok(Parsed::Help));
    // Every subcommand answers -h and --help, perft's before its depth too.
    for line in [
        "-h",
        "perft --help",
        "perft -h",
        "perft 3 -h",
        "bench -h",
        "bench --help",
    ] {
        assert_eq!(parse(line), Ok(Parsed::Help), "{line}");
    }
    // solve's words are its own: its help is the solver's usage.
    assert_eq!(parse("solve -h"), Ok(Parsed::Solve(vec!["-h".into()])));
    assert_eq!(parse("bench"), run(Command::Bench(BotOptions::default())));
    assert_eq!(
        parse("solve --weak --table-mb 64"),
        Ok(Parsed::Solve(vec![
            "--weak".into(),
            "--table-mb".into(),
            "64".into()
        ]))
    );
    assert_eq!(parse("solve"), Ok(Parsed::Solve(vec![])));
}

#[test]
fn usage_states_protocol_limit_and_default_think_time() {
    let bot = BotInfo {
        name: "x-bot",
        protocol: "stdin: moves; stdout: moves",
        contest: Contest::timing("move", Duration::from_millis(2000)).memory_mb(20),
        movetime: Duration::from_millis(1200),
        first_movetime: None,
        solver: Some(Solver {
            arguments: "[--weak]",
            run: |_| ExitCode::SUCCESS,
        }),
        play: |_| {},
        perft: |_| 0,
        bench: |_| 0,
        tunables: Default::default,
    };
    let text = usage(&bot);
    let solve = solve_usage(bot.name, &bot.solver.unwrap());
    assert!(
        solve.starts_with("usage: x-bot solve [--weak]\n"),
        "{solve}"
    );
    for needle in [
        "x-bot solve [--weak]",
        "stdin: moves",
        "limits:   2000 ms per move, 20 MB; the bot thinks 1200 ms per move unless",
    ] {
        assert!(text.contains(needle), "{needle} missing from:\n{text}");
    }
    let without = usage(&BotInfo {
        solver: None,
        ..bot
    });
    assert!(!without.contains("solve"));
    let first_turn = usage(&BotInfo {
        contest: Contest::timing("turn", Duration::from_millis(100))
            .first_turn(Duration::from_millis(1000)),
        movetime: Duration::from_millis(35),
        first_movetime: Some(Duration::from_millis(500)),
        ..bot
    });
    let needle = "limits:   1000 ms on the first turn and 100 ms after; \
                  the bot thinks 500 ms on the first turn and 35 ms after unless";
    assert!(first_turn.contains(needle), "{first_turn}");
}

#[test]
fn errors_are_typed() {
    let bad = |option, value: &str| CliError::BadValue {
        option,
        value: value.into(),
    };
    let cases = [
        (
            "--frobnicate",
            CliError::UnknownOption("--frobnicate".into()),
        ),
        ("--movetime", CliError::MissingValue("--movetime")),
        ("--movetime soon", bad("--movetime", "soon")),
        ("--engine clever", bad("--engine", "clever")),
        ("--depth 0", bad("--depth", "0")),
        ("--nodes 0", bad("--nodes", "0")),
        ("--nodes many", bad("--nodes", "many")),
        ("perft x", bad("perft", "x")),
        (
            "perft 2 bench",
            CliError::UnexpectedArgument("bench".into()),
        ),
        ("play", CliError::UnexpectedArgument("play".into())),
        ("--opening-plies -1", bad("--opening-plies", "-1")),
    ];
    for (line, error) in cases {
        assert_eq!(parse(line), Err(error), "{line}");
    }
    assert_eq!(
        parse("--depth 0").unwrap_err().to_string(),
        "bad value '0' for option '--depth'"
    );
}
