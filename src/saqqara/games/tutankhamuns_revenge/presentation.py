"""Tutankhamun's Revenge's texts: card names, action labels, event sentences and rules.

The Swedish card names are rulebook 004's (Alabastervas, Kistutsmyckning, Horusfalk, Kobra,
Moskit, Skorpion, ...); the German and Dutch names are ours. Money is counted in silver
coins (a gold coin is five silver).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
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
from saqqara.games.tutankhamuns_revenge import actions as act
from saqqara.games.tutankhamuns_revenge.data import deck
from saqqara.games.tutankhamuns_revenge.shapes import cell_name
from saqqara.games.tutankhamuns_revenge.state import START_MONEY

SILVER_PER_GOLD = 5
"""A gold coin is worth five silver (Förberedelser)."""

CARD_NAMES = {
    "earth": N_("Earth"),
    "alabaster-vase": N_("Alabaster vase"),
    "bracelet": N_("Bracelet"),
    "faience-vase": N_("Faience vase"),
    "coffin-ornament": N_("Coffin ornament"),
    "necklace": N_("Necklace"),
    "horus-falcon": N_("Horus falcon"),
    "cobra": N_("Cobra (snake head)"),
    "snake-middle": N_("Snake middle"),
    "snake-tail": N_("Snake tail"),
    "obelisk-top": N_("Obelisk top"),
    "obelisk-middle": N_("Obelisk middle"),
    "obelisk-foot": N_("Obelisk foot"),
    "mosquito": N_("Mosquito"),
    "scorpion": N_("Scorpion"),
    "death-mask": N_("Death mask"),
}

REASONS = {
    "every card has been dug": N_("every card has been dug"),
    "only the card covering the death mask is left": N_(
        "only the card covering the death mask is left"
    ),
    "only one player is left": N_("only one player is left"),
    "every player passed in a row": N_("every player passed in a row"),
}

PHASES = {
    "laying": N_("laying the layers"),
    "turning": N_("turning the box"),
    "digging": N_("digging"),
    "revealing": N_("uncovering a card"),
    "blocking": N_("laying the blockade card"),
    "over": N_("game over"),
}


class RevengePresentation(Presentation):
    """The texts of Tutankhamun's Revenge."""

    BOARD_WORDS: ClassVar[Mapping[str, Mapping[str, str]]] = {"cards": CARD_NAMES}
    BOARD_VALUES: ClassVar[Mapping[str, Mapping[str, int]]] = {
        "cards": {card.slug: card.value for card in deck().cards}
    }

    def card(self, slug: str) -> str:
        """A card's name with its value in silver (``Horus falcon +5``)."""
        values = {c.slug: c.value for c in deck().cards}
        return f"{self.tr.text(CARD_NAMES[slug])} {values[slug]:+d}"

    def outcome_reason(self, reason: str) -> str:
        return self.tr.text(REASONS[reason])

    def label_context(self, view: View, action: Action) -> Hashable | None:
        """A lift reads the stack's top card and depth, a stop whether anything was lifted
        this turn (before the first lift it is a pass); the other labels read the action
        alone."""
        if type(action) is act.Lift:
            stack = action.stack
            return (view["top"][stack], view["depth"][stack])
        if type(action) is act.Stop:
            return bool(view["turn"]["lifts"] == 0)
        return 0

    def action_label(self, view: View, action: Action) -> str:
        tr = self.tr
        cards = deck().cards
        if isinstance(action, act.Lay):
            return tr("Lay {card} on the next cell", card=self.card(cards[action.kind].slug))
        if isinstance(action, act.RandomLayout):
            return tr("Lay the rest of the layer at random")
        if isinstance(action, act.Turn):
            return tr("The box is turned {turns} quarter turns", turns=action.turns)
        if isinstance(action, act.Scarab):
            return tr("Play a scarab: this turn counts double")
        if isinstance(action, act.Lift):
            stack = action.stack
            top = view["top"][stack]
            if top is None:
                return tr(
                    "Lift the top card of {stack} (depth {depth})",
                    stack=cell_name(stack),
                    depth=view["depth"][stack],
                )
            return tr(
                "Lift {card} from {stack} (depth {depth})",
                card=self.card(top),
                stack=cell_name(stack),
                depth=view["depth"][stack],
            )
        if isinstance(action, act.Stop):
            if view["turn"]["lifts"] == 0:
                # nothing lifted yet, so nothing to cash: the stop is a pass (state._stop)
                return tr("Pass: end your turn without lifting a card")
            return tr("Stop and cash this turn's gain")
        if isinstance(action, act.Reveal):
            return tr("The lift uncovers {card}", card=self.card(cards[action.kind].slug))
        if isinstance(action, act.Block):
            return tr("Lay your blockade card on {stack}", stack=cell_name(action.stack))
        if isinstance(action, act.NoBlock):
            return tr("Keep your blockade card")
        raise TypeError(f"not a Tutankhamun's Revenge action: {action!r}")

    def event_sentence(self, event: EventJSON) -> str:
        tr = self.tr
        kind = event["kind"]
        who = self.player(event["seat"]) if "seat" in event else ""
        if kind == "lay":
            return tr(
                "You lay {card} on {cell} of layer {layer}.",
                card=self.card(event["card"]),
                cell=event["cell"],
                layer=event["layer"],
            )
        if kind == "laid":
            return tr.ntr(
                "{player} has laid {count} card of layer {layer}.",
                "{player} has laid {count} cards of layer {layer}.",
                event["cards"],
                player=who,
                layer=event["layer"],
            )
        if kind == "random-layout":
            return tr(
                "{player} lays the rest of layer {layer} at random.",
                player=who,
                layer=event["layer"],
            )
        if kind == "cover":
            return tr("{player} lays the cover layer.", player=who)
        if kind == "box-turned":
            return tr("The box is turned in secret; the digging begins.")
        if kind == "turn":
            return tr("{player}'s turn.", player=who)
        if kind == "scarab":
            return tr("{player} plays a scarab: this turn counts double.", player=who)
        if kind == "lift":
            return tr(
                "{player} lifts {card} from {stack} (layer {layer}).",
                player=who,
                card=self.card(event["card"]),
                stack=event["stack"],
                layer=event["layer"],
            )
        if kind == "reveal":
            return tr(
                "Beneath it on {stack} lies {card} (layer {layer}).",
                stack=event["stack"],
                card=self.card(event["card"]),
                layer=event["layer"],
            )
        if kind == "penalty":
            return tr(
                "{player} loses the turn's gain of {lost} and pays {paid} ({money} silver left).",
                player=who,
                lost=event["lost"],
                paid=event["paid"],
                money=event["money"],
            )
        if kind == "out":
            return tr(
                "{player} cannot pay {owed} (gain of {lost} lost, {paid} paid) and is out.",
                player=who,
                owed=event["owed"],
                lost=event["lost"],
                paid=event["paid"],
            )
        if kind == "cash":
            return tr(
                "{player} stops and cashes {paid} ({money} silver).",
                player=who,
                paid=event["paid"],
                money=event["money"],
            )
        if kind == "pass":
            return tr(
                "{player} passes and pays {paid} ({money} silver).",
                player=who,
                paid=event["paid"],
                money=event["money"],
            )
        if kind == "block":
            return tr("{player} blocks {stack}.", player=who, stack=event["stack"])
        if kind == "unblock":
            return tr(
                "{player} takes the blockade card off {stack}.", player=who, stack=event["stack"]
            )
        if kind == "game-over":
            money = ", ".join(
                tr("{player} {money}", player=self.player(s), money=m)
                for s, m in enumerate(event["money"])
            )
            return tr(
                "Game over ({reason}): {winners} won. Silver: {money}.",
                reason=self.tr.text(REASONS[event["reason"]]),
                winners=self.players(event["winners"]),
                money=money,
            )
        raise KeyError(f"no sentence for the Tutankhamun's Revenge event {kind!r}")

    def legend(self) -> list[tuple[str, str]]:
        tr = self.tr
        return [
            ("a1 … d4", tr("the 16 stacks of the box: column letter, row number")),
            ("4", tr("how many cards are left in a stack")),
            ("+5 / -2", tr("the value of a visible top card in silver; minus: a danger")),
            ("#", tr("a stack under a blockade card")),
            ("·", tr("an empty stack")),
        ]

    def rules_summary(self) -> list[str]:
        tr = self.tr
        return [
            tr(
                "Six layers of cards are laid into a 4×4 box, each by one player, the death "
                "mask at the bottom; then the box is turned in secret."
            ),
            tr(
                "On your turn lift cards from the tops of the stacks, one at a time. Each lift "
                "uncovers the card beneath: a treasure adds to this turn's gain, a danger "
                "ends the turn, loses the gain and costs its penalty."
            ),
            tr(
                "Stop whenever you like to cash the gain in silver. A scarab played before the "
                "first lift doubles the turn; the blockade card closes a stack to the others "
                "until your next turn. Whoever cannot pay a penalty is out."
            ),
            tr("When every card has been dug, the most silver wins."),
        ]

    def score_name(self) -> str:
        return self.tr("silver")

    def score_total(self, view: View, seat: int) -> str:
        return self.tr("{money} silver", money=view["money"][seat])

    def score_parts(self, view: View, seat: int) -> list[ScorePart]:
        """SPELET ÄR SLUT: the most money wins, counted in coins as on the table (a gold
        coin is five silver); a seat that went out ranks below every seat still in."""
        tr = self.tr
        money = int(view["money"][seat])
        parts = [
            self.part(N_("Silver at the start"), START_MONEY),
            self.part(N_("Won or lost while digging"), f"{money - START_MONEY:+d}"),
            self.part(N_("Gold coins"), money // SILVER_PER_GOLD),
            self.part(N_("Silver coins"), money % SILVER_PER_GOLD),
            self.part(N_("Scarab cards not played"), view["scarabs"][seat]),
            self.part(N_("Blockade cards not used"), view["blockade_cards"][seat]),
        ]
        out = list(view["out"])
        if seat in out:
            parts.append(
                self.part(
                    N_("Out of the game"),
                    tr("went out {order} of {total}", order=out.index(seat) + 1, total=len(out)),
                )
            )
        return parts

    def phase_name(self, phase: str) -> str:
        return self.tr.text(PHASES[phase])


register_presentation("tutankhamuns-revenge", RevengePresentation)
