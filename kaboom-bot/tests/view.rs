//! The replay page of Ka-Boom: every ply drawn from the rules (each reply read in its player's
//! frame), the last drawing the final position, bad records reported by line.

use common::game::Board as _;
use kaboom::board::{Board, MoveKind, Player};
use kaboom::notation::format_move;
use kaboom::referee::Kaboom;
use test_support::replay::{
    check_bad_third_ply, check_replays, count, frames_with, varied_game, RecordedGame,
};
use tools::runner::replay;
use tools::runner::Drawing;

/// A whole game of varied legal moves, as a record, with every position.
fn game(seed: usize) -> RecordedGame<Board> {
    varied_game::<Kaboom, _, _>(seed, Board::legal_moves, |board, mv| {
        (format_move(mv, board.side_to_move()), board.play(mv))
    })
}

#[test]
fn every_ply_is_drawn_and_the_last_drawing_is_the_final_position() {
    let mut passes = 0;
    check_replays::<Kaboom>((0..6).map(game), |board, last, view| {
        for player in Player::BOTH {
            let seat = player.number();
            assert_eq!(count(last, &format!("ranger p{seat}")), 8);
            let bomb = usize::from(board.bomb(player).is_some());
            assert_eq!(count(last, &format!("bomb p{seat}")), bomb);
            // Each ranger is drawn on the square the rules put it (row 7 at the top).
            for colour in 0..8 {
                let square = board.ranger(player, colour);
                let x = 28 + 54 * square.column() + 27;
                let y = 12 + 54 * (7 - square.row()) + 27;
                let drawn = format!("<g class=\"ranger p{seat}\"><circle cx=\"{x}\" cy=\"{y}\"");
                assert!(last.contains(&drawn), "{drawn}");
            }
        }
        passes += frames_with(view, "pass");
    });
    assert!(passes > 0, "some bomb pass is drawn");
}

#[test]
fn the_start_has_no_bomb_and_the_placements_put_one_on_each_side() {
    let start = Kaboom.draw(&Board::start(), None);
    assert_eq!(count(&start, "ranger p1") + count(&start, "ranger p2"), 16);
    assert_eq!(count(&start, "bomb p1") + count(&start, "bomb p2"), 0);
    let background = Kaboom.background();
    assert_eq!(background.matches("<rect x=").count(), 64);
    let RecordedGame {
        text, positions, ..
    } = game(3);
    let view = replay::<Kaboom>(&Kaboom, "game", &text);
    assert_eq!(count(&view.frames[1], "bomb p1"), 1);
    assert_eq!(count(&view.frames[2], "bomb p2"), 1);
    assert!(positions[2].bomb(Player::Two).is_some());
}

#[test]
fn a_pass_is_drawn_dashed_and_a_move_with_an_arrow() {
    let RecordedGame {
        positions, replies, ..
    } = game(1);
    let moves: Vec<_> = positions
        .windows(2)
        .zip(&replies)
        .map(|(pair, reply)| {
            let m = kaboom::notation::parse_move(&pair[0], reply, pair[0].side_to_move()).unwrap();
            (pair, reply, m.kind())
        })
        .collect();
    for (pair, reply, kind) in moves {
        let svg = Kaboom.draw(&pair[1], Some((&pair[0], reply.as_str())));
        assert_eq!(count(&svg, "pass"), usize::from(kind == MoveKind::Pass));
        let highlighted = if matches!(kind, MoveKind::Place | MoveKind::Forfeit) {
            1
        } else {
            2
        };
        assert_eq!(count(&svg, "last"), highlighted, "{reply}");
    }
}

#[test]
fn an_illegal_ply_is_reported_with_its_line_and_the_game_shown_up_to_it() {
    // A ranger cannot move backwards off its base.
    check_bad_third_ply::<Kaboom>(&game(2).text, 8, "1 1,0,0,0,1", "1 9");
}

#[test]
fn the_move_list_speaks_the_boards_frame_and_says_so() {
    let RecordedGame {
        text,
        positions,
        replies,
    } = game(4);
    let view = replay::<Kaboom>(&Kaboom, "game", &text);
    let page = tools::runner::page(&Kaboom, "kaboom", std::slice::from_ref(&view));
    assert!(page.contains("Moves in the board's frame"));
    let mut turned = 0;
    for (k, reply) in replies.iter().enumerate() {
        let mover = positions[k].side_to_move();
        let m = kaboom::notation::parse_move(&positions[k], reply, mover).unwrap();
        let shown = format_move(m, Player::One);
        assert_eq!(view.notation[k], shown, "ply {}", k + 1);
        if shown != *reply {
            assert_eq!(mover, Player::Two, "Player 1 prints in the board's frame");
            turned += 1;
            let item = format!("<code>{shown}</code>");
            let caption = format!("printed as {reply} in its own frame");
            assert!(
                page.contains(&item) && page.contains(&caption),
                "{item} {caption}"
            );
        }
    }
    assert!(
        turned > 0,
        "Player 2's moves are turned into the board's frame"
    );
}

#[test]
fn the_two_bombs_are_drawn_large_and_unlike() {
    let RecordedGame { positions, .. } = game(3);
    let board = positions[2];
    let svg = Kaboom.draw(&board, None);
    let ball = |player: u8| {
        let group = svg
            .split(&format!("<g class=\"bomb p{player}\">"))
            .nth(1)
            .unwrap();
        let circle = group.split("<circle ").nth(1).unwrap();
        let attribute = |name: &str| {
            let at = circle.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
            circle[at..].split('"').next().unwrap().to_string()
        };
        (attribute("r").parse::<f64>().unwrap(), attribute("fill"))
    };
    let (r1, fill1) = ball(1);
    let (r2, fill2) = ball(2);
    assert!(r1 >= 10.0 && r2 >= 10.0, "{r1} {r2}");
    assert_ne!(fill1, fill2);
}
