//! A game's record replayed through the game's own rules (a [`Referee`] of its [`Game`]), drawing
//! each position with its [`Drawing`], so that a page cannot show a position the rules would not
//! reach. A record that cannot be read to its end (truncated, of another game, an illegal ply)
//! is replayed up to the damage, and the damage is reported with its line number. `lines` replays
//! its records through the same rules without drawing them (`rules_problems`), and leaves out
//! those the rules refuse.

use crate::runner::game::drawing::Drawing;
use crate::runner::game::referee::Referee;
use crate::runner::game::{Game, GameEnd, Scoring, Seat};
use crate::runner::records::record::{parse_record, Problem, Record, RecordPly};

/// One game's record replayed through its rules.
#[derive(Clone, Debug)]
pub struct GameView {
    /// Where the game comes from: `game 3`, or a record's file name.
    pub(crate) label: String,
    /// The names the summary gives the players, by seat (the record's commands by default).
    pub(crate) players: [String; 2],
    /// The record as read: the players' commands, the set-up, the calls made again, every ply
    /// and the result (its problems are in `problems`, with the replay's).
    pub(crate) record: Record,
    /// How many of the record's opening plies the rules accepted (see [`GameView::opening`]).
    pub(crate) opening_accepted: usize,
    /// How many of the record's players' plies the rules accepted (see [`GameView::moves`]).
    pub(crate) moves_accepted: usize,
    /// Each ply of the opening, then of the moves, written as the page lists it: in the frame of
    /// the drawing ([`Drawing::board_frame_move`]), or as the player printed it.
    pub notation: Vec<String>,
    /// One drawing per position: the start, then one after each opening ply and each accepted
    /// ply.
    pub frames: Vec<String>,
    /// The end the rules reached on replay, if they did.
    pub rules_end: Option<GameEnd>,
    /// What is wrong with the record, with line numbers.
    pub problems: Vec<Problem>,
    /// How the game's contest counts points, for the page's summary.
    pub(crate) scoring: Scoring,
}

impl GameView {
    /// The same game, with the summary naming its players `players` (by seat).
    pub(crate) fn with_players(mut self, players: [String; 2]) -> GameView {
        self.players = players;
        self
    }

    /// The plies of the opening the rules accepted, played before the players' plies.
    pub(crate) fn opening(&self) -> &[RecordPly] {
        &self.record.opening[..self.opening_accepted]
    }

    /// The players' plies the rules accepted, in order.
    pub(crate) fn moves(&self) -> &[RecordPly] {
        &self.record.plies[..self.moves_accepted]
    }

    /// The winner's seat by the record, `Some(None)` for a draw, `None` without a result.
    pub(crate) fn outcome(&self) -> Option<Option<Seat>> {
        self.record.result.as_ref().map(|result| result.winner)
    }
}

/// Replays the record `text` of a `G` game through `G`'s rules, drawing each position with
/// `drawing` (the game's own, [`Game::DRAWING`]).
pub fn replay<G: Game>(drawing: &dyn Drawing<G::Board>, label: &str, text: &str) -> GameView {
    let mut record = parse_record(text);
    let mut players = record.players.clone();
    for (seat, name) in Seat::BOTH.into_iter().zip(players.iter_mut()) {
        if name.is_empty() {
            *name = format!("(unknown {seat})");
        }
    }
    if players[0] == players[1] {
        // A program against itself: the summary tells the seats apart.
        players = [
            format!("{} (p1)", players[0]),
            format!("{} (p2)", players[1]),
        ];
    }
    let mut check = RulesCheck {
        problems: std::mem::take(&mut record.problems),
        ..RulesCheck::default()
    };
    let mut drawn = Drawn::<G> {
        drawing,
        before: None,
        frames: Vec::new(),
        notation: Vec::new(),
    };
    replay_record::<G>(&record, &mut drawn, &mut check);
    GameView {
        label: label.to_string(),
        players,
        record,
        opening_accepted: check.opening_accepted,
        moves_accepted: check.moves_accepted,
        notation: drawn.notation,
        frames: drawn.frames,
        rules_end: check.rules_end,
        problems: check.problems,
        scoring: Scoring::of::<G>(),
    }
}

/// What the rules say of a record read whole ([`parse_record`]) of a `G` game: every ply played
/// by the rules, as the replay page plays them, and what they refuse, each with its line: a
/// set-up, opening or ply they refuse, a ply out of turn or after the end, a result other than
/// the one they reach. Empty for a record the rules agree with.
pub(crate) fn rules_problems<G: Game>(record: &Record) -> Vec<Problem> {
    let mut check = RulesCheck::default();
    replay_record::<G>(record, &mut (), &mut check);
    check.problems
}

/// How far the rules followed a record, and what they refused.
#[derive(Default)]
struct RulesCheck {
    /// The opening's plies the rules accepted.
    opening_accepted: usize,
    /// The players' plies the rules accepted.
    moves_accepted: usize,
    /// The end the rules reached, if they did.
    rules_end: Option<GameEnd>,
    /// What is wrong with the record, with line numbers.
    problems: Vec<Problem>,
}

/// What a replay does with each position the rules reach, besides checking it: the replay page
/// draws it; the check of `lines` does nothing.
trait Positions<G: Game> {
    /// The game set up, before the first ply.
    fn start(&mut self, _game: &Referee<G>) {}

    /// The game before a ply is played.
    fn before(&mut self, _game: &Referee<G>) {}

    /// `ply`, accepted by the rules, played on `game`.
    fn accepted(&mut self, _game: &Referee<G>, _ply: &RecordPly) {}
}

impl<G: Game> Positions<G> for () {}

/// The drawing of each position, and each ply as the page lists it.
struct Drawn<'a, G: Game> {
    drawing: &'a dyn Drawing<G::Board>,
    /// The position before the ply being played.
    before: Option<G::Board>,
    frames: Vec<String>,
    notation: Vec<String>,
}

impl<G: Game> Positions<G> for Drawn<'_, G> {
    fn start(&mut self, game: &Referee<G>) {
        self.frames.push(self.drawing.draw(game.board(), None));
    }

    fn before(&mut self, game: &Referee<G>) {
        self.before = Some(*game.board());
    }

    fn accepted(&mut self, game: &Referee<G>, ply: &RecordPly) {
        let Some(before) = &self.before else {
            return;
        };
        let reply = ply.line.trim();
        self.frames
            .push(self.drawing.draw(game.board(), Some((before, reply))));
        let listed = self.drawing.board_frame_move(before, reply);
        self.notation
            .push(listed.unwrap_or_else(|| reply.to_string()));
    }
}

/// Replays `record` through `G`'s rules, showing `positions` each position, up to the first ply
/// that cannot be replayed (reported in `check`), and checks its result against the rules' end.
fn replay_record<G: Game>(
    record: &Record,
    positions: &mut impl Positions<G>,
    check: &mut RulesCheck,
) {
    if record.game.is_empty() {
        return;
    }
    if record.game != G::NAME {
        check.problems.insert(
            0,
            Problem::new(
                1,
                format!(
                    "a record of '{}', not of {} (use {}-referee)",
                    record.game,
                    G::NAME,
                    record.game
                ),
            ),
        );
        return;
    }
    let mut game = match &record.setup {
        None => Referee::<G>::new(),
        Some(note) => match Referee::<G>::from_setup(note) {
            Ok(game) => game,
            Err(why) => {
                check
                    .problems
                    .insert(0, Problem::new(1, format!("set-up: {why}")));
                return;
            }
        },
    };
    positions.start(&game);
    if !replay_opening::<G>(&mut game, &record.opening, positions, check) {
        return;
    }
    replay_plies::<G>(&mut game, &record.plies, positions, check);
    check.problems.sort_by_key(|problem| problem.line_number);
    if let (Some(end), Some(result)) = (&check.rules_end, &record.result) {
        if end.winner != result.winner {
            check.problems.push(Problem::new(
                result.line_number,
                format!(
                    "the record gives '{}', but the rules end the game with '{}' ({})",
                    outcome_word(result.winner),
                    outcome_word(end.winner),
                    end.reason
                ),
            ));
        }
    }
}

/// Plays the opening's plies on `game`; false (the problem reported) at the first one that is
/// not for the seat to move, or that the rules refuse or that ends the game.
fn replay_opening<G: Game>(
    game: &mut Referee<G>,
    opening: &[RecordPly],
    positions: &mut impl Positions<G>,
    check: &mut RulesCheck,
) -> bool {
    for ply in opening {
        positions.before(game);
        let seat = game.to_move();
        let reply = ply.line.trim();
        let problem = match game.play(reply) {
            _ if ply.seat != seat => Some(format!(
                "opening ply for {}, but {seat} was to move",
                ply.seat
            )),
            Err(fault) => Some(format!("opening ply: {fault} ('{reply}' for {seat})")),
            Ok(Some(end)) => Some(format!("the opening ends the game ({})", end.reason)),
            Ok(None) => None,
        };
        if let Some(message) = problem {
            check.problems.push(Problem::new(ply.line_number, message));
            check.problems.sort_by_key(|problem| problem.line_number);
            return false;
        }
        positions.accepted(game, ply);
        check.opening_accepted += 1;
    }
    true
}

/// Plays the players' plies on `game`, up to the first that is out of turn, after the end, or
/// refused by the rules (reported).
fn replay_plies<G: Game>(
    game: &mut Referee<G>,
    plies: &[RecordPly],
    positions: &mut impl Positions<G>,
    check: &mut RulesCheck,
) {
    for ply in plies {
        if let Some(end) = &check.rules_end {
            check.problems.push(Problem::new(
                ply.line_number,
                format!("a ply after the end of the game ({})", end.reason),
            ));
            return;
        }
        let to_move = game.to_move();
        if ply.seat != to_move {
            check.problems.push(Problem::new(
                ply.line_number,
                format!("{} replied, but {to_move} was to move", ply.seat),
            ));
            return;
        }
        positions.before(game);
        // The runner asks for the input before every reply, which counts the seat's turns.
        let _ = game.input(to_move);
        let reply = ply.line.trim();
        match game.play(reply) {
            Err(fault) => {
                check.problems.push(Problem::new(
                    ply.line_number,
                    format!("{fault} ('{}' by {})", reply, ply.seat),
                ));
                return;
            }
            Ok(end) => {
                positions.accepted(game, ply);
                check.moves_accepted += 1;
                check.rules_end = end;
            }
        }
    }
}

fn outcome_word(winner: Option<Seat>) -> String {
    match winner {
        Some(seat) => seat.to_string(),
        None => "draw".to_string(),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::runner::game::count::Count;

    /// Count to five: each reply adds 1 or 2; who reaches five wins; passing it is illegal.
    pub(crate) type CountGame = Count<5, 2>;

    /// The game, as the drawing of its positions.
    pub(crate) const COUNT: CountGame = Count;

    /// A count game's record replayed and drawn.
    pub(crate) fn replay_count(label: &str, text: &str) -> GameView {
        replay::<CountGame>(&COUNT, label, text)
    }

    pub(crate) const WON: &str = "# count\n# p1: one\n# p2: two\n1 2\n# time: 10\n2 1\n# time: 7\n\
                       1 2\n# time: 3\n# result: p1 reached five\n";

    #[test]
    fn a_whole_game_has_a_frame_per_ply() {
        let view = replay_count("game 1", WON);
        assert!(view.problems.is_empty(), "{:?}", view.problems);
        assert_eq!(view.moves().len(), 3);
        assert_eq!(view.frames.len(), 4);
        assert_eq!(view.frames[0], "<text>0 </text>");
        assert_eq!(view.frames[3], "<text>5 3+2</text>");
        assert_eq!(view.rules_end.as_ref().unwrap().winner, Some(Seat::First));
        assert_eq!(view.players, ["one".to_string(), "two".to_string()]);
        let view = replay_count("unnamed", &WON.replace("# p2: two\n", ""));
        assert_eq!(view.players[1], "(unknown p2)");
        let view = replay_count("self", &WON.replace("# p2: two", "# p2: one"));
        assert_eq!(
            view.players,
            ["one (p1)".to_string(), "one (p2)".to_string()]
        );
    }

    #[test]
    fn an_illegal_ply_stops_the_replay_at_its_line() {
        let view = replay_count("bad", &WON.replace("2 1\n", "2 2\n1 2\n"));
        assert_eq!(view.frames.len(), 3);
        assert_eq!(view.problems.len(), 1, "{:?}", view.problems);
        assert_eq!(view.problems[0].line_number, 7);
        assert!(view.problems[0].message.starts_with("illegal move"));
    }

    #[test]
    fn a_ply_out_of_turn_a_ply_after_the_end_and_a_wrong_result_are_reported() {
        let view = replay_count("turn", &WON.replace("2 1\n", "1 1\n"));
        assert_eq!((view.frames.len(), view.problems[0].line_number), (2, 6));
        let late = WON.replace("# result", "2 1\n# result");
        let view = replay_count("late", &late);
        assert_eq!(view.frames.len(), 4);
        assert_eq!(view.problems[0].line_number, 10);
        let view = replay_count("result", &WON.replace("result: p1", "result: p2"));
        assert_eq!(view.problems.len(), 1);
        assert_eq!(view.problems[0].line_number, 10);
    }
}
