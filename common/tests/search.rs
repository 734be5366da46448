//! The search frame's steps that every game's search shares (`common::search`), on toy moves.

use common::score::INFINITY;
use common::search::*;

#[test]
fn opening_choice_varies_only_the_first_plies_and_is_reproducible() {
    let draw = |seed| {
        let mut choice = OpeningChoice::new(3, seed);
        let moves: Vec<u8> = (0..6).map(|_| choice.choose(0u8, &[1, 2, 3, 4])).collect();
        assert!(!choice.active());
        moves
    };
    assert_eq!(draw(7), draw(7), "the same seed draws the same moves");
    assert!(
        draw(7)[3..].iter().all(|&m| m == 0),
        "later moves are the best"
    );
    let differ = (1..20).any(|seed| draw(seed)[..3] != draw(0)[..3]);
    assert!(differ, "different seeds draw different openings");
}

#[test]
fn opening_choice_with_no_alternative_plays_the_best() {
    let mut choice = OpeningChoice::new(5, 1);
    for _ in 0..5 {
        assert_eq!(choice.choose(9u8, &[]), 9);
    }
}

#[test]
fn pick_move_hands_out_a_stable_sort_by_score() {
    let mut moves = ['a', 'b', 'c', 'd', 'e', 'f'];
    let mut scores = [3, 9, 3, 9, 1, 5];
    let picked: Vec<char> = (0..moves.len())
        .map(|i| pick_move(&mut moves, &mut scores, i))
        .collect();
    assert_eq!(picked, ['b', 'd', 'f', 'a', 'c', 'e']);
    assert_eq!(scores, [9, 9, 5, 3, 3, 1]);
}

#[test]
fn pick_move_by_swap_takes_the_first_best_and_swaps_it_forward() {
    let mut moves = ['a', 'b', 'c', 'd'];
    let mut scores = [1, 5, 2, 5];
    assert_eq!(pick_move_by_swap(&mut moves, &mut scores, 0), 'b');
    assert_eq!((moves, scores), (['b', 'a', 'c', 'd'], [5, 1, 2, 5]));
    assert_eq!(pick_move_by_swap(&mut moves, &mut scores, 1), 'd');
    assert_eq!((moves, scores), (['b', 'd', 'c', 'a'], [5, 5, 2, 1]));
}

#[test]
fn node_best_keeps_the_best_move_raises_alpha_and_cuts_at_beta() {
    let mut node = NodeBest::new(-INFINITY, 0, 10);
    assert!(!node.add('a', -5));
    assert_eq!((node.score, node.best_move, node.alpha), (-5, Some('a'), 0));
    assert!(!node.add('b', 4));
    assert!(!node.add('c', 4), "an equal score keeps the first move");
    assert_eq!((node.score, node.best_move, node.alpha), (4, Some('b'), 4));
    assert!(node.add('d', 12), "a score at beta or above cuts off");
    assert_eq!((node.score, node.best_move), (12, Some('d')));

    let mut quiet = NodeBest::new(3, 0, 10);
    assert_eq!((quiet.score, quiet.alpha, quiet.best_move), (3, 3, None));
    assert!(!quiet.add('e', 2));
    assert_eq!(
        (quiet.score, quiet.best_move),
        (3, None),
        "standing pat stays best"
    );
}

/// The windows a principal variation search asks for, with the child's scores by depth and
/// window.
fn searches(
    index: usize,
    reduction: i32,
    child: impl Fn(i32, i32, i32) -> i32,
) -> (i32, Vec<(i32, i32, i32)>) {
    let mut asked = Vec::new();
    let score = principal_variation_search(index, 5, reduction, (10, 20), |d, a, b| {
        asked.push((d, a, b));
        child(d, a, b)
    });
    (score, asked)
}

#[test]
fn principal_variation_search_re_searches_only_what_beats_alpha() {
    let (score, asked) = searches(0, 1, |_, _, _| 15);
    assert_eq!(
        (score, asked),
        (15, vec![(4, 10, 20)]),
        "the first move: full window"
    );
    let (score, asked) = searches(2, 0, |_, _, _| 10);
    assert_eq!(
        (score, asked),
        (10, vec![(4, 10, 11)]),
        "fails low: one null window"
    );
    let (score, asked) = searches(2, 0, |_, a, b| if b - a == 1 { 11 } else { 14 });
    assert_eq!((score, asked), (14, vec![(4, 10, 11), (4, 10, 20)]));
    let (score, asked) = searches(2, 0, |_, _, _| 25);
    assert_eq!(
        (score, asked),
        (25, vec![(4, 10, 11)]),
        "fails high: no re-search"
    );
    let (score, asked) = searches(3, 2, |d, _, _| if d == 2 { 11 } else { 10 });
    assert_eq!(
        (score, asked),
        (10, vec![(2, 10, 11), (4, 10, 11)]),
        "a reduced move that beats alpha is searched again unreduced"
    );
    let (score, asked) = searches(3, 2, |d, a, b| if d == 2 || b - a > 1 { 12 } else { 11 });
    assert_eq!(
        (score, asked),
        (12, vec![(2, 10, 11), (4, 10, 11), (4, 10, 20)])
    );
}

#[test]
fn a_new_killer_goes_first_and_an_old_first_one_stays() {
    let mut killers = [None, None];
    remember_killer(&mut killers, 3u8);
    assert_eq!(killers, [Some(3), None]);
    remember_killer(&mut killers, 5);
    assert_eq!(killers, [Some(5), Some(3)]);
    remember_killer(&mut killers, 5);
    assert_eq!(killers, [Some(5), Some(3)]);
    remember_killer(&mut killers, 3);
    assert_eq!(killers, [Some(3), Some(5)]);
    let mut h = 90;
    reward_history(&mut h, 3, 100);
    assert_eq!(h, 99);
    reward_history(&mut h, 3, 100);
    assert_eq!(h, 100);
}

#[test]
fn immediate_results_carry_their_move_as_the_pv() {
    let r = SearchResult::immediate(Some(4u8), 10);
    assert_eq!(
        (r.best, r.score, r.depth, r.pv.as_slice()),
        (Some(4), 10, 0, &[4][..])
    );
    assert!(SearchResult::<u8>::immediate(None, 0).pv.is_empty());
}

/// The windows `aspiration` (from depth 4, 60 on each side) asks for at `depth` around
/// `previous`, when its passes fail as `fails` says (true: low, false: high) and the next ends.
fn windows(previous: i32, depth: u32, fails: &[bool]) -> Vec<(i32, i32)> {
    let mut asked = Vec::new();
    let done = aspiration(previous, (depth, 4), 60, |alpha, beta| {
        asked.push((alpha, beta));
        match fails.get(asked.len() - 1) {
            Some(true) => WindowPass::FailLow,
            Some(false) => WindowPass::FailHigh,
            None => WindowPass::Done(asked.len()),
        }
    });
    assert_eq!(done, fails.len() + 1);
    asked
}

#[test]
fn aspiration_widens_the_failing_side_twice_as_far_each_time() {
    assert_eq!(windows(100, 5, &[]), [(40, 160)]);
    assert_eq!(
        windows(100, 5, &[true, true, false]),
        [(40, 160), (-80, 160), (-320, 160), (-320, 640)]
    );
    // Below its depth, or around a decisive score, the window is full.
    assert_eq!(windows(100, 3, &[]), [(-INFINITY, INFINITY)]);
    let mate = common::score::win_in(3);
    assert_eq!(windows(mate, 5, &[]), [(-INFINITY, INFINITY)]);
    // Widening stops at the full window.
    let low = windows(0, 5, &[true; 10]);
    assert_eq!(low.last(), Some(&(-INFINITY, 60)));
}
