//! `docs/vocabulary.md` checked against the code where it quotes it: each crate's time policy
//! and its solver's share of the time as `src/params.rs` has them, each tunable's name as a
//! constant or a declared tunable of the `params.rs` of each crate the table names, and no
//! table size written as a number in a `search.rs` or `engine.rs`. (The board's words are a trait, `common::game::Board`,
//! which the compiler holds.)

const GAMES: [&str; 5] = ["connect4", "frostfire", "kaboom", "krieg", "yavalath"];

/// The crates as the vocabulary names them in prose.
const PROSE_NAMES: [(&str, &str); 5] = [
    ("Frostfire", "frostfire"),
    ("Krieg", "krieg"),
    ("Ka-Boom", "kaboom"),
    ("Yavalath", "yavalath"),
    ("Power Connect 4", "connect4"),
];

fn read(path: &str) -> String {
    let path = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn vocabulary() -> String {
    read("docs/vocabulary.md")
}

fn params(game: &str) -> String {
    read(&format!("{game}-bot/src/params.rs"))
}

/// The value of `pub const NAME: T = VALUE;` in `source`, of the tunable declared
/// `NAME: T = VALUE, MIN..=MAX, step STEP;` in its `common::tunables!` block, or of a time share
/// given as `NAME = VALUE` in the block's `time_policy(...)` line, if it has one.
fn constant<'a>(source: &'a str, name: &str) -> Option<&'a str> {
    let head = format!("pub const {name}: ");
    let tunable = format!("{name}: ");
    let share = format!("{name} = ");
    source.lines().find_map(|line| {
        if let Some(rest) = line.strip_prefix(&head) {
            return rest.split_once(" = ")?.1.strip_suffix(';');
        }
        if let Some(shares) = line.trim().strip_prefix("time_policy(") {
            let (_, value) = shares.split_once(&share)?;
            return value.split([',', ')']).next();
        }
        let rest = line.strip_prefix("    ")?.strip_prefix(&tunable)?;
        let (_, value) = rest.split_once(" = ")?;
        value.strip_suffix(';')?.split(", ").next()
    })
}

/// The time policy's soft, extended and hard percent: `TIME_POLICY`'s, or those of the
/// `time_policy(...)` line of the `common::tunables!` block (its tunables `TIME_SOFT_PERCENT`
/// and `TIME_EXTENDED_PERCENT`, and the whole budget).
fn time_policy(game: &str, source: &str) -> Vec<u32> {
    if let Some(policy) = constant(source, "TIME_POLICY") {
        let percents = policy
            .strip_prefix("TimePolicy::new(")
            .and_then(|rest| rest.strip_suffix(')'))
            .unwrap_or_else(|| panic!("{game}: TIME_POLICY = {policy}"));
        return numbers(percents);
    }
    let share = |name| {
        let value = constant(source, name)
            .unwrap_or_else(|| panic!("{game}: neither TIME_POLICY nor time_policy({name} = ..)"));
        value.parse().unwrap()
    };
    vec![
        share("TIME_SOFT_PERCENT"),
        share("TIME_EXTENDED_PERCENT"),
        100,
    ]
}

/// The cells of the Markdown table row that begins `| first |`.
fn row(text: &str, first: &str) -> Vec<String> {
    let head = format!("| {first} |");
    let line = text
        .lines()
        .find(|line| line.starts_with(&head))
        .unwrap_or_else(|| panic!("no row {head:?}"));
    line.trim_matches('|')
        .split(" | ")
        .map(|cell| cell.trim().to_string())
        .collect()
}

/// The backquoted words of `text`.
fn quoted(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// The numbers of `text`, in order.
fn numbers(text: &str) -> Vec<u32> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|word| !word.is_empty())
        .map(|word| word.parse().unwrap())
        .collect()
}

#[test]
fn each_time_policy_is_quoted_as_params_has_it() {
    let doc = vocabulary();
    for game in GAMES {
        let cells = row(&doc, &format!("`{game}-bot`"));
        let source = params(game);
        assert_eq!(
            numbers(&cells[1])[..3],
            time_policy(game, &source)[..],
            "{game}: the vocabulary's time policy"
        );
    }
}

#[test]
fn each_solver_share_is_quoted_as_params_has_it() {
    let doc = vocabulary();
    let mut quotes = 0;
    for game in GAMES {
        let cells = row(&doc, &format!("`{game}-bot`"));
        let source = params(game);
        // Each "`NAME` = VALUE" of the solver's cell.
        for (at, _) in cells[2].match_indices("` = ") {
            let name = cells[2][..at].rsplit('`').next().unwrap();
            let value = cells[2][at + 4..]
                .split(|c: char| c.is_whitespace() || c == ',')
                .next()
                .unwrap();
            let actual = constant(&source, name).unwrap_or_else(|| panic!("{game}: no {name}"));
            assert_eq!(value, actual, "{game}: {name}");
            quotes += 1;
        }
    }
    assert!(quotes >= 5, "the solvers' quotes were not found");
}

/// The crates a cell of the tunables' table names: `all`, `all but ...`, or a list; `None` for
/// `each`. What stands in parentheses is a remark.
fn crates_named(cell: &str) -> Option<Vec<&'static str>> {
    let names = cell.split(" (").next().unwrap().trim();
    let mentioned = |text: &str| -> Vec<&'static str> {
        PROSE_NAMES
            .iter()
            .filter(|(prose, _)| text.contains(prose))
            .map(|&(_, game)| game)
            .collect()
    };
    match names {
        "each" => None,
        "all" => Some(GAMES.to_vec()),
        _ if names.starts_with("all but ") => {
            let left_out = mentioned(names);
            assert!(!left_out.is_empty(), "{cell}");
            Some(
                GAMES
                    .into_iter()
                    .filter(|g| !left_out.contains(g))
                    .collect(),
            )
        }
        _ => {
            let listed = mentioned(names);
            assert!(!listed.is_empty(), "no crate in {cell:?}");
            Some(listed)
        }
    }
}

#[test]
fn each_tunable_is_a_constant_of_the_params_of_each_crate_named() {
    let doc = vocabulary();
    let table = test_support::docs::section(&doc, "## The tunables (`src/params.rs`)");
    let mut checked = 0;
    for line in table.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").collect();
        let Some(games) = crates_named(cells[2].trim()) else {
            continue;
        };
        for word in quoted(cells[0]) {
            let name = word.split(':').next().unwrap();
            if name.contains('*') {
                continue;
            }
            for &game in &games {
                assert!(
                    constant(&params(game), name).is_some(),
                    "{game}: no {name} in params.rs"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 50, "only {checked} names checked");
}

/// The types whose `new` takes a table's size in bytes.
const TABLE_OWNERS: [&str; 5] = [
    "Searcher",
    "ProofSearch",
    "Solver",
    "Prover",
    "TranspositionTable",
];

#[test]
fn no_search_or_engine_sizes_a_table_with_a_number() {
    for game in GAMES {
        for file in ["search", "engine"] {
            let source = read(&format!("{game}-bot/src/{file}.rs"));
            for owner in TABLE_OWNERS {
                let call = format!("{owner}::new(");
                for (at, _) in source.match_indices(&call) {
                    let size = &source[at + call.len()..];
                    let size = &size[..size.find(')').unwrap_or(size.len())];
                    assert!(
                        !size.starts_with(|c: char| c.is_ascii_digit()),
                        "{game}-bot/src/{file}.rs: {owner}::new({size})"
                    );
                }
            }
        }
    }
}
