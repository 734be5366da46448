//! The docs quote the game crates' default move times for the reader (the crate docs beside a
//! link to the constant, the games manual in prose): each quote must equal its constant in
//! `src/params.rs`, so that changing a default stays a change of one line that the tests follow.

use std::time::Duration;

use test_support::docs::{assert_quoted, section};

const GAMES: [&str; 5] = ["connect4", "frostfire", "kaboom", "krieg", "yavalath"];

/// Where `docs/games.md` quotes a constant: the game's section, the words on the quote's line
/// (or the next), and the constant.
const MANUAL_QUOTES: [(&str, &str, &str); 6] = [
    (
        "## Krieg (`krieg-bot`)",
        "per move by default",
        "DEFAULT_MOVETIME",
    ),
    (
        "## Frostfire (`frostfire-bot`)",
        "per move by default",
        "DEFAULT_MOVETIME",
    ),
    (
        "## Ka-Boom (`kaboom-bot`)",
        "per move by default",
        "DEFAULT_MOVETIME",
    ),
    (
        "## Yavalath (`yavalath-bot`)",
        "ms on its first",
        "FIRST_MOVETIME",
    ),
    (
        "## Yavalath (`yavalath-bot`)",
        "(`--movetime` sets the later turns)",
        "DEFAULT_MOVETIME",
    ),
    (
        "## Power Connect 4 (`connect4-bot`)",
        "per call by default",
        "DEFAULT_MOVETIME",
    ),
];

fn read(path: &str) -> String {
    let path = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The `Duration` constants of a crate's `src/params.rs` written with `from_millis`.
fn duration_params(game: &str) -> Vec<(String, Duration)> {
    read(&format!("{game}-bot/src/params.rs"))
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("pub const ")?;
            let (name, rest) = rest.split_once(": Duration = Duration::from_millis(")?;
            let millis = rest.strip_suffix(");")?.parse().ok()?;
            Some((name.to_string(), Duration::from_millis(millis)))
        })
        .collect()
}

#[test]
fn every_default_move_time_is_a_duration_in_params() {
    for game in GAMES {
        let params = duration_params(game);
        assert!(
            params.iter().any(|(name, _)| name == "DEFAULT_MOVETIME"),
            "{game}: {params:?}"
        );
    }
}

#[test]
fn the_crate_docs_quote_each_move_time_beside_its_link() {
    for game in GAMES {
        let crate_docs = read(&format!("{game}-bot/src/lib.rs"));
        for (name, value) in duration_params(game) {
            if name.ends_with("MOVETIME") {
                assert_quoted(&crate_docs, &format!("[`params::{name}`]"), value);
            }
        }
    }
}

#[test]
fn the_games_manual_quotes_each_default_as_its_constant() {
    let manual = read("docs/games.md");
    for (heading, anchor, name) in MANUAL_QUOTES {
        let game = GAMES
            .iter()
            .find(|g| heading.contains(&format!("`{g}-bot`")))
            .unwrap();
        let value = duration_params(game)
            .into_iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("{game}: no {name}"))
            .1;
        assert_quoted(section(&manual, heading), anchor, value);
    }
}
