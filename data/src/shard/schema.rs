//! The row layout: its versions, a row, the metadata every row of a file shares, the
//! errors, and rows as an Arrow record batch (`docs/data-format.md`).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, FixedSizeListBuilder, Float32Builder};
use arrow_array::{
    ArrayRef, BooleanArray, FixedSizeListArray, Float32Array, Int8Array, Int16Array, RecordBatch,
    StringArray, UInt8Array, UInt16Array, UInt32Array, UInt64Array,
};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use thiserror::Error;

/// Version of the row layout; stored in every file as `mankala.format_version`. Files of
/// every version from 1 up to this one are read.
pub const FORMAT_VERSION: u32 = 5;

/// The first row layout with the `action` column; rows of older files have no action.
pub const ACTION_FORMAT_VERSION: u32 = 2;

/// The first row layout with the `margin` column; rows of older files have no margin.
pub const MARGIN_FORMAT_VERSION: u32 = 3;

/// The first row layout with the `side` column; every row of an older file is on its game's
/// path.
pub const SIDE_FORMAT_VERSION: u32 = 4;

/// The first row layout with the `weight` column; every row of an older file weighs 1.
pub const WEIGHT_FORMAT_VERSION: u32 = 5;

/// One decision of a self-play game.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The self-play run.
    pub run_id: String,
    /// The generation of the loop that played it (0 outside the loop).
    pub generation: u32,
    /// The game, unique within the run.
    pub game_id: u64,
    /// Ply of the position (decisions inside a move count).
    pub ply: u32,
    /// 0 South, 1 North.
    pub to_move: u8,
    /// The engine's player-relative encoding of the position.
    pub features: Vec<f32>,
    /// Legality of each action.
    pub legal: Vec<bool>,
    /// Policy target over all actions (0 for illegal ones).
    pub policy: Vec<f32>,
    /// The game's result for the player to move: +1, 0 (draw or capped), -1.
    pub value_target: f32,
    /// The search's root value for the player to move.
    pub root_value: f32,
    /// Simulations the search used.
    pub simulations: u32,
    /// Whether this was a full search (playout cap randomization); fast searches' policies
    /// are not training targets.
    pub full_search: bool,
    /// The game's result from South's view: +1, 0, -1.
    pub outcome: i8,
    /// The game's result: `south`, `north`, `draw`, `capped-plies`, `capped-laps`, or
    /// `south-resign`/`north-resign` (the named player won by resignation).
    pub result: String,
    /// Plies in the whole game.
    pub game_length: u32,
    /// The action played from this position; `None` on the row of the position a player
    /// resigned in (nothing was played there), and on every row of a version-1 file.
    pub action: Option<u16>,
    /// The game's final seed margin for the player to move: its final seeds less the
    /// opponent's, as the variant's end rule counts them (in a resigned game, the seeds each
    /// held when it ended); `None` on every row of a file before version 3, and on a side
    /// position's row.
    pub margin: Option<i16>,
    /// A side position (`[selfplay] side_position_prob`): a position off the game's path,
    /// reached by a move the game did not play and searched after the game ended. Its
    /// `value_target` is its own search's root value (no game result reaches it), and `ply`
    /// is its own; `outcome`, `result` and `game_length` are still the game's. `false` on
    /// every row of a file before version 4.
    pub side: bool,
    /// How many times training draws this row in a pass over its window, in expectation
    /// (`[selfplay] policy_surprise_weight`): a row weighing 2.4 is drawn twice, and a third
    /// time with probability 0.4; 1 is a plain row, 0 is never drawn. The loss is not
    /// scaled. 1 on every row of a file before version 5.
    pub weight: f32,
}

/// What every row of a file shares, stored in the file's metadata.
#[derive(Clone, Debug, PartialEq)]
pub struct ShardMeta {
    /// Variant name.
    pub variant: String,
    /// The rule options as TOML (`[rules]` table).
    pub rules: String,
    /// The caps as TOML (`[limits]` table).
    pub limits: String,
    /// The engine's encoding version.
    pub encoding_version: u32,
    /// The code version that wrote the file.
    pub code_version: String,
    /// Length of `features`.
    pub encoding_len: usize,
    /// Length of `legal` and `policy`.
    pub num_actions: usize,
    /// The run.
    pub run_id: String,
    /// The seed of the run.
    pub seed: u64,
}

/// A data file that cannot be written or read as training data.
#[derive(Debug, Error)]
pub enum DataError {
    /// The operating system refused.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// Writing a file failed (a full disk, a file size limit).
    #[error("{path}: cannot write: {message}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The cause.
        message: String,
    },
    /// Parquet or Arrow failed (corrupt or foreign file).
    #[error("{path}: not a readable Parquet file: {message}")]
    Parquet {
        /// The file.
        path: PathBuf,
        /// The cause.
        message: String,
    },
    /// The file is Parquet but not mankala training data of the expected kind.
    #[error("{path}: {message}")]
    Schema {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}

pub(super) fn list_field(item: DataType, nullable: bool) -> Field {
    Field::new("item", item, nullable)
}

/// The Arrow schema of a shard for a given encoding length and action count.
pub fn schema(meta: &ShardMeta) -> SchemaRef {
    let fixed = |name: &str, item: DataType, n: usize| {
        Field::new(
            name,
            DataType::FixedSizeList(Arc::new(list_field(item, true)), n as i32),
            false,
        )
    };
    let fields = vec![
        Field::new("run_id", DataType::Utf8, false),
        Field::new("generation", DataType::UInt32, false),
        Field::new("game_id", DataType::UInt64, false),
        Field::new("ply", DataType::UInt32, false),
        Field::new("to_move", DataType::UInt8, false),
        fixed("features", DataType::Float32, meta.encoding_len),
        fixed("legal", DataType::Boolean, meta.num_actions),
        fixed("policy", DataType::Float32, meta.num_actions),
        Field::new("value_target", DataType::Float32, false),
        Field::new("root_value", DataType::Float32, false),
        Field::new("simulations", DataType::UInt32, false),
        Field::new("full_search", DataType::Boolean, false),
        Field::new("outcome", DataType::Int8, false),
        Field::new("result", DataType::Utf8, false),
        Field::new("game_length", DataType::UInt32, false),
        Field::new("action", DataType::UInt16, true),
        Field::new("margin", DataType::Int16, true),
        Field::new("side", DataType::Boolean, false),
        Field::new("weight", DataType::Float32, false),
    ];
    Arc::new(Schema::new_with_metadata(fields, metadata_map(meta)))
}

pub(super) fn metadata_map(meta: &ShardMeta) -> HashMap<String, String> {
    [
        ("mankala.format_version", FORMAT_VERSION.to_string()),
        ("mankala.variant", meta.variant.clone()),
        ("mankala.rules", meta.rules.clone()),
        ("mankala.limits", meta.limits.clone()),
        (
            "mankala.encoding_version",
            meta.encoding_version.to_string(),
        ),
        ("mankala.code_version", meta.code_version.clone()),
        ("mankala.encoding_len", meta.encoding_len.to_string()),
        ("mankala.num_actions", meta.num_actions.to_string()),
        ("mankala.run_id", meta.run_id.clone()),
        ("mankala.seed", meta.seed.to_string()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

pub(super) fn f32_list(rows: &[Row], n: usize, get: impl Fn(&Row) -> &[f32]) -> FixedSizeListArray {
    let mut b = FixedSizeListBuilder::with_capacity(
        Float32Builder::with_capacity(rows.len() * n),
        n as i32,
        rows.len(),
    );
    for r in rows {
        b.values().append_slice(get(r));
        b.append(true);
    }
    b.finish()
}

/// The rows as one record batch.
///
/// # Panics
/// If a row's `features`, `legal` or `policy` length differs from the metadata's.
pub fn to_batch(meta: &ShardMeta, rows: &[Row]) -> RecordBatch {
    for r in rows {
        assert_eq!(r.features.len(), meta.encoding_len, "features length");
        assert_eq!(r.legal.len(), meta.num_actions, "legal length");
        assert_eq!(r.policy.len(), meta.num_actions, "policy length");
    }
    let mut legal = FixedSizeListBuilder::with_capacity(
        BooleanBuilder::with_capacity(rows.len() * meta.num_actions),
        meta.num_actions as i32,
        rows.len(),
    );
    for r in rows {
        legal.values().append_slice(&r.legal);
        legal.append(true);
    }
    let columns: Vec<ArrayRef> = vec![
        Arc::new(StringArray::from_iter_values(
            rows.iter().map(|r| r.run_id.as_str()),
        )),
        Arc::new(UInt32Array::from_iter_values(
            rows.iter().map(|r| r.generation),
        )),
        Arc::new(UInt64Array::from_iter_values(
            rows.iter().map(|r| r.game_id),
        )),
        Arc::new(UInt32Array::from_iter_values(rows.iter().map(|r| r.ply))),
        Arc::new(UInt8Array::from_iter_values(rows.iter().map(|r| r.to_move))),
        Arc::new(f32_list(rows, meta.encoding_len, |r| &r.features)),
        Arc::new(legal.finish()),
        Arc::new(f32_list(rows, meta.num_actions, |r| &r.policy)),
        Arc::new(Float32Array::from_iter_values(
            rows.iter().map(|r| r.value_target),
        )),
        Arc::new(Float32Array::from_iter_values(
            rows.iter().map(|r| r.root_value),
        )),
        Arc::new(UInt32Array::from_iter_values(
            rows.iter().map(|r| r.simulations),
        )),
        Arc::new(BooleanArray::from(
            rows.iter().map(|r| r.full_search).collect::<Vec<_>>(),
        )),
        Arc::new(Int8Array::from_iter_values(rows.iter().map(|r| r.outcome))),
        Arc::new(StringArray::from_iter_values(
            rows.iter().map(|r| r.result.as_str()),
        )),
        Arc::new(UInt32Array::from_iter_values(
            rows.iter().map(|r| r.game_length),
        )),
        Arc::new(UInt16Array::from(
            rows.iter().map(|r| r.action).collect::<Vec<_>>(),
        )),
        Arc::new(Int16Array::from(
            rows.iter().map(|r| r.margin).collect::<Vec<_>>(),
        )),
        Arc::new(BooleanArray::from(
            rows.iter().map(|r| r.side).collect::<Vec<_>>(),
        )),
        Arc::new(Float32Array::from_iter_values(
            rows.iter().map(|r| r.weight),
        )),
    ];
    RecordBatch::try_new(schema(meta), columns).expect("columns match the schema")
}
