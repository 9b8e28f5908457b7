"""The README's Python example runs as printed (it plays a game of sealed decisions)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_python_example_plays_a_whole_game_of_sealed_decisions() -> None:
    (example,) = re.findall(r"```python\n(.*?)```", README.read_text("utf-8"), re.S)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(example, "README.md", "exec"), {})
    printed = out.getvalue()
    assert "Biet-Tafel verdeckt" in printed  # the others' sealed bids, told without values
    assert "Outcome(" in printed
