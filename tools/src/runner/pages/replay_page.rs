//! The replay page: every game of a match (or every record given to `view`), each drawn ply by
//! ply.
//!
//! The page starts with the summary, all of it by player: each player's wins in the headline,
//! each player's results and, for more than two players, the crosstable (its rows and columns
//! by rank, as the tournament's standings), and a link per game marked in the colour of the
//! player who won it. One game is shown at a time: which player sat in which seat, its board, a
//! move list with each reply's time (the moves written in the board's frame,
//! [`Drawing::board_frame_move`]), the result and its reason, first/previous/next/last buttons,
//! a slider and the arrow keys (Home and End for the first and last ply). The address fragment
//! `#game=<k>&ply=<p|last>` selects a game and a ply, and follows the controls.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use super::{escape, head, player_style};
use crate::runner::command_line::{parse_words, print_clap, subcommand};
use crate::runner::game::drawing::Drawing;
use crate::runner::game::{DrawScore, Game, Scoring};
use crate::runner::records::files::{
    check_apart, check_page_target, check_writable, io_reason, read_input, FileError, Place, Use,
};
use crate::runner::records::replay::{replay, GameView};
use crate::runner::stats::rating::Results;
use crate::runner::stats::report::rank;
use crate::runner::stats::tally::Tally;

/// The script of the replay page: the controls, the keys and the address fragment.
const SCRIPT: &str = include_str!("replay.js");

/// The whole page: `title`, the summary, and every game, drawn by `drawing` (the games'
/// frames are its drawings; the page adds the background they share).
pub fn page<B>(drawing: &dyn Drawing<B>, title: &str, games: &[GameView]) -> String {
    let tally = tally(games);
    let mut html = head(title, &player_style(tally.players.len()));
    // The games of a page are of one game, replayed by its rules: its contest's scoring.
    let scoring = games.first().map_or(
        Scoring {
            game: "",
            draw: DrawScore::Half,
        },
        |game| game.scoring,
    );
    summary(&mut html, games, &tally, scoring);
    let (width, height) = drawing.size();
    let _ = writeln!(
        html,
        "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">\
         <defs><g id=\"background\">{}</g></defs></svg>",
        drawing.background()
    );
    for (i, game) in games.iter().enumerate() {
        game_section(&mut html, i + 1, game, &tally, (width, height));
    }
    let _ = write!(html, "<script>{SCRIPT}</script>\n</body>\n</html>\n");
    html
}

/// The games' results by player; a record that is not of this game at all names no player.
fn tally(games: &[GameView]) -> Tally {
    let mut tally = Tally::default();
    for game in games {
        if game.frames.is_empty() {
            tally.unfinished += 1;
        } else {
            tally.add(&game.players, game.outcome());
        }
    }
    tally
}

/// A player's name with its colour: `<span class="swatch player-K"></span><code>NAME</code>`.
fn named(tally: &Tally, name: &str) -> String {
    let index = tally.players.iter().position(|p| p == name).unwrap_or(0);
    format!(
        "<span class=\"swatch player-{index}\"></span><code>{}</code>",
        escape(name)
    )
}

/// `4 games: A won 1, B won 2, 1 drawn.`, every count by player.
fn headline(games: &[GameView], tally: &Tally) -> String {
    let mut line = format!(
        "{} game{}:",
        games.len(),
        if games.len() == 1 { "" } else { "s" }
    );
    for (name, score) in tally.players.iter().zip(&tally.scores) {
        let _ = write!(line, " {} won {},", named(tally, name), score.wins);
    }
    let draws: u32 = tally.scores.iter().map(|s| s.draws).sum::<u32>() / 2;
    let _ = write!(line, " {draws} drawn");
    if tally.unfinished > 0 {
        let _ = write!(
            line,
            ", {} without a result or unreadable",
            tally.unfinished
        );
    }
    line + "."
}

/// The headline, each player's results and its share of the contest's points (with a line
/// that says how a draw counts where it is not half a point), the crosstable, the problems and
/// the games.
fn summary(html: &mut String, games: &[GameView], tally: &Tally, scoring: Scoring) {
    html.push_str("<div class=\"summary\">\n");
    let _ = writeln!(html, "<p class=\"headline\">{}</p>", headline(games, tally));
    let points = match scoring.note() {
        Some(note) => {
            let _ = writeln!(
                html,
                "<p class=\"muted\">Points as the contest counts them: {}.</p>",
                escape(&note)
            );
            "points"
        }
        None => "score",
    };
    let _ = writeln!(
        html,
        "<table class=\"standings\"><tr><th>player</th><th>games</th><th>wins</th>\
         <th>draws</th><th>losses</th><th>{points}</th></tr>",
    );
    for (name, score) in tally.players.iter().zip(&tally.scores) {
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            named(tally, name),
            score.games(),
            score.wins,
            score.draws,
            score.losses,
            score.percent(scoring.draw)
        );
    }
    html.push_str("</table>\n");
    if tally.players.len() > 2 {
        crosstable(html, tally, scoring.draw);
    }
    problems(html, games);
    games_nav(html, games, tally);
    html.push_str(
        "<p class=\"keys\">← → previous and next ply, Home and End the first and last; \
         a game's address is <code>#game=K&amp;ply=P</code> (or <code>ply=last</code>).</p>\n",
    );
    html.push_str("</div>\n");
}

/// The crosstable, its rows and its columns in rank order, each numbered by its rank: the
/// tournament's standings ([`rank`]) of the games with a result, a draw worth `draw`.
fn crosstable(html: &mut String, tally: &Tally, draw: DrawScore) {
    let order = ranked(tally, draw);
    html.push_str("<table class=\"crosstable\"><tr><th>wins-draws-losses against</th>");
    for (rank, &j) in order.iter().enumerate() {
        let _ = write!(
            html,
            "<th title=\"{}\">{}</th>",
            escape(&tally.players[j]),
            rank + 1
        );
    }
    html.push_str("</tr>\n");
    for (rank, &i) in order.iter().enumerate() {
        let name = &tally.players[i];
        let _ = write!(html, "<tr><td>{} {}</td>", rank + 1, named(tally, name));
        for &j in &order {
            let s = tally.between(i, j);
            if i == j || s.games() == 0 {
                html.push_str("<td></td>");
            } else {
                let _ = write!(html, "<td>{}-{}-{}</td>", s.wins, s.draws, s.losses);
            }
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</table>\n");
}

/// The players of `tally`, best first, as a tournament's standings rank them ([`rank`]) when a
/// draw is worth `draw`.
fn ranked(tally: &Tally, draw: DrawScore) -> Vec<usize> {
    let count = tally.players.len();
    let mut results = Results::new(count);
    for i in 0..count {
        for j in i + 1..count {
            let score = tally.between(i, j);
            for (games, points) in [(score.wins, 1.0), (score.draws, 0.5), (score.losses, 0.0)] {
                for _ in 0..games {
                    results.add(i, j, points);
                }
            }
        }
    }
    rank(&tally.players, &results.fit(), &tally.scores, draw)
}

fn problems(html: &mut String, games: &[GameView]) {
    let problems: Vec<String> = games
        .iter()
        .flat_map(|game| {
            game.problems
                .iter()
                .map(move |p| format!("{}: {p}", game.label))
        })
        .collect();
    if !problems.is_empty() {
        html.push_str("<ul class=\"problems\">\n");
        for problem in problems {
            let _ = writeln!(html, "<li>{}</li>", escape(&problem));
        }
        html.push_str("</ul>\n");
    }
}

/// The class of a game's link: the winner's colour (`player-K`), a draw, or a damaged record.
fn outcome_class(game: &GameView, tally: &Tally) -> String {
    if !game.problems.is_empty() {
        return "bad".into();
    }
    match game.outcome() {
        Some(Some(seat)) => {
            let winner = &game.players[seat.index()];
            let index = tally.players.iter().position(|p| p == winner).unwrap_or(0);
            format!("player-{index}")
        }
        Some(None) => "draw".into(),
        None => String::new(),
    }
}

fn games_nav(html: &mut String, games: &[GameView], tally: &Tally) {
    html.push_str("<nav class=\"games\">");
    for (i, game) in games.iter().enumerate() {
        let _ = write!(
            html,
            "<a href=\"#game={n}\" class=\"{}\" title=\"{}: {}\">{n}</a>",
            outcome_class(game, tally),
            escape(&game.label),
            escape(&result_text(game)),
            n = i + 1
        );
    }
    html.push_str("</nav>\n");
}

/// `B won (p2): a bomber reached the opponent's base`, `draw: ...`, `no result`.
fn result_text(game: &GameView) -> String {
    match &game.record.result {
        Some(result) => {
            let who = match result.winner {
                Some(seat) => format!("{} won ({seat})", game.players[seat.index()]),
                None => "draw".to_string(),
            };
            if result.reason.is_empty() {
                who
            } else {
                format!("{who}: {}", result.reason)
            }
        }
        None => "no result".to_string(),
    }
}

fn game_section(
    html: &mut String,
    number: usize,
    game: &GameView,
    tally: &Tally,
    size: (u32, u32),
) {
    let _ = writeln!(
        html,
        "<section class=\"game\" id=\"game-{number}\" data-plies=\"{}\">",
        game.opening_accepted + game.moves_accepted
    );
    let label = if game.label == format!("game {number}") {
        String::new()
    } else {
        escape(&game.label)
    };
    let _ = writeln!(html, "<h2>Game {number} <small>{label}</small></h2>");
    html.push_str("<p class=\"players\">");
    for (seat, (name, command)) in ["p1", "p2"]
        .iter()
        .zip(game.players.iter().zip(&game.record.players))
    {
        let _ = write!(
            html,
            "<span class=\"seat {seat}\">{seat}</span> {} <code class=\"command\">{}</code> &nbsp; ",
            named(tally, name),
            escape(command)
        );
    }
    html.push_str("</p>\n");
    if let Some(setup) = &game.record.setup {
        let _ = writeln!(html, "<p class=\"setup\">{}</p>", escape(setup));
    }
    let _ = writeln!(
        html,
        "<p class=\"result\">{}</p>",
        escape(&result_text(game))
    );
    list(html, "retries", "call made again: ", &game.record.retries);
    let problems: Vec<String> = game.problems.iter().map(|p| p.to_string()).collect();
    list(html, "problems", "", &problems);
    html.push_str("<div class=\"view\">\n<div class=\"left\">\n<div class=\"frames nojs\">\n");
    let (width, height) = size;
    for (ply, frame) in game.frames.iter().enumerate() {
        let _ = writeln!(
            html,
            "<svg class=\"board\" data-ply=\"{ply}\" viewBox=\"0 0 {width} {height}\"><use href=\"#background\"/>{frame}</svg>"
        );
    }
    let last = game.frames.len().saturating_sub(1);
    let _ = writeln!(
        html,
        "</div>\n<div class=\"controls\">\
         <button data-go=\"first\" title=\"first ply (Home)\">«</button>\
         <button data-go=\"prev\" title=\"previous ply (←)\">‹</button>\
         <button data-go=\"next\" title=\"next ply (→)\">›</button>\
         <button data-go=\"last\" title=\"last ply (End)\">»</button>\
         <input type=\"range\" min=\"0\" max=\"{last}\" value=\"0\" aria-label=\"ply\">\
         <span class=\"plynumber\">ply 0 / {last}</span></div>\n\
         <p class=\"caption\"></p>\n</div>"
    );
    move_list(html, game);
    html.push_str("</div>\n</section>\n");
}

/// `<ul class="CLASS">` of `items`, each after `prefix`; nothing without items.
fn list(html: &mut String, class: &str, prefix: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let _ = writeln!(html, "<ul class=\"{class}\">");
    for item in items {
        let _ = writeln!(html, "<li>{}{}</li>", escape(prefix), escape(item));
    }
    html.push_str("</ul>\n");
}

/// The move list: the start, the opening's plies, then the players' plies, each as the page
/// writes it (the board's frame) and, where the player printed it otherwise, that too in its
/// caption.
fn move_list(html: &mut String, game: &GameView) {
    let plies: Vec<_> = game.opening().iter().chain(game.moves()).collect();
    let reframed = plies
        .iter()
        .zip(&game.notation)
        .any(|(ply, shown)| ply.line.trim() != shown);
    html.push_str("<div class=\"movelist\">\n");
    if reframed {
        html.push_str(
            "<p class=\"frame\">Moves in the board's frame, as drawn; each caption also gives \
             the move as its player printed it, in its own frame.</p>\n",
        );
    }
    html.push_str("<ol class=\"moves\">\n");
    let _ = writeln!(
        html,
        "<li data-ply=\"0\" data-caption=\"the start\"><span class=\"n\">0</span><code>start</code></li>"
    );
    let opening = game.opening_accepted;
    for (i, ply) in plies.iter().enumerate() {
        let n = i + 1;
        let printed = ply.line.trim();
        let shown = game.notation.get(i).map_or(printed, String::as_str);
        let seat = ply.seat.to_string();
        let who = format!("{seat} ({})", game.players[ply.seat.index()]);
        let mut caption = if i < opening {
            format!("opening ply {n}: played for {who} before the game, {shown}")
        } else {
            format!("ply {n}: {who} played {shown}")
        };
        if shown != printed {
            let _ = write!(caption, " (printed as {printed} in its own frame)");
        }
        let time = match (i < opening, ply.time_ms) {
            (true, _) => "opening".to_string(),
            (false, Some(ms)) => format!("{ms} ms"),
            (false, None) => String::new(),
        };
        if i >= opening && ply.time_ms.is_some() {
            let _ = write!(caption, " in {time}");
        }
        if n == plies.len() && i >= opening {
            let _ = write!(caption, "; {}", result_text(game));
        }
        let class = if i < opening {
            " class=\"opening\""
        } else {
            ""
        };
        let _ = writeln!(
            html,
            "<li{class} data-ply=\"{n}\" data-caption=\"{}\"><span class=\"n\">{n}</span>\
             <span class=\"seat {seat}\">{seat}</span><code>{}</code><span class=\"time\">{time}</span></li>",
            escape(&caption),
            escape(shown),
        );
    }
    html.push_str("</ol>\n</div>\n");
}

/// `krieg: 10 games`.
fn match_title(name: &str, games: usize) -> String {
    format!("{name}: {games} game{}", if games == 1 { "" } else { "s" })
}

/// The page of a match just played: each game's record text, in game order, with the names of
/// the players in its two seats (`A`/`B`, or the `--player` names of a tournament).
pub(crate) fn match_page<G: Game>(
    drawing: &dyn Drawing<G::Board>,
    records: &[(String, [String; 2])],
) -> String {
    let games: Vec<GameView> = records
        .iter()
        .enumerate()
        .map(|(i, (text, players))| {
            replay::<G>(drawing, &format!("game {}", i + 1), text).with_players(players.clone())
        })
        .collect();
    page(drawing, &match_title(G::NAME, games.len()), &games)
}

/// `view`'s command line.
#[derive(Parser, Debug)]
struct ViewArgs {
    /// write the page to FILE [default: standard output]
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// the records to replay (game-<k>.txt, as --record-dir writes them)
    #[arg(value_name = "RECORD", required = true)]
    records: Vec<String>,
}

/// `view`'s command for `game`, with its help.
pub(crate) fn view_command(game: &str) -> clap::Command {
    subcommand::<ViewArgs>(game, "view", "RECORD... [--html FILE]").about(format!(
        "Replays {game} records (game-<k>.txt, as --record-dir writes them) through the rules \
             and writes one self-contained HTML page with every game drawn ply by ply, to FILE or \
             standard output. Records that cannot be read whole are shown up to the damage and \
             reported on stderr with the line number (exit status 1)."
    ))
}

/// The options of `view` (the words after `view`).
fn parse_view_args(game: &str, args: &[String]) -> Result<ViewArgs, clap::Error> {
    parse_words(&mut view_command(game), args)
}

/// `<game>-referee view RECORD... [--html FILE]`: the page of records already written, to FILE
/// (standard output without `--html`), drawn by `drawing` (the game's own, [`Game::DRAWING`]).
/// Each problem found goes to stderr as `RECORD: line N: ...`. Exit status 0 when every record
/// was read whole, 1 when some were not (the page is written all the same), 2 for a bad command
/// line (`clap`'s error on one line; its help on stdout with status 0) or a game without a
/// drawing.
pub(crate) fn view_main<G: Game>(
    drawing: Option<&dyn Drawing<G::Board>>,
    args: &[String],
) -> ExitCode {
    let options = match parse_view_args(G::NAME, args) {
        Ok(options) => options,
        Err(error) => return print_clap(&format!("{}-referee view", G::NAME), &error),
    };
    let program = format!("{}-referee view", G::NAME);
    let Some(drawing) = drawing else {
        eprintln!(
            "{program}: {} has no drawing of its positions, so no replay page",
            G::NAME
        );
        return ExitCode::from(2);
    };
    if let Some(file) = &options.html {
        // The page never replaces a record it shows, nor a file that is not a page.
        let mut places = vec![Place::new("--html", file, Use::Write)];
        places.extend(
            (options.records.iter()).map(|r| Place::new("the record", Path::new(r), Use::Read)),
        );
        let checked = check_apart(&places).and_then(|()| {
            check_writable(file, "the replay page")
                .and_then(|()| check_page_target(file, "the replay page"))
                .map_err(|error| error.to_string())
        });
        if let Err(refusal) = checked {
            eprintln!("{program}: {refusal}");
            return ExitCode::from(2);
        }
    }
    let mut games = Vec::new();
    let mut whole = true;
    for path in &options.records {
        let game = match read_input(Path::new(path), "the record") {
            Ok(bytes) => replay::<G>(drawing, path, &String::from_utf8_lossy(&bytes)),
            Err(error) => {
                eprintln!("{program}: {error}");
                whole = false;
                continue;
            }
        };
        for problem in &game.problems {
            eprintln!("{path}: {problem}");
            whole = false;
        }
        games.push(game);
    }
    let html = page(drawing, &match_title(G::NAME, games.len()), &games);
    let written = match &options.html {
        Some(file) => fs::write(file, html),
        None => {
            use std::io::Write as _;
            std::io::stdout().write_all(html.as_bytes())
        }
    };
    if let Err(error) = written {
        match &options.html {
            Some(file) => {
                let error = FileError::new("write the replay page", file, error);
                eprintln!("{}-referee view: {error}", G::NAME);
            }
            None => eprintln!(
                "{}-referee view: cannot write the standard output: {}",
                G::NAME,
                io_reason(&error)
            ),
        }
        return ExitCode::from(1);
    }
    if whole {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::command_line::one_line;
    use crate::runner::command_line::unwrapped;
    use crate::runner::game::Seat;
    use crate::runner::records::replay::tests::{replay_count, CountGame, COUNT, WON};

    #[test]
    fn the_page_holds_every_game_the_summary_and_escaped_text() {
        let games = vec![
            replay_count("game 1", WON),
            replay_count("game <2>", &WON.replace("# p2: two", "# p2: three")),
            replay_count("game 3", &WON.replace("# p1: one", "# p1: three")),
        ];
        let html = page(&COUNT, "count: 3 games", &games);
        assert_eq!(html.matches("<section class=\"game\"").count(), 3);
        assert_eq!(html.matches("<svg class=\"board\"").count(), 12);
        assert_eq!(html.matches("<li data-ply=").count(), 12);
        assert!(html.contains("game &lt;2&gt;"));
        assert!(!html.contains("game <2>"));
        assert!(html.contains("class=\"crosstable\""));
        // "one" beat "two" and "three" as Player 1; "three" beat "one".
        assert!(html.contains(
            "<tr><td>1 <span class=\"swatch player-0\"></span><code>one</code></td><td></td>\
             <td>1-0-0</td><td>1-0-0</td></tr>"
        ));
        assert!(html.contains("10 ms"));
        assert!(!html.contains("http"), "no network");
        assert!(!html.contains(" src="), "no external resource");
    }

    #[test]
    fn the_page_counts_and_colours_every_result_by_player_not_by_seat() {
        // B wins all four games, two in each seat.
        let b_first = WON.replace("# p1: one\n# p2: two", "# p1: B\n# p2: A");
        let b_second = "# count\n# p1: A\n# p2: B\n1 1\n2 2\n1 1\n2 1\n# result: p2 reached five\n";
        let b_second = b_second.to_string();
        let (a, b) = ("A".to_string(), "B".to_string());
        let records = vec![
            (b_first.clone(), [b.clone(), a.clone()]),
            (b_second.clone(), [a.clone(), b.clone()]),
            (b_first, [b.clone(), a.clone()]),
            (b_second, [a, b]),
        ];
        let html = match_page::<CountGame>(&COUNT, &records);
        assert!(!html.contains("p1</span> won"), "no count by seat");
        let headline = html.split("<p class=\"headline\">").nth(1).unwrap();
        let headline = headline.split("</p>").next().unwrap();
        assert!(headline.contains("<code>A</code> won 0"), "{headline}");
        assert!(headline.contains("<code>B</code> won 4"), "{headline}");
        // Every game's link has B's colour, whatever B's seat.
        let nav = html.split("<nav class=\"games\">").nth(1).unwrap();
        let nav = nav.split("</nav>").next().unwrap();
        let b_class = html.split("\"></span><code>B</code></td>").next().unwrap();
        let b_class = &b_class[b_class.rfind("swatch ").unwrap() + 7..];
        assert_eq!(
            nav.matches(&format!("class=\"{b_class}\"")).count(),
            4,
            "{nav}"
        );
        assert!(html.contains("B won (p2)"));
    }

    #[test]
    fn a_tournaments_crosstable_has_its_rows_and_columns_in_rank_order() {
        // The players come in the order one, two, three; three wins both its games, two beats
        // one: the ranks are three, two, one.
        let second_wins =
            "# count\n# p1: A\n# p2: B\n1 1\n2 2\n1 1\n2 1\n# result: p2 reached five\n";
        let game = |p1: &str, p2: &str| (second_wins.to_string(), [p1.into(), p2.into()]);
        let records = vec![
            game("one", "two"),
            game("one", "three"),
            game("two", "three"),
        ];
        let html = match_page::<CountGame>(&COUNT, &records);
        let table = html.split("<table class=\"crosstable\">").nth(1).unwrap();
        let table = table.split("</table>").next().unwrap();
        let rows: Vec<&str> = table.lines().collect();
        assert_eq!(
            rows,
            [
                "<tr><th>wins-draws-losses against</th><th title=\"three\">1</th>\
                 <th title=\"two\">2</th><th title=\"one\">3</th></tr>",
                "<tr><td>1 <span class=\"swatch player-2\"></span><code>three</code></td>\
                 <td></td><td>1-0-0</td><td>1-0-0</td></tr>",
                "<tr><td>2 <span class=\"swatch player-1\"></span><code>two</code></td>\
                 <td>0-0-1</td><td></td><td>1-0-0</td></tr>",
                "<tr><td>3 <span class=\"swatch player-0\"></span><code>one</code></td>\
                 <td>0-0-1</td><td>0-0-1</td><td></td></tr>",
            ]
        );
    }

    #[test]
    fn the_summary_counts_a_draw_as_the_contest_does() {
        let won = WON.replace("# p1: one\n# p2: two", "# p1: A\n# p2: B");
        let drawn = "# count\n# p1: A\n# p2: B\n1 1\n# time: 4\n2 1\n# time: 5\n\
                     # result: draw the ply limit\n";
        let mut games = vec![replay_count("game 1", &won), replay_count("game 2", drawn)];
        assert!(games[1].problems.is_empty(), "{:?}", games[1].problems);
        let half = page(&COUNT, "t", &games);
        assert!(half.contains("<th>score</th>") && !half.contains("scores 0"));
        assert!(half.contains(
            "<code>A</code></td><td>2</td><td>1</td><td>1</td><td>0</td><td>75.0 %</td>"
        ));
        for game in &mut games {
            game.scoring.draw = DrawScore::Nothing;
        }
        let nothing = page(&COUNT, "t", &games);
        assert!(nothing.contains("Points as the contest counts them: a draw scores 0 in count."));
        assert!(nothing.contains("<th>points</th>"));
        assert!(nothing.contains(
            "<code>A</code></td><td>2</td><td>1</td><td>1</td><td>0</td><td>50.0 %</td>"
        ));
        assert!(nothing
            .contains("<code>B</code></td><td>2</td><td>0</td><td>1</td><td>1</td><td>0.0 %</td>"));
    }

    #[test]
    fn a_match_page_names_the_sides_a_and_b() {
        let (a, b) = ("A".to_string(), "B".to_string());
        let records = vec![
            (WON.to_string(), [a.clone(), b.clone()]),
            (WON.to_string(), [b, a]),
        ];
        let html = match_page::<CountGame>(&COUNT, &records);
        assert!(html.contains("<title>count: 2 games</title>"));
        assert!(html.contains("<code>A</code></td><td>2</td><td>1</td><td>0</td><td>1</td>"));
        assert!(!html.contains("class=\"crosstable\""));
    }
    #[test]
    fn opening_plies_are_replayed_drawn_and_listed_as_the_opening() {
        let text = "# count\n# p1: one\n# p2: two\n# opening: 1 2\n# opening: 2 1\n\
                    1 2\n# time: 3\n# result: p1 reached five\n";
        let view = replay_count("game 1", text);
        assert!(view.problems.is_empty(), "{:?}", view.problems);
        assert_eq!((view.opening_accepted, view.moves_accepted), (2, 1));
        assert_eq!(view.frames.len(), 4);
        assert_eq!(view.frames[2], "<text>3 2+1</text>");
        assert_eq!(view.rules_end.as_ref().unwrap().winner, Some(Seat::First));
        let html = page(&COUNT, "t", &[view]);
        assert!(
            html.contains("<li class=\"opening\" data-ply=\"2\""),
            "{html}"
        );
        assert!(html.contains("<li data-ply=\"3\" data-caption=\"ply 3: p1 (one) played 2"));
        // An opening ply for the wrong seat, or one the rules refuse, stops the replay there.
        let wrong = text.replace("# opening: 2 1", "# opening: 1 1");
        let view = replay_count("game 1", &wrong);
        assert_eq!((view.frames.len(), view.problems[0].line_number), (2, 5));
        let illegal = text.replace("# opening: 2 1", "# opening: 2 x");
        let view = replay_count("game 1", &illegal);
        assert_eq!((view.frames.len(), view.problems[0].line_number), (2, 5));
    }

    #[test]
    fn another_game_and_a_truncated_record() {
        let view = replay_count("other", &WON.replace("# count", "# krieg"));
        assert!(view.frames.is_empty());
        let html = page(&COUNT, "count", std::slice::from_ref(&view));
        assert!(
            !html.contains("<tr><td><code>one</code>"),
            "a record of another game names no player"
        );
        assert_eq!(view.problems[0].line_number, 1);
        assert!(view.problems[0].message.contains("krieg"));
        let cut: String = WON.lines().take(6).map(|l| format!("{l}\n")).collect();
        let view = replay_count("cut", &cut);
        assert_eq!(view.frames.len(), 3);
        assert_eq!(view.problems[0].line_number, 7);
    }

    fn words(words: &[&str]) -> Vec<String> {
        words.iter().map(|word| word.to_string()).collect()
    }

    #[test]
    fn view_reads_its_records_and_page_wherever_they_stand() {
        let options =
            parse_view_args("count", &words(&["a.txt", "--html", "p.html", "b.txt"])).unwrap();
        assert_eq!(options.records, ["a.txt", "b.txt"]);
        assert_eq!(options.html, Some(PathBuf::from("p.html")));
        let options = parse_view_args("count", &words(&["a.txt"])).unwrap();
        assert_eq!((options.records.len(), options.html), (1, None));
    }

    #[test]
    fn a_bad_view_command_line_is_refused_on_one_line_with_clap_s_tip() {
        let refusal = |args: &[&str]| {
            let error = parse_view_args("count", &words(args)).unwrap_err();
            assert!(error.use_stderr(), "{args:?} is refused, not helped");
            one_line(&error)
        };
        assert_eq!(
            refusal(&[]),
            "the following required arguments were not provided: <RECORD>..."
        );
        assert_eq!(
            refusal(&["--html", "p.html"]),
            "the following required arguments were not provided: <RECORD>..."
        );
        assert_eq!(
            refusal(&["--htm", "p.html", "a.txt"]),
            "unexpected argument '--htm' found; a similar argument exists: '--html'"
        );
        assert_eq!(
            refusal(&["a.txt", "--html"]),
            "a value is required for '--html <FILE>' but none was supplied"
        );
    }

    #[test]
    fn view_s_help_is_its_usage_whatever_else_is_given() {
        for args in [
            &["--help"][..],
            &["a.txt", "-h"],
            &["--html", "p.html", "--help"],
        ] {
            let error = parse_view_args("count", &words(args)).unwrap_err();
            assert!(!error.use_stderr(), "{args:?}");
            let help = unwrapped(&error.render().to_string());
            assert!(
                help.contains("Usage: count-referee view RECORD... [--html FILE]"),
                "{help}"
            );
            for text in ["Replays count records", "--html <FILE>", "exit status 1"] {
                assert!(help.contains(text), "{text}: {help}");
            }
        }
    }

    #[test]
    fn view_of_a_game_without_a_drawing_is_refused() {
        use crate::runner::game::count::tests::StreamSix;
        let args = ["game-1.txt".to_string()];
        assert_eq!(view_main::<StreamSix>(None, &args), ExitCode::from(2));
    }
}
