//! `<game>-referee merge`: the rows of several `--results` files (the shards of one match) read
//! back, checked, and the final lines a single run of the same games prints.

use std::path::Path;

use clap::Parser;
use rustc_hash::FxHashMap;

use crate::runner::command_line::{parse_words, program_command};
use crate::runner::game::Scoring;
use crate::runner::records::files::{read_input_text, FileError};
use crate::runner::records::results::{self, GameRow};
use crate::runner::stats::report::final_text;
use crate::runner::stats::sprt::Sprt;

/// `merge`'s command line.
#[derive(Parser, Debug)]
struct MergeArgs {
    /// print the SPRT line of A's logistic Elo (E1 against E0, error rates A and B, default
    /// 0.05) over the rows; two players only
    #[arg(long, value_name = "E0,E1[,A,B]")]
    sprt: Option<Sprt>,
    /// the results files (--results) of the shards of one match
    #[arg(value_name = "FILE.csv", required = true)]
    files: Vec<String>,
}

/// `merge`'s command for `game`, with its help.
pub(crate) fn merge_command(game: &str) -> clap::Command {
    program_command::<MergeArgs>(&format!("{game}-referee merge")).about(
        "Reads every row of every FILE.csv (the --results files of the shards of one match), \
             checks that they are all this game's and that no game number comes twice, and \
             prints what a single run of the same games prints at its end.",
    )
}

/// Why `merge` refused its input.
#[derive(Debug)]
pub(crate) enum MergeError {
    /// A bad command line, or `--help` (`clap`'s message).
    Command(clap::Error),
    /// A file that could not be read, or was refused by its kind or size.
    File(FileError),
    /// A row that is not this game's, a file that is not a results file, or `--sprt` over other
    /// than two players (the message).
    Rows(String),
}

impl std::fmt::Display for MergeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MergeError::Command(error) => write!(f, "{}", error.render()),
            MergeError::Rows(message) => write!(f, "{message}"),
            MergeError::File(error) => write!(f, "{error}"),
        }
    }
}

/// `merge [--sprt ELO0,ELO1[,ALPHA,BETA]] FILE.csv...`: reads every row of every file, checks that
/// they are all the game's (`scoring.game`) and that no game number comes twice, and returns the
/// text a single run of the same games prints at its end, its points counted by `scoring`.
pub(crate) fn merge(scoring: Scoring, args: &[String]) -> Result<String, MergeError> {
    let game = scoring.game;
    let parsed: MergeArgs =
        parse_words(&mut merge_command(game), args).map_err(MergeError::Command)?;
    let rows = read_rows(game, &parsed.files)?;
    let names = names_of(&rows);
    if parsed.sprt.is_some() && names.len() != 2 {
        return Err(MergeError::Rows(format!(
            "--sprt compares two players; these rows have {}",
            names.len()
        )));
    }
    Ok(final_text(&rows, &names, parsed.sprt.as_ref(), scoring))
}

/// Every row of `files`, by game number; each must be `game`'s, no number may come twice, nor
/// a pair's seed more than twice (a pair is two games), and each file must end with its last
/// row's newline (a row without it may be cut inside its last number).
fn read_rows(game: &str, files: &[String]) -> Result<Vec<GameRow>, MergeError> {
    let mut rows: Vec<GameRow> = Vec::new();
    let mut seen: FxHashMap<u32, String> = FxHashMap::default();
    // By pair seed: the games of the pair met so far, with their files.
    let mut pairs: FxHashMap<u64, Vec<(u32, String)>> = FxHashMap::default();
    for file in files {
        let text =
            read_input_text(Path::new(file), "the results file").map_err(MergeError::File)?;
        if !text.is_empty() && !text.ends_with('\n') {
            return Err(MergeError::Rows(format!(
                "{file}: its last row has no newline at its end, so it may be cut off (a match \
                 still writing it, or a copy cut short)"
            )));
        }
        let file_rows =
            results::parse_rows(&text, file).map_err(|e| MergeError::Rows(e.to_string()))?;
        for row in file_rows {
            if row.kind != game {
                return Err(MergeError::Rows(format!(
                    "{file}: game {} is a game of {}, not {game}",
                    row.number, row.kind
                )));
            }
            if let Some(other) = seen.insert(row.number, file.clone()) {
                return Err(MergeError::Rows(format!(
                    "game {} is in {other} and again in {file}: overlapping shards or a file given twice",
                    row.number
                )));
            }
            let pair = pairs.entry(row.pair_seed).or_default();
            if pair.len() == 2 {
                let earlier: Vec<String> = pair
                    .iter()
                    .map(|(number, file)| format!("game {number} of {file}"))
                    .collect();
                return Err(MergeError::Rows(format!(
                    "pair seed {} is in a third game, game {} of {file}, after {}: a pair is two \
                     games, so these are not the shards of one match (a rerun with the same \
                     --seed?)",
                    row.pair_seed,
                    row.number,
                    earlier.join(" and ")
                )));
            }
            pair.push((row.number, file.clone()));
            rows.push(row);
        }
    }
    rows.sort_by_key(|row| row.number);
    Ok(rows)
}

/// The players of a match in its order, from its rows: in a two-player match A is Player 1 of
/// the odd games; otherwise players come by their first game and seat.
pub(crate) fn names_of(rows: &[GameRow]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for row in rows {
        for name in &row.players {
            if !names.contains(name) {
                names.push(name.clone());
            }
        }
    }
    if names.len() == 2 {
        if let Some(row) = rows.first() {
            let a = if row.number % 2 == 1 {
                &row.players[0]
            } else {
                &row.players[1]
            };
            if *a != names[0] {
                names.swap(0, 1);
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::game::{DrawScore, Seat};
    use crate::runner::match_play::schedule::{self, Schedule};
    use crate::runner::records::files::tests::scratch;
    use crate::runner::records::results::tests::game_row;
    use std::fs;

    /// A game whose contest scores a draw half a point.
    fn scored(game: &'static str) -> Scoring {
        Scoring {
            game,
            draw: DrawScore::Half,
        }
    }

    #[test]
    fn the_final_text_of_shards_merged_is_that_of_the_whole_match() {
        let players = ["x", "y", "z"];
        let schedule = Schedule::new(3, 4, false, 5).unwrap();
        let rows: Vec<GameRow> = schedule
            .fixtures(None)
            .map(|f| {
                let winner = match f.number % 3 {
                    0 => None,
                    1 => Some(Seat::First),
                    _ => Some(Seat::Second),
                };
                game_row(
                    f.number,
                    [players[f.seats[0]], players[f.seats[1]]],
                    winner,
                    f.seed,
                )
            })
            .collect();
        let names: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        let whole = final_text(&rows, &names, None, scored("krieg"));
        assert!(whole.starts_with("crosstable:\n"), "{whole}");
        assert_eq!(
            whole
                .lines()
                .filter(|l| l.starts_with("standing: "))
                .count(),
            3
        );
        let dir = std::env::temp_dir().join(format!("referee-merge-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let mut files = Vec::new();
        for index in 0..3 {
            let shard = schedule::Shard { index, count: 3 };
            let mut text = results::header() + "\n";
            for r in rows.iter().filter(|r| shard.contains(r.number)) {
                text.push_str(&r.to_csv());
                text.push('\n');
            }
            let path = dir.join(format!("shard-{index}.csv"));
            fs::write(&path, text).unwrap();
            files.push(path.display().to_string());
        }
        assert_eq!(merge(scored("krieg"), &files).unwrap(), whole);
        // Two-player matches too, with the SPRT line.
        let two: Vec<GameRow> = Schedule::new(2, 6, false, 5)
            .unwrap()
            .fixtures(None)
            .map(|f| {
                let names = [["A", "B"][f.seats[0]], ["A", "B"][f.seats[1]]];
                game_row(
                    f.number,
                    names,
                    Some(Seat::BOTH[f.number as usize % 2]),
                    f.seed,
                )
            })
            .collect();
        let ab = ["A".to_string(), "B".to_string()];
        let sprt: Sprt = "0,10".parse().unwrap();
        let whole = final_text(&two, &ab, Some(&sprt), scored("krieg"));
        let mut text = [results::header() + "\n", results::header() + "\n"];
        for r in &two {
            text[(r.number % 2) as usize].push_str(&(r.to_csv() + "\n"));
        }
        for (i, t) in text.iter().enumerate() {
            fs::write(dir.join(format!("two-{i}.csv")), t).unwrap();
        }
        let args: Vec<String> = vec![
            "--sprt".into(),
            "0,10".into(),
            dir.join("two-1.csv").display().to_string(),
            dir.join("two-0.csv").display().to_string(),
        ];
        let merged = merge(scored("krieg"), &args).unwrap();
        assert_eq!(merged, whole);
        assert!(merged.contains("\nsprt: llr="), "{merged}");
        assert!(merged.ends_with("elo=+0 ci95=inf\n") || merged.contains("summary: games=6 "));
        // Refusals: another game's rows, the same shard twice.
        assert!(merge(scored("frostfire"), &files[..1]).is_err());
        let twice = vec![files[0].clone(), files[0].clone()];
        let message = merge(scored("krieg"), &twice).unwrap_err().to_string();
        assert!(message.contains("again in"), "{message}");
        let _ = fs::remove_dir_all(&dir);
    }

    /// The rows of a two-player match of `games` games numbered from `from`, with `seed`.
    fn two_player_rows(from: u32, games: u32, seed: u64) -> String {
        let schedule = Schedule::new(2, games, false, seed).unwrap();
        let mut text = results::header() + "\n";
        for f in schedule.fixtures(None) {
            let names = [["A", "B"][f.seats[0]], ["A", "B"][f.seats[1]]];
            // A wins the first game of each pair, the second is drawn.
            let winner = (f.number % 2 == 1).then_some(Seat::First);
            let row = game_row(f.number + from - 1, names, winner, f.seed);
            text.push_str(&(row.to_csv() + "\n"));
        }
        text
    }

    #[test]
    fn a_pair_seed_in_more_than_two_games_or_a_last_row_cut_off_is_refused() {
        let dir = scratch("merge-refusals");
        let path = |name: &str| dir.join(name).display().to_string();
        // A first run, and a rerun with the same --seed whose games were numbered on from 5:
        // the pairs of one seed are now four games, which --sprt would leave out unsaid.
        fs::write(dir.join("first.csv"), two_player_rows(1, 4, 1)).unwrap();
        fs::write(dir.join("rerun.csv"), two_player_rows(5, 4, 1)).unwrap();
        let sprt = ["--sprt".to_string(), "0,10".to_string()];
        let alone = merge(scored("krieg"), &[&sprt[..], &[path("first.csv")]].concat()).unwrap();
        assert!(alone.contains("sprt: llr=0.08 "), "{alone}");
        let both = [&sprt[..], &[path("first.csv"), path("rerun.csv")]].concat();
        let message = merge(scored("krieg"), &both).unwrap_err().to_string();
        assert_eq!(
            message,
            format!(
                "pair seed 2 is in a third game, game 5 of {0}, after game 1 of {1} and game 2 \
                 of {1}: a pair is two games, so these are not the shards of one match (a rerun \
                 with the same --seed?)",
                path("rerun.csv"),
                path("first.csv")
            )
        );
        // A last row without its newline: cut inside its last number, perhaps.
        let whole = two_player_rows(1, 4, 1);
        fs::write(dir.join("cut.csv"), &whole[..whole.len() - 3]).unwrap();
        let message = merge(scored("krieg"), &[path("cut.csv")])
            .unwrap_err()
            .to_string();
        assert!(
            message.starts_with(&format!(
                "{}: its last row has no newline at its end",
                path("cut.csv")
            )),
            "{message}"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn what_is_not_a_file_is_refused_without_being_read() {
        let dir = scratch("merge-fifo");
        let pipe = dir.join("rows.csv");
        crate::runner::records::files::tests::fifo(&pipe);
        let pipe_name = pipe.display().to_string();
        let message = crate::runner::records::files::tests::within_ten_seconds(move || {
            merge(scored("krieg"), &[pipe_name, "/dev/zero".to_string()])
                .unwrap_err()
                .to_string()
        });
        assert_eq!(
            message,
            format!(
                "cannot read the results file {}: a FIFO (named pipe), not a regular file",
                pipe.display()
            )
        );
        let message = merge(scored("krieg"), &["/dev/zero".to_string()])
            .unwrap_err()
            .to_string();
        assert_eq!(
            message,
            "cannot read the results file /dev/zero: a character device, not a regular file"
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
