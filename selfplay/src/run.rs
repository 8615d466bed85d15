//! A self-play run: Rayon workers play games with batched search; the calling thread writes
//! finished games to Parquet shards and reports progress.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Instant;

use mankala_engine::Game;

use crate::game::{FinishedGame, SelfplayGame, Settings};
use mankala_data::{DataError, Row, ShardMeta, write_shard};
use mankala_search::batch::{self, Driver};
use mankala_search::evaluator::Evaluator;

/// What a run has done so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Games finished.
    pub games: u64,
    /// Rows (decisions) recorded, side positions' included.
    pub positions: u64,
    /// Plies of the games themselves (their side positions not counted).
    pub plies: u64,
    /// South wins, draws (capped games included), North wins.
    pub results: [u64; 3],
    /// Games stopped by a cap.
    pub capped: u64,
    /// Shards written.
    pub shards: Vec<PathBuf>,
    /// Seconds since the start.
    pub seconds: f64,
}

impl Summary {
    /// Counts one finished game of `rows` rows and `plies` plies with its outcome from
    /// South's view and its result name.
    pub fn add_game(&mut self, outcome: i8, result: &str, rows: u64, plies: u32) {
        self.games += 1;
        self.positions += rows;
        self.plies += u64::from(plies);
        match outcome {
            1 => self.results[0] += 1,
            -1 => self.results[2] += 1,
            _ => self.results[1] += 1,
        }
        if result.starts_with("capped") {
            self.capped += 1;
        }
    }

    /// Mean plies per game.
    pub fn mean_length(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.plies as f64 / self.games as f64
        }
    }
}

/// The next free shard path in `dir` (`shard-00000.parquet`, ...), never an existing one.
///
/// # Errors
/// When the directory cannot be read.
pub fn next_shard_index(dir: &Path) -> std::io::Result<u32> {
    let mut next = 0;
    for entry in std::fs::read_dir(dir)? {
        let name = entry?.file_name();
        let name = name.to_string_lossy();
        if let Some(n) = name
            .strip_prefix("shard-")
            .and_then(|r| r.strip_suffix(".parquet"))
            && let Ok(n) = n.parse::<u32>()
        {
            next = next.max(n + 1);
        }
    }
    Ok(next)
}

/// Where self-play writes its shards: their metadata, and the folder (which must exist).
#[derive(Debug, Clone, Copy)]
pub struct Shards<'a> {
    /// The footer of every shard.
    pub meta: &'a ShardMeta,
    /// The folder.
    pub dir: &'a Path,
}

/// Drives games on `threads` Rayon workers: worker `w` builds its evaluator with
/// `make_evaluator(w)` and plays the games `games_for(w)` yields through [`batch::run`]
/// (`capacity` at once, `leaves` leaves each a round); each finished game becomes a message
/// through `finish`, handed to `receive` on the calling thread as the games finish.
///
/// # Errors
/// When the worker threads cannot be started.
pub(crate) fn on_workers<G, E, D, I, M>(
    game: &G,
    threads: usize,
    (capacity, leaves): (usize, u32),
    make_evaluator: impl Fn(usize) -> E + Sync,
    games_for: impl Fn(usize) -> I + Sync,
    finish: impl Fn(D) -> M + Sync,
    mut receive: impl FnMut(M),
) -> Result<(), rayon::ThreadPoolBuildError>
where
    G: Game,
    E: Evaluator<G>,
    D: Driver<G>,
    I: Iterator<Item = D>,
    M: Send,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let (tx, rx) = mpsc::channel::<M>();
    std::thread::scope(|s| {
        let (make_evaluator, games_for, finish) = (&make_evaluator, &games_for, &finish);
        s.spawn(move || {
            pool.scope(|ps| {
                for w in 0..threads {
                    let tx = tx.clone();
                    ps.spawn(move |_| {
                        let mut evaluator = make_evaluator(w);
                        let mut games = games_for(w);
                        batch::run(
                            game,
                            &mut evaluator,
                            capacity,
                            leaves,
                            || games.next(),
                            |g| {
                                let _ = tx.send(finish(g));
                            },
                        );
                    });
                }
            });
            drop(tx);
        });
        for message in rx {
            receive(message);
        }
    });
    Ok(())
}

/// Plays the games numbered `ids` on `threads` Rayon workers and writes them to shards of
/// `games_per_shard` games in `shards.dir`. Worker `w` plays `ids[w]`,
/// `ids[w + threads]`, ..., and a game's random choices depend only on the run's seed and
/// its id, so a run is reproducible (bit for bit where each worker runs its own batches; to
/// the last bits of the network's outputs with an inference service, whose batches mix the
/// workers' leaves by timing), and an interrupted run can be finished by playing the
/// ids missing from its shards. `progress` is called after every finished game.
///
/// # Errors
/// The first shard that could not be written; games finished before it are on disk.
pub fn selfplay<G, E>(
    game: &G,
    settings: &Settings,
    shards: &Shards<'_>,
    ids: &[u64],
    threads: usize,
    make_evaluator: impl Fn(usize) -> E + Sync,
    mut progress: impl FnMut(&Summary),
) -> Result<Summary, DataError>
where
    G: Game,
    E: Evaluator<G>,
{
    let (meta, out) = (shards.meta, shards.dir);
    let threads = threads.max(1);
    let start = Instant::now();
    let io = |source| DataError::Io {
        path: out.to_path_buf(),
        source,
    };
    let mut shard_index = next_shard_index(out).map_err(io)?;
    let capacity = settings.selfplay.games_per_worker as usize;
    let leaves = settings.search.leaves_per_game;
    let per_shard = settings.selfplay.games_per_shard as usize;
    let mut summary = Summary::default();
    let mut buffer: Vec<FinishedGame> = Vec::new();
    let mut first_error: Option<DataError> = None;
    let mut flush =
        |buffer: &mut Vec<FinishedGame>, summary: &mut Summary, shard_index: &mut u32| {
            if buffer.is_empty() || first_error.is_some() {
                return;
            }
            buffer.sort_by_key(|g| g.game_id);
            let rows: Vec<Row> = buffer.drain(..).flat_map(|g| g.rows).collect();
            let path = out.join(format!("shard-{:05}.parquet", *shard_index));
            match write_shard(&path, meta, &rows) {
                Ok(()) => {
                    *shard_index += 1;
                    summary.shards.push(path);
                }
                Err(e) => first_error = Some(e),
            }
        };
    on_workers(
        game,
        threads,
        (capacity, leaves),
        make_evaluator,
        |w| {
            ids.iter()
                .skip(w)
                .step_by(threads)
                .map(|&id| SelfplayGame::new(game, settings, id))
        },
        SelfplayGame::into_finished,
        |finished: FinishedGame| {
            summary.add_game(
                finished.outcome,
                &finished.result,
                finished.rows.len() as u64,
                finished.length,
            );
            buffer.push(finished);
            if buffer.len() >= per_shard {
                flush(&mut buffer, &mut summary, &mut shard_index);
            }
            summary.seconds = start.elapsed().as_secs_f64();
            progress(&summary);
        },
    )
    .map_err(|e| io(std::io::Error::other(e.to_string())))?;
    flush(&mut buffer, &mut summary, &mut shard_index);
    summary.seconds = start.elapsed().as_secs_f64();
    match first_error {
        Some(e) => Err(e),
        None => Ok(summary),
    }
}
