"""Playing a game in the terminal: people and bots at one table, one seat's view at a time.

Input is a menu number or an action's notation; anything else gets a clear message and a
new prompt, and a refused move the game's own reason. The game runs in a
:class:`~saqqara.core.match.Match` whose journal gains a line with every action, so nothing
is lost if the program or the terminal dies; ``saqqara play --resume FILE`` carries on from
it with the record's seed.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.text import Text

from saqqara.core.actions import Action
from saqqara.core.agent import Agent
from saqqara.core.errors import IllegalAction, NotationError
from saqqara.core.events import Event, events_for
from saqqara.core.game import Game
from saqqara.core.journal import RecordJournal
from saqqara.core.match import Match, Step
from saqqara.core.perspective import Perspective
from saqqara.core.records import Record
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
    """Where a game's record is kept unless told otherwise (the user's data directory)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return base / "saqqara" / "records" / f"{game.spec.id}-{stamp}.jsonl"


class TerminalTable:
    """One game at the terminal. ``agents[seat]`` is a bot, or ``None`` for a person.

    The game runs in a :class:`Match` whose journal at ``record_path`` gains a line with
    every action. A resumed game keeps its record's seed; ``seed`` is for new games (and for
    a record that has none).
    """

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
        self.seat_names = [HUMAN if a is None else a.name for a in self.agents]
        journal = RecordJournal(record_path)
        if resume is None:
            self.match = Match(game, seed=seed, names=self.seat_names, journal=journal)
            self._unshown = self.match.history
        else:
            self.match = Match.resume(resume, journal=journal, seed=seed)
            self._unshown = self.match.history[len(resume.actions) :]
        self.aids = True

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> Match:
        """Play until the game ends or the person quits; every action is saved as it is made."""
        self._show_chance(self._unshown)
        try:
            while not self.match.is_over():
                self._step()
        except QuitGame:
            self.match.close()
            self.console.print(f"Game saved to {self.record_path}. Resume it with:")
            self.console.print(f"  saqqara play --resume {self.record_path}", markup=False)
            return self.match
        self._show_end()
        return self.match

    def _step(self) -> None:
        seat = self.match.to_act()[0]
        agent = self.agents[seat]
        if agent is None:
            self._ask(seat)
            return
        before = self.match.view(None)
        steps = self.match.play_bot(seat, agent)
        self._show_steps(steps, label_action(before, self.game, steps[0].text))

    def _show_steps(self, steps: Sequence[Step], label: str) -> None:
        """Log an accepted action (with its label) and the chance steps drawn after it."""
        first, *chance = steps
        who = self.seat_names[first.seat]
        self.console.print(Text(f"P{first.seat} ({who}): ", style="bold") + Text(label))
        self._show_events(first.events)
        self._show_chance(chance)

    def _show_chance(self, steps: Sequence[Step]) -> None:
        for step in steps:
            self._show_events(step.events)

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
    def _ask(self, seat: int) -> None:
        """Read commands and moves until the match accepts one of the person's moves."""
        perspective = self.match.perspective(seat)
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
            if action is not None and self._submit(seat, action):
                return

    def _submit(self, seat: int, action: Action) -> bool:
        """Submit a person's move; on a refusal, say the game's reason and return False."""
        before = self.match.view(None)
        try:
            steps = self.match.submit(seat, action)
        except IllegalAction as refusal:
            self.console.print(f"[red]{refusal.message}.[/] Type 'moves' to see your moves.")
            return False
        self._show_steps(steps, label_action(before, self.game, steps[0].text))
        return True

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
        """The action a menu number or a notation names; the match judges its legality."""
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
        return action

    def _show_menu(self, legal: list[Action], view: dict[str, Any]) -> None:
        cells = [
            f"[bold]{i + 1:>2}[/] {label_action(view, self.game, self.game.action_text(a))}"
            for i, a in enumerate(legal)
        ]
        self.console.print(Columns(cells, column_first=True, padding=(0, 3)))

    # -- the end ----------------------------------------------------------------------------
    def _show_end(self) -> None:
        self.console.rule("Game over")
        self.console.print(render(self.match.view(None), self.game, None))
        outcome = self.match.outcome()
        for seat, (rank, score) in enumerate(zip(outcome.ranks, outcome.scores, strict=True)):
            self.console.print(
                f"  P{seat} ({self.seat_names[seat]}): place {rank}, score {score:g}"
            )
        self.console.print(f"{outcome.reason}. Record saved to {self.record_path}.", markup=False)
