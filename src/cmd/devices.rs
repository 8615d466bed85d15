//! `--device` and `mankala devices`: where this process runs its networks.

use anyhow::Result;
use mankala_models::DeviceChoice;
use mankala_models::device::{choose as choose_for_process, resolve, survey as backends};

/// Chooses the device of this process's networks; `cpu` costs nothing. The terminal hears of
/// a GPU taken, or of `auto` falling back to the CPU, on standard error (standard output may
/// be a protocol's).
///
/// # Errors
/// A backend this build lacks, or one that finds no device here.
pub fn choose(choice: DeviceChoice) -> Result<()> {
    if choice == DeviceChoice::Cpu {
        return Ok(());
    }
    let chosen = choose_for_process(choice)?;
    match &chosen.fallback {
        Some(line) => eprintln!("{line}"),
        None => eprintln!("networks run on {}", chosen.name),
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
    match resolve(choice) {
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
