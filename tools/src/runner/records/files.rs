//! The runner's own files: every input read only if it is a file of a sane size, every output
//! checked before the first game and kept apart from the inputs and the other outputs, and
//! every I/O error named by its file and what was being done with it.
//!
//! [`check_writable`] and [`check_writable_dir`] leave nothing behind: a file or folder made for
//! the check is removed again, so that a match refused before its first game leaves the disk as
//! it found it. `read_input` is the one way the tools read a file they are given (a record, an
//! openings file, a results file, a league's files): a FIFO, a device or a socket is refused
//! before it is opened (opening a FIFO waits for a writer, a device reads without end), and so
//! is a file over `MAX_INPUT_BYTES`. `check_apart` compares every path a command reads and
//! writes, after resolving links, so that no output overwrites an input or another output.

use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, Read as _};
use std::os::unix::fs::{FileTypeExt as _, MetadataExt as _};
use std::path::{Component, Path, PathBuf};

use crate::runner::records::record::record_folder_game;
use crate::runner::text::{megabytes, quote};

/// An I/O error with the file it concerns and what the runner was doing with it:
/// `cannot write the replay page /no/such/dir/match.html: No such file or directory`.
#[derive(Debug)]
pub(crate) struct FileError {
    /// What was being done, as a verb and its object: `write the replay page`.
    pub(crate) doing: String,
    /// The file or folder.
    pub(crate) path: PathBuf,
    /// What went wrong.
    pub(crate) error: io::Error,
}

impl FileError {
    /// The error of doing `doing` with `path`.
    pub(crate) fn new(doing: &str, path: &Path, error: io::Error) -> FileError {
        FileError {
            doing: doing.to_string(),
            path: path.to_path_buf(),
            error,
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot {} {}: {}",
            self.doing,
            self.path.display(),
            io_reason(&self.error)
        )
    }
}

impl std::error::Error for FileError {}

/// The reason of an I/O error without the ` (os error N)` that std appends to it.
pub(crate) fn io_reason(error: &io::Error) -> String {
    let text = error.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_string(),
        _ => text,
    }
}

/// A closure for `map_err` that names `path` and what was being done with it.
pub(crate) fn naming<'a>(
    doing: &'a str,
    path: &'a Path,
) -> impl FnOnce(io::Error) -> FileError + 'a {
    move |error| FileError::new(doing, path, error)
}

/// The most bytes the tools read from one file they are given: far more than a record (a few
/// KB), an openings file or a results file (about 150 bytes a game: well over a million games)
/// holds, and little enough to read whole.
pub(crate) const MAX_INPUT_BYTES: u64 = 256 << 20;

/// What a path is when it is not a regular file, for a refusal: `a FIFO (named pipe)`.
fn not_a_file(file_type: fs::FileType) -> Option<&'static str> {
    if file_type.is_file() {
        None
    } else if file_type.is_dir() {
        Some("a folder")
    } else if file_type.is_fifo() {
        Some("a FIFO (named pipe)")
    } else if file_type.is_char_device() {
        Some("a character device")
    } else if file_type.is_block_device() {
        Some("a block device")
    } else if file_type.is_socket() {
        Some("a socket")
    } else {
        Some("something")
    }
}

/// Why a file of `metadata` is not read: its kind, when it is not a regular file, or its size.
fn input_refusal(metadata: &fs::Metadata) -> Option<io::Error> {
    if let Some(kind) = not_a_file(metadata.file_type()) {
        let why = format!("{kind}, not a regular file");
        return Some(io::Error::new(io::ErrorKind::InvalidInput, why));
    }
    too_large(metadata.len())
}

/// The refusal of an input of `bytes` bytes, if it is over [`MAX_INPUT_BYTES`].
fn too_large(bytes: u64) -> Option<io::Error> {
    (bytes > MAX_INPUT_BYTES).then(|| {
        let why = format!(
            "{} ({bytes} bytes), over the {} the referee reads from one file",
            megabytes(bytes),
            megabytes(MAX_INPUT_BYTES)
        );
        io::Error::new(io::ErrorKind::InvalidData, why)
    })
}

/// Reads the file `path` whole (`what` names it in the error: `the record`), as the tools read
/// every file they are given: only a regular file (or a link to one) is opened; a FIFO, a
/// device, a socket or a folder is refused by its kind before it is opened (opening a FIFO
/// waits for a writer, a device reads without end), and a file over [`MAX_INPUT_BYTES`] by its
/// size, also one that grows past it while it is read.
pub(crate) fn read_input(path: &Path, what: &str) -> Result<Vec<u8>, FileError> {
    let doing = format!("read {what}");
    let fail = |error: io::Error| FileError::new(&doing, path, error);
    let metadata = fs::metadata(path).map_err(fail)?;
    if let Some(error) = input_refusal(&metadata) {
        return Err(fail(error));
    }
    let file = fs::File::open(path).map_err(fail)?;
    // Checked again on the file opened, should the path have been replaced meanwhile.
    if let Some(error) = input_refusal(&file.metadata().map_err(fail)?) {
        return Err(fail(error));
    }
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(fail)?;
    match too_large(bytes.len() as u64) {
        Some(error) => Err(fail(error)),
        None => Ok(bytes),
    }
}

/// [`read_input`] of a text file: its bytes must be UTF-8.
pub(crate) fn read_input_text(path: &Path, what: &str) -> Result<String, FileError> {
    String::from_utf8(read_input(path, what)?).map_err(|_| {
        let error = io::Error::new(
            io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        );
        FileError::new(&format!("read {what}"), path, error)
    })
}

/// How every page the runner writes starts ([`crate::runner::pages::head`]).
const PAGE_START: &[u8] = b"<!DOCTYPE html>";

/// Checks that a page written at `path` (`what` names it: `the replay page`) replaces nothing but
/// a page: a file already there must be empty or start as the runner's pages start. What is not
/// a file is left to [`check_writable`].
pub(crate) fn check_page_target(path: &Path, what: &str) -> Result<(), FileError> {
    let doing = format!("write {what}");
    match fs::metadata(path) {
        Ok(metadata) if metadata.is_file() && metadata.len() > 0 => {}
        _ => return Ok(()),
    }
    let mut start = Vec::new();
    fs::File::open(path)
        .and_then(|file| file.take(64).read_to_end(&mut start))
        .map_err(naming(&doing, path))?;
    if start.starts_with(PAGE_START) {
        return Ok(());
    }
    let text = String::from_utf8_lossy(&start);
    let why = format!(
        "the file there is not a page (it starts {}), and a page replaces only a page",
        quote(text.lines().next().unwrap_or(""))
    );
    let error = io::Error::new(io::ErrorKind::InvalidInput, why);
    Err(FileError::new(&doing, path, error))
}

/// How a command uses a path, for [`check_apart`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Use {
    /// A file it reads.
    Read,
    /// A folder whose files it reads (a league's results and records).
    ReadFolder,
    /// A file it writes.
    Write,
    /// A folder it writes its records in: the folder, and in it every name of a record, a
    /// player's stderr or a player's folder ([`record_folder_game`]).
    WriteRecords,
}

impl Use {
    fn writes(self) -> bool {
        matches!(self, Use::Write | Use::WriteRecords)
    }
}

/// A path a command uses, named as the command gives it: `--html` and `match.html`.
#[derive(Clone, Debug)]
pub(crate) struct Place {
    /// What the path is: an option (`--html`) or a description (`the record`).
    pub(crate) name: String,
    pub(crate) path: PathBuf,
    pub(crate) usage: Use,
}

impl Place {
    /// `path`, used as `usage` and named `name`.
    pub(crate) fn new(name: impl Into<String>, path: &Path, usage: Use) -> Place {
        Place {
            name: name.into(),
            path: path.to_path_buf(),
            usage,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.name, self.path.display())
    }
}

/// `path` as the file system finds it: its canonical form (every link resolved) if it exists,
/// else that of its deepest existing folder with the rest of the path after it.
fn resolved(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut rest = Vec::new();
    let mut base = absolute.as_path();
    loop {
        if let Ok(canonical) = fs::canonicalize(base) {
            return rest
                .iter()
                .rev()
                .fold(canonical, |path, name| path.join(name));
        }
        match (base.parent(), base.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name);
                base = parent;
            }
            _ => return absolute,
        }
    }
}

/// True when `a` and `b`, resolved, are one path, or two links (hard or symbolic) to one file.
fn same_path(a: &Path, b: &Path, resolved_a: &Path, resolved_b: &Path) -> bool {
    if resolved_a == resolved_b {
        return true;
    }
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Checks that no output of a command lands on an input or another output: every two `places`
/// of which one is written are compared, after resolving links (a path that does not exist yet
/// by its deepest existing folder). Refused: two places that are one path (or one file by two
/// links); a place under a file written; a place in a folder read whole, when written; and,
/// in a record folder, a place among the names the runner writes there. The error names both
/// places.
pub(crate) fn check_apart(places: &[Place]) -> Result<(), String> {
    let resolved: Vec<PathBuf> = places.iter().map(|place| resolved(&place.path)).collect();
    for (i, a) in places.iter().enumerate() {
        for (j, b) in places.iter().enumerate() {
            if i == j || !(a.usage.writes() || b.usage.writes()) {
                continue;
            }
            let clash = if i < j && same_path(&a.path, &b.path, &resolved[i], &resolved[j]) {
                Some(format!("{a} and {b} name the same path"))
            } else {
                resolved[j]
                    .strip_prefix(&resolved[i])
                    .ok()
                    .and_then(|inside| inside.components().next())
                    .and_then(|first| inside_clash(a, b, first))
            };
            if let Some(clash) = clash {
                return Err(format!(
                    "{clash}: give each output a path of its own, apart from every input and \
                     other output"
                ));
            }
        }
    }
    Ok(())
}

/// Why `b`, in the folder of `a` (its first name there `first`), may not be there, if it may
/// not.
fn inside_clash(a: &Place, b: &Place, first: Component<'_>) -> Option<String> {
    match a.usage {
        Use::WriteRecords => {
            let name = first.as_os_str().to_str()?;
            record_folder_game(name).map(|_| format!("{b} is among the records of {a}"))
        }
        Use::ReadFolder => Some(format!("{b} lies in {a}, whose files are read")),
        // A folder given for a file is refused by what it is when written or read.
        Use::Write | Use::Read if a.path.is_dir() => None,
        Use::Write | Use::Read => Some(format!("{b} lies under {a}, a file")),
    }
}

/// Checks that the file `path` can be written (`what` names it in the error: `the replay page`)
/// without changing it: an existing file is opened for appending and left as it was; a missing
/// one is created and removed again. A folder, a missing parent folder or a read-only place is
/// refused.
pub(crate) fn check_writable(path: &Path, what: &str) -> Result<(), FileError> {
    let doing = format!("write {what}");
    if path.as_os_str().is_empty() {
        let error = io::Error::new(io::ErrorKind::InvalidInput, "an empty file name");
        return Err(FileError::new(&doing, path, error));
    }
    if let Some(kind) = fs::metadata(path)
        .ok()
        .filter(|metadata| !metadata.is_dir())
        .and_then(|metadata| not_a_file(metadata.file_type()))
    {
        // Opening a FIFO to write waits for a reader; a device takes the output and keeps none.
        let error = io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{kind}, not a regular file"),
        );
        return Err(FileError::new(&doing, path, error));
    }
    if fs::symlink_metadata(path).is_ok() {
        return OpenOptions::new()
            .append(true)
            .open(path)
            .map(drop)
            .map_err(naming(&doing, path));
    }
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(naming(&doing, path))?;
    fs::remove_file(path).map_err(naming(&format!("remove the test file for {what}"), path))
}

/// Checks that files can be written in the folder `dir` (`what` names it: `the record
/// folder`), without leaving anything behind: a missing folder is made with its missing parents,
/// a test file written in it, and all of them removed again.
pub(crate) fn check_writable_dir(dir: &Path, what: &str) -> Result<(), FileError> {
    let make = format!("make {what}");
    if dir.as_os_str().is_empty() {
        let error = io::Error::new(io::ErrorKind::InvalidInput, "an empty folder name");
        return Err(FileError::new(&make, dir, error));
    }
    // The folders this check makes, deepest last, to be removed again.
    let mut made: Vec<PathBuf> = Vec::new();
    let mut missing = dir;
    while fs::symlink_metadata(missing).is_err() {
        made.push(missing.to_path_buf());
        match missing.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => missing = parent,
            _ => break,
        }
    }
    made.reverse();
    let checked = (|| {
        for folder in &made {
            fs::create_dir(folder)
                .map_err(|error| FileError::new(&make, dir, made_in(error, folder)))?;
        }
        let probe = dir.join(format!(".referee-write-test-{}", std::process::id()));
        let doing = format!("write in {what}");
        OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&probe)
            .map_err(|error| FileError::new(&doing, dir, made_in(error, &probe)))?;
        fs::remove_file(&probe).map_err(naming(&doing, &probe))
    })();
    for folder in made.iter().rev() {
        let _ = fs::remove_dir(folder);
    }
    checked
}

/// The true reason of `error`, met making `made`: a file system that makes no new file (`/proc`,
/// `/sys`) answers "No such file or directory" in a folder that exists.
fn made_in(error: io::Error, made: &Path) -> io::Error {
    let folder = made.parent().filter(|folder| folder.is_dir());
    match folder {
        Some(folder) if error.kind() == io::ErrorKind::NotFound => {
            let system = file_system_of(folder).map_or(String::new(), |kind| format!(" ({kind})"));
            io::Error::other(format!(
                "{} exists, but its file system{system} makes no new file or folder in it",
                folder.display()
            ))
        }
        _ => error,
    }
}

/// The type of the file system that holds `path` (`proc`), from the mount table.
fn file_system_of(path: &Path) -> Option<String> {
    let path = fs::canonicalize(path).ok()?;
    let table = fs::read_to_string("/proc/self/mountinfo").ok()?;
    let mut best: Option<(usize, String)> = None;
    for line in table.lines() {
        // `id parent major:minor root mount-point options [optional...] - type source ...`
        let fields: Vec<&str> = line.split(' ').collect();
        let (Some(mount), Some(dash)) = (fields.get(4), fields.iter().position(|f| *f == "-"))
        else {
            continue;
        };
        let (mount, Some(kind)) = (PathBuf::from(unescape_mount(mount)), fields.get(dash + 1))
        else {
            continue;
        };
        let depth = mount.components().count();
        // The deepest mount point over the path; of two on one point, the later.
        if path.starts_with(&mount) && best.as_ref().is_none_or(|(deepest, _)| depth >= *deepest) {
            best = Some((depth, kind.to_string()));
        }
    }
    best.map(|(_, kind)| kind)
}

/// A mount point as the mount table writes it, its space, tab, newline and backslash as octal
/// escapes (`\040`), read back.
fn unescape_mount(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let code = rest
            .get(at + 1..at + 4)
            .and_then(|d| u8::from_str_radix(d, 8).ok());
        match code {
            Some(byte) => {
                out.push(char::from(byte));
                rest = &rest[at + 4..];
            }
            None => {
                out.push('\\');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The message of a check that must fail.
    fn failure(check: Result<(), FileError>) -> String {
        check.unwrap_err().to_string()
    }

    /// A new empty folder for a test, below the system's temporary folder; `name`, unique among
    /// the runner's tests, keeps tests that run at once apart.
    pub(crate) fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("referee-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_writable_file_is_left_as_it_was_and_a_new_one_is_not_left_behind() {
        let dir = scratch("files-kept");
        let kept = dir.join("kept.csv");
        fs::write(&kept, "old\n").unwrap();
        check_writable(&kept, "the results file").unwrap();
        assert_eq!(fs::read_to_string(&kept).unwrap(), "old\n");
        let new = dir.join("new.html");
        check_writable(&new, "the replay page").unwrap();
        assert!(!new.exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_unwritable_file_is_named_with_what_it_is_and_why() {
        let dir = scratch("files-bad");
        let missing = dir.join("no/such/dir/match.html");
        let message = failure(check_writable(&missing, "the replay page"));
        assert_eq!(
            message,
            format!(
                "cannot write the replay page {}: No such file or directory",
                missing.display()
            )
        );
        let message = failure(check_writable(&dir, "the results file"));
        assert!(message.ends_with(": Is a directory"), "{message}");
        fs::write(dir.join("plain"), "").unwrap();
        let under_a_file = dir.join("plain/out.csv");
        let message = failure(check_writable(&under_a_file, "the results file"));
        assert!(message.ends_with(": Not a directory"), "{message}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_is_checked_without_leaving_it_or_its_parents_behind() {
        let dir = scratch("files-dir");
        let deep = dir.join("a/b/c");
        check_writable_dir(&deep, "the record folder").unwrap();
        assert!(!dir.join("a").exists());
        check_writable_dir(&dir, "the record folder").unwrap();
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
        fs::write(dir.join("plain"), "").unwrap();
        let message = failure(check_writable_dir(
            &dir.join("plain/records"),
            "the record folder",
        ));
        assert!(
            message.starts_with("cannot make the record folder ")
                && message.ends_with("plain/records: Not a directory"),
            "{message}"
        );
        let message = failure(check_writable_dir(&dir.join("plain"), "the record folder"));
        assert!(message.ends_with(": Not a directory"), "{message}");
        let _ = fs::remove_dir_all(&dir);
    }

    /// `f` run on a thread of its own, given at most ten seconds: a regression that opens a
    /// FIFO waits for a writer for ever, and fails the test instead of hanging it.
    pub(crate) fn within_ten_seconds<T: Send + 'static>(
        f: impl FnOnce() -> T + Send + 'static,
    ) -> T {
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || sender.send(f()));
        receiver
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("done within ten seconds, not blocked")
    }

    /// A FIFO (named pipe) made by `mkfifo` at `path`.
    pub(crate) fn fifo(path: &Path) {
        let made = std::process::Command::new("mkfifo").arg(path).status();
        assert!(made.is_ok_and(|status| status.success()), "mkfifo {path:?}");
    }

    #[test]
    fn only_regular_files_of_a_sane_size_are_read() {
        let dir = scratch("files-inputs");
        let text = dir.join("openings.txt");
        fs::write(&text, "1, 2\n").unwrap();
        assert_eq!(
            read_input_text(&text, "the openings file").unwrap(),
            "1, 2\n"
        );
        let pipe = dir.join("pipe");
        fifo(&pipe);
        let big = dir.join("big.csv");
        fs::File::create(&big)
            .unwrap()
            .set_len(MAX_INPUT_BYTES + 1)
            .unwrap();
        let cases = [
            (
                pipe.clone(),
                "a FIFO (named pipe), not a regular file".to_string(),
            ),
            (
                PathBuf::from("/dev/zero"),
                "a character device, not a regular file".to_string(),
            ),
            (dir.clone(), "a folder, not a regular file".to_string()),
            (
                big.clone(),
                format!(
                    "256.0MB ({} bytes), over the 256.0MB the referee reads from one file",
                    MAX_INPUT_BYTES + 1
                ),
            ),
        ];
        for (path, why) in cases {
            let shown = path.clone();
            let message =
                within_ten_seconds(move || failure(read_input(&path, "the record").map(drop)));
            assert_eq!(
                message,
                format!("cannot read the record {}: {why}", shown.display())
            );
        }
        // Outputs too: writing to a FIFO waits for a reader.
        let message =
            within_ten_seconds(move || failure(check_writable(&pipe, "the results file")));
        assert!(
            message.ends_with(": a FIFO (named pipe), not a regular file"),
            "{message}"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_that_makes_no_file_says_so() {
        // /proc answers "No such file or directory" to a new file in a folder that exists.
        let message = failure(check_writable_dir(Path::new("/proc"), "the record folder"));
        assert!(
            message.starts_with("cannot write in the record folder /proc: "),
            "{message}"
        );
        assert!(!message.contains("No such file"), "{message}");
        if !message.ends_with("Permission denied") {
            assert!(
                message.ends_with(
                    ": /proc exists, but its file system (proc) makes no new file or folder in it"
                ),
                "{message}"
            );
        }
        let message = failure(check_writable_dir(
            Path::new("/proc/records"),
            "the record folder",
        ));
        assert!(!message.contains("No such file"), "{message}");
        assert_eq!(unescape_mount("/mnt/a\\040b\\134"), "/mnt/a b\\");
    }

    #[test]
    fn outputs_are_kept_apart_from_inputs_and_from_each_other() {
        let dir = scratch("files-apart");
        let place = |name: &str, path: PathBuf, usage| Place::new(name, &path, usage);
        let kept = dir.join("kept.csv");
        fs::write(&kept, "rows\n").unwrap();
        std::os::unix::fs::symlink(&kept, dir.join("link.csv")).unwrap();
        fs::hard_link(&kept, dir.join("hard.csv")).unwrap();
        std::os::unix::fs::symlink(&dir, dir.join("here")).unwrap();
        let records = dir.join("records");
        let refused = |places: &[Place]| check_apart(places).unwrap_err();
        // The same file: by name, by a link (symbolic or hard), through a linked folder, and a
        // file not written yet compared by its folder.
        for other in ["kept.csv", "link.csv", "hard.csv", "here/kept.csv"] {
            let message = refused(&[
                place("--results", kept.clone(), Use::Write),
                place("--html", dir.join(other), Use::Write),
            ]);
            assert!(
                message.starts_with(&format!(
                    "--results {} and --html {} name the same path: ",
                    kept.display(),
                    dir.join(other).display()
                )),
                "{message}"
            );
        }
        let new = dir.join("new.html");
        let message = refused(&[
            place("the record", new.clone(), Use::Read),
            place("--html", dir.join("here/new.html"), Use::Write),
        ]);
        assert!(
            message.contains(" name the same path: give each output"),
            "{message}"
        );
        // The names the runner writes in a record folder, and the folder itself.
        for inside in ["game-1.txt", "game-2-p1.stderr", "game-3-p2/board.txt"] {
            let message = refused(&[
                place("--record-dir", records.clone(), Use::WriteRecords),
                place("--html", records.join(inside), Use::Write),
            ]);
            assert!(
                message.contains(" is among the records of --record-dir "),
                "{message}"
            );
        }
        let message = refused(&[
            place("--record-dir", records.clone(), Use::WriteRecords),
            place("--html", records.clone(), Use::Write),
        ]);
        assert!(message.contains(" name the same path"), "{message}");
        let message = refused(&[
            place("--html", dir.join("page"), Use::Write),
            place("--record-dir", dir.join("page/records"), Use::WriteRecords),
        ]);
        assert!(message.contains(" lies under --html "), "{message}");
        let message = refused(&[
            place("the league's results", dir.clone(), Use::ReadFolder),
            place("--html", dir.join("run.csv"), Use::Write),
        ]);
        assert!(
            message.contains(" lies in the league's results "),
            "{message}"
        );
        // Apart: other names in a record folder, inputs among themselves, different files.
        check_apart(&[
            place("--record-dir", records.clone(), Use::WriteRecords),
            place("--results", records.join("results.csv"), Use::Write),
            place("--html", dir.join("page.html"), Use::Write),
            place("--openings", kept.clone(), Use::Read),
            place("the record", kept.clone(), Use::Read),
        ])
        .unwrap();
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_os_error_number_is_left_out() {
        let error = io::Error::from_raw_os_error(2);
        assert_eq!(io_reason(&error), "No such file or directory");
        let custom = io::Error::other("disk on fire");
        assert_eq!(io_reason(&custom), "disk on fire");
    }
}
