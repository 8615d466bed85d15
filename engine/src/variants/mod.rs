//! The variants: their registry, rule options, and dispatch over them.

pub mod bao;
pub mod enkeshui;
pub mod kalah;
pub mod lane;
pub mod ndoto;
pub mod omweso;
pub mod oware;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::error::{ConfigError, PositionError};
use crate::game::Limits;
use crate::position::{PositionJson, position_json};

pub use bao::{Bao, BaoKind, BaoRules, BaoSetup, BaoState};
pub use enkeshui::{Enkeshui, EnkeshuiRules, EnkeshuiState};
pub use kalah::{Kalah, KalahRules, KalahState};
pub use lane::{Lane, LaneRules, LaneState};
pub use ndoto::{Ndoto, NdotoRules, NdotoState};
pub use omweso::{Omweso, OmwesoRules, OmwesoState};
pub use oware::{Oware, OwareRules, OwareState};

/// Whether a game goes on, ended by its rules, or was stopped by a cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Status {
    Playing,
    Over,
    Capped(crate::game::Cap),
}

impl Status {
    /// The outcome of a game in this status at `ply` under a cap of `max_plies`; the final
    /// scores are computed only for a finished game.
    pub(crate) fn outcome(
        self,
        ply: u32,
        max_plies: u32,
        scores: impl FnOnce() -> [u32; 2],
    ) -> Option<crate::game::Outcome> {
        use crate::game::{Cap, GameResult, Outcome};
        match self {
            Status::Over => Some(Outcome::by_scores(scores())),
            Status::Capped(cap) => Some(Outcome {
                result: GameResult::Capped(cap),
                scores: scores(),
            }),
            Status::Playing if ply >= max_plies => Some(Outcome {
                result: GameResult::Capped(Cap::Plies),
                scores: scores(),
            }),
            Status::Playing => None,
        }
    }
}

/// What `mankala variants` says of a variant.
#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    /// The name used on the command line and in configs.
    pub name: &'static str,
    /// One line on the game.
    pub description: &'static str,
    /// The source its rules follow.
    pub source: &'static str,
}

/// Every variant the engine plays, in the order `mankala variants` lists them.
pub const VARIANTS: &[VariantInfo] = &[
    VariantInfo {
        name: "oware",
        description: "Oware (abapa), 2x6, 4 seeds a hole, captures of 2s and 3s, grand slam captures nothing",
        source: "OpenSpiel 2.0.2 `oware`, move for move",
    },
    VariantInfo {
        name: "kalah",
        description: "Kalah, 2x6 with stores, extra turn in the own store, capture into an own empty hole",
        source: "OpenSpiel 2.0.2 `mancala`, move for move",
    },
    VariantInfo {
        name: "lane",
        description: "The Egyptian game of Lane's account, 2x6, 72 counters, captures of 2s and 4s, relay sowing",
        source: "Bell after Lane (Egypt, 1830s), seed 001",
    },
    VariantInfo {
        name: "ndoto",
        description: "Ndoto of the Kilinje, 2x8, relay sowing, capture from an own empty hole",
        source: "Driedger, The Game of Bao or Mankala in East Africa, seed 000",
    },
    VariantInfo {
        name: "enkeshui",
        description: "Enkeshui of the Maasai, 2x8/10/12, bulls, capture chains, optional captures",
        source: "Driedger, The Game of Bao or Mankala in East Africa, seed 000, rules 1-9",
    },
    VariantInfo {
        name: "omweso",
        description: "Omweso of the Baganda, 4x8, 64 seeds, relay sowing round the own two rows, captures sown on, okutebuka, nkutemye",
        source: "Shackell, Mweso - the board game (Uganda Journal 1934), seed 002",
    },
    VariantInfo {
        name: "coro",
        description: "Coro of the Lango, Omweso with the capturing hole's seeds lifted with the captured ones",
        source: "Driedger, The Game of Bao or Mankala in East Africa, seed 000 (Lango)",
    },
    VariantInfo {
        name: "kombe",
        description: "Kombe of Lamu, 4x8, Omweso's sowing, only the front row captured, reverse moves that capture indirectly",
        source: "Driedger, The Game of Bao or Mankala in East Africa, seed 000 (Lamu)",
    },
    VariantInfo {
        name: "mongale",
        description: "Mongale of Mombasa, Kombe's rules from its own start, the seeds counted at the end",
        source: "Driedger, The Game of Bao or Mankala in East Africa, seed 000 (Mombasa)",
    },
    VariantInfo {
        name: "bao",
        description: "Bao la Kiswahili, 4x8, namua and mtaji stages, captures sown from a kichwa, nyumba, takasia, never-ending moves illegal",
        source: "de Voogt 1995 and Donkers 2003 (Zanzibar Bao rules for the computer)",
    },
    VariantInfo {
        name: "bao-kujifunza",
        description: "Bao la Kujifunza, the beginners' Bao: 2 seeds in every hole, mtaji rules only",
        source: "The Game Cabinet, Bao as played in Malawi: the basic game, seed 003",
    },
    VariantInfo {
        name: "bao-malawi",
        description: "Bao of Malawi, the intermediate game: kuu of 8, 20 in hand, tax 2 or lift all 9; the advanced opening as an option",
        source: "The Game Cabinet, Bao as played in Malawi: intermediate and advanced games, seed 003",
    },
];

/// A variant with its rule options, chosen at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyGame {
    /// Oware.
    Oware(Oware),
    /// Kalah.
    Kalah(Kalah),
    /// Lane's Egyptian game.
    Lane(Lane),
    /// Ndoto.
    Ndoto(Ndoto),
    /// Enkeshui.
    Enkeshui(Enkeshui),
    /// The four-row games: Omweso, Coro, Kombe and Mongale.
    Omweso(Omweso),
    /// The Bao family: Bao la Kiswahili, Bao la Kujifunza and Bao of Malawi.
    Bao(Bao),
}

/// The standard game of each two-row variant: default rule options, default caps.
macro_rules! standard_game {
    ($($game:ident),*) => {$(
        impl Default for $game {
            fn default() -> Self {
                $game {
                    rules: Default::default(),
                    limits: $game::DEFAULT_LIMITS,
                }
            }
        }
    )*};
}

standard_game!(Kalah, Lane, Ndoto, Enkeshui);

impl Default for Oware {
    fn default() -> Self {
        Oware {
            limits: Oware::DEFAULT_LIMITS,
        }
    }
}

/// Runs `$body` with `$g` bound to the concrete game inside an [`AnyGame`], so generic code
/// is compiled once per variant.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::variants::AnyGame::Oware($g) => $body,
            $crate::variants::AnyGame::Kalah($g) => $body,
            $crate::variants::AnyGame::Lane($g) => $body,
            $crate::variants::AnyGame::Ndoto($g) => $body,
            $crate::variants::AnyGame::Enkeshui($g) => $body,
            $crate::variants::AnyGame::Omweso($g) => $body,
            $crate::variants::AnyGame::Bao($g) => $body,
        }
    };
}

/// The caps as written in a config's `[limits]` table; missing keys take the variant's
/// defaults.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct LimitsTable {
    max_plies: Option<u32>,
    max_laps: Option<u32>,
}

pub(crate) fn out_of_range(key: &str, value: impl ToString, expected: &str) -> ConfigError {
    ConfigError::OutOfRange {
        table: "rules".into(),
        key: key.into(),
        value: value.to_string(),
        expected: expected.into(),
    }
}

fn parse_table<T: DeserializeOwned>(table: &str, value: &toml::Table) -> Result<T, ConfigError> {
    deserialize_table(value).map_err(|message| ConfigError::Invalid {
        table: table.into(),
        message,
    })
}

/// Reads a config table into `T`. The error message starts with the offending line
/// (`key = value: `) when the key can be found, then says what is wrong.
///
/// # Errors
/// The message.
pub fn deserialize_table<T: DeserializeOwned>(table: &toml::Table) -> Result<T, String> {
    T::deserialize(toml::Value::Table(table.clone())).map_err(|e| {
        // Parsing the table's own text again locates the bad value: the line holding it.
        let text = toml::to_string(table).unwrap_or_default();
        let line = toml::from_str::<T>(&text)
            .err()
            .and_then(|again| again.span())
            .and_then(|span| {
                let before = text.get(..span.start)?;
                let after = text.get(span.start..)?;
                let start = before.rfind('\n').map_or(0, |i| i + 1);
                let end = after.find('\n').map_or(text.len(), |i| span.start + i);
                text.get(start..end).map(|l| l.trim().to_string())
            })
            .filter(|line| line.contains('='));
        match line {
            Some(line) => format!("{line}: {}", e.message()),
            None => e.message().to_string(),
        }
    })
}

/// A game's own default rules as a table, overridden key by key by `rules`.
fn with_defaults<T: serde::Serialize>(defaults: T, rules: &toml::Table) -> toml::Table {
    let mut table = match toml::Value::try_from(defaults) {
        Ok(toml::Value::Table(t)) => t,
        _ => unreachable!("rules serialize to a table"),
    };
    table.extend(rules.iter().map(|(k, v)| (k.clone(), v.clone())));
    table
}

fn limits(defaults: Limits, table: &toml::Table) -> Result<Limits, ConfigError> {
    let t: LimitsTable = parse_table("limits", table)?;
    let check = |key: &str, v: Option<u32>, default: u32| match v {
        Some(v) if !(1..=1_000_000).contains(&v) => Err(ConfigError::OutOfRange {
            table: "limits".into(),
            key: key.into(),
            value: v.to_string(),
            expected: "1 to 1000000".into(),
        }),
        v => Ok(v.unwrap_or(default)),
    };
    Ok(Limits {
        max_plies: check("max_plies", t.max_plies, defaults.max_plies)?,
        max_laps: check("max_laps", t.max_laps, defaults.max_laps)?,
    })
}

impl AnyGame {
    /// The variant `name` with default rules and caps.
    ///
    /// # Errors
    /// [`ConfigError::UnknownVariant`].
    pub fn by_name(name: &str) -> Result<AnyGame, ConfigError> {
        AnyGame::from_tables(name, &toml::Table::new(), &toml::Table::new())
    }

    /// The variant `name` with rule options from a `[rules]` table and caps from a
    /// `[limits]` table (both may be empty), strictly checked.
    ///
    /// # Errors
    /// [`ConfigError`] naming the unknown variant, the unknown key, or the value out of range.
    pub fn from_tables(
        name: &str,
        rules: &toml::Table,
        limits_table: &toml::Table,
    ) -> Result<AnyGame, ConfigError> {
        Ok(match name {
            "oware" => {
                let _: OwareRules = parse_table("rules", rules)?;
                AnyGame::Oware(Oware {
                    limits: limits(Oware::DEFAULT_LIMITS, limits_table)?,
                })
            }
            "kalah" => {
                let rules: KalahRules = parse_table("rules", rules)?;
                rules.validate()?;
                AnyGame::Kalah(Kalah {
                    rules,
                    limits: limits(Kalah::DEFAULT_LIMITS, limits_table)?,
                })
            }
            "lane" => {
                let rules: LaneRules = parse_table("rules", rules)?;
                rules.validate()?;
                AnyGame::Lane(Lane {
                    rules,
                    limits: limits(Lane::DEFAULT_LIMITS, limits_table)?,
                })
            }
            "ndoto" => {
                let rules: NdotoRules = parse_table("rules", rules)?;
                rules.validate()?;
                AnyGame::Ndoto(Ndoto {
                    rules,
                    limits: limits(Ndoto::DEFAULT_LIMITS, limits_table)?,
                })
            }
            "enkeshui" => {
                let rules: EnkeshuiRules = parse_table("rules", rules)?;
                rules.validate()?;
                AnyGame::Enkeshui(Enkeshui {
                    rules,
                    limits: limits(Enkeshui::DEFAULT_LIMITS, limits_table)?,
                })
            }
            "omweso" | "coro" | "kombe" | "mongale" => {
                let kind = match name {
                    "omweso" => omweso::Kind::Omweso,
                    "coro" => omweso::Kind::Coro,
                    "kombe" => omweso::Kind::Kombe,
                    _ => omweso::Kind::Mongale,
                };
                let table = with_defaults(OmwesoRules::of(kind), rules);
                let rules: OmwesoRules = parse_table("rules", &table)?;
                Omweso::validate(&rules)?;
                AnyGame::Omweso(Omweso {
                    kind,
                    rules,
                    limits: limits(Omweso::DEFAULT_LIMITS, limits_table)?,
                })
            }
            "bao" | "bao-kujifunza" | "bao-malawi" => {
                let kind = match name {
                    "bao" => BaoKind::Bao,
                    "bao-kujifunza" => BaoKind::Kujifunza,
                    _ => BaoKind::Malawi,
                };
                let table = with_defaults(BaoRules::of(kind), rules);
                let rules: BaoRules = parse_table("rules", &table)?;
                Bao::validate(kind, &rules)?;
                AnyGame::Bao(Bao {
                    kind,
                    rules,
                    limits: limits(Bao::DEFAULT_LIMITS, limits_table)?,
                })
            }
            _ => {
                return Err(ConfigError::UnknownVariant {
                    name: name.into(),
                    known: VARIANTS
                        .iter()
                        .map(|v| v.name)
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
        })
    }

    /// The rule options as a `[rules]` table, every key written out.
    pub fn rules_table(&self) -> toml::Table {
        let value = match self {
            AnyGame::Oware(_) => toml::Value::try_from(OwareRules::default()),
            AnyGame::Kalah(g) => toml::Value::try_from(g.rules),
            AnyGame::Lane(g) => toml::Value::try_from(g.rules),
            AnyGame::Ndoto(g) => toml::Value::try_from(g.rules),
            AnyGame::Enkeshui(g) => toml::Value::try_from(g.rules),
            AnyGame::Omweso(g) => toml::Value::try_from(g.rules),
            AnyGame::Bao(g) => toml::Value::try_from(g.rules),
        };
        match value {
            Ok(toml::Value::Table(t)) => t,
            _ => toml::Table::new(),
        }
    }

    /// The rule options as TOML text, every key written out: what model files and shards
    /// record, and what [`AnyGame::from_tables`] reads back.
    pub fn rules_toml(&self) -> String {
        toml::to_string(&self.rules_table()).expect("a table of rule options serializes")
    }

    /// The caps as a `[limits]` table.
    pub fn limits_table(&self) -> toml::Table {
        use crate::game::Game;
        let l = with_game!(self, g => g.limits());
        let mut t = toml::Table::new();
        t.insert("max_plies".into(), toml::Value::Integer(l.max_plies.into()));
        t.insert("max_laps".into(), toml::Value::Integer(l.max_laps.into()));
        t
    }

    /// The variant's name.
    pub fn name(&self) -> &'static str {
        use crate::game::Game;
        with_game!(self, g => g.name())
    }

    /// The variant a position text names (its first word), with default rules and caps.
    ///
    /// # Errors
    /// [`PositionError`] for an empty text or an unknown variant name.
    pub fn for_position(text: &str) -> Result<AnyGame, PositionError> {
        let name = crate::position::variant_of(text)?;
        AnyGame::by_name(name).map_err(|_| PositionError::Field {
            field: "variant".into(),
            value: name.into(),
            expected: format!(
                "one of: {}",
                VARIANTS
                    .iter()
                    .map(|v| v.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        })
    }

    /// The JSON object (`docs/protocol.md`, "The position object") of the position `text`
    /// of this game.
    ///
    /// # Errors
    /// [`PositionError`] when the text is not a position of this game and its rules.
    pub fn position_json(&self, text: &str) -> Result<PositionJson, PositionError> {
        use crate::game::Game;
        with_game!(self, g => g.parse_position(text).map(|s| position_json(g, &s)))
    }
}
