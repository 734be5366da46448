//! The replay page of Frostfire: every ply drawn from the rules, the last drawing the final
//! position, bad records reported by line.

use common::game::Board as _;
use frostfire::board::{Board, Cell, Color};
use frostfire::notation::{format_move, parse_cell, parse_move};
use frostfire::referee::Frostfire;
use test_support::replay::{check_bad_third_ply, check_replays, count, game_record, RecordedGame};
use tools::runner::Drawing;

/// Plies after which a generated game stops (drawn, as the referee's ply limit would).
const PLIES: usize = 120;

/// A game of varied legal moves, as a record, with every position.
fn game(seed: usize) -> RecordedGame<Board> {
    let pick = |board: &Board, n: usize| {
        let moves = board.legal_moves();
        // Prefer eliminations now and then, so that games also end by the rules.
        let eliminations = board.eliminations();
        let mv = if n % 3 == 0 && !eliminations.is_empty() {
            eliminations.as_slice()[0]
        } else {
            moves.as_slice()[(seed * 7 + n * 13) % moves.len()]
        };
        (format_move(mv), board.play(mv))
    };
    game_record::<Frostfire>(pick, Some(PLIES))
}

#[test]
fn every_ply_is_drawn_and_the_last_drawing_is_the_final_position() {
    let mut decided = 0;
    check_replays::<Frostfire>((0..6).map(game), |board, last, view| {
        decided += usize::from(view.rules_end.is_some());
        for (color, seat) in [(Color::Ice, "p1"), (Color::Fire, "p2")] {
            let dragons = board.dragons(color).count_ones() as usize;
            assert_eq!(count(last, &format!("dragon {seat}")), dragons);
        }
    });
    assert!(decided > 0, "some generated game ends by the rules");
}

#[test]
fn the_board_names_its_37_cells_and_the_start_has_11_dragons_a_side() {
    let background = Frostfire.background();
    assert_eq!(background.matches("<polygon").count(), 37);
    for cell in Cell::all() {
        assert!(background.contains(&format!(">{cell}</text>")), "{cell}");
    }
    let start = Frostfire.draw(&Board::start(), None);
    assert_eq!(count(&start, "dragon p1"), 11);
    assert_eq!(count(&start, "dragon p2"), 11);
    assert_eq!(count(&start, "last"), 0);
}

#[test]
fn a_dragon_pushed_off_the_board_is_shown_crossed_out() {
    let cells =
        |names: &[&str]| -> Vec<Cell> { names.iter().map(|n| parse_cell(n).unwrap()).collect() };
    let ice = cells(&["C5", "B5", "D1", "D2", "D3", "D4", "E1", "E2"]);
    let fire = cells(&["A5", "G1", "G2", "G3", "G4", "F1", "F2", "F3"]);
    let before = Board::from_cells(&ice, &fire, Color::Ice, 0).unwrap();
    let reply = "C5 B5";
    let after = before.try_play(parse_move(reply).unwrap()).unwrap();
    assert_eq!(after.lost(Color::Fire), 4);
    let svg = Frostfire.draw(&after, Some((&before, reply)));
    assert_eq!(count(&svg, "last"), 2);
    assert_eq!(count(&svg, "eliminated"), 1);
    assert_eq!(count(&svg, "dragon p2"), 7);
}

#[test]
fn an_illegal_ply_is_reported_with_its_line_and_the_game_shown_up_to_it() {
    check_bad_third_ply::<Frostfire>(&game(2).text, 8, "1 A4 A5", "1 A1 A5");
}
