//! The referee runs whole games between our bots (file-based calls) and writes the records.

use common::game::Board as _;
use std::fs;
use std::process::Command;
use test_support::process::{alive_with, recorded_games, run_ok, scratch_dir};
use test_support::replay::record_plies;

use connect4::board::{Board, Team};
use connect4::notation::{format_moves_file, format_opponent_file, parse_move};
use connect4::referee::Connect4;
use tools::runner::{Fault, Input, Referee, Seat};

const REFEREE: &str = env!("CARGO_BIN_EXE_connect4-referee");
const BOT: &str = env!("CARGO_BIN_EXE_connect4-bot");

#[test]
fn the_referee_plays_full_games_and_records_them() {
    let dir = std::env::temp_dir().join(format!("connect4-referee-test-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let greedy = format!("{BOT} --engine greedy");
    let random = format!("{BOT} --engine random --seed {{seed}}");
    let text = run_ok(
        REFEREE,
        [
            "--games",
            "2",
            "--record-dir",
            dir.to_str().unwrap(),
            &greedy,
            &random,
        ],
    );
    let summary = text.lines().last().unwrap();
    assert!(summary.starts_with("summary: games=2 "), "{text}");
    assert!(text.contains("faults=0; B"), "{text}");
    for game in 1..=2 {
        let record = fs::read_to_string(dir.join(format!("game-{game}.txt"))).unwrap();
        let mut lines = record.lines();
        assert_eq!(lines.next(), Some("# connect4"));
        // Replay the record with the library.
        let mut board = Board::start();
        for line in lines.filter(|l| !l.starts_with('#')) {
            let (seat, reply) = line.split_once(' ').unwrap();
            assert_eq!(seat, board.side_to_move().number().to_string());
            board = board.try_play(parse_move(reply).unwrap()).unwrap();
        }
        assert!(board.outcome().is_some(), "game {game} ended by the rules");
        let result = record.lines().last().unwrap();
        assert!(result.starts_with("# result: "), "{result}");
        // The bots' working directories are kept, with their help files.
        let p1 = dir.join(format!("game-{game}-p1"));
        assert!(p1.join("board.txt").exists());
    }
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_bot_that_writes_garbage_or_an_illegal_move_loses() {
    let dir = scratch_dir("connect4-referee", "faults");
    let script = dir.join("twice.sh");
    fs::write(&script, "echo '1 1' > output.txt\n").unwrap();
    let twice = format!("sh {}", script.display());
    let random = format!("{BOT} --engine random");
    for (command, expected) in [
        ("echo hello > output.txt", "malformed move"),
        ("echo '2 9' > output.txt", "malformed move"),
        ("true", "p1"),
        ("sleep 3", "timeout"),
        // A well-formed but illegal move: a second clear-row disc.
        (twice.as_str(), "illegal move"),
    ] {
        let text = run_ok(
            REFEREE,
            ["--games", "1", "--movetime-ms", "500", command, &random],
        );
        assert!(text.contains("winner=B"), "{command}: {text}");
        assert!(text.contains(expected), "{command}: {text}");
    }
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn the_referee_game_gives_the_files_and_judges_replies() {
    let mut game = Referee::<Connect4>::new();
    assert_eq!(game.to_move(), Seat::First);
    let Input::Files { files, reply_file } = game.input(Seat::First) else {
        panic!("file transport")
    };
    assert_eq!(reply_file, "output.txt");
    assert_eq!(files[0], ("team_no.txt".to_string(), "1\n".to_string()));
    assert_eq!(files[1].0, "board.txt");
    assert_eq!(files[1].1.split_whitespace().count(), 42);
    assert!(matches!(game.play("9 9"), Err(Fault::Malformed(_))));
    assert!(matches!(game.play("hello"), Err(Fault::Malformed(_))));
    assert_eq!(game.play("2 4"), Ok(None));
    assert_eq!(game.play("5 4"), Ok(None));
    assert!(
        matches!(game.play("2 1"), Err(Fault::Illegal(_))),
        "clear column used already"
    );
    assert_eq!(game.plies(), 2);
    assert_eq!(game.board().side_to_move(), Team::One);
    assert!(game.render().contains("1 2 3 4 5 6 7"));
    let Input::Files { files, .. } = game.input(Seat::First) else {
        panic!()
    };
    assert!(files[1].1.starts_with("0 0 0 2 0 0 0"), "{}", files[1].1);
}

/// Plays one game of `p1` against our random bot; returns the game's line.
fn one_game_against_random(p1: &str) -> String {
    let random = format!("{BOT} --engine random --seed 3");
    let out = run_ok(
        REFEREE,
        ["--games", "1", "--movetime-ms", "1000", p1, &random],
    );
    out.lines().next().unwrap().to_string()
}

#[test]
fn output_txt_may_spread_its_two_integers_over_any_white_space() {
    // Plays normal discs in columns 1, 2, ... 7, 1, ..., written with a newline, two spaces or a
    // tab between the integers, counting its calls in a help file of its own.
    for separator in ["\\n", "  ", "\\t", " \\r\\n "] {
        let player = format!(
            "n=$(cat p1.txt 2>/dev/null || echo 0); echo $((n+1)) > p1.txt; \
             printf ' 5{separator}%d\\n' $((n % 7 + 1)) > output.txt"
        );
        let line = one_game_against_random(&player);
        assert!(!line.contains("malformed move: p1"), "{separator}: {line}");
        let plies: u32 = line
            .split("plies=")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap();
        assert!(plies >= 3, "{separator}: {line}");
    }
    // Anything else is still malformed.
    for content in ["5,4", "5 4 4", "5", "five four"] {
        let line = one_game_against_random(&format!("echo '{content}' > output.txt"));
        assert!(line.contains("malformed move: p1"), "{content}: {line}");
    }
}

#[test]
fn a_team_keeping_more_than_five_help_files_loses() {
    let five = "mkdir -p p1dir; touch p1a p1b p1c p1dir/d p1dir/e; echo '5 4' > output.txt";
    let line = one_game_against_random(five);
    assert!(!line.contains("help files"), "{line}");
    let six = "mkdir -p p1dir; touch p1a p1b p1c p1dir/d p1dir/e p1dir/f; echo '5 4' > output.txt";
    let line = one_game_against_random(six);
    assert!(
        line.contains(
            "winner=B (p2) reason=\"help files: p1 kept 6 files of its own, over the 5 allowed\""
        ),
        "{line}"
    );
}

/// Plays four games between our greedy and random engines with `options`, with an openings file
/// at FILE; returns each game's record.
fn games_from_openings(name: &str, options: &[&str]) -> Vec<String> {
    let dir = scratch_dir("connect4-openings", name);
    let openings = dir.join("openings.txt");
    // Team 2's dual disc; then a clear row that removed only itself and both dual discs: both
    // bots enter a game whose spent powers their help files cannot tell, and read from the board
    // what they must (whose dual discs are spent).
    fs::write(&openings, "5 4, 4 4\n# powers\n1 1, 4 4, 4 3, 5 5\n").unwrap();
    let mut args: Vec<String> = options
        .iter()
        .map(|o| o.replace("FILE", &openings.display().to_string()))
        .collect();
    args.extend([
        format!("{BOT} --engine greedy"),
        format!("{BOT} --movetime 50"),
    ]);
    let (_, records) = recorded_games(REFEREE, 4, &dir, &args);
    let page = fs::read_to_string(dir.join("page.html")).unwrap();
    assert!(page.contains("<li class=\"opening\""));
    let _ = fs::remove_dir_all(&dir);
    records
}

/// The opening plies of a record; the replay of all its plies ends the game as it says.
fn replay_with_opening(record: &str) -> Vec<String> {
    let mut board = Board::start();
    let (opening, plies) = record_plies(record);
    for (seat, reply) in plies {
        assert_eq!(seat, board.side_to_move().number().to_string(), "{record}");
        board = board.try_play(parse_move(&reply).unwrap()).unwrap();
    }
    assert!(board.outcome().is_some(), "{record}");
    opening
}

#[test]
fn games_start_from_the_openings_of_a_file_with_powers_spent() {
    let records = games_from_openings("file", &["--openings", "FILE"]);
    let expected: [&[&str]; 2] = [&["1 5 4", "2 4 4"], &["1 1 1", "2 4 4", "1 4 3", "2 5 5"]];
    for (game, record) in records.iter().enumerate() {
        assert_eq!(replay_with_opening(record), expected[game / 2], "{record}");
    }
}

#[test]
fn random_openings_are_normal_discs_the_same_for_both_games_of_a_pair() {
    let records = games_from_openings("random", &["--random-openings", "4"]);
    let openings: Vec<Vec<String>> = records.iter().map(|r| replay_with_opening(r)).collect();
    assert_eq!(openings[0].len(), 4);
    assert_eq!(openings[0], openings[1]);
    assert_eq!(openings[2], openings[3]);
    assert_ne!(openings[0], openings[2]);
    for ply in openings.iter().flatten() {
        assert!(ply[2..].starts_with("5 "), "{ply}");
    }
}

#[test]
fn random_openings_draw_normal_discs_unless_the_dual_disc_is_due() {
    let mut game = Referee::<Connect4>::new();
    assert_eq!(game.opening_moves().len(), 7);
    assert!(game.opening_moves().iter().all(|m| m.starts_with("5 ")));
    // Nine normal discs each, in columns that never make four: the tenth must be the dual disc.
    for ply in 0..18 {
        let column = [1, 2, 3, 5, 6, 7][(ply / 2 % 3) * 2 + ply % 2];
        game.play(&format!("5 {column}")).unwrap();
    }
    assert!(game.opening_moves().iter().all(|m| m.starts_with("4 ")));
}

#[test]
fn the_game_masters_mode_shares_a_folder_alternates_the_first_team_and_writes_the_counts() {
    // Two games of our bot against itself under --game-master: game 2 starts with team 2. Each
    // call's bot logs the moves.txt and opponent_move.txt it read; replaying each record with the
    // library, every logged pair must be exactly what the files should hold before that call.
    let dir = std::env::temp_dir().join(format!("connect4-referee-gm-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let out = Command::new(REFEREE)
        .args(["--game-master", "--games", "2", "--record-dir"])
        .arg(&dir)
        .arg(format!("{BOT} --engine random --seed {{game}}"))
        .arg(format!("{BOT} --engine random --seed 7"))
        .output()
        .expect("the referee runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("faults=0; B") && text.contains("faults=0; first"),
        "{text}"
    );
    let mut calls = 0;
    for game in 1..=2 {
        let record = fs::read_to_string(dir.join(format!("game-{game}.txt"))).unwrap();
        let first = if game == 1 { Team::One } else { Team::Two };
        assert!(
            record.contains(&format!("# setup: team {} first\n", first.number())),
            "{record}"
        );
        assert!(!record.contains("# retry:"), "{record}");
        // One folder for both teams, each team's help files named with its own id.
        let shared = dir.join(format!("game-{game}"));
        for id in ["connect4-bot1", "connect4-bot2"] {
            assert!(shared.join(format!("{id}.txt")).exists(), "{id}");
        }
        let logs: Vec<Vec<String>> = [1, 2]
            .map(|seat| {
                fs::read_to_string(dir.join(format!("game-{game}-p{seat}.stderr")))
                    .unwrap()
                    .lines()
                    .filter(|l| l.contains("read moves.txt"))
                    .map(str::to_string)
                    .collect()
            })
            .to_vec();
        let mut seen = [0, 0];
        let mut referee =
            Referee::<Connect4>::from_setup(&format!("team {} first", first.number()))
                .expect("a set-up note of ours");
        for line in record.lines().filter(|l| !l.starts_with('#')) {
            let (seat, reply) = line.split_once(' ').unwrap();
            let (seat, index) = if seat == "1" {
                (Seat::First, 0)
            } else {
                (Seat::Second, 1)
            };
            assert_eq!(referee.to_move(), seat);
            let board = *referee.board();
            let team = board.side_to_move();
            let expected = format!(
                "read moves.txt '{}' opponent_move.txt '{}'",
                format_moves_file(&board, team).trim(),
                format_opponent_file(&board, team).trim()
            );
            let logged = &logs[index][seen[index]];
            assert!(
                logged.ends_with(&expected),
                "game {game}, ply {}: {logged} but {expected}",
                board.plies()
            );
            seen[index] += 1;
            calls += 1;
            referee.play(reply).unwrap();
        }
        assert_eq!(seen, [logs[0].len(), logs[1].len()]);
    }
    assert!(calls > 20, "{calls} calls checked");
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn the_game_masters_mode_calls_a_failing_team_again_up_to_three_times() {
    let dir = scratch_dir("connect4-referee", "retry");
    // Fails its first call of every move (no output.txt), then plays as our random bot, under
    // the id `flaky` (a link to the bot).
    let flaky = dir.join("flaky.sh");
    std::os::unix::fs::symlink(BOT, dir.join("flaky")).unwrap();
    fs::write(
        &flaky,
        format!(
            "if [ -f flaky-tried ]; then rm flaky-tried; exec {} --engine random; \
             else touch flaky-tried; fi\n",
            dir.join("flaky").display()
        ),
    )
    .unwrap();
    let always_bad = "echo '9 9' > output.txt";
    for (p1, expected_winner, expected_retries) in [
        (format!("sh {}", flaky.display()), None, 1..=60),
        (always_bad.to_string(), Some("winner=B"), 2..=2),
    ] {
        let records = dir.join("records");
        let _ = fs::remove_dir_all(&records);
        let out = Command::new(REFEREE)
            .args(["--game-master", "--games", "1", "--record-dir"])
            .arg(&records)
            .arg(&p1)
            .arg(format!("{BOT} --engine random --seed 5"))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let record = fs::read_to_string(records.join("game-1.txt")).unwrap();
        let retries = record
            .lines()
            .filter(|l| l.starts_with("# retry: 1 "))
            .count();
        assert!(
            expected_retries.contains(&retries),
            "{p1}: {retries}\n{record}"
        );
        // The game line counts them too, record or not.
        let game_line = text.lines().next().unwrap();
        assert!(
            game_line.ends_with(&format!(" retries: p1={retries} p2=0")),
            "{game_line}"
        );
        match expected_winner {
            Some(winner) => assert!(
                text.contains(winner) && text.contains("malformed"),
                "{text}"
            ),
            None => assert!(
                !text.contains("malformed") && !text.contains("exited"),
                "{text}"
            ),
        }
    }
    // Without --game-master the first failure loses.
    let out = Command::new(REFEREE)
        .args(["--games", "1"])
        .arg(format!("sh {}", flaky.display()))
        .arg(format!("{BOT} --engine random --seed 5"))
        .current_dir(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("winner=B") && text.contains("without writing output.txt"),
        "{text}"
    );
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn openings_no_game_allows_or_that_are_not_files_are_refused_at_once() {
    use std::time::Duration;
    use test_support::process::{make_fifo, output_within};
    let dir = scratch_dir("connect4-referee", "openings");
    let pipe = dir.join("openings.txt");
    make_fifo(&pipe);
    let pipe_text = pipe.display().to_string();
    let cases = [
        (
            // More plies than any game lasts: it asked for 103 GB up front, and aborted.
            vec!["--random-openings", "4294967295"],
            "connect4-referee: --random-openings 4294967295: no opening of 4294967295 random \
             plies leaves the game running (10000 drawn, and the game ended, or had no move to \
             draw, by ply "
                .to_string(),
        ),
        (
            vec!["--openings", &pipe_text],
            format!(
                "connect4-referee: cannot read the openings file {pipe_text}: a FIFO (named \
                 pipe), not a regular file\n"
            ),
        ),
        (
            vec!["--openings", "/dev/zero"],
            "connect4-referee: cannot read the openings file /dev/zero: a character device, not \
             a regular file\n"
                .to_string(),
        ),
    ];
    for (mut args, expected) in cases {
        args.extend([BOT, BOT]);
        let out = output_within(Command::new(REFEREE).args(&args), Duration::from_secs(60));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with(&expected), "{expected}\n{stderr}");
        assert!(out.stdout.is_empty(), "no game is played");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Every binary of the crate and every subcommand answers `--help` and `-h` with a usage and
/// exit status 0.
#[test]
fn every_binary_and_subcommand_answers_help() {
    use test_support::help::{every_binary_answers_help, SOLVE_COMMANDS};
    let tuner = env!("CARGO_BIN_EXE_connect4-tune");
    every_binary_answers_help(BOT, SOLVE_COMMANDS, Some(tuner));
}

/// An executable team script `dir/name` with `body` after its `#!/bin/sh` line.
fn team_script(dir: &std::path::Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    path.display().to_string()
}

/// The referee's stdout for `args`, run under an address-space limit and killed after a minute
/// (a regression can neither take the machine's memory nor hang the suite).
fn bounded_referee(args: &[&str]) -> String {
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 2000000; exec timeout -s KILL 60 \"$0\" \"$@\"")
        .arg(REFEREE)
        .args(args)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_team_leaving_a_process_in_a_session_of_its_own_leaves_none_after_any_call() {
    let dir = scratch_dir("connect4-referee", "leaver");
    let marker = format!("sleep 2{}.75", std::process::id() % 1000);
    let leaver = team_script(
        &dir,
        "Leaver",
        &format!("setsid {marker} &\nexec {BOT} --engine random --seed 3"),
    );
    let started = std::time::Instant::now();
    let out = bounded_referee(&["--games", "2", &leaver, &format!("{BOT} --engine random")]);
    assert!(out.contains("summary: games=2 "), "{out}");
    assert!(
        out.contains("faults=0; B") && out.contains("faults=0; first"),
        "{out}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(15));
    assert!(!alive_with(&marker), "{marker} outlived its call");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_team_leaving_output_txt_as_a_fifo_loses_the_call_and_the_games_end() {
    let dir = scratch_dir("connect4-referee", "fifo");
    let fifo = team_script(&dir, "Fifo", "rm -f output.txt; mkfifo output.txt");
    let out = bounded_referee(&["--games", "2", &fifo, &format!("{BOT} --engine random")]);
    assert_eq!(
        out.matches("reason=\"p1 left output.txt as a FIFO, not a file\"")
            .count()
            + out
                .matches("reason=\"p2 left output.txt as a FIFO, not a file\"")
                .count(),
        2,
        "{out}"
    );
    assert!(
        out.contains("summary: games=2 a_wins=0 draws=0 b_wins=2 "),
        "{out}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn under_the_game_master_a_team_cannot_make_its_opponent_lose() {
    // After each move `Evil` turns opponent_move.txt into a directory it cannot write and puts
    // its own script in place of the link that runs `EvilTwin` (ids Evil1 and EvilTwin2, which
    // share a prefix). The victim plays our random bot; neither trick may cost it a game.
    let dir = scratch_dir("connect4-referee", "evil");
    let evil = team_script(
        &dir,
        "Evil",
        &format!(
            "{BOT} --engine random --seed 5\nstatus=$?\n\
             rm -rf opponent_move.txt; mkdir -p opponent_move.txt/deep; chmod 000 opponent_move.txt/deep opponent_move.txt\n\
             rm -f EvilTwin2; printf '#!/bin/sh\\necho 9 9 > output.txt\\n' > EvilTwin2; chmod +x EvilTwin2\n\
             exit $status"
        ),
    );
    let twin = team_script(
        &dir,
        "EvilTwin",
        &format!("exec {BOT} --engine random --seed 6"),
    );
    let records = dir.join("records");
    let out = bounded_referee(&[
        "--game-master",
        "--games",
        "2",
        "--record-dir",
        records.to_str().unwrap(),
        &evil,
        &twin,
    ]);
    assert!(out.contains("summary: games=2 "), "{out}");
    assert!(
        out.contains("; B slowest=") && out.contains("faults=0; first"),
        "{out}"
    );
    for game in 1..=2 {
        let record = fs::read_to_string(records.join(format!("game-{game}.txt"))).unwrap();
        assert!(!record.contains("# retry:"), "{record}");
    }
    let _ = Command::new("chmod")
        .args(["-R", "u+rwx"])
        .arg(&dir)
        .status();
    let _ = fs::remove_dir_all(&dir);
}

/// Whether `program` runs here (`program -version` or `--version` succeeds).
fn installed(program: &str, flag: &str) -> bool {
    Command::new(program)
        .arg(flag)
        .output()
        .is_ok_and(|out| out.status.success())
}

/// Four games at the referee's defaults of `command`, typed in `dir`, against our random bot:
/// its `players:` line, which must show no fault of either.
fn newcomer_plays_four_games(dir: &std::path::Path, command: &str) -> String {
    let out = Command::new("timeout")
        .args(["-s", "KILL", "120", REFEREE, "--games", "4", command])
        .arg(format!("{BOT} --engine random"))
        .current_dir(dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let players = text
        .lines()
        .find(|l| l.starts_with("players: "))
        .unwrap()
        .to_string();
    assert!(
        players.contains("faults=0; B") && players.contains("faults=0; first"),
        "{text}"
    );
    players
}

#[test]
fn a_java_bot_started_from_the_folder_above_its_classes_plays_at_the_defaults() {
    // The contest's statement gives no memory limit: a JVM (about 40 MB) plays under the
    // referee's default, and `-cp bots/c4` means the folder where the command was typed.
    if !installed("javac", "-version") {
        eprintln!("skipped: no javac on this machine");
        return;
    }
    let dir = scratch_dir("connect4-referee", "java");
    let classes = dir.join("bots/c4");
    fs::create_dir_all(&classes).unwrap();
    fs::write(
        classes.join("PowerBot.java"),
        r#"import java.nio.file.*;
public class PowerBot {
    public static void main(String[] args) throws Exception {
        String[] board = new String(Files.readAllBytes(Paths.get("board.txt"))).trim().split("\\s+");
        String[] moves = new String(Files.readAllBytes(Paths.get("moves.txt"))).trim().split("\\s+");
        int type = moves[0].equals("0") ? 4 : 5;
        for (int column : new int[] {4, 3, 5, 2, 6, 1, 7}) {
            if (board[35 + column - 1].equals("0")) {
                Files.write(Paths.get("output.txt"), (type + " " + column + "\n").getBytes());
                return;
            }
        }
    }
}
"#,
    )
    .unwrap();
    let compiled = Command::new("javac")
        .arg(classes.join("PowerBot.java"))
        .status()
        .unwrap();
    assert!(compiled.success());
    newcomer_plays_four_games(&dir, "java -cp bots/c4 PowerBot");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_python_bot_typed_in_its_own_folder_plays_at_the_defaults_and_under_the_game_master() {
    if !installed("python3", "--version") {
        eprintln!("skipped: no python3 on this machine");
        return;
    }
    let dir = scratch_dir("connect4-referee", "python");
    fs::write(
        dir.join("my_bot.py"),
        "board = open('board.txt').read().split()\n\
         moves = open('moves.txt').read().split()\n\
         kind = 4 if moves[0] == '0' else 5\n\
         column = next(c for c in (4, 3, 5, 2, 6, 1, 7) if board[35 + c - 1] == '0')\n\
         open('output.txt', 'w').write(f'{kind} {column}\\n')\n",
    )
    .unwrap();
    newcomer_plays_four_games(&dir, "python3 my_bot.py");
    // Under the game master it plays as team `my_bot`, its script's name.
    let records = dir.join("records");
    let out = Command::new("timeout")
        .args([
            "-s",
            "KILL",
            "60",
            REFEREE,
            "--game-master",
            "--games",
            "2",
            "--record-dir",
        ])
        .arg(&records)
        .arg("python3 my_bot.py")
        .arg(format!("{BOT} --engine random"))
        .current_dir(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("faults=0; B") && text.contains("faults=0; first"),
        "{text}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_file_player_that_cannot_start_is_told_the_folder_it_ran_in() {
    let dir = scratch_dir("connect4-referee", "nowhere");
    let out = Command::new(REFEREE)
        .args(["--games", "2", "sh no_such_bot.sh"])
        .arg(format!("{BOT} --engine random"))
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("without writing output.txt, run in its folder /"),
        "{err}"
    );
    let _ = fs::remove_dir_all(&dir);
}
