//! Helpers shared by the integration tests: boards drawn as pictures, move lines, the harness's
//! moves.
#![allow(dead_code)]

use common::game::Board as _;
use connect4::board::{Board, Cell, CellContent, Kind, Move, Outcome, Team, HEIGHT, WIDTH};
use connect4::notation::parse_move;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use std::path::Path;
use std::process::Command;

/// The pictures' alphabet: each character, what the cell holds, and whose disc it is (teams 1
/// and 2).
const SYMBOLS: [(char, CellContent, [bool; 2]); 4] = [
    ('.', CellContent::Empty, [false, false]),
    ('X', CellContent::Team(Team::One), [true, false]),
    ('O', CellContent::Team(Team::Two), [false, true]),
    ('D', CellContent::Dual, [true, true]),
];

/// Discs from a picture: rows of 7 characters (`.` empty, `X` team 1, `O` team 2, `D` dual),
/// the top row first; a picture of fewer than 6 rows holds the bottom rows. Spaces are ignored.
pub fn discs(picture: &str) -> [u64; 2] {
    let rows: Vec<Vec<char>> = picture
        .lines()
        .map(|l| {
            l.chars()
                .filter(|c| !c.is_whitespace())
                .collect::<Vec<char>>()
        })
        .filter(|r| !r.is_empty())
        .collect();
    assert!(rows.len() <= HEIGHT, "too many rows");
    let mut d = [0u64; 2];
    for (i, row) in rows.iter().rev().enumerate() {
        assert_eq!(row.len(), WIDTH, "row {row:?}");
        for (c, ch) in row.iter().enumerate() {
            let bit = Cell::new(c, i).unwrap().bit();
            let &(_, _, teams) = SYMBOLS
                .iter()
                .find(|s| s.0 == *ch)
                .unwrap_or_else(|| panic!("bad picture character {ch}"));
            for (team, &holds) in d.iter_mut().zip(&teams) {
                if holds {
                    *team |= bit;
                }
            }
        }
    }
    d
}

/// A position from a picture, with every power held and no moves counted.
pub fn position(picture: &str, to_move: Team) -> Board {
    position_with(picture, to_move, [0, 0], [0, 0])
}

/// A position from a picture with the given powers used and move counts.
pub fn position_with(picture: &str, to_move: Team, used: [u8; 2], moves: [u8; 2]) -> Board {
    Board::from_parts(discs(picture), to_move, used, moves).expect("a possible board")
}

/// The discs of a board as a picture of all 6 rows, top first, one row per line.
pub fn picture(board: &Board) -> String {
    let mut out = String::new();
    for r in (0..HEIGHT).rev() {
        for c in 0..WIDTH {
            let content = board.at(Cell::new(c, r).unwrap());
            let &(symbol, _, _) = SYMBOLS.iter().find(|s| s.1 == content).unwrap();
            out.push(symbol);
        }
        out.push('\n');
    }
    out
}

/// The picture normalised to 6 rows (as `picture` prints it).
pub fn full_picture(rows: &str) -> String {
    let b = Board::from_parts(discs(rows), Team::One, [0, 0], [0, 0]).unwrap();
    picture(&b)
}

/// Parses `t c`.
pub fn mv(text: &str) -> Move {
    parse_move(text).unwrap()
}

/// Plays `t c` moves separated by commas from the empty board (each must be legal).
pub fn line(moves: &str) -> Board {
    let mut b = Board::start();
    for m in moves.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        b = b.try_play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    b
}

/// Runs `program` with `args` in `dir`, as the contest calls a bot, its files already written:
/// it must succeed and print nothing on stdout. Returns the `output.txt` it wrote and its stderr.
pub fn run_in(program: &Path, dir: &Path, args: &[&str]) -> (String, String) {
    let _ = std::fs::remove_file(dir.join("output.txt"));
    // A program copied just now may still be open for writing in a process another test's
    // thread forked meanwhile ("text file busy", Linux's ETXTBSY): that passes within moments.
    const ETXTBSY: i32 = 26;
    let mut tries = 0;
    let out = loop {
        match Command::new(program).args(args).current_dir(dir).output() {
            Err(e) if e.raw_os_error() == Some(ETXTBSY) && tries < 100 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            result => break result.expect("the bot runs"),
        }
    };
    assert!(out.status.success(), "exit status {:?}", out.status);
    assert!(
        out.stdout.is_empty(),
        "stdout must stay empty: {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    let reply = std::fs::read_to_string(dir.join("output.txt")).expect("output.txt written");
    (reply, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// True if every legal move of `board` plays a disc of `kind`.
pub fn only_moves_of(board: &Board, kind: Kind) -> bool {
    board
        .legal_moves()
        .as_slice()
        .iter()
        .all(|m| m.kind == kind)
}

/// The harness's move, as any contest bot plays at the least: a winning move if there is one,
/// else a random move among those that neither hand the opponent a win nor are `avoided` (any
/// move if all do).
pub fn sane_random(board: &Board, rng: &mut SmallRng, avoided: impl Fn(Move) -> bool) -> Move {
    let me = board.side_to_move();
    let moves = board.legal_moves();
    let outcome = |m: Move| board.play(m).outcome();
    if let Some(&win) = moves
        .iter()
        .find(|&&m| outcome(m) == Some(Outcome::Win(me)))
    {
        return win;
    }
    let safe: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| outcome(m) != Some(Outcome::Win(me.other())) && !avoided(m))
        .collect();
    *safe.choose(rng).unwrap_or(&moves[0])
}
