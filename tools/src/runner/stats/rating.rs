//! Ratings of a tournament's players: one maximum-likelihood fit of logistic Elo over all games
//! (the Bradley–Terry model, as Ordo and BayesElo fit it), the field's mean at 0.
//!
//! Player `i` scores `s(Rᵢ − Rⱼ) = 1 / (1 + 10^(−(Rᵢ − Rⱼ)/400))` against `j` in expectation; a
//! draw counts half a win. The ratings that make every player's expected score equal its actual
//! score maximise the likelihood; they are found by the minorisation–maximisation iteration of
//! Hunter (2004). As BayesElo's prior does, every pairing that played gets one virtual draw, so
//! that a player who won or lost every game still gets a finite rating. The 95 % interval of a
//! rating is `1.96 / sqrt(I)`, with `I` the Fisher information of that rating alone at the fit.

/// One player's fitted rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rating {
    /// Logistic Elo, the field's mean at 0.
    pub(crate) elo: f64,
    /// Half-width of the 95 % interval (infinite for a player without games).
    pub(crate) ci95: f64,
}

/// Virtual draws added to every pairing that played at least one game.
pub(crate) const PRIOR_DRAWS: f64 = 1.0;

/// Points and games between every two players.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Results {
    players: usize,
    /// `points[i][j]`: points of `i` against `j`.
    points: Vec<Vec<f64>>,
    /// `games[i][j]`: games between `i` and `j`.
    games: Vec<Vec<f64>>,
}

impl Results {
    /// No game yet between `players` players.
    pub(crate) fn new(players: usize) -> Results {
        Results {
            players,
            points: vec![vec![0.0; players]; players],
            games: vec![vec![0.0; players]; players],
        }
    }

    /// Counts a game between `first` and `second` where `first` scored `score` (1, ½ or 0).
    pub(crate) fn add(&mut self, first: usize, second: usize, score: f64) {
        self.points[first][second] += score;
        self.points[second][first] += 1.0 - score;
        self.games[first][second] += 1.0;
        self.games[second][first] += 1.0;
    }

    /// Points of `player` against `opponent`, and the games they played.
    pub(crate) fn between(&self, player: usize, opponent: usize) -> (f64, u32) {
        (
            self.points[player][opponent],
            self.games[player][opponent] as u32,
        )
    }

    /// Points and games of `player` over the whole field.
    pub(crate) fn total(&self, player: usize) -> (f64, u32) {
        (0..self.players)
            .map(|j| self.between(player, j))
            .fold((0.0, 0), |(p, g), (pj, gj)| (p + pj, g + gj))
    }

    /// The maximum-likelihood ratings, indexed like the players.
    pub(crate) fn fit(&self) -> Vec<Rating> {
        let n = self.players;
        let mut points = self.points.clone();
        let mut games = self.games.clone();
        for i in 0..n {
            for j in 0..n {
                if i != j && games[i][j] > 0.0 {
                    points[i][j] += PRIOR_DRAWS / 2.0;
                    games[i][j] += PRIOR_DRAWS;
                }
            }
        }
        // Strengths γᵢ = 10^(Rᵢ/400).
        let mut gamma = vec![1.0f64; n];
        for _ in 0..100_000 {
            let mut change = 0.0f64;
            for i in 0..n {
                let won: f64 = points[i].iter().sum();
                let denominator: f64 = (0..n)
                    .filter(|&j| j != i && games[i][j] > 0.0)
                    .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                    .sum();
                if denominator > 0.0 {
                    let next = won / denominator;
                    change = change.max((next.ln() - gamma[i].ln()).abs());
                    gamma[i] = next;
                }
            }
            // Keep the geometric mean at 1 (the field's mean Elo at 0).
            let mean_log = gamma.iter().map(|g| g.ln()).sum::<f64>() / n as f64;
            for g in &mut gamma {
                *g /= mean_log.exp();
            }
            if change < 1e-12 {
                break;
            }
        }
        let elo: Vec<f64> = gamma.iter().map(|g| 400.0 * g.log10()).collect();
        let slope = std::f64::consts::LN_10 / 400.0;
        (0..n)
            .map(|i| {
                let information: f64 = (0..n)
                    .filter(|&j| j != i)
                    .map(|j| {
                        let p = 1.0 / (1.0 + 10f64.powf(-(elo[i] - elo[j]) / 400.0));
                        games[i][j] * p * (1.0 - p) * slope * slope
                    })
                    .sum();
                Rating {
                    elo: elo[i],
                    ci95: if information > 0.0 {
                        1.96 / information.sqrt()
                    } else {
                        f64::INFINITY
                    },
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::stats::elo::elo_from_score;

    #[test]
    fn two_players_get_the_elo_of_their_score_split_around_zero() {
        let mut results = Results::new(2);
        for _ in 0..30 {
            results.add(0, 1, 1.0);
        }
        for _ in 0..10 {
            results.add(1, 0, 1.0);
        }
        let ratings = results.fit();
        // 30 of 40 plus one virtual draw: 30.5 / 41.
        let expected = elo_from_score(30.5 / 41.0);
        assert!(((ratings[0].elo - ratings[1].elo) - expected).abs() < 1e-6);
        assert!((ratings[0].elo + ratings[1].elo).abs() < 1e-9);
        assert!(ratings[0].ci95 > 50.0 && ratings[0].ci95 < 300.0);
    }

    #[test]
    fn at_the_fit_every_expected_score_equals_the_actual_one() {
        // A beats B 75 %, B beats C 60 %, A beats C 90 %, with draws: not a consistent chain, so
        // the fit must balance it.
        let mut results = Results::new(3);
        let mut play = |a: usize, b: usize, wins: u32, draws: u32, losses: u32| {
            for _ in 0..wins {
                results.add(a, b, 1.0);
            }
            for _ in 0..draws {
                results.add(a, b, 0.5);
            }
            for _ in 0..losses {
                results.add(a, b, 0.0);
            }
        };
        play(0, 1, 14, 2, 4);
        play(1, 2, 10, 4, 6);
        play(0, 2, 17, 2, 1);
        let ratings = results.fit();
        let mean: f64 = ratings.iter().map(|r| r.elo).sum::<f64>() / 3.0;
        assert!(mean.abs() < 1e-9);
        assert!(ratings[0].elo > ratings[1].elo && ratings[1].elo > ratings[2].elo);
        for i in 0..3 {
            let (mut actual, mut expected) = (0.0, 0.0);
            for j in 0..3 {
                let (points, games) = results.between(i, j);
                if i == j || games == 0 {
                    continue;
                }
                let games = f64::from(games) + PRIOR_DRAWS;
                actual += points + PRIOR_DRAWS / 2.0;
                let p = 1.0 / (1.0 + 10f64.powf(-(ratings[i].elo - ratings[j].elo) / 400.0));
                expected += games * p;
            }
            assert!((actual - expected).abs() < 1e-6, "{i}: {actual} {expected}");
        }
    }

    #[test]
    fn perfect_scores_stay_finite_and_idle_players_have_no_interval() {
        let mut results = Results::new(3);
        for _ in 0..10 {
            results.add(0, 1, 1.0);
        }
        let ratings = results.fit();
        assert!(ratings.iter().all(|r| r.elo.is_finite()));
        assert!(ratings[0].elo > ratings[1].elo);
        assert_eq!(ratings[2].ci95, f64::INFINITY);
        assert_eq!(results.total(0), (10.0, 10));
        assert_eq!(results.total(2), (0.0, 0));
    }
}
