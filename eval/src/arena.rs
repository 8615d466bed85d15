//! Arenas: agents play each other, every pair alike, colours alternated, from shared
//! opening positions; games run in parallel and each leaves a record that can be replayed.
//! Results feed [`crate::ratings`].

use mankala_engine::{Action, Game, Player, State};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use mankala_agents::Prepared;
use mankala_data::GameRecord;
use mankala_search::game_seed;

use crate::ratings::PairResult;

/// One scheduled game: who plays which side, after which opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The game's number in the arena.
    pub index: u64,
    /// The agent playing South (first).
    pub south: usize,
    /// The agent playing North.
    pub north: usize,
    /// The position the game starts from, as text (`docs/notation.md`); `None`: the
    /// variant's start.
    pub start: Option<String>,
    /// Actions played at random (from `start`) before the agents take over.
    pub opening: Vec<Action>,
    /// Seed of the agents' own random choices in this game.
    pub seed: u64,
}

/// `plies` uniformly random actions from the start, the same for a given `seed`; shorter only
/// if every try ended the game within the opening.
pub fn random_opening<G: Game>(game: &G, plies: u32, seed: u64) -> Vec<Action> {
    random_opening_from(&game.initial_state(), plies, seed)
}

/// `plies` uniformly random actions from `start`, likewise.
pub fn random_opening_from<S: State>(start: &S, plies: u32, seed: u64) -> Vec<Action> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut longest = Vec::new();
    for _ in 0..100 {
        let mut state = start.clone();
        let mut actions = Vec::new();
        while (actions.len() as u32) < plies && !state.is_terminal() {
            let mask = state.legal_mask();
            let a = mask.nth(rng.random_range(0..mask.count())).expect("legal");
            state.play_unchecked(a);
            actions.push(a);
        }
        if !state.is_terminal() {
            return actions;
        }
        if actions.len() > longest.len() {
            longest = actions;
            longest.pop();
        }
    }
    longest
}

/// A round robin of `agents` agents: every pair plays `games_per_pair` games (see
/// [`schedule`]).
pub fn round_robin<G: Game>(
    game: &G,
    agents: usize,
    games_per_pair: u32,
    opening_plies: u32,
    seed: u64,
) -> Vec<Pairing> {
    round_robin_from(game, &[], agents, games_per_pair, opening_plies, seed)
}

/// A round robin from set-up positions (see [`schedule_from`]).
pub fn round_robin_from<G: Game>(
    game: &G,
    starts: &[G::State],
    agents: usize,
    games_per_pair: u32,
    opening_plies: u32,
    seed: u64,
) -> Vec<Pairing> {
    let pairs: Vec<(usize, usize)> = (0..agents)
        .flat_map(|i| (i + 1..agents).map(move |j| (i, j)))
        .collect();
    schedule_from(game, starts, &pairs, games_per_pair, opening_plies, seed)
}

/// `games_per_pair` games for each of `pairs`, colours alternating; game `k` of every pair
/// starts from opening `k / 2`, so both colours of an opening are played and every pair
/// sees the same openings.
pub fn schedule<G: Game>(
    game: &G,
    pairs: &[(usize, usize)],
    games_per_pair: u32,
    opening_plies: u32,
    seed: u64,
) -> Vec<Pairing> {
    schedule_from(game, &[], pairs, games_per_pair, opening_plies, seed)
}

/// As [`schedule`], from set-up positions: opening `o` starts from `starts[o % len]` (the
/// variant's start when `starts` is empty), followed by `opening_plies` random actions.
///
/// # Panics
/// If a start is not a position of `game` (check texts with `Game::parse_position` first).
pub fn schedule_from<G: Game>(
    game: &G,
    starts: &[G::State],
    pairs: &[(usize, usize)],
    games_per_pair: u32,
    opening_plies: u32,
    seed: u64,
) -> Vec<Pairing> {
    let openings: Vec<(Option<String>, Vec<Action>)> = (0..games_per_pair.div_ceil(2))
        .map(|o| {
            let seed = game_seed(seed, u64::from(o));
            match starts.get(o as usize % starts.len().max(1)) {
                Some(start) => (
                    Some(start.position_text()),
                    random_opening_from(start, opening_plies, seed),
                ),
                None => (None, random_opening(game, opening_plies, seed)),
            }
        })
        .collect();
    let mut out = Vec::new();
    for &(i, j) in pairs {
        for k in 0..games_per_pair {
            let (south, north) = if k % 2 == 0 { (i, j) } else { (j, i) };
            let index = out.len() as u64;
            let (start, opening) = openings[(k / 2) as usize].clone();
            out.push(Pairing {
                index,
                south,
                north,
                start,
                opening,
                seed: game_seed(seed ^ 0xA5A5_5A5A, index),
            });
        }
    }
    out
}

/// Plays one scheduled game to its end.
pub fn play<G: Game>(game: &G, agents: &[Prepared], pairing: &Pairing) -> GameRecord {
    let mut rng = SmallRng::seed_from_u64(pairing.seed);
    let mut players = [
        agents[pairing.south].build(game, pairing.seed),
        agents[pairing.north].build(game, pairing.seed ^ 1),
    ];
    let mut state = match &pairing.start {
        Some(text) => game
            .parse_position(text)
            .expect("a start checked when scheduled"),
        None => game.initial_state(),
    };
    let (mut moves, mut actions) = (Vec::new(), Vec::new());
    for &a in &pairing.opening {
        moves.push(state.action_to_string(a));
        actions.push(a);
        state.play_unchecked(a);
    }
    while !state.is_terminal() {
        let choice = players[state.to_move().index()].choose(&state, &mut rng);
        moves.push(state.action_to_string(choice.action));
        actions.push(choice.action);
        state
            .play(choice.action)
            .expect("agents choose legal actions");
    }
    let outcome = state.outcome().expect("the game is over");
    let returns = outcome.returns();
    GameRecord {
        index: pairing.index,
        south: agents[pairing.south].spec.to_string(),
        north: agents[pairing.north].spec.to_string(),
        start: pairing.start.clone(),
        opening_plies: pairing.opening.len() as u32,
        moves,
        actions,
        result: outcome.result_name().to_string(),
        outcome: returns[Player::South.index()] as i8,
        scores: outcome.scores,
        seed: pairing.seed,
        south_agent: pairing.south,
        north_agent: pairing.north,
    }
}

/// Plays every pairing on `threads` threads; `progress` is called after each game. Records
/// come back in schedule order.
///
/// # Errors
/// When the thread pool cannot be built.
pub fn play_all<G: Game>(
    game: &G,
    agents: &[Prepared],
    pairings: &[Pairing],
    threads: usize,
    progress: impl Fn(&GameRecord) + Sync,
) -> Result<Vec<GameRecord>, rayon::ThreadPoolBuildError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()?;
    Ok(pool.install(|| {
        pairings
            .par_iter()
            .map(|p| {
                let r = play(game, agents, p);
                progress(&r);
                r
            })
            .collect()
    }))
}

/// How many of `records` repeat an earlier game move for move (the same agents on the same
/// sides from the same start): deterministic agents given the same opening play one game
/// again and again, which adds no information to a rating.
pub fn repeated_games(records: &[GameRecord]) -> usize {
    let mut seen = std::collections::HashSet::new();
    records
        .iter()
        .filter(|r| {
            !seen.insert((
                r.south_agent,
                r.north_agent,
                r.start.as_deref(),
                r.actions.as_slice(),
            ))
        })
        .count()
}

/// Wins, draws and losses of every pair that met, for [`crate::ratings::fit`]. A capped game
/// counts as a draw.
pub fn pair_results(records: &[GameRecord]) -> Vec<PairResult> {
    let mut out: Vec<PairResult> = Vec::new();
    for r in records {
        let (a, b) = (
            r.south_agent.min(r.north_agent),
            r.south_agent.max(r.north_agent),
        );
        let idx = match out.iter().position(|p| p.a == a && p.b == b) {
            Some(i) => i,
            None => {
                out.push(PairResult {
                    a,
                    b,
                    wins_a: 0.0,
                    draws: 0.0,
                    wins_b: 0.0,
                });
                out.len() - 1
            }
        };
        let p = &mut out[idx];
        let south_is_a = r.south_agent == a;
        match (r.outcome, south_is_a) {
            (0, _) => p.draws += 1.0,
            (1, true) | (-1, false) => p.wins_a += 1.0,
            _ => p.wins_b += 1.0,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use mankala_engine::variants::Kalah;

    use super::*;
    use mankala_agents::AgentSpec;
    use mankala_config::SearchConfig;

    fn kalah() -> Kalah {
        Kalah::default()
    }

    fn agents(specs: &[&str]) -> Vec<Prepared> {
        let g = mankala_engine::AnyGame::by_name("kalah").unwrap();
        specs
            .iter()
            .map(|s| {
                Prepared::new(
                    s.parse::<AgentSpec>().unwrap(),
                    &SearchConfig::default(),
                    &g,
                    &mankala_agents::Resources::default(),
                )
                .unwrap()
            })
            .collect()
    }

    #[test]
    fn a_round_robin_alternates_colours_over_shared_openings() {
        let g = kalah();
        let p = round_robin(&g, 3, 4, 3, 9);
        assert_eq!(p.len(), 3 * 4);
        for (n, pair) in p.chunks(4).enumerate() {
            let (i, j) = [(0, 1), (0, 2), (1, 2)][n];
            for (k, x) in pair.iter().enumerate() {
                let expected = if k % 2 == 0 { (i, j) } else { (j, i) };
                assert_eq!((x.south, x.north), expected);
                assert_eq!(x.opening.len(), 3);
                // Opening k / 2, the same in every pair.
                assert_eq!(x.opening, p[k / 2 * 2].opening);
            }
        }
        assert_ne!(p[0].opening, p[2].opening, "two different openings");
        assert_eq!(p, round_robin(&g, 3, 4, 3, 9), "reproducible");
        assert_ne!(p, round_robin(&g, 3, 4, 3, 10));
    }

    #[test]
    fn a_played_game_replays_to_its_recorded_result() {
        let g = kalah();
        let a = agents(&["random", "greedy"]);
        let p = round_robin(&g, 2, 2, 2, 1);
        let records = play_all(&g, &a, &p, 2, |_| {}).unwrap();
        for (r, pairing) in records.iter().zip(&p) {
            assert_eq!(r.index, pairing.index);
            assert_eq!(r.actions[..2], pairing.opening[..]);
            assert_eq!(r.moves.len(), r.actions.len());
            let mut s = g.initial_state();
            for &action in &r.actions {
                s.play(action).unwrap();
            }
            let o = s.outcome().unwrap();
            assert_eq!(o.scores, r.scores);
            assert_eq!(o.result_name(), r.result);
            assert_eq!(r.south, a[pairing.south].spec.to_string());
        }
        assert_eq!(
            records,
            play_all(&g, &a, &p, 1, |_| {}).unwrap(),
            "same on one thread"
        );
    }

    #[test]
    fn results_are_counted_per_pair_whatever_the_colours() {
        let record = |south_agent, north_agent, outcome| GameRecord {
            index: 0,
            south: String::new(),
            north: String::new(),
            start: None,
            opening_plies: 0,
            moves: Vec::new(),
            actions: Vec::new(),
            result: String::new(),
            outcome,
            scores: [0, 0],
            seed: 0,
            south_agent,
            north_agent,
        };
        let r = pair_results(&[
            record(0, 1, 1),
            record(1, 0, 1),
            record(1, 0, -1),
            record(0, 1, 0),
            record(2, 1, -1),
        ]);
        assert_eq!(
            r,
            vec![
                PairResult {
                    a: 0,
                    b: 1,
                    wins_a: 2.0,
                    draws: 1.0,
                    wins_b: 1.0
                },
                PairResult {
                    a: 1,
                    b: 2,
                    wins_a: 1.0,
                    draws: 0.0,
                    wins_b: 0.0
                },
            ]
        );
    }

    #[test]
    fn a_game_is_repeated_when_the_same_sides_play_the_same_moves_from_the_same_start() {
        let g = kalah();
        let a = agents(&["random", "greedy"]);
        let p = schedule(&g, &[(0, 1)], 4, 2, 4);
        let mut records = play_all(&g, &a, &p, 2, |_| {}).unwrap();
        assert_eq!(repeated_games(&records), 0);
        records.push(records[1].clone());
        assert_eq!(repeated_games(&records), 1);
        let mut other_sides = records[0].clone();
        (other_sides.south_agent, other_sides.north_agent) = (1, 0);
        records.push(other_sides);
        let mut other_start = records[0].clone();
        other_start.start = Some(g.initial_state().position_text());
        records.push(other_start);
        assert_eq!(
            repeated_games(&records),
            1,
            "other sides or another start is another game"
        );
    }
}
