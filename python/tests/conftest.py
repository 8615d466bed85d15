"""Shared fixtures: the `mankala` command line (for replays and models) and a tiny model."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _binary():
    """The mankala binary: $MANKALA_BIN, else the release build, else one on PATH."""
    given = os.environ.get("MANKALA_BIN")
    if given:
        return given
    built = REPO / "target" / "release" / "mankala"
    if built.exists():
        return str(built)
    return shutil.which("mankala")


@pytest.fixture(scope="session")
def mankala_bin():
    path = _binary()
    if path is None:
        pytest.skip("the mankala binary is not built (cargo build --release) nor on PATH")
    return path


def run(binary, *args, check=True):
    """Runs the CLI; returns the finished process (stdout and stderr as text)."""
    done = subprocess.run([binary, *args], capture_output=True, text=True)
    if check and done.returncode != 0:
        raise AssertionError(f"mankala {' '.join(args)} failed:\n{done.stderr}")
    return done


@pytest.fixture(scope="session")
def kalah_model(mankala_bin, tmp_path_factory):
    """A Kalah network trained for a few steps on a few self-play games, with its ONNX
    export: the model file path and the ONNX path."""
    d = tmp_path_factory.mktemp("model")
    cfg = d / "tiny.toml"
    cfg.write_text(
        'variant = "kalah"\n[search]\nsimulations = 4\n[selfplay]\ngames_per_shard = 2\n'
        "[network]\nwidth = 16\nblocks = 1\nvalue_width = 8\n"
        "[train]\nsteps = 4\nbatch_size = 16\nshuffle_buffer = 64\nwarmup_steps = 1\n"
        "checkpoint_every = 2\nvalidation_fraction = 0.2\n"
    )
    run(mankala_bin, "selfplay", "-c", str(cfg), "-g", "4", "-o", str(d / "data"),
        "-t", "1", "--seed", "1")
    run(mankala_bin, "train", "-c", str(cfg), "-d", str(d / "data"), "-o", str(d / "model"))
    model = d / "model" / "model.bpk"
    assert model.exists(), list((d / "model").iterdir())
    onnx = d / "model.onnx"
    run(mankala_bin, "export", "--model", str(d / "model" / "model"), "--format", "onnx",
        "--out", str(onnx))
    return {"config": cfg, "model": model, "onnx": onnx, "data": d / "data"}
