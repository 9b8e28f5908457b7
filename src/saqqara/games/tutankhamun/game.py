"""The configured game: spec, options, and the action vocabulary of the chosen edition."""

from __future__ import annotations

from typing import Any

from saqqara.core.actions import Action
from saqqara.core.game import Game
from saqqara.core.registry import register
from saqqara.core.spec import GameSpec, OptionSpec
from saqqara.core.view import ViewContract
from saqqara.games.tutankhamun import actions as act
from saqqara.games.tutankhamun.data import AMIGO, EDITIONS, edition
from saqqara.games.tutankhamun.state import TutankhamunState
from saqqara.games.tutankhamun.tensors import TutankhamunTensors
from saqqara.games.tutankhamun.views import CONTRACT, board

SPEC = GameSpec(
    id="tutankhamun",
    title="Tutankhamun",
    original_title="Tutanchamun / Tutankhamen",
    rules_version=1,
    min_players=2,
    max_players=6,
    options=(
        OptionSpec(
            "edition",
            EDITIONS,
            AMIGO,
            "amigo-1993: score track, gold nuggets, canopic lids, gold mask; "
            "ootb-2004: tribute coins, bags of gold, pharaoh tiles, King Tut",
        ),
    ),
    chance=True,
    hidden_information=False,
    simultaneous=False,
    summary="Walk a path of treasures, collect majorities, and be first to reach the goal.",
)


@register
class Tutankhamun(Game):
    """Tutankhamun, configured with a player count and an edition."""

    spec = SPEC

    def __init__(self, players: int, options: dict[str, str] | None = None) -> None:
        super().__init__(players, options)
        self.edition = edition(self.options["edition"])

    def view_contract(self) -> ViewContract:
        return CONTRACT

    def board_data(self) -> dict[str, Any]:
        return board(self.edition.id, self.players)

    def tensor_encoder(self) -> TutankhamunTensors:
        return TutankhamunTensors(self.edition.id)

    def new_state(self) -> TutankhamunState:
        return TutankhamunState(self, self.edition)

    @property
    def num_distinct_actions(self) -> int:
        return act.NUM_DISTINCT_ACTIONS

    def action_id(self, action: Action) -> int:
        return act.action_id(action)

    def action_from_id(self, action_id: int) -> Action:
        return act.action_from_id(action_id)

    def action_text(self, action: Action) -> str:
        return act.action_text(self.edition, action)

    def parse_action(self, text: str) -> Action:
        return act.parse_action(self.edition, text)
