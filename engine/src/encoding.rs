//! The encodings networks read, by version.
//!
//! Version 1 is each variant's own ([`State::encode`]): every hole's seeds as one value, the
//! count over a constant (in Omweso one seed is 1/64), with the variant's flags beside them.
//! Sowing and capture turn on exact counts (does the last seed land here; is that hole 1 or
//! 3), which a small network must carve out of one scalar. Version 2 keeps version 1's values
//! and adds, for every hole, a thermometer code of its seeds: `seeds >= 1`, `seeds >= 2`, ...
//! up to [`THERMOMETER_LEVELS`], the scalar above carrying what lies beyond (TD-Gammon's code
//! for backgammon points). Which values are hole counts each variant says
//! ([`Game::count_features`]).

use thiserror::Error;

use crate::game::{Feature, Game, State};

/// The encoding a config without `[network] encoding` uses, and the one models and data
/// written before versions were chosen were made with.
pub const ENCODING_VERSION: u32 = 1;

/// The newest encoding version this build reads and writes.
pub const LATEST_ENCODING: u32 = 2;

/// Levels of version 2's thermometer code per hole.
pub const THERMOMETER_LEVELS: usize = 8;

/// A run of version-1 values that are seed counts, each `seeds * per_seed`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CountSpan {
    /// Index of its first value.
    pub start: usize,
    /// Values in it.
    pub len: usize,
    /// The value of one seed.
    pub per_seed: f32,
}

/// Where a ring-shaped network reads each hole's values in the encoding ([`Encoder::ring`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RingLayout {
    /// Positions around the ring (each player's holes).
    pub positions: usize,
    /// Values per position: the mover's hole, then the opponent's.
    pub channels: usize,
    /// `[positions, channels]` row-major: the encoding index of each value.
    pub index: Vec<u32>,
}

/// An encoding version that this build does not have.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[error("encoding version {0}: this build has versions 1 to {LATEST_ENCODING}")]
pub struct EncodingError(pub u32);

/// A variant's encoding of one version: its length, and how a position is written.
#[derive(Clone, Debug, PartialEq)]
pub struct Encoder {
    version: u32,
    base: usize,
    spans: Vec<CountSpan>,
    holes: Vec<CountSpan>,
    len: usize,
}

impl Encoder {
    /// `g`'s encoding of `version`.
    ///
    /// # Errors
    /// [`EncodingError`] for a version this build does not have.
    pub fn new<G: Game>(g: &G, version: u32) -> Result<Encoder, EncodingError> {
        let base = g.encoding_len();
        let spans = match version {
            1 => Vec::new(),
            2 => g.count_features(),
            v => return Err(EncodingError(v)),
        };
        let counts: usize = spans.iter().map(|s| s.len).sum();
        Ok(Encoder {
            version,
            base,
            len: base + counts * THERMOMETER_LEVELS,
            spans,
            holes: g.count_features(),
        })
    }

    /// The version.
    pub fn version(&self) -> u32 {
        self.version
    }

    /// Values per position.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether positions encode to nothing (never, for a variant).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Writes `s` into `out[..self.len()]`.
    pub fn encode<S: State>(&self, s: &S, out: &mut [f32]) {
        self.encode_with(out, |base| s.encode(base));
    }

    /// Writes into `out[..self.len()]` the position whose version-1 encoding is `v1` (every
    /// version is a function of version 1's values): data written in version 1 trains a
    /// network of a later version.
    ///
    /// # Panics
    /// Where `v1` is not of version 1's length.
    pub fn from_version_one(&self, v1: &[f32], out: &mut [f32]) {
        self.encode_with(out, |base| base.copy_from_slice(v1));
    }

    /// Values per position of version 1, the base of every version.
    pub fn version_one_len(&self) -> usize {
        self.base
    }

    /// Writes into `out[..self.len()]` a position whose version-1 encoding `base` writes (for
    /// a position held as a type-erased state).
    pub fn encode_with(&self, out: &mut [f32], base: impl FnOnce(&mut [f32])) {
        let (base_out, extra) = out[..self.len].split_at_mut(self.base);
        base(base_out);
        let base = base_out;
        let mut k = 0;
        for span in &self.spans {
            for &x in &base[span.start..span.start + span.len] {
                let seeds = (x / span.per_seed).round();
                for level in 1..=THERMOMETER_LEVELS {
                    extra[k] = f32::from(u8::from(seeds >= level as f32));
                    k += 1;
                }
            }
        }
    }

    /// The holes as a ring for a network with the board's shape: the mover's holes in the
    /// order of their encoding, each with the opponent's hole of the same index beside it.
    /// Every variant encodes its holes as the mover's row(s) then the opponent's, both in
    /// sowing order from the same relative start ([`Game::count_features`]), so position `i`
    /// of the ring is where the mover's `i`-th hole and the opponent's `i`-th hole lie.
    pub fn ring(&self) -> RingLayout {
        // Every hole's values: its scalar, then (version 2) its levels.
        let mut holes: Vec<Vec<u32>> = Vec::new();
        for span in &self.holes {
            for i in span.start..span.start + span.len {
                holes.push(vec![i as u32]);
            }
        }
        if holes.is_empty() {
            return RingLayout::default();
        }
        for (k, hole) in holes.iter_mut().enumerate() {
            let first = self.base + k * THERMOMETER_LEVELS;
            hole.extend((first..first + THERMOMETER_LEVELS).map(|x| x as u32));
        }
        if self.version == 1 {
            holes.iter_mut().for_each(|h| h.truncate(1));
        }
        let positions = holes.len() / 2;
        let channels = 2 * holes[0].len();
        let mut index = Vec::with_capacity(positions * channels);
        for i in 0..positions {
            index.extend(&holes[i]);
            index.extend(&holes[positions + i]);
        }
        RingLayout {
            positions,
            channels,
            index,
        }
    }

    /// What each value means, in order: version 1's features, then each hole's levels.
    pub fn feature_names<G: Game>(&self, g: &G) -> Vec<Feature> {
        let mut names = g.feature_names();
        for span in &self.spans {
            for i in span.start..span.start + span.len {
                let hole = names[i].name.clone();
                for level in 1..=THERMOMETER_LEVELS {
                    names.push(Feature {
                        name: format!("{hole}_at_least_{level}"),
                        description: format!("1 if `{hole}` holds at least {level} seeds, else 0"),
                    });
                }
            }
        }
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{Kalah, Oware};

    #[test]
    fn version_one_is_the_variants_own_encoding() {
        let g = Kalah::default();
        let e = Encoder::new(&g, 1).unwrap();
        assert_eq!((e.version(), e.len()), (1, g.encoding_len()));
        let (mut a, mut b) = (vec![0.0; e.len()], vec![0.0; e.len()]);
        let s = g.initial_state();
        e.encode(&s, &mut a);
        s.encode(&mut b);
        assert_eq!(a, b);
        assert_eq!(e.feature_names(&g), g.feature_names());
    }

    #[test]
    fn version_two_adds_eight_levels_per_hole_after_version_one() {
        let g = Kalah::default(); // four seeds in each of twelve holes
        let e = Encoder::new(&g, 2).unwrap();
        assert_eq!(e.len(), g.encoding_len() + 12 * THERMOMETER_LEVELS);
        let mut out = vec![f32::NAN; e.len()];
        e.encode(&g.initial_state(), &mut out);
        let levels = &out[g.encoding_len()..];
        for hole in levels.chunks(THERMOMETER_LEVELS) {
            assert_eq!(hole, [1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]);
        }
        let names = e.feature_names(&g);
        assert_eq!(names.len(), e.len());
        let first = &g.feature_names()[0].name;
        assert_eq!(names[g.encoding_len()].name, format!("{first}_at_least_1"));
        assert_eq!(
            names[g.encoding_len() + 7].name,
            format!("{first}_at_least_8")
        );
    }

    #[test]
    fn every_version_follows_from_version_one_on_played_positions() {
        use crate::variants::{Bao, BaoKind, BaoRules};
        fn check<G: Game>(g: &G) {
            let (one, two) = (Encoder::new(g, 1).unwrap(), Encoder::new(g, 2).unwrap());
            assert_eq!(two.version_one_len(), one.len());
            let mut s = g.initial_state();
            let mut rng = 12345u64;
            for _ in 0..60 {
                let (mut v1, mut direct, mut upgraded) = (
                    vec![0.0; one.len()],
                    vec![0.0; two.len()],
                    vec![f32::NAN; two.len()],
                );
                one.encode(&s, &mut v1);
                two.encode(&s, &mut direct);
                two.from_version_one(&v1, &mut upgraded);
                assert_eq!(upgraded, direct);
                let moves = s.legal_actions();
                if s.is_terminal() || moves.is_empty() {
                    break;
                }
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let a = moves[(rng >> 33) as usize % moves.len()];
                s.play(a).unwrap();
            }
        }
        check(&Kalah::default());
        check(&Oware::default());
        check(&Bao::new(
            BaoKind::Bao,
            BaoRules::of(BaoKind::Bao),
            Bao::DEFAULT_LIMITS,
        ));
    }

    #[test]
    fn a_version_this_build_lacks_is_an_error() {
        let g = Oware::default();
        assert_eq!(Encoder::new(&g, 0).unwrap_err(), EncodingError(0));
        assert_eq!(
            Encoder::new(&g, LATEST_ENCODING + 1).unwrap_err(),
            EncodingError(3)
        );
        assert!(EncodingError(3).to_string().contains("versions 1 to 2"));
    }
}
