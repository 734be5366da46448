//! The match runner, once for every game, through the referee of its toy game
//! (`count-referee`): full games and their records, pages and lines; players that misbehave in
//! every way the runner must catch; tournaments, shards and openings; the command line.

mod support;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::{
    alive_with, answers_help, field, make_fifo, ones, output_within, perfect, perfect_thinking,
    random, run, run_ok, scratch_dir, REFEREE,
};

struct Run {
    stdout: String,
    took: Duration,
}

fn referee(args: &[&str]) -> Run {
    let started = Instant::now();
    let stdout = run_ok(args);
    Run {
        stdout,
        took: started.elapsed(),
    }
}

/// Plays game 1 with `bad` as Player 1 against the player that always steps one, with `extra`
/// options; returns game 1's line and how long the match took.
fn against_bad_player(bad: &str, extra: &[&str]) -> (String, Duration) {
    let ours = ones();
    let mut args = extra.to_vec();
    args.extend([bad, ours.as_str()]);
    let run = referee(&args);
    let line = run.stdout.lines().next().unwrap().to_string();
    assert!(line.contains("winner=B (p2)"), "{line}");
    assert!(run
        .stdout
        .lines()
        .last()
        .unwrap()
        .starts_with("summary: games=1 a_wins=0 draws=0 b_wins=1 "));
    (line, run.took)
}

/// Game 1's line with `bad` as Player 1, which must report `reason`.
fn verdict_against(bad: &str, reason: &str) -> String {
    let (line, _) = against_bad_player(bad, &[]);
    assert!(line.contains(reason), "{bad}: {line}");
    line
}

/// The steps of a record's plies, each with its seat, the opening's first.
fn record_steps(record: &str) -> Vec<(String, u32)> {
    record
        .lines()
        .filter_map(|line| match line.strip_prefix("# opening: ") {
            Some(ply) => Some(ply),
            None if line.starts_with('#') => None,
            None => Some(line),
        })
        .map(|ply| {
            let (seat, step) = ply.split_once(' ').unwrap();
            (seat.to_string(), step.parse().unwrap())
        })
        .collect()
}

/// Checks that a record's plies alternate seats from Player 1 and count to five, and that its
/// result names the seat that reached it.
fn check_record_replays(record: &str) {
    let steps = record_steps(record);
    let mut total = 0;
    for (ply, (seat, step)) in steps.iter().enumerate() {
        assert_eq!(seat, &(ply % 2 + 1).to_string(), "{record}");
        assert!(total < 5 && (1..=2).contains(step), "{record}");
        total += step;
    }
    assert_eq!(total, 5, "{record}");
    let winner = format!("# result: p{} reached five", (steps.len() - 1) % 2 + 1);
    assert_eq!(record.lines().last().unwrap(), winner, "{record}");
}

/// Runs `games` games with `args` (options and players), recording them in `dir/games` and
/// drawing them on `dir/page.html`: the referee must succeed, neither player be at fault, and
/// say where the page is. Returns its stdout and the records, game 1 first.
fn recorded_games(games: u32, dir: &Path, args: &[String]) -> (String, Vec<String>) {
    let records = dir.join("games");
    let page = dir.join("page.html");
    let out = Command::new(REFEREE)
        .args(["--games", &games.to_string(), "--record-dir"])
        .arg(&records)
        .arg("--html")
        .arg(&page)
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}{stderr}");
    let said = format!("the replay page of {games} games is in {}", page.display());
    assert!(stderr.contains(&said), "{said}: {stderr}");
    assert_eq!(stdout.matches("faults=0").count(), 2, "{stdout}");
    let texts = (1..=games)
        .map(|game| fs::read_to_string(records.join(format!("game-{game}.txt"))).unwrap())
        .collect();
    (stdout, texts)
}

#[test]
fn full_games_are_recorded_and_replay_legally() {
    let dir = scratch_dir("count-referee", "records");
    let a = perfect();
    let b = random("{seed}");
    let args = ["--seed".to_string(), "3".to_string(), a.clone(), b.clone()];
    let (stdout, records) = recorded_games(2, &dir, &args);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert!(lines[0].starts_with("game 1: p1=A p2=B winner="));
    assert!(lines[1].starts_with("game 2: p1=B p2=A winner="));
    assert!(lines[2].starts_with("players: A slowest="));
    assert!(lines[2].contains("; first replies: A=") && lines[2].contains("; later replies: A="));
    let summary = lines[3];
    assert!(summary.starts_with("summary: games=2 a_wins="), "{summary}");
    assert!(
        summary.contains(" elo=") && summary.contains(" ci95="),
        "{summary}"
    );
    for (game, text) in (1..).zip(&records) {
        let record: Vec<&str> = text.lines().collect();
        assert_eq!(record[0], "# count");
        let (p1, p2) = if game == 1 { (&a, &b) } else { (&b, &a) };
        // Games 1 and 2 are pair 1: both get seed 3 + 1, the seats swapped.
        assert_eq!(record[1], format!("# p1: {}", p1.replace("{seed}", "4")));
        assert_eq!(record[2], format!("# p2: {}", p2.replace("{seed}", "4")));
        let times = record.iter().filter(|l| l.starts_with("# time: ")).count();
        assert_eq!(
            times,
            record_steps(text).len(),
            "a time line after each ply"
        );
        check_record_replays(text);
        assert!(dir.join(format!("games/game-{game}-p1.stderr")).exists());
    }
    // The page draws every position of both games, and `view` draws the same from the records;
    // a record cut off is shown up to the cut and reported with its line.
    let page = fs::read_to_string(dir.join("page.html")).unwrap();
    assert_eq!(page.matches("<section class=\"game\"").count(), 2);
    let boards: usize = records
        .iter()
        .map(|record| 1 + record_steps(record).len())
        .sum();
    assert_eq!(page.matches("<svg class=\"board\"").count(), boards);
    assert!(!page.contains("class=\"problems\""));
    let view = dir.join("view.html");
    let files = [dir.join("games/game-1.txt"), dir.join("games/game-2.txt")];
    run_ok([
        Path::new("view"),
        &files[0],
        &files[1],
        Path::new("--html"),
        &view,
    ]);
    let viewed = fs::read_to_string(&view).unwrap();
    assert_eq!(viewed.matches("<svg class=\"board\"").count(), boards);
    let broken = dir.join("broken.txt");
    let cut: Vec<&str> = records[0].lines().take(5).collect();
    fs::write(&broken, cut.join("\n")).unwrap();
    let out = Command::new(REFEREE)
        .arg("view")
        .arg(&broken)
        .arg(&files[1])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("broken.txt: line 6: truncated"), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.matches("<section class=\"game\"").count(), 2);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn show_draws_the_position_after_every_ply_and_the_ply_limit_draws_a_game() {
    let run = referee(&["--show", &perfect(), &ones()]);
    assert!(
        run.stdout.contains("ply 1: p1 2\n2 of 5\n"),
        "{}",
        run.stdout
    );
    let run = referee(&["--games", "2", "--max-plies", "2", &ones(), &ones()]);
    assert!(
        run.stdout
            .contains("reason=\"ply limit (2 plies)\" plies=2"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("summary: games=2 a_wins=0 draws=2 b_wins=0"),
        "{}",
        run.stdout
    );
    // A draw is worth half a point in the toy game, as the summary counts it: no `points:` line.
    assert!(!run.stdout.contains("points:"), "{}", run.stdout);
}

#[test]
fn a_faulty_player_loses_and_its_fault_is_reported_apart() {
    // awk doubles a string to 64 MB, far over a 20 MB cap, then waits.
    let hog = "awk 'BEGIN { s = \"x\"; while (length(s) < 64 * 1024 * 1024) s = s s; system(\"sleep 5\") }'";
    // Against a player that steps one, this one reaches four and passes five.
    let past = "read id; while read n; do if [ $n -eq 4 ]; then echo 2; else echo 1; fi; done";
    // Player 1's command, the options, what game 1's line must report, and the most the match
    // may take in ms where the fault must be seen early.
    let cases: [(&str, &[&str], &str, Option<u64>); 8] = [
        (
            "read id; echo 'hello there'; sleep 5",
            &[],
            "malformed move: p1 printed 'hello there' (not a step of 1 to 2: hello there)",
            None,
        ),
        (past, &[], "illegal move: p1 printed '2' (past five)", None),
        (
            "read id; sleep 5; echo 1",
            &["--movetime-ms", "300"],
            "timeout: p1 gave no reply within 300 ms",
            Some(300 + 1500),
        ),
        ("exit 0", &[], "p1 exited", Some(2000)),
        // A flood without a newline cannot exhaust the referee.
        (
            "read id; cat /dev/zero",
            &[],
            "printed a line over 4096 bytes",
            Some(3000),
        ),
        // A flood of lines loses on the first one.
        ("read id; yes", &[], "malformed move: p1 printed 'y'", None),
        (hog, &["--memory-mb", "20"], "memory: p1 used", Some(4000)),
        (
            "read id; read n; echo 9; sleep 5",
            &[],
            "malformed move: p1 printed '9'",
            None,
        ),
    ];
    for (bad, extra, expected, most_ms) in cases {
        let (line, took) = against_bad_player(bad, extra);
        assert!(line.contains(expected), "{bad}: {line}");
        if let Some(most_ms) = most_ms {
            assert!(took < Duration::from_millis(most_ms), "{bad} took {took:?}");
        }
    }
}

/// A player over its memory cap (an interpreter alone can be: Python 3 holds about 13 MB, over
/// Ka-Boom's 8) loses with a verdict that names the option raising the cap, and its game line's
/// peak is the figure of the verdict, not a later reading of a process still growing.
#[test]
fn a_player_over_the_memory_cap_is_told_the_option_and_one_figure() {
    let hog = "awk 'BEGIN { s = \"x\"; while (length(s) < 16 * 1024 * 1024) s = s s; \
               system(\"sleep 5\") }'";
    let (line, _) = against_bad_player(hog, &["--memory-mb", "8"]);
    assert!(
        line.contains("over the 8.0MB cap (--memory-mb raises it)"),
        "{line}"
    );
    let figure = |after: &str, end: char| -> f64 {
        let text = line
            .split(after)
            .nth(1)
            .and_then(|rest| rest.split(end).next());
        let text = text.and_then(|t| t.strip_suffix("MB")).expect(after);
        text.parse().expect(after)
    };
    let (used, peak) = (figure("memory: p1 used ", ','), figure("peak: A=", ' '));
    // The same figure, the verdict's perhaps with a second decimal.
    assert!((used - peak).abs() < 0.051, "{line}");
}

fn processes_with(marker: &str) -> usize {
    fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .chars()
                .all(|c| c.is_ascii_digit())
        })
        .filter(|e| {
            fs::read(e.path().join("cmdline"))
                .map(|c| {
                    String::from_utf8_lossy(&c)
                        .replace('\0', " ")
                        .contains(marker)
                })
                .unwrap_or(false)
        })
        .count()
}

#[test]
fn no_process_is_left_behind() {
    // A player that starts a long-lived child, then plays properly; and one that hangs.
    let marker = "7341.25";
    let leaky = format!("sleep {marker} & exec {}", perfect());
    let hanging = format!("(sleep {marker}; echo late) & read id; sleep {marker}");
    let run = referee(&["--games", "2", "--movetime-ms", "500", &leaky, &ones()]);
    assert!(run.stdout.contains("summary: games=2 "), "{}", run.stdout);
    let run = referee(&["--movetime-ms", "300", &hanging, &ones()]);
    assert!(run.stdout.contains("timeout"), "{}", run.stdout);
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(processes_with(marker), 0, "children of players were killed");
}

#[test]
fn bad_referee_command_lines_exit_with_status_2() {
    let out = run(&["only-one-player"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected two player commands"));
    let out = run(&["--help"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("--record-dir"));
}

#[test]
fn malformed_player_sprt_and_shard_options_exit_with_status_2_and_one_line() {
    for args in [
        vec!["--player", "no-equals-sign", "--player", "b=x"],
        vec!["--sprt", "5,0", "a", "b"],
        vec!["--shard", "3/2", "a", "b"],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
}

/// What every referee answers `--help` after: a match, `merge`, `view`, the league's commands
/// and `lines`; each with a usage and exit status 0.
#[test]
fn the_referee_and_every_subcommand_answer_help() {
    for words in [
        &[][..],
        &["a", "b"],
        &["merge"],
        &["merge", "x.csv"],
        &["view"],
        &["league"],
        &["league", "dir", "add"],
        &["league", "dir", "remove"],
        &["league", "dir", "run"],
        &["league", "dir", "show"],
        &["lines"],
        &["lines", "dir"],
    ] {
        answers_help(REFEREE, words);
    }
}

#[test]
fn two_lines_for_one_turn_lose_as_spoken_out_of_turn() {
    // The second line would otherwise be taken as Player 1's next reply, "in 0 ms".
    verdict_against(
        "read id; read n; printf '1\\n2\\n'; sleep 5",
        "reason=\"spoke out of turn: p1 printed '2' before it was asked\"",
    );
}

#[test]
fn player_two_gets_its_id_when_the_game_starts() {
    // Player 1 moves only once Player 2 has written down the id it was sent; Player 2 then
    // stays silent and loses on time.
    let dir = scratch_dir("count-referee", "greeting");
    let id_file = dir.join("p2-id");
    let p1 = format!(
        "read id; i=0; while [ ! -s {f} ] && [ $i -lt 50 ]; do sleep 0.02; i=$((i+1)); done; \
         if [ -s {f} ]; then echo 1; else echo 'p2-had-no-id'; fi; sleep 5",
        f = id_file.display()
    );
    let p2 = format!("read id; echo \"$id\" > {}; sleep 5", id_file.display());
    let run = referee(&["--movetime-ms", "1500", &p1, &p2]);
    let line = run.stdout.lines().next().unwrap();
    assert!(
        line.contains("winner=A (p1) reason=\"timeout: p2"),
        "{line}"
    );
    assert_eq!(fs::read_to_string(&id_file).unwrap(), "2\n");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn closing_the_output_while_alive_loses_at_once_whatever_the_command_shape() {
    let dir = scratch_dir("count-referee", "closer");
    let script = dir.join("closer.sh");
    fs::write(&script, "#!/bin/sh\nread id\nexec >&-\nsleep 5\n").unwrap();
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    fs::set_permissions(&script, mode).unwrap();
    let simple = script.display().to_string();
    let compound = format!("cd {} && ./closer.sh; echo never", dir.display());
    for command in [simple, compound] {
        let (line, took) = against_bad_player(&command, &["--movetime-ms", "2000"]);
        assert!(
            line.contains("reason=\"p1 closed its output before replying\""),
            "{command}: {line}"
        );
        assert!(
            took < Duration::from_millis(1500),
            "{command}: took {took:?}"
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn verdicts_escape_control_bytes_and_only_ascii_white_space_is_trimmed() {
    let line = verdict_against(
        "read id; printf 'a\\033[31m\\000b\\n'; sleep 5",
        "malformed move: p1 printed 'a\\x1b[31m\\0b'",
    );
    assert!(!line.contains('\u{1b}') && !line.contains('\0'), "{line}");
    let clearer = "read id; printf '\\033[2J\\033[31mx\\n'; sleep 5";
    let line = verdict_against(clearer, "malformed move: p1 printed '\\x1b[2J\\x1b[31mx'");
    assert!(!line.contains('\u{1b}'), "{line}");
    // A no-break space is not white space for the protocol: the line is malformed.
    verdict_against(
        "read id; printf '1\\302\\240\\n'; sleep 5",
        "malformed move: p1 printed '1\u{a0}'",
    );
    // ASCII white space around the move is fine: Player 1's next turn times out.
    let (line, _) = against_bad_player(
        "read id; printf ' \\t1 \\r\\n'; sleep 5",
        &["--movetime-ms", "300"],
    );
    assert!(line.contains("timeout: p1"), "the move was taken: {line}");
}

#[test]
fn a_crash_quotes_the_last_line_of_stderr_and_a_silent_timeout_hints_at_flushing() {
    // No --record-dir: what a contestant needs to mend the bot is on the game line.
    let crasher = "read id; read n; echo 1; echo 'crashing on purpose' >&2; read m; exit 1";
    let line = verdict_against(crasher, "p1 exited (exit status: 1) before replying");
    assert!(
        line.contains("its stderr ended with 'crashing on purpose'"),
        "{line}"
    );
    // A live bot that never answers (its output in a buffer): the verdict says so, and its
    // slowest reply is the timeout, not 0 ms.
    let (line, _) = against_bad_player("read id; sleep 5", &["--movetime-ms", "300"]);
    assert!(
        line.contains("timeout: p1 gave no reply within 300 ms (no reply yet in this game: does it flush its output after each move?)"),
        "{line}"
    );
    assert!(line.contains("slowest: A=timeout "), "{line}");
}

#[test]
fn a_player_that_cannot_start_after_it_played_a_game_only_loses_that_game() {
    let first_game_only = format!(
        "if [ {{game}} != 1 ]; then exit 127; fi; exec {}",
        perfect()
    );
    let run = referee(&["--games", "2", &first_game_only, &ones()]);
    let game_two = run.stdout.lines().nth(1).unwrap();
    assert!(
        game_two.contains("reason=\"p2 exited (exit status: 127) before replying\""),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .lines()
            .last()
            .unwrap()
            .starts_with("summary: games=2 "),
        "{}",
        run.stdout
    );
}

#[test]
fn a_match_names_each_players_command_when_it_starts() {
    let out = run(&["--games", "2", &perfect(), &ones()]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    for (name, command) in [("A", perfect()), ("B", ones())] {
        let said = format!("player {name}: `{command}`\n");
        assert!(stderr.contains(&said), "{said}{stderr}");
    }
}

#[test]
fn a_round_robin_of_three_players_ends_with_a_crosstable_and_standings() {
    let run = referee(&[
        "--games",
        "2",
        "--concurrency",
        "2",
        "--player",
        &format!("rand={}", random("{seed}")),
        "--player",
        &format!("rand2={}", random("{seed}7")),
        "--player",
        &format!("perfect={}", perfect()),
    ]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let games: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("game "))
        .collect();
    assert_eq!(games.len(), 6, "{}", run.stdout);
    for pairing in [("rand", "rand2"), ("rand", "perfect"), ("rand2", "perfect")] {
        let played = games
            .iter()
            .filter(|l| {
                let seats = format!("p1={} p2={} ", pairing.0, pairing.1);
                let swapped = format!("p1={} p2={} ", pairing.1, pairing.0);
                l.contains(&seats) || l.contains(&swapped)
            })
            .count();
        assert_eq!(played, 2, "{pairing:?}: {}", run.stdout);
    }
    let table = lines.iter().position(|l| *l == "crosstable:").unwrap();
    assert_eq!(lines.len(), table + 1 + 4 + 3, "{}", run.stdout);
    let standings: Vec<&str> = lines[table + 5..].to_vec();
    let mut points = 0.0;
    let mut elo_sum = 0;
    for (rank, line) in standings.iter().enumerate() {
        assert!(
            line.starts_with(&format!("standing: {} ", rank + 1)),
            "{line}"
        );
        let (got, of) = field(line, "score=").split_once('/').unwrap();
        assert_eq!(of, "4", "{line}");
        points += got.parse::<f64>().unwrap();
        elo_sum += field(line, "elo=").parse::<i32>().unwrap();
        assert!(field(line, "ci95=").parse::<u32>().is_ok(), "{line}");
    }
    assert_eq!(points, 6.0);
    assert!(elo_sum.abs() <= 2, "the field's mean is 0: {elo_sum}");
    // A gauntlet: the first player against each of the others, and nothing else.
    let run = referee(&[
        "--gauntlet",
        "--games",
        "2",
        "--player",
        &format!("perfect={}", perfect()),
        "--player",
        &format!("rand={}", random("{seed}")),
        "--player",
        &format!("rand2={}", random("{seed}7")),
    ]);
    let games: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("game "))
        .collect();
    assert_eq!(games.len(), 4, "{}", run.stdout);
    assert!(
        games.iter().all(|l| l.contains("perfect")),
        "{}",
        run.stdout
    );
    // rand and rand2 never met: their two cells of the crosstable are empty.
    let unplayed = run
        .stdout
        .lines()
        .skip_while(|l| *l != "crosstable:")
        .take_while(|l| !l.starts_with("standing: "))
        .flat_map(|l| l.split_whitespace())
        .filter(|cell| *cell == ".")
        .count();
    assert_eq!(unplayed, 2, "{}", run.stdout);
}

#[test]
fn a_sharded_match_merges_into_what_a_single_run_prints() {
    let dir = scratch_dir("count-referee", "shards");
    let a = random("{seed}");
    let b = random("{seed}7");
    let common_args = ["--games", "6", "--seed", "9", "--sprt", "0,50"];
    let mut whole_args = common_args.to_vec();
    whole_args.extend([a.as_str(), b.as_str()]);
    let whole = referee(&whole_args);
    let mut files = Vec::new();
    let mut shard_games = Vec::new();
    for shard in ["0/2", "1/2"] {
        let file = dir.join(format!("shard-{}.csv", &shard[..1]));
        let file_text = file.display().to_string();
        let mut args = common_args.to_vec();
        args.extend(["--shard", shard, "--results", &file_text, &a, &b]);
        let run = referee(&args);
        shard_games.extend(
            run.stdout
                .lines()
                .filter(|l| l.starts_with("game "))
                .map(|l| l.split(" slowest:").next().unwrap().to_string()),
        );
        files.push(file_text);
    }
    // The same games, with the same results, were played.
    let mut whole_games: Vec<String> = whole
        .stdout
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| l.split(" slowest:").next().unwrap().to_string())
        .collect();
    whole_games.sort();
    shard_games.sort();
    assert_eq!(whole_games, shard_games);
    let merged = run_ok(
        ["merge", "--sprt", "0,50"]
            .into_iter()
            .chain(files.iter().map(String::as_str)),
    );
    let tail = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("sprt: ") || l.starts_with("summary: "))
            .map(String::from)
            .collect()
    };
    assert_eq!(tail(&merged).len(), 2, "{merged}");
    assert_eq!(tail(&merged), tail(&whole.stdout));
    assert!(merged.starts_with("players: A slowest="), "{merged}");
    // A results file of another game, or with a column missing, is refused with status 2.
    let text = fs::read_to_string(&files[0]).unwrap();
    let other = dir.join("other.csv");
    fs::write(&other, text.replace("\ncount,", "\nkaboom,")).unwrap();
    let broken = dir.join("broken.csv");
    fs::write(&broken, text.replacen("plies,", "", 1)).unwrap();
    for bad in [&other, &broken] {
        let out = Command::new(REFEREE)
            .arg("merge")
            .arg(bad)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Four games of the perfect player against the random one with `options`, an openings file at
/// FILE; returns each game's record.
fn games_from_openings(name: &str, options: &[&str]) -> Vec<String> {
    let dir = scratch_dir("count-openings", name);
    let openings = dir.join("openings.txt");
    fs::write(&openings, "# one ply\n2\n\n1, 1, 1   # three plies\n").unwrap();
    let mut args: Vec<String> = options
        .iter()
        .map(|o| o.replace("FILE", &openings.display().to_string()))
        .collect();
    args.extend([perfect(), random("{seed}")]);
    let (_, records) = recorded_games(4, &dir, &args);
    let page = fs::read_to_string(dir.join("page.html")).unwrap();
    assert!(page.contains("<li class=\"opening\""));
    let _ = fs::remove_dir_all(&dir);
    records
}

/// The opening plies of a record, checked to replay with the players' plies to its result.
fn opening_of(record: &str) -> Vec<String> {
    check_record_replays(record);
    record
        .lines()
        .filter_map(|l| l.strip_prefix("# opening: "))
        .map(String::from)
        .collect()
}

#[test]
fn games_start_from_the_openings_of_a_file_both_seats_of_a_pair_alike() {
    let records = games_from_openings("file", &["--openings", "FILE"]);
    let expected: [&[&str]; 2] = [&["1 2"], &["1 1", "2 1", "1 1"]];
    for (game, record) in records.iter().enumerate() {
        assert_eq!(opening_of(record), expected[game / 2], "{record}");
    }
}

#[test]
fn random_openings_are_the_same_for_both_games_of_a_pair() {
    // Seed 3: pairs 1 and 2 draw different openings.
    let records = games_from_openings("random", &["--random-openings", "2", "--seed", "3"]);
    let openings: Vec<Vec<String>> = records.iter().map(|r| opening_of(r)).collect();
    assert_eq!(openings[0].len(), 2);
    assert_eq!(openings[0], openings[1]);
    assert_eq!(openings[2], openings[3]);
    assert_ne!(openings[0], openings[2]);
}

/// The referee run with `args` under an address-space limit of `memory_kb` and a time limit of
/// `seconds` (so that a regression cannot take the machine down or hang the suite): its stdout,
/// its peak resident memory as last seen, and how long it took.
fn bounded_referee(args: &[&str], memory_kb: u64, seconds: u64) -> (String, u64, Duration) {
    let started = Instant::now();
    let child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {memory_kb}; exec timeout -s KILL {seconds} \"$0\" \"$@\""
        ))
        .arg(REFEREE)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // `timeout` runs the referee as its child: watch the referee's peak as it plays.
    let watcher = {
        let timeout_pid = child.id();
        std::thread::spawn(move || {
            let mut peak = 0;
            loop {
                let children = format!("/proc/{timeout_pid}/task/{timeout_pid}/children");
                let Ok(children) = fs::read_to_string(children) else {
                    return peak;
                };
                for pid in children.split_whitespace() {
                    let status = fs::read_to_string(format!("/proc/{pid}/status"));
                    let kb = status.ok().and_then(|s| {
                        s.lines()
                            .find_map(|l| l.strip_prefix("VmHWM:"))
                            .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
                    });
                    peak = peak.max(kb.unwrap_or(0) * 1024);
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        })
    };
    let out = child.wait_with_output().unwrap();
    let peak = watcher.join().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        peak,
        started.elapsed(),
    )
}

#[test]
fn a_player_flooding_its_output_loses_both_games_and_the_referee_stays_small() {
    // A move, then a flood of lines that are no move: whether a line of the flood is caught out
    // of turn or read as its next reply, the player loses.
    let (out, peak, took) = bounded_referee(
        &["--games", "2", "read id; echo 1; exec yes x", &ones()],
        2_000_000,
        60,
    );
    assert!(
        out.contains("summary: games=2 a_wins=0 draws=0 b_wins=2 "),
        "{out}"
    );
    assert!(took < Duration::from_secs(30), "{took:?}");
    assert!(peak < 200 * 1024 * 1024, "the referee reached {peak} bytes");
}

#[test]
fn a_child_in_a_session_of_its_own_neither_hangs_the_match_nor_outlives_it() {
    let marker = format!("sleep 2{}.25", std::process::id() % 1000);
    let escaper = format!("setsid {marker} & exec {}", perfect());
    let (out, _, took) = bounded_referee(&["--games", "2", &escaper, &ones()], 2_000_000, 60);
    assert!(out.contains("summary: games=2 "), "{out}");
    assert!(out.contains("faults=0; B"), "{out}");
    assert!(took < Duration::from_secs(15), "{took:?}");
    assert!(!alive_with(&marker), "{marker} outlived the match");
}

#[test]
fn a_player_holding_memory_in_a_child_whose_parent_exited_loses_on_memory() {
    // The subshell forks awk (128 MB, over the game's 64 MB cap) and exits; the player plays on
    // beside the orphan.
    let hog =
        "awk 'BEGIN { s = \"x\"; while (length(s) < 100000000) s = s s; system(\"sleep 20\") }'";
    let forker = format!("( {hog} & ); exec {}", perfect_thinking("0.5"));
    let (out, _, _) = bounded_referee(&["--games", "2", &forker, &ones()], 3_000_000, 60);
    assert_eq!(out.matches("reason=\"memory: ").count(), 2, "{out}");
    assert!(
        out.contains("summary: games=2 a_wins=0 draws=0 b_wins=2 "),
        "{out}"
    );
}

#[test]
fn a_player_that_stops_its_parent_and_its_opponent_stops_only_itself() {
    // It sends SIGSTOP to its parent and to every process whose command line names its
    // opponent's marker, then never answers: it loses on time, and the match ends.
    let marker = format!("2{}.125", std::process::id() % 100);
    let stopper = format!(
        "kill -STOP $PPID; for p in /proc/[0-9]*; do tr '\\0' ' ' < $p/cmdline 2>/dev/null | \
         grep -q -e '{marker}' && kill -STOP ${{p#/proc/}}; done; sleep 30"
    );
    let ours = format!("{} {marker}", ones());
    let (out, _, took) = bounded_referee(
        &["--games", "2", "--movetime-ms", "1000", &stopper, &ours],
        2_000_000,
        60,
    );
    assert_eq!(out.matches("reason=\"timeout: ").count(), 2, "{out}");
    assert!(
        out.contains("summary: games=2 a_wins=0 draws=0 b_wins=2 "),
        "{out}"
    );
    assert!(took < Duration::from_secs(30), "{took:?}");
}

#[test]
fn a_referee_killed_mid_match_leaves_no_process_of_its_players_behind() {
    let marker = format!("sleep 2{}.125", std::process::id() % 1000);
    let escaper = format!("setsid {marker} & exec {}", perfect_thinking("0.05"));
    let mut referee = Command::new(REFEREE)
        .args(["--games", "20", &escaper, &ones()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !alive_with(&marker) && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(alive_with(&marker), "the player never started its child");
    referee.kill().unwrap();
    referee.wait().unwrap();
    let killed = Instant::now();
    while alive_with(&marker) && killed.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!alive_with(&marker), "{marker} outlived the referee");
}

/// The same, with the referee killed at moments spread over its first tenth of a second, while
/// games start one after another (each player's first act is to leave a child in its own
/// session): a player forked just as the referee dies must not outlive it either.
#[test]
fn a_referee_killed_while_starting_players_leaves_none_behind() {
    let marker = format!("sleep 2{}.375", std::process::id() % 1000);
    let escaper = format!("setsid {marker} & exec {}", ones());
    for round in 0..16u64 {
        let mut referee = Command::new(REFEREE)
            .args(["--games", "400", "--concurrency", "4", &escaper, &ones()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(round * 7));
        referee.kill().unwrap();
        referee.wait().unwrap();
        let killed = Instant::now();
        while alive_with(&marker) && killed.elapsed() < Duration::from_secs(3) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(
            !alive_with(&marker),
            "{marker} outlived the referee killed after {} ms",
            round * 7
        );
    }
}

/// A player that prints garbage at once: each game ends at its first ply (a malformed move), so
/// that a match shows its game lines within moments.
const GARBAGE: &str = "read id; echo zz; sleep 5";

/// The referee run as `sh -c script`, with the referee as `$0` and `args` after it, read until
/// `lines` game lines are out (or it ends, or a minute passes), then stopped by SIGTERM: the
/// game lines, its stderr and how long the first line took.
fn first_game_lines(script: &str, args: &[&str], lines: usize) -> (Vec<String>, String, Duration) {
    use std::io::{BufRead, BufReader, Read};
    let started = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(REFEREE)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let mut stderr = child.stderr.take().unwrap();
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in stdout.lines().map_while(Result::ok) {
            if sender.send(line).is_err() {
                return;
            }
        }
    });
    let mut games = Vec::new();
    let mut first = None;
    while games.len() < lines {
        match receiver.recv_timeout(Duration::from_secs(60)) {
            Ok(line) if line.starts_with("game ") => {
                first.get_or_insert(started.elapsed());
                games.push(line);
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    // The shell has become the referee (`exec`): SIGTERM ends its match, its players with it.
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let deadline = Instant::now() + Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.wait();
    let stderr = errors.join().unwrap();
    (games, stderr, first.unwrap_or_default())
}

#[test]
fn a_match_of_a_hundred_million_games_starts_at_once_in_two_gigabytes() {
    // Under a 2 GB address space: a schedule of every game made up front (3.2 GB) aborted.
    let script = "ulimit -v 2000000 && exec \"$0\" \"$@\"";
    let (games, stderr, first) =
        first_game_lines(script, &["--games", "100000000", GARBAGE, GARBAGE], 3);
    assert_eq!(games.len(), 3, "{stderr}");
    assert!(games[0].starts_with("game 1: p1=A p2=B "), "{games:?}");
    assert!(
        first < Duration::from_secs(30),
        "the first game took {first:?}"
    );
    // Numbers that overflow are refused at once, with what they make.
    for (args, expected) in [
        (
            vec![
                "--games",
                "4294967295",
                "--player",
                "a=x",
                "--player",
                "b=x",
                "--player",
                "c=x",
            ],
            "count-referee: --games 4294967295 in each of 3 pairings makes 12884901885 games, \
             over the most a match numbers, 4294967295\n",
        ),
        (
            vec!["--games", "4", "--seed", "18446744073709551615", "x", "y"],
            "count-referee: --seed 18446744073709551615: the seed of pair 2, \
             18446744073709551615 + 2, is over the largest seed, 18446744073709551615\n",
        ),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), expected);
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_concurrency_over_the_most_and_a_folder_that_makes_no_file_are_said_as_they_are() {
    let (games, stderr, _) = first_game_lines(
        "exec \"$0\" \"$@\"",
        &["--concurrency", "100000", "--games", "2", GARBAGE, GARBAGE],
        2,
    );
    assert_eq!(games.len(), 2, "{stderr}");
    assert!(
        stderr.contains(
            "count-referee: warning: --concurrency 100000 is over the most games played at \
             once: 256 are played at once"
        ),
        "{stderr}"
    );
    // /proc answers "No such file or directory" to a new file; the referee says why.
    let out = run(&["--record-dir", "/proc", GARBAGE, GARBAGE]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("count-referee: cannot write in the record folder /proc: "),
        "{stderr}"
    );
    assert!(!stderr.contains("No such file"), "{stderr}");
    assert!(out.stdout.is_empty());
}

/// Every file under `dir` with its bytes.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(snapshot(&path));
        } else {
            let bytes = fs::read(&path).unwrap();
            files.push((path, bytes));
        }
    }
    files.sort();
    files
}

#[test]
fn a_record_folder_of_an_earlier_match_is_kept_unless_replaced() {
    let dir = scratch_dir("count-referee", "earlier");
    let rd = dir.join("rd");
    let rd_text = rd.display().to_string();
    let good = perfect();
    let chancy = random("{seed}");
    run_ok(["--games", "4", "--record-dir", &rd_text, &good, &chancy]);
    let lines = |args: &[&str]| run_ok(["lines"].iter().chain(args));
    assert!(lines(&[&rd_text]).contains(": games=4 "));
    let earlier = snapshot(&dir);
    // A second match into the folder, of another player: refused, every file as it was (it
    // overwrote games 1 and 2, appended to their stderr, and left 3 and 4 to be read as its).
    for extra in [&[][..], &["--records", "add"]] {
        let mut args = vec!["--games", "2", "--record-dir", &rd_text];
        args.extend(extra);
        args.extend([chancy.as_str(), good.as_str()]);
        let out = run(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains(&format!("--record-dir {rd_text} already holds ")),
            "{stderr}"
        );
        assert!(out.stdout.is_empty());
        assert_eq!(snapshot(&dir), earlier, "{args:?}");
    }
    // Replaced: the folder holds the second match alone, which lines reads.
    run_ok([
        "--games",
        "2",
        "--records",
        "replace",
        "--record-dir",
        &rd_text,
        &chancy,
        &good,
    ]);
    let text = lines(&[&rd_text]);
    assert!(text.contains(": games=2 "), "{text}");
    let ours = chancy.replace("{seed}", "2");
    assert!(text.contains(&format!("\n  ours: {ours}\n")), "{text}");
    for gone in [
        "game-3.txt",
        "game-3-p1.stderr",
        "game-4.txt",
        "game-4-p2.stderr",
    ] {
        assert!(!rd.join(gone).exists(), "{gone}");
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn inputs_that_are_not_files_are_refused_without_being_read() {
    let dir = scratch_dir("count-referee", "fifo");
    let pipe = dir.join("pipe");
    make_fifo(&pipe);
    let records = dir.join("records");
    fs::create_dir(&records).unwrap();
    make_fifo(&records.join("game-1.txt"));
    let pipe_text = pipe.display().to_string();
    let fifo = |path: &Path| {
        format!(
            "cannot read {}: a FIFO (named pipe), not a regular file",
            path.display()
        )
    };
    let limit = Duration::from_secs(30);
    let cases: [(Vec<&std::ffi::OsStr>, i32, String); 5] = [
        (
            vec!["lines".as_ref(), records.as_os_str()],
            1,
            format!(
                "left out {}",
                fifo(&records.join("game-1.txt")).replacen(
                    "cannot read ",
                    "cannot read the record ",
                    1
                )
            ),
        ),
        (
            vec!["view".as_ref(), pipe.as_os_str()],
            1,
            fifo(&pipe).replacen("cannot read ", "cannot read the record ", 1),
        ),
        (
            vec!["view".as_ref(), "/dev/zero".as_ref()],
            1,
            "cannot read the record /dev/zero: a character device, not a regular file".into(),
        ),
        (
            vec!["merge".as_ref(), pipe_text.as_ref()],
            2,
            fifo(&pipe).replacen("cannot read ", "cannot read the results file ", 1),
        ),
        (
            vec!["merge".as_ref(), "/dev/zero".as_ref()],
            2,
            "cannot read the results file /dev/zero: a character device, not a regular file".into(),
        ),
    ];
    for (args, status, expected) in cases {
        let out = output_within(Command::new(REFEREE).args(&args), limit);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(status), "{args:?}: {stderr}");
        assert!(stderr.contains(&expected), "{expected}\n{stderr}");
    }
    let _ = fs::remove_dir_all(&dir);
}
