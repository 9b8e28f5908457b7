"""Two people at one terminal in a game of hidden information: after the hand-over, the
next person cannot scroll back to the other's screen. A real pseudo-terminal (tmux, at
80x24, with its scrollback) runs ``saqqara play``; a trial's mummy scrolled up and read an
explorer's task cards."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    shutil.which("tmux") is None and not os.environ.get("CI"),
    reason="needs tmux (scripts/check installs it; CI never skips this)",
)


def _tmux(*args: str) -> str:
    done = subprocess.run(["tmux", *args], capture_output=True, text=True, check=True)
    return done.stdout


def _wait_for(session: str, text: str, seconds: float = 30.0) -> str:
    """The pane's screen once ``text`` shows on it."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        screen = _tmux("capture-pane", "-t", session, "-p")
        if text in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never showed:\n{_tmux('capture-pane', '-t', session, '-p')}")


@pytest.fixture
def session(tmp_path: Path) -> Iterator[str]:
    name = f"saqqara-{uuid.uuid4().hex[:8]}"
    command = (
        f"XDG_DATA_HOME={tmp_path} {sys.executable} -m saqqara.cli play curse-of-the-mummy "
        "--players 2 --bots human,human --seed 3"
    )
    _tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", command)
    _tmux("set-option", "-t", name, "history-limit", "5000")
    try:
        yield name
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True, check=False)


def test_the_hand_over_leaves_nothing_of_the_last_screen_in_the_scrollback(session: str) -> None:
    first = _wait_for(session, "your move")
    mover = next(line for line in first.splitlines() if "your move" in line)
    for _ in range(40):  # the first person moves until the turn is the other's
        screen = _tmux("capture-pane", "-t", session, "-p")
        if "press Enter when only" in screen:
            break
        announce = [line.split()[0] for line in screen.splitlines() if "[announce" in line]
        _tmux("send-keys", "-t", session, announce[0] if announce else "a", "Enter")
        time.sleep(0.5)
    _wait_for(session, "press Enter when only")
    _tmux("send-keys", "-t", session, "Enter")  # the next person takes the terminal
    second = _wait_for(session, "your move")
    history = _tmux("capture-pane", "-t", session, "-p", "-S", "-", "-E", "-")
    assert mover.strip() not in second, second  # another person's turn now
    assert mover.strip() not in history, history  # and the last one's is not scrolled back to
