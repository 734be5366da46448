//! The game-agnostic frame of every bot's search: what a search may spend ([`Limits`]), what it
//! returns ([`SearchResult`]), and how the first moves of a game are varied ([`OpeningChoice`]).
//!
//! # One dialect in five crates
//!
//! Every `<game>-bot/src/search.rs` has the same shape, so that knowing one means knowing all
//! (`docs/vocabulary.md` lists every shared word):
//!
//! - no tunable of its own: they are named constants in the crate's `params.rs`
//!   (`TABLE_BYTES`, `MAX_DEPTH`, `MAX_PLY`, ordering keys `ORDER_*`, `HISTORY_MAX`,
//!   `HISTORY_AGING`, reductions `LMR_*`, `OPENING_MARGIN`, the `TIME_POLICY`);
//! - `Searcher::new(table_bytes)`, `Searcher::clear()`;
//! - `Searcher::search(&mut self, board: &Board, limits: &Limits) -> SearchResult<Move>`, the
//!   iteration driver (iterative deepening, logging, and time: before each iteration the one
//!   rule [`Deadline::may_start_iteration`]), which calls
//! - `Searcher::root_search(&mut self, board, root_moves: &mut MoveList, depth: u32, ...) ->
//!   Option<RootIteration<Move>>`, one iteration over the root moves ([`RootIteration`]), which
//!   calls
//! - `Searcher::negamax(&mut self, board: &Board, depth: i32, alpha: i32, beta: i32, ply: usize)
//!   -> i32` (the game's own node: its opening is where the game knowledge lives), then
//!   `quiescence` with the same argument order less `depth` where the game has one;
//! - the ordering keys of a node's moves from a free function, `score_moves(board, moves,
//!   table_move, killers, history, ...)`, which returns them;
//! - one move-picking routine (`pick_move`: the selection step over scored moves, [`pick_move`]
//!   where the crate's is the stable one, [`pick_move_by_swap`] where it swaps), killers
//!   `killers: [[Option<Move>; 2]; MAX_PLY]`, `history`, the principal variation `pv`;
//! - in every `negamax`, the same rule for each move ([`principal_variation_search`]) and the
//!   same bookkeeping of the best score ([`NodeBest`]), while what the node does before and
//!   after its moves stays the game's own;
//! - `near_best_moves` for [`OpeningChoice`];
//! - `BENCH_POSITIONS`, `BENCH_DEPTH` and `bench(depth: Option<u32>) -> u64`.

use crate::clock::Deadline;
use arrayvec::ArrayVec;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The longest principal variation a result carries.
pub const PV_CAPACITY: usize = 32;

/// What one search may spend: a deadline (soft and hard budgets) and a depth.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// When to stop starting iterations (soft) and when to stop at once (hard).
    pub deadline: Deadline,
    /// Iterative deepening stops after this depth.
    pub max_depth: u32,
}

impl Limits {
    /// Search until `deadline`, at most `max_depth` plies deep.
    pub fn new(deadline: Deadline, max_depth: u32) -> Limits {
        Limits {
            deadline,
            max_depth,
        }
    }

    /// A fixed-depth search without a time limit (bench, tests).
    pub fn depth(max_depth: u32) -> Limits {
        Limits::new(Deadline::unlimited(), max_depth)
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the side to move has no legal move.
    pub best: Option<M>,
    /// Its score for the side to move (see [`crate::score`]).
    pub score: i32,
    /// The deepest completed iteration (0 when the move needed no search).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: ArrayVec<M, PV_CAPACITY>,
}

impl<M: Copy + Default> SearchResult<M> {
    /// A result that needed no search: `best` with `score`, or no move at all.
    pub fn immediate(best: Option<M>, score: i32) -> SearchResult<M> {
        let mut pv = ArrayVec::new();
        if let Some(m) = best {
            pv.push(m);
        }
        SearchResult {
            best,
            score,
            depth: 0,
            nodes: 0,
            pv,
        }
    }
}

/// What one iteration over the root moves (a crate's `Searcher::root_search`) found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootIteration<M> {
    /// The best move of the iteration (so far, if it is not complete).
    pub best: M,
    /// Its score for the side to move.
    pub score: i32,
    /// False when the clock stopped the iteration: `best` is then the best move of the root
    /// moves searched before it stopped.
    pub complete: bool,
}

/// The selection step of move ordering: brings the best-scored of `moves[index..]` to `index`
/// (its score with it) and returns it. Of equal scores the first wins and the others keep their
/// order, so taking every index in turn gives the stable sort by score, without sorting the moves
/// a cutoff never reaches.
pub fn pick_move<M: Copy>(moves: &mut [M], scores: &mut [i32], index: usize) -> M {
    let mut best = index;
    for i in index + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves[index..=best].rotate_right(1);
    scores[index..=best].rotate_right(1);
    moves[index]
}

/// The selection step by swapping: brings the best-scored of `moves[index..]` to `index` (its
/// score with it) by swapping it with the move there, and returns it. Of equal scores the first
/// wins, but the move it displaces lands further back: another order of ties than
/// [`pick_move`]'s, a little cheaper.
pub fn pick_move_by_swap<M: Copy>(moves: &mut [M], scores: &mut [i32], index: usize) -> M {
    let mut best = index;
    for i in index + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(index, best);
    scores.swap(index, best);
    moves[index]
}

/// The alpha-beta bookkeeping of one node over its moves: the best score and move so far, and
/// the window `alpha..beta`, whose lower edge rises with the best score. The node's table entry
/// is bounded against its original window: `Bound::of(node.score, alpha, beta)`.
#[derive(Debug)]
pub struct NodeBest<M> {
    /// The best score so far.
    pub score: i32,
    /// The move that scored it (`None` before the first move, or while standing pat is best).
    pub best_move: Option<M>,
    /// The window's lower edge: the node's alpha, raised by every better score.
    pub alpha: i32,
    /// The window's upper edge: a score there or above cuts the node off.
    pub beta: i32,
}

impl<M: Copy> NodeBest<M> {
    /// A node searched within `alpha..beta` (`alpha < beta`) whose best score so far is `score`:
    /// `-INFINITY` before any move, or the stand-pat score of a quiescence node (below `beta`).
    pub fn new(score: i32, alpha: i32, beta: i32) -> NodeBest<M> {
        NodeBest {
            score,
            best_move: None,
            alpha: alpha.max(score),
            beta,
        }
    }

    /// Takes in the score of `m`; true when it cuts the node off (the caller stops there).
    pub fn add(&mut self, m: M, score: i32) -> bool {
        if score > self.score {
            self.score = score;
            self.best_move = Some(m);
        }
        self.alpha = self.alpha.max(score);
        self.alpha >= self.beta
    }
}

/// Principal variation search of the `index`-th move of a node at `depth` with window
/// `alpha..beta`, reduced by `reduction` plies (late move reduction; 0 for none).
/// `search(depth, alpha, beta)` is the move's score (its child's negated) from a search to
/// `depth` within that window. The first move gets the full window; a later one is first proved
/// no better than `alpha` with a null window at the reduced depth, searched again unreduced if
/// it beats `alpha`, and with the full window only if its score then falls inside it. Once the
/// clock has stopped the caller throws the score away.
pub fn principal_variation_search(
    index: usize,
    depth: i32,
    reduction: i32,
    (alpha, beta): (i32, i32),
    mut search: impl FnMut(i32, i32, i32) -> i32,
) -> i32 {
    if index == 0 {
        return search(depth - 1, alpha, beta);
    }
    let mut score = search(depth - 1 - reduction, alpha, alpha + 1);
    if reduction > 0 && score > alpha {
        score = search(depth - 1, alpha, alpha + 1);
    }
    if score > alpha && score < beta {
        score = search(depth - 1, alpha, beta);
    }
    score
}

/// Makes `m`, a quiet move that cut off, the first killer of its ply and the old first the
/// second; a move already first stays where it is.
pub fn remember_killer<M: Copy + PartialEq>(killers: &mut [Option<M>; 2], m: M) {
    if killers[0] != Some(m) {
        killers[1] = killers[0];
        killers[0] = Some(m);
    }
}

/// Credits a history score with a cutoff at `depth`: `depth²` more, capped at `max`.
pub fn reward_history(score: &mut i32, depth: i32, max: i32) {
    *score = (*score + depth * depth).min(max);
}

/// `--opening-plies N`: the bot's first N own moves are drawn at random, seeded by `--seed`,
/// among the moves its search sees as no worse than the best by more than the game's
/// `OPENING_MARGIN`, and never among moves it sees as losing. Two games of a pair get the same
/// seed with seats swapped, so each side of the pair plays from the same varied openings.
#[derive(Clone, Debug)]
pub struct OpeningChoice {
    plies_left: u32,
    rng: SmallRng,
}

impl OpeningChoice {
    /// Varies the first `plies` own moves, drawing with `seed`.
    pub fn new(plies: u32, seed: u64) -> OpeningChoice {
        OpeningChoice {
            plies_left: plies,
            rng: SmallRng::seed_from_u64(seed),
        }
    }

    /// True while the next own move is to be drawn.
    pub fn active(&self) -> bool {
        self.plies_left > 0
    }

    /// Draws this move among `best` and the `near_best` alternatives (which the caller has
    /// checked are within the margin and not losing), and counts one own move. After the first
    /// N moves it always returns `best`.
    pub fn choose<M: Copy>(&mut self, best: M, near_best: &[M]) -> M {
        if self.plies_left == 0 {
            return best;
        }
        self.plies_left -= 1;
        match self.rng.gen_range(0..=near_best.len()) {
            0 => best,
            i => near_best[i - 1],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::INFINITY;

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
}
