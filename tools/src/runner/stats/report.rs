//! What a match prints: the line of each game, the final lines (the players' figures, the SPRT
//! line, the contest's points where a draw is worth nothing, the summary; or a tournament's
//! crosstable and standings), the progress line on stderr, from the rows of the games played.
//!
//! Two counts of a game meet here: the score between its two players, a draw ½ since it gives
//! both the same (the summary, the crosstable, the Elo, the SPRT), and the contest's points, a
//! draw what [`DrawScore`] says (the `points:` line, the standings' `points=` and order).

use std::fmt::Write as _;
use std::io::{self, Write as _};
use std::time::Instant;

use rustc_hash::FxHashMap;

use crate::runner::game::{DrawScore, Scoring, Seat};
use crate::runner::records::results::{GameRow, SeatUse};
use crate::runner::stats::elo::HeadToHead;
use crate::runner::stats::rating;
use crate::runner::stats::sprt::{Pentanomial, Sprt};
use crate::runner::stats::tally::{Score, Tally};
use crate::runner::text::megabytes;

/// The one line printed per game: the players in the order of the match (A before B).
pub(crate) fn game_line(row: &GameRow, order: &[String]) -> String {
    let mut seats = Seat::BOTH;
    let position = |seat: &Seat| order.iter().position(|n| *n == row.players[seat.index()]);
    seats.sort_by_key(position);
    let winner = match row.winner {
        Some(seat) => format!("{} ({seat})", row.players[seat.index()]),
        None => "draw".to_string(),
    };
    let [first, second] = seats;
    let name = |seat: Seat| &row.players[seat.index()];
    // A seat that lost on time shows `timeout`: its slowest reply in time says nothing of it.
    let slowest = |seat: Seat| {
        if row.reason.starts_with(&format!("timeout: {seat} ")) {
            "timeout".to_string()
        } else {
            format!("{}ms", row.used[seat.index()].slowest_ms)
        }
    };
    format!(
        "game {}: p1={} p2={} winner={winner} reason=\"{}\" plies={} slowest: {}={} {}={} peak: {}={} {}={}",
        row.number,
        row.players[0],
        row.players[1],
        row.reason,
        row.plies,
        name(first),
        slowest(first),
        name(second),
        slowest(second),
        name(first),
        megabytes(row.used[first.index()].peak_bytes),
        name(second),
        megabytes(row.used[second.index()].peak_bytes),
    )
}

/// What a match (or a merge of shards) prints at its end, from its rows: with two players the
/// `players:` line, the SPRT line if asked, the `points:` line where the contest's points
/// differ from the score (a draw worth nothing) and the `summary:` line; with more, the
/// crosstable and the standings. `names` are the players in the match's order.
pub(crate) fn final_text(
    rows: &[GameRow],
    names: &[String],
    sprt: Option<&Sprt>,
    scoring: Scoring,
) -> String {
    let mut text = String::new();
    if names.len() == 2 {
        let _ = writeln!(text, "{}", players_line(rows, names));
        if let Some(sprt) = sprt {
            let _ = writeln!(text, "{}", sprt.line(&pentanomial(rows, names)));
        }
        let tally = tally(rows, names);
        if let Some(note) = scoring.note() {
            let draws = scoring.draw.points() * f64::from(tally.draws);
            let _ = writeln!(
                text,
                "points: {}={} {}={} ({note})",
                names[0],
                points_text(f64::from(tally.a_wins) + draws),
                names[1],
                points_text(f64::from(tally.b_wins) + draws),
            );
        }
        let _ = writeln!(
            text,
            "summary: games={} a_wins={} draws={} b_wins={} {}",
            tally.games(),
            tally.a_wins,
            tally.draws,
            tally.b_wins,
            tally.elo_text()
        );
    } else {
        text.push_str(&standings_text(rows, names, scoring));
    }
    text
}

/// A's wins, draws and B's wins: A's score in the one tally of the runner.
pub(crate) fn tally(rows: &[GameRow], names: &[String]) -> HeadToHead {
    HeadToHead::from(Tally::of_rows(rows, names).score_of(&names[0]))
}

/// The pairs of a two-player match counted by A's pair score: two games of one pair seed with
/// the seats swapped. A pair missing a game (an odd `--games`, a match stopped early) is left out.
pub(crate) fn pentanomial(rows: &[GameRow], names: &[String]) -> Pentanomial {
    let mut pairs: FxHashMap<u64, Vec<&GameRow>> = FxHashMap::default();
    for row in rows {
        if row.seat_of(&names[0]).is_some() && row.seat_of(&names[1]).is_some() {
            pairs.entry(row.pair_seed).or_default().push(row);
        }
    }
    let mut counts = [0u32; 5];
    for games in pairs.values() {
        if let [one, two] = games[..] {
            if one.players[0] != two.players[0] {
                let points: f64 = [one, two]
                    .iter()
                    .filter_map(|row| {
                        row.seat_of(&names[0])
                            .map(|seat| row.head_to_head_score(seat))
                    })
                    .sum();
                counts[(points * 2.0).round() as usize] += 1;
            }
        }
    }
    counts
}

/// `players: A slowest=... ; first replies: ...; later replies: ...`.
pub(crate) fn players_line(rows: &[GameRow], names: &[String]) -> String {
    let mut used = [SeatUse::default(); 2];
    let mut faults = [0; 2];
    for row in rows {
        for (i, name) in names.iter().enumerate() {
            let Some(seat) = row.seat_of(name) else {
                continue;
            };
            used[i] = used[i].max(row.used[seat.index()]);
            if row.fault && row.winner.is_some_and(|w| w != seat) {
                faults[i] += 1;
            }
        }
    }
    let [a, b] = used;
    format!(
        "players: {} slowest={}ms peak={} faults={}; {} slowest={}ms peak={} faults={}; \
         first replies: {}={}ms {}={}ms; later replies: {}={}ms {}={}ms",
        names[0],
        a.slowest_ms,
        megabytes(a.peak_bytes),
        faults[0],
        names[1],
        b.slowest_ms,
        megabytes(b.peak_bytes),
        faults[1],
        names[0],
        a.first_ms,
        names[1],
        b.first_ms,
        names[0],
        a.later_ms,
        names[1],
        b.later_ms,
    )
}

/// A tournament's results between `names` (rows naming another player are left out), the fit
/// of their ratings, each player's wins, draws and losses, and the players' order, best first
/// ([`rank`]).
pub(crate) struct Standings {
    pub(crate) results: rating::Results,
    pub(crate) ratings: Vec<rating::Rating>,
    pub(crate) scores: Vec<Score>,
    pub(crate) order: Vec<usize>,
}

/// The players best first. Where a draw is worth nothing, by the contest's points per game,
/// since a contest ranks by its points (per game, as a gauntlet's or a league's players play
/// different numbers of games), then by rating, a player without a game last; elsewhere by
/// rating alone, the one fit that weighs each result by its opponent. Ties by name.
pub(crate) fn rank(
    names: &[String],
    ratings: &[rating::Rating],
    scores: &[Score],
    draw: DrawScore,
) -> Vec<usize> {
    let share = |i: usize| match draw {
        DrawScore::Half => None,
        DrawScore::Nothing => scores[i].share(draw),
    };
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&i, &j| {
        let by_points = match (share(i), share(j)) {
            (Some(a), Some(b)) => b.total_cmp(&a),
            (a, b) => b.is_some().cmp(&a.is_some()),
        };
        by_points
            .then_with(|| ratings[j].elo.total_cmp(&ratings[i].elo))
            .then_with(|| names[i].cmp(&names[j]))
    });
    order
}

/// The standings of `rows` between `names`: one fit over every game, ranked as the contest
/// whose draw is worth `draw` ranks them ([`rank`]).
pub(crate) fn standings(rows: &[GameRow], names: &[String], draw: DrawScore) -> Standings {
    let index: FxHashMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let mut results = rating::Results::new(names.len());
    for row in rows {
        let (Some(&one), Some(&two)) = (
            index.get(row.players[0].as_str()),
            index.get(row.players[1].as_str()),
        ) else {
            continue;
        };
        results.add(one, two, row.head_to_head_score(Seat::First));
    }
    let ratings = results.fit();
    let tally = Tally::of_rows(rows, names);
    let scores: Vec<Score> = names.iter().map(|name| tally.score_of(name)).collect();
    let order = rank(names, &ratings, &scores, draw);
    Standings {
        results,
        ratings,
        scores,
        order,
    }
}

/// The crosstable (each cell the score the Elo is fitted to: a draw ½) and the standings of a
/// tournament; where a draw is worth nothing, a `standings:` line that says so and each
/// standing's `points=`, the contest's.
pub(crate) fn standings_text(rows: &[GameRow], names: &[String], scoring: Scoring) -> String {
    let Standings {
        results,
        ratings,
        scores,
        order,
    } = standings(rows, names, scoring.draw);
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0).max(4);
    let mut text = String::from("crosstable:\n");
    let _ = write!(text, "{:width$}", "");
    for &j in &order {
        let _ = write!(text, " {:>9}", names[j]);
    }
    text.push('\n');
    for &i in &order {
        let _ = write!(text, "{:width$}", names[i]);
        for &j in &order {
            let (points, games) = results.between(i, j);
            let cell = if i == j {
                "-".to_string()
            } else if games == 0 {
                ".".to_string()
            } else {
                format!("{}/{games}", points_text(points))
            };
            let _ = write!(text, " {cell:>9}");
        }
        text.push('\n');
    }
    let note = scoring.note();
    if let Some(note) = &note {
        let _ = writeln!(text, "standings: by points per game ({note}), then by Elo");
    }
    for (rank, &i) in order.iter().enumerate() {
        let (score, games) = results.total(i);
        let rating = ratings[i];
        let ci = if rating.ci95.is_finite() {
            format!("{:.0}", rating.ci95)
        } else {
            "inf".to_string()
        };
        let _ = write!(
            text,
            "standing: {} {} elo={} ci95={ci} score={}/{games}",
            rank + 1,
            names[i],
            crate::runner::stats::tally::elo_text(rating.elo),
            points_text(score),
        );
        if note.is_some() {
            let points = scores[i].points(scoring.draw);
            let _ = write!(text, " points={}/{games}", points_text(points));
        }
        text.push('\n');
    }
    text
}

/// `3`, `3.5`.
pub(crate) fn points_text(points: f64) -> String {
    if points.fract() == 0.0 {
        format!("{points:.0}")
    } else {
        format!("{points:.1}")
    }
}

/// The progress line on stderr.
pub(crate) struct Progress {
    pub(crate) started: Instant,
    pub(crate) total: usize,
    pub(crate) done: usize,
    pub(crate) terminal: bool,
}

impl Progress {
    pub(crate) fn update(&mut self, rows: &[GameRow], names: &[String], sprt: Option<&Sprt>) {
        self.done += 1;
        let finished = self.done == self.total;
        if !self.terminal && self.done % 10 != 0 && !finished {
            return;
        }
        let mut text = format!("progress: {}/{} games", self.done, self.total);
        if names.len() == 2 {
            let tally = tally(rows, names);
            let _ = write!(
                text,
                ", {}-{}-{} (A-draws-B), {}",
                tally.a_wins,
                tally.draws,
                tally.b_wins,
                tally.elo_text()
            );
            if let Some(sprt) = sprt {
                let _ = write!(text, ", llr={:.2}", sprt.llr(&pentanomial(rows, names)));
            }
        }
        let elapsed = self.started.elapsed().as_secs_f64();
        let left = elapsed / self.done as f64 * (self.total - self.done) as f64;
        let _ = write!(text, ", about {} left", duration_text(left));
        let mut err = io::stderr().lock();
        if self.terminal {
            let _ = write!(err, "\r\x1b[K{text}");
            if finished {
                let _ = writeln!(err);
            }
        } else {
            let _ = writeln!(err, "{text}");
        }
    }

    /// Clears the progress line a terminal shows, so that a game line printed next starts at
    /// the line's start.
    pub(crate) fn clear(&self) {
        if self.terminal && self.done > 0 {
            let _ = write!(io::stderr().lock(), "\r\x1b[K");
        }
    }

    /// Ends a line left open on a terminal by a match stopped early.
    pub(crate) fn close(&self) {
        if self.terminal && self.done != self.total && self.done > 0 {
            eprintln!();
        }
    }
}

/// `1h02m`, `3m05s`, `12s`.
pub(crate) fn duration_text(seconds: f64) -> String {
    let s = seconds.round() as u64;
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s / 60 % 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::records::results::tests::game_row;

    #[test]
    fn pairs_are_counted_by_the_points_of_a() {
        let p1 = Some(Seat::First);
        let p2 = Some(Seat::Second);
        let rows = vec![
            game_row(1, ["A", "B"], p1, 11), // A wins
            game_row(2, ["B", "A"], p2, 11), // A wins: pair 2 points
            game_row(3, ["A", "B"], None, 12),
            game_row(4, ["B", "A"], p1, 12), // draw + loss: ½
            game_row(5, ["A", "B"], p2, 13), // alone: left out
        ];
        let names = ["A".to_string(), "B".to_string()];
        assert_eq!(pentanomial(&rows, &names), [0, 1, 0, 0, 1]);
        let t = tally(&rows, &names);
        assert_eq!((t.a_wins, t.draws, t.b_wins), (2, 1, 2));
    }

    fn scoring(draw: DrawScore) -> Scoring {
        Scoring {
            game: "count",
            draw,
        }
    }

    #[test]
    fn a_match_prints_the_contests_points_where_a_draw_is_worth_nothing() {
        let rows = vec![
            game_row(1, ["A", "B"], Some(Seat::First), 11),
            game_row(2, ["B", "A"], None, 11),
            game_row(3, ["A", "B"], Some(Seat::Second), 12),
            game_row(4, ["B", "A"], Some(Seat::Second), 12),
        ];
        let names = ["A".to_string(), "B".to_string()];
        let half = final_text(&rows, &names, None, scoring(DrawScore::Half));
        assert!(!half.contains("points"), "{half}");
        let nothing = final_text(&rows, &names, None, scoring(DrawScore::Nothing));
        let lines: Vec<&str> = nothing.lines().collect();
        assert_eq!(lines.len(), 3, "{nothing}");
        assert_eq!(lines[1], "points: A=2 B=1 (a draw scores 0 in count)");
        // The summary, and so the Elo, count the draw ½ whatever the contest gives it.
        assert_eq!(lines[2], half.lines().last().unwrap());
        assert!(lines[2].starts_with("summary: games=4 a_wins=2 draws=1 b_wins=1 elo=+"));
    }

    #[test]
    fn where_a_draw_is_worth_nothing_the_standings_rank_by_points_per_game_then_elo() {
        // x draws all its games; y beats z three games of four. By the score (a draw ½) y, x
        // and z rank in that order; by the contest's points, x has none. w has played no game.
        let mut rows = Vec::new();
        let mut add = |players: [&str; 2], winner: Option<Seat>| {
            let number = rows.len() as u32 + 1;
            rows.push(game_row(number, players, winner, u64::from(number)));
        };
        for _ in 0..2 {
            add(["x", "y"], None);
            add(["z", "x"], None);
            add(["y", "x"], None);
            add(["x", "z"], None);
        }
        add(["y", "z"], Some(Seat::First));
        add(["z", "y"], Some(Seat::Second));
        add(["y", "z"], Some(Seat::First));
        add(["z", "y"], Some(Seat::First));
        let names: Vec<String> = ["w", "x", "y", "z"].map(String::from).to_vec();
        let ranked = |draw: DrawScore| -> Vec<String> {
            standings_text(&rows, &names, scoring(draw))
                .lines()
                .filter_map(|l| l.strip_prefix("standing: "))
                .map(|l| l.split(' ').take(2).collect::<Vec<_>>().join(" "))
                .collect()
        };
        // By the fit alone w, without a game, keeps the field's mean, 0, just above x.
        assert_eq!(ranked(DrawScore::Half), ["1 y", "2 w", "3 x", "4 z"]);
        assert_eq!(ranked(DrawScore::Nothing), ["1 y", "2 z", "3 x", "4 w"]);
        let text = standings_text(&rows, &names, scoring(DrawScore::Nothing));
        assert!(text.contains(
            "\nstandings: by points per game (a draw scores 0 in count), then by Elo\nstanding: 1 y "
        ));
        let line = |name: &str| {
            let lines = text.lines().filter(|l| l.starts_with("standing: "));
            lines
                .into_iter()
                .find(|l| l.split(' ').nth(2) == Some(name))
                .unwrap()
        };
        assert!(line("y").ends_with(" score=5/8 points=3/8"), "{text}");
        assert!(line("x").ends_with(" score=4/8 points=0/8"), "{text}");
        assert!(line("w").ends_with(" score=0/0 points=0/0"), "{text}");
        let half = standings_text(&rows, &names, scoring(DrawScore::Half));
        assert!(!half.contains("points"), "{half}");
    }
}
