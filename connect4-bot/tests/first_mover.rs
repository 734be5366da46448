//! Either team may move first: the bot's state and its tenth-move dual disc hold whichever team
//! started, in a fresh, a reused and a shared folder; and the game master's `moves.txt` and
//! `opponent_move.txt` are used when they fit the board and ignored, with a warning, when not.

use common::game::Board as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use connect4::board::{row_mask, Board, Kind, Move, Team, CLEARING_BITS};
use connect4::notation::{format_board, format_moves_file, format_opponent_file, parse_move};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use support::run_in;
use test_support::process::write_read_only;

mod support;

const BOT: &str = env!("CARGO_BIN_EXE_connect4-bot");

fn scratch_dir(name: &str) -> PathBuf {
    test_support::process::scratch_dir("connect4-first-mover", name)
}

/// The bot under the team ids `alpha` (team 1) and `beta` (team 2): links to the binary, so that
/// the two teams sharing a folder name their help files apart, as the contest has them.
fn team_programs(bin: &Path) -> [PathBuf; 2] {
    ["alpha", "beta"].map(|id| {
        let link = bin.join(id);
        if !link.exists() {
            std::os::unix::fs::symlink(BOT, &link).unwrap();
        }
        link
    })
}

/// What the game master writes besides the board.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Extra {
    /// Only `team_no.txt` and `board.txt`: the bot's own state must hold.
    None,
    /// `moves.txt` and `opponent_move.txt` too, true.
    Files,
}

/// One call: the files, the program run in `dir`; the reply and the program's stderr.
fn call(
    program: &Path,
    dir: &Path,
    board: &Board,
    extra: Extra,
    args: &[&str],
) -> (String, String) {
    let team = board.side_to_move();
    write_read_only(&dir.join("team_no.txt"), &format!("{}\n", team.number()));
    write_read_only(&dir.join("board.txt"), &format_board(board));
    for name in ["moves.txt", "opponent_move.txt"] {
        let _ = fs::remove_file(dir.join(name));
    }
    if extra == Extra::Files {
        write_read_only(&dir.join("moves.txt"), &format_moves_file(board, team));
        write_read_only(
            &dir.join("opponent_move.txt"),
            &format_opponent_file(board, team),
        );
    }
    run_in(program, dir, args)
}

/// Who plays the games.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Players {
    /// The search to depth 3, the first moves drawn from the seed. (It spends its dual disc
    /// early, so these games seldom reach a tenth move with it unused.)
    Search,
    /// One team is the program with `--engine random` (team 1 or 2 by the seed's parity): every
    /// kind of move, clears that empty the board included, and many tenth moves with the dual
    /// disc unused. The other is played by the harness as any contest bot plays at the least
    /// ([`sane_random`]): it takes a win, and never hands one over when it need not. From the
    /// board alone a random player's clears are often ambiguous, so warnings that a move was
    /// applied as given are expected.
    Random,
}

/// A winning move if there is one, else a random move among those that do not hand the
/// opponent a win (any move if all do). With `extra` [`Extra::None`], never a clear that leaves
/// the bot the board of a new game's start (empty, or one disc in the bottom row): without the
/// game master's files such a board in a kept folder is also the next game, and the bot reads
/// it as the statement's judge makes it (see `state.rs`, "Either game", and the tests of
/// `tests/kept_folders.rs` and `tests/state.rs` for both readings).
fn sane_random(board: &Board, extra: Extra, rng: &mut SmallRng) -> Move {
    let a_start = |m: Move| {
        let occupied = board.play(m).occupied();
        extra == Extra::None
            && m.kind.power_bit() & CLEARING_BITS != 0
            && occupied.count_ones() <= 1
            && occupied & !row_mask(0) == 0
    };
    support::sane_random(board, rng, a_start)
}

/// What a game showed: the tenth moves played with the dual disc still unused, per team.
#[derive(Default)]
struct Seen {
    forced_duals: usize,
    /// Calls whose board was both a new game and the game before after an emptying clear.
    either_games: usize,
}

/// Plays a game, `first` moving first, team t's program `programs[t]` run in `dirs[t]`; every
/// reply must be legal.
fn play(
    programs: &[PathBuf; 2],
    dirs: [&Path; 2],
    first: Team,
    seed: u64,
    extra: Extra,
    players: Players,
) -> Seen {
    let mut seen = Seen::default();
    let mut board = Board::starting(first);
    let mut history = Vec::new();
    let mut rng = SmallRng::seed_from_u64(seed);
    while board.outcome().is_none() {
        let team = board.side_to_move();
        if players == Players::Random && team.index() as u64 != seed % 2 {
            board = board.play(sane_random(&board, extra, &mut rng));
            continue;
        }
        let seed = (seed * 2 + team.index() as u64).to_string();
        let mut args = vec!["--seed", &seed, "--movetime", "60"];
        match players {
            Players::Search => args.extend(["--depth", "3", "--opening-plies", "4"]),
            Players::Random => args.extend(["--engine", "random"]),
        }
        let (reply, log) = call(
            &programs[team.index()],
            dirs[team.index()],
            &board,
            extra,
            &args,
        );
        let m = parse_move(reply.trim()).unwrap_or_else(|e| panic!("{e}: {reply:?}"));
        history.push(format!("{team}: {m}: {}", log.trim_end()));
        if board.dual_forced() {
            seen.forced_duals += 1;
        }
        if log.contains("a new game, or the opponent played") {
            seen.either_games += 1;
        }
        board = board.try_play(m).unwrap_or_else(|e| {
            panic!(
                "{team} (first: {first}), ply {}: {m}: {e}\n{board}\n{}",
                board.plies(),
                history.join("\n")
            )
        });
        if players == Players::Search || extra == Extra::Files {
            assert!(!log.contains("warning"), "{team}: {log}");
        }
    }
    seen
}

/// `rounds` rounds of games with team 2 first in two of three, each round in a fresh folder per
/// team, a folder per team reused from game to game, and one folder shared by both teams: every
/// reply legal. Returns what the games showed.
fn games_in_every_folder_kind(name: &str, extra: Extra, players: Players, rounds: u64) -> Seen {
    let root = scratch_dir(name);
    let bin = root.join("bin");
    fs::create_dir_all(&bin).unwrap();
    let programs = team_programs(&bin);
    let (reused, shared) = (
        [root.join("reused-1"), root.join("reused-2")],
        root.join("shared"),
    );
    for dir in reused.iter().chain([&shared]) {
        fs::create_dir_all(dir).unwrap();
    }
    let mut seen = Seen::default();
    for game in 0..rounds {
        let first = if game % 3 == 1 { Team::One } else { Team::Two };
        let seed = game + 1;
        let fresh = [
            root.join(format!("fresh-{game}-1")),
            root.join(format!("fresh-{game}-2")),
        ];
        for dir in &fresh {
            fs::create_dir_all(dir).unwrap();
        }
        let fresh = [fresh[0].as_path(), fresh[1].as_path()];
        let reused = [reused[0].as_path(), reused[1].as_path()];
        let shared = [shared.as_path(), shared.as_path()];
        for (dirs, offset) in [(fresh, 0), (reused, 1000), (shared, 2000)] {
            let game = play(&programs, dirs, first, seed + offset, extra, players);
            seen.forced_duals += game.forced_duals;
            seen.either_games += game.either_games;
        }
    }
    let files: Vec<String> = fs::read_dir(&shared)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        files.iter().any(|f| f.starts_with("alpha")) && files.iter().any(|f| f.starts_with("beta")),
        "{files:?}"
    );
    let _ = fs::remove_dir_all(root);
    eprintln!(
        "{name}: {} tenth moves with the dual disc unused, {} boards of either game",
        seen.forced_duals, seen.either_games
    );
    seen
}

/// 100 rounds of [`games_in_every_folder_kind`] with [`Players::Random`], which must reach a
/// tenth move with the dual disc unused at least once.
fn random_games_reach_a_forced_dual_disc(name: &str, extra: Extra) -> Seen {
    let seen = games_in_every_folder_kind(name, extra, Players::Random, 100);
    assert!(
        seen.forced_duals >= 1,
        "{name}: no tenth move with the dual disc unused"
    );
    seen
}

#[test]
fn team_two_first_in_fresh_reused_and_shared_folders_from_the_state_alone() {
    games_in_every_folder_kind("state", Extra::None, Players::Search, 3);
}

#[test]
fn team_two_first_in_fresh_reused_and_shared_folders_with_the_game_masters_files() {
    games_in_every_folder_kind("files", Extra::Files, Players::Search, 3);
}

#[test]
fn random_players_reach_the_tenth_move_with_the_dual_disc_unused_from_the_state_alone() {
    // Games back to back in a kept folder, the random player often opening with a clear that
    // empties the board: the help file of the game before can explain that board (see
    // `state.rs`, "Either game").
    let seen = random_games_reach_a_forced_dual_disc("random-state", Extra::None);
    assert!(seen.either_games >= 1, "no board of either game");
}

#[test]
fn random_players_reach_the_tenth_move_with_the_dual_disc_unused_with_the_game_masters_files() {
    random_games_reach_a_forced_dual_disc("random-files", Extra::Files);
}

#[test]
fn the_game_masters_files_give_the_counts_the_board_cannot() {
    // Team 2 moved first and has played its dual disc on its tenth move; team 1, with nine
    // moves made and no state, is told by moves.txt that it has made 9 moves and used no power:
    // its tenth move is the dual disc, and it knows that it still holds its three clears (from
    // the board alone it would count them as spent).
    let dir = scratch_dir("counts");
    let mut board = Board::starting(Team::Two);
    for column in ["1", "2", "3"] {
        for _ in 0..6 {
            board = board
                .try_play(parse_move(&format!("5 {column}")).unwrap())
                .unwrap();
        }
    }
    assert_eq!(board.side_to_move(), Team::Two);
    assert!(board.dual_forced());
    let board = board.try_play(parse_move("4 5").unwrap()).unwrap();
    assert!(board.dual_forced(), "team 1's tenth move");
    let (reply, log) = call(
        Path::new(BOT),
        &dir,
        &board,
        Extra::Files,
        &["--movetime", "200"],
    );
    assert!(
        log.contains("read moves.txt '9 0 0 0 0' opponent_move.txt '0 0 0 1'"),
        "{log}"
    );
    let m = parse_move(reply.trim()).unwrap();
    assert_eq!(m.kind, Kind::Dual, "{log}");
    let state = fs::read_to_string(dir.join("connect4-bot.txt")).unwrap();
    assert!(state.contains("moves 10 10"), "{state}");
    assert!(state.contains("used 8 8"), "{state}");
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn garbage_or_inconsistent_game_master_files_are_ignored_with_a_warning() {
    let dir = scratch_dir("garbage");
    let board = Board::starting(Team::Two)
        .try_play(parse_move("5 4").unwrap())
        .unwrap();
    for (moves, opponent, warning) in [
        ("hello", "0 0 0 0", "moves.txt: expected 5 numbers"),
        ("0 0 0 0 0", "0 0 0 7", "opponent_move.txt: power 4"),
        ("0 0 0 0 0 0", "0 0 0 0", "expected 5 numbers"),
        ("\u{0}\u{1}\u{2}", "", "expected 5 numbers"),
        ("5 0 0 0 0", "0 0 0 0", "disagree with the board"),
        ("0 0 0 0 1", "0 0 0 0", "disagree with the board"),
        ("0 0 0 0 0", "1 1 1 1", "disagree with the board"),
    ] {
        let team = board.side_to_move();
        write_read_only(&dir.join("team_no.txt"), &format!("{}\n", team.number()));
        write_read_only(&dir.join("board.txt"), &format_board(&board));
        write_read_only(&dir.join("moves.txt"), moves);
        write_read_only(&dir.join("opponent_move.txt"), opponent);
        for help in ["connect4-bot.txt", "connect4-bot.bak"] {
            let _ = fs::remove_file(dir.join(help));
        }
        let (reply, log) = run_in(Path::new(BOT), &dir, &["--engine", "random"]);
        assert!(
            log.contains("warning") && log.contains(warning),
            "{moves:?}: {log}"
        );
        let m = parse_move(reply.trim()).unwrap();
        assert!(board.is_legal(m), "{moves:?}: {m}");
    }
    // One file without the other is ignored too.
    fs::remove_file(dir.join("opponent_move.txt")).unwrap();
    write_read_only(&dir.join("moves.txt"), "0 0 0 0 0");
    let out = Command::new(BOT)
        .current_dir(&dir)
        .args(["--engine", "random"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("no opponent_move.txt beside it"));
    let _ = fs::remove_dir_all(dir);
}
