"""Playing a game in the terminal: people and bots at one table, one seat's view at a time.

Input is a menu letter or an action's notation; anything else gets a clear message and a
new prompt, and a refused move the game's own reason. A person learns of the other seats'
moves only through the events their seat may see, told by the game's presentation in the
table's language. The game runs in a :class:`~saqqara.core.match.Match` whose journal gains
a line with every action, so nothing is lost if the program or the terminal dies;
``saqqara play --resume FILE`` carries on from it with the record's seed. A name from
outside (``--name``, or a remote table's) is printed only as :func:`printable` makes it.
"""

from __future__ import annotations

import os
import re
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from saqqara.core.actions import Action
from saqqara.core.agent import Agent
from saqqara.core.errors import IllegalAction, NotationError
from saqqara.core.events import JSON, Event
from saqqara.core.game import CHANCE, Game
from saqqara.core.i18n import N_, SOURCE_LANGUAGE, Translator
from saqqara.core.journal import RecordJournal
from saqqara.core.match import Match, Step
from saqqara.core.perspective import Perspective
from saqqara.core.presentation import Presentation, ScoreLine, presentation_for
from saqqara.core.records import Record
from saqqara.core.refusals import known, translate_refusal
from saqqara.ui.commands import command, command_fields
from saqqara.ui.compact import COMPACT, compact_marks
from saqqara.ui.end_screen import GAME_OVER, final_board, show_end
from saqqara.ui.hinting import HELP_HINT, NO_HINTS, THINKING, LocalHinter, hint_sentence
from saqqara.ui.news import Headline, names_seat, show_news, turn_rows
from saqqara.ui.renderers import has_aids, render, without_aids

HUMAN = "human"
PAGE = 8
"""Menu entries shown at once; "more" shows the next ones, "moves" all of them."""
RECENT = 6
"""Log lines shown before a person's turn; "log" shows everything since their last move."""

HELP = N_(
    'Type the letter of a move from the menu, or its notation (for example "{example}"). '
    'Commands: "{more}" shows more of the menu, "{moves}" lists every move, "{board}" shows the '
    'table, "{log}" what happened since your last move, "{rules}" the rules in brief, "{legend}" '
    'the symbols of the board, "{quit}" saves the game and stops.'
)
HELP_AID = N_('"{aid}" switches the aid of unseen figures off and on.')
"""Said only in a game whose views carry an aid (Curse of the Mummy)."""
HELP_UNDO = N_(
    '"{undo}" takes back your last move while you are still to decide and nothing happened '
    "since (no other player's move, no chance, nothing revealed)."
)
UNDONE = N_("Your last move is taken back.")
UNDO_NOTHING = N_("You have no move to take back.")
UNDO_OTHERS = N_("Another player has moved since your last move: it stands.")
UNDO_CHANCE = N_("Chance was drawn since your last move: it stands.")
UNDO_REVEALED = N_("Your last move revealed something: it stands.")
QUIET = {
    "tutankhamun": frozenset({"draw"}),
    "curse-of-the-mummy": frozenset({"die"}),
    "tutankhamuns-revenge": frozenset({"laid", "lay"}),
    "valley-of-the-kings": frozenset({"draw", "order-written"}),
}
"""Event kinds the log leaves out: single draws and dice that the board or a later event
sums up (each is still shown on the board)."""

UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""What a text from outside may not bring to the terminal: the C0 and C1 control
characters (an escape sequence could clear the screen or recolour it, a line break or a
carriage return print a line nobody wrote) and the bidirectional controls, which turn
the text around them."""
SHOWN_INSTEAD = "\ufffd"
"""What stands in for each of them: the replacement character, visible and harmless."""


def printable(text: str) -> str:
    """``text`` as the terminal may print it: each control character and bidirectional
    control (:data:`UNPRINTABLE`) replaced by a visible U+FFFD. Every text that comes
    from outside (a name, a label, an event's sentence, an error) goes through it."""
    return UNPRINTABLE.sub(SHOWN_INSTEAD, text)


UNSHOWN = N_(
    "'{key}' is not on the menu yet: type '{more}' for the next moves, "
    "or '{moves}' for all of them."
)
"""Said of a menu letter whose move has not been shown this turn: a typo must never play a
move the person never saw."""


def print_legend(console: Console, text: Presentation, game_id: str) -> None:
    """``legend``: the board's symbols and abbreviations, then the compact board's marks
    (a trial could not tell what ``*``, ``◀`` or ``@-`` meant)."""
    for symbol, meaning in text.legend():
        console.print(f"{symbol:>8}  {meaning}", markup=False)
    marks = compact_marks(game_id)
    if marks:
        console.print(text.tr("On the short board:"), markup=False)
    codes = text.codes()
    for symbol, meaning in marks:
        shown = symbol.format(**codes) if codes else symbol
        console.print(f"{shown:>9}  {text.tr(meaning)}", markup=False)


def menu_page(page: int | None, size: int, total: int) -> tuple[int, int]:
    """The entries ``first`` to ``last`` (exclusive) that page ``page`` of a menu of
    ``total`` entries shows, ``size`` a page (``None``: all of them). A single entry left
    after a page is shown on it, in the row that would have said "'more' shows the next
    ones" (a trial met menus that hid one move behind 'more')."""
    if page is None:
        return 0, total
    first, last = page * size, (page + 1) * size
    return first, total if total - last == 1 else min(last, total)


CLEAR_SCROLLBACK = "\x1b[3J"
"""The terminal control that drops the scrollback (xterm's, tmux's, most others')."""
PHASE_ENDS = frozenset({"done", "stop", "exit", "pass"})
"""The notations of the moves that end a seat's phase or turn (Valley's ``done``,
Revenge's ``stop``, Tutankhamun's ``exit``): the games list them last, where a long menu
hid them behind 'more' (:func:`menu_order`)."""


def menu_order(notations: Sequence[str], size: int) -> list[int]:
    """The menu's order of moves given by their ``notations`` in the game's order: the same,
    but that a move ending the phase or turn (:data:`PHASE_ENDS`) that a first page of
    ``size`` rows would not show is moved onto that page's last rows."""
    total = len(notations)
    first_page = menu_page(0, size, total)[1]
    enders = [i for i, text in enumerate(notations) if text in PHASE_ENDS]
    if all(i < first_page for i in enders):
        return list(range(total))
    ending = set(enders)
    others = [i for i in range(total) if i not in ending]
    keep = max(size - len(enders), 0)
    return others[:keep] + enders + others[keep:]


def next_menu_page(page: int, size: int, total: int) -> int:
    """The page 'more' shows after ``page``: the next one, or the first again after the
    last (:func:`menu_page`)."""
    return page + 1 if menu_page(page, size, total)[1] < total else 0


def menu_index(line: str, total: int) -> int | None:
    """The entry of a menu of ``total`` whose letter ``line`` is (:func:`menu_key`);
    ``None`` where it is no menu letter."""
    return {menu_key(i): i for i in range(total)}.get(line.lower())


def menu_key(index: int) -> str:
    """The menu key of entry ``index``: ``a`` ... ``z``, then ``aa``, ``ab``, ...; letters,
    so that no key looks like a board position."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    if index < len(letters):
        return letters[index]
    return letters[index // len(letters) - 1] + letters[index % len(letters)]


class QuitGame(Exception):
    """The person at the terminal asked to stop."""


def records_dir() -> Path:
    """Where games are saved unless told otherwise (the user's data directory)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "saqqara" / "records"


def default_record_path(game: Game) -> Path:
    """A new file name for a game's record: its game, the time and a random tag, so that
    two games started in the same second keep separate files."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return records_dir() / f"{game.spec.id}-{stamp}-{secrets.token_hex(3)}.jsonl"


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
        lang: str = SOURCE_LANGUAGE,
        names: Sequence[str] | None = None,
        hinter: LocalHinter | None = None,
    ) -> None:
        self.game = game
        self.hinter = hinter
        """What answers a person's ``hint`` (the strong bot, from their own view alone);
        ``None``: the table gives no hints."""
        self.agents = list(agents)
        self.console = console
        self.read_line = read_line
        self.record_path = record_path
        self.seat_names = [HUMAN if a is None else a.name for a in self.agents]
        self.aids = True
        self.page = PAGE
        self.tr = Translator(lang)
        self.words = command_fields(lang)
        """The table's command words, the fields of the texts that name them."""
        shown = None if names is None else [printable(name) for name in names]
        self.text: Presentation = presentation_for(game, lang, shown)
        self.people = [s for s, a in enumerate(self.agents) if a is None]
        self.log: dict[int | None, list[list[Headline]]] = {s: [] for s in [None, *self.people]}
        """Per person (``None``: a spectator), the sentences of each action since their last
        move, as they may see them."""
        self.last_person: int | None = None
        journal = RecordJournal(record_path)
        meta: dict[str, JSON] = {"lang": lang}
        if names is not None:
            meta["names"] = list(names)  # the table's names, kept for a resume
        if resume is None:
            self.match = Match(game, seed=seed, names=self.seat_names, journal=journal, meta=meta)
            unshown = self.match.history
        else:
            kept = replace(resume, meta={**resume.meta, **meta})  # as it goes on now
            self.match = Match.resume(kept, journal=journal, seed=seed)
            unshown = self.match.history[len(resume.actions) :]
        for step in unshown:
            self._note(step.events)

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> Match:
        """Play until the game ends or the person quits (or presses Ctrl-C); every action is
        saved as it is made."""
        try:
            while not self.match.is_over():
                self._step()
        except (QuitGame, KeyboardInterrupt):
            self.match.close()
            self.console.print(
                self.tr("Game saved to {path}. Resume it with:", path=self.record_path),
                markup=False,
                soft_wrap=True,  # no line break inside the path: a copy of it still works
            )
            self.console.print(
                f"  saqqara play --resume {self.record_path}", markup=False, soft_wrap=True
            )
            return self.match
        self._show_end()
        return self.match

    def _step(self) -> None:
        seat = self.match.to_act()[0]
        agent = self.agents[seat]
        if agent is None:
            self._ask(seat)
            return
        self._show_steps(self.match.play_bot(seat, agent))

    def _show_steps(self, steps: Sequence[Step]) -> None:
        """Each person learns of an accepted action and the chance drawn after it only
        through the events they may see (never the action's text), before their next move."""
        for step in steps:
            self._note(step.events)

    def _note(self, events: Sequence[Event]) -> None:
        quiet = QUIET.get(self.game.spec.id, frozenset()) | {GAME_OVER}  # the end says it
        for viewer, entries in self.log.items():
            lines = [
                Headline(self.text.event_sentence(e.to_json()), names_seat(e.data, viewer))
                for e in events
                if e.visible_to(viewer) and e.kind not in quiet
            ]
            if lines:
                entries.append(lines)
        if not self.people:
            self._show_log(None, everything=True)

    def _show_log(self, viewer: int | None, everything: bool = False, most: int = RECENT) -> int:
        """What ``viewer`` may know of what happened since their last move
        (:func:`show_news`: the latest action's sentences standing out, their own kept);
        unless ``everything``, at most ``most`` rows. The number of rows printed."""
        return show_news(self.console, self.tr, self.log[viewer], most=most, everything=everything)

    # -- a person's turn ------------------------------------------------------------------
    def _ask(self, seat: int) -> None:
        """Read commands and moves until the match accepts one of the person's moves."""
        perspective = self.match.perspective(seat)
        self._hand_over(seat)
        name = self.text.player(seat)
        self.console.rule(Text(self.tr("{player}, your move", player=name), style="rule.text"))
        legal = perspective.legal_actions()
        compact = COMPACT.get(self.game.spec.id)
        log_room = RECENT
        if compact is None:
            self.console.print(self._board(perspective, seat))
            self.page = PAGE
        else:
            view = perspective.view()
            drawn = compact(view if self.aids else without_aids(view, self.game), seat, self.text)
            for row in drawn:
                self.console.print(row, no_wrap=True)
            # what is left of the screen below the rule, the board and above the prompt
            room = self.console.height - len(drawn) - 2
            logged = sum(len(lines) for lines in self.log[seat])
            self.page, log_room = turn_rows(room, len(legal), logged)
        self._show_log(seat, most=log_room)
        order = menu_order([self.game.action_text(a) for a in legal], self.page)
        legal = [legal[i] for i in order]
        page = 0
        shown = self._show_menu(legal, perspective.view(), page)
        while True:
            try:
                line = self.read_line(f"{name}> ").strip()
            except EOFError:
                raise QuitGame from None
            if not line:
                continue
            word = command(line, self.tr.lang)
            if word == "quit":
                raise QuitGame
            if word == "help":
                example = self.game.action_text(legal[0])
                told = self.tr(HELP, example=example, **self.words)
                if has_aids(self.game):
                    told += " " + self.tr(HELP_AID, **self.words)
                told += " " + self.tr(HELP_UNDO, **self.words)
                if self.hinter is not None:
                    told += " " + self.tr(HELP_HINT, **self.words)
                self.console.print(told, markup=False)
            elif word == "undo":
                refusal = self._undo_refusal(seat)
                if refusal is None:
                    self._take_back(seat)
                    return  # the same person decides again, from the position before
                self.console.print(Text(self.tr(refusal), style="red"))
            elif word == "hint":
                self._hint(perspective, seat)
            elif word == "board":
                self.console.print(self._board(perspective, seat))
            elif word == "aid":
                self._toggle_aids()
                self.console.print(self._board(perspective, seat))
            elif word == "moves":
                shown |= self._show_menu(legal, perspective.view(), None)
            elif word == "more":
                page = next_menu_page(page, self.page, len(legal))
                shown |= self._show_menu(legal, perspective.view(), page)
            elif word == "log":
                self._show_log(seat, everything=True)
            elif word == "rules":
                for paragraph in self.text.rules_summary():
                    self.console.print(paragraph, markup=False)
            elif word == "legend":
                print_legend(self.console, self.text, self.game.spec.id)
            else:
                action = self._read_action(line, legal, shown)
                if action is not None and self._submit(seat, action):
                    return

    def _hint(self, perspective: Perspective, seat: int) -> None:
        """Say what the strong bot would play at ``seat``'s decision, worked out from the
        seat's own view (what it may see) and nothing else."""
        if self.hinter is None:
            self.console.print(self.tr(NO_HINTS), markup=False)
            return
        self.console.print(self.tr(THINKING), style="dim", markup=False)
        view = perspective.view()
        table = self.record_path.stem
        answer = self.hinter(self.game, view, seat, table, len(self.match.history))
        label = self.text.action_label(view, self.game.action_from_id(answer.action))
        self.console.print(hint_sentence(self.tr, label, answer.value), markup=False)

    def _undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back the match's last step (``None``: it may): the
        step must be its own, with nothing after it, and must have revealed nothing. At a
        local table every person may take back their own move so (the server's tables
        allow it only when made with undo)."""
        history = self.match.history
        mine = [i for i, step in enumerate(history) if step.seat == seat]
        if not mine:
            return UNDO_NOTHING
        since = history[mine[-1] + 1 :]
        if any(step.seat not in (seat, CHANCE) for step in since):
            return UNDO_OTHERS
        if since:
            return UNDO_CHANCE
        last = history[-1]
        if any(event.reveal for event in last.events):
            return UNDO_REVEALED
        return None

    def _take_back(self, seat: int) -> None:
        """The match again from its record without its last step (``seat``'s own); the
        record file is written afresh without it."""
        record = self.match.record
        kept = replace(record, actions=record.actions[:-1])
        self.match.close()
        self.match = Match.resume(kept, journal=RecordJournal(self.record_path))
        self.log[seat].clear()
        self.console.print(self.tr(UNDONE), markup=False)

    def _submit(self, seat: int, action: Action) -> bool:
        """Submit a person's move; on a refusal, say the game's reason and return False."""
        try:
            steps = self.match.submit(seat, action)
        except IllegalAction as refusal:
            self.console.print(
                Text(f"{self._reason(refusal.message)}. ", style="red")
                + Text(self.tr("Type '{moves}' to see your moves.", **self.words))
            )
            return False
        self.log[seat].clear()
        self._show_steps(steps)
        return True

    def _reason(self, message: str) -> str:
        """A refusal's English ``message`` in the table's language."""
        return translate_refusal(message, self.tr, self.text.phase_name)

    def _hand_over(self, seat: int) -> None:
        """Between two people at one terminal in a game of hidden information, a clear
        screen that waits until the next person is ready, so neither sees the other's view."""
        if (
            len(self.people) > 1
            and self.game.spec.hidden_information
            and self.last_person not in (None, seat)
        ):
            self._clear_all()
            self.console.print(
                self.tr(
                    "Pass the terminal to {player} and press Enter when only {player} is looking.",
                    player=self.text.player(seat),
                ),
                markup=False,
            )
            try:
                self.read_line("")
            except EOFError:
                raise QuitGame from None
            self._clear_all()
        self.last_person = seat

    def _clear_all(self) -> None:
        """Clear the screen and the terminal's scrollback too (``ESC [3J``): the person
        taking over must not scroll up to read the other's view (a trial's mummy read an
        explorer's cards so)."""
        self.console.clear()
        if self.console.is_terminal:  # after the clear, which may scroll the screen into it
            self.console.file.write(CLEAR_SCROLLBACK)
            self.console.file.flush()

    def _board(self, perspective: Perspective, seat: int) -> RenderableType:
        view = perspective.view()
        shown = view if self.aids else without_aids(view, self.game)
        return render(shown, self.game, seat, self.text)

    def _toggle_aids(self) -> None:
        if not has_aids(self.game):
            self.console.print(self.tr("This game has no aid to switch."), markup=False)
            return
        self.aids = not self.aids
        message = self.tr("The aid is on.") if self.aids else self.tr("The aid is off.")
        self.console.print(message, markup=False)

    def _read_action(self, line: str, legal: list[Action], shown: set[int]) -> Action | None:
        """The move ``line`` names: the letter of a move ``shown`` on the menu this turn, or
        a move's notation; ``None`` (and a clear word) otherwise."""
        index = menu_index(line, len(legal))
        if index is not None:
            if index not in shown:
                self.console.print(
                    Text(self.tr(UNSHOWN, key=line.lower(), **self.words), style="red")
                )
                return None
            return legal[index]
        try:
            action = self.game.parse_action(line)
        except NotationError as exc:
            # a reason from a marked template is said in the table's language; the others
            # are English, so another language says it in its own words
            said = (
                self._reason(exc.message)
                if self.tr.lang == SOURCE_LANGUAGE or known(exc.message)
                else self.tr("'{text}' is not a move of this game.", text=line)
            )
            self.console.print(
                Text(f"{said.rstrip('.')}. ", style="red")
                + Text(
                    self.tr(
                        "Type a letter from the menu, a move's notation or '{help}'.", **self.words
                    )
                )
            )
            return None
        return action

    def _show_menu(self, legal: list[Action], view: dict[str, Any], page: int | None) -> set[int]:
        """One page of the menu (``None``: all of it), each entry with its letter, label and
        notation; the indices shown."""
        size = self.page
        first, last = menu_page(page, size, len(legal))
        for i, action in enumerate(legal[first:last], start=first):
            entry = Text(f"{menu_key(i):>2} ", style="bold")
            entry.append(self.text.action_label(view, action))
            entry.append(f"  [{self.game.action_text(action)}]", style="dim")
            entry.truncate(self.console.width - 1, overflow="ellipsis")
            self.console.print(entry, no_wrap=True)
        if last < len(legal):
            self.console.print(
                self.tr(
                    "{shown} of {total} moves; '{more}' shows the next ones.",
                    shown=f"{menu_key(first)}–{menu_key(last - 1)}",
                    total=len(legal),
                    **self.words,
                ),
                style="dim",
                markup=False,
            )
        return set(range(first, last))

    # -- the end ----------------------------------------------------------------------------
    def _show_end(self) -> None:
        """The end on one 80 x 24 screen (:func:`show_end`), as the one person at the terminal
        may see it (with several people, as a spectator would), their own seat named: the
        latest news, the compact board where it fits, why the game ended, every seat's
        score broken down as the rulebook counts it, and where the record is (``saqqara
        replay`` on it draws the final board in full)."""
        viewer = self.people[0] if len(self.people) == 1 else None
        view = self.match.view(viewer)

        def who(line: ScoreLine) -> str:
            seat, name = line["seat"], line["name"]
            if seat == viewer:
                return self.tr("{player} (you)", player=name)
            if seat not in self.people:
                return f"{name} ({self.seat_names[seat]})"
            return name

        reason = self.text.outcome_reason(self.match.outcome().reason)
        show_end(
            self.console,
            self.tr,
            news=[line.text for lines in self.log[viewer] for line in lines] if self.people else [],
            board=final_board(self.console, self.game, view, viewer, self.text),
            result=[self.tr("Game over: {reason}.", reason=reason)] if reason else [],
            scores=self.text.score_breakdown(view),
            who=who,
            after=[self.tr("Record saved to {path}.", path=self.record_path)],
            no_board=self.tr("The final board: saqqara replay {path}", path=self.record_path),
        )
