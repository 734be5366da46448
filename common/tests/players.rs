//! The process layer of the match runner, with shell players.

use common::referee::process::{Failure, FilesPlayer, StreamPlayer};
use std::path::PathBuf;
use std::time::Duration;

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
    assert_eq!(
        player.ask(&["b".into(), "c".into()], second).unwrap().line,
        "b!"
    );
    assert_eq!(player.ask(&[], second).unwrap().line, "c!");
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
    let mut quitter = StreamPlayer::start("exit 3", None, CAP).unwrap();
    match quitter
        .ask(&["go".into()], Duration::from_secs(2))
        .unwrap_err()
    {
        Failure::Exited(how) => assert!(how.contains('3'), "{how}"),
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
fn relative_program_paths_are_resolved_for_file_players() {
    use common::referee::process::resolve_program;
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
    // A player started by a relative path runs, though from its own directory.
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let script = tmp.join(format!("relative-player-{}.sh", std::process::id()));
    std::fs::write(&script, "#!/bin/sh\necho 5 4 > out.txt\n").unwrap();
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(&script, mode).unwrap();
    let workspace = here.parent().unwrap();
    let relative = format!("../{}", script.strip_prefix(workspace).unwrap().display());
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
