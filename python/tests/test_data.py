"""The documented recipes for self-play shards: read with pyarrow and polars, and every row
replayed in Python gives back its features and legal mask."""

import numpy as np
import pytest

import mankala


def test_shard_rows_replay_to_their_features_with_pyarrow(kalah_model):
    pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow is not installed")
    shards = sorted(kalah_model["data"].glob("shard-*.parquet"))
    assert shards
    table = pq.read_table(shards[0])
    meta = table.schema.metadata
    game = mankala.load(meta[b"mankala.variant"].decode())
    assert int(meta[b"mankala.encoding_version"]) == mankala.ENCODING_VERSION
    rows = table.to_pylist()
    games = {}
    for row in rows:
        games.setdefault(row["game_id"], []).append(row)
    for game_rows in games.values():
        state = game.initial_state()
        for row in sorted(game_rows, key=lambda r: r["ply"]):
            assert row["ply"] == state.ply and row["to_move"] == state.to_move
            assert np.array_equal(np.asarray(row["features"], dtype=np.float32),
                                  state.observation())
            assert list(np.flatnonzero(row["legal"])) == state.legal_actions()
            if row["action"] is not None and not state.is_terminal():
                state.apply(row["action"])
        assert state.is_terminal() or state.ply == game.max_plies


def test_shards_read_with_polars(kalah_model):
    pl = pytest.importorskip("polars", reason="polars is not installed")
    df = pl.read_parquet(str(kalah_model["data"] / "shard-*.parquet"))
    per_game = df.group_by("game_id").agg(pl.len().alias("rows"), pl.first("game_length"))
    assert per_game.height == 4
    assert (per_game["rows"] >= per_game["game_length"]).all()
