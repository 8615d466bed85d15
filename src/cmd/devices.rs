//! `--device` and `mankala devices`: where this process runs its networks.

use anyhow::Result;
use mankala_models::device::{choose as choose_for_process, resolve, survey as backends};
use mankala_models::{DeviceChoice, Probe};

/// Chooses the device of this process's networks; `cpu` costs nothing. `auto` measures a card
/// it finds against the CPU on the command's work and keeps the faster: self-play's batches
/// of the network of `config` (the command's config file, where it has one), else one
/// position a call on every core (`Probe::interactive`: arenas, play, the protocol). The terminal hears of
/// a GPU taken, or of `auto` falling back to the CPU, on standard error (standard output may
/// be a protocol's).
///
/// # Errors
/// A backend this build lacks, or one that finds no device here.
pub fn choose(choice: DeviceChoice, config: Option<&std::path::Path>) -> Result<()> {
    if choice == DeviceChoice::Cpu {
        return Ok(());
    }
    // A config that does not resolve is the command's to report, by name; the probe then
    // measures the configs' network.
    let probe = match config {
        Some(path) => mankala_config::resolve(None, Some(path))
            .map_or_else(|_| Probe::standard(), |cfg| Probe::for_config(&cfg)),
        None => Probe::interactive(),
    };
    let chosen = choose_for_process(choice, &probe)?;
    match (&chosen.fallback, &chosen.note) {
        (Some(line), _) | (None, Some(line)) => eprintln!("{line}"),
        (None, None) => eprintln!("networks run on {}", chosen.name),
    }
    Ok(())
}

/// `mankala devices`: each backend, whether this build has it and what it finds, then what
/// `--device` (as given) resolves to.
///
/// # Errors
/// None in practice; the choice's own error is printed as its answer.
pub fn survey(choice: DeviceChoice) -> Result<()> {
    println!("{:<8} {:<9} found", "backend", "in build");
    for (backend, built, found) in backends() {
        let built = if built { "yes" } else { "no" };
        println!("{:<8} {built:<9} {found}", backend.name());
    }
    match resolve(choice, &Probe::standard()) {
        Ok(c) => {
            println!("--device {choice}: {}", c.name);
            if let Some(line) = c.fallback {
                println!("{line}");
            }
        }
        Err(e) => println!("{e}"),
    }
    Ok(())
}
