//! The report's header (the run and its settings) and its table of generations.

use std::fmt::Write as _;

use crate::code_version;
use crate::records::fmt_loss;

use super::Facts;

/// How busy the steps kept the cores: CPU seconds over wall seconds, in all and by step,
/// over the steps that recorded their CPU time; `None` when none did.
fn cpu_line(f: &Facts<'_>) -> Option<String> {
    let mut by_step = [(0.0, 0.0); 4];
    for g in &f.gens {
        for (sum, (cpu, wall)) in by_step.iter_mut().zip(g.cpu()) {
            sum.0 += cpu;
            sum.1 += wall;
        }
    }
    let (cpu, wall) = by_step
        .iter()
        .fold((0.0, 0.0), |(c, w), &(sc, sw)| (c + sc, w + sw));
    if wall <= 0.0 {
        return None;
    }
    let busy = |(c, w): (f64, f64)| {
        if w > 0.0 {
            format!("{:.2}", c / w)
        } else {
            "-".into()
        }
    };
    let beside = if f
        .gens
        .iter()
        .any(|g| g.selfplay.as_ref().is_some_and(|d| d.beside.is_some()))
    {
        "; self-play ran beside the generation before (`[loop] overlap`): training, gates \
         and evaluations count its CPU, and self-play counts only the waits for it"
    } else {
        ""
    };
    Some(format!(
        "- CPU in steps: {:.1} core-minutes in {:.1} minutes, {:.2} cores busy on average \
         (self-play {}, training {}, gates {}, evaluations {}; the process's \
         threads together{beside})\n",
        cpu / 60.0,
        wall / 60.0,
        cpu / wall,
        busy(by_step[0]),
        busy(by_step[1]),
        busy(by_step[2]),
        busy(by_step[3]),
    ))
}

/// The run: variant, seed, versions, time in steps, and what each generation plays.
pub(super) fn header(f: &Facts<'_>, md: &mut String) {
    let _ = writeln!(md, "# mankala run `{}`\n", f.root.display());
    let _ = writeln!(
        md,
        "- variant: **{}**; seed {}; encoding version {}",
        f.cfg.game.name(),
        f.record.seed,
        f.record.encoding_version
    );
    let _ = writeln!(
        md,
        "- code version {} (report written by {})",
        f.record.code_version,
        code_version()
    );
    let _ = writeln!(
        md,
        "- generations with a finished step: {}; time in steps: {:.1} minutes",
        f.gens.len(),
        f.minutes.last().copied().unwrap_or(0.0)
    );
    if let Some(line) = cpu_line(f) {
        md.push_str(&line);
    }
    let lc = &f.cfg.loop_;
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
    let baselines = lc
        .baselines
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let eval = match lc.eval_every {
        _ if lc.eval_games == 0 || lc.baselines.is_empty() => "no baseline games".to_string(),
        1 => format!(
            "{} games against each baseline ({})",
            lc.eval_games, baselines
        ),
        n => format!(
            "{} games against each baseline ({}) in generations 0, {n}, {}, ... and the loop's \
             last (or the newest, where the loop stopped sooner)",
            lc.eval_games,
            baselines,
            2 * n,
        ),
    };
    let eval = if lc.eval_chain && lc.eval_games > 0 {
        format!("{eval}; each evaluated generation also against the one evaluated before it")
    } else {
        eval
    };
    let _ = writeln!(
        md,
        "- per generation: {} self-play games at {} simulations, {} training steps, {gate}, {eval}",
        lc.games, f.cfg.search.simulations, f.cfg.train.steps,
    );
    if lc.overlap {
        md.push_str(
            "- self-play overlapped (`[loop] overlap`): each generation's self-play ran beside \
             the training, gate and evaluation of the generation before, with the network \
             promoted before that one\n",
        );
    }
    for gr in &lc.grow {
        let _ = writeln!(
            md,
            "- from generation {}: a {}x{} network (value head {}), trained from random weights for {} steps",
            gr.generation, gr.width, gr.blocks, gr.value_width, gr.steps
        );
    }
    md.push('\n');
}

/// One row per generation: self-play, losses, gate and Elo.
pub(super) fn generations(f: &Facts<'_>, md: &mut String) {
    md.push_str("## Generations\n\n");
    md.push_str("| gen | minutes | self-play (evaluator) | plies | first player win/draw/loss % | policy loss (val) | value loss (val) | gate | Elo [95%] |\n");
    md.push_str("|---:|---:|---|---:|---|---|---|---|---|\n");
    for (gen_, m) in f.gens.iter().zip(&f.minutes) {
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
            if !d.played() {
                return format!("no gate{}", if d.promoted { ", promoted" } else { "" });
            }
            format!(
                "{:.2} vs {}{}",
                d.score,
                d.opponent,
                if d.promoted { ", promoted" } else { "" }
            )
        });
        let elo = f
            .ratings
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
}

fn pct(x: u64, n: u64) -> String {
    format!("{:.0}", 100.0 * x as f64 / n.max(1) as f64)
}

/// The newest closing ladder (`[loop] ladder`): how strong the run's last network is
/// against fixed yardsticks the baselines no longer separate.
pub(super) fn ladder(f: &Facts<'_>, md: &mut String) {
    let Some((g, l)) = f
        .gens
        .iter()
        .rev()
        .find_map(|g| g.ladder.as_ref().map(|l| (g.g, l)))
    else {
        return;
    };
    let _ = writeln!(
        md,
        "\n## How strong the last network is\n\ngen-{g} against the ladder `{}` ({} games a rung, {}-ply random openings with both colours, {} distinct games, {:.0} s; `gen-{g:04}/ladder/`):\n\n```\n{}```",
        l.ladder.join("`, `"),
        l.games_per_rung,
        l.opening_plies,
        l.distinct_games,
        l.seconds,
        l.table()
    );
}

/// The newest closing simulation scaling (`[loop] scaling`): what search adds to the run's
/// last network against one fixed yardstick.
pub(super) fn scaling(f: &Facts<'_>, md: &mut String) {
    let Some((g, sc)) = f
        .gens
        .iter()
        .rev()
        .find_map(|g| g.scaling.as_ref().map(|s| (g.g, s)))
    else {
        return;
    };
    let _ = writeln!(
        md,
        "\n## What search adds\n\ngen-{g} at each simulation count against `{}` ({} games a count, the same {}-ply random openings at every count, {} distinct games, {:.0} s; `gen-{g:04}/scaling/`):\n\n```\n{}```\n\n![scaling](gen-{g:04}/scaling/scaling.svg)",
        sc.yardstick,
        sc.games_per_count,
        sc.opening_plies,
        sc.distinct_games,
        sc.seconds,
        sc.table()
    );
}
