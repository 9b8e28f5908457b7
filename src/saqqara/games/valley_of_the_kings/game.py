"""The configured game: spec, the two variants as options, and the action vocabulary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from saqqara.core.actions import Action
from saqqara.core.game import Game
from saqqara.core.registry import register
from saqqara.core.spec import GameSpec, OptionSpec
from saqqara.core.view import ViewContract
from saqqara.games.valley_of_the_kings import actions as act
from saqqara.games.valley_of_the_kings.data import board
from saqqara.games.valley_of_the_kings.state import ValleyState
from saqqara.games.valley_of_the_kings.tensors import ValleyTensors
from saqqara.games.valley_of_the_kings.views import CONTRACT, board_json

SPEC = GameSpec(
    id="valley-of-the-kings",
    title="Valley of the Kings",
    original_title="Tal der Könige",
    rules_version=1,
    min_players=2,
    max_players=4,
    options=(
        OptionSpec(
            "advanced",
            ("off", "on"),
            "off",
            "Variante für fortgeschrittene Baumeister: unsold stones go straight onto the "
            "pharaoh pyramid instead of back into the bag",
        ),
        OptionSpec(
            "experts",
            ("off", "on"),
            "off",
            "Variante für Pyramiden-Experten: striped pyramids score (small 2, large 7)",
        ),
    ),
    chance=True,
    hidden_information=True,
    simultaneous=True,
    summary="Bid for stones, claim sites with overseers, build pyramids, steal and take over.",
)


@register
class ValleyOfTheKings(Game):
    """Tal der Könige, configured with a player count and its two variants (they combine)."""

    spec = SPEC

    def __init__(self, players: int, options: Mapping[str, str] | None = None) -> None:
        super().__init__(players, options)
        self.board = board()
        self.in_play = self.board.in_play(players)

    def new_state(self) -> ValleyState:
        return ValleyState(self, self.board, self.in_play)

    def view_contract(self) -> ViewContract:
        return CONTRACT

    def board_data(self) -> dict[str, Any]:
        return board_json(self.board, self.players)

    def tensor_encoder(self) -> ValleyTensors:
        return ValleyTensors()

    @property
    def num_distinct_actions(self) -> int:
        return act.NUM_DISTINCT_ACTIONS

    def action_id(self, action: Action) -> int:
        return act.action_id(action)

    def action_from_id(self, action_id: int) -> Action:
        return act.action_from_id(action_id)

    def action_text(self, action: Action) -> str:
        return act.action_text(action)

    def parse_action(self, text: str) -> Action:
        return act.parse_action(text)
