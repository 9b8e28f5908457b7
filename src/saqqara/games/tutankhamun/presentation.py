"""Tutankhamun's texts: tile names, action labels, event sentences, legend and rules.

The tile names follow each edition's rulebook (000, German, Amigo 1993: Goldklumpen,
Kanopen-Deckel, Goldmaske; 003, Dutch, Out of the Box 2004: zak met goud, farao-tegel,
koning Tut); the English names are ours. Scores count steps to the goal on the score track
(Amigo) or tribute coins left (Out of the Box): the fewer, the nearer the win.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import cached_property
from typing import ClassVar

from saqqara.core.actions import Action
from saqqara.core.i18n import N_
from saqqara.core.presentation import (
    EventJSON,
    Presentation,
    ScorePart,
    View,
    register_presentation,
)
from saqqara.games.tutankhamun import actions as act
from saqqara.games.tutankhamun.data import EDITIONS, edition

TILE_NAMES = {
    "panther-head": N_("Panther head"),
    "scarab-bracelet": N_("Scarab bracelet"),
    "falcon-pectoral": N_("Falcon pectoral"),
    "mirror-case": N_("Mirror case"),
    "dagger": N_("Dagger and sheath"),
    "crook-sceptre": N_("Crook and sceptre"),
    "alabaster-flask": N_("Alabaster flask"),
    "alabaster-lamp": N_("Alabaster lamp"),
    "alabaster-chalice": N_("Alabaster chalice"),
    "selket": N_("Selket"),
    "shabti": N_("Shabti"),
    "harpooner": N_("King with harpoon"),
    "throne": N_("Throne"),
    "cartouche-chest": N_("Cartouche chest"),
    "board-game": N_("Board game"),
    "nugget": N_("Gold nugget"),
    "lid": N_("Canopic lid"),
    "green-scarab": N_("Green scarab"),
    "blue-scarab": N_("Blue scarab"),
    "purple-scarab": N_("Purple scarab"),
    "green-cat": N_("Green cat"),
    "blue-cat": N_("Blue cat"),
    "purple-cat": N_("Purple cat"),
    "green-horus": N_("Green Horus"),
    "blue-horus": N_("Blue Horus"),
    "purple-horus": N_("Purple Horus"),
    "green-anubis": N_("Green Anubis"),
    "blue-anubis": N_("Blue Anubis"),
    "purple-anubis": N_("Purple Anubis"),
    "green-death-mask": N_("Green death mask"),
    "blue-death-mask": N_("Blue death mask"),
    "purple-death-mask": N_("Purple death mask"),
    "bag": N_("Bag of gold"),
    "pharaoh": N_("Pharaoh tile"),
    "king-tut": N_("King Tut"),
}
"""Every tile slug of both editions with its English name (the catalog's source text)."""

REASONS = {
    "every pawn is past the end": N_("every pawn is past the end of the path"),
    "the path is empty": N_("the path is empty"),
    "no tile can be taken": N_("no tile can be taken"),
    "reached the goal": N_("a player reached the goal"),
    "paid the last coin": N_("a player paid the last coin"),
}

SEAT_REASONS = {
    "reached the goal": N_("{player} reached the goal"),
    "paid the last coin": N_("{player} paid the last coin"),
}
"""The ends a seat brings about, by the reason's words after ``seat N``."""

WIN_REASONS = {
    "reached the goal": N_("reached the goal first"),
    "paid the last coin": N_("paid the last coin first"),
    "every pawn is past the end": N_("nearest to the goal when every pawn had left the path"),
    "the path is empty": N_("fewest coins left when the path was empty"),
}
"""Why a winner won, by the end's reason (its seat dropped)."""

PHASES = {
    "setup": N_("laying out the path"),
    "move": N_("moving"),
    "steal": N_("using the special tile"),
    "scoring": N_("scoring"),
    "over": N_("game over"),
}


_WORDED_TILES: dict[tuple[str, str, bool], dict[str, str]] = {}
"""Tiles' worded names by edition, language and strictness (see ``_tiles``)."""


class TutankhamunPresentation(Presentation):
    """The texts of Tutankhamun in either edition."""

    BOARD_WORDS: ClassVar[Mapping[str, Mapping[str, str]]] = {
        "tiles": {**TILE_NAMES, "mask": N_("Gold mask")}
    }
    BOARD_VALUES: ClassVar[Mapping[str, Mapping[str, int]]] = {
        edition_id: {t.slug: t.count for t in edition(edition_id).types} for edition_id in EDITIONS
    }

    @property
    def amigo(self) -> bool:
        return self.game.options["edition"] == "amigo-1993"

    @cached_property
    def values(self) -> dict[str, int]:
        """Each treasure type's value (how many of its kind exist), by slug."""
        return {t.slug: t.count for t in edition(self.game.options["edition"]).types}

    @cached_property
    def _tiles(self) -> dict[str, str]:
        """Each tile's worded name, as met (at most one a tile kind), shared by the
        presentations of the edition and language (a server makes one per table's names)."""
        key = (self.game.options["edition"], self.tr.lang, self.tr.strict)
        return _WORDED_TILES.setdefault(key, {})

    def wild_letter(self) -> str:
        """The compact board's letter for the wildcards a seat holds: the initial of their
        name in this language (canopic lids in Amigo, pharaoh tiles in Out of the Box)."""
        name = self.tr.text(TILE_NAMES["lid" if self.amigo else "pharaoh"])
        return name[:1].lower()

    def codes(self) -> dict[str, str]:
        return {"wild": self.wild_letter()}

    def tile(self, slug: str) -> str:
        """A tile's name with its value (how many of its kind exist), if it has one."""
        found = self._tiles.get(slug)
        if found is None:
            name = self.tr.text(TILE_NAMES[slug])
            values = self.values
            found = f"{name} {values[slug]}" if slug in values else name
            self._tiles[slug] = found
        return found

    def reason(self, event: EventJSON) -> str:
        """The reason of an end or a discard; ``seat 2 reached the goal`` drops its seat (the
        event names the winners)."""
        reason = str(event["reason"])
        if reason.startswith("seat "):
            reason = reason.split(" ", 2)[2]
        return self.tr.text(REASONS[reason])

    def outcome_reason(self, reason: str) -> str:
        """``seat 2 reached the goal`` names the seat's player; the other ends are the
        event's reasons."""
        seat, _, done = reason.removeprefix("seat ").partition(" ")
        if reason.startswith("seat ") and done in SEAT_REASONS:
            return self.tr(SEAT_REASONS[done], player=self.player(int(seat)))
        return self.tr.text(REASONS[reason])

    def label_context(self, view: View, action: Action) -> Hashable | None:
        """A move reads the tile on its slot and a steal names its victim; the other labels
        read the action alone (and the edition, which is the game's)."""
        kind = type(action)
        if kind is act.Take:
            return view["path"][action.slot]  # type: ignore[attr-defined,no-any-return]
        if kind is act.Steal:
            return None
        return 0

    def action_label(self, view: View, action: Action) -> str:
        tr = self.tr
        ed = edition(self.game.options["edition"])
        if isinstance(action, act.Take):
            return tr(
                "Move to {slot} and take {tile}",
                slot=action.slot,
                tile=self.tile(view["path"][action.slot]),
            )
        if isinstance(action, act.Exit):
            return tr("Move past the end of the path")
        if isinstance(action, act.Steal):
            tile = self.tile(ed.kind_slug(action.kind))
            victim = self.player(action.victim)
            if self.amigo:
                return tr(
                    "Give the gold nugget to {player} and take a {tile}", player=victim, tile=tile
                )
            return tr("Buy a {tile} from {player} with the bag of gold", tile=tile, player=victim)
        if isinstance(action, act.Decline):
            if self.amigo:
                return tr("Give the gold nugget away and take nothing")
            return tr("Let the bag of gold go unused")
        if isinstance(action, act.PlayLid):
            return tr("Play a canopic lid in this scoring")
        if isinstance(action, act.PlayMask):
            return tr("Play the gold mask in this scoring")
        if isinstance(action, act.PlayWild):
            return tr("Add a pharaoh tile to this scoring")
        if isinstance(action, act.Pass):
            return tr("Play nothing more in this scoring")
        if isinstance(action, act.Draw):
            return tr("Lay {tile} on the path", tile=self.tile(ed.kind_slug(action.kind)))
        raise TypeError(f"not a Tutankhamun action: {action!r}")

    def event_sentence(self, event: EventJSON) -> str:
        tr = self.tr
        kind = event["kind"]
        who = self.player(event["seat"]) if "seat" in event else ""
        tile = self.tile(event["tile"]) if "tile" in event else ""
        if kind == "draw":
            return tr("{tile} is laid on slot {slot}.", tile=tile, slot=event["slot"])
        if kind == "turn":
            return tr("{player}'s turn.", player=who)
        if kind == "take":
            return tr(
                "{player} moves to {slot} and takes {tile}.",
                player=who,
                slot=event["slot"],
                tile=tile,
            )
        if kind == "remove":
            return tr(
                "Nobody took {tile} on slot {slot}; it is removed.", tile=tile, slot=event["slot"]
            )
        if kind == "scoring":
            return tr("Scoring of {tile}.", tile=tile)
        if kind == "scored":
            return self._scored(event)
        if kind == "score":
            if self.amigo:
                return tr.ntr(
                    "{player} moves {count} step ({left} to the goal).",
                    "{player} moves {count} steps ({left} to the goal).",
                    event["points"],
                    player=who,
                    left=event["left"],
                )
            return tr.ntr(
                "{player} pays {count} coin ({left} left).",
                "{player} pays {count} coins ({left} left).",
                event["points"],
                player=who,
                left=event["left"],
            )
        if kind == "steal":
            victim = self.player(event["victim"])
            if self.amigo:
                return tr(
                    "{player} gives the gold nugget to {victim} and takes a {tile}.",
                    player=who,
                    victim=victim,
                    tile=tile,
                )
            return tr(
                "{player} buys a {tile} from {victim} with the bag of gold.",
                player=who,
                victim=victim,
                tile=tile,
            )
        if kind == "steal-declined":
            return tr("{player} takes nothing with the special tile.", player=who)
        if kind == "steal-discarded":
            return tr(
                "{player}'s special tile is discarded: {reason}.",
                player=who,
                reason=self.reason(event),
            )
        if kind == "exit":
            return tr("{player} moves past the end of the path.", player=who)
        if kind == "gold-mask":
            return tr("{player} takes the gold mask.", player=who)
        if kind == "king-tut":
            return tr("{player} takes King Tut and pays a coin.", player=who)
        if kind == "lid":
            return tr("{player} plays a canopic lid on {tile}.", player=who, tile=tile)
        if kind == "mask":
            return tr("{player} plays the gold mask on {tile}.", player=who, tile=tile)
        if kind == "pharaoh":
            return tr("{player} adds a pharaoh tile to {tile}.", player=who, tile=tile)
        if kind == "pass":
            return tr("{player} plays nothing more.", player=who)
        if kind == "game-over":
            return tr(
                "Game over ({reason}): {winners} won.",
                reason=self.reason(event),
                winners=self.players(event["winners"]),
            )
        raise KeyError(f"no sentence for the Tutankhamun event {kind!r}")

    def _scored(self, event: EventJSON) -> str:
        tr = self.tr
        tile = self.tile(event["tile"])
        places = [(tr("first"), event["first"]), (tr("second"), event["second"])]
        paid = [
            tr("{place}: {player} {points}", place=place, player=self.player(s), points=p)
            for place, awards in places
            for s, p in awards
        ]
        if not paid:
            return tr("{tile} scores for nobody.", tile=tile)
        return tr("{tile} scores: {awards}.", tile=tile, awards="; ".join(paid))

    def legend(self) -> list[tuple[str, str]]:
        tr = self.tr
        rows = [
            ("12", tr("a slot of the path, numbered from 0 at its start")),
            (
                self.tile("throne" if self.amigo else "green-death-mask"),
                tr("a tile: its kind and how many of that kind exist"),
            ),
            (self.player(0), tr("a player's pawn on the path")),
            ("·", tr("an empty slot: its tile was taken or removed")),
        ]
        if self.amigo:
            rows += [
                (tr("Gold nugget"), tr("take one tile of a kind you own from another player")),
                (tr("Canopic lid"), tr("wins a tie in a scoring; an answering lid undoes it")),
                (
                    tr("Gold mask"),
                    tr("the first to leave the path takes it: one more tile in a scoring"),
                ),
            ]
        else:
            rows += [
                (tr("Bag of gold"), tr("buy one tile of a kind you own from another player")),
                (tr("Pharaoh tile"), tr("counts as one more tile of a kind in its scoring")),
                (tr("King Tut"), tr("the last tile, on the pyramid's rim: a pharaoh tile")),
            ]
        return rows

    def rules_summary(self) -> list[str]:
        tr = self.tr
        rules = [
            tr(
                "Tiles lie in a winding path towards the pyramid. On your turn move your pawn "
                "forward, as far as you like, and take the tile you land on. Pawns never go "
                "back, and tiles every pawn has passed are removed."
            ),
            tr(
                "Each kind of treasure is scored when its last tile leaves the path: the player "
                "with the most tiles of the kind scores its value, the second half of it; ties "
                "share or score nothing."
            ),
        ]
        if self.amigo:
            rules += [
                tr(
                    "Points move your marker along the score track. The first to reach the goal "
                    "wins; when every pawn has left the path, the one nearest to it wins."
                ),
                tr(
                    "A gold nugget goes at once to another player, who moves one step nearer the "
                    "goal; you take one tile of a kind you own from them. Canopic lids win ties "
                    "in a scoring; the gold mask counts as one more tile."
                ),
            ]
        else:
            rules += [
                tr(
                    "Points are coins you pay: the first to pay the last coin wins; when the path "
                    "is empty, the fewest coins win."
                ),
                tr(
                    "A bag of gold buys one tile of a kind you own from another player. Pharaoh "
                    "tiles and King Tut each add one tile to a scoring of a kind you own."
                ),
            ]
        return rules

    def score_name(self) -> str:
        return self.tr("steps to the goal") if self.amigo else self.tr("coins left")

    def score_total(self, view: View, seat: int) -> str:
        left = int(view["scores"][seat])
        if self.amigo:
            return self.tr.ntr("{count} step to the goal", "{count} steps to the goal", left)
        return self.tr.ntr("{count} coin left", "{count} coins left", left)

    def score_parts(self, view: View, seat: int) -> list[ScorePart]:
        """Spielende / Einde van het spel: the score track (Amigo) or the coins (Out of the
        Box) from the start to the end, the specials never played, tiles never scored, and
        for a winner why they won."""
        start = edition(self.game.options["edition"]).start[self.game.players]
        left = int(view["scores"][seat])
        wilds = int(view["wilds"][seat])
        unscored = sum(view["holdings"][seat].values())
        if self.amigo:
            parts = [
                self.part(N_("Start on the score track"), start),
                self.part(N_("Steps moved towards the goal"), start - left),
                self.part(N_("Steps left to the goal"), left),
                self.part(N_("Canopic lids not played"), wilds),
            ]
            if view["mask"] == seat:
                parts.append(self.part(N_("Gold mask"), self.tr("held, not played")))
        else:
            parts = [
                self.part(N_("Coins at the start"), start),
                self.part(N_("Coins paid"), start - left),
                self.part(N_("Coins left"), left),
                self.part(N_("Pharaoh tiles not played"), wilds),
            ]
        if unscored:
            parts.append(self.part(N_("Treasure tiles never scored"), unscored))
        outcome = view["outcome"]
        if seat in outcome["winners"]:
            reason = str(outcome["reason"])
            if reason.startswith("seat "):
                reason = reason.split(" ", 2)[2]
            parts.append(self.part(N_("Won because"), self.tr.text(WIN_REASONS[reason])))
        return parts

    def phase_name(self, phase: str) -> str:
        return self.tr.text(PHASES[phase])


register_presentation("tutankhamun", TutankhamunPresentation)
