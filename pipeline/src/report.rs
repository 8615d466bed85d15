//! The run report of the loop: `report.md` with SVG plots and the ratings of every
//! generation against the baselines, rebuilt from the step markers after every generation.

use mankala_data::atomic;
use std::fmt::Write as _;

use mankala_agents::AgentSpec;
use mankala_eval::judge::Figures;
use mankala_eval::ratings::{PairResult, Rating};

use crate::arena::{rate, ratings_table, standings, write_ratings};
use mankala_config::Resolved;

use crate::code_version;
use crate::error::{Result, error_chain};
use crate::layout::{Layout, Step, read_marker};
use crate::records::{
    EvalDone, GateDone, NamedResult, RunRecord, SelfplayDone, TrainDone, fmt_loss,
};
use mankala_charts::{self as plot, IntervalPoint, Series};

/// What one generation has finished.
struct Generation {
    g: u32,
    selfplay: Option<SelfplayDone>,
    train: Option<TrainDone>,
    gate: Option<GateDone>,
    eval: Option<EvalDone>,
}

impl Generation {
    fn seconds(&self) -> f64 {
        self.selfplay.as_ref().map_or(0.0, |d| d.seconds)
            + self.train.as_ref().map_or(0.0, |d| d.seconds)
            + self.gate.as_ref().map_or(0.0, |d| d.seconds)
            + self.eval.as_ref().map_or(0.0, |d| d.seconds)
    }
}

fn generations(layout: &Layout) -> Result<Vec<Generation>> {
    let mut out = Vec::new();
    for g in 0.. {
        if !layout.generation(g).exists() {
            break;
        }
        out.push(Generation {
            g,
            selfplay: read_marker(&layout.marker(g, Step::Selfplay))?,
            train: read_marker(&layout.marker(g, Step::Train))?,
            gate: read_marker(&layout.marker(g, Step::Gate))?,
            eval: read_marker(&layout.marker(g, Step::Eval))?,
        });
    }
    Ok(out)
}

/// Every result of the run by name: the baselines' round robin, gates and evaluations.
fn all_results(layout: &Layout, gens: &[Generation]) -> Result<Vec<NamedResult>> {
    let mut results = Vec::new();
    if let Some(b) = read_marker::<EvalDone>(&layout.baselines_marker())? {
        results.extend(b.results);
    }
    for gen_ in gens {
        if let Some(gate) = &gen_.gate
            && gate.wins + gate.draws + gate.losses > 0
        {
            results.push(NamedResult {
                a: format!("gen-{}", gen_.g),
                b: gate.opponent.clone(),
                wins_a: f64::from(gate.wins),
                draws: f64::from(gate.draws),
                wins_b: f64::from(gate.losses),
            });
        }
        if let Some(e) = &gen_.eval {
            results.extend(e.results.iter().cloned());
        }
    }
    Ok(results)
}

/// Fitted ratings of every player of the run.
struct Ratings {
    names: Vec<String>,
    anchor: usize,
    ratings: Vec<Rating>,
    results: Vec<PairResult>,
}

impl Ratings {
    fn of(&self, name: &str) -> Option<&Rating> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|i| &self.ratings[i])
    }
}

fn fit_ratings(named: &[NamedResult], prior: f64) -> Result<Option<Ratings>> {
    if named.is_empty() {
        return Ok(None);
    }
    let mut names: Vec<String> = Vec::new();
    let mut index = |n: &str| match names.iter().position(|m| m == n) {
        Some(i) => i,
        None => {
            names.push(n.to_string());
            names.len() - 1
        }
    };
    let results: Vec<PairResult> = named
        .iter()
        .map(|r| PairResult {
            a: index(&r.a),
            b: index(&r.b),
            wins_a: r.wins_a,
            draws: r.draws,
            wins_b: r.wins_b,
        })
        .collect();
    let (anchor, ratings) = rate(&names, &results, prior)?;
    Ok(Some(Ratings {
        names,
        anchor,
        ratings,
        results,
    }))
}

fn pct(x: u64, n: u64) -> String {
    format!("{:.0}", 100.0 * x as f64 / n.max(1) as f64)
}

/// Rebuilds the report; returns the closing summary for the terminal (the ratings table and
/// the newest generation against the baselines).
///
/// # Errors
/// A marker that cannot be read or a file that cannot be written.
pub fn write(cfg: &Resolved, layout: &Layout, record: &RunRecord) -> Result<String> {
    let root = &layout.root;
    let gens = generations(layout)?;
    let named = all_results(layout, &gens)?;
    let (ratings, rating_error) = match fit_ratings(&named, cfg.generations.prior_draws) {
        Ok(r) => (r, None),
        Err(e) => (None, Some(error_chain(&e))),
    };
    let mut minutes = Vec::new();
    let mut total = 0.0;
    for gen_ in &gens {
        total += gen_.seconds();
        minutes.push(total / 60.0);
    }

    let mut md = String::new();
    let _ = writeln!(md, "# mankala run `{}`\n", root.display());
    let _ = writeln!(
        md,
        "- variant: **{}**; seed {}; encoding version {}",
        cfg.game.name(),
        record.seed,
        record.encoding_version
    );
    let _ = writeln!(
        md,
        "- code version {} (report written by {})",
        record.code_version,
        code_version()
    );
    let _ = writeln!(
        md,
        "- generations with a finished step: {}; time in steps: {:.1} minutes",
        gens.len(),
        total / 60.0
    );
    let lc = &cfg.generations;
    let gate = match lc.gate {
        _ if !lc.plays_gate() => "every network promoted without gate games".to_string(),
        mankala_config::Gate::Collapse => format!(
            "a gate of {} games (refused below {})",
            lc.gate_games, lc.gate_floor
        ),
        _ => format!(
            "a gate of {} games (threshold {})",
            lc.gate_games, lc.gate_threshold
        ),
    };
    let eval = match lc.eval_every {
        _ if lc.eval_games == 0 || lc.baselines.is_empty() => "no baseline games".to_string(),
        1 => format!(
            "{} games against each baseline ({})",
            lc.eval_games,
            lc.baselines.join(", ")
        ),
        n => format!(
            "{} games against each baseline ({}) in generations 0, {n}, {}, ... and the last, {} \
             (or the newest, where the loop stopped sooner)",
            lc.eval_games,
            lc.baselines.join(", "),
            2 * n,
            lc.generations - 1
        ),
    };
    let _ = writeln!(
        md,
        "- per generation: {} self-play games at {} simulations, {} training steps, {gate}, {eval}",
        lc.games, cfg.search.simulations, cfg.train.steps,
    );
    for gr in &lc.grow {
        let _ = writeln!(
            md,
            "- from generation {}: a {}x{} network (value head {}), trained from random weights for {} steps",
            gr.generation, gr.width, gr.blocks, gr.value_width, gr.steps
        );
    }
    md.push('\n');
    md.push_str("## Generations\n\n");
    md.push_str("| gen | minutes | self-play (evaluator) | plies | first player win/draw/loss % | policy loss (val) | value loss (val) | gate | Elo [95%] |\n");
    md.push_str("|---:|---:|---|---:|---|---|---|---|---|\n");
    for (gen_, m) in gens.iter().zip(&minutes) {
        let sp = gen_
            .selfplay
            .as_ref()
            .map_or("-".into(), |d| format!("{} ({})", d.games, d.evaluator));
        let plies = gen_
            .selfplay
            .as_ref()
            .map_or("-".into(), |d| format!("{:.1}", d.mean_length));
        let fp = gen_.selfplay.as_ref().map_or("-".into(), |d| {
            format!(
                "{}/{}/{}",
                pct(d.results[0], d.games),
                pct(d.results[1], d.games),
                pct(d.results[2], d.games)
            )
        });
        let (pl, vl) = gen_.train.as_ref().map_or(("-".into(), "-".into()), |d| {
            (
                format!(
                    "{} ({})",
                    fmt_loss(d.policy_loss),
                    fmt_loss(d.val_policy_loss)
                ),
                format!(
                    "{} ({})",
                    fmt_loss(d.value_loss),
                    fmt_loss(d.val_value_loss)
                ),
            )
        });
        let gate = gen_.gate.as_ref().map_or("-".into(), |d| {
            format!(
                "{:.2} vs {}{}",
                d.score,
                d.opponent,
                if d.promoted { ", promoted" } else { "" }
            )
        });
        let elo = ratings
            .as_ref()
            .and_then(|r| r.of(&format!("gen-{}", gen_.g)))
            .map_or("-".into(), |r| {
                format!("{:.0} [{:.0}, {:.0}]", r.elo, r.low, r.high)
            });
        let _ = writeln!(
            md,
            "| {} | {m:.1} | {sp} | {plies} | {fp} | {pl} | {vl} | {gate} | {elo} |",
            gen_.g
        );
    }

    let judged: Vec<(u32, &Figures)> = gens
        .iter()
        .filter_map(|gen_| {
            gen_.eval
                .as_ref()
                .and_then(|e| e.judged.as_ref())
                .map(|j| (gen_.g, j))
        })
        .collect();
    if !judged.is_empty() {
        let _ = writeln!(
            md,
            "\n## Judged against perfect play\n\nEach generation's network ({} simulations) on up to {} positions of its own self-play with at most {} seeds in play, against exact values (`docs/ground-truth.md`; per position in `gen-N/eval/judge.json`).\n",
            self_sims(cfg),
            cfg.generations.judge_positions,
            cfg.generations.judge_max_seeds
        );
        md.push_str("A perfect move is one of the largest final margin; a move that keeps the result keeps a won position won and a drawn one drawn, all that an agent trained on results alone plays for.\n\n");
        md.push_str(
            "| gen | positions | perfect moves [95%] | result kept [95%] | seeds lost a move [95%] | value error |\n",
        );
        md.push_str("|---:|---:|---|---|---|---:|\n");
        for (g, j) in &judged {
            let kept = j.result_kept.map_or("-".to_string(), |k| {
                format!(
                    "{:.1}% [{:.1}, {:.1}]",
                    100.0 * k.share,
                    100.0 * k.low,
                    100.0 * k.high
                )
            });
            let _ = writeln!(
                md,
                "| {g} | {} | {:.1}% [{:.1}, {:.1}] | {kept} | {:.2} [{:.2}, {:.2}] | {} |",
                j.positions,
                100.0 * j.optimal,
                100.0 * j.optimal_low,
                100.0 * j.optimal_high,
                j.mean_loss,
                j.loss_low,
                j.loss_high,
                j.value_error.map_or("-".into(), |e| format!("{e:.3}"))
            );
        }
        // Each judged generation at the minutes in steps when it finished, one share of its
        // figures in percent.
        let over_time = |share: fn(&Figures) -> Option<(f64, f64, f64)>| -> Vec<IntervalPoint> {
            gens.iter()
                .zip(&minutes)
                .filter_map(|(gen_, m)| {
                    let (y, low, high) = share(gen_.eval.as_ref()?.judged.as_ref()?)?;
                    Some(IntervalPoint {
                        x: *m,
                        y: 100.0 * y,
                        low: 100.0 * low,
                        high: 100.0 * high,
                    })
                })
                .collect()
        };
        let points = over_time(|j| Some((j.optimal, j.optimal_low, j.optimal_high)));
        atomic::write(
            &root.join("judged-time.svg"),
            plot::interval_line_chart(
                "Perfect moves over time in steps",
                "minutes",
                "perfect moves (%)",
                &points,
                &[],
            )
            .as_bytes(),
        )?;
        let kept = over_time(|j| j.result_kept.map(|k| (k.share, k.low, k.high)));
        md.push_str("\n![perfect moves over time](judged-time.svg)\n");
        if !kept.is_empty() {
            atomic::write(
                &root.join("result-kept-time.svg"),
                plot::interval_line_chart(
                    "Moves that keep the result over time in steps",
                    "minutes",
                    "moves keeping the result (%)",
                    &kept,
                    &[],
                )
                .as_bytes(),
            )?;
            md.push_str("\n![moves that keep the result over time](result-kept-time.svg)\n");
        }
    }

    let mut summary = String::new();
    md.push_str("\n## Ratings\n\n");
    if let Some(r) = &ratings {
        let title = format!("{}: ratings of the run", cfg.game.name());
        write_ratings(root, &title, &r.names, r.anchor, &r.ratings, &r.results)?;
        let table = ratings_table(&r.names, &r.ratings, &standings(r.names.len(), &r.results));
        let _ = writeln!(
            md,
            "Bradley-Terry maximum likelihood over every game of the run (evaluations, gates, the baselines' own games), {} = 0, {} virtual draws per pair that met.\n\n```\n{table}```\n\n![ratings](ratings.svg)\n",
            r.names[r.anchor], cfg.generations.prior_draws
        );
        summary.push_str(&table);
        let points: Vec<IntervalPoint> = gens
            .iter()
            .filter_map(|gen_| {
                r.of(&format!("gen-{}", gen_.g)).map(|x| IntervalPoint {
                    x: f64::from(gen_.g),
                    y: x.elo,
                    low: x.low,
                    high: x.high,
                })
            })
            .collect();
        let time_points: Vec<IntervalPoint> = gens
            .iter()
            .zip(&minutes)
            .filter_map(|(gen_, m)| {
                r.of(&format!("gen-{}", gen_.g)).map(|x| IntervalPoint {
                    x: *m,
                    y: x.elo,
                    low: x.low,
                    high: x.high,
                })
            })
            .collect();
        // Baselines by their canonical spec, as the arenas name them.
        let baselines: Vec<String> = cfg
            .generations
            .baselines
            .iter()
            .map(|b| b.parse::<AgentSpec>().map_or(b.clone(), |s| s.to_string()))
            .collect();
        let bands: Vec<(&str, f64)> = baselines
            .iter()
            .filter_map(|b| r.of(b).map(|x| (b.as_str(), x.elo)))
            .collect();
        let y = format!("Elo ({} = 0)", r.names[r.anchor]);
        atomic::write(
            &root.join("elo.svg"),
            plot::interval_line_chart("Elo of each generation", "generation", &y, &points, &bands)
                .as_bytes(),
        )?;
        atomic::write(
            &root.join("elo-time.svg"),
            plot::interval_line_chart(
                "Elo over time in steps",
                "minutes",
                &y,
                &time_points,
                &bands,
            )
            .as_bytes(),
        )?;
        md.push_str("![Elo by generation](elo.svg)\n\n![Elo over time](elo-time.svg)\n\n");
    } else if let Some(e) = &rating_error {
        let _ = writeln!(md, "Ratings unavailable: {e}\n");
    } else {
        md.push_str("No games yet.\n\n");
    }

    let series = |f: &dyn Fn(&Generation) -> Option<f64>| -> Vec<(f64, f64)> {
        gens.iter()
            .filter_map(|g| f(g).map(|y| (f64::from(g.g), y)))
            .collect()
    };
    let loss = |f: fn(&TrainDone) -> Option<f32>| {
        series(&|g: &Generation| g.train.as_ref().and_then(f).map(f64::from))
    };
    let losses = [
        Series {
            name: "policy",
            points: loss(|d| d.policy_loss),
        },
        Series {
            name: "policy (validation)",
            points: loss(|d| d.val_policy_loss),
        },
        Series {
            name: "value",
            points: loss(|d| d.value_loss),
        },
        Series {
            name: "value (validation)",
            points: loss(|d| d.val_value_loss),
        },
    ];
    atomic::write(
        &root.join("losses.svg"),
        plot::line_chart("Training losses", "generation", "loss", &losses).as_bytes(),
    )?;
    let share = |i: usize| {
        series(&|g: &Generation| {
            g.selfplay
                .as_ref()
                .map(|d| d.results[i] as f64 / d.games.max(1) as f64)
        })
    };
    let first = [
        Series {
            name: "first player wins",
            points: share(0),
        },
        Series {
            name: "draws",
            points: share(1),
        },
        Series {
            name: "gate score",
            points: series(&|g: &Generation| g.gate.as_ref().map(|d| d.score)),
        },
    ];
    atomic::write(
        &root.join("selfplay.svg"),
        plot::line_chart("Self-play results and gates", "generation", "share", &first).as_bytes(),
    )?;
    let length = [Series {
        name: "mean plies",
        points: series(&|g: &Generation| g.selfplay.as_ref().map(|d| d.mean_length)),
    }];
    atomic::write(
        &root.join("length.svg"),
        plot::line_chart("Self-play game length", "generation", "plies", &length).as_bytes(),
    )?;
    md.push_str("## Training and self-play\n\n![losses](losses.svg)\n\n![self-play results and gates](selfplay.svg)\n\n![game length](length.svg)\n\n");
    md.push_str("Per-step training metrics are in `gen-NNNN/train/metrics.csv`; every arena game is in `gen-NNNN/{gate,eval}/games.jsonl` and `baselines/games.jsonl` (replay one with `mankala replay --record FILE --game N`).\n");
    atomic::write(&root.join("report.md"), md.as_bytes())?;

    if let Some(last) = gens
        .iter()
        .rev()
        .find(|g| g.eval.as_ref().is_some_and(|e| !e.results.is_empty()))
        && let Some(e) = &last.eval
    {
        let _ = writeln!(summary, "\ngen-{} against the baselines:", last.g);
        let width = e.results.iter().map(|r| r.b.len()).max().unwrap_or(8);
        for r in &e.results {
            let n = r.wins_a + r.draws + r.wins_b;
            let _ = writeln!(
                summary,
                "  {:<width$}  won {:>3.0}  drew {:>3.0}  lost {:>3.0}  score {:>5.1}%",
                r.b,
                r.wins_a,
                r.draws,
                r.wins_b,
                100.0 * (r.wins_a + 0.5 * r.draws) / n.max(1.0)
            );
        }
    }
    if let Some(e) = rating_error {
        let _ = writeln!(summary, "ratings unavailable: {e}");
    }
    Ok(summary)
}

/// Simulations of the networks in arenas (the gate, the evaluation and the judging).
fn self_sims(cfg: &Resolved) -> u32 {
    match cfg.generations.arena_simulations {
        0 => cfg.search.simulations,
        n => n,
    }
}
