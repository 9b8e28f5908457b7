"""Valley of the Kings' texts: stones, places, action labels, event sentences and rules.

German terms follow rulebook 001: Aufseher, Arbeiter, Biet-Tafeln, Bausteine, Bauplatz,
Baufeld, Pharaonen-Pyramide, Skarabäus-Steine. Places are named as on the board: areas by
number (``16``), fields by site and letter (``13-H``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import cache
from typing import ClassVar

from saqqara.core.actions import Action
from saqqara.core.i18n import N_
from saqqara.core.initials import initials
from saqqara.core.presentation import (
    EventJSON,
    Presentation,
    ScorePart,
    View,
    register_presentation,
)
from saqqara.games.valley_of_the_kings import actions as act
from saqqara.games.valley_of_the_kings.data import board
from saqqara.games.valley_of_the_kings.scoring import LAYERED, MIXED, SINGLE, STRIPED, kind
from saqqara.games.valley_of_the_kings.state import MAX_ROUNDS

COLOURS = {
    "red": N_("red"),
    "grey": N_("grey"),
    "black": N_("black"),
    "white": N_("white"),
    "sand": N_("sand"),
}

PIECES = {"overseer": N_("overseer {number}"), "worker": N_("worker {number}")}

REASONS = {
    "the pharaoh pyramid is finished": N_("the pharaoh pyramid is finished"),
    "every pyramid is finished": N_("every pyramid is finished"),
    f"the round limit ({MAX_ROUNDS}) is reached": N_("the round limit is reached"),
}

SIZES = {"small": N_("small"), "large": N_("large")}

KINDS = {
    SINGLE: N_("single colour"),
    LAYERED: N_("layered"),
    STRIPED: N_("striped"),
    MIXED: N_("mixed"),
}
"""The kinds of a finished pyramid, as the score table names them."""

PHASES = {
    "setup": N_("setting up"),
    "draw": N_("drawing stones"),
    "bid": N_("bidding"),
    "overseers": N_("moving overseers"),
    "orders": N_("writing orders"),
    "workers": N_("moving workers"),
    "steal": N_("stealing"),
    "takeover": N_("taking over"),
    "build": N_("building"),
    "over": N_("game over"),
}


_ORDER_TEXTS: dict[
    tuple[str, bool], tuple[dict[tuple[int, bool], tuple[Action, str]], dict[int, str]]
] = {}
"""The parts of the pieces' order labels, by language (see ``_order_label``)."""


@cache
def _distances() -> dict[str, tuple[int, ...]]:
    """Each place's distances to every node, by the place's name as views give it."""
    b = board()
    return {name: tuple(b.dist[index]) for index, name in enumerate(b.node_names)}


def _distance(view: View, pieces: str, piece: int, node: int) -> int | None:
    """How far the viewer's piece goes to ``node`` from where its view shows it; ``None``
    for a spectator."""
    seat = view["seat"]
    if seat is None:
        return None
    return _distances()[view["seats"][seat][pieces][piece]][node]


class ValleyPresentation(Presentation):
    """The texts of Valley of the Kings."""

    BOARD_WORDS: ClassVar[Mapping[str, Mapping[str, str]]] = {"colours": COLOURS}

    def place(self, name: str) -> str:
        """``area 16`` or ``field 13-H``."""
        if "-" in name:
            return self.tr("field {name}", name=name)
        return self.tr("area {name}", name=name)

    def colour(self, slug: str) -> str:
        return self.tr.text(COLOURS[slug])

    def stone_letters(self) -> dict[str, str]:
        """Each stone colour's letter: its name's initial in this language, distinct
        (:func:`~saqqara.core.initials.initials`; English R G B W S, German R G S W N)."""
        return dict(zip(COLOURS, initials([self.colour(c) for c in COLOURS]), strict=True))

    def piece_letters(self) -> tuple[str, str]:
        """The letters of an overseer and of a worker: their words' initials, distinct."""
        words = [self.tr(PIECES[piece], number="").strip() for piece in ("overseer", "worker")]
        overseer, worker = initials(words)
        return overseer, worker

    def codes(self) -> dict[str, str]:
        overseer, worker = self.piece_letters()
        return {
            "stones": " ".join(self.stone_letters().values()),
            "overseer": overseer,
            "worker": worker,
        }

    def outcome_reason(self, reason: str) -> str:
        return self.tr.text(REASONS[reason])

    def action_label(self, view: View, action: Action) -> str:
        tr = self.tr
        b = board()
        if isinstance(action, act.Start):
            return tr("{player} starts the game", player=self.player(action.seat))
        if isinstance(action, act.Draw):
            return tr(
                "A {colour} stone is drawn", colour=self.colour(b.colours[action.colour].slug)
            )
        if isinstance(action, act.Bid):
            return tr("Bid {value} at group {group}", value=action.value, group=action.group + 1)
        if isinstance(action, act.Overseer):
            return self._order_label(view, action, "overseers", action.overseer, view["round"] > 1)
        if isinstance(action, act.Worker):
            return self._order_label(view, action, "workers", action.worker, False)
        if isinstance(action, act.Steal):
            pos = b.sites[action.site].shape.pos_text(action.pos)
            return tr("Steal the stone at {pos} of site {site}", pos=pos, site=action.site + 1)
        if isinstance(action, act.Takeover):
            return tr("Take over site {site}", site=action.site + 1)
        if isinstance(action, act.Build):
            pos = b.sites[action.site].shape.pos_text(action.pos)
            return tr(
                "Build a {colour} stone at {pos} of site {site}",
                colour=self.colour(b.colours[action.colour].slug),
                pos=pos,
                site=action.site + 1,
            )
        if isinstance(action, act.Done):
            return tr("Done with {phase}", phase=self.phase_name(view["phase"]))
        raise TypeError(f"not a Valley of the Kings action: {action!r}")

    def label_context(self, view: View, action: Action) -> Hashable | None:
        """The end of a phase reads the phase, the start names a seat, a piece's order
        reads where the view shows the piece (its own memo keeps the parts, see
        :meth:`_order_label`: kept whole, the labels of every piece, place and distance
        held three times the memory); the other labels read the action alone."""
        kind = type(action)
        if kind is act.Overseer or kind is act.Worker or kind is act.Start:
            return None
        if kind is act.Done:
            return view["phase"]  # type: ignore[no-any-return]
        return 0

    def _order_label(
        self, view: View, action: Action, pieces: str, piece: int, ordered: bool
    ) -> str:
        """``Move worker 2 to area 16 (3 steps)``: a piece sent to a node (``ordered``: an
        overseer's written order after the first round), then how far it goes from where the
        viewer's view shows it. The two parts are kept per language, the first by the
        action (and ``ordered``), the second by the distance."""
        kept = _ORDER_TEXTS.get((self.tr.lang, self.tr.strict))
        if kept is None:
            kept = _ORDER_TEXTS[(self.tr.lang, self.tr.strict)] = ({}, {})
        heads, tails = kept
        node: int = action.node  # type: ignore[attr-defined]
        head = heads.get((id(action), ordered))
        if head is None or head[0] is not action:
            if len(heads) > 4096:
                heads.clear()
            if pieces == "workers":
                verb = self.tr("Move worker {number} to {place}")
            elif ordered:
                verb = self.tr("Order overseer {number} to {place}")
            else:
                verb = self.tr("Move overseer {number} to {place}")
            place = self.place(board().node_names[node])
            head = heads[(id(action), ordered)] = (
                action,
                verb.format(number=piece + 1, place=place),
            )
        steps = _distance(view, pieces, piece, node)
        if steps is None:
            return head[1]
        tail = tails.get(steps)
        if tail is None:
            tail = tails[steps] = " " + self.tr.ntr("({count} step)", "({count} steps)", steps)
        return head[1] + tail

    def event_sentence(self, event: EventJSON) -> str:
        tr = self.tr
        kind = event["kind"]
        who = self.player(event["seat"]) if "seat" in event else ""
        if kind == "start-player":
            return tr("{player} starts and holds the pharaoh stone.", player=who)
        if kind == "round":
            return tr(
                "Round {number} begins; {player} starts.",
                number=event["number"],
                player=self.player(event["start"]),
            )
        if kind == "draw":
            return tr(
                "A {colour} stone goes to group {group}.",
                colour=self.colour(event["colour"]),
                group=event["group"],
            )
        if kind == "bid":
            return tr(
                "{player} lays a bid tile face down at group {group}.",
                player=who,
                group=event["group"],
            )
        if kind == "bid-value":
            return tr(
                "Your bid tile at group {group} shows {value}.",
                group=event["group"],
                value=event["value"],
            )
        if kind == "done":
            return tr(
                "{player} is done with {phase}.", player=who, phase=self.phase_name(event["phase"])
            )
        if kind == "reveal-bids":
            return self._bids(event)
        if kind == "sold":
            return tr(
                "{player} buys group {group} for {bid}.",
                player=who,
                group=event["group"],
                bid=event["bid"],
            )
        if kind == "unsold":
            if event["to"] == "pharaoh":
                return tr(
                    "Nobody bought group {group}: its stones go onto the pharaoh pyramid.",
                    group=event["group"],
                )
            return tr(
                "Nobody bought group {group}: its stones go back into the bag.",
                group=event["group"],
            )
        if kind == "order-written":
            return tr(
                "{player} writes an order for overseer {number}.",
                player=who,
                number=event["overseer"],
            )
        if kind == "order":
            return tr(
                "Your order: overseer {number} to {place}.",
                number=event["overseer"],
                place=self.place(event["target"]),
            )
        if kind == "reveal-orders":
            orders = "; ".join(
                tr(
                    "{player}: {places}",
                    player=self.player(s),
                    places=", ".join(self.place(p) for p in targets),
                )
                for s, targets in enumerate(event["orders"])
            )
            return tr("The orders are shown: {orders}.", orders=orders)
        if kind == "overrun":
            return tr(
                "{player}'s orders need {steps} steps, more than 6: both overseers stay.",
                player=who,
                steps=event["steps"],
            )
        if kind == "field-taken":
            return tr(
                "The field is taken: {player}'s overseer {number} stops in {place}.",
                player=who,
                number=event["overseer"],
                place=self.place(event["to"]),
            )
        if kind == "move":
            piece = self.tr.text(PIECES[event["piece"]]).format(number=event["number"])
            return tr(
                "{player} moves {piece} to {place}.",
                player=who,
                piece=piece,
                place=self.place(event["to"]),
            )
        if kind == "claim":
            return tr("{player} claims site {site}.", player=who, site=event["site"])
        if kind == "steal":
            return tr(
                "{player} steals a {colour} stone at {pos} of site {site} from {owner}.",
                player=who,
                colour=self.colour(event["colour"]),
                pos=event["pos"],
                site=event["site"],
                owner=self.player(event["owner"]),
            )
        if kind == "takeover":
            return tr(
                "{player} takes site {site} over from {owner}.",
                player=who,
                site=event["site"],
                owner=self.player(event["previous"]),
            )
        if kind == "build":
            return tr(
                "{player} builds a {colour} stone at {pos} of site {site}.",
                player=who,
                colour=self.colour(event["colour"]),
                pos=event["pos"],
                site=event["site"],
            )
        if kind == "finished":
            return tr(
                "{player}'s pyramid on site {site} is finished.", player=who, site=event["site"]
            )
        if kind == "to-pharaoh":
            return tr.ntr(
                "{player}'s {count} unbuilt stone goes onto the pharaoh pyramid ({pharaoh} there).",
                "{player}'s {count} unbuilt stones go onto the pharaoh pyramid ({pharaoh} there).",
                event["stones"],
                player=who,
                pharaoh=event["pharaoh"],
            )
        if kind == "game-over":
            scores = ", ".join(
                tr("{player} {points}", player=self.player(s), points=p)
                for s, p in enumerate(event["scores"])
            )
            return tr(
                "Game over ({reason}). Points: {scores}.",
                reason=self.tr.text(REASONS[event["reason"]]),
                scores=scores,
            )
        raise KeyError(f"no sentence for the Valley of the Kings event {kind!r}")

    def _bids(self, event: EventJSON) -> str:
        tr = self.tr
        groups: dict[int, list[str]] = {}
        for group, seat, value in event["bids"]:
            groups.setdefault(group, []).append(
                tr("{player} {value}", player=self.player(seat), value=value)
            )
        shown = "; ".join(
            tr("group {group}: {bids}", group=g, bids=", ".join(bids))
            for g, bids in sorted(groups.items())
        )
        if not shown:
            return tr("The bid tiles are turned over: there are none.")
        return tr("The bid tiles are turned over: {bids}.", bids=shown)

    def legend(self) -> list[tuple[str, str]]:
        tr = self.tr
        return [
            ("16 … 22", tr("the areas between the building sites; 16 surrounds the pharaoh site")),
            ("13-H", tr("a field of a building site: site number and letter")),
            ("1.5", tr("a stone's place in a pyramid: level (1 at the bottom), then stone")),
            (tr("small / large"), tr("a site for a pyramid of 5 or of 14 stones")),
            (self.codes()["stones"], tr("stone colours: red, grey, black, white, sand")),
            (tr("scarab"), tr("the marker of a site's owner")),
        ]

    def rules_summary(self) -> list[str]:
        tr = self.tr
        return [
            tr(
                "Each round, groups of five stones are drawn from the bag. Players lay bid "
                "tiles face down at the groups; when all are turned over, the highest total "
                "buys a group."
            ),
            tr(
                "Your two overseers claim building sites and guard them: in round 1 they move "
                "openly, later by secret written orders, 6 steps for both together. Then your "
                "workers move, 6 steps in all."
            ),
            tr(
                "Workers on your own site build 2 stones each per round; with more overseers "
                "on a foreign site you may steal stones from it or take it over. Stones not "
                "built go onto the pharaoh pyramid."
            ),
            tr(
                "When the pharaoh pyramid or every other pyramid is finished, finished "
                "pyramids score by size and colours: single colour, layered, mixed (and "
                "striped with the experts variant). Most points wins."
            ),
        ]

    def score_name(self) -> str:
        return self.tr("points")

    def score_total(self, view: View, seat: int) -> str:
        return self.tr.ntr("{count} point", "{count} points", int(view["scores"][seat]))

    def score_parts(self, view: View, seat: int) -> list[ScorePart]:
        """Spielende: each site the seat owns, in site order: a finished pyramid scores by
        its size and kind (single colour, layered, striped with the experts variant, mixed;
        the hidden centre stone never counts), an unfinished one scores nothing."""
        tr = self.tr
        b = board()
        shapes = {site.number: site.shape for site in b.sites}
        colour_index = {c.slug: i for i, c in enumerate(b.colours)}
        experts = view["options"].get("experts") == "on"
        parts: list[ScorePart] = []
        for site in view["sites"]:
            if site["owner"] != seat:
                continue
            size = tr.text(SIZES[site["size"]])
            if not site["finished"]:
                label = tr("Site {site} ({size}), not finished", site=site["site"], size=size)
                parts.append({"label": label, "value": "0"})
                continue
            shape = shapes[site["site"]]
            stones = [colour_index[c] for c in site["stones"]]
            best = kind(shape, stones, experts)
            label = tr(
                "Site {site} ({size}), {kind}",
                site=site["site"],
                size=size,
                kind=tr.text(KINDS[best]),
            )
            parts.append({"label": label, "value": str(b.scores[shape.name][best])})
        if not parts:
            parts.append(self.part(N_("Sites owned"), 0))
        return parts

    def phase_name(self, phase: str) -> str:
        return self.tr.text(PHASES[phase])


register_presentation("valley-of-the-kings", ValleyPresentation)
