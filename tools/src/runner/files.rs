//! The runner's own files: every output checked before the first game, and every I/O error
//! named by its file and what was being done with it.
//!
//! [`check_writable`] and [`check_writable_dir`] leave nothing behind: a file or folder made for
//! the check is removed again, so that a match refused before its first game leaves the disk as
//! it found it.

use std::fmt;
use std::fs::{self, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

/// An I/O error with the file it concerns and what the runner was doing with it:
/// `cannot write the replay page /no/such/dir/match.html: No such file or directory`.
#[derive(Debug)]
pub struct FileError {
    /// What was being done, as a verb and its object: `write the replay page`.
    pub doing: String,
    /// The file or folder.
    pub path: PathBuf,
    /// What went wrong.
    pub error: io::Error,
}

impl FileError {
    /// The error of doing `doing` with `path`.
    pub fn new(doing: &str, path: &Path, error: io::Error) -> FileError {
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
pub fn io_reason(error: &io::Error) -> String {
    let text = error.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_string(),
        _ => text,
    }
}

/// A closure for `map_err` that names `path` and what was being done with it.
pub fn naming<'a>(doing: &'a str, path: &'a Path) -> impl FnOnce(io::Error) -> FileError + 'a {
    move |error| FileError::new(doing, path, error)
}

/// Checks that the file `path` can be written (`what` names it in the error: `the replay page`)
/// without changing it: an existing file is opened for appending and left as it was; a missing
/// one is created and removed again. A folder, a missing parent folder or a read-only place is
/// refused.
pub fn check_writable(path: &Path, what: &str) -> Result<(), FileError> {
    let doing = format!("write {what}");
    if path.as_os_str().is_empty() {
        let error = io::Error::new(io::ErrorKind::InvalidInput, "an empty file name");
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
pub fn check_writable_dir(dir: &Path, what: &str) -> Result<(), FileError> {
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
            fs::create_dir(folder).map_err(naming(&make, dir))?;
        }
        let probe = dir.join(format!(".referee-write-test-{}", std::process::id()));
        let doing = format!("write in {what}");
        OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&probe)
            .map_err(naming(&doing, dir))?;
        fs::remove_file(&probe).map_err(naming(&doing, &probe))
    })();
    for folder in made.iter().rev() {
        let _ = fs::remove_dir(folder);
    }
    checked
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

    #[test]
    fn the_os_error_number_is_left_out() {
        let error = io::Error::from_raw_os_error(2);
        assert_eq!(io_reason(&error), "No such file or directory");
        let custom = io::Error::other("disk on fire");
        assert_eq!(io_reason(&custom), "disk on fire");
    }
}
