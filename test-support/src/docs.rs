//! The docs quote a few constants (a default move time, say) for the reader: these checks keep
//! each quote equal to its constant, so that the constant stays the one place to change.

use std::time::Duration;

/// The part of a Markdown `text` from the line `heading` to the next heading of its level or
/// higher. Panics if `text` has no such line.
pub fn section<'a>(text: &'a str, heading: &str) -> &'a str {
    let hashes = |line: &str| line.chars().take_while(|&c| c == '#').count();
    let level = hashes(heading);
    let ends_it = |line: &str| {
        let n = hashes(line);
        (1..=level).contains(&n) && line[n..].starts_with(' ')
    };
    let (mut offset, mut start) = (0, None);
    for line in text.split_inclusive('\n') {
        let bare = line.trim_end_matches('\n');
        match start {
            None if bare == heading => start = Some(offset),
            Some(from) if ends_it(bare) => return &text[from..offset],
            _ => {}
        }
        offset += line.len();
    }
    let from = start.unwrap_or_else(|| panic!("no heading {heading:?}"));
    &text[from..]
}

/// How the docs may write `value`: `1300 ms` or `1.3 s`.
pub fn quotes(value: Duration) -> [String; 2] {
    [
        format!("{} ms", value.as_millis()),
        format!("{} s", value.as_secs_f64()),
    ]
}

/// Panics unless `anchor` stands in `text` and, at each place, the two lines that end with it
/// quote `value` (see [`quotes`]).
pub fn assert_quoted(text: &str, anchor: &str, value: Duration) {
    let places: Vec<usize> = text.match_indices(anchor).map(|(at, _)| at).collect();
    assert!(!places.is_empty(), "no {anchor:?} in the text");
    for at in places {
        let line_end = text[at..].find('\n').map_or(text.len(), |n| at + n);
        let window_start = text[..at]
            .rmatch_indices('\n')
            .nth(1)
            .map_or(0, |(n, _)| n + 1);
        let window = &text[window_start..line_end];
        assert!(
            quotes(value).iter().any(|q| window.contains(q.as_str())),
            "{anchor:?} should come with {value:?} as {:?}: {window:?}",
            quotes(value)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANUAL: &str = "# Games\n\n## One\nIt thinks 1.2 s per move by default.\n\n\
        ### Detail\nmore\n## Two\nIt thinks 1300 ms per move by default.\n";

    #[test]
    fn a_section_runs_to_the_next_heading_of_its_level_or_higher() {
        let one = section(MANUAL, "## One");
        assert!(one.starts_with("## One\n") && one.contains("### Detail\nmore\n"));
        assert!(!one.contains("Two"));
        assert!(section(MANUAL, "## Two").ends_with("by default.\n"));
        assert_eq!(section(MANUAL, "# Games"), MANUAL);
    }

    #[test]
    fn a_quote_must_match_its_constant() {
        let one = section(MANUAL, "## One");
        assert_quoted(one, "per move by default", Duration::from_millis(1200));
        let two = section(MANUAL, "## Two");
        assert_quoted(two, "per move by default", Duration::from_millis(1300));
        let wrong = std::panic::catch_unwind(|| {
            assert_quoted(two, "per move by default", Duration::from_millis(1200))
        });
        assert!(wrong.is_err());
        let absent = std::panic::catch_unwind(|| {
            assert_quoted(one, "per call", Duration::from_millis(1200))
        });
        assert!(absent.is_err());
    }
}
