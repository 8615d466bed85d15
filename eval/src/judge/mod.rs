//! Judging an agent against perfect play, the way chess engines are judged against
//! tablebases: on positions from real games (self-play shards or arena records, so the ones
//! agents actually meet), the share where the agent's move is a perfect one, the seeds its
//! move gives away against the best move, and its value's error against the exact result.
//! Exact values come from [`Exact`] (Kalah's solver; Kalah and Oware tablebases). A
//! judgement's files are written by [`write_judgement`] (`files.rs`).

use std::path::Path;

use mankala_engine::{Action, AnyGame, Game, State};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use mankala_agents::{Agent, Budget, Exact};
use mankala_data::games::{GamesError, read_games};
use mankala_data::record::read_records;
use mankala_data::{DataError, RecordError, list_shards};

mod files;
pub use files::{JudgeSummary, write_judgement};

/// Why positions could not be read.
#[derive(Debug, Error)]
pub enum JudgeError {
    /// A shard could not be read.
    #[error(transparent)]
    Data(#[from] DataError),
    /// The games of the shards could not be had whole.
    #[error(transparent)]
    Games(#[from] GamesError),
    /// A game-record file could not be read.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A game's start position is not one of the variant's.
    #[error("a game's start position {text:?}: {message}")]
    Start {
        /// The text.
        text: String,
        /// What is wrong.
        message: String,
    },
    /// A file could not be read.
    #[error("{path}: {message}")]
    File {
        /// The file.
        path: String,
        /// What is wrong.
        message: String,
    },
}

/// One judged position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Judged {
    /// The position as text.
    pub position: String,
    /// Seeds still on the board: the game's phase.
    pub seeds_in_play: u32,
    /// The final margin for the player to move under perfect play.
    pub exact: i32,
    /// The agent's move, in notation.
    pub agent_move: String,
    /// The perfect moves, in notation.
    pub best_moves: Vec<String>,
    /// Whether the agent's move is perfect: of the largest final margin.
    pub optimal: bool,
    /// Whether the agent's move keeps the position's result under perfect play (a win stays
    /// a win, a draw a draw), the measure of an agent that plays to win rather than for the
    /// margin.
    pub keeps_result: bool,
    /// Seeds of final margin the agent's move gives away (0 for a perfect move).
    pub loss: i32,
    /// The agent's value of the position for the player to move, in [-1, 1].
    pub value: Option<f32>,
    /// |value - exact result| with the result +1, 0 or -1.
    pub value_error: Option<f32>,
}

/// The figures of a group of judged positions, with 95% intervals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figures {
    /// Fewest seeds in play of the group.
    pub seeds_from: u32,
    /// Most seeds in play of the group.
    pub seeds_to: u32,
    /// Positions judged.
    pub positions: usize,
    /// Share of perfect moves, with its Wilson interval.
    pub optimal: f64,
    /// Lower end of its interval.
    pub optimal_low: f64,
    /// Upper end of its interval.
    pub optimal_high: f64,
    /// Mean seeds lost a move, with a normal interval.
    pub mean_loss: f64,
    /// Lower end of its interval.
    pub loss_low: f64,
    /// Upper end of its interval.
    pub loss_high: f64,
    /// Mean absolute value error, where the agent gives a value.
    pub value_error: Option<f64>,
    /// Share of moves that keep the result, with its interval (absent in judgements written
    /// before it was measured).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_kept: Option<Share>,
    /// Of the positions won for the player to move, the share whose move keeps the win
    /// (absent in judgements written before it was measured). In a lost position every move
    /// keeps the result; this share leaves them out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win_kept: Option<Share>,
    /// Positions won for the player to move (absent likewise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub won_positions: Option<usize>,
}

/// A share with its 95% Wilson interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Share {
    /// The share, 0 to 1.
    pub share: f64,
    /// Lower end of its interval.
    pub low: f64,
    /// Upper end of its interval.
    pub high: f64,
}

/// An agent's judgement: every position, the whole and each phase.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Judgement {
    /// Every judged position.
    pub positions: Vec<Judged>,
    /// All positions together.
    pub overall: Figures,
    /// Positions grouped by seeds in play, fewest first.
    pub phases: Vec<Figures>,
}

/// A game to draw positions from: where it started and its actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// The start position as text (an arena game from `--openings`); `None`: the variant's
    /// start.
    pub start: Option<String>,
    /// Every action from there.
    pub actions: Vec<Action>,
}

/// The games in `path`: a directory of self-play shards of `game`'s variant and rules, an
/// arena's `games.jsonl`, or a directory holding one. Shards are read by the one reader of
/// whole games, which replays each game and refuses one that does not.
///
/// # Errors
/// [`JudgeError`] naming the file that cannot be read, or the game and ply that do not
/// replay.
pub fn game_lines(game: &AnyGame, path: &Path) -> Result<Vec<GameLine>, JudgeError> {
    let records = if path.is_dir() {
        path.join("games.jsonl")
    } else {
        path.to_path_buf()
    };
    if records.is_file() {
        return Ok(read_records(&records)?
            .into_iter()
            .map(|saved| GameLine {
                start: saved.record.start,
                actions: saved.record.actions,
            })
            .collect());
    }
    if list_shards(path)?.is_empty() {
        return Err(JudgeError::File {
            path: path.display().to_string(),
            message: "no games: expected self-play shards (shard-*.parquet) or an arena's \
                      games.jsonl"
                .into(),
        });
    }
    let (games, _) = read_games(game, path)?;
    Ok(games
        .into_values()
        .map(|g| GameLine {
            start: None,
            actions: g.actions(),
        })
        .collect())
}

/// Up to `count` positions, drawn evenly at random (by `seed`) from every position of the
/// games `lines` replay that is not over, holds at most `max_seeds` seeds in play, and that
/// `exact` values (Kalah's solver values every position, Oware's table those within it).
///
/// # Errors
/// [`JudgeError::Start`] when a game's start is not a position of `game`.
pub fn sample_positions<G: Game>(
    game: &G,
    lines: &[GameLine],
    exact: &Exact,
    max_seeds: u32,
    count: usize,
    seed: u64,
) -> Result<Vec<G::State>, JudgeError> {
    let draw = Draw {
        max_seeds,
        count,
        seed,
        distinct: false,
    };
    Ok(draw_positions(game, lines, exact, &draw)?
        .into_iter()
        .map(|d| d.state)
        .collect())
}

/// Which positions [`draw_positions`] takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draw {
    /// Only positions with at most this many seeds in play.
    pub max_seeds: u32,
    /// At most this many positions.
    pub count: usize,
    /// Seed of the random draw.
    pub seed: u64,
    /// Each position once, however many games reach it (the first game that does names it).
    pub distinct: bool,
}

/// A position drawn from a game, with where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawn<S> {
    /// The game's index in the lines drawn from.
    pub game: usize,
    /// The position's ply in that game (from the game's start position).
    pub ply: u32,
    /// The action that game played from here.
    pub action: Action,
    /// Plies the game played in all.
    pub game_length: u32,
    /// The position.
    pub state: S,
}

/// Positions drawn as [`sample_positions`] draws them, each with its game, ply and the action
/// played there; with `draw.distinct`, a position many games reach is drawn at most once.
///
/// # Errors
/// [`JudgeError::Start`] when a game's start is not a position of `game`.
pub fn draw_positions<G: Game>(
    game: &G,
    lines: &[GameLine],
    exact: &Exact,
    draw: &Draw,
) -> Result<Vec<Drawn<G::State>>, JudgeError> {
    let mut all = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (index, line) in lines.iter().enumerate() {
        let mut s = match &line.start {
            Some(text) => game.parse_position(text).map_err(|e| JudgeError::Start {
                text: text.clone(),
                message: e.to_string(),
            })?,
            None => game.initial_state(),
        };
        for (ply, &a) in line.actions.iter().enumerate() {
            if s.is_terminal() || !s.legal_mask().contains(a) {
                break;
            }
            let in_play: u32 = s.snapshot().pits.iter().sum();
            if in_play <= draw.max_seeds
                && (exact.values_every_position() || exact.probe(&s).is_some())
                && (!draw.distinct || seen.insert(s.position_text()))
            {
                all.push(Drawn {
                    game: index,
                    ply: ply as u32,
                    action: a,
                    game_length: line.actions.len() as u32,
                    state: s.clone(),
                });
            }
            s.play_unchecked(a);
        }
    }
    let mut rng = SmallRng::seed_from_u64(draw.seed);
    all.shuffle(&mut rng);
    all.truncate(draw.count);
    Ok(all)
}

/// Judges `agent` on `positions`, calling `progress` after each.
pub fn judge<G: Game>(
    agent: &mut dyn Agent<G>,
    exact: &Exact,
    positions: &[G::State],
    seed: u64,
    progress: &mut dyn FnMut(usize),
) -> Judgement {
    let mut solver = exact.solver();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut judged = Vec::new();
    for (i, s) in positions.iter().enumerate() {
        let Some(values) = exact.move_values(solver.as_mut(), s) else {
            continue;
        };
        let best = values.iter().map(|&(_, v)| v).max().expect("a legal move");
        let analysis = agent.analyse(s, Budget::Default, &mut rng);
        let chosen = values
            .iter()
            .find(|&&(a, _)| a == analysis.action)
            .map_or(best, |&(_, v)| v);
        let result = best.signum() as f32;
        judged.push(Judged {
            position: s.position_text(),
            seeds_in_play: s.snapshot().pits.iter().sum(),
            exact: best,
            agent_move: s.action_to_string(analysis.action),
            best_moves: values
                .iter()
                .filter(|&&(_, v)| v == best)
                .map(|&(a, _)| s.action_to_string(a))
                .collect(),
            optimal: chosen == best,
            keeps_result: chosen.signum() == best.signum(),
            loss: best - chosen,
            value: analysis.value,
            value_error: analysis.value.map(|v| (v - result).abs()),
        });
        progress(i + 1);
    }
    summarize(judged)
}

/// Groups judged positions into the whole and six phases of equal width in seeds.
pub fn summarize(positions: Vec<Judged>) -> Judgement {
    let most = positions.iter().map(|j| j.seeds_in_play).max().unwrap_or(0);
    let width = most.div_ceil(6).max(1);
    let overall = figures(&positions.iter().collect::<Vec<_>>(), 0, most);
    let phases = (0..6)
        .map(|k| (k * width + u32::from(k > 0), (k + 1) * width))
        .filter_map(|(from, to)| {
            let group: Vec<&Judged> = positions
                .iter()
                .filter(|j| (from..=to).contains(&j.seeds_in_play))
                .collect();
            (!group.is_empty()).then(|| figures(&group, from, to))
        })
        .collect();
    Judgement {
        positions,
        overall,
        phases,
    }
}

fn figures(group: &[&Judged], seeds_from: u32, seeds_to: u32) -> Figures {
    let n = group.len();
    let optimal = group.iter().filter(|j| j.optimal).count();
    let (p, low, high) = wilson(optimal, n);
    let losses: Vec<f64> = group.iter().map(|j| j.loss as f64).collect();
    let mean = losses.iter().sum::<f64>() / n.max(1) as f64;
    let var = if n > 1 {
        losses.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64
    } else {
        0.0
    };
    let half = 1.96 * (var / n.max(1) as f64).sqrt();
    let (share, kept_low, kept_high) = wilson(group.iter().filter(|j| j.keeps_result).count(), n);
    let errors: Vec<f64> = group
        .iter()
        .filter_map(|j| j.value_error.map(f64::from))
        .collect();
    let won: Vec<&&Judged> = group.iter().filter(|j| j.exact > 0).collect();
    let (win, win_low, win_high) = wilson(won.iter().filter(|j| j.keeps_result).count(), won.len());
    Figures {
        seeds_from,
        seeds_to,
        positions: n,
        optimal: p,
        optimal_low: low,
        optimal_high: high,
        mean_loss: mean,
        loss_low: (mean - half).max(0.0),
        loss_high: mean + half,
        value_error: (!errors.is_empty()).then(|| errors.iter().sum::<f64>() / errors.len() as f64),
        result_kept: Some(Share {
            share,
            low: kept_low,
            high: kept_high,
        }),
        win_kept: Some(Share {
            share: win,
            low: win_low,
            high: win_high,
        }),
        won_positions: Some(won.len()),
    }
}

/// A share with its 95% Wilson interval.
fn wilson(k: usize, n: usize) -> (f64, f64, f64) {
    if n == 0 {
        return (0.0, 0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    (p, (c - h).max(0.0), (c + h).min(1.0))
}

#[cfg(test)]
pub(crate) mod tests {
    use mankala_engine::variants::{Kalah, KalahRules};

    use super::*;
    use crate::arena::random_opening;
    use mankala_agents::{AgentSpec, Prepared};
    use mankala_config::SearchConfig;

    /// Kalah with two seeds a hole: small enough for the solver in tests.
    pub(crate) fn kalah() -> Kalah {
        Kalah {
            rules: KalahRules {
                seeds_per_hole: 2,
                empty_capture: false,
            },
            limits: Kalah::DEFAULT_LIMITS,
        }
    }

    fn lines(g: &Kalah) -> Vec<GameLine> {
        (0..20)
            .map(|s| GameLine {
                start: None,
                actions: random_opening(g, 200, s),
            })
            .collect()
    }

    #[test]
    fn the_perfect_agent_is_judged_perfect_and_random_play_is_not() {
        let g = kalah();
        let exact = Exact::new(&AnyGame::Kalah(g), None, &Default::default()).unwrap();
        let positions = sample_positions(&g, &lines(&g), &exact, u32::MAX, 60, 1).unwrap();
        assert_eq!(positions.len(), 60);
        let mut perfect = mankala_agents::PerfectAgent::new(exact.clone());
        let j = judge::<Kalah>(&mut perfect, &exact, &positions, 1, &mut |_| {});
        assert_eq!(j.overall.positions, 60);
        assert_eq!(j.overall.optimal, 1.0);
        assert_eq!(j.overall.result_kept.unwrap().share, 1.0);
        assert_eq!(j.overall.mean_loss, 0.0);
        assert!(
            j.positions
                .iter()
                .all(|p| p.best_moves.contains(&p.agent_move))
        );
        let mut random = Prepared::without_files(AgentSpec::Random, &SearchConfig::default())
            .unwrap()
            .build(&g, 1);
        let j = judge(random.as_mut(), &exact, &positions, 1, &mut |_| {});
        assert!(j.overall.optimal < 0.95, "{:?}", j.overall);
        assert!(j.overall.mean_loss > 0.0);
        // Every loss is the best move's value less the chosen one's, never negative, and a
        // move is perfect exactly when it loses nothing.
        for p in &j.positions {
            assert!(p.loss >= 0);
            assert_eq!(p.optimal, p.loss == 0);
            // A move keeps the result when its own exact value has the best one's sign.
            let chosen = p.exact - p.loss;
            assert_eq!(p.keeps_result, chosen.signum() == p.exact.signum(), "{p:?}");
            assert!(!p.optimal || p.keeps_result);
        }
        // Keeping the result is the weaker demand, and random play fails it somewhere.
        let kept = j.overall.result_kept.unwrap();
        assert!(kept.share >= j.overall.optimal, "{:?}", j.overall);
        assert!(kept.share < 1.0, "{:?}", j.overall);
        assert!(kept.low <= kept.share && kept.share <= kept.high);
        let count = j.positions.iter().filter(|p| p.keeps_result).count();
        assert!((kept.share - count as f64 / 60.0).abs() < 1e-12);
        let in_phases: usize = j.phases.iter().map(|f| f.positions).sum();
        assert_eq!(in_phases, 60);
        assert!(j.overall.optimal_low <= j.overall.optimal);
        assert!(j.overall.optimal <= j.overall.optimal_high);
    }

    #[test]
    fn arena_records_give_their_games_lines() {
        let dir = std::env::temp_dir().join(format!("mankala-judge-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("games.jsonl");
        std::fs::write(&file, "{\"bad\": 1}\n").unwrap();
        let kalah = AnyGame::by_name("kalah").unwrap();
        let e = game_lines(&kalah, &dir).unwrap_err().to_string();
        assert!(e.contains("games.jsonl") && e.contains("line 1"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
        let e = game_lines(&kalah, Path::new("/no/such/dir"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("/no/such/dir"), "{e}");
    }
}
