"""Playing a game in the terminal: people and bots at one table, one seat's view at a time.

Input is a menu number or an action's notation; anything else gets a clear message and a
new prompt. The record is saved after every action, so nothing is lost if the program or
the terminal dies; ``saqqara play --resume FILE`` carries on from it.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.text import Text

from saqqara.core.actions import Action
from saqqara.core.errors import IllegalAction, NotationError
from saqqara.core.events import Event, events_for
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.perspective import Perspective
from saqqara.core.playout import Agent
from saqqara.core.records import Record, record_of, replay
from saqqara.ui.renderers import format_event, has_aids, label_action, render, without_aids

HUMAN = "human"

HELP = """\
Type the number of a move from the menu, or its notation (for example "take 12").
Other commands: "board" shows the table again, "moves" lists your moves again,
"help" shows this text, "quit" saves the game and stops (resume it with --resume FILE).
In games with an aid (Curse of the Mummy's possible fields of unseen figures), "aid"
switches it off and on."""


class QuitGame(Exception):
    """The person at the terminal asked to stop."""


def default_record_path(game: Game) -> Path:
    """Where a game's record is saved unless told otherwise (the user's data directory)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return base / "saqqara" / "records" / f"{game.spec.id}-{stamp}.json"


def save_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(tmp, path)


class TerminalTable:
    """One game at the terminal. ``agents[seat]`` is a bot, or ``None`` for a person."""

    def __init__(
        self,
        game: Game,
        agents: Sequence[Agent | None],
        seed: int,
        console: Console,
        read_line: Callable[[str], str],
        record_path: Path,
        resume: Record | None = None,
    ) -> None:
        self.game = game
        self.agents = list(agents)
        self.console = console
        self.read_line = read_line
        self.record_path = record_path
        self.chance_rng = random.Random(seed)
        self.bot_rng = random.Random(seed ^ 0x5A5A5A5A)
        self.seat_names = [HUMAN if a is None else a.name for a in self.agents]
        self.history: list[tuple[int, str]] = []
        self.state: State = game.new_state()
        if resume is not None:
            self.state = replay(resume).state
            self.history = [(a.seat, a.action) for a in resume.actions]
        self.seed = seed
        self.aids = True

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> State:
        """Play until the game ends or the person quits; the record is saved throughout."""
        try:
            while not self.state.is_terminal():
                self._step()
        except QuitGame:
            self._save()
            self.console.print(f"Game saved to {self.record_path}. Resume it with:")
            self.console.print(f"  saqqara play --resume {self.record_path}", markup=False)
            return self.state
        self._save()
        self._show_end()
        return self.state

    def _step(self) -> None:
        acting = self.state.to_act()
        if acting == (CHANCE,):
            action = self.state.sample_chance(self.chance_rng)
            self._apply(CHANCE, action, quiet=True)
            return
        seat = acting[0]
        agent = self.agents[seat]
        if agent is None:
            action = self._ask(seat)
        else:
            action = agent.choose(Perspective(self.state, seat), self.bot_rng)
        self._apply(seat, action)

    def _apply(self, seat: int, action: Action, quiet: bool = False) -> None:
        label = (
            ""
            if quiet
            else label_action(self.state.view(None), self.game, self.game.action_text(action))
        )
        events = self.state.apply(seat, action)
        self.history.append((seat, self.game.action_text(action)))
        self._save()
        if not quiet:
            who = self.seat_names[seat]
            self.console.print(Text(f"P{seat} ({who}): ", style="bold") + Text(label))
        self._show_events(events)

    def _show_events(self, events: Sequence[Event]) -> None:
        """Log what the viewing person may see of what happened (chance steps included)."""
        for event in events_for(events, self._viewer()):
            line = format_event(self.game, event)
            if line:
                self.console.print(Text(f"    {line}", style="dim"))

    def _viewer(self) -> int | None:
        humans = [s for s, a in enumerate(self.agents) if a is None]
        return humans[0] if len(humans) == 1 else None

    # -- a person's turn ------------------------------------------------------------------
    def _ask(self, seat: int) -> Action:
        perspective = Perspective(self.state, seat)
        self.console.rule(f"P{seat}, your move")
        self.console.print(self._board(perspective, seat))
        legal = perspective.legal_actions()
        self._show_menu(legal, perspective.view())
        while True:
            try:
                line = self.read_line(f"P{seat}> ").strip()
            except EOFError:
                raise QuitGame from None
            if not line:
                continue
            word = line.lower()
            if word in ("quit", "exit game", "q"):
                raise QuitGame
            if word in ("help", "?", "h"):
                self.console.print(HELP, markup=False)
                continue
            if word in ("board", "b"):
                self.console.print(self._board(perspective, seat))
                continue
            if word == "aid":
                self._toggle_aids()
                self.console.print(self._board(perspective, seat))
                continue
            if word in ("moves", "m"):
                self._show_menu(legal, perspective.view())
                continue
            action = self._read_action(line, legal)
            if action is not None:
                return action

    def _board(self, perspective: Perspective, seat: int) -> RenderableType:
        view = perspective.view()
        return render(view if self.aids else without_aids(view, self.game), self.game, seat)

    def _toggle_aids(self) -> None:
        if not has_aids(self.game):
            self.console.print(f"{self.game.spec.title} has no aid to switch.")
            return
        self.aids = not self.aids
        self.console.print(f"The aid is {'on' if self.aids else 'off'}.")

    def _read_action(self, line: str, legal: list[Action]) -> Action | None:
        if line.isdigit():
            number = int(line)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.console.print(f"[red]There is no move {number}; choose 1 to {len(legal)}.[/]")
            return None
        try:
            action = self.game.parse_action(line)
        except NotationError as exc:
            self.console.print(f"[red]{exc.message}.[/] Type a move number or 'help'.")
            return None
        if action not in legal:
            reason = IllegalAction(f"{self.game.action_text(action)} is not legal now")
            self.console.print(f"[red]{reason.message}.[/] Type 'moves' to see your moves.")
            return None
        return action

    def _show_menu(self, legal: list[Action], view: dict[str, Any]) -> None:
        cells = [
            f"[bold]{i + 1:>2}[/] {label_action(view, self.game, self.game.action_text(a))}"
            for i, a in enumerate(legal)
        ]
        self.console.print(Columns(cells, column_first=True, padding=(0, 3)))

    # -- records and the end ----------------------------------------------------------------
    def record(self) -> Record:
        return record_of(self.game, self.history, self.seat_names, {"seed": self.seed})

    def _save(self) -> None:
        save_atomically(self.record_path, self.record().dumps())

    def _show_end(self) -> None:
        self.console.rule("Game over")
        self.console.print(render(self.state.view(None), self.game, None))
        outcome = self.state.outcome()
        for seat, (rank, score) in enumerate(zip(outcome.ranks, outcome.scores, strict=True)):
            self.console.print(
                f"  P{seat} ({self.seat_names[seat]}): place {rank}, score {score:g}"
            )
        self.console.print(f"{outcome.reason}. Record saved to {self.record_path}.", markup=False)
