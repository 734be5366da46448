//! Players as operating-system processes: starting them in a process group of their own, reading
//! their replies with a time limit, watching their memory, and killing them with everything they
//! started.

use std::collections::VecDeque;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::io::AsRawFd;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::files::{io_reason, naming, FileError};

/// A reply line longer than this (without its newline) is rejected, so that a player flooding its
/// output cannot exhaust the referee.
pub const MAX_LINE_BYTES: usize = 4096;

/// How often the memory watcher samples a player's processes.
const MEMORY_SAMPLE_INTERVAL: Duration = Duration::from_millis(5);

/// How long a player whose game is over may take to exit on its own before it is killed.
pub const EXIT_GRACE: Duration = Duration::from_millis(200);

/// What a player did instead of answering in time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No reply within the limit (the limit, in ms).
    Timeout(u64),
    /// The player exited or closed its output instead of replying (how, in a few words).
    Exited(String),
    /// The player printed this line before it was asked for a move.
    OutOfTurn(String),
    /// A reply line longer than [`MAX_LINE_BYTES`].
    LineTooLong,
    /// Its peak memory (bytes) passed the cap.
    Memory(u64),
    /// The player could not be started or talked to.
    Io(String),
    /// A file-based player left more files of its own than allowed (how many it left).
    TooManyFiles(usize),
    /// The player never started: see [`StartFailure`].
    CannotStart(StartFailure),
}

/// A player that could not start: no process could be spawned, or it failed before its first
/// reply ([`is_start_status`]): the shell found no program (127) or could not run it (126), an
/// interpreter could not open its script (`python3 bot.py`: 2), a program stopped on a bad
/// argument or a panic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartFailure {
    /// What happened, in the words of a game's verdict: `exited (exit status: 127) before
    /// replying`, `could not be spawned: ...`.
    pub how: String,
    /// The last lines of the player's stderr (see [`STDERR_TAIL_LINES`]), empty if it printed
    /// nothing there.
    pub stderr_tail: String,
}

/// True for the exit of a player that failed: any status but success, a signal included. Before
/// its first reply this is a player that cannot start (a missing program, 127; one that cannot
/// be executed, 126; a missing script, 2; a panic, 101), whereas a player that exits with
/// success before replying has only given up its game.
pub fn is_start_status(status: ExitStatus) -> bool {
    !status.success()
}

/// How many of the last lines of its stderr a player that cannot start is quoted with.
pub const STDERR_TAIL_LINES: usize = 5;

/// How many bytes of a player's stderr are kept for quoting.
const STDERR_TAIL_BYTES: usize = 4096;

/// Copies a player's stderr to its file, if any, keeping the last few kilobytes to quote when the
/// player cannot start.
struct StderrCopier {
    tail: Arc<Mutex<Vec<u8>>>,
    thread: Option<JoinHandle<()>>,
}

impl StderrCopier {
    fn start(mut source: ChildStderr, mut file: Option<File>) -> StderrCopier {
        let tail = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&tail);
        let thread = thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n) = source.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                if let Some(out) = file.as_mut() {
                    if out.write_all(&chunk[..n]).is_err() {
                        file = None;
                    }
                }
                if let Ok(mut tail) = kept.lock() {
                    tail.extend_from_slice(&chunk[..n]);
                    if tail.len() > 2 * STDERR_TAIL_BYTES {
                        let cut = tail.len() - STDERR_TAIL_BYTES;
                        tail.drain(..cut);
                    }
                }
            }
        });
        StderrCopier {
            tail,
            thread: Some(thread),
        }
    }

    /// Waits at most `limit` for the player's stderr to close (every process holding it gone),
    /// so that the copy is complete; a process that escaped the kill is not waited for.
    fn wait_closed(&mut self, limit: Duration) {
        let start = Instant::now();
        while self.thread.as_ref().is_some_and(|t| !t.is_finished()) && start.elapsed() < limit {
            thread::sleep(Duration::from_millis(2));
        }
        if self.thread.as_ref().is_some_and(|t| t.is_finished()) {
            if let Some(thread) = self.thread.take() {
                let _ = thread.join();
            }
        }
    }

    /// The last [`STDERR_TAIL_LINES`] non-blank lines copied so far.
    fn tail_lines(&self) -> String {
        let bytes = self.tail.lock().map(|t| t.clone()).unwrap_or_default();
        last_lines(&String::from_utf8_lossy(&bytes), STDERR_TAIL_LINES)
    }
}

/// The last `count` non-blank lines of `text`, each trimmed and cut after 200 characters,
/// joined by newlines.
pub fn last_lines(text: &str, count: usize) -> String {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|line| !line.trim().is_empty())
        .collect();
    lines[lines.len().saturating_sub(count)..]
        .iter()
        .map(|line| match line.char_indices().nth(200) {
            Some((at, _)) => format!("{}...", &line[..at]),
            None => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A reply read in time.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The line as printed, without its line terminator (`\n`, and a `\r` before it).
    pub line: String,
    /// Time from the input being sent to the line arriving.
    pub elapsed: Duration,
    /// When the line arrived.
    pub at: Instant,
}

/// Shell words that start a compound command, and shell built-ins that have no program of their
/// own: `exec` cannot be put in front of them.
const SHELL_WORDS: [&str; 43] = [
    "if", "then", "else", "elif", "fi", "while", "until", "for", "do", "done", "case", "esac", "{",
    "}", "!", "function", "select", "break", ":", "continue", ".", "eval", "exec", "exit",
    "export", "readonly", "return", "set", "shift", "times", "trap", "unset", "cd", "read", "wait",
    "alias", "umask", "ulimit", "command", "local", "source", "getopts", "hash",
];

/// True when `command` is one program with its arguments (no list, pipe, redirection, sub-shell
/// or assignment outside quotes), which the shell may replace by the program itself with `exec`.
pub fn is_simple_command(command: &str) -> bool {
    let Some(first) = command.split_whitespace().next() else {
        return false;
    };
    if first.contains('=')
        || SHELL_WORDS.contains(&first)
        || !first
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./+:@%~".contains(c))
    {
        return false;
    }
    let mut chars = command.chars();
    let (mut single, mut double) = (false, false);
    while let Some(c) = chars.next() {
        match c {
            '\\' if !single => {
                chars.next();
            }
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            ';' | '&' | '|' | '<' | '>' | '(' | ')' | '\n' if !single && !double => return false,
            _ => {}
        }
    }
    !single && !double
}

/// The script given to `sh -c`: a simple command is run with `exec`, so that the player *is* the
/// program and no shell holds its output open after the program closes it.
pub fn shell_script(command: &str) -> String {
    if is_simple_command(command) {
        format!("exec {}", command.trim_start())
    } else {
        command.to_string()
    }
}

/// Starts `command` under `sh -c` as the leader of a new process group (so that it and everything
/// it starts can be killed together).
fn spawn(
    command: &str,
    dir: Option<&Path>,
    stdin: Stdio,
    stdout: Stdio,
    stderr: Stdio,
) -> io::Result<Child> {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(shell_script(command))
        .stdin(stdin)
        .stdout(stdout)
        .stderr(stderr)
        .process_group(0);
    if let Some(dir) = dir {
        cmd.current_dir(dir);
    }
    cmd.spawn()
}

/// Why a player's process could not be started.
#[derive(Debug)]
pub enum StartError {
    /// The file its stderr goes to cannot be written: the runner's fault, not the player's.
    StderrFile(FileError),
    /// No process could be spawned.
    Spawn(StartFailure),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::StderrFile(error) => write!(f, "{error}"),
            StartError::Spawn(failure) => write!(f, "{}", failure.how),
        }
    }
}

impl std::error::Error for StartError {}

/// Opens the file a player's stderr is appended to, if any.
fn open_stderr_file(path: Option<&Path>) -> Result<Option<File>, FileError> {
    let Some(path) = path else {
        return Ok(None);
    };
    fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map(Some)
        .map_err(|error| FileError::new("write the player's stderr file", path, error))
}

/// A failed spawn of `sh -c`.
fn spawn_failure(error: &io::Error) -> StartFailure {
    StartFailure {
        how: format!("could not be spawned (sh -c): {}", io_reason(error)),
        stderr_tail: String::new(),
    }
}

/// Kills the process group led by `pid`: the player and whatever it started.
fn kill_group(pid: u32) {
    // The shell's `kill` reaches a whole group by a negative id; std can only signal one process.
    let _ = Command::new("sh")
        .arg("-c")
        .arg(format!("kill -KILL -{pid} 2>/dev/null"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

/// Waits until `child` exits, at most `limit`.
fn wait_at_most(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if start.elapsed() < limit => thread::sleep(Duration::from_millis(2)),
            _ => return None,
        }
    }
}

/// Samples the peak resident memory of a process and its descendants in the background.
///
/// The figure is the largest `VmHWM` (peak resident set) of any single process of the tree, so
/// that the `sh -c` wrapper does not count against the bot it starts.
struct MemoryWatcher {
    peak: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl MemoryWatcher {
    fn start(root: u32) -> MemoryWatcher {
        let peak = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (peak, stop) = (Arc::clone(&peak), Arc::clone(&stop));
            thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    peak.fetch_max(tree_peak_rss(root), Ordering::Relaxed);
                    // Woken early when the watcher is dropped, so that ending a game waits for
                    // no sample interval.
                    thread::park_timeout(MEMORY_SAMPLE_INTERVAL);
                }
            })
        };
        MemoryWatcher {
            peak,
            stop,
            thread: Some(thread),
        }
    }

    /// Takes a sample now and returns the peak so far.
    fn sample(&self, root: u32) -> u64 {
        self.peak.fetch_max(tree_peak_rss(root), Ordering::Relaxed);
        self.peak.load(Ordering::Relaxed)
    }

    fn peak(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }
}

impl Drop for MemoryWatcher {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            thread.thread().unpark();
            let _ = thread.join();
        }
    }
}

/// The largest peak resident set (bytes) among `root` and its descendants, 0 if none is alive.
fn tree_peak_rss(root: u32) -> u64 {
    process_tree(root)
        .into_iter()
        .map(peak_rss)
        .max()
        .unwrap_or(0)
}

/// `VmHWM` of one process in bytes, 0 if it is gone.
fn peak_rss(pid: u32) -> u64 {
    let Ok(status) = fs::read_to_string(format!("/proc/{pid}/status")) else {
        return 0;
    };
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kb| kb.parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

/// What the stdout reader thread reports.
enum LineEvent {
    Line(String),
    TooLong,
    Eof,
}

/// An event and the moment the reader saw it.
type TimedEvent = (Instant, LineEvent);

/// Reads `source` line by line into `sender`, refusing lines over [`MAX_LINE_BYTES`].
fn read_lines(mut source: impl Read, sender: mpsc::Sender<TimedEvent>) {
    let mut pending: Vec<u8> = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let n = match source.read(&mut chunk) {
            Ok(0) | Err(_) => {
                let _ = sender.send((Instant::now(), LineEvent::Eof));
                return;
            }
            Ok(n) => n,
        };
        for &byte in &chunk[..n] {
            if byte == b'\n' {
                if pending.last() == Some(&b'\r') {
                    pending.pop();
                }
                let line = String::from_utf8_lossy(&pending).into_owned();
                pending.clear();
                if sender
                    .send((Instant::now(), LineEvent::Line(line)))
                    .is_err()
                {
                    return;
                }
            } else if pending.len() >= MAX_LINE_BYTES {
                let _ = sender.send((Instant::now(), LineEvent::TooLong));
                return;
            } else {
                pending.push(byte);
            }
        }
    }
}

/// `command` with its first word made absolute when it is a relative path to an existing file
/// (`dir/prog`, `./prog`); any other command is returned as it is.
pub fn resolve_program(command: &str) -> String {
    let trimmed = command.trim_start();
    let program = trimmed.split_whitespace().next().unwrap_or("");
    let quoted = program.contains(['\'', '"', '$', '\\']);
    if !program.contains('/') || program.starts_with('/') || quoted {
        return command.to_string();
    }
    match fs::canonicalize(program) {
        Ok(absolute) if absolute.is_file() => {
            format!("{}{}", absolute.display(), &trimmed[program.len()..])
        }
        _ => command.to_string(),
    }
}

/// The `pipe:[inode]` name of an open pipe end of ours, as `/proc/<pid>/fd/*` links name it.
fn pipe_name(fd: &impl AsRawFd) -> Option<PathBuf> {
    fs::read_link(format!("/proc/self/fd/{}", fd.as_raw_fd())).ok()
}

/// The process ids of `root` and its descendants (at most [`MAX_TREE`] of them).
fn process_tree(root: u32) -> Vec<u32> {
    let mut tree = Vec::new();
    let mut pending = vec![root];
    while let Some(pid) = pending.pop() {
        if tree.len() >= MAX_TREE {
            break;
        }
        tree.push(pid);
        if let Ok(children) = fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")) {
            pending.extend(
                children
                    .split_whitespace()
                    .filter_map(|c| c.parse::<u32>().ok()),
            );
        }
    }
    tree
}

/// The most processes of a player's tree the referee looks at: more is a fork bomb, which the
/// kill at the end of the game takes care of.
const MAX_TREE: usize = 4096;

/// True when the player's output is closed although some of its processes live: no process of
/// the tree can write to `pipe` except shells blocked waiting for a child, and some live process
/// has closed its standard output. This is the case of a compound command (`cd dir && bot`,
/// `bot; true`) whose program closed its output while the shell around it keeps the pipe open.
/// A child whose output a shell sent elsewhere (`think >/dev/null`) has an open standard output,
/// so it does not count.
fn output_closed(root: u32, pipe: &Path) -> bool {
    let mut closed_stdout = false;
    for pid in process_tree(root) {
        let stat = fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let state = stat
            .rsplit(')')
            .next()
            .and_then(|rest| rest.split_whitespace().next());
        if state.is_none_or(|state| state == "Z" || state == "X") {
            continue; // gone, or a zombie: holds nothing
        }
        let Ok(fds) = fs::read_dir(format!("/proc/{pid}/fd")) else {
            continue;
        };
        let mut holds_pipe = false;
        let mut has_stdout = false;
        for fd in fds.flatten() {
            let target = fs::read_link(fd.path()).ok();
            if target.as_deref() == Some(pipe) {
                holds_pipe = true;
            }
            if fd.file_name() == "1" {
                has_stdout = true;
            }
        }
        if holds_pipe {
            let wchan = fs::read_to_string(format!("/proc/{pid}/wchan")).unwrap_or_default();
            if wchan.trim() != "do_wait" {
                return false; // a process that can still write a reply
            }
        }
        closed_stdout |= !has_stdout;
    }
    closed_stdout
}

/// A player that runs for the whole game and talks on stdin/stdout.
pub struct StreamPlayer {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<TimedEvent>,
    /// Events taken from `lines` but not handled yet.
    queued: VecDeque<TimedEvent>,
    /// The player's output pipe, for compound commands (watched for a closed end).
    compound_pipe: Option<PathBuf>,
    memory: MemoryWatcher,
    memory_cap: u64,
    reader: Option<JoinHandle<()>>,
    stderr: StderrCopier,
    /// True once the player has replied: from then on it has started, whatever it does.
    replied: bool,
}

impl StreamPlayer {
    /// Starts `command`; its stderr is appended to `stderr_path` if given.
    pub fn start(
        command: &str,
        stderr_path: Option<&Path>,
        memory_cap: u64,
    ) -> Result<StreamPlayer, StartError> {
        let stderr_file = open_stderr_file(stderr_path).map_err(StartError::StderrFile)?;
        let mut child = spawn(
            command,
            None,
            Stdio::piped(),
            Stdio::piped(),
            Stdio::piped(),
        )
        .map_err(|error| StartError::Spawn(spawn_failure(&error)))?;
        let stderr =
            StderrCopier::start(child.stderr.take().expect("stderr is piped"), stderr_file);
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let compound_pipe = if is_simple_command(command) {
            None
        } else {
            pipe_name(&stdout)
        };
        let (sender, lines) = mpsc::channel();
        let reader = thread::spawn(move || read_lines(stdout, sender));
        let memory = MemoryWatcher::start(child.id());
        Ok(StreamPlayer {
            child,
            stdin,
            lines,
            queued: VecDeque::new(),
            compound_pipe,
            memory,
            memory_cap,
            reader: Some(reader),
            stderr,
            replied: false,
        })
    }

    /// Writes `lines` to the player's input; false if it cannot take them.
    fn write(&mut self, lines: &[String]) -> bool {
        if lines.is_empty() {
            return true;
        }
        let mut text = String::new();
        for line in lines {
            text.push_str(line);
            text.push('\n');
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        stdin
            .write_all(text.as_bytes())
            .and_then(|_| stdin.flush())
            .is_ok()
    }

    /// Sends `lines` without asking for a reply (an id line before the player's first turn). A
    /// player that cannot take them is judged when it is asked.
    pub fn tell(&mut self, lines: &[String]) {
        let _ = self.write(lines);
    }

    /// Moves every event the reader has seen so far into the queue.
    fn take_events(&mut self) {
        while let Ok(event) = self.lines.try_recv() {
            self.queued.push_back(event);
        }
    }

    /// The first line the player printed before `moment` that nobody asked for, if any. Call it
    /// while the player is not being asked: every line it printed then is out of turn.
    pub fn line_printed_before(&mut self, moment: Instant) -> Option<String> {
        self.take_events();
        match self.queued.front() {
            Some((at, LineEvent::Line(line))) if *at < moment => Some(line.clone()),
            _ => None,
        }
    }

    /// Sends `lines`, then waits at most `limit` (counted from the send) for one reply line. A
    /// line printed before this call is out of turn.
    pub fn ask(&mut self, lines: &[String], limit: Duration) -> Result<Reply, Failure> {
        self.take_events();
        if let Some((_, LineEvent::Line(line))) = self.queued.front() {
            return Err(Failure::OutOfTurn(line.clone()));
        }
        let sent = Instant::now();
        if !self.write(lines) {
            if self.stdin.is_none() {
                return Err(Failure::Io("input closed".into()));
            }
            return Err(self.exit_failure());
        }
        loop {
            let waited = sent.elapsed();
            if waited >= limit {
                return Err(Failure::Timeout(limit.as_millis() as u64));
            }
            let slice = (limit - waited).min(Duration::from_millis(20));
            let event = match self.queued.pop_front() {
                Some(event) => Ok(event),
                None => self.lines.recv_timeout(slice),
            };
            let peak = self.memory.sample(self.child.id());
            if peak > self.memory_cap {
                return Err(self.memory_failure(peak));
            }
            match event {
                Ok((at, LineEvent::Line(line))) => {
                    let elapsed = at.saturating_duration_since(sent);
                    if elapsed > limit {
                        return Err(Failure::Timeout(limit.as_millis() as u64));
                    }
                    self.replied = true;
                    return Ok(Reply { line, elapsed, at });
                }
                Ok((_, LineEvent::TooLong)) => return Err(Failure::LineTooLong),
                Ok((_, LineEvent::Eof)) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.exit_failure())
                }
                Err(RecvTimeoutError::Timeout) => {
                    let closed = self
                        .compound_pipe
                        .as_deref()
                        .is_some_and(|pipe| output_closed(self.child.id(), pipe));
                    if closed {
                        return Err(Failure::Exited(
                            "closed its output before replying".to_string(),
                        ));
                    }
                }
            }
        }
    }

    /// The failure of a player over the memory cap. One that never replied and exits on its
    /// own within [`EXIT_GRACE`] with [`is_start_status`] could not start: an interpreter that
    /// cannot open its script passes a small cap (Ka-Boom's 8 MB) while it starts, and its own
    /// message says more than the cap. Any other stays over the cap.
    fn memory_failure(&mut self, peak: u64) -> Failure {
        if !self.replied && wait_at_most(&mut self.child, EXIT_GRACE).is_some_and(is_start_status) {
            return self.exit_failure();
        }
        Failure::Memory(peak)
    }

    /// The failure of a player whose output or input closed: a player that never replied and
    /// exited with [`is_start_status`] could not start.
    fn exit_failure(&mut self) -> Failure {
        match wait_at_most(&mut self.child, Duration::from_millis(100)) {
            Some(status) => {
                let how = format!("exited ({status}) before replying");
                if !self.replied && is_start_status(status) {
                    self.stderr.wait_closed(Duration::from_millis(200));
                    Failure::CannotStart(StartFailure {
                        how,
                        stderr_tail: self.stderr.tail_lines(),
                    })
                } else {
                    Failure::Exited(how)
                }
            }
            None => Failure::Exited("closed its output before replying".to_string()),
        }
    }

    /// Peak memory seen so far, in bytes.
    pub fn peak_memory(&self) -> u64 {
        self.memory.peak()
    }

    /// Ends the player: closes its input, gives it [`EXIT_GRACE`] to exit, then kills its whole
    /// process group. Returns the peak memory seen.
    pub fn finish(mut self) -> u64 {
        drop(self.stdin.take());
        wait_at_most(&mut self.child, EXIT_GRACE);
        kill_group(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
        self.stderr.wait_closed(EXIT_GRACE);
        self.memory.peak()
    }
}

/// How many files of its own (help files) a file-based player may keep in its directory and its
/// sub-directories, besides the files the referee gives it and its reply: the Power Connect 4
/// statement's limit.
pub const MAX_OWN_FILES: usize = 5;

/// Counts the files under `dir` (sub-directories included) but the ones named in `given` at its
/// top; with `prefix` (a folder shared with the other team), only the entries at its top whose
/// names start with it, and what they hold. A player making thousands of directories is cut off
/// at 1024 of them.
fn count_own_files(dir: &Path, given: &[&str], prefix: Option<&str>) -> usize {
    let mut count = 0;
    let mut pending = vec![dir.to_path_buf()];
    let mut visited = 0;
    while let Some(current) = pending.pop() {
        visited += 1;
        if visited > 1024 {
            break;
        }
        let Ok(entries) = fs::read_dir(&current) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let name = entry.file_name();
            let theirs = prefix.is_some_and(|p| !name.to_string_lossy().starts_with(p));
            if current == dir && theirs {
                continue;
            }
            if kind.is_dir() {
                pending.push(path);
            } else if current != dir || !given.iter().any(|name| entry.file_name() == *name) {
                count += 1;
            }
        }
    }
    count
}

/// A player run once per move in a working directory of its own (Power Connect 4), or in one
/// shared with the other team under its own team id ([`FilesPlayer::shared_as`]).
pub struct FilesPlayer {
    command: String,
    dir: PathBuf,
    stderr_path: Option<PathBuf>,
    memory_cap: u64,
    peak: u64,
    /// In a shared folder: the team id its own files start with, and the file (a link to its
    /// program) that runs it under that name, which is not one of its help files.
    team_id: Option<(String, Option<String>)>,
    /// True once a call has given a reply: from then on the player has started.
    replied: bool,
}

/// The program of `command`: its first word, found on the `PATH` when it names no directory;
/// `None` for a command whose first word is not a plain program path.
fn program_of(command: &str) -> Option<PathBuf> {
    let program = command.split_whitespace().next()?;
    if program.contains(['\'', '"', '$', '\\', '=']) {
        return None;
    }
    if program.contains('/') {
        // The name as given, not where a link leads: a team id is the name it was run by.
        let path = std::env::current_dir().ok()?.join(program);
        return path.is_file().then_some(path);
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(program))
            .find(|p| p.is_file())
    })
}

/// The file name of `command`'s program without its extension: the team id a contest bot run
/// by that command takes (`None` when the command names no plain program).
pub fn team_id_of(command: &str) -> Option<String> {
    program_of(command)?
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
}

impl FilesPlayer {
    /// A player whose calls run in `dir` (created, empty, if missing). Since the command runs in
    /// that directory, a program given by a relative path (`target/release/bot --x`) is resolved
    /// against the referee's own working directory first, as the user who typed it meant.
    pub fn new(
        command: &str,
        dir: PathBuf,
        stderr_path: Option<PathBuf>,
        memory_cap: u64,
    ) -> Result<FilesPlayer, FileError> {
        fs::create_dir_all(&dir).map_err(naming("make the player's folder", &dir))?;
        Ok(FilesPlayer {
            command: resolve_program(command),
            dir,
            stderr_path,
            memory_cap,
            peak: 0,
            team_id: None,
            replied: false,
        })
    }

    /// The player run under team id `id` in its folder, shared with the other team, as the
    /// contest's game master runs it: only the files whose names start with `id` are its own.
    /// When `id` is not already its program's name, the program is linked into the folder as
    /// `id` and run by that name (a bot names its help files after its executable).
    pub fn shared_as(mut self, id: &str) -> io::Result<FilesPlayer> {
        let mut link = None;
        if team_id_of(&self.command).as_deref() != Some(id) {
            let program = program_of(&self.command).ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!(
                        "cannot run '{}' under team id {id}: its first word is not a program",
                        self.command
                    ),
                )
            })?;
            let path = self.dir.join(id);
            let naming_link = |error: io::Error| {
                io::Error::new(
                    error.kind(),
                    format!(
                        "cannot link the program as {}: {}",
                        path.display(),
                        io_reason(&error)
                    ),
                )
            };
            if fs::symlink_metadata(&path).is_ok() {
                fs::remove_file(&path).map_err(naming_link)?;
            }
            std::os::unix::fs::symlink(&program, &path).map_err(naming_link)?;
            let first = self.command.split_whitespace().next().unwrap_or("");
            let at = self.command.find(first).unwrap_or(0) + first.len();
            self.command = format!("./{id}{}", &self.command[at..]);
            link = Some(id.to_string());
        }
        self.team_id = Some((id.to_string(), link));
        Ok(self)
    }

    /// Writes `files` (read-only), removes `reply_file`, runs the player once, and reads its
    /// reply: the words of `reply_file` joined by single spaces; the file must exist when the
    /// player exits within `limit`. Whatever the player started is killed when the call ends. A
    /// player that then keeps more than [`MAX_OWN_FILES`] files of its own loses. A first call
    /// that fails ([`is_start_status`]) without writing its reply is [`Failure::CannotStart`].
    pub fn call(
        &mut self,
        files: &[(String, String)],
        reply_file: &str,
        limit: Duration,
    ) -> Result<Reply, Failure> {
        let reply_path = self.lay_out(files, reply_file)?;
        let stderr_file = open_stderr_file(self.stderr_path.as_deref())
            .map_err(|e| Failure::Io(e.to_string()))?;
        let started = Instant::now();
        let mut child = spawn(
            &self.command,
            Some(&self.dir),
            Stdio::null(),
            Stdio::null(),
            Stdio::piped(),
        )
        .map_err(|error| Failure::CannotStart(spawn_failure(&error)))?;
        let mut stderr =
            StderrCopier::start(child.stderr.take().expect("stderr is piped"), stderr_file);
        let memory = MemoryWatcher::start(child.id());
        let status = self.wait_for_exit(&mut child, &memory, started, limit);
        let elapsed = started.elapsed();
        kill_group(child.id());
        let _ = child.kill();
        let _ = child.wait();
        stderr.wait_closed(EXIT_GRACE);
        self.peak = self.peak.max(memory.peak());
        drop(memory);
        if self.peak > self.memory_cap {
            return Err(Failure::Memory(self.peak));
        }
        let Some(status) = status else {
            return Err(Failure::Timeout(limit.as_millis() as u64));
        };
        let mut content = String::new();
        match File::open(&reply_path) {
            Ok(file) => {
                file.take(MAX_LINE_BYTES as u64 + 1)
                    .read_to_string(&mut content)
                    .map_err(|e| {
                        Failure::Exited(format!("exited ({status}), {reply_file} unreadable: {e}"))
                    })?;
            }
            Err(_) if !self.replied && is_start_status(status) => {
                return Err(Failure::CannotStart(StartFailure {
                    how: format!("exited ({status}) without writing {reply_file}"),
                    stderr_tail: stderr.tail_lines(),
                }));
            }
            Err(_) => {
                return Err(Failure::Exited(format!(
                    "exited ({status}) without writing {reply_file}"
                )));
            }
        }
        if content.len() > MAX_LINE_BYTES {
            return Err(Failure::LineTooLong);
        }
        let mut given: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
        given.push(reply_file);
        let prefix = self.team_id.as_ref().map(|(id, link)| {
            given.extend(link.as_deref());
            id.as_str()
        });
        let own = count_own_files(&self.dir, &given, prefix);
        if own > MAX_OWN_FILES {
            return Err(Failure::TooManyFiles(own));
        }
        // The reply is read as its words, separated and surrounded by any ASCII white space
        // (`5 4`, `5\n4`, `5\t 4\n`); what the words must be is the game's business.
        let line = content
            .split_ascii_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        self.replied = true;
        Ok(Reply {
            line,
            elapsed,
            at: started + elapsed,
        })
    }

    /// Writes the call's input `files` read-only into the player's folder and removes the old
    /// reply; returns the reply's path.
    fn lay_out(&self, files: &[(String, String)], reply_file: &str) -> Result<PathBuf, Failure> {
        let io_failure = |doing: &str, path: &Path, e: io::Error| {
            Failure::Io(FileError::new(doing, path, e).to_string())
        };
        for (name, content) in files {
            let path = self.dir.join(name);
            let _ = fs::remove_file(&path);
            fs::write(&path, content).map_err(|e| io_failure("write the input", &path, e))?;
            fs::set_permissions(&path, fs::Permissions::from_mode(0o444))
                .map_err(|e| io_failure("make read-only the input", &path, e))?;
        }
        let reply_path = self.dir.join(reply_file);
        if reply_path.exists() {
            fs::remove_file(&reply_path)
                .map_err(|e| io_failure("remove the old reply", &reply_path, e))?;
        }
        Ok(reply_path)
    }

    /// Waits for the call's process to exit; `None` if it passed the memory cap or `limit` first.
    fn wait_for_exit(
        &self,
        child: &mut Child,
        memory: &MemoryWatcher,
        started: Instant,
        limit: Duration,
    ) -> Option<ExitStatus> {
        loop {
            if let Ok(Some(status)) = child.try_wait() {
                return Some(status);
            }
            let peak = memory.sample(child.id());
            if peak > self.memory_cap || started.elapsed() >= limit {
                return None;
            }
            thread::sleep(Duration::from_millis(2));
        }
    }

    /// Peak memory over all calls so far, in bytes.
    pub fn peak_memory(&self) -> u64 {
        self.peak
    }
}
