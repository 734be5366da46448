//! Start positions: `--openings FILE` and `--random-openings N`, for games whose every input holds
//! the whole position ([`Game::STARTS_FROM_POSITION`]).
//!
//! An opening is a list of plies played by the rules before the players are first asked; both
//! games of a pair start from the same opening, with the seats swapped, so that the luck of the
//! opening cancels within the pair. The record writes each opening ply as `# opening: <seat>
//! <move>` before the players' plies, and the replay page shows them as the opening.
//!
//! An openings file holds one opening a line: the plies in the game's own notation (what a player
//! prints), separated by commas (`5 4, 5 4, 5 3`); `#` starts a comment to the end of the line,
//! and blank lines are skipped. Pair `k` (from 1) plays the opening of line `k − 1` modulo the
//! number of openings, so pair 1 plays the first. A random opening draws each ply uniformly among
//! the game's [`opening_moves`](Game::opening_moves), from a generator seeded by the pair's
//! seed; an opening in which the game ends is drawn again.

use std::fmt;

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use crate::runner::game::referee::Referee;
use crate::runner::game::{Game, Seat};
use crate::runner::match_play::schedule::Fixture;

/// What separates two plies on a line of an openings file (the games' moves hold spaces).
pub(crate) const PLY_SEPARATOR: char = ',';

/// Random openings drawn for one pair before the runner gives up (every one ended the game).
const MAX_DRAWS: u32 = 10_000;

/// Mixed into a pair's seed for its random opening, so that the opening's draws are not those of
/// a seeded player given the same `{seed}`.
const OPENING_SEED_MIX: u64 = 0x6f70_656e_696e_6773;

/// Where the games' openings come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Openings {
    /// The openings of a file, in order: pair `k` plays number `(k − 1) mod len`.
    List(Vec<Vec<String>>),
    /// This many random plies, drawn from the pair's seed.
    Random(u32),
}

/// An opening that cannot be used, or a game that cannot start from one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum OpeningError {
    /// The game's players follow it from its start (the stream games).
    Unsupported(&'static str),
    /// A line of an openings file that does not hold plies (line number, why).
    Syntax(usize, String),
    /// An openings file without any opening.
    Empty,
    /// An opening whose ply `ply` (from 1) is refused by the rules or ends the game.
    Unplayable {
        line: usize,
        ply: usize,
        why: String,
    },
    /// No random opening of this many plies (the first) leaves the game running: every draw
    /// ended the game, or found no move, by the ply given second.
    NoRandomOpening(u32, usize),
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningError::Unsupported(game) => write!(
                f,
                "{game} cannot start from a position: its players follow the game from its start \
                 (--openings and --random-openings need a game whose input holds the whole position)"
            ),
            OpeningError::Syntax(line, why) => write!(f, "openings line {line}: {why}"),
            OpeningError::Empty => write!(f, "the openings file holds no opening"),
            OpeningError::Unplayable { line, ply, why } => {
                write!(f, "openings line {line}, ply {ply}: {why}")
            }
            OpeningError::NoRandomOpening(n, reached) => write!(
                f,
                "--random-openings {n}: no opening of {n} random plies leaves the game running \
                 ({MAX_DRAWS} drawn, and the game ended, or had no move to draw, by ply \
                 {reached} in each)"
            ),
        }
    }
}

impl std::error::Error for OpeningError {}

/// Reads an openings file: `(line number, plies)` per opening, blank lines and comments skipped.
pub(crate) fn parse_openings(text: &str) -> Result<Vec<(usize, Vec<String>)>, OpeningError> {
    let mut openings = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut plies = Vec::new();
        for (i, ply) in line.split(PLY_SEPARATOR).enumerate() {
            let ply = ply.split_whitespace().collect::<Vec<_>>().join(" ");
            if ply.is_empty() {
                return Err(OpeningError::Syntax(
                    number,
                    format!(
                        "ply {} is empty (plies are separated by '{PLY_SEPARATOR}')",
                        i + 1
                    ),
                ));
            }
            plies.push(ply);
        }
        openings.push((number, plies));
    }
    if openings.is_empty() {
        return Err(OpeningError::Empty);
    }
    Ok(openings)
}

/// Plays `plies` from the start of a `G` game: the game after them, with the seat of each ply.
/// A ply the rules refuse, or one that ends the game, is an error (ply number from 1, why).
pub(crate) fn play_opening<G: Game>(
    plies: &[String],
) -> Result<(Referee<G>, Vec<Seat>), (usize, String)> {
    play_opening_from(Referee::new(), plies)
}

/// [`play_opening`] from `game` (a game at its start, set up as the match asks).
pub(crate) fn play_opening_from<G: Game>(
    mut game: Referee<G>,
    plies: &[String],
) -> Result<(Referee<G>, Vec<Seat>), (usize, String)> {
    let mut seats = Vec::with_capacity(plies.len());
    for (i, ply) in plies.iter().enumerate() {
        let seat = game.to_move();
        match game.play(ply) {
            Ok(None) => seats.push(seat),
            Ok(Some(end)) => {
                return Err((
                    i + 1,
                    format!(
                        "'{ply}' ends the game ({}): an opening must leave it running",
                        end.reason
                    ),
                ))
            }
            Err(fault) => return Err((i + 1, format!("'{ply}' by {seat}: {fault}"))),
        }
    }
    Ok((game, seats))
}

/// Reads and checks an openings file for `G`: every opening is played through the rules.
pub(crate) fn load_openings<G: Game>(text: &str) -> Result<Openings, OpeningError> {
    if !G::STARTS_FROM_POSITION {
        return Err(OpeningError::Unsupported(G::NAME));
    }
    let mut list = Vec::new();
    for (line, plies) in parse_openings(text)? {
        if let Err((ply, why)) = play_opening::<G>(&plies) {
            return Err(OpeningError::Unplayable { line, ply, why });
        }
        list.push(plies);
    }
    Ok(Openings::List(list))
}

/// `plies` random plies for `G` from `seed`: each drawn uniformly among the game's opening moves,
/// the whole opening drawn again when the game ends during it. What a draw costs is bounded by
/// the game, not by `plies`: a draw stops where the game ends or has no move to draw, so that a
/// number of plies no game of `G` lasts is refused after `MAX_DRAWS` short draws.
pub(crate) fn random_opening<G: Game>(plies: u32, seed: u64) -> Result<Vec<String>, OpeningError> {
    if !G::STARTS_FROM_POSITION {
        return Err(OpeningError::Unsupported(G::NAME));
    }
    let mut rng = SmallRng::seed_from_u64(seed ^ OPENING_SEED_MIX);
    // The furthest ply a draw reached before the game ended or had no move.
    let mut reached = 0;
    'draw: for _ in 0..MAX_DRAWS {
        let mut game = Referee::<G>::new();
        let mut opening = Vec::new();
        for _ in 0..plies {
            let moves = game.opening_moves();
            let Some(ply) = moves.choose(&mut rng) else {
                reached = reached.max(opening.len());
                continue 'draw;
            };
            match game.play(ply) {
                Ok(None) => opening.push(ply.clone()),
                _ => {
                    reached = reached.max(opening.len() + 1);
                    continue 'draw;
                }
            }
        }
        return Ok(opening);
    }
    Err(OpeningError::NoRandomOpening(plies, reached))
}

/// The opening of the games of `fixture`'s pair.
pub(crate) fn opening_for<G: Game>(
    openings: &Openings,
    fixture: &Fixture,
) -> Result<Vec<String>, OpeningError> {
    match openings {
        Openings::List(list) if list.is_empty() => Err(OpeningError::Empty),
        Openings::List(list) => {
            let index = (fixture.pair.max(1) - 1) as usize % list.len();
            Ok(list[index].clone())
        }
        Openings::Random(plies) => random_opening::<G>(*plies, fixture.seed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::game::count::tests::{Six, StreamSix};

    fn fixture(pair: u32, seed: u64) -> Fixture {
        Fixture {
            number: 2 * pair - 1,
            pair,
            seed,
            seats: [0, 1],
        }
    }

    #[test]
    fn openings_are_played_by_the_rules_and_checked() {
        let (game, seats) = play_opening::<Six>(&["2".into(), "1".into(), "1".into()]).unwrap();
        assert_eq!((game.board().total(), game.plies()), (4, 3));
        assert_eq!(seats, vec![Seat::First, Seat::Second, Seat::First]);
        assert_eq!(
            play_opening::<Six>(&["3".into(), "3".into()])
                .err()
                .map(|e| e.0),
            Some(2)
        );
        assert!(play_opening::<Six>(&["x".into()]).is_err());
        let loaded = load_openings::<Six>("1, 2\n# two\n2\n").unwrap();
        assert_eq!(
            loaded,
            Openings::List(vec![vec!["1".into(), "2".into()], vec!["2".into()]])
        );
        assert_eq!(
            load_openings::<Six>("1\n3, 3\n"),
            Err(OpeningError::Unplayable {
                line: 2,
                ply: 2,
                why: "'3' ends the game (reached six): an opening must leave it running".into()
            })
        );
        // Pair k plays opening k - 1, cycling.
        let first = opening_for::<Six>(&loaded, &fixture(1, 9)).unwrap();
        let third = opening_for::<Six>(&loaded, &fixture(3, 9)).unwrap();
        let second = opening_for::<Six>(&loaded, &fixture(2, 9)).unwrap();
        assert_eq!((first.len(), second.len()), (2, 1));
        assert_eq!(first, third);
    }

    #[test]
    fn random_openings_follow_the_seed_and_never_end_the_game() {
        let mut seen = Vec::new();
        for seed in 0..40 {
            let opening = random_opening::<Six>(3, seed).unwrap();
            assert_eq!(opening, random_opening::<Six>(3, seed).unwrap());
            assert_eq!(opening.len(), 3);
            let (game, _) = play_opening::<Six>(&opening).unwrap();
            assert!(game.board().total() < 6);
            seen.push(opening);
        }
        seen.sort();
        seen.dedup();
        assert!(seen.len() > 5, "{seen:?}");
        // Six plies always reach six, by the sixth ply at the latest: no opening can be drawn.
        assert_eq!(
            random_opening::<Six>(6, 1),
            Err(OpeningError::NoRandomOpening(6, 6))
        );
        // Nor can one of more plies than any game lasts, drawn at the cost of short games.
        let error = random_opening::<Six>(u32::MAX, 1).unwrap_err();
        assert_eq!(
            error.to_string(),
            "--random-openings 4294967295: no opening of 4294967295 random plies leaves the game \
             running (10000 drawn, and the game ended, or had no move to draw, by ply 6 in each)"
        );
        let random = Openings::Random(2);
        assert_eq!(
            opening_for::<Six>(&random, &fixture(4, 12)).unwrap(),
            random_opening::<Six>(2, 12).unwrap()
        );
    }

    #[test]
    fn games_whose_players_follow_them_from_the_start_refuse_openings() {
        assert_eq!(
            random_opening::<StreamSix>(2, 1),
            Err(OpeningError::Unsupported("streamsix"))
        );
        let error = load_openings::<StreamSix>("1\n").unwrap_err();
        assert!(error
            .to_string()
            .starts_with("streamsix cannot start from a position"));
    }

    #[test]
    fn an_openings_file_skips_comments_and_blank_lines_and_splits_at_commas() {
        let text = "# openings\n\n5 4, 5  4 ,5 3\n  2 1   # a comment\n\t\n";
        let openings = parse_openings(text).unwrap();
        assert_eq!(
            openings,
            vec![
                (3, vec!["5 4".to_string(), "5 4".into(), "5 3".into()]),
                (4, vec!["2 1".to_string()]),
            ]
        );
        assert_eq!(
            parse_openings("5 4,,5 3\n"),
            Err(OpeningError::Syntax(
                1,
                "ply 2 is empty (plies are separated by ',')".into()
            ))
        );
        assert!(matches!(
            parse_openings("# only\n\n"),
            Err(OpeningError::Empty)
        ));
        assert!(matches!(
            parse_openings("1 2,\n"),
            Err(OpeningError::Syntax(1, _))
        ));
    }
}
