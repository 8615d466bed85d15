"""The README's game in five lines, run as written: the first Python block of its
"Python" section, and the same block in docs/python.md."""

import re
import subprocess
import sys

import pytest

from conftest import REPO


def python_block(path, heading):
    """The first ```python block after the line `heading` of the Markdown file `path`."""
    text = path.read_text(encoding="utf-8")
    start = text.find("\n" + heading + "\n")
    assert start >= 0, f"{path.name} has no line {heading!r}"
    found = re.search(r"```python\n(.*?)```", text[start:], re.S)
    assert found, f"{path.name} has no Python block after {heading!r}"
    return found.group(1)


@pytest.mark.parametrize(
    "doc, heading", [("README.md", "## Python"), ("docs/python.md", "## A game in five lines")]
)
def test_the_five_line_game_runs_as_written(doc, heading):
    code = python_block(REPO / doc, heading)
    assert len(code.strip().splitlines()) <= 5, code
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    # It prints the final board and the outcome of a finished game.
    assert "store" in done.stdout and "'result': " in done.stdout, done.stdout
    assert "'returns': [" in done.stdout
