//! `mankala export`: a trained model as ONNX or safetensors, with a JSON sidecar describing
//! the variant, rules, encoding (feature by feature), outputs and every action index, and
//! reference inputs and outputs for checking another runtime (`docs/export.md`). The files
//! are the library's (`mankala_models::export::export_model`); this prints what was written.

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use mankala_models::export::{ExportFormat, ExportRequest, export_model};

use mankala_pipeline::code_version;

/// `--format`: the library's formats ([`ExportFormat::ALL`]) by name, each with its help line.
fn format_parser() -> impl TypedValueParser<Value = ExportFormat> {
    PossibleValuesParser::new(
        ExportFormat::ALL.map(|f| PossibleValue::new(f.name()).help(f.help())),
    )
    .try_map(|name: String| name.parse::<ExportFormat>())
}

/// `mankala export`.
#[derive(Debug, clap::Args)]
pub struct ExportCommand {
    /// The model (`.bpk` with its `.json` sidecar).
    #[arg(long, short)]
    model: PathBuf,
    /// The file format.
    #[arg(long, short, value_parser = format_parser())]
    format: ExportFormat,
    /// The exported file (its description goes to `<out>.json`).
    #[arg(long, short)]
    out: PathBuf,
    /// Reference positions written with the network's outputs to `<out>.samples.json`
    /// (0: none), for checking another runtime against this one.
    #[arg(long, default_value_t = 100)]
    samples: usize,
    /// Seed of the reference positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl ExportCommand {
    /// Exports and prints what was written.
    ///
    /// # Errors
    /// When the model cannot be read or does not fit this engine, or a file cannot be
    /// written.
    pub fn run(self) -> Result<()> {
        run(&self)
    }
}

/// `mankala export`.
///
/// # Errors
/// When the model cannot be read or does not fit this engine, or a file cannot be written.
fn run(args: &ExportCommand) -> Result<()> {
    let version = code_version();
    let written = export_model(&ExportRequest {
        model: &args.model,
        format: args.format,
        out: &args.out,
        samples: args.samples,
        seed: args.seed,
        code_version: &version,
    })
    .with_context(|| format!("export --out {}", args.out.display()))?;
    println!(
        "wrote {} and its description {}",
        written.file.display(),
        written.sidecar.display()
    );
    if let Some(samples) = &written.samples {
        println!(
            "wrote {} reference positions with the network's outputs to {}",
            args.samples,
            samples.display()
        );
    }
    Ok(())
}
