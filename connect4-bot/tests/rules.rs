//! Every rule of Power Connect 4, one named test each (as `src/lib.rs` states them).

mod support;

use common::game::Board as _;
use connect4::board::{Board, Cell, Column, IllegalMoveError, Kind, Move, Outcome, Team, DUAL_BIT};
use support::{full_picture, line, mv, only_moves_of, picture, position, position_with};

const ALL_POWERS: u8 = 0b1111;

fn after(board: &Board, m: &str) -> Board {
    board.try_play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"))
}

fn assert_discs(board: &Board, rows: &str) {
    assert_eq!(picture(board), full_picture(rows), "\n{board}");
}

/// Plays `m` on `board`, which must leave the discs `rows`; returns the new position.
fn after_expecting(board: &Board, m: &str, rows: &str) -> Board {
    let next = after(board, m);
    assert_discs(&next, rows);
    next
}

/// The position (1 to 42) where a disc dropped into `column` (1 to 7) lands, if any.
fn landing(board: &Board, column: u32) -> Option<usize> {
    let column = Column::from_number(column).unwrap();
    board.landing_cell(column).map(|c| c.position())
}

/// The game on `board` is over with `outcome`: no move is legal, playing one is refused and
/// perft counts nothing.
fn assert_over(board: &Board, outcome: Outcome) {
    assert_eq!(board.outcome(), Some(outcome), "\n{board}");
    assert!(board.legal_moves().is_empty(), "\n{board}");
    assert_eq!(board.try_play(mv("5 4")), Err(IllegalMoveError::GameOver));
    assert_eq!(board.perft(1), 0);
}

#[test]
fn positions_are_numbered_from_the_bottom_left() {
    let cell = |p| Cell::from_position(p).map(|c| (c.column(), c.row()));
    assert_eq!(cell(1), Some((0, 0)));
    assert_eq!(cell(7), Some((6, 0)));
    assert_eq!(cell(8), Some((0, 1)));
    assert_eq!(cell(11), Some((3, 1)));
    assert_eq!(cell(18), Some((3, 2)), "18 is directly above 11");
    assert_eq!(cell(36), Some((0, 5)));
    assert_eq!(cell(42), Some((6, 5)));
    assert_eq!(cell(0), None);
    assert_eq!(cell(43), None);
    for p in 1..=42 {
        assert_eq!(Cell::from_position(p).unwrap().position(), p);
    }
}

#[test]
fn a_disc_lands_on_the_lowest_empty_cell() {
    let b = line("5 4,5 4,5 4");
    assert_eq!(landing(&b, 4), Some(4 + 3 * 7));
    assert_eq!(landing(&b, 1), Some(1));
    assert_discs(&b, "...X...\n...O...\n...X...");
}

#[test]
fn the_normal_disc_stays_in_the_movers_colour() {
    let b = line("5 2,5 2");
    assert_discs(&b, ".O.....\n.X.....");
    assert_eq!(b.side_to_move(), Team::One);
    assert_eq!(
        b.used(Team::One) | b.used(Team::Two),
        0,
        "a normal disc is no power"
    );
}

#[test]
fn a_full_column_is_illegal_for_every_kind() {
    let b = line("5 3,5 3,5 3,5 3,5 3,5 3");
    let col = Column::from_number(3).unwrap();
    assert_eq!(b.landing_cell(col), None);
    for kind in Kind::ALL {
        assert_eq!(
            b.check_move(Move::new(kind, col)),
            Err(IllegalMoveError::ColumnFull(col))
        );
    }
    assert!(b.legal_moves().as_slice().iter().all(|m| m.column != col));
    assert_eq!(b.legal_moves().len(), 30);
}

#[test]
fn the_dual_disc_counts_for_both_teams() {
    // It completes the mover's four ...
    let b = position("XXX....\nOOO....", Team::One);
    let next = after_expecting(&b, "4 4", "XXX....\nOOOD...");
    assert_eq!(
        next.outcome(),
        Some(Outcome::Win(Team::Two)),
        "row 1 is O O O D: team 2's four"
    );
    let b = position("OOO....\nXXX....", Team::One);
    assert_eq!(after(&b, "4 4").outcome(), Some(Outcome::Win(Team::One)));
    // ... and the opponent's: a dual disc on the opponent's winning cell hands it the game.
    let b = position("XXX....", Team::Two);
    assert_eq!(after(&b, "4 4").outcome(), Some(Outcome::Win(Team::One)));
    // It is in both bitboards.
    let d = after(&Board::start(), "4 1");
    assert_eq!(d.duals().count_ones(), 1);
    assert_eq!(d.discs(Team::One), d.discs(Team::Two));
    assert_eq!(d.used(Team::One), DUAL_BIT);
}

#[test]
fn clear_row_on_the_bottom_row_and_the_fall() {
    let b = position(".X.O...\nXOXO...", Team::One);
    let next = after_expecting(&b, "1 5", ".X.O...");
    assert_eq!(next.used(Team::One), Kind::ClearRow.power_bit());
}

#[test]
fn clear_row_on_the_top_row_at_the_edges() {
    let rows = "
        .O....X
        XX....O
        OO....X
        XX....O
        OO....X
        XX....O";
    let b = position(rows, Team::One);
    // Column 1 has 5 discs: the disc lands on the top row and clears it; nothing falls.
    after_expecting(&b, "1 1", "XX....O\nOO....X\nXX....O\nOO....X\nXX....O");
    let b = position(&rows.replacen(".O....X", "O.....X", 1), Team::Two);
    after_expecting(&b, "1 2", "XX....O\nOO....X\nXX....O\nOO....X\nXX....O");
}

#[test]
fn clear_row_in_a_middle_row_lets_every_column_fall() {
    let rows = "
        X......
        O.X....
        X.O...O
        OXX..OX";
    let b = position(rows, Team::Two);
    // Column 2 has one disc: the disc lands on row 2 and clears it everywhere.
    after_expecting(&b, "1 2", "X......\nO.X....\nOXX..OX");
}

#[test]
fn clear_column_at_the_edges() {
    let rows = "
        X......
        O.....O
        X.....X
        O.....O
        XO....X";
    let b = position(rows, Team::One);
    after_expecting(&b, "2 1", "......O\n......X\n......O\n.O....X");
    after_expecting(&b, "2 7", "X......\nO......\nX......\nO......\nXO.....");
    let b = position(rows, Team::One);
    assert_eq!(landing(&b, 1), Some(36));
}

#[test]
fn clear_column_on_an_empty_column_removes_only_itself() {
    let b = position("XO.....", Team::One);
    let next = after_expecting(&b, "2 5", "XO.....");
    assert_eq!(next.side_to_move(), Team::Two);
    assert!(!next.holds(Team::One, Kind::ClearColumn));
}

#[test]
fn clear_neighbours_follows_the_statements_example() {
    // The disc lands on 11 (column 4 holds only position 4): it destroys 17, 10, 3, 4, 5, 12,
    // 19 and itself; 18, directly above 11, is empty; what was above falls.
    let rows = "
        ..O.X..
        ..X.O..
        .XO.XO.
        XOXOXOX";
    let b = position(rows, Team::One);
    assert_eq!(landing(&b, 4), Some(11));
    let next = after_expecting(&b, "3 4", ".X...O.\nXOO.XOX");
    assert_eq!(next.used(Team::One), Kind::ClearNeighbours.power_bit());
}

#[test]
fn clear_neighbours_in_the_bottom_corners() {
    let rows = "
        .X...O.
        .O...X.
        .X...O.";
    let b = position(rows, Team::One);
    after_expecting(&b, "3 1", ".....O.\n.....X.\n.X...O.");
    after_expecting(&b, "3 7", ".X.....\n.O.....\n.X...O.");
    let b = position(rows, Team::One);
    let left = after(&b, "3 1");
    after_expecting(&left, "3 7", ".X...O.");
}

#[test]
fn clear_neighbours_in_the_top_corners() {
    let rows = "
        .X...O.
        XO...XO
        OX...OX
        XO...XO
        OX...OX
        XO...XO";
    let b = position(rows, Team::Two);
    // Column 1 has 5 discs: the disc lands on position 36 and clears 29, 30 and 37.
    assert_eq!(landing(&b, 1), Some(36));
    // Rows 4 and 5 of columns 1 and 2 go; nothing was above them.
    after_expecting(
        &b,
        "3 1",
        ".....O.\n.....XO\nOX...OX\nXO...XO\nOX...OX\nXO...XO",
    );
    after_expecting(
        &b,
        "3 7",
        ".X.....\nXO.....\nOX...OX\nXO...XO\nOX...OX\nXO...XO",
    );
}

/// A clear-row disc in column 2 lands on row 2 and clears it: column 1's X X X fall onto its X
/// of row 1, a four for team 1.
const FALL_TO_FOUR: &str = "
    X......
    X......
    X......
    O......
    XX.....";

#[test]
fn a_fall_that_makes_a_four_for_the_mover_wins() {
    let b = position(FALL_TO_FOUR, Team::One);
    let next = after_expecting(&b, "1 2", "X......\nX......\nX......\nXX.....");
    assert_over(&next, Outcome::Win(Team::One));
}

#[test]
fn a_fall_that_makes_a_four_for_the_opponent_loses() {
    assert_over(
        &after(&position(FALL_TO_FOUR, Team::Two), "1 2"),
        Outcome::Win(Team::One),
    );
}

#[test]
fn a_clear_row_that_makes_fours_for_both_is_a_draw() {
    let rows = "
        X.O....
        X.O....
        X.O....
        O.X....
        XXO....";
    for team in Team::BOTH {
        let b = position(rows, team);
        let next = after_expecting(&b, "1 2", "X.O....\nX.O....\nX.O....\nXXO....");
        assert_eq!(next.outcome(), Some(Outcome::Draw), "{team} moved");
        assert_eq!(
            next.end(),
            Some((Outcome::Draw, "four in a line for both teams"))
        );
        assert!(next.legal_moves().is_empty(), "the game is over");
    }
}

#[test]
fn a_clear_neighbours_that_makes_fours_for_both_is_a_draw() {
    // Clearing around position 8 removes column 1's O and column 2's O X O; column 2's X O above
    // fall next to X X X and O O O.
    let rows = "
        .O.....
        .X.....
        .O.....
        .XOOO..
        OOXXX..";
    for team in Team::BOTH {
        let b = position(rows, team);
        assert_eq!(b.outcome(), None);
        let next = after_expecting(&b, "3 1", ".OOOO..\n.XXXX..");
        assert_eq!(next.outcome(), Some(Outcome::Draw), "{team} moved");
    }
}

#[test]
fn a_clear_column_never_makes_a_four() {
    // Clearing a column removes that column's discs and moves no other disc: no line can form,
    // so neither a win nor the draw of both fours can come from it. Checked on the positions of
    // random games.
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next_random = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut checked = 0;
    for _ in 0..200 {
        let mut b = Board::start();
        while b.outcome().is_none() {
            for c in Column::ALL {
                let clear = Move::new(Kind::ClearColumn, c);
                if b.is_legal(clear) {
                    assert_eq!(b.play(clear).outcome(), None, "{clear} on\n{b}");
                    checked += 1;
                }
            }
            let moves = b.legal_moves();
            b = b.play(moves[(next_random() % moves.len() as u64) as usize]);
        }
    }
    assert!(checked > 1000, "{checked} clear-column moves checked");
}

#[test]
fn a_dual_disc_that_makes_fours_for_both_is_a_draw() {
    for team in Team::BOTH {
        let b = position("XXX.OOO", team);
        assert_eq!(after(&b, "4 4").outcome(), Some(Outcome::Draw), "{team}");
        assert_eq!(after(&b, "5 4").outcome(), Some(Outcome::Win(team)));
    }
}

#[test]
fn a_removal_that_makes_a_four_for_the_opponent_only_loses() {
    // Clear neighbours by team 2: the X above falls into X X X X.
    let rows = "
        .X.....
        .O.....
        .O.....
        OOXXX..";
    let next = after(&position(rows, Team::Two), "3 1");
    assert_eq!(next.outcome(), Some(Outcome::Win(Team::One)));
    assert_eq!(
        next.end(),
        Some((
            Outcome::Win(Team::One),
            "four in a line made for the opponent"
        ))
    );
}

#[test]
fn either_team_may_move_first() {
    let b = Board::starting(Team::Two);
    assert_eq!(b.side_to_move(), Team::Two);
    assert_eq!(b.legal_moves().len(), 35);
    let b = after(&b, "5 4");
    assert_eq!((b.moves_made(Team::Two), b.moves_made(Team::One)), (1, 0));
    assert_eq!(b.side_to_move(), Team::One);
    // Nine normal discs each, team 2 first (columns 1..3 filled, no four): team 2's tenth move
    // must be its dual disc.
    let mut b = Board::starting(Team::Two);
    for column in ["1", "2", "3"] {
        for _ in 0..6 {
            b = after(&b, &format!("5 {column}"));
        }
    }
    assert_eq!(b.side_to_move(), Team::Two);
    assert_eq!((b.moves_made(Team::One), b.moves_made(Team::Two)), (9, 9));
    assert!(b.dual_forced());
    assert_eq!(
        b.check_move(mv("5 4")),
        Err(IllegalMoveError::DualCompulsory)
    );
    let b = after(&b, "4 5");
    assert!(b.dual_forced(), "team 1's tenth move too");
    assert_eq!(
        b.check_move(mv("1 4")),
        Err(IllegalMoveError::DualCompulsory)
    );
}

#[test]
fn clear_neighbours_and_clear_column_falls_can_make_fours() {
    // Clearing around position 8 removes column 2's three O and its X falls next to X X X.
    let rows = "
        .X.....
        .O.....
        .O.....
        OOXXX..";
    let b = position(rows, Team::Two);
    let next = after_expecting(&b, "3 1", ".XXXX..");
    assert_eq!(next.outcome(), Some(Outcome::Win(Team::One)));
    // Clearing a column never moves the others: no new four.
    let b = position("XXX.O..\nOOO.X..", Team::One);
    assert_eq!(after(&b, "2 5").outcome(), None);
}

#[test]
fn each_power_is_used_once_per_game() {
    let mut b = Board::start();
    for (ply, m) in [
        "2 1", "2 1", "5 4", "1 4", "1 3", "3 5", "3 2", "5 5", "4 4", "4 6",
    ]
    .iter()
    .enumerate()
    {
        b = b
            .try_play(mv(m))
            .unwrap_or_else(|e| panic!("ply {ply} {m}: {e}"));
    }
    assert_eq!(b.used(Team::One), ALL_POWERS);
    assert_eq!(b.used(Team::Two), ALL_POWERS);
    for kind in [
        Kind::ClearRow,
        Kind::ClearColumn,
        Kind::ClearNeighbours,
        Kind::Dual,
    ] {
        let m = Move::new(kind, Column::from_number(7).unwrap());
        assert_eq!(b.check_move(m), Err(IllegalMoveError::PowerUsed(kind)));
    }
    assert!(only_moves_of(&b, Kind::Normal));
}

#[test]
fn the_dual_disc_is_compulsory_on_a_teams_tenth_move() {
    // 18 normal moves fill columns 1 to 3 with no four.
    let moves: Vec<String> = (1..=3)
        .flat_map(|c| (0..6).map(move |_| format!("5 {c}")))
        .collect();
    let b = line(&moves.join(","));
    assert_eq!(b.moves_made(Team::One), 9);
    assert!(b.dual_forced());
    let list = b.legal_moves();
    assert_eq!(list.len(), 4);
    assert!(list.as_slice().iter().all(|m| m.kind == Kind::Dual));
    assert_eq!(
        b.check_move(mv("5 4")),
        Err(IllegalMoveError::DualCompulsory)
    );
    assert_eq!(
        b.check_move(mv("1 4")),
        Err(IllegalMoveError::DualCompulsory)
    );
    let next = after(&b, "4 7");
    // Team 2 is in the same situation.
    assert!(next.dual_forced());
    assert_eq!(
        next.check_move(mv("5 5")),
        Err(IllegalMoveError::DualCompulsory)
    );
    let next = after(&next, "4 6");
    assert_eq!(next.outcome(), None);
    assert!(!next.dual_forced());
    assert_eq!(
        next.legal_moves().len(),
        4 * 4,
        "normal and three clears in four columns"
    );
}

#[test]
fn a_dual_disc_played_early_frees_the_tenth_move() {
    let b = position_with("XO.....", Team::One, [DUAL_BIT, 0], [9, 9]);
    assert!(!b.dual_forced());
    assert!(b.is_legal(mv("5 4")));
    assert!(!b.is_legal(mv("4 4")));
    let b = position_with("XO.....", Team::One, [0, 0], [8, 8]);
    assert!(!b.dual_forced(), "the ninth move is still free");
}

#[test]
fn a_full_board_without_four_is_a_draw() {
    let rows = "
        OXXOOX.
        XXOXXOO
        OOXXOOX
        XXOXXOO
        OOXOOXX
        XOOXXOO";
    let b = position_with(rows, Team::One, [DUAL_BIT, DUAL_BIT], [20, 21]);
    assert_eq!(b.outcome(), None);
    assert_over(&after(&b, "5 7"), Outcome::Draw);
}

#[test]
fn nothing_is_legal_once_the_game_is_over() {
    assert_over(
        &line("5 1,5 2,5 1,5 2,5 1,5 2,5 1"),
        Outcome::Win(Team::One),
    );
}

#[test]
fn try_play_leaves_the_position_unchanged() {
    let b = line("5 4,5 4,5 4,5 4,5 4,5 4");
    let copy = b;
    assert!(b.try_play(mv("5 4")).is_err());
    assert_eq!(b, copy);
}

#[test]
fn moves_count_per_team_and_powers_per_team() {
    let b = line("2 4,5 4,3 1");
    assert_eq!(b.moves_made(Team::One), 2);
    assert_eq!(b.moves_made(Team::Two), 1);
    assert_eq!(b.used(Team::One), 0b0110);
    assert_eq!(b.used(Team::Two), 0);
    assert_eq!(b.plies(), 3);
}
