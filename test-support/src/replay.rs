//! Whole games recorded through a game's referee, and the checks every game's replay page
//! passes: a frame per position, the last frame the drawing of the final position, an illegal
//! or malformed ply reported with its line.

use common::game::{Board, Outcome as _};
use std::time::Duration;
use tools::runner::{replay, Drawing, Game, GameView, RecordWriter, Referee};

/// The drawing of `G`, which every game with a replay page has.
fn drawing<G: Game>() -> &'static dyn Drawing<G::Board> {
    G::DRAWING.expect("the game draws its positions")
}

/// A game played through the referee of `G`: its record, every position from the start, and the
/// replies.
pub struct RecordedGame<P> {
    /// The record, as the referee writes it.
    pub text: String,
    /// The positions, the start first and the final one last.
    pub positions: Vec<P>,
    /// The replies, one a ply.
    pub replies: Vec<String>,
}

/// Plays a game through the referee of `G` and records it. `pick(position, n)` chooses the reply
/// in `position`, the `n`th position of the game counting the start as the first, and returns
/// it with the position the game crate's rules give after it: the referee must reach the same.
/// The game stops where the rules end it, or drawn after `max_plies` plies.
pub fn game_record<G: Game>(
    mut pick: impl FnMut(&G::Board, usize) -> (String, G::Board),
    max_plies: Option<usize>,
) -> RecordedGame<G::Board> {
    let mut referee = Referee::<G>::new();
    let mut record = RecordWriter::new(G::NAME, ["one", "two"]);
    let mut positions = vec![*referee.board()];
    let mut replies = Vec::new();
    loop {
        let (reply, after) = pick(positions.last().expect("a position"), positions.len());
        let seat = referee.to_move();
        let end = referee.play(&reply).expect("a legal move");
        assert_eq!(
            *referee.board(),
            after,
            "the referee plays {reply} as the rules do"
        );
        positions.push(after);
        record.ply(seat, &reply, Duration::from_millis(positions.len() as u64));
        replies.push(reply);
        let text = match end {
            Some(end) => record.finish(end.winner, &end.reason),
            None if Some(replies.len()) == max_plies => {
                let reason = format!("ply limit ({} plies)", replies.len());
                record.finish(None, &reason)
            }
            None => continue,
        };
        return RecordedGame {
            text,
            positions,
            replies,
        };
    }
}

/// A game of varied legal moves through the referee of `G`: in the `n`th position (the start
/// counting as the first) the move at index `(7 seed + 13 n) mod len` of `moves(position)`,
/// printed and played by `reply`, which returns the reply and the position after it.
pub fn varied_game<G, M, L>(
    seed: usize,
    moves: impl Fn(&G::Board) -> L,
    reply: impl Fn(&G::Board, M) -> (String, G::Board),
) -> RecordedGame<G::Board>
where
    G: Game,
    M: Copy,
    L: AsRef<[M]>,
{
    let pick = |position: &G::Board, n: usize| {
        let list = moves(position);
        let moves = list.as_ref();
        reply(position, moves[(seed * 7 + n * 13) % moves.len()])
    };
    game_record::<G>(pick, None)
}

/// [`check_replay`] for every game of `games`, then `check(final position, last frame, replay)`
/// for what the game's own page shows of it.
pub fn check_replays<G: Game>(
    games: impl IntoIterator<Item = RecordedGame<G::Board>>,
    mut check: impl FnMut(&G::Board, &str, &GameView),
) {
    for game in games {
        let view = check_replay::<G>(&game);
        let last_frame = view.frames.last().expect("a frame");
        check(
            game.positions.last().expect("a position"),
            last_frame,
            &view,
        );
    }
}

/// Replays a recorded game and checks what every replay page shows of it: no problem, a frame
/// per position, the last frame the drawing of the final position with the last reply marked.
/// Returns the replay for the game's own checks.
pub fn check_replay<G: Game>(game: &RecordedGame<G::Board>) -> GameView {
    let view = replay::<G>(drawing::<G>(), "game", &game.text);
    assert!(view.problems.is_empty(), "{:?}", view.problems);
    assert_eq!(view.frames.len(), game.positions.len());
    let n = game.positions.len() - 1;
    let expected = drawing::<G>().draw(
        &game.positions[n],
        Some((&game.positions[n - 1], game.replies[n - 1].as_str())),
    );
    assert_eq!(view.frames.last(), Some(&expected));
    view
}

/// Checks that a record whose third ply, on line `line_number`, is replaced by `illegal` is
/// replayed up to it and reported as an illegal move on that line, and by `malformed` as a
/// malformed move. (In a record the referee writes, with a time line after each ply, the third
/// ply is on line 8.)
pub fn check_bad_third_ply<G: Game>(
    text: &str,
    line_number: usize,
    illegal: &str,
    malformed: &str,
) {
    let mut lines: Vec<&str> = text.lines().collect();
    let ply = line_number - 1;
    assert!(
        lines[ply].starts_with("1 "),
        "a ply of Player 1: {}",
        lines[ply]
    );
    lines[ply] = illegal;
    let view = replay::<G>(drawing::<G>(), "bad", &lines.join("\n"));
    assert_eq!(view.frames.len(), 3);
    assert_eq!(view.problems[0].line_number, line_number);
    assert!(
        view.problems[0].message.starts_with("illegal move"),
        "{:?}",
        view.problems
    );
    lines[ply] = malformed;
    let view = replay::<G>(drawing::<G>(), "bad", &lines.join("\n"));
    assert_eq!(view.problems[0].line_number, line_number);
    assert!(
        view.problems[0].message.starts_with("malformed move"),
        "{:?}",
        view.problems
    );
}

/// The plies of a record the referee wrote: the opening plies (`# opening: <seat> <reply>`) as
/// written, and every ply, the opening's included, as `(seat, reply)` in order.
pub fn record_plies(record: &str) -> (Vec<String>, Vec<(String, String)>) {
    let mut opening = Vec::new();
    let mut plies = Vec::new();
    for line in record.lines() {
        let ply = match line.strip_prefix("# opening: ") {
            Some(ply) => {
                opening.push(ply.to_string());
                ply
            }
            None if line.starts_with('#') => continue,
            None => line,
        };
        let (seat, reply) = ply.split_once(' ').expect("a ply is `<seat> <reply>`");
        plies.push((seat.to_string(), reply.to_string()));
    }
    (opening, plies)
}

/// Checks that a record the referee wrote replays by the rules of `B` from the start: each ply
/// (the opening's included) played for the seat of the side to move (Player 1 the board's first
/// side), read by the board's notation and legal, the game over after the last, and the result
/// line naming the board's winner by seat. Returns the final position.
pub fn check_record_replays<B: Board>(record: &str) -> B {
    let mut board = B::start();
    for (seat, reply) in record_plies(record).1 {
        let first = board.side_to_move() == B::SIDES[0];
        assert_eq!(seat, if first { "1" } else { "2" }, "{reply}: {record}");
        let m = board
            .parse_move(&reply)
            .unwrap_or_else(|e| panic!("'{reply}': {e}\n{record}"));
        board = board
            .try_play(m)
            .unwrap_or_else(|e| panic!("'{reply}': {e}\n{record}"));
    }
    let outcome = board.outcome().expect("the record ends the game");
    let winner = match outcome.winner() {
        Some(side) if side == B::SIDES[0] => "p1",
        Some(_) => "p2",
        None => "draw",
    };
    let result = record.lines().last().expect("a result line");
    assert!(
        result.starts_with(&format!("# result: {winner} ")),
        "{result}: {record}"
    );
    board
}

/// How many frames of `view` draw an element of exactly the class `class`.
pub fn frames_with(view: &GameView, class: &str) -> usize {
    let needle = format!("class=\"{class}\"");
    view.frames.iter().filter(|f| f.contains(&needle)).count()
}

/// How many elements of `svg` have exactly the class `class`.
pub fn count(svg: &str, class: &str) -> usize {
    svg.matches(&format!("class=\"{class}\"")).count()
}
