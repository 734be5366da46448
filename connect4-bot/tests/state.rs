//! The help file, the inference of the opponent's last move, and the recovery from missing,
//! stale or wrong state.

mod support;

use common::game::Board as _;
use connect4::board::{Board, Kind, Team, CLEARING_BITS, DUAL_BIT};
use connect4::engine::greedy;
use connect4::state::{
    from_board_alone, rebuild, reconstruct, reconstruct_aged, Inference, Memory, STATE_MAX_AGE,
};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::time::Duration;
use support::{line, mv, only_moves_of, position_with};

fn discs(b: &Board) -> [u64; 2] {
    [b.discs(Team::One), b.discs(Team::Two)]
}

/// A middle game with discs in every column, team 2 to move (so team 1 saved it).
fn saved() -> Memory {
    let board = line("5 4,5 3,5 5,5 4,5 2,5 6,5 7,5 1,5 4,5 4,5 3");
    assert_eq!(board.side_to_move(), Team::Two);
    Memory {
        team: Team::One,
        board,
        dual_in_doubt: false,
    }
}

#[test]
fn the_help_file_round_trips() {
    let memory = Memory {
        team: Team::One,
        board: line("2 4,4 1,5 3,1 3,5 3"),
        dual_in_doubt: false,
    };
    let text = memory.to_text();
    assert!(text.starts_with("connect4-bot state v1\n"));
    assert_eq!(Memory::parse(&text), Ok(memory));
    let in_doubt = Memory {
        dual_in_doubt: true,
        ..memory
    };
    assert_eq!(Memory::parse(&in_doubt.to_text()), Ok(in_doubt));
    // A help file without the doubt line (as an earlier build wrote it) has no doubt.
    let without = text.lines().take(5).collect::<Vec<_>>().join("\n");
    assert_eq!(Memory::parse(&without), Ok(memory));
    assert!(Memory::parse("garbage").is_err());
    assert!(Memory::parse(&text.replace("team 1", "team 3")).is_err());
    assert!(Memory::parse(&text[..text.len() / 2]).is_err());
}

#[test]
fn the_opponents_move_is_inferred_for_every_disc_type() {
    let memory = saved();
    for kind in Kind::ALL {
        for column in 1..=7 {
            let m = mv(&format!("{} {column}", kind.number()));
            let truth = memory.board.play(m);
            let (board, inference) = reconstruct(Team::One, discs(&truth), Some(&memory));
            let Inference::Continued(moves) = inference else {
                panic!("{m}: {inference:?}")
            };
            assert!(moves.contains(&m), "{m}: {moves:?}");
            assert_eq!(discs(&board), discs(&truth));
            assert_eq!(board.side_to_move(), Team::One);
            assert_eq!(board.moves_made(Team::Two), truth.moves_made(Team::Two));
            assert_eq!(board.used(Team::One), truth.used(Team::One));
            if moves.iter().all(|o| o.kind == kind) {
                assert_eq!(board.used(Team::Two), truth.used(Team::Two), "{m}");
                assert_eq!(board.hash(), truth.hash());
            } else {
                // Only the powers every explanation used count as used.
                assert_eq!(board.used(Team::Two) & !truth.used(Team::Two), 0, "{m}");
            }
        }
    }
}

#[test]
fn a_power_that_leaves_no_trace_is_assumed_still_held() {
    // Columns 6 and 7 are empty: clearing column 7 or the neighbours of position 7 both leave
    // the board as it was.
    let board = line("5 1,5 2,5 1");
    let memory = Memory {
        team: Team::One,
        board,
        dual_in_doubt: false,
    };
    let truth = board.play(mv("2 7"));
    let (rebuilt, inference) = reconstruct(Team::One, discs(&truth), Some(&memory));
    let Inference::Continued(moves) = inference else {
        panic!("{inference:?}")
    };
    assert!(
        moves.contains(&mv("2 7")) && moves.contains(&mv("3 7")),
        "{moves:?}"
    );
    assert_eq!(rebuilt.used(Team::Two), 0);
    assert_eq!(rebuilt.moves_made(Team::Two), 2);
}

#[test]
fn an_empty_board_without_state_is_a_new_game_for_team_one() {
    let (board, inference) = reconstruct(Team::One, [0, 0], None);
    assert_eq!(inference, Inference::NewGame);
    assert_eq!(board, Board::start());
}

#[test]
fn team_two_recognises_the_first_move_of_a_new_game() {
    let after_normal = line("5 4");
    let (board, inference) = reconstruct(Team::Two, discs(&after_normal), None);
    assert_eq!(inference, Inference::NewGame);
    assert_eq!(board.hash(), after_normal.hash());
    let after_dual = line("4 3");
    let (board, _) = reconstruct(Team::Two, discs(&after_dual), None);
    assert_eq!(board.used(Team::One), DUAL_BIT);
    assert_eq!(board.used(Team::Two), 0);
    // An empty board for team 2: team 2 moves first, or team 1 cleared its own disc; team 1 is
    // taken to hold every power and to have made no move (the freer opponent, the safe error).
    let (board, inference) = reconstruct(Team::Two, [0, 0], None);
    assert_eq!(inference, Inference::NewGame);
    assert_eq!(board.used(Team::One), 0);
    assert_eq!(board.moves_made(Team::One), 0);
    assert_eq!(board, Board::starting(Team::Two));
}

#[test]
fn a_new_game_in_a_reused_directory_is_noticed() {
    let old = saved();
    let (board, inference) = reconstruct(Team::One, [0, 0], Some(&old));
    assert_eq!(inference, Inference::NewGame);
    assert_eq!(board, Board::start());
}

#[test]
fn stale_or_foreign_state_falls_back_to_the_board() {
    let memory = saved();
    // The other team's file.
    let truth = memory.board.play(mv("5 4"));
    let other = Memory {
        team: Team::Two,
        ..memory
    };
    let (_, inference) = reconstruct(Team::One, discs(&truth), Some(&other));
    assert!(
        matches!(inference, Inference::BoardAlone(_)),
        "{inference:?}"
    );
    // A board two moves away from the saved one.
    let far = truth.play(mv("5 1")).play(mv("5 1"));
    let (board, inference) = reconstruct(Team::One, discs(&far), Some(&memory));
    assert!(
        matches!(inference, Inference::BoardAlone(_)),
        "{inference:?}"
    );
    assert!(!board.legal_moves().is_empty());
}

#[test]
fn without_state_the_dual_discs_are_attributed_by_counting() {
    // Team 1 played its dual disc, team 2 did not; no clears.
    let truth = line("5 4,5 4,4 3,5 3,5 5,5 5");
    let b = from_board_alone(Team::One, discs(&truth));
    assert_eq!(
        b.used(Team::One),
        CLEARING_BITS | DUAL_BIT,
        "own clears count as used"
    );
    assert_eq!(b.used(Team::Two), 0, "the opponent's powers count as held");
    assert_eq!(b.moves_made(Team::One), 3);
    assert_eq!(b.moves_made(Team::Two), 3);
    assert!(!b.dual_forced());
    // Team 2 played it: then team 1's is due, and it plays it at once.
    let truth = line("5 4,4 4,5 3,5 3,5 5,5 5");
    let b = from_board_alone(Team::One, discs(&truth));
    assert_eq!(b.used(Team::Two), DUAL_BIT);
    assert!(b.dual_forced());
    assert!(only_moves_of(&b, Kind::Dual));
}

#[test]
fn without_state_after_clears_the_bot_plays_safe() {
    // Team 1 played the dual disc, team 2 cleared a row: the counts no longer add up.
    let truth = line("4 4,5 4,5 3,1 5,5 3");
    let b = from_board_alone(Team::Two, discs(&truth));
    assert_eq!(b.used(Team::Two) & CLEARING_BITS, CLEARING_BITS);
    let m = greedy(&b).unwrap();
    assert!(truth.is_legal(m), "{m} must be legal on the real position");
    // No dual disc on the board: the bot plays its own at once.
    let truth = line("5 4,5 4,5 3,1 5,5 3");
    let b = from_board_alone(Team::Two, discs(&truth));
    assert!(b.dual_forced());
    let m = greedy(&b).unwrap();
    assert_eq!(m.kind, Kind::Dual);
    assert!(truth.is_legal(m));
}

#[test]
fn a_bot_that_loses_its_state_every_move_never_misses_its_dual_disc() {
    let mut rng = SmallRng::seed_from_u64(7);
    for game in 0..200 {
        let forgetful = if game % 2 == 0 { Team::One } else { Team::Two };
        let mut truth = Board::start();
        while truth.outcome().is_none() {
            let m = if truth.side_to_move() == forgetful {
                let b = reconstruct(forgetful, discs(&truth), None).0;
                greedy(&b).expect("a move")
            } else {
                // The opponent plays normal and dual discs only.
                let moves: Vec<_> = truth
                    .legal_moves()
                    .as_slice()
                    .iter()
                    .copied()
                    .filter(|m| matches!(m.kind, Kind::Normal | Kind::Dual))
                    .collect();
                *moves.choose(&mut rng).unwrap()
            };
            truth = truth
                .try_play(m)
                .unwrap_or_else(|e| panic!("game {game}: {m} is illegal: {e}\n{truth}"));
        }
    }
}

#[test]
fn a_bot_that_keeps_its_state_follows_every_power() {
    // Both teams play random moves, team 2 taking a win when it has one (an opponent that
    // declines a win and then empties the board could be opening the next game: see the
    // module docs of `state`, "Either game"); team 1 rebuilds the position each time from its
    // memory. A board that is also a new game is read as one where the readings conflict over
    // team 1's dual disc (the statement's judge's choice): that game stops there, and the
    // reading is checked to be the documented one.
    let mut rng = SmallRng::seed_from_u64(11);
    let (mut either, mut conflicts) = (0, 0);
    for _ in 0..200 {
        let mut truth = Board::start();
        let mut memory: Option<Memory> = None;
        while truth.outcome().is_none() {
            let m = if truth.side_to_move() == Team::One {
                let (b, inference) = reconstruct(Team::One, discs(&truth), memory.as_ref());
                if matches!(inference, Inference::EitherGame(_)) {
                    either += 1;
                    // Legal in both readings: no clear held that is spent, the dual disc as
                    // held or earlier, unless spent (then the new game's reading).
                    let spent_clears = truth.used(Team::One) & CLEARING_BITS;
                    assert_eq!(spent_clears & !b.used(Team::One), 0);
                    let team_one_could_start = truth.occupied() == 0;
                    if truth.holds(Team::One, Kind::Dual) {
                        assert!(b.holds(Team::One, Kind::Dual));
                        assert!(b.moves_made(Team::One) >= truth.moves_made(Team::One));
                    } else if team_one_could_start {
                        conflicts += 1;
                        assert!(b.holds(Team::One, Kind::Dual));
                        assert_eq!(b.moves_made(Team::One), 0);
                        break;
                    } else {
                        assert!(!b.holds(Team::One, Kind::Dual));
                    }
                } else {
                    assert_eq!(b.used(Team::One), truth.used(Team::One));
                    assert_eq!(b.moves_made(Team::One), truth.moves_made(Team::One));
                }
                // Never believes the opponent spent a power it still holds.
                assert_eq!(b.used(Team::Two) & !truth.used(Team::Two), 0);
                let m = *b.legal_moves().as_slice().choose(&mut rng).unwrap();
                memory = Some(Memory {
                    team: Team::One,
                    board: b.play(m),
                    dual_in_doubt: false,
                });
                m
            } else {
                let moves = truth.legal_moves();
                let win = moves.as_slice().iter().copied().find(|&m| {
                    truth.play(m).outcome() == Some(connect4::board::Outcome::Win(Team::Two))
                });
                win.unwrap_or_else(|| *moves.as_slice().choose(&mut rng).unwrap())
            };
            truth = truth.try_play(m).expect("legal");
        }
    }
    assert!(either > conflicts, "{either} boards of either game");
    eprintln!("{either} boards of either game, {conflicts} with the dual disc spent");
}

#[test]
fn the_state_file_keeps_the_powers_of_both_teams() {
    let b = position_with("XO.....", Team::Two, [0b0101, 0b1010], [4, 3]);
    let m = Memory {
        team: Team::One,
        board: b,
        dual_in_doubt: false,
    };
    assert_eq!(
        Memory::parse(&m.to_text()).unwrap().board.used(Team::Two),
        0b1010
    );
}

/// The help file of an old game whose short history could explain a new game's first board as
/// one more move: it has spent powers that the new game must not inherit.
fn short_old_game(team: Team, moves: &str) -> Memory {
    let board = line(moves);
    assert_eq!(board.side_to_move(), team.other());
    Memory {
        team,
        board,
        dual_in_doubt: false,
    }
}

/// The board `team` reconstructs from `discs` with the help file `old`, which must find that the
/// board may be of the old game or of a new one.
fn either_game(team: Team, discs: [u64; 2], old: &Memory) -> Board {
    let (board, inference) = reconstruct(team, discs, Some(old));
    assert!(
        matches!(inference, Inference::EitherGame(_)),
        "{inference:?}"
    );
    board
}

#[test]
fn a_new_game_wins_over_an_old_saved_state_that_could_explain_the_board() {
    let old_age = Some(STATE_MAX_AGE + Duration::from_secs(1));
    // Team 1 cleared column 1 and played its dual disc; team 2 clearing column 4 would empty
    // the board: an empty board for team 1 with an old help file is a new game.
    let old = short_old_game(Team::One, "2 1,5 4,4 4");
    assert_eq!(old.board.play(mv("2 4")).occupied(), 0);
    let (board, inference) = reconstruct_aged(Team::One, [0, 0], Some(&old), old_age);
    assert_eq!(inference, Inference::NewGame);
    assert_eq!(board, Board::start());
    // Team 2 played its dual disc and cleared column 4; team 1's normal disc in column 3 would
    // explain a board with one bottom disc, which is also what a new game shows to team 2.
    let old = short_old_game(Team::Two, "5 4,4 4,5 4,2 4");
    assert_eq!(old.board.occupied(), 0);
    let first = line("5 3");
    let (board, inference) = reconstruct_aged(Team::Two, discs(&first), Some(&old), old_age);
    assert_eq!(inference, Inference::NewGame);
    assert_eq!(
        board.used(Team::Two),
        0,
        "the old game's powers are not inherited"
    );
    assert_eq!(board.moves_made(Team::One), 1);
    assert_eq!(board.moves_made(Team::Two), 0);
    assert_eq!(board.hash(), first.hash());
}

#[test]
fn a_board_emptied_just_now_that_team_one_could_be_starting_is_a_new_game_for_the_dual_disc() {
    // The same boards with a help file written a moment ago: the board is a new game, or the
    // opponent has just cleared it (it had no move that won or drew). Without the game
    // master's files the judge is the statement's, which always starts with team 1, and which
    // leaves games unfinished (a bot that fails ends the game, and its opponent's help file
    // stays mid-game): an empty board for team 1 is a new game, and team 1 owes its dual disc.
    let old = short_old_game(Team::One, "2 1,5 4,4 4");
    for age in [None, Some(Duration::from_millis(1500))] {
        let (board, inference) = reconstruct_aged(Team::One, [0, 0], Some(&old), age);
        assert!(
            matches!(inference, Inference::EitherGame(_)),
            "{inference:?}"
        );
        assert!(board.holds(Team::One, Kind::Dual));
        assert_eq!(board.moves_made(Team::One), 0);
        // The clear the old game spent stays spent: never playing it is legal in both.
        assert!(!board.holds(Team::One, Kind::ClearColumn));
        assert_eq!(board.used(Team::Two), 0);
        assert_eq!(board.moves_made(Team::Two), 0);
    }
    // Team 2 sees team 1's first disc, which team 1's clear of column 3 could also have left.
    let board = cleared_or_new(Team::Two, "5 4,4 3", "2 3", "5 4");
    assert_dual_owed_anew(&board, Team::Two, 0);
    // The opponent's dual disc follows the new game too: team 1 played it in the old game,
    // and owes it again by its tenth move.
    let board = cleared_or_new(Team::Two, "4 4,5 5,5 1,5 6", "3 5", "5 1");
    assert_dual_owed_anew(&board, Team::One, 1);
}

/// The board `team` reconstructs when its help file holds the game `old_moves` and the
/// opponent's `clear` there leaves the discs a new game shows after `new_moves`: either game.
fn cleared_or_new(team: Team, old_moves: &str, clear: &str, new_moves: &str) -> Board {
    let old = short_old_game(team, old_moves);
    let first = line(new_moves);
    assert_eq!(discs(&old.board.play(mv(clear))), discs(&first));
    either_game(team, discs(&first), &old)
}

/// `team` holds its dual disc on `board` as in a new game after `moves` moves of its own: no
/// power spent, the tenth-move deadline counted from the new game's start.
fn assert_dual_owed_anew(board: &Board, team: Team, moves: u8) {
    assert!(board.holds(team, Kind::Dual));
    assert_eq!(board.moves_made(team), moves);
    assert_eq!(board.used(team), 0);
}

#[test]
fn a_dual_disc_in_doubt_is_kept_until_the_opponents_tenth_move_settles_it() {
    // Team 2 spent its dual disc; team 1's clear left one disc of its own: a new game for the
    // dual disc, which stays in doubt.
    let old = short_old_game(Team::Two, "5 4,4 3");
    let first = discs(&line("5 4"));
    let rebuilt = rebuild(Team::Two, first, Some(&old), None);
    assert!(rebuilt.dual_in_doubt);
    assert!(rebuilt.board.holds(Team::Two, Kind::Dual));
    // Held in both readings, nothing is in doubt.
    let old_held = short_old_game(Team::Two, "5 4,5 3");
    assert!(!rebuild(Team::Two, discs(&line("5 3")), Some(&old_held), None).dual_in_doubt);
    // Later in that game, the doubt kept: team 1 is at its tenth move by the new game's count
    // and plays a normal disc, which the new game forbids; the game is in progress, and team
    // 2's dual disc spent.
    let saved = position_with("X......", Team::One, [0, 0], [9, 8]);
    assert!(saved.dual_forced());
    let memory = Memory {
        team: Team::Two,
        board: saved,
        dual_in_doubt: true,
    };
    let normal = saved.play(mv("5 7"));
    let rebuilt = rebuild(Team::Two, discs(&normal), Some(&memory), None);
    assert!(matches!(rebuilt.inference, Inference::Rejected(_)));
    assert!(!rebuilt.dual_in_doubt);
    assert!(!rebuilt.board.holds(Team::Two, Kind::Dual));
    // Its dual disc there settles nothing: still in doubt.
    let dual = saved.play(mv("4 7"));
    let rebuilt = rebuild(Team::Two, discs(&dual), Some(&memory), None);
    assert!(rebuilt.dual_in_doubt);
    assert!(rebuilt.board.holds(Team::Two, Kind::Dual));
}

#[test]
fn a_board_only_team_two_could_be_starting_continues_the_game() {
    // Team 2 moved first, team 1 played its dual disc, team 2 cleared that column: one disc of
    // team 2's in the bottom row, which as a new game only a game started by team 2 shows at
    // team 1's call. The statement's judge never starts with team 2 (and the game master's
    // files would settle it): the game is in progress, and team 1 has spent its dual disc.
    let before = Board::starting(Team::Two).play(mv("5 1")).play(mv("4 2"));
    let old = Memory {
        team: Team::One,
        board: before,
        dual_in_doubt: false,
    };
    let after = before.play(mv("2 2"));
    let board = either_game(Team::One, discs(&after), &old);
    assert!(!board.holds(Team::One, Kind::Dual));
    assert_eq!(board.moves_made(Team::One), 1);
    assert!(!board.holds(Team::Two, Kind::ClearColumn) || board.holds(Team::Two, Kind::ClearRow));
    assert_eq!(board.moves_made(Team::Two), 2);
}

#[test]
fn a_disc_dropped_after_the_bots_own_emptying_clear_continues_the_game() {
    // Team 2 played its dual disc, then cleared the bottom row, emptying the board; team 1's
    // normal disc gives the board a new game started by team 1 shows. A plain disc continues
    // the old game (a new game would need that game abandoned just after the clear): team 2
    // has spent its dual disc and its clear row.
    let old = short_old_game(Team::Two, "5 4,4 3,5 5,1 1");
    assert_eq!(old.board.occupied(), 0);
    let board = either_game(Team::Two, discs(&old.board.play(mv("5 2"))), &old);
    assert!(!board.holds(Team::Two, Kind::Dual));
    assert!(!board.holds(Team::Two, Kind::ClearRow));
    assert_eq!(board.moves_made(Team::Two), 2);
    assert_eq!(board.moves_made(Team::One), 3);
}

#[test]
fn a_new_games_board_that_only_a_rejected_move_continues_is_a_new_game() {
    // Team 2 has spent its clear row; an empty board for team 1 would need team 2 to clear the
    // bottom row again (no other clear reaches both ends of it), a move our rules reject: a new
    // game explains it without one.
    let old = short_old_game(Team::One, "4 4,1 1,5 1,5 2,5 7");
    assert!(!old.board.holds(Team::Two, Kind::ClearRow));
    assert!(old
        .board
        .legal_moves()
        .iter()
        .all(|&m| old.board.play(m).occupied() != 0));
    assert_eq!(old.board.play(mv("1 3")).occupied(), 0);
    let (board, inference) = reconstruct(Team::One, [0, 0], Some(&old));
    assert_eq!(inference, Inference::NewGame);
    assert_eq!(board, Board::start());
}

#[test]
fn a_board_emptied_just_now_when_the_opponent_could_have_won_is_a_new_game_for_the_dual_disc() {
    // Team 1 played its dual disc, cleared column 1 and cleared neighbours (both emptying only
    // themselves); team 2 could now win with a fourth disc on column 4 (the dual disc counts
    // for it), and clearing column 4 would empty the board. An empty board with this help file
    // is likely the next game, started by team 2 emptying its own first disc: team 1 must play
    // its dual disc by its tenth move, and still never plays the clears it may have spent.
    let old = short_old_game(Team::One, "4 4,5 4,2 1,5 4,3 1");
    let win = mv("5 4");
    assert_eq!(
        old.board.play(win).outcome(),
        Some(connect4::board::Outcome::Win(Team::Two))
    );
    assert_eq!(old.board.play(mv("2 4")).occupied(), 0);
    let board = either_game(Team::One, [0, 0], &old);
    assert!(board.holds(Team::One, Kind::Dual));
    assert_eq!(board.moves_made(Team::One), 0);
    assert!(!board.holds(Team::One, Kind::ClearColumn));
    assert!(!board.holds(Team::One, Kind::ClearNeighbours));
    assert!(board.holds(Team::One, Kind::ClearRow));
    // The opponent holds every power either reading leaves it, its dual disc with the later
    // deadline (the new game's: no move made).
    assert_eq!(board.used(Team::Two), 0);
    assert_eq!(board.moves_made(Team::Two), 0);
}

#[test]
fn a_dual_disc_held_in_both_readings_keeps_the_game_in_progress_deadline() {
    // Team 1 has made two moves without its dual disc; team 2 clearing column 4 empties the
    // board. Held in both readings, the dual disc keeps the earlier deadline: two moves made.
    let old = short_old_game(Team::One, "5 4,5 4,2 1");
    assert_eq!(old.board.play(mv("2 4")).occupied(), 0);
    let board = either_game(Team::One, [0, 0], &old);
    assert!(board.holds(Team::One, Kind::Dual));
    assert_eq!(board.moves_made(Team::One), 2);
    assert!(!board.holds(Team::One, Kind::ClearColumn));
}

#[test]
fn an_opponent_move_our_rules_reject_is_applied_as_given() {
    // Team 2 has used its clear-row disc, and the board shows it used again.
    let memory = Memory {
        team: Team::One,
        board: line("5 4,1 4,5 3,5 5,5 4"),
        dual_in_doubt: false,
    };
    assert!(!memory.board.holds(Team::Two, Kind::ClearRow));
    let again = mv("1 1");
    assert!(memory.board.check_move(again).is_err());
    let truth = memory.board.play(again);
    let (board, inference) = reconstruct(Team::One, discs(&truth), Some(&memory));
    let Inference::Rejected(moves) = inference else {
        panic!("{inference:?}")
    };
    // A clear row in any empty column of the bottom row explains the board.
    assert!(moves.contains(&again), "{moves:?}");
    assert!(moves.iter().all(|m| m.kind == Kind::ClearRow), "{moves:?}");
    assert_eq!(board, truth, "the move is applied as given");
    // Team 2's tenth move is a normal disc instead of its compulsory dual disc.
    let memory = Memory {
        team: Team::One,
        board: position_with("X......", Team::Two, [0, 0], [10, 9]),
        dual_in_doubt: false,
    };
    assert!(memory.board.dual_forced());
    let normal = mv("5 7");
    let truth = memory.board.play(normal);
    let (board, inference) = reconstruct(Team::One, discs(&truth), Some(&memory));
    assert_eq!(inference, Inference::Rejected(vec![normal]));
    assert_eq!(board.moves_made(Team::Two), 10);
    assert!(!board.legal_moves().is_empty());
}

#[test]
fn team_one_recognises_team_twos_first_move_of_a_new_game() {
    // Team 2 moved first with its dual disc: the lone dual disc is the opponent's, and team 1
    // still holds its own (taking it for its own would skip the compulsory tenth-move dual).
    let after_dual = Board::starting(Team::Two).play(mv("4 3"));
    let (board, inference) = reconstruct(Team::One, discs(&after_dual), None);
    assert_eq!(inference, Inference::NewGame);
    assert_eq!(board, after_dual);
    assert!(board.holds(Team::One, Kind::Dual));
    assert_eq!(board.moves_made(Team::One), 0);
    let after_normal = Board::starting(Team::Two).play(mv("5 4"));
    let (board, inference) = reconstruct(Team::One, discs(&after_normal), Some(&saved()));
    assert_eq!(inference, Inference::NewGame);
    assert_eq!(board, after_normal);
}

#[test]
fn the_board_alone_counts_moves_whichever_team_moved_first() {
    // Team 2 first, no clear: 9 discs each then team 2's dual disc; team 1 is to move with 9
    // moves made, its dual disc unused: its tenth move must be the dual disc.
    let mut truth = Board::starting(Team::Two);
    for m in [
        "5 1", "5 1", "5 1", "5 1", "5 1", "5 1", "5 2", "5 2", "5 2", "5 2", "5 2", "5 2", "5 3",
        "5 3", "5 3", "5 3", "5 3", "5 3", "4 5",
    ] {
        truth = truth.play(mv(m));
    }
    assert_eq!(truth.side_to_move(), Team::One);
    let rebuilt = from_board_alone(Team::One, discs(&truth));
    assert_eq!(rebuilt.moves_made(Team::One), 9);
    assert!(rebuilt.holds(Team::One, Kind::Dual));
    assert!(!rebuilt.holds(Team::Two, Kind::Dual));
    assert!(rebuilt.dual_forced());
    // Team 1 first, its dual disc third: the counts attribute the dual disc to team 1, and
    // team 2, which cannot know its own move count, plays its own dual disc at once.
    let mut truth = Board::start();
    for m in ["5 1", "5 2", "4 3"] {
        truth = truth.play(mv(m));
    }
    let rebuilt = from_board_alone(Team::Two, discs(&truth));
    assert!(!rebuilt.holds(Team::One, Kind::Dual));
    assert!(rebuilt.holds(Team::Two, Kind::Dual));
    assert!(rebuilt.dual_forced());
}
