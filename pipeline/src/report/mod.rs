//! The run report of the loop: `report.md` with SVG plots and the ratings of every
//! generation against the baselines, rebuilt from the step markers after every generation.
//! `facts.rs` reads the markers and fits the ratings; each section of the report is a
//! function of those facts (`markdown.rs`: the header and the generations table;
//! `judged.rs`, `ratings.rs`, `training.rs`, `diagnostics.rs` with their charts; `summary.rs` the terminal's
//! closing table).

mod diagnostics;
mod facts;
mod judged;
mod markdown;
mod ratings;
mod summary;
mod training;

use std::path::Path;

use mankala_config::Resolved;
use mankala_data::atomic;

use crate::error::{Result, error_chain};
use crate::layout::Layout;
use crate::records::RunRecord;
use facts::{Generation, Ratings};

/// What the report is made of: the run's config and record, every generation's markers,
/// the minutes in steps by the end of each, and the ratings of every player of the run.
struct Facts<'a> {
    cfg: &'a Resolved,
    root: &'a Path,
    record: &'a RunRecord,
    gens: Vec<Generation>,
    minutes: Vec<f64>,
    ratings: Option<Ratings>,
    rating_error: Option<String>,
    /// The newest rated network's gains on earlier ones, a line each (`ratings::gains`).
    gains: Vec<String>,
}

impl Facts<'_> {
    /// The points `(generation, of(generation))` of every generation where `of` has a value.
    fn series(&self, of: &dyn Fn(&Generation) -> Option<f64>) -> Vec<(f64, f64)> {
        self.gens
            .iter()
            .filter_map(|g| of(g).map(|y| (f64::from(g.g), y)))
            .collect()
    }
}

/// Rebuilds the report; returns the closing summary for the terminal (the ratings table and
/// the newest generation against the baselines).
///
/// # Errors
/// A marker that cannot be read or a file that cannot be written.
pub fn write(cfg: &Resolved, layout: &Layout, record: &RunRecord) -> Result<String> {
    let gens = facts::generations(layout)?;
    let named = facts::all_results(layout, &gens)?;
    let (ratings, rating_error) = match facts::fit_ratings(&named, cfg.loop_.prior_draws) {
        Ok(r) => (r, None),
        Err(e) => (None, Some(error_chain(&e))),
    };
    let minutes = gens
        .iter()
        .scan(0.0, |total, g| {
            *total += g.seconds();
            Some(*total / 60.0)
        })
        .collect();
    let mut f = Facts {
        cfg,
        root: &layout.root,
        record,
        gens,
        minutes,
        ratings,
        rating_error,
        gains: Vec::new(),
    };
    f.gains = ratings::gains(&f);
    let mut md = String::new();
    markdown::header(&f, &mut md);
    markdown::generations(&f, &mut md);
    markdown::ladder(&f, &mut md);
    markdown::scaling(&f, &mut md);
    judged::section(&f, &mut md)?;
    let mut table = String::new();
    ratings::section(&f, &mut md, &mut table)?;
    training::section(&f, &mut md)?;
    diagnostics::section(&f, &mut md)?;
    atomic::write(&f.root.join("report.md"), md.as_bytes())?;
    Ok(summary::closing(&f, table))
}
