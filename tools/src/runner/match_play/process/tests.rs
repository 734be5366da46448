//! The process layer of the match runner, with shell players.

use super::*;
use crate::runner::match_play::supervisor::NO_NAMESPACE_VARIABLE;

const CAP: u64 = 64 * 1024 * 1024;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("common-players-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn stream_player_answers_each_input_and_crlf_is_stripped() {
    let mut player = StreamPlayer::start(
        "while read line; do printf '%s!\\r\\n' \"$line\"; done",
        None,
        CAP,
    )
    .unwrap();
    let second = Duration::from_secs(2);
    assert_eq!(player.ask(&["a".into()], second).unwrap().line, "a!");
    assert_eq!(player.ask(&["b".into()], second).unwrap().line, "b!");
    assert_eq!(player.ask(&["c".into()], second).unwrap().line, "c!");
    player.finish();
}

#[test]
fn stream_player_timeout_and_exit_are_told_apart() {
    let mut sleeper = StreamPlayer::start("sleep 5", None, CAP).unwrap();
    let failure = sleeper
        .ask(&["go".into()], Duration::from_millis(100))
        .unwrap_err();
    assert_eq!(failure, Failure::Timeout(100));
    sleeper.finish();
    let mut quitter = StreamPlayer::start("exit 0", None, CAP).unwrap();
    match quitter
        .ask(&["go".into()], Duration::from_secs(2))
        .unwrap_err()
    {
        Failure::Exited(how) => assert!(how.contains("exit status: 0"), "{how}"),
        other => panic!("{other:?}"),
    }
    quitter.finish();
}

#[test]
fn stream_player_stderr_goes_to_its_file() {
    let dir = scratch("stderr");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("p1.stderr");
    let mut player =
        StreamPlayer::start("read x; echo thinking >&2; echo move", Some(&path), CAP).unwrap();
    assert_eq!(
        player
            .ask(&["go".into()], Duration::from_secs(2))
            .unwrap()
            .line,
        "move"
    );
    player.finish();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "thinking\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn files_player_reads_its_inputs_keeps_its_own_files_and_writes_its_reply() {
    let dir = scratch("files");
    // Counts its calls in a help file of its own, and answers with the input and the count.
    let command =
        "n=$(cat me-count.txt 2>/dev/null || echo 0); n=$((n+1)); echo $n > me-count.txt; \
                   echo \"$(cat in.txt) $n\" > out.txt";
    let mut player = FilesPlayer::new(command, dir.clone(), None, CAP).unwrap();
    let files = |text: &str| vec![("in.txt".to_string(), text.to_string())];
    let second = Duration::from_secs(2);
    assert_eq!(
        player.call(&files("x"), "out.txt", second).unwrap().line,
        "x 1"
    );
    assert_eq!(
        player.call(&files("y"), "out.txt", second).unwrap().line,
        "y 2"
    );
    // Inputs are read-only for the player.
    let mode = std::fs::metadata(dir.join("in.txt")).unwrap().permissions();
    assert!(mode.readonly());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn files_player_that_writes_nothing_or_runs_late_loses() {
    let dir = scratch("files-bad");
    let mut silent = FilesPlayer::new("true", dir.join("a"), None, CAP).unwrap();
    match silent
        .call(&[], "out.txt", Duration::from_secs(2))
        .unwrap_err()
    {
        Failure::Exited(how) => assert!(how.contains("without writing out.txt"), "{how}"),
        other => panic!("{other:?}"),
    }
    let mut late = FilesPlayer::new("sleep 5; echo 1 > out.txt", dir.join("b"), None, CAP).unwrap();
    let failure = late
        .call(&[], "out.txt", Duration::from_millis(150))
        .unwrap_err();
    assert_eq!(failure, Failure::Timeout(150));
    // A reply left over from the previous call does not count: it is removed before each call.
    let mut stale = FilesPlayer::new("echo 5 4 > out.txt", dir.join("c"), None, CAP).unwrap();
    assert_eq!(
        stale
            .call(&[], "out.txt", Duration::from_secs(2))
            .unwrap()
            .line,
        "5 4"
    );
    let mut stale = FilesPlayer::new("true", dir.join("c"), None, CAP).unwrap();
    assert!(stale.call(&[], "out.txt", Duration::from_secs(2)).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn memory_is_measured_and_capped() {
    let hog = "awk 'BEGIN { s = \"x\"; while (length(s) < 32 * 1024 * 1024) s = s s; system(\"sleep 5\") }'";
    let mut player = StreamPlayer::start(hog, None, 16 * 1024 * 1024).unwrap();
    match player
        .ask(&["go".into()], Duration::from_secs(3))
        .unwrap_err()
    {
        Failure::Memory(peak) => assert!(peak > 16 * 1024 * 1024),
        other => panic!("{other:?}"),
    }
    assert!(player.finish() > 16 * 1024 * 1024);
}

#[test]
fn a_player_over_the_cap_that_exits_failing_before_its_first_reply_could_not_start() {
    // An interpreter that cannot open its script: over a small cap while it starts, then its own
    // message and a failing exit. The message is the verdict, not the cap.
    let interpreter = "awk 'BEGIN { s = \"x\"; while (length(s) < 32 * 1024 * 1024) s = s s; \
        print \"cannot open file no_such_bot.py\" > \"/dev/stderr\"; exit 2 }'";
    let mut player = StreamPlayer::start(interpreter, None, 16 * 1024 * 1024).unwrap();
    let failure = cannot_start(
        player
            .ask(&["go".into()], Duration::from_secs(3))
            .unwrap_err(),
    );
    player.finish();
    assert!(failure.how.contains("exit status: 2"), "{failure:?}");
    assert!(
        failure
            .stderr_tail
            .contains("cannot open file no_such_bot.py"),
        "{failure:?}"
    );
}

#[test]
fn relative_program_paths_are_resolved_for_file_players() {
    // Cargo runs tests in the crate's directory, where src/lib.rs is a file.
    let here = std::env::current_dir().unwrap();
    let absolute = format!("{}/src/lib.rs", here.display());
    assert_eq!(
        resolve_program("src/lib.rs --flag x"),
        format!("{absolute} --flag x")
    );
    assert_eq!(resolve_program("./src/lib.rs"), absolute);
    assert_eq!(resolve_program("sh -c 'true'"), "sh -c 'true'");
    assert_eq!(resolve_program("/bin/true"), "/bin/true");
    assert_eq!(resolve_program("./no-such-file"), "./no-such-file");
    // A player started by a relative path runs, though from its own directory: a script in the
    // temporary directory, named from here by climbing to the root.
    let script = std::env::temp_dir().join(format!("relative-player-{}.sh", std::process::id()));
    std::fs::write(&script, "#!/bin/sh\necho 5 4 > out.txt\n").unwrap();
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(&script, mode).unwrap();
    let up = "../".repeat(here.components().count() - 1);
    let relative = format!("{up}{}", script.strip_prefix("/").unwrap().display());
    let dir = scratch("relative");
    let mut player = FilesPlayer::new(&relative, dir.clone(), None, CAP).unwrap();
    assert_eq!(
        player
            .call(&[], "out.txt", Duration::from_secs(2))
            .unwrap()
            .line,
        "5 4"
    );
    let _ = std::fs::remove_file(&script);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn simple_commands_are_told_from_compound_ones() {
    for simple in [
        "target/release/krieg-bot --movetime 100",
        "python3 bot.py --name 'a; b' \"x | y\"",
        "./bot --seed 5",
        "bot \\; x",
    ] {
        assert!(is_simple_command(simple), "{simple}");
        assert!(shell_script(simple).starts_with("exec "));
    }
    for compound in [
        "cd dir && ./bot",
        "bot; true",
        "bot | tee log",
        "bot > out",
        "(bot)",
        "FOO=1 bot",
        "exit 3",
        "read id; echo x",
        "while read l; do echo $l; done",
        "bot 'unclosed",
        "",
    ] {
        assert!(!is_simple_command(compound), "{compound}");
        assert_eq!(shell_script(compound), compound);
    }
}

/// An executable script in the test's scratch space that closes its output and stays alive.
fn output_closer(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("{name}-{}.sh", std::process::id()));
    std::fs::write(&path, "#!/bin/sh\nread id\nexec >&-\nsleep 5\n").unwrap();
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(&path, mode).unwrap();
    path
}

/// The player run by `command` closes its output before its first reply: asked a move, it loses
/// at once, long before its time is up.
fn loses_at_once_for_closing_its_output(command: &str) {
    let mut player = StreamPlayer::start(command, None, CAP).unwrap();
    let started = std::time::Instant::now();
    let failure = player
        .ask(&["go".into()], Duration::from_secs(3))
        .unwrap_err();
    assert_eq!(
        failure,
        Failure::Exited("closed its output before replying".into())
    );
    assert!(started.elapsed() < Duration::from_secs(2));
    player.finish();
}

#[test]
fn closing_the_output_loses_at_once_for_a_simple_command() {
    // `sh -c` would keep the pipe open while the program lives; the program is run with `exec`.
    let script = output_closer("closer-simple");
    loses_at_once_for_closing_its_output(&script.display().to_string());
    let _ = std::fs::remove_file(script);
}

#[test]
fn closing_the_output_loses_at_once_for_a_compound_command() {
    // The shell around the program holds the pipe: the closed end is detected.
    let script = output_closer("closer-compound");
    let command = format!("{}; echo never", script.display());
    loses_at_once_for_closing_its_output(&command);
    let _ = std::fs::remove_file(script);
    // A shell that runs a quiet child (its output sent elsewhere), then answers, is not closed.
    let mut thinker = StreamPlayer::start(
        "read id; sleep 0.3 >/dev/null; echo reply; sleep 5",
        None,
        CAP,
    )
    .unwrap();
    assert_eq!(
        thinker
            .ask(&["go".into()], Duration::from_secs(3))
            .unwrap()
            .line,
        "reply"
    );
    thinker.finish();
}

#[test]
fn a_line_printed_before_the_player_is_asked_is_out_of_turn() {
    // Two lines for one turn: the second arrives unasked.
    let mut player =
        StreamPlayer::start("read id; echo one; echo two; sleep 5", None, CAP).unwrap();
    let second = Duration::from_secs(2);
    assert_eq!(player.ask(&["go".into()], second).unwrap().line, "one");
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(
        player.line_printed_before(std::time::Instant::now()),
        Some("two".into())
    );
    assert_eq!(
        player.ask(&["again".into()], second).unwrap_err(),
        Failure::OutOfTurn("two".into())
    );
    player.finish();
    // Lines told without asking get no clock, and a player that stays quiet is fine.
    let mut quiet =
        StreamPlayer::start("read id; read move; echo \"$id $move\"", None, CAP).unwrap();
    quiet.tell(&["7".into()]);
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(quiet.line_printed_before(std::time::Instant::now()), None);
    assert_eq!(quiet.ask(&["m".into()], second).unwrap().line, "7 m");
    quiet.finish();
}

#[test]
fn a_file_reply_may_spread_its_words_over_any_ascii_white_space() {
    let dir = scratch("files-space");
    for (content, expected) in [
        ("5\\n4", "5 4"),
        ("5  4", "5 4"),
        ("\\t5\\t4\\r\\n", "5 4"),
        ("5 4 junk", "5 4 junk"),
    ] {
        let command = format!("printf '{content}' > out.txt");
        let mut player = FilesPlayer::new(&command, dir.clone(), None, CAP).unwrap();
        let reply = player.call(&[], "out.txt", Duration::from_secs(2)).unwrap();
        assert_eq!(reply.line, expected, "{content}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_player_keeping_more_than_five_files_of_its_own_loses() {
    let dir = scratch("files-many");
    let five = "mkdir -p me; touch me1 me2 me3 me/4 me/5; echo 5 4 > out.txt";
    let mut player = FilesPlayer::new(five, dir.join("five"), None, CAP).unwrap();
    let files = vec![("board.txt".to_string(), "0".to_string())];
    assert!(player
        .call(&files, "out.txt", Duration::from_secs(2))
        .is_ok());
    let six = "mkdir -p me; touch me1 me2 me3 me/4 me/5 me/6; echo 5 4 > out.txt";
    let mut player = FilesPlayer::new(six, dir.join("six"), None, CAP).unwrap();
    assert_eq!(
        player
            .call(&files, "out.txt", Duration::from_secs(2))
            .unwrap_err(),
        Failure::TooManyFiles(6)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn cannot_start(failure: Failure) -> StartFailure {
    match failure {
        Failure::CannotStart(failure) => failure,
        other => panic!("{other:?}"),
    }
}

/// How the stream player run by `command` (its stderr to `stderr`) fails to start when asked its
/// first move.
fn stream_start_failure(command: &str, stderr: Option<&Path>) -> StartFailure {
    let mut player = StreamPlayer::start(command, stderr, CAP).unwrap();
    let failure = cannot_start(
        player
            .ask(&["go".into()], Duration::from_secs(2))
            .unwrap_err(),
    );
    player.finish();
    failure
}

#[test]
fn a_stream_player_whose_program_is_missing_or_not_executable_cannot_start() {
    let dir = scratch("cannot-start");
    std::fs::create_dir_all(&dir).unwrap();
    let missing = format!("{}/missing-bot --x", dir.display());
    let failure = stream_start_failure(&missing, None);
    assert_eq!(failure.how, "exited (exit status: 127) before replying");
    assert!(
        failure.stderr_tail.ends_with("missing-bot: not found"),
        "{failure:?}"
    );
    let plain = dir.join("plain-bot");
    std::fs::write(&plain, "#!/bin/sh\necho 1\n").unwrap();
    let failure = stream_start_failure(plain.to_str().unwrap(), None);
    assert_eq!(failure.how, "exited (exit status: 126) before replying");
    assert!(
        failure.stderr_tail.ends_with("Permission denied"),
        "{failure:?}"
    );
    // Only the last lines of its stderr are quoted, and they still go to its file.
    let path = dir.join("p1.stderr");
    let noisy = "for i in 1 2 3 4 5 6 7; do echo line $i >&2; done; exit 127";
    let failure = stream_start_failure(noisy, Some(&path));
    assert_eq!(
        failure.stderr_tail,
        "line 3\nline 4\nline 5\nline 6\nline 7"
    );
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .starts_with("line 1\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stream_player_that_replied_and_then_exits_127_only_exited() {
    let mut player = StreamPlayer::start("read x; echo 1; read y; exit 127", None, CAP).unwrap();
    let second = Duration::from_secs(2);
    assert_eq!(player.ask(&["go".into()], second).unwrap().line, "1");
    match player.ask(&["go".into()], second).unwrap_err() {
        Failure::Exited(how) => assert!(how.contains("127"), "{how}"),
        other => panic!("{other:?}"),
    }
    player.finish();
    // Success before the first reply gives up the game; it is no start failure.
    let mut player = StreamPlayer::start("exit 0", None, CAP).unwrap();
    assert!(matches!(
        player.ask(&["go".into()], second).unwrap_err(),
        Failure::Exited(_)
    ));
    player.finish();
    // Any failure before the first reply is one: an interpreter that cannot open its script
    // (`python3 /no/such/bot.py` exits 2), quoted from its stderr.
    let script = "echo \"python3: can't open file '/no/such/bot.py'\" >&2; exit 2";
    let mut player = StreamPlayer::start(script, None, CAP).unwrap();
    match player.ask(&["go".into()], second).unwrap_err() {
        Failure::CannotStart(failure) => {
            assert!(failure.how.contains("exit status: 2"), "{failure:?}");
            assert!(
                failure.stderr_tail.contains("can't open file"),
                "{failure:?}"
            );
        }
        other => panic!("{other:?}"),
    }
    player.finish();
}

#[test]
fn a_file_player_cannot_start_on_its_first_call_only() {
    let dir = scratch("files-cannot-start");
    let second = Duration::from_secs(2);
    let missing = format!("{}/missing-bot", dir.display());
    let mut player = FilesPlayer::new(&missing, dir.join("a"), None, CAP).unwrap();
    let failure = cannot_start(player.call(&[], "out.txt", second).unwrap_err());
    assert!(
        failure.how.starts_with("exited (exit status: 127)"),
        "{failure:?}"
    );
    assert!(failure.stderr_tail.ends_with("not found"), "{failure:?}");
    // A player that answered once and then cannot run is only a fault of its game.
    let flaky = "if [ -e me-ran.txt ]; then exit 127; fi; touch me-ran.txt; echo 5 4 > out.txt";
    let mut player = FilesPlayer::new(flaky, dir.join("b"), None, CAP).unwrap();
    assert_eq!(player.call(&[], "out.txt", second).unwrap().line, "5 4");
    match player.call(&[], "out.txt", second).unwrap_err() {
        Failure::Exited(how) => assert!(how.contains("127"), "{how}"),
        other => panic!("{other:?}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether a live process's command line holds `marker`.
fn alive_with(marker: &str) -> bool {
    std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let zombie = stat
            .rsplit(')')
            .next()
            .is_some_and(|s| s.trim_start().starts_with('Z'));
        !zombie
            && String::from_utf8_lossy(&cmdline)
                .replace('\0', " ")
                .contains(marker)
    })
}

#[test]
fn a_flooding_player_is_read_no_further_than_its_verdict() {
    // `yes` prints far faster than anyone reads: the verdict comes at once, the referee holds a
    // bounded amount of it, and finishing does not wait for the flood to end.
    let mut player = StreamPlayer::start("read id; exec yes 1", None, CAP).unwrap();
    let started = std::time::Instant::now();
    let reply = player.ask(&["go".into()], Duration::from_secs(2)).unwrap();
    assert_eq!(reply.line, "1");
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(
        player
            .ask(&["again".into()], Duration::from_secs(2))
            .unwrap_err(),
        Failure::OutOfTurn("1".into())
    );
    player.finish();
    assert!(started.elapsed() < Duration::from_secs(3));
}

#[test]
fn a_child_that_leaves_the_players_session_is_killed_with_it() {
    // The child holds the player's output in a session of its own: neither it nor the pipe it
    // holds keeps the referee waiting, and it does not outlive the game.
    let marker = format!("sleep 3{}.5", std::process::id() % 1000);
    let command = format!("setsid {marker} & read id; echo move; read again");
    let started = std::time::Instant::now();
    let mut player = StreamPlayer::start(&command, None, CAP).unwrap();
    assert_eq!(
        player
            .ask(&["go".into()], Duration::from_secs(2))
            .unwrap()
            .line,
        "move"
    );
    assert!(alive_with(&marker));
    player.finish();
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(!alive_with(&marker), "{marker} outlived its player");
}

#[test]
fn a_child_whose_parent_exits_still_counts_against_the_memory_cap() {
    // Fork and exit: the subshell starts awk (64 MB) and exits at once, so awk's parent is gone;
    // the player's main process answers and waits. The orphan is still the player's.
    let hog = "awk 'BEGIN { s = \"x\"; while (length(s) < 32 * 1024 * 1024) s = s s; system(\"sleep 5\") }'";
    let command = format!("ulimit -v 1000000; ( {hog} & ); read id; sleep 1; echo move; read x");
    let mut player = StreamPlayer::start(&command, None, 16 * 1024 * 1024).unwrap();
    match player
        .ask(&["go".into()], Duration::from_secs(3))
        .unwrap_err()
    {
        Failure::Memory(peak) => assert!(peak > 16 * 1024 * 1024),
        other => panic!("{other:?}"),
    }
    player.finish();
}

#[test]
fn a_move_printed_without_a_newline_before_exiting_is_named() {
    let mut player = StreamPlayer::start("read id; printf '1 1 2 0'", None, CAP).unwrap();
    match player
        .ask(&["go".into()], Duration::from_secs(2))
        .unwrap_err()
    {
        Failure::Exited(how) => {
            assert!(how.contains("exited (exit status: 0)"), "{how}");
            assert!(how.contains("'1 1 2 0' without a newline"), "{how}");
        }
        other => panic!("{other:?}"),
    }
    player.finish();
}

#[test]
fn a_player_that_closes_its_input_is_told_from_one_that_closes_its_output() {
    let mut player = StreamPlayer::start("exec <&-; sleep 5", None, CAP).unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let failure = player
        .ask(&["go".into()], Duration::from_secs(2))
        .unwrap_err();
    assert_eq!(
        failure,
        Failure::Exited("closed its input (stdin) before replying".into())
    );
    player.finish();
}

#[test]
fn a_players_stderr_in_the_record_is_capped_with_a_note() {
    let dir = scratch("stderr-cap");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("p1.stderr");
    // 3 MB of stderr, then a move.
    let command = "read id; head -c 3000000 /dev/zero | tr '\\0' e >&2; echo move";
    let mut player = StreamPlayer::start(command, Some(&path), CAP).unwrap();
    assert_eq!(
        player
            .ask(&["go".into()], Duration::from_secs(5))
            .unwrap()
            .line,
        "move"
    );
    player.finish();
    let kept = std::fs::read_to_string(&path).unwrap();
    assert!(kept.len() < 1024 * 1024 + 200, "{}", kept.len());
    assert!(kept.starts_with("eeee"));
    let note = kept.lines().last().unwrap();
    assert!(
        note.contains(&format!(
            "{} more bytes of stderr dropped",
            3_000_000 - 1024 * 1024
        )),
        "{note}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_player_leaving_its_reply_as_a_fifo_loses_the_call_at_once() {
    let dir = scratch("fifo");
    let mut player = FilesPlayer::new("mkfifo out.txt", dir.clone(), None, CAP).unwrap();
    let started = std::time::Instant::now();
    assert_eq!(
        player
            .call(&[], "out.txt", Duration::from_secs(2))
            .unwrap_err(),
        Failure::NotAFile("left out.txt as a FIFO, not a file".into())
    );
    assert!(started.elapsed() < Duration::from_secs(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_players_inputs_are_laid_anew_whatever_stands_at_their_names() {
    // The player turns its input into a directory it cannot write, a FIFO and a link: the next
    // call still gets its inputs.
    let dir = scratch("relay");
    let command =
        "cat in.txt > out.txt; rm -f in.txt; mkdir -p in.txt/deep; chmod 000 in.txt/deep in.txt";
    let mut player = FilesPlayer::new(command, dir.clone(), None, CAP).unwrap();
    let files = |text: &str| vec![("in.txt".to_string(), text.to_string())];
    let second = Duration::from_secs(2);
    assert_eq!(
        player.call(&files("a"), "out.txt", second).unwrap().line,
        "a"
    );
    assert_eq!(
        player.call(&files("b"), "out.txt", second).unwrap().line,
        "b"
    );
    let _ = std::process::Command::new("chmod")
        .args(["-R", "u+rwx"])
        .arg(&dir)
        .status();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_players_leftover_processes_end_with_each_call() {
    let dir = scratch("leftover");
    let marker = format!("sleep 4{}.5", std::process::id() % 1000);
    let command = format!("setsid {marker} & echo 5 4 > out.txt");
    let mut player = FilesPlayer::new(&command, dir.clone(), None, CAP).unwrap();
    let started = std::time::Instant::now();
    for _ in 0..3 {
        assert_eq!(
            player
                .call(&[], "out.txt", Duration::from_secs(2))
                .unwrap()
                .line,
            "5 4"
        );
        assert!(!alive_with(&marker), "{marker} outlived its call");
    }
    assert!(started.elapsed() < Duration::from_secs(3));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_test_here_holds_without_namespaces_too() {
    // On a machine that allows no namespace, players run under a subreaper alone: the tests
    // above run again in a process of their own that is told so.
    if std::env::var_os(NO_NAMESPACE_VARIABLE).is_some() {
        return;
    }
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .env(NO_NAMESPACE_VARIABLE, "1")
        .args([
            module_path!().trim_start_matches("tools::"),
            "--skip",
            "every_test_here_holds_without_namespaces_too",
            "--test-threads",
            "4",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_players_words_that_name_files_here_are_made_absolute_for_its_folder() {
    // Cargo runs tests in the crate's directory, where src/ and Cargo.toml exist.
    let here = std::env::current_dir().unwrap();
    let at = |path: &str| here.join(path).display().to_string();
    assert_eq!(
        resolve_program("java -cp src Main"),
        "java -cp src Main",
        "a plain word is no path"
    );
    assert_eq!(
        resolve_program("java -cp src/runner PowerBot"),
        format!("java -cp {} PowerBot", at("src/runner"))
    );
    assert_eq!(
        resolve_program("python3 Cargo.toml --engine random --seed 5"),
        format!("python3 {} --engine random --seed 5", at("Cargo.toml"))
    );
    assert_eq!(
        resolve_program("java -cp . Bot"),
        format!("java -cp {} Bot", at("."))
    );
    assert_eq!(
        resolve_program("bot --book=src/lib.rs"),
        format!("bot --book={}", at("src/lib.rs"))
    );
    assert_eq!(resolve_program("python3 missing.py"), "python3 missing.py");
    assert_eq!(
        resolve_program("python3 'Cargo.toml'"),
        "python3 'Cargo.toml'"
    );
    assert_eq!(
        resolve_program("cd x && python3 Cargo.toml"),
        "cd x && python3 Cargo.toml"
    );
}

#[test]
fn an_interpreted_bot_takes_its_team_id_from_its_script() {
    assert_eq!(
        team_id_of("python3 bots/Co0042.py").as_deref(),
        Some("Co0042")
    );
    assert_eq!(
        team_id_of("python3.11 -u Co0042.py --x").as_deref(),
        Some("Co0042")
    );
    assert_eq!(
        team_id_of("java -cp bots/c4 PowerBot").as_deref(),
        Some("PowerBot")
    );
    assert_eq!(
        team_id_of("java -cp bots com.team.Co0042").as_deref(),
        Some("Co0042")
    );
    assert_eq!(
        team_id_of("java -jar Co0042.jar").as_deref(),
        Some("Co0042")
    );
    assert_eq!(team_id_of("/bin/true --x").as_deref(), Some("true"));
}
