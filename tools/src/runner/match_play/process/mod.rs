//! Players as operating-system processes: starting them as a tree the referee owns
//! ([`supervisor`]), reading their replies with a time limit and a bound on what is held in
//! memory, watching their memory, and killing them with everything they started.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt, PermissionsExt};
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};
use std::process::{ChildStderr, ChildStdin, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::runner::match_play::supervisor::{self, PlayerTree, TreeView};
use crate::runner::records::files::{io_reason, naming, FileError};

/// A reply line longer than this (without its newline) is rejected, so that a player flooding its
/// output cannot exhaust the referee.
pub(crate) const MAX_LINE_BYTES: usize = 4096;

/// How often the memory watcher samples a player's processes.
const MEMORY_SAMPLE_INTERVAL: Duration = Duration::from_millis(5);

/// How long a player whose game is over may take to exit on its own before it is killed.
pub(crate) const EXIT_GRACE: Duration = Duration::from_millis(200);

/// What a player did instead of answering in time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
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
    /// A file-based player left its reply as something other than a plain file (how, in a few
    /// words: `left output.txt as a FIFO, not a file`).
    NotAFile(String),
    /// The referee could not lay out a file-based player's folder for its call (why): whoever
    /// damaged the folder is to blame, which the caller decides.
    Layout(String),
}

/// A player that could not start: no process could be spawned, or it failed before its first
/// reply ([`is_start_status`]): the shell found no program (127) or could not run it (126), an
/// interpreter could not open its script (`python3 bot.py`: 2), a program stopped on a bad
/// argument or a panic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StartFailure {
    /// What happened, in the words of a game's verdict: `exited (exit status: 127) before
    /// replying`, `could not be spawned: ...`.
    pub(crate) how: String,
    /// The last lines of the player's stderr (see [`STDERR_TAIL_LINES`]), empty if it printed
    /// nothing there.
    pub(crate) stderr_tail: String,
}

/// True for the exit of a player that failed: any status but success, a signal included. Before
/// its first reply this is a player that cannot start (a missing program, 127; one that cannot
/// be executed, 126; a missing script, 2; a panic, 101), whereas a player that exits with
/// success before replying has only given up its game.
pub(crate) fn is_start_status(status: ExitStatus) -> bool {
    !status.success()
}

/// How many of the last lines of its stderr a player that cannot start is quoted with.
pub(crate) const STDERR_TAIL_LINES: usize = 5;

/// How many bytes of a player's stderr are kept for quoting.
const STDERR_TAIL_BYTES: usize = 4096;

/// How many bytes of a player's stderr one game's record keeps (the first ones); the rest is
/// read and dropped, and a last line says how much.
pub(crate) const STDERR_FILE_BYTES: u64 = 1024 * 1024;

/// Copies a player's stderr to its file, if any, up to what is left of `budget` (bytes, shared
/// by every call of the game), keeping the last few kilobytes to quote.
struct StderrCopier {
    tail: Arc<Mutex<Vec<u8>>>,
    thread: Option<JoinHandle<()>>,
}

impl StderrCopier {
    fn start(
        mut source: ChildStderr,
        mut file: Option<File>,
        budget: Arc<AtomicU64>,
    ) -> StderrCopier {
        let tail = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&tail);
        let thread = thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            let mut dropped = 0u64;
            while let Ok(n) = source.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                if let Some(out) = file.as_mut() {
                    let left = budget.load(Ordering::Relaxed);
                    let keep = (n as u64).min(left) as usize;
                    budget.fetch_sub(keep as u64, Ordering::Relaxed);
                    dropped += (n - keep) as u64;
                    if out.write_all(&chunk[..keep]).is_err() {
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
            if let (Some(out), true) = (file.as_mut(), dropped > 0) {
                let _ = writeln!(
                    out,
                    "\n[referee: {dropped} more bytes of stderr dropped; a game's record keeps \
                     the first {STDERR_FILE_BYTES}]"
                );
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
        self.last_lines(STDERR_TAIL_LINES)
    }

    /// The last `count` non-blank lines copied so far.
    fn last_lines(&self, count: usize) -> String {
        let bytes = self.tail.lock().map(|t| t.clone()).unwrap_or_default();
        last_lines(&String::from_utf8_lossy(&bytes), count)
    }
}

/// The last `count` non-blank lines of `text`, each trimmed and cut after 200 characters,
/// joined by newlines.
pub(crate) fn last_lines(text: &str, count: usize) -> String {
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
pub(crate) struct Reply {
    /// The line as printed, without its line terminator (`\n`, and a `\r` before it).
    pub(crate) line: String,
    /// Time from the input being sent to the line arriving.
    pub(crate) elapsed: Duration,
    /// When the line arrived.
    pub(crate) at: Instant,
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
pub(crate) fn is_simple_command(command: &str) -> bool {
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
pub(crate) fn shell_script(command: &str) -> String {
    if is_simple_command(command) {
        format!("exec {}", command.trim_start())
    } else {
        command.to_string()
    }
}

/// Starts `command` under `sh -c` as a tree of processes the referee owns ([`supervisor`]).
fn spawn(command: &str, dir: Option<&Path>, stdio: [Stdio; 3]) -> io::Result<PlayerTree> {
    supervisor::spawn(&shell_script(command), dir, stdio)
}

/// Why a player's process could not be started.
#[derive(Debug)]
pub(crate) enum StartError {
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

/// Samples the peak resident memory of a player's processes in the background.
///
/// The figure is the largest `VmHWM` (peak resident set) of any single process of the player's
/// tree (every process it started, wherever it moved), so that the `sh -c` wrapper does not
/// count against the bot it starts, and a child that outlives its parent still counts.
struct MemoryWatcher {
    peak: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl MemoryWatcher {
    fn start(root: TreeView) -> MemoryWatcher {
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
    fn sample(&self, root: TreeView) -> u64 {
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

/// The largest peak resident set (bytes) among the player's processes, 0 if none is alive.
fn tree_peak_rss(root: TreeView) -> u64 {
    root.player_processes()
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
    /// The output ended, with the start of a line the player never ended, if any.
    Eof(Option<String>),
}

/// An event and the moment the reader saw it.
type TimedEvent = (Instant, LineEvent);

/// How many lines the reader holds that the referee has not taken: a player printing faster
/// than it is read waits (its pipe fills), so the referee's memory stays bounded whatever it
/// prints.
const UNREAD_LINES: usize = 16;

/// Reads `source` line by line into `sender`, refusing lines over [`MAX_LINE_BYTES`]. Ends when
/// the output ends or the receiver is gone (the game is over: the rest is not read).
fn read_lines(mut source: impl Read, sender: mpsc::SyncSender<TimedEvent>) {
    let mut pending: Vec<u8> = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let n = match source.read(&mut chunk) {
            Ok(0) | Err(_) => {
                let partial =
                    (!pending.is_empty()).then(|| String::from_utf8_lossy(&pending).into_owned());
                let _ = sender.send((Instant::now(), LineEvent::Eof(partial)));
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

/// `command` as it means where it was typed, for a player run in a folder of its own: its first
/// word made absolute when it is a relative path to an existing file (`dir/prog`, `./prog`), and,
/// in a command of plain words (no quote, escape, variable or shell syntax), every later word that
/// looks like a path (it holds a `/` or a `.`: `my_bot.py`, `bots/c4`, `.`, `--dir=bots`) and
/// names an existing file or folder here, so that `python3 my_bot.py` and `java -cp bots/c4
/// PowerBot` run as typed. Plain words (`random`, `PowerBot`, `5`) are left alone.
pub(crate) fn resolve_program(command: &str) -> String {
    let trimmed = command.trim_start();
    let program = trimmed.split_whitespace().next().unwrap_or("");
    let quoted = |word: &str| word.contains(['\'', '"', '$', '\\', '`']);
    let first = match fs::canonicalize(program) {
        Ok(absolute)
            if program.contains('/')
                && !program.starts_with('/')
                && !quoted(program)
                && absolute.is_file() =>
        {
            absolute.display().to_string()
        }
        _ => program.to_string(),
    };
    let rest = &trimmed[program.len()..];
    if quoted(rest) || !is_simple_command(command) {
        return format!("{first}{rest}");
    }
    let mut words = vec![first];
    words.extend(rest.split_whitespace().map(resolve_word));
    words.join(" ")
}

/// `word` made absolute when it is a relative path (or `--option=path`) to something that
/// exists here; otherwise as it is.
fn resolve_word(word: &str) -> String {
    let (option, value) = match word.split_once('=') {
        Some((option, value)) if option.starts_with('-') => (format!("{option}="), value),
        _ if word.starts_with('-') => return word.to_string(),
        _ => (String::new(), word),
    };
    let looks_like_a_path = value.contains('/') || value.contains('.');
    if !looks_like_a_path || value.starts_with('/') || !Path::new(value).exists() {
        return word.to_string();
    }
    match std::env::current_dir() {
        Ok(here) => format!("{option}{}", here.join(value).display()),
        Err(_) => word.to_string(),
    }
}

/// The `pipe:[inode]` name of an open pipe end of ours, as `/proc/<pid>/fd/*` links name it.
fn pipe_name(fd: &impl AsRawFd) -> Option<PathBuf> {
    fs::read_link(format!("/proc/self/fd/{}", fd.as_raw_fd())).ok()
}

/// True when the player's output is closed although some of its processes live: no process of
/// the tree can write to `pipe` except shells blocked waiting for a child, and some live process
/// has closed its standard output. This is the case of a compound command (`cd dir && bot`,
/// `bot; true`) whose program closed its output while the shell around it keeps the pipe open.
/// A child whose output a shell sent elsewhere (`think >/dev/null`) has an open standard output,
/// so it does not count.
fn output_closed(root: TreeView, pipe: &Path) -> bool {
    let mut closed_stdout = false;
    for pid in root.player_processes() {
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
pub(crate) struct StreamPlayer {
    tree: PlayerTree,
    stdin: Option<ChildStdin>,
    lines: Option<Receiver<TimedEvent>>,
    /// An event taken from `lines` but not handled yet.
    peeked: Option<TimedEvent>,
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
    pub(crate) fn start(
        command: &str,
        stderr_path: Option<&Path>,
        memory_cap: u64,
    ) -> Result<StreamPlayer, StartError> {
        let stderr_file = open_stderr_file(stderr_path).map_err(StartError::StderrFile)?;
        let mut tree = spawn(
            command,
            None,
            [Stdio::piped(), Stdio::piped(), Stdio::piped()],
        )
        .map_err(|error| StartError::Spawn(spawn_failure(&error)))?;
        let (stdin, stdout, stderr) = tree.take_stdio();
        let stderr = StderrCopier::start(
            stderr.expect("stderr is piped"),
            stderr_file,
            Arc::new(AtomicU64::new(STDERR_FILE_BYTES)),
        );
        let stdout = stdout.expect("stdout is piped");
        let compound_pipe = if is_simple_command(command) {
            None
        } else {
            pipe_name(&stdout)
        };
        let (sender, lines) = mpsc::sync_channel(UNREAD_LINES);
        let reader = thread::spawn(move || read_lines(stdout, sender));
        let memory = MemoryWatcher::start(tree.view());
        Ok(StreamPlayer {
            tree,
            stdin,
            lines: Some(lines),
            peeked: None,
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
    pub(crate) fn tell(&mut self, lines: &[String]) {
        let _ = self.write(lines);
    }

    /// The next event of the reader, waiting at most `limit` for it, without taking it.
    fn peek(&mut self, limit: Duration) -> Result<&TimedEvent, RecvTimeoutError> {
        if self.peeked.is_none() {
            let lines = self.lines.as_ref().ok_or(RecvTimeoutError::Disconnected)?;
            let event = if limit.is_zero() {
                lines.try_recv().map_err(|error| match error {
                    mpsc::TryRecvError::Empty => RecvTimeoutError::Timeout,
                    mpsc::TryRecvError::Disconnected => RecvTimeoutError::Disconnected,
                })?
            } else {
                lines.recv_timeout(limit)?
            };
            self.peeked = Some(event);
        }
        Ok(self.peeked.as_ref().expect("just filled"))
    }

    /// The first line the player printed before `moment` that nobody asked for, if any. Call it
    /// while the player is not being asked: every line it printed then is out of turn.
    pub(crate) fn line_printed_before(&mut self, moment: Instant) -> Option<String> {
        match self.peek(Duration::ZERO) {
            Ok((at, LineEvent::Line(line))) if *at < moment => Some(line.clone()),
            _ => None,
        }
    }

    /// Sends `lines`, then waits at most `limit` (counted from the send) for one reply line. A
    /// line printed before this call is out of turn.
    pub(crate) fn ask(&mut self, lines: &[String], limit: Duration) -> Result<Reply, Failure> {
        if let Ok((_, LineEvent::Line(line))) = self.peek(Duration::ZERO) {
            return Err(Failure::OutOfTurn(line.clone()));
        }
        let sent = Instant::now();
        if !self.write(lines) {
            if self.stdin.is_none() {
                return Err(Failure::Io("input closed".into()));
            }
            return Err(self.input_failure());
        }
        loop {
            let waited = sent.elapsed();
            if waited >= limit {
                return Err(Failure::Timeout(limit.as_millis() as u64));
            }
            let slice = (limit - waited).min(Duration::from_millis(20));
            let event = self.peek(slice).map(|_| ());
            let peak = self.memory.sample(self.tree.view());
            if peak > self.memory_cap {
                return Err(self.memory_failure(peak));
            }
            let event = event.map(|()| self.peeked.take().expect("peeked"));
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
                Ok((_, LineEvent::Eof(partial))) => return Err(self.exit_failure(partial)),
                Err(RecvTimeoutError::Disconnected) => return Err(self.exit_failure(None)),
                Err(RecvTimeoutError::Timeout) => {
                    let closed = self
                        .compound_pipe
                        .as_deref()
                        .is_some_and(|pipe| output_closed(self.tree.view(), pipe));
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
        if !self.replied
            && self
                .tree
                .main_exit_within(EXIT_GRACE)
                .is_some_and(is_start_status)
        {
            return self.exit_failure(None);
        }
        Failure::Memory(peak)
    }

    /// The failure of a player whose input would not take its next lines: it exited, or it
    /// closed its standard input while it lives on.
    fn input_failure(&mut self) -> Failure {
        match self.tree.main_exit_within(Duration::from_millis(100)) {
            Some(_) => self.exit_failure(None),
            None => Failure::Exited("closed its input (stdin) before replying".to_string()),
        }
    }

    /// The failure of a player whose output or input closed: a player that never replied and
    /// exited with [`is_start_status`] could not start. `partial` is a last line the player
    /// printed without ending it.
    fn exit_failure(&mut self, partial: Option<String>) -> Failure {
        let unended = partial
            .map(|line| {
                format!(
                    ", after printing {} without a newline to end it",
                    crate::runner::text::quote(&line)
                )
            })
            .unwrap_or_default();
        match self.tree.main_exit_within(Duration::from_millis(100)) {
            Some(status) => {
                let how = format!("exited ({status}) before replying{unended}");
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
            None => Failure::Exited(format!("closed its output before replying{unended}")),
        }
    }

    /// The last non-blank line of the player's stderr so far, if any (waiting a moment for a
    /// crashing player's last words to arrive).
    pub(crate) fn last_stderr_line(&mut self) -> Option<String> {
        self.stderr.wait_closed(Duration::from_millis(50));
        Some(self.stderr.last_lines(1)).filter(|line| !line.is_empty())
    }

    /// True once the player has given a reply in this game.
    pub(crate) fn has_replied(&self) -> bool {
        self.replied
    }

    /// Ends the player: closes its input, gives it [`EXIT_GRACE`] to exit, then kills every
    /// process it started, wherever it went. The rest of its output is not read. Returns the
    /// peak memory seen.
    pub(crate) fn finish(mut self) -> u64 {
        drop(self.stdin.take());
        self.tree.main_exit_within(EXIT_GRACE);
        self.tree.kill();
        // The reader may be waiting to hand over a line: with its receiver gone it stops.
        drop(self.lines.take());
        self.peeked = None;
        if let Some(reader) = self.reader.take() {
            let start = Instant::now();
            while !reader.is_finished() && start.elapsed() < EXIT_GRACE {
                thread::sleep(Duration::from_millis(1));
            }
            if reader.is_finished() {
                let _ = reader.join();
            }
        }
        self.stderr.wait_closed(EXIT_GRACE);
        self.memory.peak()
    }
}

/// How many files of its own (help files) a file-based player may keep in its directory and its
/// sub-directories, besides the files the referee gives it and its reply: the Power Connect 4
/// statement's limit.
pub(crate) const MAX_OWN_FILES: usize = 5;

/// Counts the files under `dir` (sub-directories included) but the ones named in `given` at its
/// top; with `ids` (a folder shared with the other team: this team's id, then the other's), only
/// the entries at its top whose names start with this team's id and not with the other's longer
/// one (`Evil` does not own `EvilTwin2.txt`), and what they hold. A player making thousands of
/// directories is cut off at 1024 of them.
fn count_own_files(dir: &Path, given: &[&str], ids: Option<(&str, &str)>) -> usize {
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
            let name = name.to_string_lossy();
            let theirs = ids.is_some_and(|(ours, other)| {
                !name.starts_with(ours) || (other.len() > ours.len() && name.starts_with(other))
            });
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
pub(crate) struct FilesPlayer {
    command: String,
    dir: PathBuf,
    stderr_path: Option<PathBuf>,
    /// What is left of the bytes of stderr the game's record keeps, shared by its calls.
    stderr_budget: Arc<AtomicU64>,
    memory_cap: u64,
    peak: u64,
    /// In a shared folder: the team id its own files start with, and the file (a link to its
    /// program) that runs it under that name, which is not one of its help files.
    team_id: Option<(String, Option<TeamLink>)>,
    /// In a shared folder: the other team's id.
    other_id: Option<String>,
    /// True once a call has given a reply: from then on the player has started.
    replied: bool,
    /// The last non-blank line of its stderr in its last call.
    last_stderr: Option<String>,
}

/// The link that runs a program under a team id in a shared folder, laid anew before each call
/// so that the other team cannot replace it.
struct TeamLink {
    name: String,
    program: PathBuf,
}

impl TeamLink {
    /// Makes `dir/name` a link to the program, whatever stood there.
    fn lay_in(&self, dir: &Path) -> io::Result<()> {
        let path = dir.join(&self.name);
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
        clear_path(&path).map_err(naming_link)?;
        std::os::unix::fs::symlink(&self.program, &path).map_err(naming_link)
    }
}

/// Removes whatever stands at `path` (a file, a link, a FIFO, a directory with all it holds);
/// nothing there is fine.
fn clear_path(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(error),
        Ok(meta) if meta.is_dir() => fs::remove_dir_all(path).or_else(|_| {
            // A player may have made some of its directories unreadable or unwritable: opened
            // up, they go.
            open_up(path, 0);
            fs::remove_dir_all(path)
        }),
        Ok(_) => fs::remove_file(path),
    }
}

/// Gives the owner every right on the directory `dir` and those under it (not following links),
/// at most 64 levels deep.
fn open_up(dir: &Path, depth: usize) {
    let _ = fs::set_permissions(dir, fs::Permissions::from_mode(0o700));
    if depth >= 64 {
        return;
    }
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            open_up(&entry.path(), depth + 1);
        }
    }
}

/// Creates `path` as a new read-only file holding `bytes` (never following a link or opening
/// something that stands there).
fn write_new_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o444)
        .open(path)?;
    file.write_all(bytes)
}

/// What `path` is when it exists and is not a plain file (`a FIFO`, `a directory`...), `None`
/// for a plain file or nothing.
fn not_a_file(path: &Path) -> Option<&'static str> {
    let kind = fs::symlink_metadata(path).ok()?.file_type();
    Some(if kind.is_file() {
        return None;
    } else if kind.is_dir() {
        "a directory"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else {
        "something else"
    })
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

/// Interpreters whose bot is the script (or class, or archive) they are given, not the
/// interpreter itself: `python3 Co0042.py` is team `Co0042`.
const INTERPRETERS: [&str; 9] = [
    "python", "pypy", "java", "node", "ruby", "perl", "php", "lua", "bash",
];

/// The script an interpreter runs in `command` (`python3 -u Co0042.py` → `Co0042.py`; `java
/// -cp bots Co0042` → `Co0042`; `java -jar Co0042.jar` → `Co0042.jar`), `None` when its first
/// word is no interpreter or no script follows.
fn script_of(command: &str) -> Option<&str> {
    let mut words = command.split_whitespace();
    let program = Path::new(words.next()?).file_name()?.to_str()?;
    // `python3`, `python3.11`, `java`: an interpreter's name, maybe with its version.
    let interpreted = INTERPRETERS.iter().any(|name| {
        program
            .strip_prefix(name)
            .is_some_and(|version| version.chars().all(|c| c.is_ascii_digit() || c == '.'))
    });
    if !interpreted {
        return None;
    }
    // Options of the interpreters that take the next word as their value.
    const WITH_VALUE: [&str; 6] = ["-cp", "-classpath", "--class-path", "-m", "-W", "-X"];
    while let Some(word) = words.next() {
        if word == "-jar" {
            return words.next();
        }
        if WITH_VALUE.contains(&word) {
            words.next();
        } else if !word.starts_with('-') {
            return Some(word).filter(|_| !word.contains(['\'', '"', '$']));
        }
    }
    None
}

/// The team id a contest bot run by `command` takes: the file name of its program without its
/// extension, or, for an interpreted bot, of its script (a Java class's last name): `./Co0023`
/// and `python3 bots/Co0042.py` are `Co0023` and `Co0042`. `None` when the command names no plain
/// program.
pub(crate) fn team_id_of(command: &str) -> Option<String> {
    if let Some(script) = script_of(command) {
        let is_java = command
            .split_whitespace()
            .next()
            .is_some_and(|program| program.ends_with("java"));
        let name = Path::new(script)
            .file_name()?
            .to_string_lossy()
            .into_owned();
        return Some(if is_java && !name.ends_with(".jar") {
            name.rsplit('.').next().unwrap_or(&name).to_string()
        } else {
            Path::new(&name).file_stem()?.to_string_lossy().into_owned()
        });
    }
    program_of(command)?
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
}

impl FilesPlayer {
    /// A player whose calls run in `dir` (created, empty, if missing). Since the command runs in
    /// that directory, a program given by a relative path (`target/release/bot --x`) is resolved
    /// against the referee's own working directory first, as the user who typed it meant.
    pub(crate) fn new(
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
            stderr_budget: Arc::new(AtomicU64::new(STDERR_FILE_BYTES)),
            memory_cap,
            peak: 0,
            team_id: None,
            other_id: None,
            replied: false,
            last_stderr: None,
        })
    }

    /// The player run under team id `id` in its folder, shared with the other team (whose id is
    /// `other`), as the contest's game master runs it: only the files whose names start with `id`
    /// are its own. When `id` is not already its program's name, the program is linked into the
    /// folder as `id` and run by that name (a bot names its help files after its executable).
    pub(crate) fn shared_as(mut self, id: &str, other: &str) -> io::Result<FilesPlayer> {
        self.other_id = Some(other.to_string());
        let mut link = None;
        if team_id_of(&self.command).as_deref() != Some(id) {
            if let Some(script) = script_of(&self.command) {
                // An interpreted bot takes its id from its script's name, which a link to the
                // interpreter would not change.
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!(
                        "cannot run '{}' under team id {id}: both teams are named after \
                         {script}; give one a copy of it under another name",
                        self.command
                    ),
                ));
            }
            let program = program_of(&self.command).ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!(
                        "cannot run '{}' under team id {id}: its first word is not a program",
                        self.command
                    ),
                )
            })?;
            let team_link = TeamLink {
                name: id.to_string(),
                program,
            };
            team_link.lay_in(&self.dir)?;
            let first = self.command.split_whitespace().next().unwrap_or("");
            let at = self.command.find(first).unwrap_or(0) + first.len();
            self.command = format!("./{id}{}", &self.command[at..]);
            link = Some(team_link);
        }
        self.team_id = Some((id.to_string(), link));
        Ok(self)
    }

    /// Writes `files` (read-only), removes `reply_file`, runs the player once, and reads its
    /// reply: the words of `reply_file` joined by single spaces; the file must exist when the
    /// player exits within `limit`. Whatever the player started is killed when the call ends. A
    /// player that then keeps more than [`MAX_OWN_FILES`] files of its own loses. A first call
    /// that fails ([`is_start_status`]) without writing its reply is [`Failure::CannotStart`].
    pub(crate) fn call(
        &mut self,
        files: &[(String, String)],
        reply_file: &str,
        limit: Duration,
    ) -> Result<Reply, Failure> {
        let reply_path = self.lay_out(files, reply_file)?;
        let stderr_file = open_stderr_file(self.stderr_path.as_deref())
            .map_err(|e| Failure::Io(e.to_string()))?;
        let started = Instant::now();
        let mut tree = spawn(
            &self.command,
            Some(&self.dir),
            [Stdio::null(), Stdio::null(), Stdio::piped()],
        )
        .map_err(|error| Failure::CannotStart(spawn_failure(&error)))?;
        let (_, _, stderr) = tree.take_stdio();
        let mut stderr = StderrCopier::start(
            stderr.expect("stderr is piped"),
            stderr_file,
            Arc::clone(&self.stderr_budget),
        );
        let memory = MemoryWatcher::start(tree.view());
        let status = self.wait_for_exit(&mut tree, &memory, started, limit);
        let elapsed = started.elapsed();
        // The call is over: whatever the player left running goes with it.
        tree.kill();
        stderr.wait_closed(EXIT_GRACE);
        self.last_stderr = Some(stderr.last_lines(1)).filter(|line| !line.is_empty());
        self.peak = self.peak.max(memory.peak());
        drop(memory);
        if self.peak > self.memory_cap {
            return Err(Failure::Memory(self.peak));
        }
        let Some(status) = status else {
            return Err(Failure::Timeout(limit.as_millis() as u64));
        };
        let mut content = String::new();
        if let Some(kind) = not_a_file(&reply_path) {
            return Err(Failure::NotAFile(format!(
                "left {reply_file} as {kind}, not a file"
            )));
        }
        match File::open(&reply_path) {
            Ok(file) => {
                file.take(MAX_LINE_BYTES as u64 + 1)
                    .read_to_string(&mut content)
                    .map_err(|e| {
                        Failure::Exited(format!("exited ({status}), {reply_file} unreadable: {e}"))
                    })?;
            }
            Err(_) if !self.replied && is_start_status(status) => {
                // It ran in its own folder: a relative path that worked where the user typed
                // it may not work there.
                return Err(Failure::CannotStart(StartFailure {
                    how: format!(
                        "exited ({status}) without writing {reply_file}, run in its folder {}",
                        self.dir.display()
                    ),
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
        let ids = self.team_id.as_ref().map(|(id, link)| {
            given.extend(link.as_ref().map(|link| link.name.as_str()));
            (id.as_str(), self.other_id.as_deref().unwrap_or(""))
        });
        let own = count_own_files(&self.dir, &given, ids);
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

    /// Lays out the player's folder for a call: the call's input `files` written read-only
    /// (whatever stands at their names removed first: a file, a link, a FIFO, a directory), the
    /// link to its program laid anew, the old reply removed; returns the reply's path. A failure
    /// is [`Failure::Layout`]: whoever damaged the folder is to blame.
    fn lay_out(&self, files: &[(String, String)], reply_file: &str) -> Result<PathBuf, Failure> {
        let layout_failure = |doing: &str, path: &Path, e: io::Error| {
            Failure::Layout(FileError::new(doing, path, e).to_string())
        };
        for (name, content) in files {
            let path = self.dir.join(name);
            clear_path(&path).map_err(|e| layout_failure("clear the input", &path, e))?;
            write_new_file(&path, content.as_bytes())
                .map_err(|e| layout_failure("write the input", &path, e))?;
        }
        if let Some((_, Some(link))) = &self.team_id {
            link.lay_in(&self.dir)
                .map_err(|e| Failure::Layout(e.to_string()))?;
        }
        let reply_path = self.dir.join(reply_file);
        clear_path(&reply_path)
            .map_err(|e| layout_failure("remove the old reply", &reply_path, e))?;
        Ok(reply_path)
    }

    /// Waits for the call's main process to exit; `None` if the player passed the memory cap or
    /// `limit` first.
    fn wait_for_exit(
        &self,
        tree: &mut PlayerTree,
        memory: &MemoryWatcher,
        started: Instant,
        limit: Duration,
    ) -> Option<ExitStatus> {
        loop {
            if let Some(status) = tree.main_exit() {
                return Some(status);
            }
            let peak = memory.sample(tree.view());
            if peak > self.memory_cap || started.elapsed() >= limit {
                return None;
            }
            tree.main_exit_within(Duration::from_millis(2));
        }
    }

    /// Peak memory over all calls so far, in bytes.
    pub(crate) fn peak_memory(&self) -> u64 {
        self.peak
    }

    /// The last non-blank line of the player's stderr in its last call, if any.
    pub(crate) fn last_stderr_line(&self) -> Option<String> {
        self.last_stderr.clone()
    }
}

#[cfg(test)]
mod tests;
