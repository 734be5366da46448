//! Which games a match plays: the pairings of its players, games in pairs with the seats swapped,
//! the seed of each pair, and the share of one machine (`--shard`).

use crate::runner::command_line::bad_value::BadOptionValue;
use std::str::FromStr;

/// One game of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fixture {
    /// 1-based game number over the whole match.
    pub(crate) number: u32,
    /// 1-based pair number over the whole match: the two games of a pair have the same seed and
    /// the seats swapped.
    pub(crate) pair: u32,
    /// The pair's seed, `S + pair` (what `{seed}` becomes in a player's command).
    pub(crate) seed: u64,
    /// The players by seat (indices into the match's players): Player 1, Player 2.
    pub(crate) seats: [usize; 2],
}

/// The games of a match, each found from its number when it is played, so that a match of many
/// games costs no more before its first game than one of two. Every pairing (the first two
/// players only, with two players; the first against each other one with `gauntlet`) plays
/// `games` games in pairs: the first game of a pair seats the pairing's first player as Player
/// 1, the second swaps the seats, both get the pair's seed `seed + pair`. An odd `games` leaves
/// each pairing's last pair with one game; the next pairing starts a new pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Schedule {
    /// The pairings, in order: the players by index, the first seated first.
    pairings: Vec<[usize; 2]>,
    /// Games per pairing.
    games: u32,
    seed: u64,
    /// Games in all, numbered from 1.
    total: u32,
}

/// The numbers of a shard's games, in order, one at a time ([`Schedule::numbers`]).
#[derive(Clone, Debug)]
pub(crate) struct Numbers {
    next: u64,
    last: u64,
    step: u64,
}

impl Iterator for Numbers {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let number = self.next;
        if number > self.last {
            return None;
        }
        self.next += self.step;
        u32::try_from(number).ok()
    }
}

/// A schedule whose numbers do not fit: more games than a game number counts, or a pair's
/// seed past the largest seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ScheduleError(String);

impl std::fmt::Display for ScheduleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for ScheduleError {}

impl Schedule {
    /// The schedule of `players` players (see [`Schedule`]); refused when its games or its seeds
    /// overflow their numbers.
    pub(crate) fn new(
        players: usize,
        games: u32,
        gauntlet: bool,
        seed: u64,
    ) -> Result<Schedule, ScheduleError> {
        let mut pairings = Vec::new();
        for first in 0..players {
            for second in first + 1..players {
                if !gauntlet || first == 0 {
                    pairings.push([first, second]);
                }
            }
        }
        let count = pairings.len() as u64;
        let total = count.saturating_mul(u64::from(games));
        let total = u32::try_from(total).map_err(|_| {
            ScheduleError(format!(
                "--games {games} in each of {count} pairings makes {total} games, over the most \
                 a match numbers, {}",
                u32::MAX
            ))
        })?;
        let schedule = Schedule {
            pairings,
            games,
            seed,
            total,
        };
        if let Some(last) = schedule.total.checked_sub(1).map(|n| schedule.pair_of(n)) {
            if seed.checked_add(u64::from(last)).is_none() {
                return Err(ScheduleError(format!(
                    "--seed {seed}: the seed of pair {last}, {seed} + {last}, is over the largest \
                     seed, {}",
                    u64::MAX
                )));
            }
        }
        Ok(schedule)
    }

    /// The number of games, all shards together.
    pub(crate) fn total(&self) -> u32 {
        self.total
    }

    /// The pair of the game whose number less one is `index`.
    fn pair_of(&self, index: u32) -> u32 {
        let pairs_per_pairing = self.games.div_ceil(2);
        let (pairing, game) = (index / self.games, index % self.games);
        pairing * pairs_per_pairing + game / 2 + 1
    }

    /// Game `number` (from 1 to [`total`](Self::total)).
    pub(crate) fn fixture(&self, number: u32) -> Fixture {
        let index = number - 1;
        let [first, second] = self.pairings[(index / self.games) as usize];
        let game = index % self.games;
        let pair = self.pair_of(index);
        Fixture {
            number,
            pair,
            seed: self.seed + u64::from(pair),
            seats: if game % 2 == 0 {
                [first, second]
            } else {
                [second, first]
            },
        }
    }

    /// The numbers of the games of `shard` (all games without one), in order, one at a time.
    pub(crate) fn numbers(&self, shard: Option<Shard>) -> Numbers {
        let shard = shard.unwrap_or(Shard { index: 0, count: 1 });
        // The first number n >= 1 with n % count == index.
        let first = if shard.index == 0 {
            shard.count
        } else {
            shard.index
        };
        Numbers {
            next: u64::from(first),
            last: u64::from(self.total),
            step: u64::from(shard.count),
        }
    }

    /// How many games `shard` plays (all games without one).
    pub(crate) fn count(&self, shard: Option<Shard>) -> u32 {
        match shard {
            None => self.total,
            Some(shard) => {
                let whole = self.total / shard.count;
                let rest = self.total % shard.count;
                whole + u32::from(shard.index != 0 && shard.index <= rest)
            }
        }
    }

    /// Every game of `shard` (all games without one), in order, one at a time.
    pub(crate) fn fixtures(&self, shard: Option<Shard>) -> impl Iterator<Item = Fixture> + '_ {
        self.numbers(shard).map(|number| self.fixture(number))
    }

    /// Whether the match plays game `number` in `shard`.
    pub(crate) fn plays(&self, number: u32, shard: Option<Shard>) -> bool {
        (1..=self.total).contains(&number) && shard.is_none_or(|shard| shard.contains(number))
    }
}

/// `--shard I/N`: this machine plays the games whose number is I modulo N (`0 <= I < N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shard {
    pub(crate) index: u32,
    pub(crate) count: u32,
}

impl Shard {
    /// Whether game `number` is this shard's.
    pub(crate) fn contains(&self, number: u32) -> bool {
        number % self.count == self.index
    }
}

/// A `--shard` value that is not `I/N` with `0 <= I < N`.
pub(crate) type ShardError = BadOptionValue;

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

    /// Every game of a schedule.
    fn all(players: usize, games: u32, gauntlet: bool, seed: u64) -> Vec<Fixture> {
        let schedule = Schedule::new(players, games, gauntlet, seed).unwrap();
        schedule.fixtures(None).collect()
    }

    #[test]
    fn two_players_play_pairs_with_one_seed_and_seats_swapped() {
        let games: Vec<Fixture> = all(2, 5, false, 100);
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
        let games = all(3, 2, false, 0);
        let pairings: Vec<[usize; 2]> = games.iter().map(|f| f.seats).collect();
        assert_eq!(
            pairings,
            vec![[0, 1], [1, 0], [0, 2], [2, 0], [1, 2], [2, 1]]
        );
        assert_eq!(games.last().map(|f| (f.number, f.pair)), Some((6, 3)));
        let gauntlet = all(4, 2, true, 0);
        assert_eq!(gauntlet.len(), 6);
        assert!(gauntlet.iter().all(|f| f.seats.contains(&0)));
        // Odd game counts: each pairing's last pair has one game, the next pairing a new pair.
        let odd = all(3, 1, false, 0);
        assert_eq!(
            odd.iter().map(|f| f.pair).collect::<Vec<_>>(),
            vec![1, 2, 3]
        );
    }

    #[test]
    fn shards_split_the_games_without_overlap() {
        let games = all(3, 4, false, 1);
        let shards: Vec<Shard> = ["0/3", "1/3", "2/3"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        for fixture in &games {
            let owners = shards.iter().filter(|s| s.contains(fixture.number)).count();
            assert_eq!(owners, 1, "game {}", fixture.number);
        }
        let schedule = Schedule::new(3, 4, false, 1).unwrap();
        for shard in &shards {
            let numbers: Vec<u32> = schedule.numbers(Some(*shard)).collect();
            assert_eq!(
                numbers.len() as u32,
                schedule.count(Some(*shard)),
                "{shard:?}"
            );
            assert!(numbers.iter().all(|&n| schedule.plays(n, Some(*shard))));
        }
        assert_eq!(schedule.numbers(None).count(), 12);
        assert!(!schedule.plays(13, None) && !schedule.plays(0, None));
        for bad in ["3/3", "1", "a/2", "1/0", "-1/2", "1/2/3", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_huge_match_costs_nothing_before_its_games_and_its_numbers_never_overflow() {
        // A hundred million games: the schedule holds its pairings, not its games.
        let schedule = Schedule::new(2, 100_000_000, false, 1).unwrap();
        assert_eq!(schedule.total(), 100_000_000);
        let last = schedule.fixture(100_000_000);
        assert_eq!(
            (last.pair, last.seed, last.seats),
            (50_000_000, 50_000_001, [1, 0])
        );
        let mut shard = schedule.fixtures(Some("3/7".parse().unwrap()));
        assert_eq!(shard.next().map(|f| f.number), Some(3));
        assert_eq!(shard.next().map(|f| f.number), Some(10));
        assert_eq!(schedule.count(Some("0/7".parse().unwrap())), 14_285_714);
        // The largest game count of one pairing fits; three pairings of it do not.
        let most = Schedule::new(2, u32::MAX, false, 0).unwrap();
        assert_eq!(most.fixture(u32::MAX).pair, u32::MAX / 2 + 1);
        assert_eq!(
            Schedule::new(3, u32::MAX, false, 0)
                .unwrap_err()
                .to_string(),
            "--games 4294967295 in each of 3 pairings makes 12884901885 games, over the most a \
             match numbers, 4294967295"
        );
        // A seed whose last pair would pass the largest seed.
        assert_eq!(
            Schedule::new(2, 4, false, u64::MAX - 1)
                .unwrap_err()
                .to_string(),
            "--seed 18446744073709551614: the seed of pair 2, 18446744073709551614 + 2, is over \
             the largest seed, 18446744073709551615"
        );
        assert!(Schedule::new(2, 4, false, u64::MAX - 2).is_ok());
    }
}
