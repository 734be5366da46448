//! A league's page (`league DIR show --html FILE`): the ratings of the active players drawn with
//! their 95 % intervals, how the ratings moved from run to run (with a legend naming each
//! player in its colour), the table of each player's results and command, the crosstable, and
//! every game by run, each marked in the colour of the player who won it and linked to its
//! replay where the run kept its records.
//!
//! Each player's colour is drawn from its name ([`name_colours`], over the players in the order
//! of `players.txt`): the same in every render of the league, whatever the games since, and
//! unchanged by a player added later.
//!
//! The charts are inline SVG drawn here, with no script: a page that opens anywhere, for ever.

use std::fmt::Write as _;

use super::{escape, head, name_colours, player_colour, player_style, PLAYER_COLOURS};
use crate::runner::game::Scoring;
use crate::runner::records::results::GameRow;
use crate::runner::stats::rating::Rating;
use crate::runner::stats::report::{points_text, standings, Standings};
use crate::runner::stats::tally::elo_text;

/// One run of a league as its page lists it.
pub(crate) struct RunGames<'a> {
    /// The run's name (its results file without `.csv`).
    pub(crate) run: &'a str,
    /// Its games in the order of their numbers.
    pub(crate) rows: Vec<&'a GameRow>,
    /// Its replay page's file name and, for each game of `rows`, its number on that page (none
    /// for a game without a record); `None` when the run kept no record.
    pub(crate) replay: Option<(String, Vec<Option<usize>>)>,
}

/// What a league's page shows.
pub(crate) struct League<'a> {
    /// How the game's contest counts points: the standings' points, and their order.
    pub(crate) scoring: Scoring,
    /// The page's title.
    pub(crate) title: String,
    /// The active players, in the order of `players.txt`, and their commands in the same order.
    pub(crate) names: Vec<String>,
    pub(crate) commands: Vec<String>,
    /// The runs in the order they started; their games between two active players are rated.
    pub(crate) runs: Vec<RunGames<'a>>,
}

impl League<'_> {
    /// The games between two active players of the first `runs` runs.
    fn rated(&self, runs: usize) -> Vec<GameRow> {
        self.runs[..runs]
            .iter()
            .flat_map(|run| run.rows.iter())
            .filter(|row| row.players.iter().all(|p| self.names.contains(p)))
            .map(|row| (*row).clone())
            .collect()
    }
}

/// Width of the charts and of their left column (the players' names), in SVG units.
const CHART_WIDTH: f64 = 720.0;
const LABELS: f64 = 150.0;
/// Height of a player's row in the ratings chart.
const ROW: f64 = 26.0;

/// The league's page.
pub(crate) fn page(league: &League) -> String {
    let rows = league.rated(league.runs.len());
    let table = standings(&rows, &league.names, league.scoring.draw);
    let colour_of = name_colours(&league.names);
    let mut html = head(&league.title, &player_style(PLAYER_COLOURS.len()));
    html.push_str(
        "<h2>Ratings</h2>\n<p class=\"muted\">Logistic Elo from one maximum-likelihood fit over \
         every game (the field's mean at 0); each bar is its 95&nbsp;% interval.</p>\n",
    );
    html.push_str(&ratings_chart(&league.names, &table, &colour_of));
    html.push_str(
        "<h2>From run to run</h2>\n<p class=\"muted\">The ratings fitted over the games of the \
         runs up to each run, in the order the runs started; the players best first.</p>\n",
    );
    html.push_str(&history_chart(league, &table.order, &colour_of));
    standings_table(&mut html, league, &table, &colour_of);
    crosstable(&mut html, league, &table, &colour_of);
    html.push_str("<h2>Games</h2>\n");
    for run in &league.runs {
        run_games(&mut html, run, &league.names, &colour_of);
    }
    html.push_str("</body>\n</html>\n");
    html
}

/// `<span class="swatch player-K"></span><code>NAME</code>`.
fn named(name: &str, colour: usize) -> String {
    format!(
        "<span class=\"swatch player-{colour}\"></span><code>{}</code>",
        escape(name)
    )
}

/// The horizontal axis of the ratings chart: from `low` to `high` Elo over the plotting width.
struct Axis {
    low: f64,
    high: f64,
}

impl Axis {
    /// Wide enough for every finite interval, in whole hundreds.
    fn of(ratings: &[Rating]) -> Axis {
        let (mut low, mut high) = (-100.0f64, 100.0f64);
        for rating in ratings {
            let half = if rating.ci95.is_finite() {
                rating.ci95
            } else {
                0.0
            };
            if rating.elo.is_finite() {
                low = low.min(rating.elo - half);
                high = high.max(rating.elo + half);
            }
        }
        Axis {
            low: (low / 100.0).floor() * 100.0,
            high: (high / 100.0).ceil() * 100.0,
        }
    }

    /// The x of `elo`, clamped to the chart.
    fn x(&self, elo: f64) -> f64 {
        let share = ((elo - self.low) / (self.high - self.low)).clamp(0.0, 1.0);
        LABELS + share * (CHART_WIDTH - LABELS - 20.0)
    }

    /// The ticks: every 100 Elo, or every 200 or 500 on a wide axis.
    fn ticks(&self) -> impl Iterator<Item = f64> + '_ {
        let step = match self.high - self.low {
            w if w > 2000.0 => 500.0,
            w if w > 800.0 => 200.0,
            _ => 100.0,
        };
        let first = (self.low / step).ceil() as i64;
        let last = (self.high / step).floor() as i64;
        (first..=last).map(move |k| k as f64 * step)
    }
}

/// Each player's rating as a dot on its 95 % interval, best first; an infinite interval runs to
/// both edges, dashed.
fn ratings_chart(names: &[String], table: &Standings, colour_of: &[usize]) -> String {
    let axis = Axis::of(&table.ratings);
    let height = ROW * names.len() as f64 + 30.0;
    let mut svg = format!(
        "<svg class=\"ratings\" width=\"{CHART_WIDTH}\" height=\"{height}\" \
         viewBox=\"0 0 {CHART_WIDTH} {height}\" role=\"img\" aria-label=\"ratings with their 95 % intervals\">\n"
    );
    for tick in axis.ticks() {
        let x = axis.x(tick);
        let _ = writeln!(
            svg,
            "<line class=\"tick\" x1=\"{x:.1}\" y1=\"4\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"{}\"/>\
             <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"11\" fill=\"#6b7280\">{}</text>",
            height - 22.0,
            if tick == 0.0 { "#9ca3af" } else { "#e5e7eb" },
            height - 8.0,
            elo_text(tick)
        );
    }
    for (rank, &i) in table.order.iter().enumerate() {
        let rating = table.ratings[i];
        let y = 4.0 + ROW * rank as f64 + ROW / 2.0;
        let colour = player_colour(colour_of[i]);
        let (low, high, dash) = if rating.ci95.is_finite() {
            (rating.elo - rating.ci95, rating.elo + rating.ci95, "")
        } else {
            (
                f64::NEG_INFINITY,
                f64::INFINITY,
                " stroke-dasharray=\"4 3\"",
            )
        };
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" font-size=\"13\" fill=\"#1f2933\">{}</text>\
             <line class=\"interval\" data-player=\"{name}\" data-low=\"{}\" data-high=\"{}\" x1=\"{:.1}\" \
             y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"{colour}\" stroke-width=\"5\" \
             stroke-linecap=\"round\" opacity=\"0.45\"{dash}/>\
             <circle class=\"rating\" data-player=\"{name}\" cx=\"{:.1}\" cy=\"{y:.1}\" r=\"6\" fill=\"{colour}\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" fill=\"#1f2933\">{}</text>",
            LABELS - 10.0,
            y + 4.0,
            escape(&names[i]),
            elo_text(low),
            elo_text(high),
            axis.x(low),
            axis.x(high),
            axis.x(rating.elo),
            axis.x(rating.elo) + 8.0,
            y - 7.0,
            elo_text(rating.elo),
            name = escape(&names[i]),
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// Each player's rating after each run (fitted over the games up to that run), a line per
/// player from the first run where it had a game; under the runs, the [`legend`] of the
/// players in `order`.
fn history_chart(league: &League, order: &[usize], colour_of: &[usize]) -> String {
    let runs = league.runs.len();
    // history[k][i]: player i's rating after run k, if it had played by then.
    let mut history: Vec<Vec<Option<f64>>> = Vec::new();
    for k in 1..=runs {
        let rows = league.rated(k);
        let table = standings(&rows, &league.names, league.scoring.draw);
        history.push(
            (0..league.names.len())
                .map(|i| (table.results.total(i).1 > 0).then_some(table.ratings[i].elo))
                .map(|elo| elo.filter(|e| e.is_finite()))
                .collect(),
        );
    }
    let all: Vec<f64> = history.iter().flatten().flatten().copied().collect();
    let low = all.iter().copied().fold(-100.0f64, f64::min);
    let high = all.iter().copied().fold(100.0f64, f64::max);
    let (top, plot) = (10.0, 180.0);
    let y = |elo: f64| top + (high - elo) / (high - low) * plot;
    let x = |k: usize| {
        let span = CHART_WIDTH - LABELS - 20.0;
        LABELS
            + if runs > 1 {
                span * k as f64 / (runs - 1) as f64
            } else {
                span / 2.0
            }
    };
    let (legend, last_row) = legend(&league.names, order, colour_of, top + plot + 46.0);
    let height = last_row + 12.0;
    let mut svg = format!(
        "<svg class=\"history\" width=\"{CHART_WIDTH}\" height=\"{height}\" \
         viewBox=\"0 0 {CHART_WIDTH} {height}\" role=\"img\" aria-label=\"ratings run by run\">\n"
    );
    for (elo, label) in [
        (high, elo_text(high)),
        (0.0, "0".into()),
        (low, elo_text(low)),
    ] {
        let _ = writeln!(
            svg,
            "<line x1=\"{LABELS}\" y1=\"{0:.1}\" x2=\"{1}\" y2=\"{0:.1}\" stroke=\"#e5e7eb\"/>\
             <text x=\"{2}\" y=\"{3:.1}\" text-anchor=\"end\" font-size=\"11\" fill=\"#6b7280\">{label}</text>",
            y(elo),
            CHART_WIDTH - 20.0,
            LABELS - 6.0,
            y(elo) + 4.0
        );
    }
    for k in 0..runs {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"11\" fill=\"#6b7280\">run {}</text>",
            x(k),
            top + plot + 20.0,
            k + 1
        );
    }
    for (i, name) in league.names.iter().enumerate() {
        let points: Vec<String> = (0..runs)
            .filter_map(|k| history[k][i].map(|elo| format!("{:.1},{:.1}", x(k), y(elo))))
            .collect();
        let colour = player_colour(colour_of[i]);
        let _ = writeln!(
            svg,
            "<polyline class=\"moves\" data-player=\"{}\" points=\"{}\" fill=\"none\" stroke=\"{colour}\" \
             stroke-width=\"2.5\"/>",
            escape(name),
            points.join(" ")
        );
        for point in &points {
            let (px, py) = point.split_once(',').unwrap_or(("0", "0"));
            let _ = write!(
                svg,
                "<circle cx=\"{px}\" cy=\"{py}\" r=\"3.5\" fill=\"{colour}\"/>"
            );
        }
    }
    svg.push_str(&legend);
    svg.push_str("</svg>\n");
    svg
}

/// Height of a row of the legend, and the width it gives a name's character (13-unit text).
const LEGEND_ROW: f64 = 20.0;
const LEGEND_CHARACTER: f64 = 7.5;

/// The legend of a chart, its first row's baseline at `first_row`: each player of `order` as a
/// bar of its colour and its name in it, left to right over the plotting width, in as many rows
/// as they take; its SVG elements and its last row's baseline.
fn legend(names: &[String], order: &[usize], colour_of: &[usize], first_row: f64) -> (String, f64) {
    let right = CHART_WIDTH - 20.0;
    let (mut x, mut y) = (LABELS, first_row);
    let mut svg = String::new();
    for &i in order {
        let name = &names[i];
        let width = 24.0 + LEGEND_CHARACTER * name.chars().count() as f64 + 18.0;
        if x > LABELS && x + width > right {
            x = LABELS;
            y += LEGEND_ROW;
        }
        let _ = writeln!(
            svg,
            "<g class=\"legend\" data-player=\"{name}\"><rect x=\"{x:.1}\" y=\"{:.1}\" width=\"18\" \
             height=\"10\" rx=\"2\" fill=\"{colour}\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\" \
             fill=\"{colour}\">{name}</text></g>",
            y - 9.0,
            x + 24.0,
            y,
            name = escape(name),
            colour = player_colour(colour_of[i]),
        );
        x += width;
    }
    (svg, y)
}

/// Rank, rating, interval, games, wins, draws, losses, the contest's points and command of each
/// player; where a draw is worth nothing, a line that says so and how the players are ranked.
fn standings_table(html: &mut String, league: &League, table: &Standings, colour_of: &[usize]) {
    html.push_str("<h2>Standings</h2>\n");
    // Where the contest's points differ from the score the ratings count, the column says so.
    let points = match league.scoring.note() {
        Some(note) => {
            let _ = writeln!(
                html,
                "<p class=\"muted\">Ranked by points per game ({}), then by Elo.</p>",
                escape(&note)
            );
            "points"
        }
        None => "score",
    };
    let _ = writeln!(
        html,
        "<table class=\"standings\"><tr><th>rank</th><th>player</th>\
         <th>Elo</th><th>±95&nbsp;%</th><th>interval</th><th>games</th><th>wins</th>\
         <th>draws</th><th>losses</th><th>{points}</th><th>command</th></tr>",
    );
    for (rank, &i) in table.order.iter().enumerate() {
        let name = &league.names[i];
        let rating = table.ratings[i];
        let score = table.scores[i];
        let (ci, interval) = if rating.ci95.is_finite() {
            (
                format!("{:.0}", rating.ci95),
                format!(
                    "{} … {}",
                    elo_text(rating.elo - rating.ci95),
                    elo_text(rating.elo + rating.ci95)
                ),
            )
        } else {
            ("inf".to_string(), String::new())
        };
        let played = score.games();
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{ci}</td><td>{interval}</td>\
             <td>{played}</td><td>{}</td><td>{}</td><td>{}</td><td>{}/{played}</td>\
             <td><code>{}</code></td></tr>",
            rank + 1,
            named(name, colour_of[i]),
            elo_text(rating.elo),
            score.wins,
            score.draws,
            score.losses,
            points_text(score.points(league.scoring.draw)),
            escape(&league.commands[i]),
        );
    }
    html.push_str("</table>\n");
}

/// Points/games of the row player against the column player, as the ratings count them (a draw
/// ½, which where the contest gives a draw nothing the text says).
fn crosstable(html: &mut String, league: &League, table: &Standings, colour_of: &[usize]) {
    let names = &league.names;
    let counted = match league.scoring.note() {
        Some(note) => format!(", a draw ½ as the ratings count it ({})", escape(&note)),
        None => String::new(),
    };
    let _ = write!(
        html,
        "<h2>Crosstable</h2>\n<p class=\"muted\">Points/games of the row player against the \
         column player{counted}.</p>\n<table class=\"crosstable\"><tr><th></th>",
    );
    for &j in &table.order {
        let _ = write!(html, "<th>{}</th>", escape(&names[j]));
    }
    html.push_str("</tr>\n");
    for &i in &table.order {
        let _ = write!(html, "<tr><td>{}</td>", named(&names[i], colour_of[i]));
        for &j in &table.order {
            let (points, played) = table.results.between(i, j);
            if i == j || played == 0 {
                html.push_str("<td></td>");
            } else {
                let _ = write!(html, "<td>{}/{played}</td>", points_text(points));
            }
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</table>\n");
}

/// A run's games, each marked by its winner's colour and linked to its replay.
fn run_games(html: &mut String, run: &RunGames, names: &[String], colour_of: &[usize]) {
    let count = run.rows.len();
    let _ = writeln!(
        html,
        "<p>run <code>{}</code>: {count} game{}{}</p>\n<nav class=\"games\">",
        escape(run.run),
        if count == 1 { "" } else { "s" },
        if run.replay.is_none() {
            ", no records kept"
        } else {
            ""
        }
    );
    for (k, row) in run.rows.iter().enumerate() {
        let class = match row.winner {
            Some(seat) => match names.iter().position(|n| *n == row.players[seat.index()]) {
                Some(i) => format!("player-{}", colour_of[i]),
                None => "removed".to_string(),
            },
            None => "draw".to_string(),
        };
        let title = escape(&format!(
            "{} (p1) – {} (p2): {}",
            row.players[0],
            row.players[1],
            match row.winner {
                Some(seat) => format!("{} won ({seat}, {})", row.players[seat.index()], row.reason),
                None => format!("draw ({})", row.reason),
            }
        ));
        let href = match &run.replay {
            Some((file, links)) => match links.get(k).copied().flatten() {
                Some(index) => format!(" href=\"{}#game={index}\"", escape(file)),
                None => String::new(),
            },
            None => String::new(),
        };
        let _ = write!(
            html,
            "<a{href} class=\"{class}\" title=\"{title}\">{}</a>",
            row.number
        );
    }
    html.push_str("</nav>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::game::{DrawScore, Seat};
    use crate::runner::records::results::tests::row;

    /// A game whose draw is worth half a point.
    const KRIEG: Scoring = Scoring {
        game: "krieg",
        draw: DrawScore::Half,
    };

    fn game(number: u32, players: [&str; 2], winner: Option<Seat>) -> GameRow {
        GameRow {
            pair_seed: u64::from(number),
            players: players.map(String::from),
            winner,
            ..row(number)
        }
    }

    /// The attribute `name` of the first element of `class` for `player`, as a number.
    fn attribute(html: &str, class: &str, player: &str, name: &str) -> f64 {
        let start = html
            .find(&format!("class=\"{class}\" data-player=\"{player}\""))
            .unwrap_or_else(|| panic!("no {class} of {player}"));
        let rest = &html[start..];
        let at = rest.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
        rest[at..].split('"').next().unwrap().parse().unwrap()
    }

    /// The attribute `name` of the first element of `class` for `player`, as text.
    fn text_attribute(html: &str, class: &str, player: &str, name: &str) -> String {
        let start = html
            .find(&format!("class=\"{class}\" data-player=\"{player}\""))
            .unwrap_or_else(|| panic!("no {class} of {player}"));
        let rest = &html[start..];
        let at = rest.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
        rest[at..].split('"').next().unwrap().to_string()
    }

    /// The colour `player` is drawn in: its dot's in the ratings chart, checked against its line's
    /// in the history chart and its legend's (bar and name).
    fn colour(html: &str, player: &str) -> String {
        let colour = text_attribute(html, "rating", player, "fill");
        assert_eq!(text_attribute(html, "moves", player, "stroke"), colour);
        let legend = html
            .split(&format!("<g class=\"legend\" data-player=\"{player}\">"))
            .nth(1)
            .unwrap_or_else(|| panic!("no legend of {player}"));
        let legend = legend.split("</g>").next().unwrap();
        assert_eq!(
            legend.matches(&format!("fill=\"{colour}\"")).count(),
            2,
            "{legend}"
        );
        assert!(legend.ends_with(&format!(">{player}</text>")), "{legend}");
        colour
    }

    /// The players of the legend, in its order.
    fn legend_order(html: &str) -> Vec<String> {
        html.split("<g class=\"legend\" data-player=\"")
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap().to_string())
            .collect()
    }

    fn league<'a>(names: &[&str], runs: &[(&'a str, &'a [GameRow])]) -> League<'a> {
        League {
            scoring: KRIEG,
            title: "krieg league".into(),
            names: names.iter().map(|n| n.to_string()).collect(),
            commands: names.iter().map(|n| format!("./{n}")).collect(),
            runs: runs
                .iter()
                .map(|&(run, rows)| RunGames {
                    run,
                    rows: rows.iter().collect(),
                    replay: None,
                })
                .collect(),
        }
    }

    #[test]
    fn a_players_colour_is_the_same_in_every_render_and_a_legend_names_it_in_it() {
        // After the first run a is best and c last; the second run turns that round.
        let first: Vec<GameRow> = vec![
            game(1, ["a", "b"], Some(Seat::First)),
            game(2, ["b", "a"], Some(Seat::Second)),
            game(3, ["b", "c"], Some(Seat::First)),
            game(4, ["c", "b"], Some(Seat::Second)),
            game(5, ["a", "c"], Some(Seat::First)),
            game(6, ["c", "a"], Some(Seat::Second)),
        ];
        let second: Vec<GameRow> = (1..=8)
            .map(|k| {
                let other = if k <= 4 { "a" } else { "b" };
                match k % 2 {
                    1 => game(k, ["c", other], Some(Seat::First)),
                    _ => game(k, [other, "c"], Some(Seat::Second)),
                }
            })
            .collect();
        let names = ["a", "b", "c"];
        let before = page(&league(&names, &[("one", &first)]));
        let after = page(&league(&names, &[("one", &first), ("two", &second)]));
        let both: Vec<GameRow> = first.iter().chain(&second).cloned().collect();
        let owned: Vec<String> = names.map(String::from).to_vec();
        let (rank_before, rank_after) = (
            standings(&first, &owned, DrawScore::Half).order,
            standings(&both, &owned, DrawScore::Half).order,
        );
        assert_eq!((rank_before[0], rank_after[0]), (0, 2), "the ranks change");
        // The legend names every player, best first, each in its colour.
        assert_eq!(legend_order(&before), ["a", "b", "c"]);
        assert_eq!(legend_order(&after)[0], "c");
        let colours: Vec<String> = names.iter().map(|n| colour(&before, n)).collect();
        for (name, colour_before) in names.iter().zip(&colours) {
            assert_eq!(&colour(&after, name), colour_before, "{name}");
        }
        assert!(colours[0] != colours[1] && colours[1] != colours[2] && colours[0] != colours[2]);
        // A second render of the same league is the same page; a player added later changes
        // no earlier player's colour.
        assert_eq!(page(&league(&names, &[("one", &first)])), before);
        let added = page(&league(&["a", "b", "c", "d"], &[("one", &first)]));
        for (name, colour_before) in names.iter().zip(&colours) {
            assert_eq!(&colour(&added, name), colour_before, "{name}");
        }
    }

    #[test]
    fn where_a_draw_is_worth_nothing_the_standings_count_and_rank_by_points() {
        // a draws both its games with b; c beats b once and loses once. By the score, a and c
        // are even (1 of 2); by the points, a has none.
        let rows: Vec<GameRow> = vec![
            game(1, ["a", "b"], None),
            game(2, ["b", "a"], None),
            game(3, ["c", "b"], Some(Seat::First)),
            game(4, ["b", "c"], Some(Seat::First)),
        ];
        let names = ["a", "b", "c"];
        let mut frostfire = league(&names, &[("one", &rows)]);
        frostfire.scoring = Scoring {
            game: "frostfire",
            draw: DrawScore::Nothing,
        };
        let html = page(&frostfire);
        assert!(html.contains(
            "<p class=\"muted\">Ranked by points per game (a draw scores 0 in frostfire), then \
             by Elo.</p>"
        ));
        assert!(html.contains("<th>losses</th><th>points</th>"), "{html}");
        assert!(html.contains("a draw ½ as the ratings count it (a draw scores 0 in frostfire)"));
        let standings = html.split("<table class=\"standings\">").nth(1).unwrap();
        let standings = standings.split("</table>").next().unwrap();
        let ranks: Vec<&str> = standings
            .split("<code>")
            .skip(1)
            .step_by(2)
            .map(|rest| rest.split('<').next().unwrap())
            .collect();
        assert_eq!(ranks, ["c", "b", "a"]);
        assert!(
            standings.contains("<td>0/2</td>"),
            "a's points: {standings}"
        );
        let half = page(&league(&names, &[("one", &rows)]));
        assert!(!half.contains("frostfire") && half.contains("<th>losses</th><th>score</th>"));
    }

    #[test]
    fn the_page_draws_each_rating_on_its_interval_and_each_players_moves_run_by_run() {
        let first: Vec<GameRow> = vec![
            game(1, ["a", "b"], Some(Seat::First)),
            game(2, ["b", "a"], Some(Seat::Second)),
            game(3, ["b", "c"], Some(Seat::First)),
            game(4, ["c", "b"], None),
        ];
        let second: Vec<GameRow> = vec![
            game(1, ["a", "c"], Some(Seat::First)),
            game(2, ["c", "a"], Some(Seat::First)),
            game(3, ["a", "b"], Some(Seat::Second)),
        ];
        let league = League {
            scoring: KRIEG,
            title: "krieg league".into(),
            names: ["a", "b", "c"].map(String::from).to_vec(),
            commands: ["./a", "./b", "./c"].map(String::from).to_vec(),
            runs: vec![
                RunGames {
                    run: "one",
                    rows: first.iter().collect(),
                    replay: None,
                },
                RunGames {
                    run: "two",
                    rows: second.iter().collect(),
                    replay: Some(("l-two.html".into(), vec![Some(1), None, Some(2)])),
                },
            ],
        };
        let html = page(&league);
        assert!(!html.contains("<script"), "no script");
        assert_eq!(html.matches("<svg class=\"ratings\"").count(), 1);
        assert_eq!(html.matches("class=\"interval\"").count(), 3);
        let all: Vec<GameRow> = first.iter().chain(&second).cloned().collect();
        let table = standings(&all, &league.names, DrawScore::Half);
        for (i, name) in ["a", "b", "c"].iter().enumerate() {
            let rating = table.ratings[i];
            assert!(rating.ci95.is_finite() && rating.ci95 > 0.0);
            let (x1, cx, x2) = (
                attribute(&html, "interval", name, "x1"),
                attribute(&html, "rating", name, "cx"),
                attribute(&html, "interval", name, "x2"),
            );
            assert!(x1 < cx && cx < x2, "{name}: {x1} {cx} {x2}");
            // The bar spans elo ± ci95 on the axis: its half-widths are equal.
            assert!(
                ((cx - x1) - (x2 - cx)).abs() < 0.2,
                "{name}: {x1} {cx} {x2}"
            );
            let low = format!("data-low=\"{}\"", elo_text(rating.elo - rating.ci95));
            assert!(html.contains(&low), "{low}");
        }
        // One line per player through its rating after each of the two runs.
        assert_eq!(html.matches("<svg class=\"history\"").count(), 1);
        for name in ["a", "b", "c"] {
            let start = html
                .find(&format!("class=\"moves\" data-player=\"{name}\" points=\""))
                .unwrap();
            let points = html[start..].split("points=\"").nth(1).unwrap();
            let points = points.split('"').next().unwrap();
            assert_eq!(points.split(' ').count(), 2, "{name}: {points}");
        }
        // The second run's games link to its replay page, a game without a record does not.
        assert!(html.contains("href=\"l-two.html#game=2\""));
        assert_eq!(html.matches("href=\"l-two.html").count(), 2);
    }
}
