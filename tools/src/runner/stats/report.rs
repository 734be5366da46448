//! What a match prints: the line of each game, the final lines (the players' figures, the SPRT
//! line, the summary; or a tournament's crosstable and standings), the progress line on stderr,
//! from the rows of the games played.

use std::fmt::Write as _;
use std::io::{self, Write as _};
use std::time::Instant;

use rustc_hash::FxHashMap;

use crate::runner::game::Seat;
use crate::runner::records::results::{GameRow, SeatUse};
use crate::runner::stats::elo::HeadToHead;
use crate::runner::stats::rating;
use crate::runner::stats::sprt::{Pentanomial, Sprt};
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
/// `players:` line, the SPRT line if asked and the `summary:` line; with more, the crosstable
/// and the standings. `names` are the players in the match's order.
pub(crate) fn final_text(rows: &[GameRow], names: &[String], sprt: Option<&Sprt>) -> String {
    let mut text = String::new();
    if names.len() == 2 {
        let _ = writeln!(text, "{}", players_line(rows, names));
        if let Some(sprt) = sprt {
            let _ = writeln!(text, "{}", sprt.line(&pentanomial(rows, names)));
        }
        let tally = tally(rows, names);
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
        text.push_str(&standings_text(rows, names));
    }
    text
}

/// A's wins, draws and B's wins: A's score in the one tally of the runner.
pub(crate) fn tally(rows: &[GameRow], names: &[String]) -> HeadToHead {
    HeadToHead::from(crate::runner::stats::tally::Tally::of_rows(rows, names).score_of(&names[0]))
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
                    .filter_map(|row| row.seat_of(&names[0]).map(|seat| row.points(seat)))
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
/// of their ratings, and the players' order, best first (ties by name).
pub(crate) struct Standings {
    pub(crate) results: rating::Results,
    pub(crate) ratings: Vec<rating::Rating>,
    pub(crate) order: Vec<usize>,
}

/// The standings of `rows` between `names`: one fit over every game.
pub(crate) fn standings(rows: &[GameRow], names: &[String]) -> Standings {
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
        results.add(one, two, row.points(Seat::First));
    }
    let ratings = results.fit();
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&i, &j| {
        ratings[j]
            .elo
            .total_cmp(&ratings[i].elo)
            .then_with(|| names[i].cmp(&names[j]))
    });
    Standings {
        results,
        ratings,
        order,
    }
}

/// The crosstable and the standings of a tournament.
pub(crate) fn standings_text(rows: &[GameRow], names: &[String]) -> String {
    let Standings {
        results,
        ratings,
        order,
    } = standings(rows, names);
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
    for (rank, &i) in order.iter().enumerate() {
        let (points, games) = results.total(i);
        let rating = ratings[i];
        let ci = if rating.ci95.is_finite() {
            format!("{:.0}", rating.ci95)
        } else {
            "inf".to_string()
        };
        let _ = writeln!(
            text,
            "standing: {} {} elo={} ci95={ci} score={}/{games}",
            rank + 1,
            names[i],
            crate::runner::stats::tally::elo_text(rating.elo),
            points_text(points),
        );
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
}
