//! The names of a distributed run's objects (`docs/distributed.md`). Every name is
//! deterministic: it says what the object is, never when or by whom it happened to be
//! written, except for the self-play worker and sequence number of a shard and the trainer
//! of a candidate, which are part of what they are.

use mankala_pipeline::layout::Step;

/// The run's resolved config.
pub const CONFIG: &str = "config.toml";
/// The run record.
pub const RECORD: &str = "run.json";
/// The baselines' round robin games.
pub const BASELINES_GAMES: &str = "baselines/games.jsonl";
/// The baselines' round robin results (its marker).
pub const BASELINES_RESULTS: &str = "baselines/results.json";
/// The folder of accepted generations.
pub const ACCEPTED: &str = "accepted";
/// The folder of self-play claims.
pub const CLAIMS: &str = "claims";

/// Generation `g`'s folder.
pub fn generation(g: u32) -> String {
    format!("gen-{g:04}")
}

/// Shard number `seq` of self-play worker `worker` for generation `g`.
pub fn shard(g: u32, worker: u32, seq: u32) -> String {
    format!("gen-{g:04}/selfplay/shard-w{worker:04}-s{seq:06}.parquet")
}

/// The claim of shard number `seq` of self-play worker `worker`: written before the
/// shard, it makes the pair one shard of one generation, whoever writes it and whenever.
pub fn claim(worker: u32, seq: u32) -> String {
    format!("{CLAIMS}/w{worker:04}-s{seq:06}")
}

/// The worker and sequence number of a claim's name.
pub fn parse_claim(name: &str) -> Option<(u32, u32)> {
    let rest = name.strip_prefix("claims/w")?;
    let (w, seq) = rest.split_once("-s")?;
    Some((number(w, 4)?, number(seq, 6)?))
}

/// The record of step `step` of generation `g` (`selfplay.json`, `gate.json`, ...).
pub fn marker(g: u32, step: Step) -> String {
    format!("gen-{g:04}/{}.json", step.name())
}

/// Generation `g`'s published candidate (which trainer, its training record).
pub fn candidate(g: u32) -> String {
    format!("gen-{g:04}/candidate.json")
}

/// A file of generation `g`'s candidate trained by `trainer` (`model.bpk`, `model.json`,
/// `metrics.csv`).
pub fn candidate_file(g: u32, trainer: &str, file: &str) -> String {
    format!("gen-{g:04}/train/{trainer}/{file}")
}

/// Generation `g`'s arena games of `what` (`gate`, `eval`).
pub fn games(g: u32, what: &str) -> String {
    format!("gen-{g:04}/{what}/games.jsonl")
}

/// Generation `g`'s judgement against perfect play.
pub fn judge(g: u32) -> String {
    format!("gen-{g:04}/eval/judge.json")
}

/// The record that generation `g` was accepted (a copy of its gate record).
pub fn accepted(g: u32) -> String {
    format!("{ACCEPTED}/gen-{g:04}.json")
}

fn number(text: &str, width: usize) -> Option<u32> {
    (text.len() == width && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// The generation, worker and sequence number of a shard's name.
pub fn parse_shard(name: &str) -> Option<(u32, u32, u32)> {
    let (g, rest) = parse_generation(name)?;
    let rest = rest
        .strip_prefix("selfplay/shard-w")?
        .strip_suffix(".parquet")?;
    let (w, seq) = rest.split_once("-s")?;
    Some((g, number(w, 4)?, number(seq, 6)?))
}

/// The generation of a name under a generation's folder, and the rest of the name.
pub fn parse_generation(name: &str) -> Option<(u32, &str)> {
    let rest = name.strip_prefix("gen-")?;
    let (g, rest) = rest.split_once('/')?;
    Some((number(g, 4)?, rest))
}

/// The generation of an accepted record's name.
pub fn parse_accepted(name: &str) -> Option<u32> {
    let rest = name.strip_prefix("accepted/gen-")?.strip_suffix(".json")?;
    number(rest, 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        assert_eq!(parse_shard(&shard(3, 12, 456)), Some((3, 12, 456)));
        assert_eq!(parse_accepted(&accepted(7)), Some(7));
        assert_eq!(parse_claim(&claim(12, 456)), Some((12, 456)));
        assert_eq!(parse_generation(&candidate(2)), Some((2, "candidate.json")));
        assert_eq!(marker(1, Step::Gate), "gen-0001/gate.json");
    }

    #[test]
    fn staging_and_foreign_names_are_not_shards() {
        assert_eq!(
            parse_shard("gen-0001/selfplay/shard-w0001-s000001.parquet#3"),
            None
        );
        assert_eq!(parse_shard("gen-0001/selfplay/shard-00001.parquet"), None);
        assert_eq!(
            parse_shard("gen-1/selfplay/shard-w0001-s000001.parquet"),
            None
        );
        assert_eq!(parse_accepted("accepted/gen-0001.json.tmp"), None);
    }
}
