//! `league`: a league that persists over runs, runs stopped by `kill -9`, runs at once on one
//! folder, and bad input that changes nothing. Through the referee of the toy game, once for
//! every game.

mod support;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use support::{
    make_fifo, ones_thinking, output_within, perfect_thinking, random, sigint_ignored, REFEREE,
};

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("count-league-test-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn league(dir: &Path, args: &[&str]) -> Output {
    Command::new(REFEREE)
        .arg("league")
        .arg(dir)
        .args(args)
        .output()
        .expect("the referee runs")
}

/// Starts a league command in the background, its stdout to `stdout` and its stderr dropped.
fn spawn_league(dir: &Path, args: &[&str], stdout: impl Into<Stdio>) -> Child {
    Command::new(REFEREE)
        .arg("league")
        .arg(dir)
        .args(args)
        .stdout(stdout)
        .stderr(Stdio::null())
        .spawn()
        .expect("the referee starts")
}

/// Runs a league command that must succeed; returns its stdout.
fn ok(dir: &Path, args: &[&str]) -> String {
    let out = league(dir, args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn add_players(dir: &Path, players: &[&str]) {
    for player in players {
        ok(dir, &["add", player]);
    }
}

/// The perfect player, thinking a little so that a run lasts long enough to be stopped.
fn bot() -> String {
    format!("bot={}", perfect_thinking("0.01"))
}

fn random_player() -> String {
    format!("random=env think=0.01 {}", random("{seed}"))
}

fn ones_player() -> String {
    format!("ones={}", ones_thinking("0.01"))
}

/// Every stored row as (results file, its fields), read straight from the files, the runs in
/// the order they started (as the league reads them; their names, by process id, need not be).
fn stored_rows(dir: &Path) -> Vec<(String, Vec<String>)> {
    let mut rows = Vec::new();
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = fs::read_dir(dir.join("results"))
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let metadata = fs::metadata(&path).unwrap();
            (
                metadata.created().or_else(|_| metadata.modified()).unwrap(),
                path,
            )
        })
        .collect();
    files.sort();
    for (_, file) in files {
        let text = fs::read_to_string(&file).unwrap();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        for line in text.lines().skip(1) {
            rows.push((name.clone(), line.split(',').map(String::from).collect()));
        }
    }
    rows
}

/// The games count of `show`'s first line.
fn shown_games(show: &str) -> usize {
    let first = show.lines().next().unwrap();
    let count = first.split(", ").nth(1).unwrap().split(' ').next().unwrap();
    count.parse().unwrap()
}

/// Each game once, whole: no game number twice in a file, both games of a pair from one run
/// with the seats swapped, and no seed in two pairs.
fn check_stored_once(rows: &[(String, Vec<String>)]) {
    let mut numbers = BTreeMap::new();
    let mut pairs: BTreeMap<&str, Vec<&(String, Vec<String>)>> = BTreeMap::new();
    for row in rows {
        let (file, fields) = row;
        assert_eq!(fields[0], "count");
        assert!(
            numbers
                .insert((file.clone(), fields[1].clone()), ())
                .is_none(),
            "game {} twice in {file}",
            fields[1]
        );
        pairs.entry(fields[2].as_str()).or_default().push(row);
    }
    for (seed, games) in pairs {
        assert!(games.len() <= 2, "seed {seed} in {} games", games.len());
        if let [one, two] = games[..] {
            assert_eq!(one.0, two.0, "seed {seed} in two runs");
            assert_eq!(
                (&one.1[3], &one.1[4]),
                (&two.1[4], &two.1[3]),
                "seed {seed}"
            );
        }
    }
}

/// A league run of 30 games, two at a time, whose length leaves time to kill it mid-run.
const RUN_30_GAMES: [&str; 7] = [
    "run",
    "--games",
    "30",
    "--concurrency",
    "2",
    "--movetime-ms",
    "200",
];

#[test]
fn a_league_grows_survives_kill_9_and_ranks_our_bot_first() {
    let started = Instant::now();
    let dir = scratch_dir("grows");
    add_players(&dir, &[&bot(), &random_player()]);
    let first = ok(&dir, &["run", "--games", "20", "--movetime-ms", "200"]);
    assert_eq!(first.lines().filter(|l| l.starts_with("game ")).count(), 20);
    assert_eq!(shown_games(&ok(&dir, &["show"])), 20);
    add_players(&dir, &[&ones_player()]);

    // A run killed while it plays: its finished games stay, its game cut off is nowhere.
    let log = dir.with_extension("killed.out");
    let mut killed = spawn_league(&dir, &RUN_30_GAMES, fs::File::create(&log).unwrap());
    let deadline = Instant::now() + Duration::from_secs(20);
    while stored_rows(&dir).len() < 20 + 3 && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(5));
    }
    killed.kill().unwrap();
    killed.wait().unwrap();
    // SIGKILL reaches the shell that watches the run for Ctrl-C; the run sees its parent gone
    // at its next look (every 50 ms), abandons its games under way and exits.
    thread::sleep(Duration::from_millis(500));
    let after_kill = stored_rows(&dir);
    let cut = after_kill.len() - 20;
    assert!((3..30).contains(&cut), "{cut} games before the kill");
    // Every game it printed is stored.
    let printed = fs::read_to_string(&log).unwrap();
    assert!(printed.lines().filter(|l| l.starts_with("game ")).count() <= cut);

    let last = ok(&dir, &RUN_30_GAMES);
    assert_eq!(last.lines().filter(|l| l.starts_with("game ")).count(), 30);
    let rows = stored_rows(&dir);
    assert_eq!(rows.len(), 20 + cut + 30);
    check_stored_once(&rows);
    // The player that steps one was paired at once: it had the fewest games.
    assert!(
        rows[20..]
            .iter()
            .filter(|(_, f)| f.contains(&"ones".to_string()))
            .count()
            >= 20
    );

    let show = ok(&dir, &["show"]);
    assert_eq!(show, ok(&dir, &["show"]));
    assert_eq!(shown_games(&show), rows.len());
    let standings: Vec<&str> = show
        .lines()
        .filter(|l| l.starts_with("standing: "))
        .collect();
    assert_eq!(standings.len(), 3, "{show}");
    assert!(standings[0].starts_with("standing: 1 bot elo=+"), "{show}");
    // The run ends with the same standings.
    assert!(last.ends_with(&show), "{last}");
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::remove_file(&log);
    assert!(started.elapsed() < Duration::from_secs(60));
}

#[test]
fn two_runs_at_once_on_one_folder_count_every_game_once() {
    let dir = scratch_dir("two-runs");
    add_players(&dir, &[&bot(), &random_player(), &ones_player()]);
    let run = || {
        spawn_league(
            &dir,
            &["run", "--games", "12", "--movetime-ms", "200"],
            Stdio::piped(),
        )
    };
    let (one, two) = (run(), run());
    for child in [one, two] {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(text.lines().filter(|l| l.starts_with("game ")).count(), 12);
    }
    let rows = stored_rows(&dir);
    assert_eq!(rows.len(), 24);
    let files: std::collections::BTreeSet<&String> = rows.iter().map(|(f, _)| f).collect();
    assert_eq!(files.len(), 2, "a results file per run");
    check_stored_once(&rows);
    let show = ok(&dir, &["show"]);
    assert_eq!(shown_games(&show), 24);
    let played: u32 = show
        .lines()
        .filter(|l| l.starts_with("standing: "))
        .map(|l| l.rsplit('/').next().unwrap().parse::<u32>().unwrap())
        .sum();
    assert_eq!(
        played, 48,
        "each game counted once for each of its players: {show}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_running_league_picks_up_players_added_and_removed_at_its_next_pairing() {
    let dir = scratch_dir("picks-up");
    add_players(&dir, &[&bot(), &random_player(), &ones_player()]);
    let mut running = spawn_league(
        &dir,
        &["run", "--games", "20", "--movetime-ms", "200"],
        Stdio::null(),
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    while fs::read_dir(dir.join("results")).map_or(true, |_| stored_rows(&dir).len() < 2)
        && Instant::now() < deadline
    {
        thread::sleep(Duration::from_millis(5));
    }
    ok(&dir, &["remove", "random"]);
    ok(&dir, &["add", &format!("newcomer={}", random("7"))]);
    assert!(running.wait().unwrap().success());
    let rows = stored_rows(&dir);
    assert_eq!(rows.len(), 20);
    let has = |row: &(String, Vec<String>), name: &str| row.1[3] == name || row.1[4] == name;
    let last_random = rows.iter().rposition(|r| has(r, "random")).unwrap();
    let first_newcomer = rows.iter().position(|r| has(r, "newcomer")).unwrap();
    // One game at a time: the game under way when random left ends, and every later pairing
    // is between the players of the new list.
    assert!(
        last_random < first_newcomer,
        "{last_random} {first_newcomer}"
    );
    assert!(first_newcomer < 19);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn removed_players_get_no_games_and_records_are_linked_from_the_page() {
    let dir = scratch_dir("page");
    add_players(&dir, &[&bot(), &random_player(), &ones_player()]);
    ok(&dir, &["remove", "random"]);
    let out = ok(
        &dir,
        &["run", "--games", "4", "--record", "--movetime-ms", "200"],
    );
    assert!(!out.contains("random"), "{out}");
    let page = dir.with_extension("html");
    let show = ok(&dir, &["show", "--html", page.to_str().unwrap()]);
    assert!(show.starts_with("league: 2 players, 4 games\n"), "{show}");
    let html = fs::read_to_string(&page).unwrap();
    assert!(html.contains("<h2>Ratings</h2>") && html.contains("interval"));
    let stem = page.file_stem().unwrap().to_string_lossy().into_owned();
    let run = stored_rows(&dir)[0].0.trim_end_matches(".csv").to_string();
    let replay_name = format!("{stem}-{run}.html");
    assert!(
        html.contains(&format!("href=\"{replay_name}#game=4\"")),
        "{html}"
    );
    let replay = fs::read_to_string(page.with_file_name(&replay_name)).unwrap();
    assert!(replay.contains("id=\"game-4\""));
    // The removed player's games stay stored and come back into no standings.
    ok(&dir, &["add", &format!("again={}", random("7"))]);
    assert!(league(&dir, &["add", &random_player()]).status.code() == Some(2));
    let _ = fs::remove_file(page.with_file_name(&replay_name));
    let _ = fs::remove_file(&page);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn an_interrupted_run_keeps_its_finished_games_and_prints_the_standings() {
    let dir = scratch_dir("interrupted");
    add_players(&dir, &[&bot(), &random_player()]);
    let run = spawn_league(
        &dir,
        &["run", "--games", "200", "--movetime-ms", "200"],
        Stdio::piped(),
    );
    // Two games stored: the run is under way, watched by its shell.
    let deadline = Instant::now() + Duration::from_secs(120);
    while fs::read_dir(dir.join("results")).map_or(true, |_| stored_rows(&dir).len() < 2) {
        assert!(Instant::now() < deadline, "no two games stored in 120 s");
        thread::sleep(Duration::from_millis(5));
    }
    // Ctrl-C; where this test was started with SIGINT ignored (in the background of a shell
    // without job control), the run inherits that and only SIGTERM, which it treats alike, can
    // stop it.
    let (signal, status) = if sigint_ignored() {
        ("-TERM", 143)
    } else {
        ("-INT", 130)
    };
    let interrupted = Command::new("kill")
        .args([signal, &run.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let out = run.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(status), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stored = stored_rows(&dir).len();
    assert!((2..200).contains(&stored), "{stored}");
    // The standings of every stored game come last.
    assert!(stdout.ends_with(&ok(&dir, &["show"])), "{stdout}");
    assert_eq!(shown_games(&ok(&dir, &["show"])), stored);
    let _ = fs::remove_dir_all(&dir);
}

/// Every file under `dir` with its contents.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                files.insert(path.clone(), Vec::new());
                stack.push(path);
            } else {
                files.insert(path.clone(), fs::read(&path).unwrap());
            }
        }
    }
    files
}

/// `args` get one line on stderr, exit status 2, and leave `dir` as it was.
fn refused(dir: &Path, args: &[&str], expected: &str) {
    let before = snapshot(dir);
    let out = league(dir, args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(expected), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert_eq!(snapshot(dir), before, "{args:?} changed the folder");
}

#[test]
fn bad_input_gets_one_line_status_2_and_changes_nothing() {
    let dir = scratch_dir("bad");
    add_players(&dir, &[&bot(), &random_player()]);
    ok(&dir, &["run", "--games", "2", "--movetime-ms", "200"]);
    refused(&dir, &["remove", "nobody"], "unknown name: 'nobody'");
    refused(&dir, &["add", &random_player()], "duplicate name: 'random'");
    refused(&dir, &["add", "x=echo 'unclosed"], "not a shell command");
    refused(&dir, &["add", "x="], "bad player 'x=': expected NAME=CMD");
    refused(&dir, &["add", "no name=bot"], "bad player 'no name=bot'");
    let page = dir.join("no-such-folder").join("league.html");
    let cannot = format!("cannot write the league page {}", page.display());
    refused(&dir, &["show", "--html", page.to_str().unwrap()], &cannot);
    refused(&dir, &["add"], "not provided: <NAME=CMD>");
    refused(
        &dir,
        &["run", "--games", "0"],
        "invalid value '0' for '--games <N>'",
    );
    refused(
        &dir,
        &["run", "--fast"],
        "unexpected argument '--fast' found",
    );
    refused(
        &dir,
        &["run", "--random-openings", "9"],
        "no opening of 9 random plies leaves the game running",
    );
    refused(
        &dir,
        &["show", "--pdf"],
        "unexpected argument '--pdf' found",
    );
    refused(&dir, &["dance"], "unknown league command 'dance'");
    // A damaged row, named with its file and line.
    let file = fs::read_dir(dir.join("results"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    // A page onto the league's own files, or into its results, which it would make unreadable.
    for (page, why) in [
        (file.clone(), "lies in the league's results"),
        (
            dir.join("results").join("page.csv"),
            "lies in the league's results",
        ),
        (dir.join("players.txt"), "name the same path"),
    ] {
        let page = page.to_str().unwrap();
        refused(&dir, &["show", "--html", page], why);
    }
    let notes = dir.with_extension("notes");
    fs::write(&notes, "my notes\n").unwrap();
    refused(
        &dir,
        &["show", "--html", notes.to_str().unwrap()],
        "the file there is not a page (it starts 'my notes')",
    );
    assert_eq!(fs::read_to_string(&notes).unwrap(), "my notes\n");
    let _ = fs::remove_file(&notes);
    let text = fs::read_to_string(&file).unwrap();
    let damaged = text.replacen("\ncount,1,", "\ncount,one,", 1);
    fs::write(&file, &damaged).unwrap();
    let at = format!("{}:2:", file.display());
    refused(&dir, &["show"], &at);
    refused(&dir, &["run", "--games", "2"], &at);
    // A row being written (no newline yet) is not read; a whole one after it would be damage.
    fs::write(&file, format!("{text}count,3,5,bot,ran")).unwrap();
    assert_eq!(shown_games(&ok(&dir, &["show"])), 2);
    fs::write(&file, format!("{text}count,3,5,bot,ran\n")).unwrap();
    refused(&dir, &["show"], &format!("{}:4:", file.display()));
    fs::write(&file, &text).unwrap();
    // Folders that are not leagues, or another game's.
    let other = scratch_dir("not-a-league");
    fs::create_dir_all(&other).unwrap();
    fs::write(other.join("notes.txt"), "hello").unwrap();
    refused(&other, &["add", &bot()], "is not a count league");
    refused(&other, &["show"], "is not a count league");
    fs::write(other.join("players.txt"), "# connect4 league: ...\n").unwrap();
    refused(&other, &["run"], "is a connect4 league, not a count one");
    fs::write(other.join("players.txt"), "# count league\nbot=x\nbot=y\n").unwrap();
    refused(&other, &["show"], "players.txt:3: player 'bot' comes twice");
    refused(&other.join("missing"), &["show"], "no such directory");
    refused(
        &other.join("notes.txt"),
        &["add", &bot()],
        "not a directory",
    );
    assert!(!other.join("missing").exists());
    let _ = fs::remove_dir_all(&other);
    // A results file that is a FIFO is refused, not waited on (last: reading the folder's
    // files, as `refused` does, would wait on it too).
    let pipe = dir.join("results").join("pipe.csv");
    make_fifo(&pipe);
    let mut show = Command::new(REFEREE);
    show.arg("league").arg(&dir).arg("show");
    let out = output_within(&mut show, Duration::from_secs(30));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "count-referee league: cannot read the results file {}: a FIFO (named pipe), not a \
             regular file\n",
            pipe.display()
        )
    );
    let _ = fs::remove_dir_all(&dir);
}
