//! One named test per rule of Ka-Boom, as the crate docs state them ("The rules as implemented").

use common::game::Board as _;
use common::game::Outcome as _;
use kaboom::board::{
    Board, IllegalMoveError, Move, MoveKind, Outcome, Player, Setup, Square, COLOUR, COLOUR_NAMES,
};
use kaboom::notation::{format_move, parse_legal, MoveError};
use support::{mid_game, play_lines, sq};

mod support;

fn moves(board: &Board) -> Vec<Move> {
    board.legal_moves().as_slice().to_vec()
}

fn board_from(setup: &Setup) -> Board {
    Board::from_setup(setup).expect("consistent setup")
}

/// The mid-game board of `changes` (as [`mid_game`] makes it), Player 1 to move its ranger of
/// colour `required`.
fn player_one_to_move(changes: &[(Player, u8, Square)], required: u8) -> Board {
    let mut setup = mid_game(changes);
    setup.required = Some(required);
    board_from(&setup)
}

/// `board` rejects each move with its error.
fn check_rejected(board: &Board, cases: impl IntoIterator<Item = (Move, IllegalMoveError)>) {
    for (m, error) in cases {
        assert_eq!(board.check_move(m), Err(error), "{m:?}");
    }
}

#[test]
fn colour_matrix_is_the_kamisado_board() {
    let names = |row: usize| -> Vec<&str> {
        COLOUR[row]
            .iter()
            .map(|&c| COLOUR_NAMES[c as usize])
            .collect()
    };
    assert_eq!(
        names(0),
        ["orange", "blue", "purple", "pink", "yellow", "red", "green", "brown"]
    );
    assert_eq!(
        names(3),
        ["pink", "purple", "blue", "orange", "brown", "green", "red", "yellow"]
    );
    assert_eq!(
        names(7),
        ["brown", "green", "red", "yellow", "pink", "purple", "blue", "orange"]
    );
    for i in 0..8 {
        for j in 0..8 {
            assert_eq!(COLOUR[i][j], COLOUR[7 - i][7 - j], "rotation symmetry");
        }
    }
}

#[test]
fn rangers_start_on_their_own_colour() {
    let board = Board::start();
    for player in Player::BOTH {
        for colour in 0..8 {
            assert_eq!(board.ranger(player, colour).colour(), colour);
            assert_eq!(board.ranger(player, colour).rank_for(player), 0);
        }
    }
    // Player 2's ranger on its own (0, 0) is absolute (7, 7), orange.
    assert_eq!(board.ranger(Player::Two, 0), sq(7, 7));
}

#[test]
fn the_bomb_placements_are_the_first_two_plies() {
    let board = Board::start();
    assert!(board.in_placement());
    let first = moves(&board);
    assert_eq!(first.len(), 8);
    assert!(first.iter().all(|m| m.kind() == MoveKind::Place));
    let board = play_lines(&["3"]);
    assert_eq!(board.bomb(Player::One), Some(sq(0, 3)));
    assert_eq!(board.side_to_move(), Player::Two);
    assert_eq!(moves(&board).len(), 8);
    // Player 2's column 3 is its own (0, 3): absolute (7, 4).
    let board = play_lines(&["3", "3"]);
    assert_eq!(board.bomb(Player::Two), Some(sq(7, 4)));
    assert!(!board.in_placement());
    assert_eq!(board.side_to_move(), Player::One);
    // A regular move is not a placement and vice versa.
    assert_eq!(
        Board::start().check_move(Move::ranger(sq(0, 0), sq(1, 0))),
        Err(IllegalMoveError::PlacementExpected)
    );
    assert_eq!(
        board.check_move(Move::place(sq(0, 0))),
        Err(IllegalMoveError::PlacementOver)
    );
}

#[test]
fn player_ones_first_regular_move_is_free() {
    let board = play_lines(&["0", "0"]);
    assert_eq!(board.required(), None);
    // 102 ranger moves (any ranger) and the one pass along row 0 from the corner.
    let all = moves(&board);
    assert_eq!(all.len(), 103);
    assert_eq!(all.iter().filter(|m| m.kind() == MoveKind::Pass).count(), 1);
    for colour in 0..8 {
        assert!(all
            .iter()
            .any(|m| m.from() == board.ranger(Player::One, colour)));
    }
}

#[test]
fn rangers_move_forward_or_diagonally_forward_any_distance_without_jumping() {
    // Player 1's pink ranger (colour 3) on (2,3); a Player 2 ranger on (5,3) and one on (4,5).
    let mut setup = mid_game(&[
        (Player::One, 3, sq(2, 3)),
        (Player::Two, 7, sq(5, 3)),
        (Player::Two, 6, sq(4, 5)),
    ]);
    setup.required = Some(3);
    setup.passes = [15, 0]; // no passes: only the ranger's moves
    let board = board_from(&setup);
    let mut targets: Vec<(i32, i32)> = moves(&board)
        .iter()
        .map(|m| (m.to().row(), m.to().column()))
        .collect();
    targets.sort_unstable();
    let mut expected = vec![
        (3, 3),
        (4, 3), // straight, stops before (5,3)
        (3, 2),
        (4, 1),
        (5, 0), // diagonal left to the edge
        (3, 4), // diagonal right, stops before (4,5)
    ];
    expected.sort_unstable();
    assert_eq!(targets, expected);
    use IllegalMoveError::*;
    check_rejected(
        &board,
        [
            (Move::ranger(sq(2, 3), sq(6, 3)), RangerPathBlocked),
            (Move::ranger(sq(2, 3), sq(5, 3)), RangerPathBlocked),
            (Move::ranger(sq(2, 3), sq(2, 4)), NotForward),
            (Move::ranger(sq(2, 3), sq(1, 3)), NotForward),
            (Move::ranger(sq(2, 3), sq(4, 4)), NotForward),
            (
                Move::ranger(sq(0, 1), sq(1, 1)),
                WrongColour { required: 3 },
            ),
            (Move::ranger(sq(7, 1), sq(6, 1)), NotOwnRanger),
        ],
    );
}

#[test]
fn player_two_moves_towards_row_zero() {
    let board = play_lines(&["0", "0", "1,0,3,2,3"]);
    // Player 1 landed on (2,3), red: Player 2's red ranger (colour 5) on absolute (7,2) moves.
    assert_eq!(board.required(), Some(5));
    let all = moves(&board);
    assert!(all
        .iter()
        .filter(|m| m.kind() == MoveKind::Ranger)
        .all(|m| m.from() == sq(7, 2) && m.to().row() < 7));
    // Its own frame: "1,0,5,3,5" is absolute (7,2) -> (4,2).
    let next = play_lines(&["0", "0", "1,0,3,2,3", "1,0,5,3,5"]);
    assert_eq!(next.ranger(Player::Two, 5), sq(4, 2));
}

#[test]
fn bomb_passes_in_eight_directions_any_distance_to_own_rangers_only() {
    // Player 1's carrier (orange) on (3,3); its rangers around at various distances.
    let setup = {
        let mut s = mid_game(&[
            (Player::One, 0, sq(3, 3)),
            (Player::One, 1, sq(3, 6)), // east, 3 away
            (Player::One, 2, sq(5, 5)), // north-east, 2 away
            (Player::One, 3, sq(6, 3)), // north, 3 away
            (Player::Two, 0, sq(3, 1)), // west: an opponent ranger, no pass
            (Player::Two, 1, sq(4, 2)), // north-west: an opponent ranger in front of...
            (Player::One, 4, sq(5, 0)), // ...this one, so no pass
        ]);
        s.required = Some(7); // brown, still home on (0,7)
        s
    };
    let board = board_from(&setup);
    let mut passes: Vec<(i32, i32)> = moves(&board)
        .iter()
        .filter(|m| m.kind() == MoveKind::Pass)
        .map(|m| (m.to().row(), m.to().column()))
        .collect();
    passes.sort_unstable();
    // South: (2,3),(1,3) empty, (0,3) empty (pink moved): then off the board. South-west
    // (2,2),(1,1) empty, (0,0) empty (orange moved). South-east (2,4),(1,5),(0,6) green.
    assert_eq!(passes, vec![(0, 6), (3, 6), (5, 5), (6, 3)]);
    use IllegalMoveError::*;
    let from_the_carrier = |to| Move::pass(sq(3, 3), to);
    check_rejected(
        &board,
        [
            (from_the_carrier(sq(3, 1)), PassTargetNotOwnRanger),
            (from_the_carrier(sq(4, 3)), PassTargetNotOwnRanger),
            (from_the_carrier(sq(5, 0)), NotALine),
            (Move::pass(sq(3, 6), sq(5, 5)), NotCarrier),
        ],
    );
    let blocked = board_from(&{
        let mut s = setup;
        s.rangers[1][2] = sq(4, 4); // Player 2's purple between (3,3) and (5,5)
        s
    });
    assert_eq!(
        blocked.check_move(Move::pass(sq(3, 3), sq(5, 5))),
        Err(PassPathBlocked)
    );
    // The pass moves the bomb, not the ranger, and the opponent must move the colour of the
    // receiving square.
    let after = board.play(Move::pass(sq(3, 3), sq(5, 5)));
    assert_eq!(after.bomb(Player::One), Some(sq(5, 5)));
    assert_eq!(after.ranger(Player::One, 2), sq(5, 5));
    assert_eq!(after.required(), Some(sq(5, 5).colour()));
    assert_eq!(after.passes(Player::One), 1);
}

#[test]
fn the_landing_square_colour_decides_the_opponents_ranger() {
    let board = play_lines(&["4", "4", "1,0,4,5,4"]);
    // (5,4) is red: Player 2 must move its red ranger, or pass.
    assert_eq!(sq(5, 4).colour(), 5);
    assert_eq!(board.required(), Some(5));
    for m in moves(&board) {
        match m.kind() {
            MoveKind::Ranger => assert_eq!(m.from(), board.ranger(Player::Two, 5)),
            MoveKind::Pass => assert_eq!(Some(m.from()), board.bomb(Player::Two)),
            other => panic!("unexpected {other:?}"),
        }
    }
    // A ranger move with the bomb carries it.
    let board = play_lines(&["4", "4", "1,0,4,3,4"]);
    assert_eq!(board.bomb(Player::One), Some(sq(3, 4)));
}

/// Player 2 to move with its required ranger (green, colour 6) on (1,1), boxed in by Player 1's
/// rangers on (0,0), (0,1), (0,2).
fn blocked_green_setup() -> Setup {
    let mut s = mid_game(&[(Player::Two, 6, sq(1, 1))]);
    s.to_move = Player::Two;
    s.required = Some(6);
    s.plies = 11;
    s
}

#[test]
fn a_blocked_required_ranger_must_pass() {
    let setup = blocked_green_setup();
    let board = board_from(&setup);
    let all = moves(&board);
    assert!(!all.is_empty());
    assert!(all.iter().all(|m| m.kind() == MoveKind::Pass), "{all:?}");
    assert_eq!(
        board.check_move(Move::forfeit(sq(1, 1))),
        Err(IllegalMoveError::ForfeitNotAllowed)
    );
}

/// Player 2 to move, its required green ranger on (1,3) boxed in by Player 1's home rangers,
/// and carrying its bomb with no own ranger in sight. Player 1's green ranger, its carrier, is
/// boxed in on (6,3) by Player 2's home rangers and sees no own ranger either; (1,3) is green.
fn forfeit_setup(last_ranger_mover: Option<Player>) -> Board {
    let mut s = mid_game(&[(Player::Two, 6, sq(1, 3)), (Player::One, 6, sq(6, 3))]);
    s.carrier = [Some(6), Some(6)];
    s.to_move = Player::Two;
    s.required = Some(6);
    s.plies = 11;
    s.last_ranger_mover = last_ranger_mover;
    board_from(&s)
}

#[test]
fn a_blocked_required_ranger_without_a_pass_forfeits() {
    let board = forfeit_setup(Some(Player::One));
    assert_eq!(sq(1, 3).colour(), 6);
    assert_eq!(moves(&board), vec![Move::forfeit(sq(1, 3))]);
    // In Player 2's frame (1,3) is (6,4).
    assert_eq!(
        format_move(Move::forfeit(sq(1, 3)), Player::Two),
        "1,6,4,6,4"
    );
    assert_eq!(
        board.check_move(Move::forfeit(sq(6, 3))),
        Err(IllegalMoveError::ForfeitWrongSquare)
    );
    let after = board.play(Move::forfeit(sq(1, 3)));
    assert!(after.last_was_forfeit());
    assert_eq!(after.outcome(), None);
    // Player 1 must move its ranger of the blocked square's colour.
    assert_eq!(after.required(), Some(6));
    assert_eq!(after.side_to_move(), Player::One);
}

#[test]
fn the_sixteenth_consecutive_pass_is_illegal() {
    let mut setup = blocked_green_setup();
    setup.passes = [0, 14];
    let board = board_from(&setup);
    let pass = moves(&board)[0];
    assert_eq!(pass.kind(), MoveKind::Pass);
    // The 15th pass is legal...
    let after = board.play(pass);
    assert_eq!(after.passes(Player::Two), 15);
    // ...and with 15 made, the 16th is not: the blocked ranger forfeits instead.
    setup.passes = [0, 15];
    let board = board_from(&setup);
    assert_eq!(board.check_move(pass), Err(IllegalMoveError::PassLimit));
    assert_eq!(moves(&board), vec![Move::forfeit(sq(1, 1))]);
    let after = board.play(Move::forfeit(sq(1, 1)));
    assert_eq!(
        after.passes(Player::Two),
        0,
        "a forfeit resets the pass count"
    );
    // A ranger move resets the count too.
    let board = play_lines(&["2", "2", "0,0,2,0,1"]);
    assert_eq!(board.passes(Player::One), 1);
    let required = board.required().expect("constrained");
    let m = moves(&board)
        .into_iter()
        .find(|m| m.kind() == MoveKind::Ranger)
        .expect("a ranger move");
    assert_eq!(m.from(), board.ranger(Player::Two, required));
}

#[test]
fn passes_stop_counting_after_a_ranger_move() {
    let mut setup = mid_game(&[]);
    setup.passes = [15, 0];
    setup.required = Some(3);
    let board = board_from(&setup);
    assert!(moves(&board).iter().all(|m| m.kind() == MoveKind::Ranger));
    let after = board.play(moves(&board)[0]);
    assert_eq!(after.passes(Player::One), 0);
}

#[test]
fn a_forfeit_answered_by_a_forfeit_is_a_deadlock_lost_by_the_last_ranger_mover() {
    let board = forfeit_setup(Some(Player::Two));
    assert_eq!(moves(&board), vec![Move::forfeit(sq(1, 3))]);
    let after = board.play(Move::forfeit(sq(1, 3)));
    assert_eq!(after.required(), Some(6));
    assert_eq!(moves(&after), vec![Move::forfeit(sq(6, 3))]);
    let end = after.play(Move::forfeit(sq(6, 3)));
    // Player 2 made the last ranger move: it loses.
    assert_eq!(end.outcome(), Some(Outcome::Deadlock(Player::One)));
    assert!(end.legal_moves().is_empty());

    let end = forfeit_setup(Some(Player::One))
        .play(Move::forfeit(sq(1, 3)))
        .play(Move::forfeit(sq(6, 3)));
    assert_eq!(end.outcome(), Some(Outcome::Deadlock(Player::Two)));
}

#[test]
fn a_deadlock_before_any_ranger_move_is_a_draw() {
    let end = forfeit_setup(None)
        .play(Move::forfeit(sq(1, 3)))
        .play(Move::forfeit(sq(6, 3)));
    assert_eq!(end.outcome(), Some(Outcome::DeadlockDraw));
    assert_eq!(end.outcome().and_then(Outcome::winner), None);
}

#[test]
fn moving_the_carrier_onto_the_opponents_base_wins() {
    // Player 1's carrier (orange) on (5,5) with (6,6), (7,7) ... (7,7) holds Player 2's orange;
    // move Player 2's ranger from (7,5) away so (6,5), (7,5) are free.
    let board = player_one_to_move(&[(Player::One, 0, sq(5, 5)), (Player::Two, 2, sq(3, 0))], 0);
    assert_eq!(sq(7, 5), Player::Two.home(2));
    let win = Move::ranger(sq(5, 5), sq(7, 5));
    assert_eq!(board.winning_move(), Some(win));
    let after = board.try_play(win).expect("legal");
    assert_eq!(after.outcome(), Some(Outcome::BombWin(Player::One)));
    // A ranger without the bomb on the base wins nothing.
    let board = player_one_to_move(&[(Player::One, 3, sq(5, 5)), (Player::Two, 2, sq(3, 0))], 3);
    let after = board.play(Move::ranger(sq(5, 5), sq(7, 5)));
    assert_eq!(after.outcome(), None);
}

#[test]
fn passing_the_bomb_to_a_ranger_on_the_opponents_base_wins() {
    // Player 1's pink ranger stands on (7,5), the square Player 2's purple left; Player 1's
    // carrier (orange) on (3,1) sees it along the diagonal (4,2), (5,3), (6,4).
    let board = player_one_to_move(
        &[
            (Player::Two, 2, sq(3, 0)),
            (Player::One, 3, sq(7, 5)),
            (Player::One, 0, sq(3, 1)),
        ],
        7,
    );
    let win = Move::pass(sq(3, 1), sq(7, 5));
    assert_eq!(board.winning_move(), Some(win));
    let after = board.try_play(win).expect("legal");
    assert_eq!(after.outcome(), Some(Outcome::BombWin(Player::One)));
    assert!(after.legal_moves().is_empty());
    // Player 2: its bomb passed to its ranger on row 0 (its goal) wins too.
    let mut setup = mid_game(&[
        (Player::One, 2, sq(4, 7)),
        (Player::Two, 5, sq(0, 2)),
        (Player::Two, 4, sq(4, 6)),
    ]);
    setup.to_move = Player::Two;
    setup.required = Some(3);
    setup.plies = 11;
    setup.carrier = [Some(0), Some(4)];
    let board = board_from(&setup);
    // (4,6) to (0,2) is a diagonal: (3,5), (2,4), (1,3) are empty.
    let win = Move::pass(sq(4, 6), sq(0, 2));
    assert_eq!(board.winning_move(), Some(win));
    assert_eq!(format_move(win, Player::Two), "0,3,1,7,5");
    assert_eq!(
        board.play(win).outcome(),
        Some(Outcome::BombWin(Player::Two))
    );
}

#[test]
fn both_players_make_fifty_regular_moves_then_it_is_a_draw() {
    let mut setup = mid_game(&[]);
    setup.to_move = Player::Two;
    setup.required = Some(0);
    setup.plies = 101; // Player 1 has made its 50th regular move
    let board = board_from(&setup);
    assert_eq!(board.regular_moves(Player::One), 50);
    assert_eq!(board.regular_moves(Player::Two), 49);
    let quiet = moves(&board)
        .into_iter()
        .find(|m| m.kind() == MoveKind::Ranger && m.to().row() > 0)
        .expect("a quiet move");
    let end = board.play(quiet);
    assert_eq!(end.outcome(), Some(Outcome::MoveLimitDraw));
    assert!(end.legal_moves().is_empty());
    // Player 2's 50th move may still win: the bomb win is checked first.
    let mut setup = mid_game(&[(Player::Two, 0, sq(2, 1)), (Player::One, 1, sq(4, 6))]);
    setup.to_move = Player::Two;
    setup.required = Some(0);
    setup.plies = 101;
    let board = board_from(&setup);
    let win = board.winning_move().expect("the carrier runs home");
    assert_eq!(
        board.play(win).outcome(),
        Some(Outcome::BombWin(Player::Two))
    );
    // One ply earlier the game goes on.
    setup.plies = 100;
    setup.to_move = Player::One;
    let board = board_from(&setup);
    let m = moves(&board)[0];
    assert_eq!(board.play(m).outcome(), None);
}

#[test]
fn a_forfeit_prints_the_blocked_square_twice_and_parses_back() {
    let board = forfeit_setup(None);
    let m = parse_legal(&board, "1,6,4,6,4", Player::Two).expect("the forfeit");
    assert_eq!(m, Move::forfeit(sq(1, 3)));
    // Seen by Player 1 (relayed by the referee): its own frame.
    assert_eq!(format_move(m, Player::One), "1,1,3,1,3");
    // Another square is illegal, a pass of the carrier to itself too.
    for line in ["1,3,3,3,3", "0,6,4,6,4"] {
        let parsed = parse_legal(&board, line, Player::Two);
        assert!(
            matches!(parsed, Err(MoveError::Illegal(_))),
            "{line}: {parsed:?}"
        );
    }
}

/// Asserts that each of `lines`, from Player 1, is malformed on `board`.
fn check_malformed(board: &Board, lines: &[&str]) {
    for line in lines {
        let parsed = parse_legal(board, line, Player::One);
        assert!(
            matches!(parsed, Err(MoveError::Parse(_))),
            "{line}: {parsed:?}"
        );
    }
}

#[test]
fn malformed_and_illegal_are_told_apart() {
    check_malformed(&Board::start(), &["8", "1,0,0,1,0"]);
    let board = play_lines(&["1", "1"]);
    check_malformed(&board, &["1", "1,0,0,8,0", "1 ,0,0,1,0"]);
    for (line, error) in [
        ("1,0,0,0,1", IllegalMoveError::NotForward),
        ("0,0,0,0,2", IllegalMoveError::NotCarrier),
    ] {
        let parsed = parse_legal(&board, line, Player::One);
        assert_eq!(parsed, Err(MoveError::Illegal(error)), "{line}");
    }
    assert!(parse_legal(&board, "0,0,1,0,2", Player::One).is_ok());
}

#[test]
fn the_documented_colour_tables_are_the_boards() {
    // A contestant writes a bot from the docs alone: the colour table in the crate docs and the
    // one in the games manual must be `board::COLOUR`, square by square.
    use kaboom::board::{COLOUR, COLOUR_NAMES};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |path: &str| std::fs::read_to_string(root.join(path)).expect(path);
    let expected: Vec<Vec<&str>> = COLOUR
        .iter()
        .map(|row| row.iter().map(|&c| COLOUR_NAMES[c as usize]).collect())
        .collect();
    let crate_docs = read("src/lib.rs");
    let crate_rows: Vec<Vec<&str>> = crate_docs
        .lines()
        .filter_map(|line| line.strip_prefix("//! i="))
        .map(|row| row.split_whitespace().skip(1).collect())
        .collect();
    assert_eq!(crate_rows, expected, "the table in src/lib.rs");
    let manual = read("../docs/games.md");
    let section = &manual[manual.find("## Ka-Boom").expect("the Ka-Boom section")..];
    let manual_rows: Vec<Vec<&str>> = section
        .lines()
        .map(str::trim)
        .filter(|line| {
            line.starts_with("| ") && line.chars().nth(2).is_some_and(|c| c.is_ascii_digit())
        })
        .take(8)
        .map(|row| {
            row.split('|')
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .skip(1)
                .collect()
        })
        .collect();
    assert_eq!(manual_rows, expected, "the table in docs/games.md");
}
