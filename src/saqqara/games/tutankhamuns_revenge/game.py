"""The configured game: spec, options (the other editions' rules), and the vocabulary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from saqqara.core.actions import Action
from saqqara.core.game import Game
from saqqara.core.registry import register
from saqqara.core.spec import GameSpec, OptionSpec
from saqqara.core.view import ViewContract
from saqqara.games.tutankhamuns_revenge import actions as act
from saqqara.games.tutankhamuns_revenge.data import LAYERS
from saqqara.games.tutankhamuns_revenge.state import (
    START_BLOCKADES,
    START_MONEY,
    START_SCARABS,
    RevengeState,
    layer_owner,
)
from saqqara.games.tutankhamuns_revenge.tensors import RevengeTensors
from saqqara.games.tutankhamuns_revenge.views import CONTRACT, board_json

SPEC = GameSpec(
    id="tutankhamuns-revenge",
    title="Tutankhamun's Revenge",
    original_title="Tutanchamons hämnd",
    rules_version=2,
    min_players=2,
    max_players=6,
    options=(
        OptionSpec(
            "pass-cost",
            ("0", "3"),
            "0",
            "silver paid for a turn without digging: 0 (Swedish rulebook) or 3 (Dutch "
            "edition, De wraak van Toetanchamon)",
        ),
        OptionSpec(
            "early-end",
            ("off", "mask-stack"),
            "off",
            "off: play until every card is dug (Swedish rulebook); mask-stack: the game also "
            "ends when the only card left is the one covering the death mask (German "
            "original, Das Geheimnis der Pyramide)",
        ),
        OptionSpec(
            "bent-snake",
            ("off", "on"),
            "off",
            "off: in layers 2-5 the snake's head, middle piece and tail lie in one row or "
            "column; on: the snake may also turn a corner, its three cards side by side in "
            "order (two readings of the Swedish rulebook; the obelisks stay straight)",
            combined=False,
        ),
        OptionSpec(
            "sixth-lays-cover",
            ("off", "on"),
            "off",
            "with six players only: off: the player of layer 5 also lays the cover and the "
            "sixth player, who lays nothing, digs first (the Swedish rulebook's cover rule); "
            "on: the sixth player lays the cover, so that every player lays one layer, and "
            "the first player digs first (its 'every player lays a layer')",
            combined=False,
        ),
        OptionSpec(
            "blockade-after-danger",
            ("on", "off"),
            "on",
            "on: a blockade may be laid at the end of any turn, a turn a danger ended "
            "included; off: not after a danger, since the turn then passes straight to the "
            "next player (Swedish rulebook, read strictly)",
            combined=False,
        ),
    ),
    chance=True,
    hidden_information=True,
    simultaneous=False,
    summary="Lay six layers of cards into a box, then dig for treasures, pushing your luck "
    "against snakes, scorpions and the pharaoh's death mask.",
)


@register
class TutankhamunsRevenge(Game):
    """Tutankhamun's Revenge, configured with a player count and the edition options."""

    spec = SPEC

    def __init__(self, players: int, options: Mapping[str, str] | None = None) -> None:
        super().__init__(players, options)
        self.pass_cost = int(self.options["pass-cost"])
        self.mask_end = self.options["early-end"] == "mask-stack"
        self.sixth_lays_cover = self.options["sixth-lays-cover"] == "on"

    def view_contract(self) -> ViewContract:
        return CONTRACT

    def board_data(self) -> dict[str, Any]:
        owners = [
            layer_owner(layer, self.players, self.sixth_lays_cover) for layer in range(LAYERS)
        ]
        return board_json(owners, START_MONEY, START_SCARABS, START_BLOCKADES)

    def tensor_encoder(self) -> RevengeTensors:
        return RevengeTensors()

    def new_state(self) -> RevengeState:
        return RevengeState(self, self.pass_cost, self.mask_end)

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
