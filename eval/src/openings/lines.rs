//! Openings and their tallies: each game's first decisions (checked by replay when the games
//! were read), the results of the games after every line, and the lines as a tree.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use mankala_engine::{Action, Game, State};

use mankala_data::games::{ShardGame, ShardGames};

use super::for_south;

/// Half-width of a 95% normal interval, in standard errors.
const Z_95: f64 = 1.96;

/// One game's opening.
#[derive(Clone, Debug, PartialEq)]
struct Opening {
    /// Its first actions, up to the depth (fewer when the game ended or a player resigned).
    actions: Vec<Action>,
    /// `values[d]`: the search's root value from South's view at the position after the
    /// first `d` actions, for every such position the game has a row of.
    values: Vec<f64>,
    /// The result from South's view.
    outcome: i8,
}

/// The opening of a game (replayed and found legal when it was read): its first `depth`
/// actions and the root values at the positions up to the last of them.
fn opening_of(game: &ShardGame, depth: u32) -> Opening {
    let depth = depth as usize;
    Opening {
        actions: game
            .plies
            .iter()
            .take(depth)
            .filter_map(|p| p.action)
            .collect(),
        values: game
            .plies
            .iter()
            .take(depth + 1)
            .map(|p| for_south(p.to_move, p.root_value))
            .collect(),
        outcome: game.outcome,
    }
}

/// Results of the games that began with one line, from the first player's (South's) view.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games.
    pub games: u64,
    /// Games South won.
    pub wins: u64,
    /// Games drawn or capped.
    pub draws: u64,
    /// Games South lost.
    pub losses: u64,
    /// Sum of the root values after the line (South's view).
    pub value_sum: f64,
    /// Games with a root value after the line.
    pub valued: u64,
}

impl Tally {
    /// Counts one game with its result and the value after the line, if searched.
    pub fn add(&mut self, outcome: i8, value: Option<f64>) {
        self.games += 1;
        match outcome.cmp(&0) {
            Ordering::Greater => self.wins += 1,
            Ordering::Equal => self.draws += 1,
            Ordering::Less => self.losses += 1,
        }
        if let Some(v) = value {
            self.value_sum += v;
            self.valued += 1;
        }
    }

    /// Points per game: a win 1, a draw (or capped game) 1/2.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games.max(1) as f64
    }

    /// The 95% Wilson interval of the score.
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.score(), self.games)
    }

    /// The mean root value after the line, over the games that searched there.
    pub fn mean_value(&self) -> Option<f64> {
        (self.valued > 0).then(|| self.value_sum / self.valued as f64)
    }
}

/// The 95% Wilson score interval of a proportion `p` observed over `n` trials; (0, 1) for
/// none. Applied to a score with draws as half points it is a little wide, as a draw
/// varies less than a win or a loss.
pub fn wilson(p: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, z2) = (n as f64, Z_95 * Z_95);
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z_95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The tally of every line of one or more actions (keyed by its actions), and of the empty
/// line (all games).
fn tally(openings: &[Opening]) -> BTreeMap<Vec<Action>, Tally> {
    let mut tallies: BTreeMap<Vec<Action>, Tally> = BTreeMap::new();
    for o in openings {
        for d in 0..=o.actions.len() {
            let value = o.values.get(d).copied();
            tallies
                .entry(o.actions[..d].to_vec())
                .or_default()
                .add(o.outcome, value);
        }
    }
    tallies
}

/// The lines of at least `min_games` games as a tree, depth first: the children of a line
/// follow it, most played first (ties by action index).
fn tree_order(tallies: &BTreeMap<Vec<Action>, Tally>, min_games: u64) -> Vec<Vec<Action>> {
    let mut out = Vec::new();
    visit(&[], tallies, min_games, &mut out);
    out
}

fn visit(
    prefix: &[Action],
    tallies: &BTreeMap<Vec<Action>, Tally>,
    min_games: u64,
    out: &mut Vec<Vec<Action>>,
) {
    let mut children: Vec<(&Vec<Action>, u64)> = tallies
        .range(prefix.to_vec()..)
        .take_while(|(k, _)| k.starts_with(prefix))
        .filter(|(k, t)| k.len() == prefix.len() + 1 && t.games >= min_games)
        .map(|(k, t)| (k, t.games))
        .collect();
    children.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    for (line, _) in children {
        out.push(line.clone());
        visit(line, tallies, min_games, out);
    }
}

/// The names of a line's moves, each as its mover writes it.
fn names_of<G: Game>(g: &G, actions: &[Action]) -> Vec<String> {
    let mut s = g.initial_state();
    actions
        .iter()
        .map(|&a| {
            let name = s.action_to_string(a);
            s.play_unchecked(a);
            name
        })
        .collect()
}

/// One line of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct LineStats {
    /// The line's actions.
    pub actions: Vec<Action>,
    /// The moves in notation.
    pub names: Vec<String>,
    /// The games that began with it.
    pub tally: Tally,
}

impl LineStats {
    /// The moves in notation, separated by spaces (`C f D`).
    pub fn line(&self) -> String {
        self.names.join(" ")
    }
}

/// The openings of every game and the lines to report.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Games read.
    pub total: u64,
    /// Lines of at least the minimum number of games, in tree order.
    pub lines: Vec<LineStats>,
}

/// Every game's opening to `depth`, tallied into lines of at least `min_games`.
pub fn build_report<G: Game>(g: &G, games: &ShardGames, depth: u32, min_games: u64) -> Report {
    let openings: Vec<Opening> = games.values().map(|game| opening_of(game, depth)).collect();
    report_of(g, &openings, min_games)
}

/// The report of checked openings.
fn report_of<G: Game>(g: &G, openings: &[Opening], min_games: u64) -> Report {
    let tallies = tally(openings);
    let lines = tree_order(&tallies, min_games)
        .into_iter()
        .map(|actions| LineStats {
            names: names_of(g, &actions),
            tally: tallies[&actions],
            actions,
        })
        .collect();
    Report {
        total: openings.len() as u64,
        lines,
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use mankala_data::games::GamePly;
    use mankala_engine::{AnyGame, Player, VARIANTS, with_game};

    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn wilson_matches_known_intervals() {
        let cases = [
            (0.5, 100, 0.403_829_828_590_147, 0.596_170_171_409_853),
            (0.0, 10, 0.0, 0.277_540_168_766_617),
            (1.0, 10, 0.722_459_831_233_383, 1.0),
            (0.75, 4, 0.300_636_052_442_637, 0.954_413_937_355_364),
            (0.3, 1000, 0.272_406_351_009_411, 0.329_124_408_425_145),
        ];
        for (p, n, low, high) in cases {
            let (l, h) = wilson(p, n);
            assert!(close(l, low) && close(h, high), "{p} of {n}: [{l}, {h}]");
            assert!(l <= p && p <= h);
        }
        assert_eq!(wilson(0.3, 0), (0.0, 1.0));
        // More games, a narrower interval.
        let width = |n| {
            let (l, h) = wilson(0.6, n);
            h - l
        };
        assert!(width(10) > width(100) && width(100) > width(1000));
    }

    #[test]
    fn a_tally_counts_results_scores_and_values() {
        let mut t = Tally::default();
        t.add(1, Some(0.5));
        t.add(0, None);
        t.add(-1, Some(-0.25));
        t.add(1, Some(0.5));
        assert_eq!((t.games, t.wins, t.draws, t.losses), (4, 2, 1, 1));
        assert!(close(t.score(), 2.5 / 4.0));
        assert_eq!(t.valued, 3);
        assert!(close(t.mean_value().unwrap(), 0.75 / 3.0));
        assert_eq!(t.interval(), wilson(0.625, 4));
        assert_eq!(Tally::default().mean_value(), None);
    }

    fn opening(actions: &[Action], outcome: i8) -> Opening {
        Opening {
            actions: actions.to_vec(),
            values: (0..=actions.len()).map(|d| d as f64 * 0.1).collect(),
            outcome,
        }
    }

    #[test]
    fn lines_are_tallied_and_ordered_as_a_tree() {
        let openings = [
            opening(&[2, 1], 1),
            opening(&[2, 1], 0),
            opening(&[2, 3], -1),
            opening(&[0, 1], 1),
            opening(&[5, 0], -1),
            opening(&[5, 0], -1),
            opening(&[5, 4], 1),
            opening(&[1], 1),
        ];
        let tallies = tally(&openings);
        let t = |line: &[Action]| tallies[line];
        assert_eq!(t(&[]).games, 8);
        assert_eq!(
            (t(&[2]).games, t(&[2]).wins, t(&[2]).draws, t(&[2]).losses),
            (3, 1, 1, 1)
        );
        assert_eq!(t(&[5, 0]).losses, 2);
        assert_eq!(t(&[1]).valued, 1);
        assert!(close(t(&[2, 1]).mean_value().unwrap(), 0.2));
        assert!(close(t(&[5]).mean_value().unwrap(), 0.1));
        let depth_one: u64 = tallies
            .iter()
            .filter(|(k, _)| k.len() == 1)
            .map(|(_, t)| t.games)
            .sum();
        assert_eq!(depth_one, 8);

        let order = tree_order(&tallies, 1);
        let want: Vec<Vec<Action>> = vec![
            vec![2],
            vec![2, 1],
            vec![2, 3],
            vec![5],
            vec![5, 0],
            vec![5, 4],
            vec![0],
            vec![0, 1],
            vec![1],
        ];
        assert_eq!(order, want);
        let order = tree_order(&tallies, 2);
        assert_eq!(order, vec![vec![2], vec![2, 1], vec![5], vec![5, 0]]);
        assert!(tree_order(&tallies, 9).is_empty());
    }

    fn kalah() -> AnyGame {
        AnyGame::by_name("kalah").unwrap()
    }

    fn ply(to_move: Player, action: Option<Action>, root_value: f32) -> GamePly {
        GamePly {
            to_move,
            action,
            root_value,
        }
    }

    fn shard_game(plies: &[GamePly], outcome: i8) -> ShardGame {
        ShardGame {
            file: PathBuf::from("shard-00007.parquet"),
            plies: plies.to_vec(),
            outcome,
        }
    }

    #[test]
    fn openings_have_values_from_souths_view_and_names_by_mover() {
        let game = kalah();
        // Kalah: C ends in South's store, so South moves again; F ends on North's side.
        let (s, n) = (Player::South, Player::North);
        let line = shard_game(
            &[
                ply(s, Some(2), 0.1),
                ply(s, Some(5), 0.2),
                ply(n, Some(0), 0.3),
                ply(s, Some(1), 0.4),
            ],
            -1,
        );
        let o = opening_of(&line, 3);
        assert_eq!(o.actions, [2, 5, 0]);
        let want = [0.1, 0.2, -0.3, 0.4];
        assert_eq!(o.values.len(), 4);
        for (v, w) in o.values.iter().zip(want) {
            assert!((v - w).abs() < 1e-6, "{v} {w}");
        }
        with_game!(&game, g => assert_eq!(names_of(g, &o.actions), ["C", "F", "a"]));
        let report = with_game!(&game, g => report_of(g, &[o.clone(), o], 1));
        let lines: Vec<String> = report.lines.iter().map(LineStats::line).collect();
        assert_eq!(lines, ["C", "C F", "C F a"]);
        assert_eq!(report.total, 2);
        assert_eq!(report.lines[2].tally.losses, 2);
    }

    #[test]
    fn a_resigned_game_ends_its_opening_with_the_value_where_it_resigned() {
        let (s, n) = (Player::South, Player::North);
        let line = shard_game(
            &[
                ply(s, Some(2), 0.0),
                ply(s, Some(5), 0.1),
                ply(n, None, -0.9),
            ],
            1,
        );
        let o = opening_of(&line, 6);
        assert_eq!(o.actions, [2, 5]);
        assert!((o.values[2] - 0.9).abs() < 1e-6);
        // Cut at the depth: the value after the last counted action is still kept.
        let o = opening_of(&line, 1);
        assert_eq!(o.actions, [2]);
        assert_eq!(o.values.len(), 2);
    }

    #[test]
    fn the_first_player_is_south_in_every_variant() {
        for v in VARIANTS {
            let any = AnyGame::by_name(v.name).unwrap();
            let first = with_game!(&any, g => g.initial_state().to_move());
            assert_eq!(first, Player::South, "{}", v.name);
        }
    }
}
