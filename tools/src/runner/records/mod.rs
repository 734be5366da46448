//! What the runner writes and reads back: game records ([`record`]), the rows of `--results`
//! ([`results`]), the rules of its own files ([`files`]), a record replayed through the rules
//! ([`replay`]) and `lines`, the lines a player lost read back from record folders ([`lines`]).

pub(crate) mod files;
pub(crate) mod lines;
pub(crate) mod record;
pub(crate) mod replay;
pub(crate) mod results;
