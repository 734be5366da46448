//! Bot-side protocol I/O: forgiving on input, exact on output, bounded whatever arrives.
//!
//! A referee may send CRLF line ends, spaces around or inside a line, blank lines, or a UTF-8
//! byte-order mark (U+FEFF, the bytes EF BB BF; a judge on Windows may write one at the start of
//! its output, or of each line); none of that must cost a game. [`LineReader::next_line`] hands
//! out each non-blank line trimmed, with runs of white space inside it folded to one space (a
//! byte-order mark anywhere in a line counts as white space), and `None` at end of input, which
//! a bot treats as "the game is over": it exits quietly with status 0. [`reply`] prints one line
//! and flushes it, since a reply sitting in a buffer is a timeout.
//!
//! A protocol line is a few dozen bytes. A line longer than [`MAX_LINE_BYTES`] is read to its end
//! without being kept (memory stays bounded whatever arrives), logged by its length and first
//! bytes, and handed out as those first bytes followed by [`OVERLONG_MARKER`], a character no
//! protocol accepts, so that the bot treats it as any malformed line.
//!
//! Every log line goes through [`log`] (or [`warn`] for a problem), in one style for all bots:
//! `<bot>: <message>` or `<bot>: warning: <message>`, with input quoted by [`quote`] (control
//! bytes escaped, long lines cut). A bot never waits on its log: the lines go to a thread of
//! their own that writes them on stderr, through a queue of [`LOG_QUEUE_LINES`] lines. A judge
//! that never reads stderr fills its pipe (64 KB on Linux) within a long game; then the queue
//! fills and further lines are dropped, and counted, instead of blocking a reply. A bot starts
//! that thread when it starts to play ([`start_log_thread`]) and calls [`finish_log`] when it
//! stops, so that what is queued gets written.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// The longest line a bot keeps; the rest of a longer one is discarded.
pub const MAX_LINE_BYTES: usize = 1024;

/// Appended to the first bytes of an over-long line, so that no parser accepts it.
pub const OVERLONG_MARKER: char = '\u{FFFD}';

/// The most characters of a quoted line that a log shows.
pub const MAX_QUOTED_CHARS: usize = 80;

/// Reads protocol lines from any buffered source (standard input in the bots, a byte slice in
/// tests).
pub struct LineReader<R> {
    source: R,
    buffer: Vec<u8>,
}

impl LineReader<io::StdinLock<'static>> {
    /// A reader over this process's standard input.
    pub fn stdin() -> Self {
        LineReader::new(io::stdin().lock())
    }
}

impl<R: BufRead> LineReader<R> {
    /// A reader over `source`.
    pub fn new(source: R) -> Self {
        LineReader {
            source,
            buffer: Vec::with_capacity(MAX_LINE_BYTES),
        }
    }

    /// The next non-blank line, normalised (see [`normalize_line`]), or `None` at end of input.
    /// A read error counts as end of input: the referee is gone and there is nobody to answer.
    /// Bytes that are not UTF-8 are replaced, so that the parser reports them as a bad line; an
    /// over-long line comes back as its first bytes and [`OVERLONG_MARKER`].
    pub fn next_line(&mut self) -> Option<String> {
        loop {
            let (length, ended) = self.read_bounded_line()?;
            if length == 0 && !ended {
                return None;
            }
            let mut line = normalize_line(&String::from_utf8_lossy(&self.buffer));
            if length > MAX_LINE_BYTES {
                warn(&format!(
                    "cut an input line of {length} bytes to its first {MAX_LINE_BYTES}: {}",
                    quote(&line)
                ));
                line.push(OVERLONG_MARKER);
            }
            if !line.is_empty() {
                return Some(line);
            }
        }
    }

    /// Reads up to and including the next `\n` into `buffer`, keeping at most [`MAX_LINE_BYTES`]
    /// bytes. Returns the line's whole length (without `\n`) and whether a `\n` ended it, or
    /// `None` on a read error.
    fn read_bounded_line(&mut self) -> Option<(usize, bool)> {
        self.buffer.clear();
        let mut length = 0;
        loop {
            let available = match self.source.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => return None,
            };
            if available.is_empty() {
                return Some((length, false));
            }
            let (chunk, ended) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], true),
                None => (available, false),
            };
            let room = MAX_LINE_BYTES.saturating_sub(self.buffer.len());
            self.buffer
                .extend_from_slice(&chunk[..chunk.len().min(room)]);
            length += chunk.len();
            let consumed = chunk.len() + usize::from(ended);
            self.source.consume(consumed);
            if ended {
                return Some((length, true));
            }
        }
    }
}

/// Trims a line (CR and any other white space included) and folds every run of white space inside
/// it to a single space. A byte-order mark (U+FEFF) counts as white space wherever it is: a
/// judge may write one before its first line, or before every line.
pub fn normalize_line(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for word in line.replace('\u{FEFF}', " ").split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// `line` as a log shows it: in single quotes, control characters escaped, at most
/// [`MAX_QUOTED_CHARS`] characters and then `...`.
pub fn quote(line: &str) -> String {
    let mut out = String::from("'");
    for (i, c) in line.chars().enumerate() {
        if i == MAX_QUOTED_CHARS {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out.push('\'');
    out
}

/// Prints `line` and a newline on standard output and flushes. If standard output is closed the
/// referee has ended the game (or the reader of a bot's other output has gone, `bot --help | head
/// -1`); the bot exits quietly with status 0. Everything a bot prints on stdout goes through
/// here, so that no write to a closed stdout panics.
pub fn reply(line: &str) {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if writeln!(out, "{line}").and_then(|_| out.flush()).is_err() {
        std::process::exit(0);
    }
}

static BOT_NAME: OnceLock<&'static str> = OnceLock::new();

/// Names the bot in every log line (`<bot>: ...`); the first call wins.
pub fn set_bot_name(name: &'static str) {
    let _ = BOT_NAME.set(name);
}

/// Lines that may wait for the log thread; more are dropped, and counted.
pub const LOG_QUEUE_LINES: usize = 512;

/// How long [`finish_log`] waits for the log thread to write what is queued: a blocked stderr
/// must not keep the bot from exiting.
pub const LOG_FLUSH_WAIT: Duration = Duration::from_millis(100);

/// The log thread's end of things: the queue of lines, the signal that it wrote them all, and
/// the lines dropped since the last one that got through.
struct LogThread {
    queue: Mutex<Option<SyncSender<String>>>,
    finished: Mutex<Option<Receiver<()>>>,
    dropped: Arc<AtomicU32>,
}

impl LogThread {
    /// Starts a thread that writes every queued line to `sink`, one write per line, and after
    /// a line, how many were dropped while it could not write; `None` when no thread can start.
    fn start(mut sink: Box<dyn Write + Send>) -> Option<LogThread> {
        let (queue, lines) = sync_channel::<String>(LOG_QUEUE_LINES);
        let (done, finished) = sync_channel::<()>(1);
        let dropped = Arc::new(AtomicU32::new(0));
        let counted = Arc::clone(&dropped);
        std::thread::Builder::new()
            .name("log".to_string())
            .spawn(move || {
                // Errors are ignored: logging must never cost a game.
                let mut write = |line: &str| {
                    let _ = sink.write_all(line.as_bytes()).and_then(|_| sink.flush());
                };
                for line in lines {
                    write(&line);
                    let lost = counted.swap(0, Ordering::Relaxed);
                    if lost > 0 {
                        let name = BOT_NAME.get().copied().unwrap_or("bot");
                        write(&format!(
                            "{name}: warning: {lost} log lines dropped (stderr was not read)\n"
                        ));
                    }
                }
                let _ = done.send(());
            })
            .ok()?;
        Some(LogThread {
            queue: Mutex::new(Some(queue)),
            finished: Mutex::new(Some(finished)),
            dropped,
        })
    }

    /// Queues `line` without waiting; `Err(line)` once the thread is finished.
    fn send(&self, line: String) -> Result<(), String> {
        let queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        let Some(queue) = queue.as_ref() else {
            return Err(line);
        };
        match queue.try_send(line) {
            Ok(()) => Ok(()),
            Err(TrySendError::Full(_)) => {
                self.dropped.fetch_add(1, Ordering::Relaxed);
                Ok(())
            }
            Err(TrySendError::Disconnected(line)) => Err(line),
        }
    }

    /// Closes the queue and waits at most `wait` for the thread to write what it holds.
    fn finish(&self, wait: Duration) {
        drop(self.queue.lock().unwrap_or_else(|e| e.into_inner()).take());
        let finished = self
            .finished
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        if let Some(finished) = finished {
            let _ = finished.recv_timeout(wait);
        }
    }
}

static LOG_THREAD: OnceLock<Option<LogThread>> = OnceLock::new();

/// The process's log thread, if [`start_log_thread`] started one.
fn log_thread() -> Option<&'static LogThread> {
    LOG_THREAD.get().and_then(Option::as_ref)
}

/// From now on, [`log`] hands its lines to a thread of their own; a bot calls it when it starts
/// to play (a subcommand such as `bench` or `solve` writes its lines at once). Without threads,
/// lines are still written at once.
pub fn start_log_thread() {
    LOG_THREAD.get_or_init(|| LogThread::start(Box::new(io::stderr())));
}

/// Writes a diagnostic line on standard error (never standard output, which carries only moves),
/// as `<bot>: <message>`: from the log thread once one is started (the caller never waits), else
/// at once. Errors are ignored: logging must never cost a game.
pub fn log(message: &str) {
    let name = BOT_NAME.get().copied().unwrap_or("bot");
    // One write per line: stderr is unbuffered, and a line in pieces costs a system call each.
    let line = format!("{name}: {message}\n");
    let unsent = match log_thread() {
        Some(thread) => thread.send(line),
        None => Err(line),
    };
    if let Err(line) = unsent {
        let _ = io::stderr().lock().write_all(line.as_bytes());
    }
}

/// Lets the log thread write what is queued, waiting at most [`LOG_FLUSH_WAIT`]; every bot calls
/// it when it stops playing. Later lines are written at once.
pub fn finish_log() {
    if let Some(thread) = log_thread() {
        thread.finish(LOG_FLUSH_WAIT);
    }
}

/// Logs a problem the bot noticed and worked around, as `<bot>: warning: <message>`.
pub fn warn(message: &str) {
    log(&format!("warning: {message}"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;
    use std::time::Instant;

    /// A stderr whose reader has gone away: every write waits until `open` is sent.
    struct BlockedSink {
        open: Receiver<()>,
        opened: bool,
        written: Arc<Mutex<Vec<u8>>>,
    }

    impl Write for BlockedSink {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            if !self.opened {
                let _ = self.open.recv();
                self.opened = true;
            }
            self.written.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_blocked_stderr_never_holds_up_the_logger_and_drops_are_counted() {
        let (open, opened) = channel();
        let written = Arc::new(Mutex::new(Vec::new()));
        let sink = BlockedSink {
            open: opened,
            opened: false,
            written: Arc::clone(&written),
        };
        let thread = LogThread::start(Box::new(sink)).expect("a thread");
        let lines = 4 * LOG_QUEUE_LINES;
        let started = Instant::now();
        for i in 0..lines {
            thread
                .send(format!("line {i}\n"))
                .expect("queued or dropped");
        }
        // Generous: the point is that no send waited for the blocked sink (which waits forever).
        assert!(started.elapsed() < Duration::from_secs(5));
        assert!(
            thread.dropped.load(Ordering::Relaxed) > 0,
            "nothing was dropped"
        );
        open.send(()).unwrap();
        thread.finish(Duration::from_secs(10));
        let text = String::from_utf8(written.lock().unwrap().clone()).unwrap();
        assert!(text.starts_with("line 0\nbot: warning: "), "{text}");
        let dropped: usize = text
            .lines()
            .filter_map(|l| l.strip_prefix("bot: warning: "))
            .map(|l| l.split(' ').next().unwrap().parse::<usize>().unwrap())
            .sum();
        let kept = text.lines().filter(|l| l.starts_with("line ")).count();
        assert_eq!(kept + dropped, lines, "{text}");
        assert_eq!(thread.send("late\n".to_string()), Err("late\n".to_string()));
    }
}
