//! The one tally of results, and the one way a rating is written.
//!
//! Every count of wins, draws and losses (the replay page's summary, the league's page, a
//! tournament's lines) is a [`Tally`]: each player's [`Score`], the crosstable of the scores
//! between two players, and the games without a result. A rating is written by [`elo_text`]
//! (`+12`, `-40`, `+0` for a rating that rounds to zero either side, `±inf`).

use rustc_hash::FxHashMap;

use crate::runner::game::{DrawScore, Seat};
use crate::runner::records::results::GameRow;

/// Wins, draws and losses of one player, against all or against one opponent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Score {
    pub(crate) wins: u32,
    pub(crate) draws: u32,
    pub(crate) losses: u32,
}

impl Score {
    /// The games counted.
    pub(crate) fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The points as the contest counts them: a win 1, a draw `draw` (½ or 0).
    pub(crate) fn points(&self, draw: DrawScore) -> f64 {
        f64::from(self.wins) + draw.points() * f64::from(self.draws)
    }

    /// One more game: `Some(true)` won, `Some(false)` lost, `None` drawn.
    pub(crate) fn add(&mut self, won: Option<bool>) {
        match won {
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
            None => self.draws += 1,
        }
    }

    /// The contest's points per game (a draw `draw`), `None` without a game.
    pub(crate) fn share(&self, draw: DrawScore) -> Option<f64> {
        (self.games() > 0).then(|| self.points(draw) / f64::from(self.games()))
    }

    /// `62.5 %` of the points (a draw `draw`), `-` without a game.
    pub(crate) fn percent(&self, draw: DrawScore) -> String {
        match self.share(draw) {
            Some(share) => format!("{:.1} %", 100.0 * share),
            None => "-".to_string(),
        }
    }
}

/// The players (in the order given, then of first appearance), each one's score, the scores
/// between two of them, and the games without a result.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tally {
    pub(crate) players: Vec<String>,
    pub(crate) scores: Vec<Score>,
    cross: FxHashMap<(usize, usize), Score>,
    /// Games decided or drawn.
    pub(crate) results: u32,
    /// Games without a result (a record cut off or unreadable).
    pub(crate) unfinished: u32,
}

impl Tally {
    /// An empty tally of `players`, in that order.
    pub(crate) fn with_players(players: &[String]) -> Tally {
        Tally {
            players: players.to_vec(),
            scores: vec![Score::default(); players.len()],
            ..Tally::default()
        }
    }

    /// The rows between two of `names`, tallied (rows naming another player are left out).
    pub(crate) fn of_rows(rows: &[GameRow], names: &[String]) -> Tally {
        let mut tally = Tally::with_players(names);
        for row in rows {
            if row.players.iter().all(|p| names.contains(p)) {
                tally.add(&row.players, Some(row.winner));
            }
        }
        tally
    }

    /// The index of `name`, added at the end when new.
    pub(crate) fn index(&mut self, name: &str) -> usize {
        match self.players.iter().position(|p| p == name) {
            Some(i) => i,
            None => {
                self.players.push(name.to_string());
                self.scores.push(Score::default());
                self.players.len() - 1
            }
        }
    }

    /// One game between `players` (by seat): `Some(Some(seat))` won by that seat, `Some(None)`
    /// drawn, `None` without a result (its players are named all the same).
    pub(crate) fn add(&mut self, players: &[String; 2], outcome: Option<Option<Seat>>) {
        let index = [self.index(&players[0]), self.index(&players[1])];
        let Some(winner) = outcome else {
            self.unfinished += 1;
            return;
        };
        self.results += 1;
        for seat in Seat::BOTH {
            let won = winner.map(|w| w == seat);
            let (me, them) = (index[seat.index()], index[seat.other().index()]);
            self.scores[me].add(won);
            self.cross.entry((me, them)).or_default().add(won);
        }
    }

    /// The score of player `i` against player `j`.
    pub(crate) fn between(&self, i: usize, j: usize) -> Score {
        self.cross.get(&(i, j)).copied().unwrap_or_default()
    }

    /// The score of `name` (nothing when it played no game).
    pub(crate) fn score_of(&self, name: &str) -> Score {
        self.players
            .iter()
            .position(|p| p == name)
            .map_or_else(Score::default, |i| self.scores[i])
    }
}

/// A rating as every output writes it: `+12`, `-40`, `+0` (also for a rating that rounds to
/// `-0`), `+inf`, `-inf`.
pub(crate) fn elo_text(elo: f64) -> String {
    if elo.is_infinite() {
        return if elo > 0.0 { "+inf" } else { "-inf" }.to_string();
    }
    let text = format!("{elo:+.0}");
    if text == "-0" {
        "+0".to_string()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tally_counts_by_player_and_between_players() {
        let (a, b) = ("a".to_string(), "b".to_string());
        let mut tally = Tally::with_players(std::slice::from_ref(&b));
        tally.add(&[a.clone(), b.clone()], Some(Some(Seat::Second)));
        tally.add(&[b.clone(), a.clone()], Some(Some(Seat::First)));
        tally.add(&[a.clone(), b.clone()], Some(None));
        tally.add(&[a.clone(), b.clone()], None);
        assert_eq!(tally.players, ["b", "a"]);
        let won = Score {
            wins: 2,
            draws: 1,
            losses: 0,
        };
        assert_eq!(tally.score_of("b"), won);
        assert_eq!(tally.between(1, 0).losses, 2);
        assert_eq!((tally.results, tally.unfinished), (3, 1));
        assert_eq!(won.percent(DrawScore::Half), "83.3 %");
        assert_eq!(Score::default().percent(DrawScore::Half), "-");
    }

    #[test]
    fn a_draw_counts_half_or_nothing_as_the_contest_says() {
        let score = Score {
            wins: 3,
            draws: 2,
            losses: 1,
        };
        assert_eq!(score.points(DrawScore::Half), 4.0);
        assert_eq!(score.points(DrawScore::Nothing), 3.0);
        assert_eq!(score.percent(DrawScore::Half), "66.7 %");
        assert_eq!(score.percent(DrawScore::Nothing), "50.0 %");
        assert_eq!(Score::default().share(DrawScore::Nothing), None);
    }

    #[test]
    fn a_matchs_summary_is_the_score_of_a() {
        use crate::runner::records::results::tests::row;
        let names = ["A".to_string(), "B".to_string()];
        let rows: Vec<GameRow> = [
            Some(Seat::First),
            None,
            Some(Seat::Second),
            Some(Seat::First),
        ]
        .into_iter()
        .enumerate()
        .map(|(k, winner)| GameRow {
            players: if k % 2 == 0 {
                names.clone()
            } else {
                [names[1].clone(), names[0].clone()]
            },
            winner,
            ..row(k as u32 + 1)
        })
        .collect();
        let score = Tally::of_rows(&rows, &names).score_of("A");
        assert_eq!(
            crate::runner::stats::elo::HeadToHead::from(score),
            crate::runner::stats::report::tally(&rows, &names)
        );
    }

    #[test]
    fn a_rating_is_written_with_its_sign_and_never_as_minus_zero() {
        assert_eq!(elo_text(12.4), "+12");
        assert_eq!(elo_text(-40.0), "-40");
        assert_eq!(elo_text(-0.3), "+0");
        assert_eq!(elo_text(-1000.0), "-1000");
        assert_eq!(elo_text(f64::NEG_INFINITY), "-inf");
    }
}
