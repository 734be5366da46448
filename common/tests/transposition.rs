//! The transposition table: sizes, what it keeps and gives back, and the cutoffs of its bounds.

use common::score::win_in;
use common::transposition::*;
/// A move of the tests: a number below 256.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct M(u8);

impl PackedMove for M {
    fn pack(self) -> u16 {
        u16::from(self.0)
    }
    fn unpack(code: u16) -> M {
        M(code as u8)
    }
}

#[test]
fn sizes_to_a_power_of_two_within_the_budget() {
    let table = TranspositionTable::<M>::with_bytes(3 << 20);
    assert_eq!(table.bytes(), 2 << 20);
    assert_eq!(TranspositionTable::<M>::with_bytes(0).bytes(), 16);
}

#[test]
fn table_len_is_the_largest_power_of_two_that_fits_or_the_minimum() {
    let lens: Vec<usize> = [0, 16, 47, 48, 64, 1000]
        .iter()
        .map(|&bytes| table_len::<[u8; 16]>(bytes, 1))
        .collect();
    assert_eq!(lens, [1, 1, 2, 2, 4, 32]);
    assert_eq!(table_len::<[u8; 16]>(100, 4), 4);
    assert_eq!(table_len::<[u8; 16]>(200, 4), 8);
}

#[test]
fn finds_what_it_stored_and_only_that() {
    let mut table = TranspositionTable::<M>::with_bytes(1 << 10);
    let key = 0xDEAD_BEEF_0000_0005;
    assert_eq!(table.probe(key, 0), None);
    table.store(key, 0, 4, 37, Bound::Lower, Some(M(9)));
    let hit = table.probe(key, 0).unwrap();
    assert_eq!(
        (hit.depth, hit.score, hit.bound, hit.best),
        (4, 37, Bound::Lower, Some(M(9)))
    );
    // The same index with another key is another position.
    assert_eq!(table.probe(key ^ (1 << 40), 0), None);
    table.clear();
    assert_eq!(table.probe(key, 0), None);
}

#[test]
fn results_are_stored_relative_to_the_node() {
    let mut table = TranspositionTable::<M>::with_bytes(1 << 10);
    table.store(7, 3, 5, win_in(8), Bound::Exact, None);
    assert_eq!(table.probe(7, 1).unwrap().score, win_in(6));
}

#[test]
fn keeps_a_deeper_bound_and_the_best_move() {
    let mut table = TranspositionTable::<M>::with_bytes(1 << 10);
    table.store(7, 0, 6, 10, Bound::Lower, Some(M(2)));
    table.store(7, 0, 3, 20, Bound::Upper, None);
    assert_eq!(table.probe(7, 0).unwrap().depth, 6);
    table.store(7, 0, 3, 30, Bound::Exact, None);
    let hit = table.probe(7, 0).unwrap();
    assert_eq!((hit.depth, hit.score, hit.best), (3, 30, Some(M(2))));
    // Another position in the same slot replaces it.
    table.store(7 + (1 << 20), 0, 1, 0, Bound::Upper, None);
    assert_eq!(table.probe(7, 0), None);
}

#[test]
fn bounds_follow_the_window() {
    assert_eq!(Bound::of(12, -10, 10), Bound::Lower);
    assert_eq!(Bound::of(10, -10, 10), Bound::Lower);
    assert_eq!(Bound::of(3, -10, 10), Bound::Exact);
    assert_eq!(Bound::of(-10, -10, 10), Bound::Upper);
}

#[test]
fn cutoffs_respect_depth_and_bound() {
    let hit = |bound, score| TableHit::<M> {
        depth: 5,
        score,
        bound,
        best: None,
    };
    assert_eq!(hit(Bound::Exact, 3).cutoff(6, -10, 10), None);
    assert_eq!(hit(Bound::Exact, 3).cutoff(5, -10, 10), Some(3));
    assert_eq!(hit(Bound::Lower, 12).cutoff(5, -10, 10), Some(12));
    assert_eq!(hit(Bound::Lower, 3).cutoff(5, -10, 10), None);
    assert_eq!(hit(Bound::Upper, -12).cutoff(5, -10, 10), Some(-12));
    assert_eq!(hit(Bound::Upper, 3).cutoff(5, -10, 10), None);
}

#[test]
fn a_node_gets_the_move_and_a_cutoff_only_outside_the_principal_variation() {
    let mut table = TranspositionTable::<M>::with_bytes(1 << 10);
    assert_eq!(table.probe_node(7, (0, 3), (-10, 10), false), (None, None));
    table.store(7, 0, 5, 12, Bound::Lower, Some(M(4)));
    assert_eq!(
        table.probe_node(7, (0, 5), (-10, 10), false),
        (Some(M(4)), Some(12))
    );
    // A principal variation node is searched for its exact score; a deeper one needs more.
    assert_eq!(
        table.probe_node(7, (0, 5), (-10, 10), true),
        (Some(M(4)), None)
    );
    assert_eq!(
        table.probe_node(7, (0, 6), (-10, 10), false),
        (Some(M(4)), None)
    );
    // A lower bound within the window ends nothing.
    assert_eq!(
        table.probe_node(7, (0, 5), (-10, 20), false),
        (Some(M(4)), None)
    );
}
