//! The provided methods of `common::game::Board` and its free functions, on a toy game.

use common::game::*;
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// A toy game: a pile of counters, a move takes one or two; who takes the last wins.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pile {
    counters: u32,
    first_to_move: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Won(bool);

impl Outcome for Won {
    type Side = bool;
    fn winner(self) -> Option<bool> {
        Some(self.0)
    }
}

impl Board for Pile {
    type Move = u32;
    type MoveList = Vec<u32>;
    type Side = bool;
    type Outcome = Won;
    type IllegalMoveError = String;
    type ParseMoveError = std::num::ParseIntError;

    const SIDES: [bool; 2] = [true, false];

    fn start() -> Pile {
        Pile {
            counters: 10,
            first_to_move: true,
        }
    }
    fn side_to_move(&self) -> bool {
        self.first_to_move
    }
    fn legal_moves(&self) -> Vec<u32> {
        (1..=self.counters.min(2)).collect()
    }
    fn play(&self, take: u32) -> Pile {
        Pile {
            counters: self.counters - take,
            first_to_move: !self.first_to_move,
        }
    }
    fn try_play(&self, take: u32) -> Result<Pile, String> {
        if self.legal_moves().contains(&take) {
            Ok(self.play(take))
        } else {
            Err(format!("cannot take {take}"))
        }
    }
    fn outcome(&self) -> Option<Won> {
        (self.counters == 0).then_some(Won(!self.first_to_move))
    }
    fn hash(&self) -> u64 {
        u64::from(self.counters) * 2 + u64::from(self.first_to_move)
    }
    fn compute_hash(&self) -> u64 {
        self.hash()
    }
    fn format_move(&self, take: u32) -> String {
        take.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u32, std::num::ParseIntError> {
        text.parse()
    }
}

fn pile(counters: u32) -> Pile {
    Pile {
        counters,
        first_to_move: true,
    }
}

#[test]
fn perft_counts_the_leaves_of_the_move_tree() {
    let counts: Vec<u64> = (0..6).map(|d| pile(10).perft(d)).collect();
    assert_eq!(counts, [1, 2, 4, 8, 16, 32]);
    assert_eq!(pile(3).perft(3), 1, "only 1+1+1 lasts three moves");
    assert_eq!(pile(0).perft(4), 0, "an ended game has no sequences");
    assert_eq!(perft::<Pile>(3), 8);
}

#[test]
fn a_line_of_moves_reaches_its_position_or_names_the_move_it_refuses() {
    let positions = Pile::line_positions(" 1, 2 ,,2").unwrap();
    let counters: Vec<u32> = positions.iter().map(|p| p.counters).collect();
    assert_eq!(counters, [10, 9, 7, 5]);
    assert_eq!(Pile::after_line("").unwrap(), Pile::start());
    assert_eq!(Pile::after_line("2,1").unwrap().counters, 7);
    let refused = Pile::after_line("1,x").unwrap_err();
    assert!(refused.starts_with("'x': "), "{refused}");
    let refused = Pile::after_line("2,2,2,2,2,1").unwrap_err();
    assert_eq!(refused, "'1': cannot take 1");
}

#[test]
fn the_bench_sets_up_the_position_of_each_line_and_stops_on_an_illegal_one() {
    let boards: Vec<Pile> = common::search::bench_boards(&["", "2,1", "2,2"]);
    let counters: Vec<u32> = boards.iter().map(|p| p.counters).collect();
    assert_eq!(counters, [10, 7, 6]);
    let stopped = std::panic::catch_unwind(|| common::search::bench_boards::<Pile>(&["1", "x"]));
    let message = *stopped.unwrap_err().downcast::<String>().unwrap();
    assert!(message.starts_with("bench position 2: 'x': "), "{message}");
}

#[test]
fn greedy_wins_at_once_and_else_plays_the_best_evaluated_move() {
    // Two counters: taking both wins.
    assert_eq!(pile(2).winning_move(), Some(2));
    assert_eq!(greedy(&pile(2), &[1, 2], |_| 0), Some(2));
    // Offered only the move that does not win, greedy plays it.
    assert_eq!(greedy(&pile(2), &[1], |_| 0), Some(1));
    // No win: the move whose position is worst for the opponent (a multiple of 3 left).
    let evaluate = |p: &Pile| if p.counters % 3 == 0 { -1 } else { 1 };
    assert_eq!(greedy(&pile(4), &[1, 2], evaluate), Some(1));
    assert_eq!(greedy(&pile(5), &[1, 2], evaluate), Some(2));
    // Ties go to the first move.
    assert_eq!(greedy(&pile(5), &[1, 2], |_| 7), Some(1));
    assert_eq!(greedy(&pile(5), &[], |_| 7), None);
}

#[test]
fn the_id_line_gives_side_1_or_2() {
    assert_eq!(parse_id::<Pile>("1"), Some(true));
    assert_eq!(parse_id::<Pile>("2"), Some(false));
    for bad in ["0", "3", "", "1 "] {
        assert_eq!(parse_id::<Pile>(bad), None);
    }
}

#[test]
fn random_moves_are_legal_and_vary() {
    let mut rng = SmallRng::seed_from_u64(1);
    let drawn: Vec<u32> = (0..40)
        .map(|_| random_move(&pile(5), &mut rng).unwrap())
        .collect();
    assert!(drawn.contains(&1) && drawn.contains(&2), "{drawn:?}");
    assert_eq!(random_move(&pile(0), &mut rng), None);
}
