#!/usr/bin/env python3
"""Checks that mankala's Parquet shards read unchanged in pyarrow, pandas, polars and DuckDB.

Usage: scripts/check_parquet.py DIR   (a `mankala selfplay` output directory)
Needs: pip install pyarrow pandas polars duckdb. Exits 0 with a message when they are
missing (the Rust round-trip test covers the format itself); non-zero on any mismatch.
"""

import glob
import os
import sys


def main(directory):
    try:
        import duckdb
        import pandas as pd
        import polars as pl
        import pyarrow.parquet as pq
    except ImportError as e:
        print(f"check_parquet: skipped ({e.name} not installed)")
        return 0
    files = sorted(glob.glob(os.path.join(directory, "shard-*.parquet")))
    if not files:
        print(f"check_parquet: no shard-*.parquet in {directory}", file=sys.stderr)
        return 1
    table = pq.read_table(files)
    md = {k.decode(): v.decode() for k, v in (pq.read_schema(files[0]).metadata or {}).items()}
    for key in ["mankala.variant", "mankala.encoding_version", "mankala.num_actions", "mankala.encoding_len"]:
        assert key in md, f"metadata {key} missing"
    n_actions, enc_len = int(md["mankala.num_actions"]), int(md["mankala.encoding_len"])
    rows = table.num_rows
    df = pd.concat([pd.read_parquet(f) for f in files], ignore_index=True)
    pl_df = pl.concat([pl.read_parquet(f) for f in files])
    pattern = os.path.join(directory, "shard-*.parquet")
    duck_rows = duckdb.sql(f"SELECT count(*) FROM '{pattern}'").fetchall()[0][0]
    duck_games = duckdb.sql(f"SELECT count(DISTINCT game_id) FROM '{pattern}'").fetchall()[0][0]
    assert len(df) == rows == pl_df.height == duck_rows, (len(df), rows, pl_df.height, duck_rows)
    assert all(len(p) == n_actions for p in df["policy"]), "policy length"
    assert all(len(f) == enc_len for f in df["features"]), "features length"
    for policy, legal in zip(df["policy"], df["legal"]):
        assert abs(sum(policy) - 1.0) < 1e-4, "policy does not sum to 1"
        assert all(p == 0 or l for p, l in zip(policy, legal)), "policy on an illegal action"
    assert pl_df["game_id"].n_unique() == duck_games == df["game_id"].nunique()
    print(f"check_parquet: {len(files)} shards, {rows} rows, {duck_games} games of "
          f"{md['mankala.variant']} read alike in pyarrow, pandas, polars and DuckDB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
