//! The one iterative deepening's decisions (`common::deepening`), each on a scripted searcher
//! over a toy game: what it plays without a search, when it stops, what it keeps of an
//! iteration the clock cut, the aspiration window, the root's table entry and the verbose line.

use common::clock::SearchClock;
use common::deepening::{iterative_deepening, Root, RootSearch};
use common::game::{Board, Outcome};
use common::score::{win_in, INFINITY};
use common::search::{Limits, RootIteration, SearchResult};
use common::transposition::{Bound, PackedMove, TranspositionTable};

/// A toy game: a pile of counters, a move takes one to three; who takes the last wins.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pile(u8);

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Take(u8);

impl PackedMove for Take {
    fn pack(self) -> u16 {
        u16::from(self.0)
    }
    fn unpack(code: u16) -> Take {
        Take(code as u8)
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Won;

impl Outcome for Won {
    type Side = ();
    fn winner(self) -> Option<()> {
        Some(())
    }
}

impl Board for Pile {
    type Move = Take;
    type MoveList = Vec<Take>;
    type Side = ();
    type Outcome = Won;
    type IllegalMoveError = String;
    type ParseMoveError = std::num::ParseIntError;
    const SIDES: [(); 2] = [(), ()];

    fn start() -> Pile {
        Pile(20)
    }
    fn side_to_move(&self) {}
    fn legal_moves(&self) -> Vec<Take> {
        (1..=self.0.min(3)).map(Take).collect()
    }
    fn play(&self, m: Take) -> Pile {
        Pile(self.0 - m.0)
    }
    fn try_play(&self, m: Take) -> Result<Pile, String> {
        self.legal_moves()
            .contains(&m)
            .then(|| self.play(m))
            .ok_or_else(|| format!("cannot take {}", m.0))
    }
    fn outcome(&self) -> Option<Won> {
        (self.0 == 0).then_some(Won)
    }
    fn hash(&self) -> u64 {
        u64::from(self.0) + 1
    }
    fn compute_hash(&self) -> u64 {
        self.hash()
    }
    fn format_move(&self, m: Take) -> String {
        m.0.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<Take, std::num::ParseIntError> {
        text.parse().map(Take)
    }
}

/// One scripted iteration: the root's answer at its depth, the nodes it costs, and a score it
/// gives every move (for the aspiration window; `None`: the answer whatever the window).
#[derive(Clone, Copy)]
struct Step {
    best: u8,
    score: i32,
    nodes: u64,
}

/// A searcher that plays a script: at depth d the best move and score of `steps[d - 1]`, at a
/// cost in nodes; the clock's node limit cuts an iteration, which then answers its best if
/// `partial_best` (a move completed before the clock stopped) and nothing otherwise.
struct Scripted {
    clock: SearchClock,
    table: TranspositionTable<Take>,
    steps: Vec<Step>,
    partial_best: bool,
    root: Option<Root<Take>>,
    cap: u32,
    passes: Vec<(u32, i32, i32)>,
    fail_highs: Vec<Take>,
    lines: Vec<String>,
}

impl Scripted {
    fn new(steps: &[(u8, i32, u64)]) -> Scripted {
        Scripted {
            clock: SearchClock::new(Limits::depth(1).deadline),
            table: TranspositionTable::with_bytes(1 << 12),
            steps: steps
                .iter()
                .map(|&(best, score, nodes)| Step { best, score, nodes })
                .collect(),
            partial_best: true,
            root: None,
            cap: 100,
            passes: Vec::new(),
            fail_highs: Vec::new(),
            lines: Vec::new(),
        }
    }
}

impl RootSearch<Pile> for Scripted {
    fn clock(&mut self) -> &mut SearchClock {
        &mut self.clock
    }
    fn table(&mut self) -> &mut TranspositionTable<Take> {
        &mut self.table
    }
    fn verbose(&self) -> bool {
        true
    }
    fn log(&mut self, line: &str) {
        self.lines.push(line.to_string());
    }
    fn start_search(&mut self, board: &Pile) -> Root<Take> {
        self.root
            .take()
            .unwrap_or_else(|| Root::Moves(board.legal_moves()))
    }
    fn depth_cap(&self, _board: &Pile) -> u32 {
        self.cap
    }
    fn aspiration(&self) -> Option<(u32, i32)> {
        Some((3, 10))
    }
    fn unstable_score_drop(&self) -> i32 {
        50
    }
    fn search_root(
        &mut self,
        _board: &Pile,
        depth: u32,
        (alpha, beta): (i32, i32),
    ) -> Option<RootIteration<Take>> {
        self.passes.push((depth, alpha, beta));
        let step = self.steps[depth as usize - 1];
        for _ in 0..step.nodes {
            if self.clock.tick() {
                return self.partial_best.then_some(RootIteration {
                    best: Take(step.best),
                    score: step.score,
                    complete: false,
                });
            }
        }
        if step.score <= alpha {
            return None;
        }
        Some(RootIteration {
            best: Take(step.best),
            score: step.score.min(beta),
            complete: true,
        })
    }
    fn fail_high(&mut self, best: Take) {
        self.fail_highs.push(best);
    }
    fn null_window_score(&mut self, _child: &Pile, _depth: i32, _threshold: i32) -> i32 {
        0
    }
}

fn best_of(result: &SearchResult<Take>) -> Option<u8> {
    result.best.map(|m| m.0)
}

#[test]
fn without_a_search_no_move_gives_none_one_move_is_played_and_a_win_on_the_spot_too() {
    let mut searcher = Scripted::new(&[]);
    let none = iterative_deepening(&mut searcher, &Pile(0), &Limits::depth(5));
    assert_eq!((none.best, none.depth, none.nodes), (None, 0, 0));
    searcher.root = Some(Root::Moves(vec![Take(2)]));
    let one = iterative_deepening(&mut searcher, &Pile(9), &Limits::depth(5));
    assert_eq!((best_of(&one), one.score, one.depth), (Some(2), 0, 0));
    let win = iterative_deepening(&mut searcher, &Pile(3), &Limits::depth(5));
    assert_eq!((best_of(&win), win.score), (Some(3), win_in(1)));
    assert!(searcher.passes.is_empty(), "no iteration was searched");
}

#[test]
fn a_root_the_game_decides_is_answered_as_decided() {
    let mut searcher = Scripted::new(&[]);
    searcher.root = Some(Root::Decided(SearchResult::immediate(Some(Take(1)), -77)));
    let result = iterative_deepening(&mut searcher, &Pile(20), &Limits::depth(5));
    assert_eq!((best_of(&result), result.score), (Some(1), -77));
    assert!(searcher.passes.is_empty());
}

#[test]
fn iterations_run_to_the_depth_limit_or_the_games_cap_and_store_the_roots_exact_entry() {
    let steps = [(1, 5, 10), (2, 8, 10), (3, 6, 10), (1, 7, 10), (2, 7, 10)];
    let mut searcher = Scripted::new(&steps);
    let result = iterative_deepening(&mut searcher, &Pile(20), &Limits::depth(4));
    assert_eq!(
        (best_of(&result), result.score, result.depth),
        (Some(1), 7, 4)
    );
    assert_eq!(result.nodes, 40);
    let entry = searcher.table.probe(Pile(20).hash(), 0).expect("the root");
    assert_eq!(
        (entry.best, entry.score, entry.bound),
        (Some(Take(1)), 7, Bound::Exact)
    );
    assert_eq!(result.pv.first(), Some(&Take(1)));

    let mut capped = Scripted::new(&steps);
    capped.cap = 2;
    let result = iterative_deepening(&mut capped, &Pile(20), &Limits::depth(5));
    assert_eq!((best_of(&result), result.depth), (Some(2), 2));
}

#[test]
fn a_result_forced_within_the_depth_searched_stops_the_search_and_one_further_off_does_not() {
    let steps = [(1, 0, 1), (2, win_in(7), 1), (3, win_in(3), 1), (1, 0, 1)];
    let mut searcher = Scripted::new(&steps);
    let result = iterative_deepening(&mut searcher, &Pile(20), &Limits::depth(4));
    assert_eq!((best_of(&result), result.depth), (Some(3), 3));
}

#[test]
fn an_iteration_the_clock_cut_keeps_its_best_if_a_move_completed_else_the_last_iterations() {
    // Depth 3 costs 100 nodes; the clock looks every CHECK_INTERVAL nodes, so the node limit
    // is set in whole intervals.
    let interval = SearchClock::CHECK_INTERVAL;
    let steps = [(1, 5, interval), (2, 6, interval), (3, 9, 10 * interval)];
    let limits = Limits::depth(10).with_max_nodes(Some(3 * interval));
    let mut kept = Scripted::new(&steps);
    let result = iterative_deepening(&mut kept, &Pile(20), &limits);
    assert_eq!(
        (best_of(&result), result.score, result.depth),
        (Some(3), 9, 2)
    );

    let mut dropped = Scripted::new(&steps);
    dropped.partial_best = false;
    let result = iterative_deepening(&mut dropped, &Pile(20), &limits);
    assert_eq!(
        (best_of(&result), result.score, result.depth),
        (Some(2), 6, 2)
    );
}

#[test]
fn a_window_that_fails_widens_on_its_failing_side_until_the_score_is_inside() {
    // From depth 3 the window is 10 either side of the last score, and a failing side moves
    // twice as far each time: depth 3 (55, after 20) fails high at 30 and at 50, depth 4 (40,
    // after 55) fails low at 45.
    let steps = [(1, 10, 1), (2, 20, 1), (3, 55, 1), (1, 40, 1)];
    let mut searcher = Scripted::new(&steps);
    let result = iterative_deepening(&mut searcher, &Pile(20), &Limits::depth(4));
    assert_eq!((best_of(&result), result.score), (Some(1), 40));
    let passes: Vec<(u32, i32, i32)> = searcher.passes.clone();
    assert_eq!(
        passes,
        [
            (1, -INFINITY, INFINITY),
            (2, -INFINITY, INFINITY),
            (3, 10, 30),
            (3, 10, 50),
            (3, 10, 90),
            (4, 45, 65),
            (4, 25, 65),
        ]
    );
    assert_eq!(searcher.fail_highs, [Take(3), Take(3)]);
}

#[test]
fn each_completed_iteration_logs_one_line_with_its_variation_as_a_line_of_moves() {
    let mut searcher = Scripted::new(&[(1, 5, 1), (2, 6, 1)]);
    iterative_deepening(&mut searcher, &Pile(20), &Limits::depth(2));
    assert_eq!(searcher.lines.len(), 2);
    let line = &searcher.lines[1];
    assert!(line.starts_with("depth 2 score 6 nodes 2 nps "), "{line}");
    assert!(line.ends_with(" pv 2"), "{line}");
}
