"""Curse of the Mummy's texts: symbols, dice, action labels, event sentences and rules.

Terms follow rulebook 002 (German): Mumie, Schatzsucher, Auftragskarten, Lebenspunkte
(Ankh), Verlies, Mumienwürfel. The symbol names are ours (the rulebook names only the red
scarab; see ``data/board.toml``). An explorer figure is named by its number in turn order.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import cache
from typing import ClassVar

from saqqara.core.actions import Action
from saqqara.core.i18n import N_, SOURCE_LANGUAGE, Translator
from saqqara.core.initials import initials, two_letters
from saqqara.core.presentation import (
    EventJSON,
    Presentation,
    ScorePart,
    View,
    register_presentation,
)
from saqqara.games.curse_of_the_mummy import actions as act
from saqqara.games.curse_of_the_mummy.data import board
from saqqara.games.curse_of_the_mummy.state import MAX_ROUNDS

ROUND_LIMIT = f"the round limit ({MAX_ROUNDS}) is reached"
"""The reason of a game ended by the round limit (decision 19)."""

SYMBOL_NAMES = {
    "scarab": N_("scarab"),
    "falcon": N_("falcon"),
    "jackal": N_("jackal"),
    "cobra": N_("cobra"),
    "lotus": N_("lotus"),
    "eye": N_("eye"),
    "crook": N_("crook"),
    "flail": N_("flail"),
    "papyrus": N_("papyrus"),
    "ibis": N_("ibis"),
    "mask": N_("mask"),
    "vase": N_("vase"),
    "sceptre": N_("sceptre"),
    "crown": N_("crown"),
    "sistrum": N_("sistrum"),
    "cat": N_("cat"),
    "amulet": N_("amulet"),
    "obelisk": N_("obelisk"),
    "sphinx": N_("sphinx"),
    "sun": N_("sun"),
    "feather": N_("feather"),
    "pyramid": N_("pyramid"),
    "canopic": N_("canopic jar"),
}

COLOURS = {
    "red": N_("red"),
    "blue": N_("blue"),
    "white": N_("white"),
    "green": N_("green"),
    "yellow": N_("yellow"),
}

FACES = {
    "1": "1",
    "2": "2",
    "3": "3",
    "4": "4",
    "arrow": N_("arrow"),
    "mummy": N_("mummy"),
}

DIRECTIONS = (N_("north"), N_("east"), N_("south"), N_("west"))

PHASES = {
    "deal": N_("dealing the task cards"),
    "turn": N_("an explorer's turn begins"),
    "roll": N_("rolling"),
    "choose": N_("choosing a die"),
    "move": N_("moving"),
    "mummy-roll": N_("the mummy rolls"),
    "mummy-move": N_("the mummy moves"),
    "reveal": N_("is anyone caught?"),
    "over": N_("game over"),
}


def symbol_code(symbol: int, lang: str = SOURCE_LANGUAGE) -> str:
    """The three letters a board drawing shows for a symbol in ``lang``: its colour's
    initial, then two letters of its name (``Rsc``: the red scarab; German ``Rsk``, the
    red Skarabäus), distinct on the board (:mod:`saqqara.core.initials`)."""
    return _symbol_codes(lang)[symbol]


@cache
def _symbol_codes(lang: str) -> tuple[str, ...]:
    b = board()
    tr = Translator(lang)
    colours = initials([tr.text(COLOURS[colour]) for colour in b.colours])
    codes = [""] * len(b.symbols)
    for index in range(len(b.colours)):
        group = b.colour_symbols(index)
        pairs = two_letters([tr.text(SYMBOL_NAMES[s.name]) for s in group])
        for s, pair in zip(group, pairs, strict=True):
            codes[s.id] = colours[index] + pair
    return tuple(codes)


class MummyPresentation(Presentation):
    """The texts of Curse of the Mummy."""

    BOARD_WORDS: ClassVar[Mapping[str, Mapping[str, str]]] = {
        "symbols": SYMBOL_NAMES,
        "colours": COLOURS,
    }

    def figure(self, figure: int) -> str:
        return self.tr("explorer {number}", number=figure + 1)

    def colour(self, slug: str) -> str:
        return self.tr.text(COLOURS[slug])

    def symbol(self, name: str) -> str:
        return self.tr.text(SYMBOL_NAMES[name])

    def face(self, word: str) -> str:
        return word if word.isdigit() else self.tr.text(FACES[word])

    def outcome_reason(self, reason: str) -> str:
        """``seat 2 played the last task card``, ``the mummy collected 5 ankhs`` or
        ``the round limit (100) is reached``."""
        if reason == ROUND_LIMIT:
            return self.tr("the round limit is reached")
        words = reason.split()
        if reason.startswith("seat ") and reason.endswith(" played the last task card"):
            return self.tr("{player} laid the last task card", player=self.player(int(words[1])))
        if reason.startswith("the mummy collected ") and len(words) == 5:
            count = int(words[3])
            return self.tr.ntr(
                "the mummy collected {count} ankh", "the mummy collected {count} ankhs", count
            )
        raise KeyError(f"no words for the Curse of the Mummy end {reason!r}")

    def label_context(self, view: View, action: Action) -> Hashable | None:
        """Every label reads the action alone."""
        return 0

    def action_label(self, view: View, action: Action) -> str:
        tr = self.tr
        b = board()
        if isinstance(action, act.Roll):
            return tr("Roll the dice")
        if isinstance(action, act.Resolve):
            return tr("Resolve the mummy dice first (the mummy moves)")
        if isinstance(action, act.Stuck):
            return tr("Say that the figure cannot move")
        if isinstance(action, act.Reroll):
            return tr("Reroll the dice that show no mummy")
        if isinstance(action, act.Announce):
            return tr("Move by {value}", value=self.face(act.FACE_WORDS[action.value]))
        if isinstance(action, act.Go):
            field = b.field_name(action.field)
            if action.play:
                symbol = b.symbols[b.symbol_at[action.field]].name
                return tr(
                    "Go to {field} and play the {symbol} card",
                    field=field,
                    symbol=self.symbol(symbol),
                )
            return tr("Go to {field}", field=field)
        if isinstance(action, act.Step):
            return tr("Step {direction}", direction=tr(DIRECTIONS[action.direction]))
        if isinstance(action, act.Stop):
            return tr("Stop the mummy here")
        if isinstance(action, act.Deal):
            return tr("Deal the {symbol} card", symbol=self.symbol(b.symbols[action.symbol].name))
        if isinstance(action, act.Die):
            return tr("A die shows {face}", face=self.face(act.FACE_WORDS[action.face]))
        if isinstance(action, act.MummyDie):
            return tr("The mummy die shows {value}", value=action.value)
        if isinstance(action, act.Reveal):
            return tr("Tell whether the mummy caught someone")
        raise TypeError(f"not a Curse of the Mummy action: {action!r}")

    def event_sentence(self, event: EventJSON) -> str:
        """The sentence of ``event``, starting with a capital also where it starts with a
        figure's name (``explorer 2 has moved.`` read as a slip)."""
        sentence = self._sentence(event)
        return sentence[:1].upper() + sentence[1:]

    def _sentence(self, event: EventJSON) -> str:
        tr = self.tr
        kind = event["kind"]
        fig = self.figure(event["figure"]) if "figure" in event else ""
        if kind == "dealt":
            return tr(
                "{player} is dealt a {colour} task card.",
                player=self.player(event["seat"]),
                colour=self.colour(event["colour"]),
            )
        if kind == "card":
            return tr("Your new task card: {symbol}.", symbol=self.symbol(event["symbol"]))
        if kind == "turn":
            return tr("{figure}'s turn ({player}).", figure=fig, player=self.player(event["seat"]))
        if kind == "roll":
            return tr.ntr(
                "{figure} rolls {count} die.",
                "{figure} rolls {count} dice.",
                event["dice"],
                figure=fig,
            )
        if kind == "reroll":
            return tr.ntr(
                "{figure} rolls {count} die again.",
                "{figure} rolls {count} dice again.",
                event["dice"],
                figure=fig,
            )
        if kind == "die":
            return tr("A die shows {face}.", face=self.face(event["face"]))
        if kind == "rolled":
            return tr(
                "{figure}'s dice: {faces}; mummy dice out: {mummy_dice}.",
                figure=fig,
                faces=", ".join(self.face(f) for f in event["faces"]),
                mummy_dice=event["mummy_dice"],
            )
        if kind == "announce":
            return tr("{figure} moves by {value}.", figure=fig, value=self.face(event["value"]))
        if kind == "moved":
            return tr("{figure} has moved.", figure=fig)
        if kind == "position":
            return tr("{figure} is on {field}.", figure=fig, field=event["field"])
        if kind == "stuck":
            return tr("{figure} cannot move and is skipped.", figure=fig)
        if kind == "turn-lost":
            return tr("Every die shows the mummy: {figure} loses the turn.", figure=fig)
        if kind == "resolve":
            return tr.ntr(
                "{figure} resolves the mummy dice: the mummy may walk {count} step.",
                "{figure} resolves the mummy dice: the mummy may walk {count} steps.",
                event["steps"],
                figure=fig,
            )
        if kind == "forced-resolve":
            return tr.ntr(
                "{figure} must resolve the mummy dice: the mummy may walk {count} step.",
                "{figure} must resolve the mummy dice: the mummy may walk {count} steps.",
                event["steps"],
                figure=fig,
            )
        if kind == "dice-resolved":
            return tr("The mummy dice are taken back.")
        if kind == "play":
            return tr(
                "{player} plays the {symbol} card: {figure} stands on {field}.",
                player=self.player(event["seat"]),
                symbol=self.symbol(event["symbol"]),
                figure=fig,
                field=event["field"],
            )
        if kind == "mummy-turn":
            return tr("The mummy's turn.")
        if kind == "mummy-die":
            return tr.ntr(
                "The mummy die shows {value}: the mummy may walk {count} step.",
                "The mummy die shows {value}: the mummy may walk {count} steps.",
                event["steps"],
                value=event["value"],
            )
        if kind == "mummy-interim":
            return tr.ntr(
                "The mummy may walk {count} step between turns.",
                "The mummy may walk {count} steps between turns.",
                event["steps"],
            )
        if kind == "mummy-step":
            return tr.ntr(
                "The mummy steps to {field} ({count} step left).",
                "The mummy steps to {field} ({count} steps left).",
                event["steps_left"],
                field=event["field"],
            )
        if kind == "mummy-stop":
            return tr("The mummy stops on {field}.", field=event["field"])
        if kind == "no-catch":
            return tr("Nobody is caught on {field}.", field=event["field"])
        if kind == "catch":
            return tr.ntr(
                "The mummy catches {figure} ({player}) on {field}: {count} ankh left, "
                "the mummy holds {mummy_ankhs}.",
                "The mummy catches {figure} ({player}) on {field}: {count} ankhs left, "
                "the mummy holds {mummy_ankhs}.",
                event["ankhs_left"],
                figure=fig,
                player=self.player(event["seat"]),
                field=event["field"],
                mummy_ankhs=event["mummy_ankhs"],
            )
        if kind == "out":
            return tr(
                "{figure} ({player}) has no ankh left and leaves the game.",
                figure=fig,
                player=self.player(event["seat"]),
            )
        if kind == "game-over":
            if event["reason"] == ROUND_LIMIT:
                return tr("Game over: the round limit is reached and the mummy wins.")
            if event["winner"] == 0:
                return tr("Game over: the mummy has collected enough ankhs and wins.")
            return tr(
                "Game over: {player} laid the last task card and wins.",
                player=self.player(event["winner"]),
            )
        raise KeyError(f"no sentence for the Curse of the Mummy event {kind!r}")

    def legend(self) -> list[tuple[str, str]]:
        tr = self.tr
        rows = [
            ("St", tr("the start (stairs): no figure may enter it")),
            ("Dg", tr("the dungeon and sarcophagus, with exits west and east")),
            ("M", tr("the mummy")),
            ("1 2 …", tr("the explorers' figures")),
            ("?", tr("a field where an unseen figure may be")),
            ("| ---", tr("walls")),
            ("_", tr("a wall on the south side of a field (in the maze shown each turn)")),
        ]
        b = board()
        lang = self.tr.lang
        for index, colour in enumerate(b.colours):
            symbols = ", ".join(
                f"{symbol_code(s.id, lang)} {self.symbol(s.name)}" for s in b.colour_symbols(index)
            )
            rows.append(
                (
                    symbol_code(b.colour_symbols(index)[0].id, lang)[0] + "..",
                    tr("{colour} symbols: {symbols}", colour=self.colour(colour), symbols=symbols),
                )
            )
        return rows

    def rules_summary(self) -> list[str]:
        tr = self.tr
        return [
            tr(
                "One player is the mummy; the others are explorers, each with a hand of task "
                "cards showing symbols in the maze. The mummy never sees the explorers' figures."
            ),
            tr(
                "An explorer rolls the five dice, setting aside every mummy face, and may roll "
                "the rest again. Then they pick one die: a number is walked in exactly that many "
                "steps, the arrow slides the figure to the next obstacle. Ending on a symbol of "
                "one of your cards lets you lay that card; laying your last card wins."
            ),
            tr(
                "After the explorers, the mummy rolls its die, adds the mummy faces lying out "
                "and walks up to that many steps. Walking into an explorer catches them: they go "
                "to the dungeon and give the mummy an ankh. The mummy wins with enough ankhs."
            ),
            tr(
                "Mummy dice that lie out may be resolved at the start of an explorer's turn: the "
                "mummy moves at once, and the explorer rolls all five dice."
            ),
        ]

    def score_name(self) -> str:
        return self.tr("ankhs for the mummy, task cards laid for an explorer")

    def score_total(self, view: View, seat: int) -> str:
        if seat == 0:
            ankhs = int(view["mummy_ankhs"])
            return self.tr.ntr("{count} ankh collected", "{count} ankhs collected", ankhs)
        laid = len(view["played"][str(seat)])
        return self.tr.ntr("{count} task card laid", "{count} task cards laid", laid)

    def score_parts(self, view: View, seat: int) -> list[ScorePart]:
        """Spielende: the mummy wins with enough ankhs, an explorer by laying their last
        task card. The mummy's part: ankhs collected and needed, figures caught out; an
        explorer's: the treasures whose cards they laid, the cards left in hand (their
        number only: which cards stays secret) and each of their figures' ankhs."""
        tr = self.tr
        outcome = view["outcome"]
        figures = view["figures"]
        if seat == 0:
            parts = [
                self.part(N_("Ankhs collected"), view["mummy_ankhs"]),
                self.part(N_("Ankhs needed to win"), view["mummy_needs"]),
                self.part(
                    N_("Explorer figures out of the game"),
                    sum(1 for f in figures if not f["in_game"]),
                ),
            ]
            why = (
                N_("no explorer laid their last task card within the round limit")
                if outcome["reason"] == ROUND_LIMIT
                else N_("collected enough ankhs")
            )
        else:
            played = view["played"][str(seat)]
            parts = [
                self.part(N_("Task cards laid"), len(played)),
                self.part(
                    N_("Treasures found"),
                    ", ".join(self.symbol(name) for name in played) or "–",
                ),
                self.part(N_("Task cards left in hand"), sum(view["hand_colours"][str(seat)])),
            ]
            for number, figure in enumerate(figures):
                if figure["seat"] != seat:
                    continue
                label = tr("Ankhs left, {figure}", figure=self.figure(number))
                value = str(figure["ankhs"]) if figure["in_game"] else tr("out of the game")
                parts.append({"label": label, "value": value})
            why = N_("laid the last task card")
        if seat in outcome["winners"]:
            parts.append(self.part(N_("Won because"), tr.text(why)))
        return parts

    def phase_name(self, phase: str) -> str:
        return self.tr.text(PHASES[phase])


register_presentation("curse-of-the-mummy", MummyPresentation)
