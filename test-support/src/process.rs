//! Programs run as the contest and the match runner run them: a bot as a child process with
//! piped stdin and stdout, its replies read by a thread so that a missing one times out instead
//! of hanging the test; its subcommands; a referee run to its end, and its recorded games; scratch
//! directories and read-only input files.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStderr, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// How long a test waits for a line before calling it a stall: far beyond any bot's budget, so
/// that only a bot that does not answer at all reaches it, even on a loaded machine.
pub const REPLY_WAIT: Duration = Duration::from_secs(20);

/// A running bot.
pub struct Bot {
    child: Child,
    stdin: Option<ChildStdin>,
    /// The bot's stdout, line by line as printed (`\n` included; a last line may lack it).
    lines: Receiver<String>,
}

impl Bot {
    /// Starts `exe` with `args`, its stderr discarded.
    pub fn start(exe: &str, args: &[&str]) -> Bot {
        Bot::start_with_stderr(exe, args, Stdio::null())
    }

    /// Starts `exe` with `args` and the given stderr.
    pub fn start_with_stderr(exe: &str, args: &[&str], stderr: Stdio) -> Bot {
        let mut child = Command::new(exe)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("the bot starts");
        let stdin = child.stdin.take();
        let mut stdout = BufReader::new(child.stdout.take().expect("a piped stdout"));
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || loop {
            let mut line = Vec::new();
            match stdout.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if sender
                        .send(String::from_utf8_lossy(&line).into_owned())
                        .is_err()
                    {
                        break;
                    }
                }
            }
        });
        Bot {
            child,
            stdin,
            lines,
        }
    }

    /// The bot's stderr, when it was started with a piped one, for the test to read.
    pub fn take_stderr(&mut self) -> Option<ChildStderr> {
        self.child.stderr.take()
    }

    /// The process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Writes `text` to the bot's stdin and flushes it.
    pub fn send(&mut self, text: &str) {
        self.send_bytes(text.as_bytes());
    }

    /// Writes `bytes` to the bot's stdin and flushes them.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        stdin.write_all(bytes).expect("the bot reads its input");
        stdin.flush().expect("the bot reads its input");
    }

    /// The next line the bot prints, as printed (`\n` included), or `None` when its stdout has
    /// closed; a line that does not come within [`REPLY_WAIT`] fails the test.
    pub fn next_line(&mut self) -> Option<String> {
        match self.lines.recv_timeout(REPLY_WAIT) {
            Ok(line) => Some(line),
            Err(RecvTimeoutError::Disconnected) => None,
            Err(RecvTimeoutError::Timeout) => panic!("no reply within {REPLY_WAIT:?}: a stall"),
        }
    }

    /// The next reply: a whole line (ending in `\n`), returned without its `\n`.
    pub fn reply(&mut self) -> String {
        let line = self
            .next_line()
            .expect("a reply before the bot's output ends");
        assert!(line.ends_with('\n'), "a reply is one whole line: {line:?}");
        line.trim_end_matches('\n').to_string()
    }

    /// The next reply read as a move by `parse` and played on `board` by `try_play`, both of
    /// which must accept it; returns the position after it.
    pub fn play_reply<B, M, P: std::fmt::Display, I: std::fmt::Display>(
        &mut self,
        board: &B,
        parse: impl Fn(&str) -> Result<M, P>,
        try_play: impl Fn(&B, M) -> Result<B, I>,
    ) -> B {
        let line = self.reply();
        let m = parse(&line).unwrap_or_else(|e| panic!("bad reply {line:?}: {e}"));
        try_play(board, m).unwrap_or_else(|e| panic!("illegal reply {line:?}: {e}"))
    }

    /// The bot's peak resident memory so far, in bytes.
    pub fn peak_memory(&self) -> u64 {
        peak_memory(self.child.id())
    }

    /// Closes the bot's stdin (end of input), keeping the process to wait for.
    pub fn close_input(&mut self) {
        drop(self.stdin.take());
    }

    /// Closes stdin, waits for the exit, and returns its status with whatever else the bot
    /// printed.
    pub fn finish(mut self) -> (ExitStatus, String) {
        self.close_input();
        let status = self.child.wait().expect("the bot exits");
        let rest: String = self.lines.iter().collect();
        (status, rest)
    }

    /// [`finish`](Bot::finish), requiring what every bot does at the end of its input: exit with
    /// status 0 and print nothing more.
    pub fn finish_quietly(self) {
        let (status, rest) = self.finish();
        assert_eq!(rest, "", "nothing but replies on stdout");
        assert!(status.success(), "{status}");
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        // A test that fails half-way leaves no bot behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `exe` with `args` to its end: it must succeed (its stderr is shown if not); returns its
/// stdout.
pub fn run_ok<S: AsRef<std::ffi::OsStr>>(exe: &str, args: impl IntoIterator<Item = S>) -> String {
    let out = Command::new(exe)
        .args(args)
        .output()
        .expect("the program runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Runs `command` to its end, its stdin empty and its output read whole, given at most `limit`:
/// a program that blocks (opening a FIFO, reading a device without end) is killed and fails the
/// test, which a regression can then not hang.
pub fn output_within(command: &mut Command, limit: Duration) -> std::process::Output {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let read_all = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = read_all(Box::new(child.stdout.take().expect("stdout")));
    let stderr = read_all(Box::new(child.stderr.take().expect("stderr")));
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the program's status") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{command:?} still ran after {limit:?}: blocked");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    std::process::Output {
        status,
        stdout: stdout.join().expect("stdout read"),
        stderr: stderr.join().expect("stderr read"),
    }
}

/// Makes a FIFO (named pipe) at `path` with `mkfifo`: a file that blocks whoever opens it.
pub fn make_fifo(path: &std::path::Path) {
    let made = Command::new("mkfifo").arg(path).status();
    assert!(
        made.is_ok_and(|status| status.success()),
        "mkfifo {}",
        path.display()
    );
}

/// Runs the referee `referee` for `games` games with `args` (options and players), recording
/// them in `dir/games` and drawing them on `dir/page.html`: it must succeed, neither player be
/// at fault, and the referee say where the page is. Returns its stdout and the records, game 1
/// first.
pub fn recorded_games(
    referee: &str,
    games: u32,
    dir: &std::path::Path,
    args: &[String],
) -> (String, Vec<String>) {
    let records = dir.join("games");
    let mut all: Vec<std::ffi::OsString> = vec!["--games".into(), games.to_string().into()];
    all.extend(["--record-dir".into(), records.clone().into_os_string()]);
    let page = dir.join("page.html");
    all.extend(["--html".into(), page.clone().into_os_string()]);
    all.extend(args.iter().map(Into::into));
    let out = Command::new(referee)
        .args(all)
        .output()
        .expect("the referee runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}{stderr}");
    let said = format!("the replay page of {games} games is in {}", page.display());
    assert!(stderr.contains(&said), "{said}: {stderr}");
    assert_eq!(stdout.matches("faults=0").count(), 2, "{stdout}");
    let texts = (1..=games)
        .map(|game| {
            std::fs::read_to_string(records.join(format!("game-{game}.txt"))).expect("a record")
        })
        .collect();
    (stdout, texts)
}

/// Starts `exe` with `args`, sends `input`, and returns the bot's reply; at the end of its input
/// the bot must then exit quietly.
pub fn reply_to(exe: &str, args: &[&str], input: &str) -> String {
    let mut bot = Bot::start(exe, args);
    bot.send(input);
    let reply = bot.reply();
    bot.finish_quietly();
    reply
}

/// Starts `exe` once per input, sends it, and ends the input: each time the bot must exit with
/// status 0 having printed nothing.
pub fn check_quiet_exits(exe: &str, inputs: &[&str]) {
    for input in inputs {
        let mut bot = Bot::start(exe, &[]);
        bot.send(input);
        bot.finish_quietly();
    }
}

/// Runs `exe perft depth`, which must print `expected` (a line `d count` for each depth
/// `1..=depth`).
pub fn check_perft(exe: &str, depth: u32, expected: &str) {
    let out = Command::new(exe)
        .args(["perft", &depth.to_string()])
        .output()
        .expect("the bot runs");
    assert!(out.status.success(), "{}", out.status);
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

/// Runs `exe bench --depth depth`, whose last line must be `<N> nodes <M> nps`; returns N.
pub fn bench_nodes(exe: &str, depth: u32) -> u64 {
    let out = Command::new(exe)
        .args(["bench", "--depth", &depth.to_string()])
        .output()
        .expect("the bot runs");
    assert!(out.status.success(), "{}", out.status);
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text.lines().last().expect("a last line");
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(
        (words.len(), words[1], words[3]),
        (4, "nodes", "nps"),
        "{last}"
    );
    assert!(words[2].parse::<u64>().is_ok(), "{last}");
    words[0].parse().expect("a node count")
}

/// Runs `exe` with a command line it cannot understand: it must exit with status 2.
pub fn check_bad_command_line(exe: &str, args: &[&str]) {
    let out = Command::new(exe).args(args).output().expect("the bot runs");
    assert_eq!(out.status.code(), Some(2), "{args:?}");
}

/// The first reply of a bot whose stderr is piped but never read, so that the pipe fills once
/// the bot has logged a few dozen KB: `input` (lines the bot logs, then what it must answer) is
/// written from a thread, so that a bot that stops reading cannot stop the test. The bot must
/// answer anyway, then exit quietly at the end of its input.
pub fn reply_with_stderr_unread(exe: &str, args: &[&str], input: String) -> String {
    let mut bot = Bot::start_with_stderr(exe, args, Stdio::piped());
    let stderr = bot.take_stderr();
    let mut stdin = bot.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
        let _ = stdin.flush();
        stdin
    });
    let reply = bot.reply();
    bot.stdin = Some(writer.join().expect("the writer thread"));
    drop(stderr);
    bot.finish_quietly();
    reply
}

/// The peak resident memory (`VmHWM`) of the live process `pid`, in bytes.
pub fn peak_memory(pid: u32) -> u64 {
    let status =
        std::fs::read_to_string(format!("/proc/{pid}/status")).expect("the process's /proc status");
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("a VmHWM line");
    let kb: u64 = line
        .split_whitespace()
        .nth(1)
        .and_then(|v| v.parse().ok())
        .expect("VmHWM in kB");
    kb * 1024
}

/// A new empty directory under the system's temporary directory, named after `prefix`, this
/// process and `name`, and unique within the process.
pub fn scratch_dir(prefix: &str, name: &str) -> PathBuf {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("{prefix}-{}-{name}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Writes `text` to `path` (replacing any file there) and makes it read-only, as a game master
/// hands a bot its input files.
pub fn write_read_only(path: &std::path::Path, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    if path.exists() {
        std::fs::remove_file(path).expect("the old file removed");
    }
    std::fs::write(path, text).expect("the file written");
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o444))
        .expect("the file made read-only");
}

/// Whether a live process (not a zombie) has `marker` in its command line: a test's way to see
/// that a player's leftover child, named by a marker of its own, outlived what should end it.
pub fn alive_with(marker: &str) -> bool {
    std::fs::read_dir("/proc")
        .expect("/proc")
        .flatten()
        .any(|entry| {
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
