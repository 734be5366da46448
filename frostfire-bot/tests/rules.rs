//! One named test or named case per rule of Frostfire, as the crate documentation states them
//! ("The rules as implemented", "Decisions where the statement is silent" and "When the judge
//! sends a move our rules reject").

use common::game::Board as _;
use frostfire::board::{
    Board, Cell, Color, Direction, ForcePlayError, IllegalMoveError, Move, MoveKind, Outcome,
    CORNERS, MAX_PLIES,
};
use frostfire::notation::{parse_cell, parse_move, ParseMoveError};

fn cell(text: &str) -> Cell {
    parse_cell(text).unwrap()
}

fn mv(text: &str) -> Move {
    parse_move(text).unwrap()
}

fn cells(text: &str) -> Vec<Cell> {
    text.split_whitespace().map(cell).collect()
}

fn board(ice: &str, fire: &str, to_move: Color) -> Board {
    Board::from_cells(&cells(ice), &cells(fire), to_move, 0).unwrap()
}

/// The position with Ice's dragons on the cells before the `/` and Fire's after it
/// (`"C4 D4 / E4 F4"`), `to_move` to move, `plies` plies played.
fn position(dragons: &str, to_move: Color, plies: u32) -> Board {
    let (ice, fire) = dragons.split_once(" / ").expect("Ice's / Fire's");
    Board::from_cells(&cells(ice), &cells(fire), to_move, plies).unwrap()
}

/// The position of `dragons` (as [`position`] reads them), no ply played, Ice to move.
fn ice_to_move(dragons: &str) -> Board {
    position(dragons, Color::Ice, 0)
}

/// The start position rejects each move, given as text, with its error.
fn check_rejected_at_the_start(cases: impl IntoIterator<Item = (&'static str, IllegalMoveError)>) {
    let start = Board::start();
    for (text, error) in cases {
        assert_eq!(start.try_play(mv(text)), Err(error), "{text}");
    }
}

#[test]
fn the_board_has_37_cells_with_4_le_r_plus_d_le_10() {
    assert_eq!(Cell::all().count(), 37);
    for r in 0..7u8 {
        for d in 0..10u8 {
            let exists = (1..=7).contains(&d) && (4..=10).contains(&(r + d));
            assert_eq!(Cell::new(r, d).is_some(), exists, "{r} {d}");
        }
    }
    let names: Vec<String> = Cell::all().map(|c| c.to_string()).collect();
    assert_eq!(names.first().map(String::as_str), Some("A4"));
    assert_eq!(names.last().map(String::as_str), Some("G4"));
    assert!(Cell::new(7, 1).is_none());
}

#[test]
fn the_six_corners() {
    let corners: Vec<String> = Cell::all()
        .filter(|c| c.is_corner())
        .map(|c| c.to_string())
        .collect();
    assert_eq!(corners, ["A4", "A7", "D1", "D7", "G1", "G4"]);
    assert_eq!(CORNERS.count_ones(), 6);
}

#[test]
fn the_six_directions_and_the_edge() {
    let d4 = cell("D4");
    let mut around: Vec<String> = Direction::ALL
        .iter()
        .map(|&dir| d4.step(dir).unwrap().to_string())
        .collect();
    around.sort();
    assert_eq!(around, ["C4", "C5", "D3", "D5", "E3", "E4"]);
    // A corner has three neighbours, an edge cell four, an inner cell six.
    let degree = |c: Cell| {
        Direction::ALL
            .iter()
            .filter(|&&d| c.step(d).is_some())
            .count()
    };
    assert_eq!(degree(cell("A4")), 3);
    assert_eq!(degree(cell("A5")), 4);
    assert_eq!(degree(cell("B4")), 6);
    assert_eq!(cell("A4").step(Direction::ALL[4]), Some(cell("B3")));
    assert_eq!(Direction::between(cell("C4"), cell("C6")), None);
}

#[test]
fn the_initial_position_matches_the_statement_board_pattern() {
    // boardPattern, row by row: 0 = Tyragon (ICE), 1 = Abagon (FIRE), -1 = empty.
    let pattern: [&[i8]; 7] = [
        &[0, 0, 0, 0],
        &[0, 0, 0, 0, 0],
        &[-1, -1, 0, 0, -1, -1],
        &[-1, -1, -1, -1, -1, -1, -1],
        &[-1, -1, 1, 1, -1, -1],
        &[1, 1, 1, 1, 1],
        &[1, 1, 1, 1],
    ];
    let start = Board::start();
    let mut expected = Vec::new();
    for (r, row) in pattern.iter().enumerate() {
        let row_cells: Vec<Cell> = Cell::all().filter(|c| c.row() as usize == r).collect();
        assert_eq!(row_cells.len(), row.len(), "row {r}");
        for (c, &v) in row_cells.iter().zip(row.iter()) {
            expected.push(match v {
                0 => Some(Color::Ice),
                1 => Some(Color::Fire),
                _ => None,
            });
            assert_eq!(start.at(*c), *expected.last().unwrap(), "{c}");
        }
    }
    assert_eq!(start.side_to_move(), Color::Ice);
    assert_eq!(start.plies(), 0);
    assert_eq!(start.lost(Color::Ice) + start.lost(Color::Fire), 0);
    assert_eq!(start.occupied().count_ones(), 22);
    for c in cells("C4 C5 B3 A7") {
        assert_eq!(start.at(c), Some(Color::Ice));
    }
    for c in cells("E3 E4 F5 G1") {
        assert_eq!(start.at(c), Some(Color::Fire));
    }
}

#[test]
fn a_pair_moves_into_an_empty_cell() {
    let start = Board::start();
    let next = start.try_play(mv("B4 C4")).unwrap();
    assert_eq!(start.kind(mv("B4 C4")), MoveKind::Quiet);
    assert_eq!(next.at(cell("B4")), None);
    assert_eq!(next.at(cell("C4")), Some(Color::Ice));
    assert_eq!(next.at(cell("D4")), Some(Color::Ice));
    assert_eq!(next.at(cell("E4")), Some(Color::Fire));
    assert_eq!(next.side_to_move(), Color::Fire);
    assert_eq!(next.plies(), 1);
    let west = start.try_play(mv("C5 C4")).unwrap();
    assert_eq!(west.at(cell("C3")), Some(Color::Ice));
    assert_eq!(west.at(cell("C5")), None);
    assert_eq!(start.play(mv("B4 C4")), next);
}

#[test]
fn both_cells_must_hold_the_movers_dragons() {
    let start = Board::start();
    assert_eq!(
        start.try_play(mv("B4 C4")).unwrap().try_play(mv("C4 D4")),
        Err(IllegalMoveError::NotOwnDragon(cell("C4")))
    );
    check_rejected_at_the_start([
        ("D4 D5", IllegalMoveError::NotOwnDragon(cell("D4"))),
        ("C5 D5", IllegalMoveError::NotOwnDragon(cell("D5"))),
        ("F3 E3", IllegalMoveError::NotOwnDragon(cell("F3"))),
    ]);
}

#[test]
fn the_two_cells_must_be_adjacent() {
    // B4 -> C3 is (+1,-1), adjacent; B3 -> C4 is (+1,+1), not a direction.
    let not_adjacent = ["A4 A6", "A4 C4", "A4 A4", "B3 C4"];
    check_rejected_at_the_start(not_adjacent.map(|m| (m, IllegalMoveError::NotAdjacent)));
}

#[test]
fn no_third_own_dragon_ahead() {
    check_rejected_at_the_start([
        ("A4 B4", IllegalMoveError::ThirdOwnDragon(cell("C4"))),
        ("A5 A6", IllegalMoveError::ThirdOwnDragon(cell("A7"))),
    ]);
}

#[test]
fn you_may_not_push_your_own_dragon_off() {
    let off_the_edge = ["A5 A4", "B4 A4", "B6 A7"];
    check_rejected_at_the_start(off_the_edge.map(|m| (m, IllegalMoveError::OwnDragonOffBoard)));
    let b = ice_to_move("D2 D1 A5 A6 B5 B6 C5 C6 / G1 G2 G3 G4 F3 F4 F5 E5");
    assert_eq!(
        b.try_play(mv("D2 D1")),
        Err(IllegalMoveError::OwnDragonOffBoard)
    );
}

#[test]
fn two_dragons_push_one_opponent_into_an_empty_cell() {
    let b = ice_to_move("C4 D4 A5 A6 A7 B6 B7 C7 / E4 G1 F1 E1 D1 C2 B3 A4");
    let m = mv("C4 D4");
    assert_eq!(b.kind(m), MoveKind::Push);
    let next = b.try_play(m).unwrap();
    assert_eq!(next.at(cell("C4")), None);
    assert_eq!(next.at(cell("D4")), Some(Color::Ice));
    assert_eq!(next.at(cell("E4")), Some(Color::Ice));
    assert_eq!(next.at(cell("F4")), Some(Color::Fire));
    assert_eq!(next.lost(Color::Fire), 3);
    assert_eq!(b.play(m), next);
}

#[test]
fn a_push_into_any_dragon_is_illegal() {
    // The cell behind the pushed dragon, F4, holds a second opponent or one of the mover's own.
    for (case, dragons) in [
        (
            "two dragons cannot push two opponents",
            "C4 D4 A5 A6 A7 B6 B7 C7 / E4 F4 G1 F1 E1 D1 C2 B3",
        ),
        (
            "nor push one into their own dragon",
            "C4 D4 F4 A5 A6 A7 B6 B7 / E4 G1 F1 E1 D1 C2 B3 A4",
        ),
    ] {
        let b = ice_to_move(dragons);
        let blocked = Err(IllegalMoveError::PushBlocked(cell("F4")));
        assert_eq!(b.try_play(mv("C4 D4")), blocked, "{case}");
        assert!(!b.legal_moves().contains(&mv("C4 D4")), "{case}");
    }
}

#[test]
fn pushing_off_an_edge_eliminates_the_dragon() {
    let b = ice_to_move("E2 F2 A5 A6 A7 B6 B7 C7 / G2 A4 C2 D1 E6 D7 F5 G4 C4 D4 E4");
    let m = mv("E2 F2");
    assert_eq!(b.kind(m), MoveKind::Elimination);
    assert!(b.eliminations().contains(&m));
    let next = b.try_play(m).unwrap();
    assert_eq!(next.lost(Color::Fire), 1);
    assert_eq!(next.at(cell("G2")), Some(Color::Ice));
    assert_eq!(next.at(cell("F2")), Some(Color::Ice));
    assert_eq!(next.at(cell("E2")), None);
    assert_eq!(b.play(m), next);
    assert_eq!(next.outcome(), None);
}

#[test]
fn pushing_off_from_a_corner_is_illegal_in_every_direction() {
    let mut cases = 0;
    for corner in Cell::all().filter(|c| c.is_corner()) {
        for dir in Direction::ALL {
            if corner.step(dir).is_some() {
                continue;
            }
            // Two Ice dragons behind the corner along `dir`, a Fire dragon on it.
            let back = dir.opposite();
            let b1 = corner.step(back).unwrap();
            let b2 = b1.step(back).unwrap();
            let pool: Vec<Cell> = Cell::all()
                .filter(|c| ![corner, b1, b2].contains(c))
                .collect();
            let ice: Vec<Cell> = [b2, b1]
                .into_iter()
                .chain(pool[..6].iter().copied())
                .collect();
            let fire: Vec<Cell> = std::iter::once(corner)
                .chain(pool[6..13].iter().copied())
                .collect();
            let b = Board::from_cells(&ice, &fire, Color::Ice, 0).unwrap();
            let m = Move::new(b2, b1);
            assert_eq!(
                b.try_play(m),
                Err(IllegalMoveError::PushOffCorner(corner)),
                "{m} at {corner}"
            );
            assert!(!b.legal_moves().contains(&m), "{m} generated");
            cases += 1;
        }
    }
    // Each corner has three directions that leave the board.
    assert_eq!(cases, 18);
}

#[test]
fn an_eliminated_dragon_counts_as_lost_and_four_losses_lose() {
    // Fire has lost three; the fourth elimination wins for Ice.
    let b = ice_to_move("E2 F2 A5 A6 A7 B6 B7 C7 / G2 A4 C2 D1 E6 D7 F5 G4");
    assert_eq!(b.lost(Color::Fire), 3);
    assert_eq!(b.outcome(), None);
    let next = b.try_play(mv("E2 F2")).unwrap();
    assert_eq!(next.lost(Color::Fire), 4);
    assert_eq!(next.outcome(), Some(Outcome::Win(Color::Ice)));
    assert!(next.legal_moves().is_empty());
    assert_eq!(next.try_play(mv("F2 G2")), Err(IllegalMoveError::GameOver));
    assert_eq!(next.perft(1), 0);
}

#[test]
fn fire_wins_the_same_way() {
    let b = board(
        "C2 A5 A7 D7 G1 G4 F5 E6",
        "E2 D2 F2 G2 G3 F3 F4 E4",
        Color::Fire,
    );
    let next = b.try_play(mv("E2 D2")).unwrap();
    assert_eq!(next.outcome(), Some(Outcome::Win(Color::Fire)));
}

#[test]
fn the_side_to_move_without_a_move_draws() {
    // Fire's eight dragons are pairwise apart: no pair, no move.
    let fire = "A4 A6 C2 C4 C6 E1 E3 E5";
    let ice = "G1 G2 G3 G4 F1 F2 F3 F4 F5 D7 D6";
    let b = board(ice, fire, Color::Fire);
    assert!(b.legal_moves().is_empty());
    assert_eq!(b.outcome(), Some(Outcome::Draw));
    // The same position with Ice to move goes on.
    let b = board(ice, fire, Color::Ice);
    assert_eq!(b.outcome(), None);
}

#[test]
fn the_referee_draws_after_300_plies_but_a_winning_300th_ply_wins() {
    let start = Board::start();
    assert_eq!(MAX_PLIES, 300);
    let at = |ply| {
        Board::from_bits(
            start.dragons(Color::Ice),
            start.dragons(Color::Fire),
            Color::Ice,
            ply,
        )
        .unwrap()
    };
    assert_eq!(at(299).outcome_with_limit(MAX_PLIES), None);
    assert_eq!(at(300).outcome_with_limit(MAX_PLIES), Some(Outcome::Draw));
    assert_eq!(at(300).outcome(), None);
    let b = Board::from_cells(
        &cells("E2 F2 A5 A6 A7 B6 B7 C7"),
        &cells("G2 A4 C2 D1 E6 D7 F5 G4"),
        Color::Ice,
        299,
    )
    .unwrap();
    let last = b.play(mv("E2 F2"));
    assert_eq!(last.plies(), 300);
    assert_eq!(
        last.outcome_with_limit(MAX_PLIES),
        Some(Outcome::Win(Color::Ice))
    );
}

#[test]
fn the_hash_is_kept_incrementally_and_includes_the_side_to_move() {
    let start = Board::start();
    assert_eq!(start.hash(), start.compute_hash());
    assert_ne!(start.hash(), start.pass().hash());
    let b = ice_to_move("E2 F2 C4 D4 A5 A6 A7 B7 / G2 E4 G4 C7 B3 D7 E6 F5 C2 D1");
    for &m in b.legal_moves().iter() {
        let next = b.play(m);
        assert_eq!(next.hash(), next.compute_hash(), "{m}");
    }
}

#[test]
fn moves_are_generated_eliminations_first_then_pushes() {
    let b = ice_to_move("E2 F2 C4 D4 A5 A6 A7 B7 / G2 E4 G4 C7 B3 D7 E6 F5 C2 D1");
    let kinds: Vec<MoveKind> = b.legal_moves().iter().map(|&m| b.kind(m)).collect();
    assert_eq!(kinds[0], MoveKind::Elimination);
    assert_eq!(kinds[1], MoveKind::Push);
    assert!(kinds.windows(2).all(|w| w[0] >= w[1]), "{kinds:?}");
    assert_eq!(
        kinds
            .iter()
            .filter(|&&k| k == MoveKind::Elimination)
            .count(),
        1
    );
    assert_eq!(b.threatened_by(Color::Ice), cell("G2").bit());
    assert_eq!(b.eliminations().as_slice(), &[mv("E2 F2")]);
}

#[test]
fn notation_is_exact_and_errors_are_typed() {
    assert_eq!(mv("C4 D4").to_string(), "C4 D4");
    // The line, and the error naming the whole line or the cell at fault.
    let shape = |text: &str| ParseMoveError::WrongShape(text.to_string());
    let no_cell = |cell: &str| ParseMoveError::NoSuchCell(cell.to_string());
    for (text, error) in [
        ("C4  D4", shape("C4  D4")),
        ("c4 d4", shape("c4 d4")),
        ("A1 A2", no_cell("A1")),
        ("H1 G1", no_cell("H1")),
    ] {
        assert_eq!(parse_move(text), Err(error), "{text}");
    }
    // Well formed but not adjacent: the board says why.
    assert_eq!(
        Board::start().try_play(mv("A4 G4")),
        Err(IllegalMoveError::NotAdjacent)
    );
}

#[test]
fn render_draws_a_hexagon_with_letters_and_digits() {
    let text = Board::start().render();
    let lines: Vec<&str> = text.lines().collect();
    let expected = [
        "A      x x x x",
        "B     x x x x x",
        "C    . . x x . .",
        "D   . . . . . . .",
        "E    . . o o . . 7",
        "F     o o o o o 6",
        "G      o o o o 5",
        "        1 2 3 4",
    ];
    assert_eq!(lines[..8], expected, "\n{text}");
    assert!(lines[8].contains("lost 0"));
}

/// "When the judge sends a move our rules reject" (crate docs): a move whose two cells are
/// adjacent dragons of the mover is applied as its line says, and for a legal move that is the
/// move itself.
#[test]
fn a_forced_move_shifts_the_line_and_drops_what_leaves_the_board() {
    let start = Board::start();
    for &m in start.legal_moves().iter() {
        assert_eq!(start.force_play(m), Ok(start.play(m)), "{m}");
    }
    // Each: the position, the move, why our rules reject it, and the dragons after it is forced.
    let check = |b: &Board, m: &str, rejected: IllegalMoveError, dragons: &str| {
        assert_eq!(b.try_play(mv(m)), Err(rejected), "{m}");
        let forced = b
            .force_play(mv(m))
            .unwrap_or_else(|e| panic!("{m} applies: {e}"));
        let expected = position(dragons, b.side_to_move().other(), 1);
        assert_eq!(forced, expected, "{m}");
        assert_eq!(forced.hash(), forced.compute_hash());
    };
    // A third own dragon ahead: the three shift.
    check(
        &start,
        "A4 B4",
        IllegalMoveError::ThirdOwnDragon(cell("C4")),
        "A5 A6 A7 B3 B4 B5 B6 B7 C4 C5 D4 / G1 G2 G3 G4 F1 F2 F3 F4 F5 E3 E4",
    );
    // The front dragon pushed off the board: the mover loses it.
    check(
        &start,
        "B4 A4",
        IllegalMoveError::OwnDragonOffBoard,
        "A4 A5 A6 A7 B3 B5 B6 B7 C4 C5 / G1 G2 G3 G4 F1 F2 F3 F4 F5 E3 E4",
    );
    // Two pushing two: both opponents shift.
    check(
        &ice_to_move("C4 D4 A5 A6 A7 B6 B7 C7 / E4 F4 G1 F1 E1 D1 C2 B3"),
        "C4 D4",
        IllegalMoveError::PushBlocked(cell("F4")),
        "D4 E4 A5 A6 A7 B6 B7 C7 / F4 G4 G1 F1 E1 D1 C2 B3",
    );
    // Pushed off from a corner: eliminated.
    check(
        &ice_to_move("C4 B4 A5 A6 A7 B6 B7 C7 / A4 F4 G1 F1 E1 D1 C2 B3"),
        "C4 B4",
        IllegalMoveError::PushOffCorner(cell("A4")),
        "B4 A4 A5 A6 A7 B6 B7 C7 / F4 G1 F1 E1 D1 C2 B3",
    );
}

#[test]
fn a_move_without_two_adjacent_dragons_of_the_mover_cannot_be_forced() {
    let start = Board::start();
    assert_eq!(
        start.force_play(mv("A4 A6")),
        Err(ForcePlayError::NotAdjacent)
    );
    assert_eq!(
        start.force_play(mv("C4 D4")),
        Err(ForcePlayError::NotOwnDragon(cell("D4")))
    );
    assert_eq!(
        start.force_play(mv("E4 E3")),
        Err(ForcePlayError::NotOwnDragon(cell("E4")))
    );
    let over = ice_to_move("E2 F2 A5 A6 A7 B6 B7 / G2 A4 C2 D1 E6 D7 F5 G4");
    assert!(over.outcome().is_some());
    assert_eq!(over.force_play(mv("A5 A6")), Err(ForcePlayError::GameOver));
}
