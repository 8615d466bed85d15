#!/usr/bin/env python3
"""Checks exported mankala models outside Rust (docs/export.md).

Usage: scripts/check_export.py FILE.onnx|FILE.safetensors [...]

Each FILE needs its description FILE.json and reference samples FILE.samples.json (written by
`mankala export`, with --samples above 0). An ONNX file is run with onnxruntime; a safetensors
file is loaded with numpy and run through the forward pass the description states. Every
sample's policy logits and value must match the Rust outputs within the stated tolerance.
Needs: pip install onnxruntime numpy safetensors
"""
import json
import sys

import numpy as np


def forward_numpy(tensors, blocks, x):
    """The residual MLP of the description, PyTorch layout: y = x @ W.T + b."""

    def linear(name, h):
        return h @ tensors[name + ".weight"].T + tensors[name + ".bias"]

    relu = lambda h: np.maximum(h, 0.0)
    h = relu(linear("input", x))
    for i in range(blocks):
        h = relu(linear(f"blocks.{i}.second", relu(linear(f"blocks.{i}.first", h))) + h)
    logits = linear("policy", h)
    value = np.tanh(linear("value_out", relu(linear("value_hidden", h))))
    return logits, value


def forward_ring_numpy(tensors, blocks, x):
    """The ring network of the description: convolutions of width 3 around the ring."""

    def linear(name, h):
        return h @ tensors[name + ".weight"].T + tensors[name + ".bias"]

    def conv(name, h):  # h [N, P, C]: each position with the one before and after it
        around = np.concatenate([np.roll(h, 1, axis=1), h, np.roll(h, -1, axis=1)], axis=2)
        return linear(name, around)

    relu = lambda h: np.maximum(h, 0.0)
    holes = x[:, tensors["ring.index"]]  # [N, P, Cin]
    h = relu(conv("ring.stem", holes) + linear("input", x)[:, None, :])
    for i in range(blocks):
        h = relu(conv(f"ring.blocks.{i}.second", relu(conv(f"ring.blocks.{i}.first", h))) + h)
    logits = linear("policy", h.reshape(h.shape[0], -1))
    pooled = np.concatenate([h.mean(axis=1), h.max(axis=1)], axis=1)
    value = np.tanh(linear("value_out", relu(linear("value_hidden", pooled))))
    return logits, value


def run(path):
    desc = json.load(open(path + ".json"))
    samples = json.load(open(path + ".samples.json"))
    positions = samples["positions"]
    x = np.array([p["features"] for p in positions], dtype=np.float32)
    want_logits = np.array([p["policy_logits"] for p in positions], dtype=np.float32)
    want_value = np.array([p["value"] for p in positions], dtype=np.float32).reshape(-1, 1)
    assert x.shape[1] == desc["encoding_len"] == len(desc["features"]), "encoding length"
    assert want_logits.shape[1] == desc["num_actions"] == len(desc["actions"]), "actions"
    if desc["file_format"] == "onnx":
        import onnxruntime as ort

        session = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
        logits, value = session.run(["policy_logits", "value"], {"features": x})
        runtime = f"onnxruntime {ort.__version__}"
    else:
        from safetensors.numpy import load_file

        tensors = load_file(path)
        names = {t["name"]: t["shape"] for t in desc["tensors"]}
        assert names == {k: list(v.shape) for k, v in tensors.items()}, "tensor list"
        forward = forward_ring_numpy if desc["network"]["kind"] == "ring" else forward_numpy
        logits, value = forward(tensors, desc["network"]["blocks"], x)
        runtime = "numpy forward pass"
    tol = samples["tolerance"]
    dl = float(np.abs(logits - want_logits).max())
    dv = float(np.abs(value - want_value).max())
    ok = dl <= tol and dv <= tol
    print(
        f"{path}: {desc['variant']}, {len(positions)} positions, {runtime}: "
        f"max |logit diff| {dl:.2e}, max |value diff| {dv:.2e} "
        f"(tolerance {tol:g}): {'ok' if ok else 'MISMATCH'}"
    )
    return ok


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    results = [run(p) for p in sys.argv[1:]]
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
