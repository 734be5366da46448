//! The replay page: one self-contained HTML file (no network, no external script, style or font)
//! holding every game of a match, each drawn ply by ply.
//!
//! Each game's record is replayed through the game's own rules (its [`RefereeGame`]), so a page
//! cannot show a position the rules would not reach; the drawing of each position is the game's
//! [`DrawGame`]. A record that cannot be read to its end (truncated, of another game, an illegal
//! ply) is shown up to the damage, and the damage is reported with its line number.
//!
//! The page starts with the summary (each player's results and, for more than two players, the
//! crosstable) and a link per game; one game is shown at a time, with its board, a move list with
//! each reply's time, the result and its reason, first/previous/next/last buttons, a slider and
//! the arrow keys (Home and End for the first and last ply). The address fragment
//! `#game=<k>&ply=<p|last>` selects a game and a ply, and follows the controls.

use rustc_hash::FxHashMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::game::{GameEnd, RefereeGame, Seat};
use super::record::{parse_record, Problem, RecordPly, RecordResult};

/// A game the replay page can draw: an SVG picture of each position.
pub trait DrawGame: RefereeGame {
    /// What a drawing needs of a position (a copy of the game's board).
    type Position: Clone;

    /// Width and height of every drawing, in SVG user units.
    const SIZE: (u32, u32);

    /// The position now.
    fn position(&self) -> Self::Position;

    /// What every drawing shares (the empty board), as SVG elements; drawn once per page and
    /// placed under each position.
    fn background() -> String;

    /// The white rectangle of [`SIZE`](Self::SIZE) that a background starts with.
    fn canvas() -> String {
        format!(
            "<rect width=\"{}\" height=\"{}\" fill=\"#fff\"/>",
            Self::SIZE.0,
            Self::SIZE.1
        )
    }

    /// The SVG elements of `position`, over the background. `last` is the ply that led to it:
    /// the position before it and the reply as the player printed it (already accepted by the
    /// rules), for the drawing to highlight.
    fn draw(position: &Self::Position, last: Option<(&Self::Position, &str)>) -> String;
}

/// One game of a page: its record replayed.
#[derive(Clone, Debug)]
pub struct GameView {
    /// Where the game comes from: `game 3`, or a record's file name.
    pub label: String,
    /// The names the summary gives the players, by seat (the record's commands by default).
    pub players: [String; 2],
    /// The players' commands from the record, by seat.
    pub commands: [String; 2],
    /// The game's set-up as the record gives it (`team 2 first`).
    pub setup: Option<String>,
    /// The calls made again, as the record gives them.
    pub retries: Vec<String>,
    /// The plies of the opening the game started from, played before the players' plies.
    pub opening: Vec<RecordPly>,
    /// The plies the rules accepted, in order.
    pub moves: Vec<RecordPly>,
    /// One drawing per position: the start, then one after each opening ply and each accepted
    /// ply.
    pub frames: Vec<String>,
    /// The result as the record gives it.
    pub result: Option<RecordResult>,
    /// The end the rules reached on replay, if they did.
    pub rules_end: Option<GameEnd>,
    /// What is wrong with the record, with line numbers.
    pub problems: Vec<Problem>,
}

impl GameView {
    /// The same game, with the summary naming its players `players` (by seat).
    pub fn with_players(mut self, players: [String; 2]) -> GameView {
        self.players = players;
        self
    }

    /// The winner's seat by the record, `Some(None)` for a draw, `None` without a result.
    fn outcome(&self) -> Option<Option<Seat>> {
        self.result.as_ref().map(|result| result.winner)
    }
}

/// Replays the record `text` of a `G` game through `G`'s rules, drawing each position.
pub fn replay<G: DrawGame>(label: &str, text: &str) -> GameView {
    let record = parse_record(text);
    let mut players = record.players.clone();
    for (seat, name) in Seat::BOTH.into_iter().zip(players.iter_mut()) {
        if name.is_empty() {
            *name = format!("(unknown {seat})");
        }
    }
    if players[0] == players[1] {
        // A program against itself: the summary tells the seats apart.
        players = [
            format!("{} (p1)", players[0]),
            format!("{} (p2)", players[1]),
        ];
    }
    let mut view = GameView {
        label: label.to_string(),
        players,
        commands: record.players.clone(),
        setup: record.setup.clone(),
        retries: record.retries.clone(),
        opening: Vec::new(),
        moves: Vec::new(),
        frames: Vec::new(),
        result: record.result.clone(),
        rules_end: None,
        problems: record.problems.clone(),
    };
    if record.game.is_empty() {
        return view;
    }
    if record.game != G::NAME {
        view.problems.insert(
            0,
            Problem::new(
                1,
                format!(
                    "a record of '{}', not of {} (use {}-referee)",
                    record.game,
                    G::NAME,
                    record.game
                ),
            ),
        );
        return view;
    }
    let mut game = match &record.setup {
        None => G::new(),
        Some(note) => match G::from_setup(note) {
            Ok(game) => game,
            Err(why) => {
                view.problems
                    .insert(0, Problem::new(1, format!("set-up: {why}")));
                return view;
            }
        },
    };
    view.frames.push(G::draw(&game.position(), None));
    for ply in &record.opening {
        let before = game.position();
        let seat = game.to_move();
        let reply = ply.line.trim();
        let problem = match game.play(reply) {
            _ if ply.seat != seat => Some(format!(
                "opening ply for {}, but {seat} was to move",
                ply.seat
            )),
            Err(fault) => Some(format!("opening ply: {fault} ('{reply}' for {seat})")),
            Ok(Some(end)) => Some(format!("the opening ends the game ({})", end.reason)),
            Ok(None) => None,
        };
        if let Some(message) = problem {
            view.problems.push(Problem::new(ply.line_number, message));
            view.problems.sort_by_key(|problem| problem.line_number);
            return view;
        }
        view.frames
            .push(G::draw(&game.position(), Some((&before, reply))));
        view.opening.push(ply.clone());
    }
    for ply in &record.plies {
        if let Some(end) = &view.rules_end {
            view.problems.push(Problem::new(
                ply.line_number,
                format!("a ply after the end of the game ({})", end.reason),
            ));
            break;
        }
        let to_move = game.to_move();
        if ply.seat != to_move {
            view.problems.push(Problem::new(
                ply.line_number,
                format!("{} replied, but {to_move} was to move", ply.seat),
            ));
            break;
        }
        let before = game.position();
        // The runner asks for the input before every reply; some games count what they hand out.
        let _ = game.input(to_move);
        let reply = ply.line.trim();
        match game.play(reply) {
            Err(fault) => {
                view.problems.push(Problem::new(
                    ply.line_number,
                    format!("{fault} ('{}' by {})", reply, ply.seat),
                ));
                break;
            }
            Ok(end) => {
                view.frames
                    .push(G::draw(&game.position(), Some((&before, reply))));
                view.moves.push(ply.clone());
                view.rules_end = end;
            }
        }
    }
    view.problems.sort_by_key(|problem| problem.line_number);
    if let (Some(end), Some(result)) = (&view.rules_end, &view.result) {
        if end.winner != result.winner {
            view.problems.push(Problem::new(
                result.line_number,
                format!(
                    "the record gives '{}', but the rules end the game with '{}' ({})",
                    outcome_word(result.winner),
                    outcome_word(end.winner),
                    end.reason
                ),
            ));
        }
    }
    view
}

fn outcome_word(winner: Option<Seat>) -> String {
    match winner {
        Some(seat) => seat.to_string(),
        None => "draw".to_string(),
    }
}

/// The `points` of an SVG polygon: the pointy-topped regular hexagon of circumradius `radius`
/// centred on `(x, y)`, corners to one decimal, clockwise from the top.
pub fn hexagon(x: f64, y: f64, radius: f64) -> String {
    let mut points = String::new();
    for k in 0..6 {
        let angle = (60.0 * f64::from(k) - 90.0).to_radians();
        let _ = write!(
            points,
            "{:.1},{:.1} ",
            x + radius * angle.cos(),
            y + radius * angle.sin()
        );
    }
    points.trim_end().to_string()
}

/// `&`, `<`, `>` and quotes escaped, for text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Wins, draws and losses of one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Score {
    wins: u32,
    draws: u32,
    losses: u32,
}

impl Score {
    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    fn add(&mut self, result: Option<bool>) {
        match result {
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
            None => self.draws += 1,
        }
    }

    fn percent(&self) -> String {
        if self.games() == 0 {
            return "-".to_string();
        }
        let points = f64::from(self.wins) + 0.5 * f64::from(self.draws);
        format!("{:.1} %", 100.0 * points / f64::from(self.games()))
    }
}

/// The players in order of first appearance, each one's score, and the crosstable (row player's
/// score against the column player).
struct Standings {
    players: Vec<String>,
    scores: Vec<Score>,
    cross: FxHashMap<(usize, usize), Score>,
    seat_wins: [u32; 2],
    draws: u32,
    unfinished: u32,
}

fn standings(games: &[GameView]) -> Standings {
    let mut table = Standings {
        players: Vec::new(),
        scores: Vec::new(),
        cross: FxHashMap::default(),
        seat_wins: [0; 2],
        draws: 0,
        unfinished: 0,
    };
    for game in games {
        if game.frames.is_empty() {
            // Not a record of this game at all: it names no player and counts no result.
            table.unfinished += 1;
            continue;
        }
        let mut index = [0; 2];
        for seat in Seat::BOTH {
            let name = &game.players[seat.index()];
            index[seat.index()] = match table.players.iter().position(|p| p == name) {
                Some(i) => i,
                None => {
                    table.players.push(name.clone());
                    table.scores.push(Score::default());
                    table.players.len() - 1
                }
            };
        }
        let Some(winner) = game.outcome() else {
            table.unfinished += 1;
            continue;
        };
        match winner {
            Some(seat) => table.seat_wins[seat.index()] += 1,
            None => table.draws += 1,
        }
        for seat in Seat::BOTH {
            let won = winner.map(|w| w == seat);
            let (me, them) = (index[seat.index()], index[seat.other().index()]);
            table.scores[me].add(won);
            table.cross.entry((me, them)).or_default().add(won);
        }
    }
    table
}

/// The style sheet of every page.
pub(crate) const STYLE: &str = r#"
:root { --p1: #2563eb; --p2: #dc2626; --ink: #1f2933; --muted: #6b7280; --line: #d1d5db; }
* { box-sizing: border-box; }
body { margin: 0; padding: 12px 20px; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif;
  color: var(--ink); background: #f8fafc; }
h1 { font-size: 20px; margin: 0 0 8px; }
h2 { font-size: 17px; margin: 0 0 4px; }
h2 small, .muted { color: var(--muted); font-weight: normal; }
table { border-collapse: collapse; margin: 4px 0 8px; background: #fff; }
th, td { border: 1px solid var(--line); padding: 2px 8px; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.summary { margin-bottom: 10px; }
nav.games { display: flex; flex-wrap: wrap; gap: 3px; margin: 6px 0; }
nav.games a { display: inline-block; min-width: 30px; padding: 1px 4px; text-align: center;
  border: 1px solid var(--line); border-radius: 4px; background: #fff; color: var(--ink);
  text-decoration: none; border-bottom-width: 4px; }
nav.games a.won1 { border-bottom-color: var(--p1); }
nav.games a.won2 { border-bottom-color: var(--p2); }
nav.games a.draw { border-bottom-color: #9ca3af; }
nav.games a.bad { background: #fee2e2; }
nav.games a.on { background: var(--ink); color: #fff; }
.problems { color: #991b1b; background: #fef2f2; border: 1px solid #fecaca; padding: 4px 10px 4px 28px;
  margin: 6px 0; }
.seat { display: inline-block; padding: 0 5px; border-radius: 3px; color: #fff; font-size: 12px;
  font-weight: bold; }
.seat.p1 { background: var(--p1); }
.seat.p2 { background: var(--p2); }
.result { font-weight: bold; margin: 2px 0 8px; }
.view { display: flex; gap: 16px; align-items: flex-start; width: max-content; }
.left { width: 480px; flex: none; }
.frames { background: #fff; border: 1px solid var(--line); border-radius: 6px; }
.frames svg { display: none; width: 100%; height: auto; }
.frames svg.on { display: block; }
.frames.nojs svg:last-child { display: block; }
.controls { display: flex; gap: 4px; align-items: center; margin: 6px 0; }
.controls button { font-size: 15px; min-width: 36px; padding: 2px 6px; }
.controls input[type=range] { flex: 1; }
.plynumber { min-width: 90px; text-align: right; font-variant-numeric: tabular-nums; }
.caption { margin: 0; min-height: 20px; }
ol.moves { list-style: none; margin: 0; padding: 0; width: 300px; max-height: 540px; overflow-y: auto;
  background: #fff; border: 1px solid var(--line); border-radius: 6px; font-variant-numeric: tabular-nums; }
ol.moves li { padding: 1px 8px; cursor: pointer; display: flex; gap: 6px; align-items: baseline; }
ol.moves li:nth-child(odd) { background: #f3f4f6; }
ol.moves li.on { background: #fde68a; }
ol.moves .n { width: 34px; color: var(--muted); text-align: right; }
ol.moves code { flex: 1; }
ol.moves .time { color: var(--muted); }
ol.moves li.opening code { font-style: italic; color: var(--muted); }
.keys { color: var(--muted); font-size: 12px; }
"#;

const SCRIPT: &str = r#"
(function () {
  var games = Array.prototype.slice.call(document.querySelectorAll('section.game'));
  var current = { game: 0, ply: 0 };
  if (!games.length) return;
  function frames(g) { return games[g].querySelectorAll('.frames > svg'); }
  function show(g, p) {
    g = Math.max(0, Math.min(games.length - 1, g));
    var all = frames(g), last = all.length - 1;
    p = Math.max(0, Math.min(last, p));
    games.forEach(function (s, i) { s.hidden = i !== g; });
    for (var i = 0; i < all.length; i++) all[i].classList.toggle('on', i === p);
    var section = games[g];
    var slider = section.querySelector('input[type=range]');
    if (slider) slider.value = p;
    var number = section.querySelector('.plynumber');
    if (number) number.textContent = 'ply ' + p + ' / ' + last;
    var items = section.querySelectorAll('ol.moves li');
    var caption = section.querySelector('.caption');
    for (var j = 0; j < items.length; j++) {
      var on = Number(items[j].dataset.ply) === p;
      items[j].classList.toggle('on', on);
      if (on) {
        if (caption) caption.textContent = items[j].dataset.caption || '';
        var list = items[j].parentElement;
        var top = items[j].offsetTop - list.offsetTop;
        if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - items[j].offsetHeight)
          list.scrollTop = top - list.clientHeight / 2;
      }
    }
    var links = document.querySelectorAll('nav.games a');
    for (var k = 0; k < links.length; k++) links[k].classList.toggle('on', k === g);
    current = { game: g, ply: p };
    var hash = '#game=' + (g + 1) + '&ply=' + p;
    if (location.hash !== hash && history.replaceState) history.replaceState(null, '', hash);
    // Where the board and the whole view are, for scripts that check the page in a browser.
    function rect(element) {
      var r = element.getBoundingClientRect();
      return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height].map(Math.round).join(',');
    }
    if (all.length) document.body.dataset.board = rect(all[p]);
    document.body.dataset.view = rect(section.querySelector('.view'));
    document.body.dataset.shown = (g + 1) + ',' + p + ',' + last;
  }
  function fromHash() {
    var params = {};
    location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
      var kv = pair.split('='); if (kv[0]) params[kv[0]] = decodeURIComponent(kv[1] || '');
    });
    var g = parseInt(params.game || '1', 10) - 1;
    if (isNaN(g)) g = 0;
    g = Math.max(0, Math.min(games.length - 1, g));
    var last = frames(g).length - 1;
    var p = params.ply === 'last' ? last : parseInt(params.ply || '0', 10);
    show(g, isNaN(p) ? 0 : p);
  }
  function go(where) {
    var last = frames(current.game).length - 1;
    var p = { first: 0, prev: current.ply - 1, next: current.ply + 1, last: last }[where];
    show(current.game, p);
  }
  games.forEach(function (section, g) {
    section.querySelector('.frames').classList.remove('nojs');
    section.querySelectorAll('button[data-go]').forEach(function (b) {
      b.addEventListener('click', function () { go(b.dataset.go); });
    });
    var slider = section.querySelector('input[type=range]');
    if (slider) slider.addEventListener('input', function () { show(g, Number(slider.value)); });
    section.querySelectorAll('ol.moves li').forEach(function (li) {
      li.addEventListener('click', function () { show(g, Number(li.dataset.ply)); });
    });
  });
  document.querySelectorAll('nav.games a').forEach(function (a, g) {
    a.addEventListener('click', function (e) { e.preventDefault(); show(g, 0); });
  });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target && e.target.type === 'range' && /Arrow/.test(e.key)) return;
    var where = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
    if (where) { e.preventDefault(); go(where); }
  });
  window.addEventListener('hashchange', fromHash);
  fromHash();
})();
"#;

/// The whole page: `title`, the summary, and every game.
pub fn page<G: DrawGame>(title: &str, games: &[GameView]) -> String {
    let mut html = String::new();
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(title)
    );
    let _ = writeln!(html, "<h1>{}</h1>", escape(title));
    summary(&mut html, games);
    let (width, height) = G::SIZE;
    let _ = writeln!(
        html,
        "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">\
         <defs><g id=\"background\">{}</g></defs></svg>",
        G::background()
    );
    for (i, game) in games.iter().enumerate() {
        game_section(&mut html, i + 1, game, width, height);
    }
    let _ = write!(html, "<script>{SCRIPT}</script>\n</body>\n</html>\n");
    html
}

fn summary(html: &mut String, games: &[GameView]) {
    let table = standings(games);
    html.push_str("<div class=\"summary\">\n");
    let _ = writeln!(
        html,
        "<p>{} game{}: <span class=\"seat p1\">p1</span> won {}, {} drawn, \
         <span class=\"seat p2\">p2</span> won {}{}.</p>",
        games.len(),
        if games.len() == 1 { "" } else { "s" },
        table.seat_wins[0],
        table.draws,
        table.seat_wins[1],
        if table.unfinished > 0 {
            format!(", {} without a result or unreadable", table.unfinished)
        } else {
            String::new()
        }
    );
    html.push_str(
        "<table class=\"standings\"><tr><th>player</th><th>games</th><th>wins</th>\
         <th>draws</th><th>losses</th><th>score</th></tr>\n",
    );
    for (name, score) in table.players.iter().zip(&table.scores) {
        let _ = writeln!(
            html,
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(name),
            score.games(),
            score.wins,
            score.draws,
            score.losses,
            score.percent()
        );
    }
    html.push_str("</table>\n");
    if table.players.len() > 2 {
        html.push_str("<table class=\"crosstable\"><tr><th>wins-draws-losses against</th>");
        for i in 0..table.players.len() {
            let _ = write!(html, "<th>{}</th>", i + 1);
        }
        html.push_str("</tr>\n");
        for (i, name) in table.players.iter().enumerate() {
            let _ = write!(html, "<tr><td>{} <code>{}</code></td>", i + 1, escape(name));
            for j in 0..table.players.len() {
                match table.cross.get(&(i, j)) {
                    Some(s) if i != j => {
                        let _ = write!(html, "<td>{}-{}-{}</td>", s.wins, s.draws, s.losses);
                    }
                    _ => html.push_str("<td></td>"),
                }
            }
            html.push_str("</tr>\n");
        }
        html.push_str("</table>\n");
    }
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
    html.push_str("<nav class=\"games\">");
    for (i, game) in games.iter().enumerate() {
        let class = match (game.outcome(), game.problems.is_empty()) {
            (_, false) => "bad",
            (Some(Some(Seat::First)), true) => "won1",
            (Some(Some(Seat::Second)), true) => "won2",
            (Some(None), true) => "draw",
            (None, true) => "",
        };
        let _ = write!(
            html,
            "<a href=\"#game={n}\" class=\"{class}\" title=\"{}: {}\">{n}</a>",
            escape(&game.label),
            escape(&result_text(game)),
            n = i + 1
        );
    }
    html.push_str("</nav>\n");
    html.push_str(
        "<p class=\"keys\">← → previous and next ply, Home and End the first and last; \
         a game's address is <code>#game=K&amp;ply=P</code> (or <code>ply=last</code>).</p>\n",
    );
    html.push_str("</div>\n");
}

fn result_text(game: &GameView) -> String {
    match &game.result {
        Some(result) => {
            let who = match result.winner {
                Some(seat) => format!("{seat} won"),
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

fn game_section(html: &mut String, number: usize, game: &GameView, width: u32, height: u32) {
    let _ = writeln!(
        html,
        "<section class=\"game\" id=\"game-{number}\" data-plies=\"{}\">",
        game.opening.len() + game.moves.len()
    );
    let label = if game.label == format!("game {number}") {
        String::new()
    } else {
        escape(&game.label)
    };
    let _ = writeln!(html, "<h2>Game {number} <small>{label}</small></h2>");
    let _ = writeln!(
        html,
        "<p class=\"players\"><span class=\"seat p1\">p1</span> <code>{}</code> &nbsp; \
         <span class=\"seat p2\">p2</span> <code>{}</code></p>",
        escape(&game.commands[0]),
        escape(&game.commands[1])
    );
    if let Some(setup) = &game.setup {
        let _ = writeln!(html, "<p class=\"setup\">{}</p>", escape(setup));
    }
    let _ = writeln!(
        html,
        "<p class=\"result\">{}</p>",
        escape(&result_text(game))
    );
    if !game.retries.is_empty() {
        html.push_str("<ul class=\"retries\">\n");
        for retry in &game.retries {
            let _ = writeln!(html, "<li>call made again: {}</li>", escape(retry));
        }
        html.push_str("</ul>\n");
    }
    if !game.problems.is_empty() {
        html.push_str("<ul class=\"problems\">\n");
        for problem in &game.problems {
            let _ = writeln!(html, "<li>{}</li>", escape(&problem.to_string()));
        }
        html.push_str("</ul>\n");
    }
    html.push_str("<div class=\"view\">\n<div class=\"left\">\n<div class=\"frames nojs\">\n");
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
    html.push_str("<ol class=\"moves\">\n");
    let _ = writeln!(
        html,
        "<li data-ply=\"0\" data-caption=\"the start\"><span class=\"n\">0</span><code>start</code></li>"
    );
    for (i, ply) in game.opening.iter().enumerate() {
        let seat = ply.seat.to_string();
        let caption = format!(
            "opening ply {}: played for {seat} before the game, {}",
            i + 1,
            ply.line.trim()
        );
        let _ = writeln!(
            html,
            "<li class=\"opening\" data-ply=\"{n}\" data-caption=\"{}\"><span class=\"n\">{n}</span>\
             <span class=\"seat {seat}\">{seat}</span><code>{}</code><span class=\"time\">opening</span></li>",
            escape(&caption),
            escape(ply.line.trim()),
            n = i + 1
        );
    }
    let opening = game.opening.len();
    for (i, ply) in game.moves.iter().enumerate() {
        let time = ply.time_ms.map(|ms| format!("{ms} ms")).unwrap_or_default();
        let seat = ply.seat.to_string();
        let mut caption = format!("ply {}: {seat} played {}", opening + i + 1, ply.line.trim());
        if !time.is_empty() {
            let _ = write!(caption, " in {time}");
        }
        if i + 1 == game.moves.len() {
            let _ = write!(caption, "; {}", result_text(game));
        }
        let _ = writeln!(
            html,
            "<li data-ply=\"{n}\" data-caption=\"{}\"><span class=\"n\">{n}</span>\
             <span class=\"seat {seat}\">{seat}</span><code>{}</code><span class=\"time\">{time}</span></li>",
            escape(&caption),
            escape(ply.line.trim()),
            n = opening + i + 1
        );
    }
    html.push_str("</ol>\n</div>\n</section>\n");
}

/// `krieg: 10 games`.
fn match_title(name: &str, games: usize) -> String {
    format!("{name}: {games} game{}", if games == 1 { "" } else { "s" })
}

/// The page of a match just played: each game's record text, in game order, with the names of
/// the players in its two seats (`A`/`B`, or the `--player` names of a tournament).
pub fn match_page<G: DrawGame>(records: &[(String, [String; 2])]) -> String {
    let games: Vec<GameView> = records
        .iter()
        .enumerate()
        .map(|(i, (text, players))| {
            replay::<G>(&format!("game {}", i + 1), text).with_players(players.clone())
        })
        .collect();
    page::<G>(&match_title(G::NAME, games.len()), &games)
}

/// `<game>-referee view RECORD... [--html FILE]`: the page of records already written, to FILE
/// (standard output without `--html`). Each problem found goes to stderr as `RECORD: line N:
/// ...`. Exit status 0 when every record was read whole, 1 when some were not (the page is
/// written all the same), 2 for a bad command line.
pub fn view_main<G: DrawGame>(args: &[String]) -> ExitCode {
    let mut records = Vec::new();
    let mut output: Option<PathBuf> = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--html" => match args.next() {
                Some(file) => output = Some(PathBuf::from(file)),
                None => return view_usage::<G>("option '--html' needs a value"),
            },
            "-h" | "--help" => {
                println!("{}", view_usage_text(G::NAME));
                return ExitCode::SUCCESS;
            }
            other if other.starts_with("--") => {
                return view_usage::<G>(&format!("unknown option '{other}'"))
            }
            record => records.push(record.to_string()),
        }
    }
    if records.is_empty() {
        return view_usage::<G>("no record given");
    }
    let mut games = Vec::new();
    let mut whole = true;
    for path in &records {
        let game = match fs::read(path) {
            Ok(bytes) => replay::<G>(path, &String::from_utf8_lossy(&bytes)),
            Err(error) => {
                let error = super::files::FileError::new("read the record", Path::new(path), error);
                eprintln!("{}-referee view: {error}", G::NAME);
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
    let html = page::<G>(&match_title(G::NAME, games.len()), &games);
    let written = match &output {
        Some(file) => fs::write(file, html),
        None => {
            use std::io::Write as _;
            std::io::stdout().write_all(html.as_bytes())
        }
    };
    if let Err(error) = written {
        match &output {
            Some(file) => {
                let error = super::files::FileError::new("write the replay page", file, error);
                eprintln!("{}-referee view: {error}", G::NAME);
            }
            None => eprintln!(
                "{}-referee view: cannot write the standard output: {}",
                G::NAME,
                super::files::io_reason(&error)
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

fn view_usage_text(game: &str) -> String {
    format!(
        "usage: {game}-referee view RECORD... [--html FILE]

Replays {game} records (game-<k>.txt, as --record-dir writes them) through the rules and writes
one self-contained HTML page with every game drawn ply by ply, to FILE or standard output.
Records that cannot be read whole are shown up to the damage and reported on stderr with the
line number (exit status 1)."
    )
}

fn view_usage<G: DrawGame>(error: &str) -> ExitCode {
    eprintln!(
        "{}-referee view: {error}\n\n{}",
        G::NAME,
        view_usage_text(G::NAME)
    );
    ExitCode::from(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hexagon_starts_at_the_top_and_turns_clockwise() {
        assert_eq!(
            hexagon(10.0, 20.0, 2.0),
            "10.0,18.0 11.7,19.0 11.7,21.0 10.0,22.0 8.3,21.0 8.3,19.0"
        );
    }

    /// Count to five: each reply adds 1 or 2; who reaches five wins; passing it is illegal.
    type CountGame = crate::runner::count::Count<5, 2>;

    impl DrawGame for CountGame {
        type Position = u32;
        const SIZE: (u32, u32) = (100, 20);

        fn position(&self) -> u32 {
            self.total
        }

        fn background() -> String {
            "<rect width=\"100\" height=\"20\"/>".to_string()
        }

        fn draw(total: &u32, last: Option<(&u32, &str)>) -> String {
            let last = last.map_or(String::new(), |(before, reply)| format!("{before}+{reply}"));
            format!("<text>{total} {last}</text>")
        }
    }

    const WON: &str = "# count\n# p1: one\n# p2: two\n1 2\n# time: 10\n2 1\n# time: 7\n\
                       1 2\n# time: 3\n# result: p1 reached five\n";

    #[test]
    fn opening_plies_are_replayed_drawn_and_listed_as_the_opening() {
        let text = "# count\n# p1: one\n# p2: two\n# opening: 1 2\n# opening: 2 1\n\
                    1 2\n# time: 3\n# result: p1 reached five\n";
        let view = replay::<CountGame>("game 1", text);
        assert!(view.problems.is_empty(), "{:?}", view.problems);
        assert_eq!((view.opening.len(), view.moves.len()), (2, 1));
        assert_eq!(view.frames.len(), 4);
        assert_eq!(view.frames[2], "<text>3 2+1</text>");
        assert_eq!(view.rules_end.as_ref().unwrap().winner, Some(Seat::First));
        let html = page::<CountGame>("t", &[view]);
        assert!(
            html.contains("<li class=\"opening\" data-ply=\"2\""),
            "{html}"
        );
        assert!(html.contains("<li data-ply=\"3\" data-caption=\"ply 3: p1 played 2"));
        // An opening ply for the wrong seat, or one the rules refuse, stops the replay there.
        let wrong = text.replace("# opening: 2 1", "# opening: 1 1");
        let view = replay::<CountGame>("game 1", &wrong);
        assert_eq!((view.frames.len(), view.problems[0].line_number), (2, 5));
        let illegal = text.replace("# opening: 2 1", "# opening: 2 x");
        let view = replay::<CountGame>("game 1", &illegal);
        assert_eq!((view.frames.len(), view.problems[0].line_number), (2, 5));
    }

    #[test]
    fn a_whole_game_has_a_frame_per_ply() {
        let view = replay::<CountGame>("game 1", WON);
        assert!(view.problems.is_empty(), "{:?}", view.problems);
        assert_eq!(view.moves.len(), 3);
        assert_eq!(view.frames.len(), 4);
        assert_eq!(view.frames[0], "<text>0 </text>");
        assert_eq!(view.frames[3], "<text>5 3+2</text>");
        assert_eq!(view.rules_end.as_ref().unwrap().winner, Some(Seat::First));
        assert_eq!(view.players, ["one".to_string(), "two".to_string()]);
        let view = replay::<CountGame>("unnamed", &WON.replace("# p2: two\n", ""));
        assert_eq!(view.players[1], "(unknown p2)");
        let view = replay::<CountGame>("self", &WON.replace("# p2: two", "# p2: one"));
        assert_eq!(
            view.players,
            ["one (p1)".to_string(), "one (p2)".to_string()]
        );
    }

    #[test]
    fn an_illegal_ply_stops_the_replay_at_its_line() {
        let view = replay::<CountGame>("bad", &WON.replace("2 1\n", "2 2\n1 2\n"));
        assert_eq!(view.frames.len(), 3);
        assert_eq!(view.problems.len(), 1, "{:?}", view.problems);
        assert_eq!(view.problems[0].line_number, 7);
        assert!(view.problems[0].message.starts_with("illegal move"));
    }

    #[test]
    fn a_ply_out_of_turn_a_ply_after_the_end_and_a_wrong_result_are_reported() {
        let view = replay::<CountGame>("turn", &WON.replace("2 1\n", "1 1\n"));
        assert_eq!((view.frames.len(), view.problems[0].line_number), (2, 6));
        let late = WON.replace("# result", "2 1\n# result");
        let view = replay::<CountGame>("late", &late);
        assert_eq!(view.frames.len(), 4);
        assert_eq!(view.problems[0].line_number, 10);
        let view = replay::<CountGame>("result", &WON.replace("result: p1", "result: p2"));
        assert_eq!(view.problems.len(), 1);
        assert_eq!(view.problems[0].line_number, 10);
    }

    #[test]
    fn another_game_and_a_truncated_record() {
        let view = replay::<CountGame>("other", &WON.replace("# count", "# krieg"));
        assert!(view.frames.is_empty());
        let html = page::<CountGame>("count", std::slice::from_ref(&view));
        assert!(
            !html.contains("<tr><td><code>one</code>"),
            "a record of another game names no player"
        );
        assert_eq!(view.problems[0].line_number, 1);
        assert!(view.problems[0].message.contains("krieg"));
        let cut: String = WON.lines().take(6).map(|l| format!("{l}\n")).collect();
        let view = replay::<CountGame>("cut", &cut);
        assert_eq!(view.frames.len(), 3);
        assert_eq!(view.problems[0].line_number, 7);
    }

    #[test]
    fn the_page_holds_every_game_the_summary_and_escaped_text() {
        let games = vec![
            replay::<CountGame>("game 1", WON),
            replay::<CountGame>("game <2>", &WON.replace("# p2: two", "# p2: three")),
            replay::<CountGame>("game 3", &WON.replace("# p1: one", "# p1: three")),
        ];
        let html = page::<CountGame>("count: 3 games", &games);
        assert_eq!(html.matches("<section class=\"game\"").count(), 3);
        assert_eq!(html.matches("<svg class=\"board\"").count(), 12);
        assert_eq!(html.matches("<li data-ply=").count(), 12);
        assert!(html.contains("game &lt;2&gt;"));
        assert!(!html.contains("game <2>"));
        assert!(html.contains("class=\"crosstable\""));
        // "one" beat "two" and "three" as Player 1; "three" beat "one".
        assert!(html
            .contains("<tr><td>1 <code>one</code></td><td></td><td>1-0-0</td><td>1-0-0</td></tr>"));
        assert!(html.contains("10 ms"));
        assert!(!html.contains("http"), "no network");
        assert!(!html.contains(" src="), "no external resource");
    }

    #[test]
    fn a_match_page_names_the_sides_a_and_b() {
        let (a, b) = ("A".to_string(), "B".to_string());
        let records = vec![
            (WON.to_string(), [a.clone(), b.clone()]),
            (WON.to_string(), [b, a]),
        ];
        let html = match_page::<CountGame>(&records);
        assert!(html.contains("<title>count: 2 games</title>"));
        assert!(html.contains("<code>A</code></td><td>2</td><td>1</td><td>0</td><td>1</td>"));
        assert!(!html.contains("class=\"crosstable\""));
    }
}
