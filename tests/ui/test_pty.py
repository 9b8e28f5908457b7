"""The real command in a pseudo-terminal of 80 x 24: a scripted game of every game, each in
one of the four languages, runs without a traceback, saves on `quit`, never prints a line
wider than the terminal, and every turn, from its heading to the prompt, fits its 24 rows
(rich reads the terminal's size from the terminal itself)."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from saqqara.core.i18n import LANGUAGES

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
GAMES = [
    ("tutankhamun", "en"),
    ("valley-of-the-kings", "de"),
    ("curse-of-the-mummy", "nl"),
    ("tutankhamuns-revenge", "sv"),
]
PROMPT = re.compile(r"^(\S+|\S+ \d+)> ")
"""A person's prompt: their name ("Ada> ", or a default name such as "Player 1> ")."""
ANSWERS = ["help", "rules", "legend", "more", "moves", "log", "a", "b", "a", "b", "a", "quit"]


def run_in_pty(argv: list[str], answers: list[str], timeout: float = 60.0) -> str:
    """Run ``argv`` with a pseudo-terminal of 24 rows and 80 columns as its terminal, typing
    one answer at each prompt (a line ending in "> "); everything it printed."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color"}
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env)
    os.close(slave)
    output = b""
    pending = list(answers)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the other end closed: the program ended
                    break
                if not chunk:
                    break
                output += chunk
                if output.rstrip(b" ").endswith(b">") and pending:
                    os.write(master, pending.pop(0).encode() + b"\r")
            elif process.poll() is not None:
                break
    finally:
        process.kill()
        process.wait()
        os.close(master)
    return output.decode("utf-8", errors="replace")


@pytest.mark.parametrize(("game_id", "lang"), GAMES)
def test_a_scripted_game_in_an_80_by_24_terminal(game_id: str, lang: str, tmp_path: Path) -> None:
    assert lang in LANGUAGES
    save = tmp_path / "game.json"
    argv = [sys.executable, "-m", "saqqara.cli", "play", game_id, "--players", "2"]
    text = run_in_pty([*argv, "--seed", "1", "--lang", lang, "--save", str(save)], ANSWERS)
    plain = ANSI.sub("", text).replace("\r", "")
    assert "Traceback" not in plain
    assert "> quit" in plain  # every answer was read at a prompt
    assert save.is_file()
    assert f"--resume {save}" in plain.replace("\n", "")
    lines = plain.split("\n")
    # only the lines naming the saved game run on: the terminal wraps them (soft wrap), so
    # a copied path or command has no line break in it
    assert max(len(line) for line in lines if str(save) not in line) <= 80
    assert f"  saqqara play --resume {save}" in lines
    if game_id == "curse-of-the-mummy":  # walls read without colours or underlining
        maze = [line for line in lines if re.match(r"^ ?\d+ \|", line)]
        assert len(maze) >= 11 and any("__.__" in line for line in maze)
    turns = [i for i, line in enumerate(lines) if line.startswith("───")]
    assert turns
    for start in turns:  # a turn, from its rule to its prompt, fits the 24 rows
        prompt = next(i for i in range(start, len(lines)) if PROMPT.match(lines[i]))
        assert prompt - start + 1 <= 24, "\n".join(lines[start : prompt + 1])
