//! Every HTML page of the runner, in one place with one page head ([`head`]) and one style
//! sheet (`page.css`): self-contained files (no network, no external script, style or font).
//!
//! - [`replay_page`]: the replay page of a match or of records (`--html`, `view`), every game
//!   drawn ply by ply from its record replayed through the rules ([`crate::runner::records::replay`]);
//! - [`league_page`]: a league's page (`league DIR show --html`), its ratings drawn with their
//!   intervals, how they moved from run to run, the crosstable and every game by run.
//!
//! A game is drawn by its [`Drawing`](crate::runner::game::Drawing): an SVG picture of each
//! position.

use std::fmt::Write as _;

pub(crate) mod league_page;
pub(crate) mod replay_page;

/// The style sheet of every page.
const STYLE: &str = include_str!("page.css");

/// The colours of the players on a page, in the order of its summary (then again).
pub(crate) const PLAYER_COLOURS: [&str; 8] = [
    "#0f766e", "#c2410c", "#7c3aed", "#be185d", "#4d7c0f", "#0369a1", "#a16207", "#4b5563",
];

/// The colour of the player at `index` of a page's summary.
pub(crate) fn player_colour(index: usize) -> &'static str {
    PLAYER_COLOURS[index % PLAYER_COLOURS.len()]
}

/// The colour of each of `names`, as an index of [`PLAYER_COLOURS`], drawn from the name alone:
/// a hash of the name picks a colour, and when an earlier name of `names` holds it, the next
/// free one in the palette's order; past as many names as colours, the hashed one. So a player
/// keeps its colour whatever its games and its rank, and when players are added after it.
pub(crate) fn name_colours(names: &[String]) -> Vec<usize> {
    let count = PLAYER_COLOURS.len();
    let mut taken = vec![false; count];
    names
        .iter()
        .map(|name| {
            let hashed = (name_hash(name) % count as u64) as usize;
            let slot = (0..count)
                .map(|k| (hashed + k) % count)
                .find(|&slot| !taken[slot])
                .unwrap_or(hashed);
            taken[slot] = true;
            slot
        })
        .collect()
}

/// FNV-1a of `name`'s bytes, mixed by SplitMix64's finaliser (FNV's low bits depend only on the
/// low bits of each byte, so that `v1` and `v9` would share them): the same on every machine
/// and in every version.
fn name_hash(name: &str) -> u64 {
    let mut z = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The head of every page, up to its `<h1>`: `title` escaped, the style sheet, and `extra_style`
/// (a page's own rules, such as the players' colours).
pub(crate) fn head(title: &str, extra_style: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{0}</title>\n<style>{STYLE}{extra_style}</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
        escape(title)
    )
}

/// The style rules that colour the players of a page: `.player-K` for the player at index `K`
/// (a swatch, a game won), for `count` players.
pub(crate) fn player_style(count: usize) -> String {
    let mut style = String::new();
    for index in 0..count {
        let colour = player_colour(index);
        let _ = writeln!(
            style,
            ".swatch.player-{index} {{ background: {colour}; }} \
             nav.games a.player-{index} {{ border-bottom-color: {colour}; }}"
        );
    }
    style
}

/// `&`, `<`, `>` and quotes escaped, for text and attribute values.
pub(crate) fn escape(text: &str) -> String {
    crate::runner::text::map_chars(text, |out, c| match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&#39;"),
        c if c.is_control() => out.push('\u{FFFD}'),
        c => out.push(c),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(names: &[&str]) -> Vec<String> {
        names.iter().map(|name| name.to_string()).collect()
    }

    #[test]
    fn a_players_colour_comes_from_its_name_and_the_names_before_it_alone() {
        let field = names(&["ours", "greedy", "random", "v1", "v9", "f168f1f"]);
        let colours = name_colours(&field);
        // The same names, the same colours; each a colour of its own.
        assert_eq!(name_colours(&field), colours);
        let mut distinct = colours.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), field.len(), "{colours:?}");
        // A player added keeps every earlier one's colour; each player's own colour is the one
        // its name picks when no earlier name holds it.
        let mut more = field.clone();
        more.push("ours-v7".into());
        assert_eq!(name_colours(&more)[..field.len()], colours[..]);
        for (i, name) in field.iter().enumerate() {
            let alone = name_colours(std::slice::from_ref(name))[0];
            if !colours[..i].contains(&alone) {
                assert_eq!(colours[i], alone, "{name}");
            }
        }
        // Names that differ in a character's high bits only ('1' and '9') are spread too: the
        // versions v0 to v9 alone take six of the eight colours.
        assert_ne!(name_colours(&names(&["v1"])), name_colours(&names(&["v9"])));
        let mut alone: Vec<usize> = (0..10)
            .map(|k| name_colours(&[format!("v{k}")])[0])
            .collect();
        alone.sort_unstable();
        alone.dedup();
        assert_eq!(alone.len(), 6, "{alone:?}");
        // Past the palette, colours repeat, every one used.
        let many: Vec<String> = (0..20).map(|k| format!("p{k}")).collect();
        let colours = name_colours(&many);
        for slot in 0..PLAYER_COLOURS.len() {
            assert!(
                colours[..PLAYER_COLOURS.len()].contains(&slot),
                "{colours:?}"
            );
        }
    }
}
