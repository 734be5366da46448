//! Edits of the bundle's text: what a removal or a renaming writes.

/// Text `start..end` replaced by `text` (deleted, if empty).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Edit {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) text: String,
}

/// `src` with `edits` made. An edit inside another is dropped; a deletion that leaves its line
/// blank (or a comment alone) takes the line with it.
pub(crate) fn apply(src: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by(|a, b| a.start.cmp(&b.start).then(b.end.cmp(&a.end)));
    let mut merged: Vec<Edit> = Vec::new();
    for edit in edits {
        if let Some(last) = merged.last_mut() {
            if edit.end <= last.end {
                continue;
            }
            let between = &src[last.end.min(edit.start)..edit.start];
            if last.text.is_empty() && edit.text.is_empty() && between.trim().is_empty() {
                last.end = edit.end;
                continue;
            }
            if edit.start < last.end {
                continue;
            }
        }
        merged.push(edit);
    }
    let mut out = String::with_capacity(src.len());
    let mut at = 0;
    for mut edit in merged {
        if edit.text.is_empty() {
            let line_start = src[..edit.start].rfind('\n').map_or(0, |p| p + 1);
            let line_end = src[edit.end..]
                .find('\n')
                .map_or(src.len(), |p| edit.end + p + 1);
            let after = src[edit.end..line_end].trim();
            if line_start >= at
                && src[line_start..edit.start].trim().is_empty()
                && (after.is_empty() || after.starts_with("//"))
            {
                edit.start = line_start;
                edit.end = line_end;
            }
        }
        let start = edit.start.max(at);
        out.push_str(&src[at..start]);
        out.push_str(&edit.text);
        at = edit.end.max(start);
    }
    out.push_str(&src[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deletions_take_their_blank_lines_with_them() {
        let src = "a;\nfn x(){}\nb;fn y(){}c;\n";
        let cut = |word: &str, len: usize| {
            let start = src.find(word).unwrap();
            Edit {
                start,
                end: start + len,
                text: String::new(),
            }
        };
        assert_eq!(apply(src, vec![cut("fn x", 8)]), "a;\nb;fn y(){}c;\n");
        assert_eq!(
            apply(src, vec![cut("fn y", 8), cut("fn x", 8)]),
            "a;\nb;c;\n"
        );
    }
}
