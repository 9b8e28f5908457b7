"""The configured game: spec, seats and figures, and the action vocabulary."""

from __future__ import annotations

from typing import Any

from saqqara.core.actions import Action
from saqqara.core.game import Game
from saqqara.core.registry import register
from saqqara.core.spec import GameSpec, OptionSpec
from saqqara.core.view import ViewContract
from saqqara.games.curse_of_the_mummy.actions import Vocabulary
from saqqara.games.curse_of_the_mummy.data import board
from saqqara.games.curse_of_the_mummy.state import MummyState
from saqqara.games.curse_of_the_mummy.tensors import MummyTensors
from saqqara.games.curse_of_the_mummy.views import CONTRACT, board_json

SPEC = GameSpec(
    id="curse-of-the-mummy",
    title="Curse of the Mummy",
    original_title="Fluch der Mumie",
    rules_version=2,
    min_players=2,
    max_players=5,
    options=(
        OptionSpec(
            "stuck-after-resolving",
            ("off", "on"),
            "off",
            "off: after the interim move of its own resolution the explorer rolls all five "
            "dice, even if that move boxed the figure in (the rulebook read literally); on: "
            "the explorer is asked again whether the figure can move, and a figure boxed in "
            "is skipped (the rule for a boxed-in explorer applied after the interim move too)",
            combined=False,
        ),
    ),
    chance=True,
    hidden_information=True,
    simultaneous=False,
    summary="Explorers hunt treasures in a pyramid maze; the mummy hunts them unseen.",
)


@register
class CurseOfTheMummy(Game):
    """Curse of the Mummy: seat 0 is the mummy, seats 1.. are explorers.

    With two players seat 1 moves two figures, always in the same order, from one hand of
    ten cards (two per colour) ("Das Spiel für 2 Spieler").
    """

    spec = SPEC

    def __init__(self, players: int, options: dict[str, str] | None = None) -> None:
        super().__init__(players, options)
        self.board = board()
        self.vocabulary = Vocabulary(self.board)
        colours = range(len(self.board.colours))
        if players == 2:
            self.owner: tuple[int, ...] = (1, 1)
            self.deal_order: tuple[tuple[int, int], ...] = tuple(
                (1, c) for c in colours for _ in range(2)
            )
        else:
            self.owner = tuple(range(1, players))
            self.deal_order = tuple((s, c) for s in self.owner for c in colours)
        self.acts: tuple[tuple[int], ...] = tuple((seat,) for seat in self.owner)
        """Per figure, who acts on its turn (``State.to_act``'s answer, made once)."""

    def view_contract(self) -> ViewContract:
        return CONTRACT

    def board_data(self) -> dict[str, Any]:
        return board_json(self.board, self.players)

    def tensor_encoder(self) -> MummyTensors:
        return MummyTensors()

    def seat_roles(self) -> tuple[str, ...]:
        return ("mummy",) + ("explorer",) * (self.players - 1)

    def new_state(self) -> MummyState:
        return MummyState(self, self.board, self.vocabulary)

    @property
    def num_distinct_actions(self) -> int:
        return self.vocabulary.size

    def action_id(self, action: Action) -> int:
        return self.vocabulary.action_id(action)

    def action_from_id(self, action_id: int) -> Action:
        return self.vocabulary.action_from_id(action_id)

    def action_text(self, action: Action) -> str:
        return self.vocabulary.text(action)

    def parse_action(self, text: str) -> Action:
        return self.vocabulary.parse(text)
