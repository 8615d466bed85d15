//! Requests: [`Request`], one variant per command, read from a JSON object by
//! [`Request::from_object`] with errors that name the field (`docs/protocol.md`).

use mankala_engine::notation::split_moves;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use super::error::{CommandError, ProtocolError};
use super::{COMMANDS, MAX_MILLIS, MAX_SIMULATIONS};
use mankala_agents::{AgentSpec, Budget};

/// One request. As JSON it is an object whose `cmd` names the variant and whose other
/// fields are the variant's (an `id` is allowed and ignored here: the transport echoes it).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "cmd", rename_all = "lowercase")]
pub enum Request {
    /// A game from its start.
    New(NewGame),
    /// The position after `moves` from the start, or from a position given as text.
    Position {
        /// The position to start from, as text (`docs/notation.md`); the variant's start
        /// when `None`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        position: Option<String>,
        /// The moves, each a name or an action index as text.
        moves: Vec<String>,
    },
    /// `moves` played on from the current position, all of them or none.
    Play {
        /// The moves, at least one.
        moves: Vec<String>,
    },
    /// The last `count` moves taken back.
    Undo {
        /// How many, at least 1.
        count: u32,
    },
    /// The legal moves.
    Legal,
    /// The agent's analysis of the current position.
    Search(SearchLimit),
    /// The agent's move, played.
    Go(SearchLimit),
    /// The board as text.
    Show,
    /// The end of the session.
    Quit,
}

/// The fields of `new`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct NewGame {
    /// A variant name (`mankala variants`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// A config file giving the game; `rules` and `limits` override it key by key.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config: Option<String>,
    /// Rule options (`[rules]`).
    #[serde(skip_serializing_if = "toml::Table::is_empty")]
    pub rules: toml::Table,
    /// Caps (`[limits]`).
    #[serde(skip_serializing_if = "toml::Table::is_empty")]
    pub limits: toml::Table,
    /// The agent; [`Setup::default_agent`](super::Setup::default_agent) when left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent: Option<AgentSpec>,
    /// The seed of the agent's random stream; [`DEFAULT_SEED`](super::DEFAULT_SEED) when
    /// left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

/// The budget of `search` and `go`: at most one of the two, or the agent's own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct SearchLimit {
    /// Simulations, from 1 to [`MAX_SIMULATIONS`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub simulations: Option<u32>,
    /// Milliseconds, from 1 to [`MAX_MILLIS`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub millis: Option<u64>,
}

impl SearchLimit {
    /// The agent's budget.
    ///
    /// # Errors
    /// [`CommandError::TwoBudgets`] when both are given.
    pub fn budget(self) -> Result<Budget, CommandError> {
        match (self.simulations, self.millis) {
            (Some(_), Some(_)) => Err(CommandError::TwoBudgets),
            (Some(n), None) => Ok(Budget::Simulations(n)),
            (None, Some(ms)) => Ok(Budget::Millis(ms)),
            (None, None) => Ok(Budget::Default),
        }
    }
}

impl Request {
    /// The command's name, as `cmd` writes it.
    pub fn name(&self) -> &'static str {
        match self {
            Request::New(_) => "new",
            Request::Position { .. } => "position",
            Request::Play { .. } => "play",
            Request::Undo { .. } => "undo",
            Request::Legal => "legal",
            Request::Search(_) => "search",
            Request::Go(_) => "go",
            Request::Show => "show",
            Request::Quit => "quit",
        }
    }

    /// Reads a request from a JSON object. A field set to `null` counts as left out.
    ///
    /// # Errors
    /// [`ProtocolError`] naming what is missing or wrong: no `cmd`, an unknown command, or
    /// (as [`ProtocolError::Command`]) a field the command does not take or a value of the
    /// wrong kind.
    pub fn from_object(fields: &Map<String, Value>) -> Result<Request, ProtocolError> {
        let cmd = match fields.get("cmd") {
            Some(Value::String(cmd)) => cmd.as_str(),
            Some(other) => return Err(ProtocolError::CmdNotAString { found: kind(other) }),
            None => return Err(ProtocolError::MissingCmd),
        };
        let Some(&cmd) = COMMANDS.iter().find(|&&c| c == cmd) else {
            return Err(ProtocolError::UnknownCommand {
                cmd: cmd.to_string(),
            });
        };
        let fields = Fields { cmd, fields };
        fields.request().map_err(|source| ProtocolError::Command {
            cmd,
            source: Box::new(source),
        })
    }
}

impl<'de> Deserialize<'de> for Request {
    /// Reads a request as [`Request::from_object`] does, its errors as messages.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        let result = match &value {
            Value::Object(fields) => Request::from_object(fields),
            other => Err(ProtocolError::NotAnObject(kind(other))),
        };
        result.map_err(|e| serde::de::Error::custom(super::message(&e)))
    }
}

/// "a string", "an array", ... for error messages.
pub(super) fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A request's fields, read with errors that name the field.
struct Fields<'a> {
    cmd: &'static str,
    fields: &'a Map<String, Value>,
}

impl Fields<'_> {
    /// The request of a known command, its fields checked in the order the protocol has
    /// always checked them.
    fn request(&self) -> Result<Request, CommandError> {
        Ok(match self.cmd {
            "new" => {
                self.allow(&["variant", "config", "rules", "limits", "agent", "seed"])?;
                let variant = self.string("variant")?.map(String::from);
                let rules = self.table("rules")?.unwrap_or_default();
                let limits = self.table("limits")?.unwrap_or_default();
                let config = self.string("config")?.map(String::from);
                let agent = self
                    .string("agent")?
                    .map(str::parse::<AgentSpec>)
                    .transpose()
                    .map_err(|e| CommandError::Agent(e.into()))?;
                let seed = self.integer("seed", 0, u64::MAX)?;
                Request::New(NewGame {
                    variant,
                    config,
                    rules,
                    limits,
                    agent,
                    seed,
                })
            }
            "position" => {
                self.allow(&["position", "moves"])?;
                Request::Position {
                    position: self.string("position")?.map(str::to_string),
                    moves: self.moves()?.unwrap_or_default(),
                }
            }
            "play" => {
                self.allow(&["moves"])?;
                let moves = self.moves()?.ok_or(CommandError::MissingMoves)?;
                if moves.is_empty() {
                    return Err(CommandError::NoMoves);
                }
                Request::Play { moves }
            }
            "undo" => {
                self.allow(&["count"])?;
                let count = self.integer("count", 1, u64::from(u32::MAX))?;
                Request::Undo {
                    count: count.map_or(1, |n| n as u32),
                }
            }
            "search" => Request::Search(self.limit()?),
            "go" => Request::Go(self.limit()?),
            "legal" => self.allow(&[]).map(|()| Request::Legal)?,
            "show" => self.allow(&[]).map(|()| Request::Show)?,
            _ => self.allow(&[]).map(|()| Request::Quit)?,
        })
    }

    /// Fails on a field the command does not take (`cmd` and `id` always allowed).
    fn allow(&self, keys: &'static [&'static str]) -> Result<(), CommandError> {
        let unknown = self
            .fields
            .keys()
            .find(|k| !matches!(k.as_str(), "cmd" | "id") && !keys.contains(&k.as_str()));
        match unknown {
            None => Ok(()),
            Some(k) if keys.is_empty() => Err(CommandError::NoFields {
                field: k.clone(),
                cmd: self.cmd,
            }),
            Some(k) => Err(CommandError::UnknownField {
                field: k.clone(),
                expected: keys,
            }),
        }
    }

    fn get(&self, key: &str) -> Option<&Value> {
        self.fields.get(key).filter(|v| !v.is_null())
    }

    /// A string field.
    fn string(&self, key: &'static str) -> Result<Option<&str>, CommandError> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.as_str())),
            Some(v) => Err(CommandError::NotAString {
                field: key,
                found: kind(v),
            }),
        }
    }

    /// A whole-number field from `min` to `max`.
    fn integer(&self, key: &'static str, min: u64, max: u64) -> Result<Option<u64>, CommandError> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => match v.as_u64() {
                Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
                _ => Err(CommandError::NotANumber {
                    field: key,
                    value: v.to_string(),
                    min,
                    max,
                }),
            },
        }
    }

    /// An object field, as the TOML table of a config file's section.
    fn table(&self, key: &'static str) -> Result<Option<toml::Table>, CommandError> {
        match self.get(key) {
            None => Ok(None),
            Some(v @ Value::Object(_)) => {
                serde_json::from_value(v.clone())
                    .map(Some)
                    .map_err(|e| CommandError::BadTable {
                        field: key,
                        message: e.to_string(),
                    })
            }
            Some(v) => Err(CommandError::NotATable {
                field: key,
                found: kind(v),
            }),
        }
    }

    /// The `moves` field: a list of names or action indices, or one string of moves
    /// separated by spaces or commas; each as text for `State::parse_action`.
    fn moves(&self) -> Result<Option<Vec<String>>, CommandError> {
        match self.get("moves") {
            None => Ok(None),
            Some(Value::String(list)) => Ok(Some(split_moves(list).map(String::from).collect())),
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .map(|(i, m)| match m {
                    Value::String(s) => Ok(s.trim().to_string()),
                    Value::Number(n) => Ok(n.to_string()),
                    other => Err(CommandError::NotAMove {
                        index: i + 1,
                        count: items.len(),
                        found: kind(other),
                    }),
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Some),
            Some(v) => Err(CommandError::MovesNotAList(kind(v))),
        }
    }

    /// The budget fields of `search` and `go`.
    fn limit(&self) -> Result<SearchLimit, CommandError> {
        self.allow(&["simulations", "millis"])?;
        let limit = SearchLimit {
            simulations: self
                .integer("simulations", 1, u64::from(MAX_SIMULATIONS))?
                .map(|n| n as u32),
            millis: self.integer("millis", 1, MAX_MILLIS)?,
        };
        limit.budget()?;
        Ok(limit)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn read(v: Value) -> Result<Request, String> {
        serde_json::from_value(v).map_err(|e| e.to_string())
    }

    #[test]
    fn a_request_written_as_json_reads_back_the_same() {
        let requests = [
            Request::New(NewGame {
                variant: Some("kalah".into()),
                rules: toml::Table::from_iter([("seeds_per_hole".into(), 3.into())]),
                agent: Some("random".parse().unwrap()),
                seed: Some(7),
                ..NewGame::default()
            }),
            Request::Position {
                position: None,
                moves: vec![],
            },
            Request::Position {
                position: Some("kalah 4,4,4,4,4,4/4,4,4,4,4,4 north".into()),
                moves: vec!["c".into()],
            },
            Request::Play {
                moves: vec!["C".into(), "2".into()],
            },
            Request::Undo { count: 2 },
            Request::Legal,
            Request::Search(SearchLimit {
                simulations: Some(40),
                millis: None,
            }),
            Request::Go(SearchLimit::default()),
            Request::Show,
            Request::Quit,
        ];
        for r in requests {
            let v = serde_json::to_value(&r).unwrap();
            assert_eq!(v["cmd"], r.name(), "{v}");
            assert_eq!(read(v.clone()), Ok(r), "{v}");
        }
    }

    #[test]
    fn moves_are_read_from_a_list_or_a_string() {
        let list = read(json!({"cmd": "play", "moves": ["C", 3, " d "]})).unwrap();
        let text = read(json!({"cmd": "play", "moves": "C, 3 d"})).unwrap();
        assert_eq!(list, text);
        assert_eq!(
            list,
            Request::Play {
                moves: vec!["C".into(), "3".into(), "d".into()]
            }
        );
    }

    #[test]
    fn null_fields_count_as_left_out() {
        let r = read(json!({"cmd": "undo", "count": null, "id": 4})).unwrap();
        assert_eq!(r, Request::Undo { count: 1 });
    }

    #[test]
    fn bad_fields_are_errors_naming_the_command_and_field() {
        let err = read(json!({"cmd": "legal", "x": 1})).unwrap_err();
        assert_eq!(err, "legal: unknown field \"x\": `legal` takes no fields");
        let err = read(json!({"cmd": "go", "simulations": 1, "millis": 1})).unwrap_err();
        assert_eq!(err, "go: give \"simulations\" or \"millis\", not both");
        let err = read(json!({"cmd": "undo", "count": 0})).unwrap_err();
        assert_eq!(
            err,
            "undo: \"count\": 0: expected a whole number from 1 to 4294967295"
        );
        let err = read(json!({"cmd": "fly"})).unwrap_err();
        assert!(
            err.starts_with("unknown command `fly`; expected one of: new,"),
            "{err}"
        );
        let err = read(json!([1])).unwrap_err();
        assert!(err.contains("an array"), "{err}");
    }
}
