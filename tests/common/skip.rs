//! The harness of tests that need tools a machine may lack (Chromium, Slurm, moto, maturin):
//! each such test is run by `libtest-mimic` instead of the built-in harness, so that one whose
//! tool is missing shows as `ignored` in the summary of `cargo test`, with the reason printed
//! above it, rather than passing without having run.

use libtest_mimic::{Arguments, Trial};

/// One test: its name, why it cannot run here (`None`: it runs), and its body, which fails
/// by panicking as a `#[test]` does.
pub struct Check {
    /// The test's name, as `cargo test NAME` filters it.
    pub name: &'static str,
    /// What is missing on this machine, if anything.
    pub missing: Option<String>,
    /// The test.
    pub body: fn(),
}

/// Runs `checks` with the command line's test arguments and exits with the harness's code.
pub fn run(checks: Vec<Check>) -> ! {
    let args = Arguments::from_args();
    let trials = checks
        .into_iter()
        .map(|c| {
            if let Some(why) = &c.missing {
                println!("skipped: {}: {why}", c.name);
            }
            let body = c.body;
            Trial::test(c.name, move || {
                body();
                Ok(())
            })
            .with_ignored_flag(c.missing.is_some())
        })
        .collect();
    libtest_mimic::run(&args, trials).exit()
}
