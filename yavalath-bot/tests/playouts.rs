//! Random playouts: every invariant of the position on every ply.

use common::game::Board as _;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use yavalath::board::{placement_effect, Board, Cell, Effect, Player, ROWS};
use yavalath::engine::Engine;
use yavalath::eval::{
    centrality, evaluate, window_score, window_score_by_table, CENTRE, RESERVE, TEMPO, WINDOWS,
    WIN_NEXT,
};
use yavalath::notation::{format_grid, format_move, parse_last_move, parse_move, parse_row};
use yavalath::threats::{gather, spread, threat_makers, Threats, PAD_CELLS};

/// The threat masks agree with the rules' own walk for every empty cell and both players.
fn check_threats(board: &Board) {
    let threats = Threats::of(board);
    for p in [Player::First, Player::Second] {
        for cell in Cell::all() {
            let empty = board.empty() & cell.bit() != 0;
            let effect = placement_effect(board.stones(p), cell);
            let win = threats.win(p) & cell.bit() != 0;
            let lose = threats.lose(p) & cell.bit() != 0;
            assert_eq!(
                win,
                empty && effect == Effect::Four,
                "{board}\n{cell} {p:?}"
            );
            assert_eq!(
                lose,
                empty && effect == Effect::Three,
                "{board}\n{cell} {p:?}"
            );
        }
    }
}

/// The bitboard window counts and threat makers agree with walking the table of windows.
fn check_windows(board: &Board) {
    let (a, b) = (board.stones(Player::First), board.stones(Player::Second));
    for (own, theirs) in [(a, b), (b, a)] {
        assert_eq!(
            window_score(own, theirs),
            window_score_by_table(own, theirs)
        );
        let mut makers = 0;
        for &(window, _) in WINDOWS.iter() {
            if window & theirs == 0 && (window & own).count_ones() == 2 {
                makers |= window & board.empty();
            }
        }
        assert_eq!(threat_makers(own, theirs), makers);
    }
}

/// The evaluation agrees with its definition (see `eval`'s docs), counted cell by cell and
/// window by window.
fn check_evaluation(board: &Board) {
    let threats = Threats::of(board);
    let me = board.side_to_move();
    let opp = me.other();
    let opp_wins = threats.win(opp);
    let expected = if threats.win(me) != 0 {
        WIN_NEXT
    } else if opp_wins.count_ones() >= 2 || opp_wins & threats.lose(me) != 0 {
        -WIN_NEXT
    } else {
        let built = |p: Player| {
            let reserve = Cell::all()
                .filter(|c| {
                    let bit = c.bit();
                    board.empty() & bit != 0
                        && threats.lose(p.other()) & bit != 0
                        && threats.lose(p) & bit == 0
                })
                .count() as i32;
            let centre: i32 = Cell::all()
                .filter(|c| board.stones(p) & c.bit() != 0)
                .map(centrality)
                .sum();
            window_score_by_table(board.stones(p), board.stones(p.other()))
                + RESERVE * reserve
                + CENTRE * centre
        };
        TEMPO + built(me) - built(opp)
    };
    assert_eq!(evaluate(board), expected, "{board}");
}

/// The grid as each player is sent it parses back to the same position.
fn check_grid(board: &Board) {
    let me = board.side_to_move();
    let rows = format_grid(board, me);
    assert_eq!(rows.len(), ROWS);
    let (mut own, mut theirs) = (0, 0);
    for (y, row) in rows.iter().enumerate() {
        let (o, t) = parse_row(y, row).expect("our own grid parses");
        own |= o;
        theirs |= t;
    }
    let (first, second) = match me {
        Player::First => (own, theirs),
        Player::Second => (theirs, own),
    };
    let rebuilt = Board::from_stones(first, second, me).expect("a reachable position");
    assert_eq!(rebuilt.stones(Player::First), board.stones(Player::First));
    assert_eq!(rebuilt.stones(Player::Second), board.stones(Player::Second));
    assert_eq!(rebuilt.plies(), board.plies());
    assert_eq!(rebuilt.hash(), board.hash());
    assert_eq!(rebuilt.swap_cell(), board.swap_cell());
}

fn check_position(board: &Board) {
    assert_eq!(board.hash(), board.compute_hash());
    let first = board.stones(Player::First).count_ones();
    let second = board.stones(Player::Second).count_ones();
    assert_eq!(
        board.stones(Player::First) & board.stones(Player::Second),
        0
    );
    assert!(first + second == board.plies() || first + second + 1 == board.plies());
    let moves = board.legal_moves();
    assert_eq!(moves.len() as u32, board.move_count());
    for cell in Cell::all() {
        let listed = moves.as_slice().contains(&cell);
        assert_eq!(listed, board.is_legal(cell));
        assert_eq!(listed, board.try_play(cell).is_ok());
    }
}

/// Cell `(q, r)`'s bit in the padded grid, as the threats module defines it.
fn padded_bit(cell: Cell) -> u128 {
    let (q, r) = cell.axial();
    1 << (10 * (i32::from(r) + 4) + i32::from(q) + 4)
}

/// A 61-bit board spread cell by cell.
fn spread_by_cells(bits: u64) -> u128 {
    Cell::all()
        .filter(|c| bits & c.bit() != 0)
        .fold(0, |out, c| out | padded_bit(c))
}

/// A padded grid gathered cell by cell.
fn gather_by_cells(pad: u128) -> u64 {
    Cell::all()
        .filter(|&c| pad & padded_bit(c) != 0)
        .fold(0, |out, c| out | c.bit())
}

#[test]
fn spreading_and_gathering_agree_with_the_cells_coordinates() {
    let mut rng = SmallRng::seed_from_u64(7);
    let singles = Cell::all().map(|c| c.bit());
    let random = (0..20_000).map(|_| rng.gen::<u64>() & yavalath::board::ALL_CELLS);
    for bits in singles.chain(random) {
        let pad = spread(bits);
        assert_eq!(pad, spread_by_cells(bits), "{bits:#x}");
        assert_eq!(pad & !PAD_CELLS, 0);
        assert_eq!(gather(pad), bits);
    }
    for _ in 0..20_000 {
        // Bits above the 61 cells are dropped.
        let bits = rng.gen::<u64>();
        let cells = bits & yavalath::board::ALL_CELLS;
        assert_eq!(spread(bits), spread_by_cells(cells), "{bits:#x}");
    }
    for _ in 0..20_000 {
        // Any padded grid, bits off the board included: those are dropped.
        let pad = rng.gen::<u128>();
        assert_eq!(gather(pad), gather_by_cells(pad), "{pad:#x}");
    }
}

#[test]
fn random_playouts_keep_every_invariant() {
    let mut swaps = 0;
    for seed in 0..300u64 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut board = Board::start();
        while board.outcome().is_none() {
            check_position(&board);
            check_threats(&board);
            check_grid(&board);
            check_windows(&board);
            check_evaluation(&board);
            let moves = board.legal_moves();
            let m = match board.swap_cell() {
                Some(stolen) if seed % 3 == 0 => {
                    swaps += 1;
                    stolen
                }
                _ => *moves.choose(&mut rng).expect("a running game has moves"),
            };
            let next = board.play(m);
            assert_eq!(next.plies(), board.plies() + 1);
            assert!(
                next.plies() <= 61,
                "a game ends by the time the board is full"
            );
            board = next;
        }
        assert_eq!(board.hash(), board.compute_hash());
        assert_eq!(board.move_count(), 0);
    }
    assert_eq!(swaps, 100);
}

#[test]
fn notation_round_trips_for_every_cell() {
    for cell in Cell::all() {
        let text = format_move(cell);
        assert_eq!(parse_move(&text), Ok(cell));
        assert_eq!(parse_last_move(&text), Ok(Some(cell)));
        assert_eq!(parse_move(&format!("{text} a message/another")), Ok(cell));
        assert_eq!(text, cell.to_string());
    }
    assert_eq!(parse_last_move("-1 -1"), Ok(None));
    for bad in [
        "", "4", "4  4", "a b", "4,4", "-1 -1", "5 0", "9 4", "0 9", "+1 1", "1 1x",
    ] {
        assert!(parse_move(bad).is_err(), "'{bad}' should not parse");
    }
}

#[test]
fn the_search_never_makes_a_losing_three_when_it_has_another_move() {
    let options = common::cli::BotOptions {
        depth: Some(3),
        ..Default::default()
    };
    for seed in 0..6u64 {
        let mut engine = Engine::new(&options);
        engine.set_verbose(false);
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut board = Board::start();
        while board.outcome().is_none() {
            let mover = board.side_to_move();
            let m = if board.plies() % 2 == (seed % 2) as u32 {
                engine
                    .choose(&board, common::clock::Deadline::unlimited())
                    .expect("a move")
            } else {
                *board.legal_moves().choose(&mut rng).unwrap()
            };
            let threats = Threats::of(&board);
            let safe = board.empty() & !threats.lose(mover);
            if board.plies() % 2 == (seed % 2) as u32 && safe != 0 && board.swap_cell() != Some(m) {
                assert!(
                    safe & m.bit() != 0,
                    "the search made a 3 at {m} with safe moves left\n{board}"
                );
            }
            board = board.play(m);
        }
    }
}
