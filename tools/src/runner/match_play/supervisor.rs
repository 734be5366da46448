//! A player's processes as one tree that the referee owns.
//!
//! Every player runs under two small processes of the referee's own, forked before the player's
//! program is executed:
//!
//! ```text
//! referee ─ supervisor ─ init ─ sh -c COMMAND ─ (whatever the player starts)
//! ```
//!
//! - The **supervisor** is the child the referee spawned. Where the machine allows it, it makes a
//!   new PID namespace (and mount namespace) for the player; it stays outside it and waits.
//! - The **init** is process 1 of that namespace: every process the player starts, also one that
//!   changes its group or session or whose parent exits, is its descendant, and when it dies the
//!   kernel kills every process of the namespace. It reports the exit status of the player's
//!   main process through a pipe the moment that process exits, then reaps until it is killed.
//!   Inside the namespace the player sees only its own processes (a `/proc` of its own) and
//!   cannot signal or trace the referee, its opponent, or anything else outside.
//! - Where no namespace can be made (no privilege, no user namespaces), the supervisor is a
//!   *child subreaper* and plays the init's part itself: orphans are still reparented into the
//!   tree, which the referee kills whole, but a player can then see and signal every process of
//!   the referee's user; [`isolation`] says which, and the runner warns once.
//!
//! The supervisor and the init are not the player: they are left out of its memory and of the
//! processes that may hold its output ([`TreeView::player_processes`]).
//!
//! Both live between `fork` and `exec`, where only async-signal-safe calls are allowed: they call
//! the kernel directly through `libc` (no allocation, no lock). That is the `unsafe` of this
//! module, each block with its reason.

use std::fs::File;
use std::io::{self, Read};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::thread;
use std::time::{Duration, Instant};

/// How a player is kept apart from the rest of the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Isolation {
    /// A PID and mount namespace of its own (as root, or in a user namespace of its own).
    Namespace { user_namespace: bool },
    /// Only a child subreaper: its processes are kept and killed, but it can see and signal the
    /// referee's other processes.
    Subreaper,
}

/// Set this variable (to anything) to run players without namespaces, as on a machine that
/// allows none: for testing the fallback.
pub(crate) const NO_NAMESPACE_VARIABLE: &str = "REFEREE_NO_NAMESPACE";

/// The isolation every player of this process gets, found once by starting `true` with it.
pub(crate) fn isolation() -> Isolation {
    static FOUND: OnceLock<(Isolation, Option<String>)> = OnceLock::new();
    let (found, why) = FOUND.get_or_init(probe);
    static WARNED: OnceLock<()> = OnceLock::new();
    if let Some(why) = why {
        WARNED.get_or_init(|| {
            eprintln!(
                "warning: players run without a process namespace of their own ({why}): their \
                 processes are still kept and killed with them, but a player can see and signal \
                 the referee and its opponent (see docs/runner.md)"
            )
        });
    }
    *found
}

/// Tries a namespace as root, then in a user namespace; the reason none could be made, if so.
fn probe() -> (Isolation, Option<String>) {
    if std::env::var_os(NO_NAMESPACE_VARIABLE).is_some() {
        return (Isolation::Subreaper, None);
    }
    // SAFETY: `geteuid` has no preconditions and cannot fail.
    let root = unsafe { libc::geteuid() } == 0;
    let tries: &[Isolation] = if root {
        &[
            Isolation::Namespace {
                user_namespace: false,
            },
            Isolation::Namespace {
                user_namespace: true,
            },
        ]
    } else {
        &[Isolation::Namespace {
            user_namespace: true,
        }]
    };
    let mut why = String::from("no namespace tried");
    for &isolation in tries {
        let started = spawn_with(
            isolation,
            "true",
            None,
            [Stdio::null(), Stdio::null(), Stdio::null()],
        );
        match started {
            Ok(mut tree) => {
                let status = tree.main_exit_within(Duration::from_secs(5));
                tree.kill();
                if status.is_some_and(|s| s.success()) {
                    return (isolation, None);
                }
                why = "a player in a namespace did not run".to_string();
            }
            Err(error) => why = format!("unshare: {error}"),
        }
    }
    (Isolation::Subreaper, Some(why))
}

/// A player's running tree: the supervisor the referee spawned, and the pipe on which the main
/// process's exit status arrives.
pub(crate) struct PlayerTree {
    supervisor: Child,
    status_pipe: File,
    main_status: Option<ExitStatus>,
    /// How many levels above the player are the referee's (supervisor, init).
    our_levels: usize,
    killed: bool,
}

/// Starts `sh -c script` as a player, in `dir` if given, with `stdio` as its standard input,
/// output and error.
pub(crate) fn spawn(script: &str, dir: Option<&Path>, stdio: [Stdio; 3]) -> io::Result<PlayerTree> {
    spawn_with(isolation(), script, dir, stdio)
}

fn spawn_with(
    isolation: Isolation,
    script: &str,
    dir: Option<&Path>,
    stdio: [Stdio; 3],
) -> io::Result<PlayerTree> {
    let (status_read, status_write) = status_pipe()?;
    let write_fd = status_write.as_raw_fd();
    let [stdin, stdout, stderr] = stdio;
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(script)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(stderr)
        .process_group(0);
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let maps = IdMaps::of_this_process();
    let referee = std::process::id() as libc::pid_t;
    // SAFETY: the closure runs in the forked child before `exec`; `supervise` makes only
    // async-signal-safe system calls and allocates nothing (its strings are made here, before
    // the fork), as `pre_exec` requires.
    unsafe {
        command.pre_exec(move || supervise(isolation, write_fd, &maps, referee));
    }
    let supervisor = command.spawn()?;
    drop(status_write);
    Ok(PlayerTree {
        supervisor,
        status_pipe: status_read,
        main_status: None,
        our_levels: match isolation {
            Isolation::Namespace { .. } => 2,
            Isolation::Subreaper => 1,
        },
        killed: false,
    })
}

/// A pipe for the main process's exit status: the read end non-blocking, both ends closed on
/// `exec` (the player never holds it).
fn status_pipe() -> io::Result<(File, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: `fds` is a valid array of two ints for `pipe2` to fill.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just made by `pipe2` and are owned by nothing else.
    let (read, write) = unsafe { (File::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    // SAFETY: `fcntl` on a descriptor we own; a failure leaves it blocking, which `read_status`
    // only calls after `poll` says it is readable.
    unsafe {
        let flags = libc::fcntl(read.as_raw_fd(), libc::F_GETFL);
        libc::fcntl(read.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
    Ok((read, write))
}

/// The lines written to `/proc/self/{setgroups,uid_map,gid_map}` in a user namespace: the
/// player keeps its own user and group ids.
struct IdMaps {
    uid_map: Vec<u8>,
    gid_map: Vec<u8>,
}

impl IdMaps {
    fn of_this_process() -> IdMaps {
        // SAFETY: `getuid` and `getgid` have no preconditions and cannot fail.
        let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
        IdMaps {
            uid_map: format!("{uid} {uid} 1\n").into_bytes(),
            gid_map: format!("{gid} {gid} 1\n").into_bytes(),
        }
    }
}

/// The last OS error as an `io::Error`, without allocating.
fn os_error() -> io::Error {
    io::Error::last_os_error()
}

/// True when the last system call was interrupted by a signal (reads `errno`, no allocation).
fn interrupted() -> bool {
    io::Error::last_os_error().raw_os_error() == Some(libc::EINTR)
}

/// Writes `bytes` to the file `path`; async-signal-safe.
fn write_proc_file(path: &std::ffi::CStr, bytes: &[u8]) -> io::Result<()> {
    // SAFETY: `path` is NUL-terminated; `open`, `write` and `close` are async-signal-safe.
    unsafe {
        let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return Err(os_error());
        }
        let written = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
        libc::close(fd);
        if written != bytes.len() as isize {
            return Err(os_error());
        }
    }
    Ok(())
}

/// The supervisor's part, in the child between `fork` and `exec`. Returns (and so lets the
/// `exec` happen) only in the player's process; the supervisor and the init never return.
fn supervise(
    isolation: Isolation,
    status_fd: i32,
    maps: &IdMaps,
    referee: libc::pid_t,
) -> io::Result<()> {
    // SAFETY (whole function): every call is a plain system call, async-signal-safe, on
    // descriptors and memory this process owns; nothing allocates or takes a lock.
    unsafe {
        // The tree dies with the referee's thread that started it (which ends the player before
        // it ends itself), and with the referee, however it ends.
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        if libc::getppid() != referee {
            libc::_exit(126);
        }
        if let Isolation::Namespace { user_namespace } = isolation {
            let mut flags = libc::CLONE_NEWPID | libc::CLONE_NEWNS;
            if user_namespace {
                flags |= libc::CLONE_NEWUSER;
            }
            if libc::unshare(flags) != 0 {
                return Err(os_error());
            }
            if user_namespace {
                // Without `deny`, an unprivileged process may not write its gid map.
                let _ = write_proc_file(c"/proc/self/setgroups", b"deny");
                write_proc_file(c"/proc/self/uid_map", &maps.uid_map)?;
                write_proc_file(c"/proc/self/gid_map", &maps.gid_map)?;
            }
            // The player's `/proc` (mounted by its init) must not show outside this namespace.
            libc::mount(
                std::ptr::null(),
                c"/".as_ptr(),
                std::ptr::null(),
                libc::MS_REC | libc::MS_PRIVATE,
                std::ptr::null(),
            );
        } else {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
        // Every descriptor but the player's standard ones and the status pipe goes: among them
        // the referee's pipe that tells `spawn` the exec happened (it now returns), and other
        // players' pipes, which this never-exec'ing process must not hold open.
        close_from(3, status_fd);
        let Isolation::Namespace { .. } = isolation else {
            // No namespace: this process is the init (a subreaper) itself.
            return start_player_or_reap(status_fd);
        };
        let alive = ParentAlive::new();
        let init = libc::fork();
        if init < 0 {
            libc::_exit(126);
        }
        if init == 0 {
            // Process 1 of the new namespace: killed when the supervisor dies, and the kernel
            // then kills the whole namespace.
            alive.die_with_parent();
            libc::mount(
                c"proc".as_ptr(),
                c"/proc".as_ptr(),
                c"proc".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                std::ptr::null(),
            );
            return start_player_or_reap(status_fd);
        }
        alive.keep_for_life();
        release_standard_descriptors();
        libc::close(status_fd);
        let mut status = 0;
        while libc::waitpid(init, &mut status, 0) < 0 && interrupted() {}
        libc::_exit(0);
    }
}

/// A pipe that tells a forked child whether its parent is still alive: only the parent holds
/// its write end, so the child reads end of file once the parent is gone. A child that sets
/// `PR_SET_PDEATHSIG` after `fork` is not signalled if its parent died before the call; it
/// looks at the pipe afterwards, and so never outlives its parent unnoticed (a referee killed
/// while a game's processes were being forked). Its methods are plain system calls on
/// descriptors the process owns, async-signal-safe, as the code between `fork` and `exec` needs.
struct ParentAlive {
    read: i32,
    write: i32,
}

impl ParentAlive {
    /// The pipe, made before `fork` (closed on `exec`, so no player inherits it); without one
    /// (out of descriptors), the child relies on `PR_SET_PDEATHSIG` alone.
    unsafe fn new() -> ParentAlive {
        let mut fds = [-1; 2];
        if libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) != 0 {
            fds = [-1; 2];
        }
        ParentAlive {
            read: fds[0],
            write: fds[1],
        }
    }

    /// In the child: dies by `SIGKILL` when the parent dies, and at once if it already has.
    unsafe fn die_with_parent(&self) {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        if self.write >= 0 {
            libc::close(self.write);
        }
        if self.read >= 0 {
            let mut poll = libc::pollfd {
                fd: self.read,
                events: libc::POLLIN,
                revents: 0,
            };
            // Only the parent holds the write end now: readable or hung up means it is gone.
            if libc::poll(&mut poll, 1, 0) != 0 {
                libc::_exit(126);
            }
        }
    }

    /// In the parent: keeps the write end open until it dies, and closes the read end.
    unsafe fn keep_for_life(&self) {
        if self.read >= 0 {
            libc::close(self.read);
        }
    }
}

/// Closes every descriptor from `low` up, but `keep`.
unsafe fn close_from(low: i32, keep: i32) {
    let close_range = |first: u32, last: u32| {
        libc::syscall(libc::SYS_close_range, first, last, 0) == 0 || {
            for fd in first..=last.min(4096) {
                libc::close(fd as i32);
            }
            true
        }
    };
    if keep >= low {
        if keep > low {
            close_range(low as u32, keep as u32 - 1);
        }
        close_range(keep as u32 + 1, u32::MAX);
    } else {
        close_range(low as u32, u32::MAX);
    }
}

/// Closes the player's standard descriptors in a process of the referee's, so that only the
/// player holds its pipes (its output ends when the player's processes are gone).
unsafe fn release_standard_descriptors() {
    for fd in 0..3 {
        libc::close(fd);
    }
}

/// In the init (or the subreaper supervisor): forks the player's process, which returns to
/// `exec` the player's command; this process reports the player's exit status on `status_fd`
/// and reaps every orphan until it has no child left, then exits.
unsafe fn start_player_or_reap(status_fd: i32) -> io::Result<()> {
    let alive = ParentAlive::new();
    let player = libc::fork();
    if player < 0 {
        libc::_exit(126);
    }
    if player == 0 {
        libc::close(status_fd);
        // The player dies with its init, even where no namespace does it.
        alive.die_with_parent();
        // The referee's signal handlers are not the player's: back to the default.
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT] {
            libc::signal(signal, libc::SIG_DFL);
        }
        return Ok(());
    }
    alive.keep_for_life();
    release_standard_descriptors();
    let mut reported = false;
    loop {
        let mut status = 0;
        let pid = libc::waitpid(-1, &mut status, 0);
        if pid < 0 {
            if interrupted() {
                continue;
            }
            libc::_exit(0); // no child left
        }
        if pid == player && !reported {
            let bytes = status.to_ne_bytes();
            libc::write(status_fd, bytes.as_ptr().cast(), bytes.len());
            reported = true;
        }
    }
}

/// Where a player's processes are, for the threads that watch them: the root of its tree and how
/// many levels of it are the referee's.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeView {
    root: u32,
    our_levels: usize,
}

impl TreeView {
    /// The player's processes (its main process and every descendant, the referee's own
    /// supervisor and init left out), at most [`MAX_TREE`].
    pub(crate) fn player_processes(self) -> Vec<u32> {
        process_tree(self.root)
            .into_iter()
            .filter(|&(_, depth)| depth >= self.our_levels)
            .map(|(pid, _)| pid)
            .collect()
    }
}

impl PlayerTree {
    /// The supervisor's process id: the root of the tree.
    pub(crate) fn id(&self) -> u32 {
        self.supervisor.id()
    }

    /// Where the player's processes are.
    pub(crate) fn view(&self) -> TreeView {
        TreeView {
            root: self.id(),
            our_levels: self.our_levels,
        }
    }

    /// The pipes to the player's standard input, output and error, where they were piped.
    pub(crate) fn take_stdio(
        &mut self,
    ) -> (Option<ChildStdin>, Option<ChildStdout>, Option<ChildStderr>) {
        (
            self.supervisor.stdin.take(),
            self.supervisor.stdout.take(),
            self.supervisor.stderr.take(),
        )
    }

    /// The exit status of the player's main process if it has exited, waiting at most `limit`.
    pub(crate) fn main_exit_within(&mut self, limit: Duration) -> Option<ExitStatus> {
        let start = Instant::now();
        loop {
            if let Some(status) = self.main_exit() {
                return Some(status);
            }
            let waited = start.elapsed();
            if waited >= limit {
                return None;
            }
            poll_readable(
                &self.status_pipe,
                (limit - waited).min(Duration::from_millis(50)),
            );
        }
    }

    /// The exit status of the player's main process if it has exited by now.
    pub(crate) fn main_exit(&mut self) -> Option<ExitStatus> {
        if self.main_status.is_none() {
            let mut bytes = [0u8; 4];
            if let Ok(4) = self.status_pipe.read(&mut bytes) {
                self.main_status = Some(ExitStatus::from_raw(i32::from_ne_bytes(bytes)));
            }
        }
        self.main_status
    }

    /// Kills every process of the tree, the supervisor last (while it lives, orphans stay in
    /// the tree), and waits for the supervisor.
    pub(crate) fn kill(&mut self) {
        if self.killed {
            return;
        }
        let start = Instant::now();
        loop {
            let alive: Vec<u32> = process_tree(self.id())
                .into_iter()
                .filter(|&(pid, depth)| depth > 0 && !is_zombie(pid))
                .map(|(pid, _)| pid)
                .collect();
            if alive.is_empty() || start.elapsed() > Duration::from_secs(2) {
                break;
            }
            for pid in alive {
                send_kill(pid);
            }
            thread::sleep(Duration::from_millis(1));
        }
        let _ = self.supervisor.kill();
        let _ = self.supervisor.wait();
        self.killed = true;
    }
}

impl Drop for PlayerTree {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Waits until `file` is readable or `limit` passes.
fn poll_readable(file: &File, limit: Duration) {
    let mut poll = libc::pollfd {
        fd: file.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    let ms = limit.as_millis().clamp(1, i32::MAX as u128) as i32;
    // SAFETY: `poll` gets one valid `pollfd` for a descriptor we own.
    unsafe {
        libc::poll(&mut poll, 1, ms);
    }
    if poll.revents & (libc::POLLHUP | libc::POLLERR) != 0 && poll.revents & libc::POLLIN == 0 {
        // The writer is gone without a status (the tree was killed): nothing more will come.
        thread::sleep(limit.min(Duration::from_millis(2)));
    }
}

/// Sends SIGKILL to `pid`.
fn send_kill(pid: u32) {
    // SAFETY: `kill` has no memory preconditions; a pid that is gone gives ESRCH, ignored.
    unsafe {
        libc::kill(pid as libc::pid_t, libc::SIGKILL);
    }
}

/// True for a process that has exited but is not reaped yet (or is gone).
fn is_zombie(pid: u32) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let state = stat
        .rsplit(')')
        .next()
        .and_then(|rest| rest.split_whitespace().next());
    state.is_none_or(|state| state == "Z" || state == "X")
}

/// The most processes of a tree the referee looks at: more is a fork bomb, which the kill takes
/// care of level by level.
pub(crate) const MAX_TREE: usize = 4096;

/// `root` and its descendants with their depth below `root` (at most [`MAX_TREE`]), every
/// thread's children included (a multi-threaded program's children hang under the thread that
/// forked them).
pub(crate) fn process_tree(root: u32) -> Vec<(u32, usize)> {
    let mut tree = Vec::new();
    let mut pending = vec![(root, 0)];
    while let Some((pid, depth)) = pending.pop() {
        if tree.len() >= MAX_TREE {
            break;
        }
        tree.push((pid, depth));
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            let path = task.path().join("children");
            if let Ok(children) = std::fs::read_to_string(path) {
                pending.extend(
                    children
                        .split_whitespace()
                        .filter_map(|c| c.parse::<u32>().ok())
                        .map(|child| (child, depth + 1)),
                );
            }
        }
    }
    tree
}
