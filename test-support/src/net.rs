//! The checks every game's learned evaluation passes: its inputs' changes from a position to
//! another ([`common::net::Inputs`]) and the search's evaluator ([`common::net::Evaluator`])
//! against the network computed from scratch.

use common::game::Board;
use common::net::Inputs;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::fmt::Debug;

/// `side`'s active inputs, ascending (checked so).
pub fn active_inputs<I: Inputs>(board: &I::Board, side: usize) -> Vec<u16> {
    let mut list = Vec::new();
    I::each_input(board, side, |input| list.push(input));
    assert!(
        list.windows(2).all(|w| w[0] < w[1]),
        "not ascending: {list:?}"
    );
    list
}

/// The changes of `side`'s inputs from `from` to `to`: (switched off, switched on).
pub fn changes<I: Inputs>(from: &I::Board, to: &I::Board, side: usize) -> (Vec<u16>, Vec<u16>) {
    let (mut off, mut on) = (Vec::new(), Vec::new());
    I::each_change(from, to, side, |input, active| {
        if active {
            on.push(input);
        } else {
            off.push(input);
        }
    });
    (off, on)
}

/// For both sides, when `I::distance` finds `parent` and `child` near: the changes switch off
/// only inputs active in `parent` and on only inputs inactive in it, each once, their count is
/// within the distance, and they lead from `parent`'s inputs to `child`'s. `context` names the
/// case in a failure. Returns whether the positions were near.
pub fn check_changes<I: Inputs>(parent: &I::Board, child: &I::Board, context: &dyn Debug) -> bool
where
    I::Board: Debug,
{
    let Some(distance) = I::distance(parent, child) else {
        return false;
    };
    for side in 0..2 {
        let before = active_inputs::<I>(parent, side);
        let (off, on) = changes::<I>(parent, child, side);
        assert!(off.iter().all(|i| before.contains(i)), "{context:?}");
        assert!(on.iter().all(|i| !before.contains(i)), "{context:?}");
        let mut each = off.clone();
        each.extend(&on);
        each.sort_unstable();
        let count = each.len();
        each.dedup();
        assert_eq!(each.len(), count, "an input changed twice: {context:?}");
        assert!(
            count as u32 <= distance,
            "{count} > {distance}: {context:?}"
        );
        let mut after: Vec<u16> = before.into_iter().filter(|i| !off.contains(i)).collect();
        after.extend(&on);
        after.sort_unstable();
        assert_eq!(
            after,
            active_inputs::<I>(child, side),
            "side {side}: {parent:?}\n{context:?}"
        );
    }
    true
}

/// The search's evaluator keeps accumulators from node to node: along random walks of a
/// search (down a random move, back up to a random ply, now and then a jump somewhere else
/// entirely among `positions`), `incremental(board, ply)` gives exactly `from_scratch(board)`,
/// whatever was evaluated before. `plies` is the evaluator's path length; `steps` evaluations.
pub fn check_evaluator_walk<B: Board>(
    positions: &[B],
    plies: usize,
    steps: usize,
    seed: u64,
    mut incremental: impl FnMut(&B, usize) -> i32,
    from_scratch: impl Fn(&B) -> i32,
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut path = vec![positions[0]];
    let (mut downs, mut jumps) = (0, 0);
    for step in 0..steps {
        let board = *path.last().expect("a path of one position at least");
        let ply = path.len() - 1;
        assert_eq!(incremental(&board, ply), from_scratch(&board), "{board:?}");
        let moves = board.legal_moves();
        if step % 97 == 0 {
            path = vec![*positions.choose(&mut rng).expect("positions")];
            jumps += 1;
        } else if board.outcome().is_some() || moves.is_empty() || path.len() == plies {
            let back = rng.gen_range(1..=path.len());
            path.truncate(back);
        } else {
            path.push(board.play(*moves.choose(&mut rng).expect("a move")));
            downs += 1;
        }
    }
    assert!(
        downs > steps / 2 && jumps > 1,
        "{downs} moves, {jumps} jumps"
    );
}
