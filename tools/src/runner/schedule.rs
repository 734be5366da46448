//! Which games a match plays: the pairings of its players, games in pairs with the seats swapped,
//! the seed of each pair, and the share of one machine (`--shard`).

use super::bad_value::BadOptionValue;
use std::str::FromStr;

/// One game of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fixture {
    /// 1-based game number over the whole match.
    pub number: u32,
    /// 1-based pair number over the whole match: the two games of a pair have the same seed and
    /// the seats swapped.
    pub pair: u32,
    /// The pair's seed, `S + pair` (what `{seed}` becomes in a player's command).
    pub seed: u64,
    /// The players by seat (indices into the match's players): Player 1, Player 2.
    pub seats: [usize; 2],
}

/// Every game of a match between `players` players: every pairing plays `games` games (the first
/// two players only, with two players; the first against each other one with `gauntlet`), in
/// pairs: the first game of a pair seats the pairing's first player as Player 1, the second swaps
/// the seats, both get the pair's seed `seed + pair`. An odd `games` leaves each pairing's last
/// pair with one game; the next pairing starts a new pair.
pub fn schedule(players: usize, games: u32, gauntlet: bool, seed: u64) -> Vec<Fixture> {
    let mut pairings = Vec::new();
    for first in 0..players {
        for second in first + 1..players {
            if !gauntlet || first == 0 {
                pairings.push((first, second));
            }
        }
    }
    let mut fixtures = Vec::new();
    let mut number = 0;
    let mut pair = 0;
    for (first, second) in pairings {
        for game in 0..games {
            number += 1;
            if game % 2 == 0 {
                pair += 1;
            }
            let seats = if game % 2 == 0 {
                [first, second]
            } else {
                [second, first]
            };
            fixtures.push(Fixture {
                number,
                pair,
                seed: seed.wrapping_add(u64::from(pair)),
                seats,
            });
        }
    }
    fixtures
}

/// `--shard I/N`: this machine plays the games whose number is I modulo N (`0 <= I < N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    /// Whether game `number` is this shard's.
    pub fn contains(&self, number: u32) -> bool {
        number % self.count == self.index
    }
}

/// A `--shard` value that is not `I/N` with `0 <= I < N`.
pub type ShardError = BadOptionValue;

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = || BadOptionValue::new("--shard", text, "I/N with 0 <= I < N (such as 0/4)");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = index.parse().map_err(|_| bad())?;
        let count: u32 = count.parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_players_play_pairs_with_one_seed_and_seats_swapped() {
        let games = schedule(2, 5, false, 100);
        let summary: Vec<(u32, u32, u64, [usize; 2])> = games
            .iter()
            .map(|f| (f.number, f.pair, f.seed, f.seats))
            .collect();
        assert_eq!(
            summary,
            vec![
                (1, 1, 101, [0, 1]),
                (2, 1, 101, [1, 0]),
                (3, 2, 102, [0, 1]),
                (4, 2, 102, [1, 0]),
                (5, 3, 103, [0, 1]),
            ]
        );
    }

    #[test]
    fn a_round_robin_plays_every_pairing_and_a_gauntlet_only_the_first_player() {
        let games = schedule(3, 2, false, 0);
        let pairings: Vec<[usize; 2]> = games.iter().map(|f| f.seats).collect();
        assert_eq!(
            pairings,
            vec![[0, 1], [1, 0], [0, 2], [2, 0], [1, 2], [2, 1]]
        );
        assert_eq!(games.last().map(|f| (f.number, f.pair)), Some((6, 3)));
        let gauntlet = schedule(4, 2, true, 0);
        assert_eq!(gauntlet.len(), 6);
        assert!(gauntlet.iter().all(|f| f.seats.contains(&0)));
        // Odd game counts: each pairing's last pair has one game, the next pairing a new pair.
        let odd = schedule(3, 1, false, 0);
        assert_eq!(
            odd.iter().map(|f| f.pair).collect::<Vec<_>>(),
            vec![1, 2, 3]
        );
    }

    #[test]
    fn shards_split_the_games_without_overlap() {
        let games = schedule(3, 4, false, 1);
        let shards: Vec<Shard> = ["0/3", "1/3", "2/3"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        for fixture in &games {
            let owners = shards.iter().filter(|s| s.contains(fixture.number)).count();
            assert_eq!(owners, 1, "game {}", fixture.number);
        }
        for bad in ["3/3", "1", "a/2", "1/0", "-1/2", "1/2/3", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
