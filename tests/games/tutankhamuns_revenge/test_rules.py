"""Scenario tests, one or more per rule of rulebook 004 and per decision of our rules doc."""

from __future__ import annotations

import random

import pytest

from saqqara.core.errors import IllegalAction
from saqqara.core.game import CHANCE
from saqqara.games.tutankhamuns_revenge import actions as act
from saqqara.games.tutankhamuns_revenge.data import CELLS, LAYERS
from saqqara.games.tutankhamuns_revenge.game import TutankhamunsRevenge
from saqqara.games.tutankhamuns_revenge.shapes import rotate
from saqqara.games.tutankhamuns_revenge.state import (
    BLOCKING,
    DIGGING,
    LAYING,
    OVER,
    TURNING,
    RevengeState,
)
from tests.games.tutankhamuns_revenge.helpers import cell, dig_position, kind, kinds_of, lift


def _finish_turn(state: RevengeState) -> None:
    """End the active seat's turn by stopping, keeping its blockade card."""
    if state.phase == DIGGING:
        state.apply(state.active, act.STOP)
    if state.phase == BLOCKING:
        state.apply(state.active, act.NO_BLOCK)


# -- setup ("Förberedelser") -----------------------------------------------------------------
def test_setup_gives_ten_silver_two_scarabs_and_a_blockade_card() -> None:
    state = TutankhamunsRevenge(4).new_state()
    assert state.money == [10] * 4
    assert state.scarabs == [2] * 4
    assert state.blockades == [1] * 4
    assert state.phase == LAYING
    assert state.to_act() == (0,)


@pytest.mark.parametrize(
    ("players", "owners", "first"),
    [
        (2, [0, 1, 0, 1, 0, 0], 1),
        (3, [0, 1, 2, 0, 1, 1], 2),
        (5, [0, 1, 2, 3, 4, 4], 0),
        (6, [0, 1, 2, 3, 4, 4], 5),
    ],
)
def test_layers_go_round_the_table_and_the_next_seat_digs_first(
    players: int, owners: list[int], first: int
) -> None:
    """ "Fas 1": the next layer is laid by the seat to the left; the seat of layer 5 lays the
    cover too; "Fas 2": the seat left of the last layer's seat digs first."""
    state = dig_position(players)
    assert [state.owner(layer) for layer in range(LAYERS)] == owners
    assert state.active == first


@pytest.mark.parametrize(
    ("players", "owners", "first"),
    [
        (2, [0, 1, 0, 1, 0, 0], 1),
        (5, [0, 1, 2, 3, 4, 4], 0),
        (6, [0, 1, 2, 3, 4, 5], 0),
    ],
)
def test_with_the_option_the_sixth_player_lays_the_cover(
    players: int, owners: list[int], first: int
) -> None:
    """Decision 1, option ``sixth-lays-cover=on``: with six players every player lays one
    layer ("Spelet i korthet"), the sixth the cover; the seat after it, seat 0, digs first.
    With fewer players the option changes nothing."""
    state = dig_position(players, options={"sixth-lays-cover": "on"})
    assert [state.owner(layer) for layer in range(LAYERS)] == owners
    assert state.active == first
    assert state.view(None)["layer_owners"] == owners
    assert [layer["laid_by"] for layer in state.game.board_data()["layers"]] == owners


def test_with_six_players_the_sixth_lays_the_cover_only_with_the_option() -> None:
    """Decision 1: the cover's event names its seat, the option's or the rulebook's."""
    for value, cover_seat in (("off", 4), ("on", 5)):
        game = TutankhamunsRevenge(6, {"sixth-lays-cover": value})
        state = game.new_state()
        events = []
        while state.phase == LAYING:
            (seat,) = state.to_act()
            events += state.apply(seat, state.legal_actions(seat)[0])
        (cover,) = [e for e in events if e.kind == "cover"]
        assert cover.data["seat"] == cover_seat


# -- phase 1: laying ---------------------------------------------------------------------------
def test_a_layer_is_laid_card_by_card_on_the_next_cell() -> None:
    state = TutankhamunsRevenge(3).new_state()
    state.apply(0, act.LAY[kind("death-mask")])
    assert state.laid == 1
    assert state.layouts[0] == kind("death-mask")
    # the mask was the only one of its kind in layer 1
    assert act.LAY[kind("death-mask")] not in state.legal_actions(0)
    assert act.RANDOM in state.legal_actions(0)
    with pytest.raises(IllegalAction):
        state.apply(1, act.LAY[kind("scorpion")])


def test_the_snake_must_lie_connected() -> None:
    """ "Fas 1": head, middle piece and tail form one unit. With the head on a1 and a scorpion on
    b1, the middle piece can only lie on a2, never on c1."""
    state = TutankhamunsRevenge(2).new_state()
    for _ in range(CELLS):  # layer 1 at random
        state.apply(0, act.LAY[state.legal_actions(0)[0].kind])  # type: ignore[attr-defined]
    assert state.layer == 1
    state.apply(1, act.LAY[kind("cobra")])
    state.apply(1, act.LAY[kind("scorpion")])
    assert act.LAY[kind("snake-middle")] not in state.legal_actions(1)  # c1
    assert act.LAY[kind("snake-tail")] not in state.legal_actions(1)


def _lay_randomly_by_hand(layer_state: RevengeState, rng: random.Random) -> list[int]:
    seat = layer_state.to_act()[0]
    cards = []
    layer = layer_state.layer
    while layer_state.layer == layer:
        choice = rng.choice([a for a in layer_state.legal_actions(seat) if a != act.RANDOM])
        assert isinstance(choice, act.Lay)
        cards.append(choice.kind)
        layer_state.apply(seat, choice)
    return cards


@pytest.mark.parametrize("seed", range(40))
def test_laying_by_hand_never_reaches_a_dead_end(seed: int) -> None:
    """Every card the legal list offers keeps the layer completable: random hand-laid
    layers always end as valid layouts."""
    from saqqara.games.tutankhamuns_revenge.shapes import is_valid_layout

    rng = random.Random(seed)
    state = TutankhamunsRevenge(2).new_state()
    for layer in range(5):
        cards = _lay_randomly_by_hand(state, rng)
        assert is_valid_layout(layer, cards), (layer, cards)
    assert state.phase == TURNING


def test_the_layer_rules_accept_3_3_and_2_4_obelisks_only() -> None:
    """ "Fas 1": two obelisks of 3 + 3 or 2 + 4 cards, each with a top and a foot."""
    from saqqara.games.tutankhamuns_revenge.shapes import is_valid_layout

    k = kind
    free = [k("earth"), k("alabaster-vase"), k("alabaster-vase"), k("bracelet")]
    free += [k("mosquito"), k("mosquito"), k("earth")]
    head, body, tail = k("cobra"), k("snake-middle"), k("snake-tail")
    top, mid, foot = k("obelisk-top"), k("obelisk-middle"), k("obelisk-foot")
    three_three = [head, body, tail, free[0]]
    three_three += [top, mid, foot, free[1]]
    three_three += [top, mid, foot, free[2]]
    three_three += free[3:7]
    assert is_valid_layout(4, three_three)
    two_four = [head, body, tail, free[0], top, mid, mid, foot, top, foot, *free[1:7]]
    assert is_valid_layout(4, two_four)
    # 1 + 5 is no pair of obelisks; a top next to a top is no obelisk
    no_foot = [head, body, tail, free[0], top, mid, mid, top, foot, foot, *free[1:7]]
    assert not is_valid_layout(4, no_foot)
    broken_snake = [head, free[0], body, tail, *three_three[4:]]
    assert not is_valid_layout(4, broken_snake)
    columns = [top, free[1], free[2], top, mid, free[3], free[4], mid, foot, free[5], free[6], foot]
    assert is_valid_layout(4, [head, body, tail, free[0], *columns])
    bent_snake = [head, body, free[0], free[1], top, tail, free[2], top, *columns[4:]]
    assert not is_valid_layout(4, bent_snake)
    assert is_valid_layout(4, bent_snake, bent=True)  # decision 4's other reading
    assert not is_valid_layout(4, broken_snake, bent=True)
    bent_obelisk = [head, body, tail, free[0], top, mid, free[1], top, free[2], foot]
    bent_obelisk += [free[3], mid, free[4], free[5], free[6], foot]
    assert not is_valid_layout(4, bent_obelisk, bent=True)  # obelisks stay straight


def _lay_bent_snake_layer(options: dict[str, str]) -> tuple[RevengeState, list[int]]:
    """Layers 1-4 laid by the first legal card, then layer 5 begun with the snake's head
    on a1 and its middle piece on b1: the cards meant for layer 5, with the tail on b2."""
    state = TutankhamunsRevenge(2, options).new_state()
    while state.layer < 4:
        (seat,) = state.to_act()
        state.apply(seat, state.legal_actions(seat)[0])
    k = kind
    head, body, tail = k("cobra"), k("snake-middle"), k("snake-tail")
    top, mid, foot = k("obelisk-top"), k("obelisk-middle"), k("obelisk-foot")
    free = [k("earth"), k("alabaster-vase"), k("alabaster-vase"), k("bracelet")]
    free += [k("mosquito"), k("mosquito"), k("earth")]
    cards = [head, body, free[0], free[1], top, tail, free[2], top]
    cards += [mid, free[3], free[4], mid, foot, free[5], free[6], foot]
    (seat,) = state.to_act()
    state.apply(seat, act.LAY[head])
    state.apply(seat, act.LAY[body])
    return state, cards


def test_with_the_option_the_snake_may_turn_a_corner() -> None:
    """Decision 4, option ``bent-snake=on``: head a1, middle b1 and tail b2 is a snake;
    the layer is laid by hand to the end. Without the option the tail must go on c1."""
    state, cards = _lay_bent_snake_layer({"bent-snake": "on"})
    seat = state.to_act()[0]
    for card in cards[2:]:
        assert act.LAY[card] in state.legal_actions(seat)
        state.apply(seat, act.LAY[card])
    assert state.phase == TURNING
    assert state.layouts[4 * CELLS : 5 * CELLS] == cards
    straight, cards = _lay_bent_snake_layer({})
    seat = straight.to_act()[0]
    assert straight.legal_actions(seat) == [act.LAY[kind("snake-tail")], act.RANDOM]


def test_with_the_option_the_snake_may_turn_from_the_cell_above_its_middle() -> None:
    """Decision 4, option ``bent-snake=on``: the snake may bend every way, also with its head
    (or its tail) on the cell above its middle: head a1, middle a2, tail b2, laid out in
    layer 3 beside two upright obelisks. Without the option that layer is not valid."""
    from saqqara.games.tutankhamuns_revenge.shapes import is_valid_layout

    rows = [
        ["cobra", "earth", "obelisk-top", "obelisk-top"],
        ["snake-middle", "snake-tail", "obelisk-middle", "obelisk-middle"],
        ["bracelet", "faience-vase", "obelisk-foot", "obelisk-foot"],
        ["coffin-ornament", "necklace", "mosquito", "scorpion"],
    ]
    cards = [kind(slug) for row in rows for slug in row]
    assert is_valid_layout(2, cards, bent=True)
    assert not is_valid_layout(2, cards)
    tail_first = [kind("cobra") if k == kind("snake-tail") else k for k in cards]
    tail_first[0] = kind("snake-tail")  # the same cells, the head on b2 and the tail on a1
    assert is_valid_layout(2, tail_first, bent=True)


def test_with_the_option_a_random_layout_may_bend_the_snake() -> None:
    """Option ``bent-snake=on``: the random layout is drawn among all valid layouts, bent
    snakes among them, and every one is valid under the option."""
    from saqqara.games.tutankhamuns_revenge.shapes import is_valid_layout, sample_layer

    snake = (kind("cobra"), kind("snake-middle"), kind("snake-tail"))
    bent = 0
    for seed in range(30):
        cards = sample_layer(2, (-1,) * CELLS, random.Random(seed), bent=True)
        assert is_valid_layout(2, cards, bent=True)
        bent += not is_valid_layout(2, cards)
        assert all(part in cards for part in snake)
    assert bent > 0


def test_a_random_layout_is_laid_by_chance_and_valid() -> None:
    from saqqara.games.tutankhamuns_revenge.shapes import is_valid_layout

    state = TutankhamunsRevenge(2).new_state()
    state.apply(0, act.LAY[kind("scorpion")])
    state.apply(0, act.RANDOM)
    assert state.to_act() == (CHANCE,)
    rng = random.Random(3)
    while state.layer == 0:
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        state.apply(CHANCE, state.sample_chance(rng))
    assert state.layouts[0] == kind("scorpion")
    assert is_valid_layout(0, state.layouts[:CELLS])
    assert state.to_act() == (1,)


def test_a_random_layout_played_at_once_is_the_one_drawn_card_by_card() -> None:
    """A random layout drawn in one go (``play_chance``) lays the cards that drawing them one
    by one with the same generator lays, with the kernel's weights."""
    state = TutankhamunsRevenge(2).new_state()
    state.apply(0, act.RANDOM)
    stepped = state.clone()
    state.play_chance(random.Random(5))
    rng = random.Random(5)
    while stepped.to_act() == (CHANCE,):
        stepped.apply(CHANCE, stepped.sample_chance(rng))
    assert state.layer == stepped.layer == 1
    assert state.layouts == stepped.layouts


def test_with_the_option_a_seat_imagines_the_others_layers_with_bent_snakes_too() -> None:
    """Option ``bent-snake=on``: before the box is turned, a seat's guess at the layers others
    laid (``resample``) draws among every layout valid under the option, bent snakes too."""
    from saqqara.games.tutankhamuns_revenge.shapes import is_valid_layout

    state = TutankhamunsRevenge(2, {"bent-snake": "on"}).new_state()
    rng = random.Random(1)
    while state.layer < 3:
        (seat,) = state.to_act()
        if seat == CHANCE:
            state.play_chance(rng)
        else:
            state.apply(seat, act.RANDOM)
    assert state.owner(2) == 0
    guesses = [state.resample(1, rng).layouts[2 * CELLS : 3 * CELLS] for _ in range(30)]
    assert all(is_valid_layout(2, cards, bent=True) for cards in guesses)
    assert any(not is_valid_layout(2, cards) for cards in guesses)


def test_the_cover_is_laid_with_layer_five_and_the_box_is_turned_in_secret() -> None:
    state = TutankhamunsRevenge(2).new_state()
    while state.phase == LAYING:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.phase == TURNING
    assert state.layouts[5 * CELLS :] == [kind("earth")] * CELLS
    assert [a for a, _ in state.chance_outcomes()] == list(act.TURN)
    events = state.apply(CHANCE, act.TURN[1])
    turned = next(e for e in events if e.kind == "box-turned")
    assert turned.data == {}  # nobody learns the turn
    for layer in range(LAYERS):
        for c in range(CELLS):
            assert state.box[layer * CELLS + rotate(c, 1)] == state.layouts[layer * CELLS + c]


# -- hidden information -----------------------------------------------------------------------
def test_only_the_layer_seat_sees_its_layout_and_nobody_sees_the_turn() -> None:
    state = dig_position(3, {3: {"a1": "necklace"}}, turns=2)
    assert "3" in state.view(2)["my_layers"]
    assert state.view(2)["my_layers"]["3"][0] == "necklace"
    assert "3" not in state.view(0)["my_layers"]
    assert state.view(None)["my_layers"] == {}
    assert state.view(2)["possible_turns"] == [0, 1, 2, 3]
    assert state.view(0)["top"] == ["earth"] * CELLS
    assert all(card is None for card in state.view(0)["known"][2])


def test_uncovered_cards_narrow_the_turn_for_the_layer_seat() -> None:
    """Layer 5 of seat 0 (two players) has its only bracelet on a1; after a quarter turn
    a1 lies on d1, and once the bracelet shows there, seat 0 knows the turn."""
    state = dig_position(2, {5: {"a1": "bracelet"}}, turns=1)
    assert rotate(cell("a1"), 1) == cell("d1")
    lift(state, "d1")
    assert state.view(None)["top"][cell("d1")] == "bracelet"
    assert state.view(0)["possible_turns"] == [1]
    world = state.resample(0, random.Random(1))
    assert world.turns == 1


def test_resample_keeps_public_cards_and_own_layers() -> None:
    state = dig_position(3, turns=3)
    for name in ("a1", "a1", "c3", "d4"):
        if state.phase != DIGGING:
            _finish_turn(state)
        lift(state, name)
    rng = random.Random(0)
    for seat in range(3):
        for _ in range(20):
            world = state.resample(seat, rng)
            assert world.view(seat) == state.view(seat)


# -- phase 2: digging ---------------------------------------------------------------------
def test_cards_already_visible_give_nothing_when_lifted() -> None:
    """ "Se upp!": only uncovered cards score. Lifting the visible bracelet scores nothing;
    the card beneath it does."""
    state = dig_position(2, {5: {"a1": "bracelet"}, 4: {"a1": "earth"}})
    seat = state.active
    lift(state, "a1")
    assert state.gain == 2
    _finish_turn(state)
    _finish_turn(state)  # the other seat passes
    assert state.active == seat
    lift(state, "a1")  # lifts the visible bracelet, uncovers earth
    assert state.gain == 0


def test_stop_pays_the_gain_and_a_pass_is_free() -> None:
    state = dig_position(2, {5: {"a1": "alabaster-vase"}})
    seat = state.active
    events = state.apply(seat, act.STOP)
    assert "pass" in kinds_of(events)
    assert state.money[seat] == 10
    state.apply(seat, act.NO_BLOCK)
    other = state.active
    lift(state, "a1")
    state.apply(other, act.STOP)
    assert state.money[other] == 11


def test_a_scarab_is_played_before_the_first_lift_only_and_once_a_turn() -> None:
    state = dig_position(2)
    seat = state.active
    state.apply(seat, act.SCARAB)
    assert act.SCARAB not in state.legal_actions(seat)
    with pytest.raises(IllegalAction) as twice:
        state.apply(seat, act.SCARAB)
    assert twice.value.code == "one-scarab"
    assert act.STOP not in state.legal_actions(seat)  # a scarab is played to dig
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, act.STOP)
    assert refused.value.code == "must-dig"
    lift(state, "a1")
    with pytest.raises(IllegalAction) as late:
        state.apply(seat, act.SCARAB)
    assert late.value.code == "late"


def test_a_seat_that_cannot_pay_a_penalty_is_out() -> None:
    """ "Poängen": who cannot pay is out of the game; with two players the other wins."""
    state = dig_position(2, {5: {"a1": "cobra", "b1": "mosquito"}})
    seat = state.active
    state.money[seat] = 1
    state.apply(seat, act.SCARAB)
    events = lift(state, "b1")  # mosquito, doubled: 2 silver, only 1 in hand
    assert "out" in kinds_of(events)
    assert state.phase == OVER
    assert state.eliminated == [seat]
    outcome = state.outcome()
    assert outcome.winners == frozenset({1 - seat})
    assert outcome.reason == "only one player is left"


def test_out_seats_are_skipped_and_rank_last() -> None:
    state = dig_position(3, {5: {"a1": "mosquito"}})
    first = state.active
    state.money[first] = 0
    lift(state, "a1")
    assert state.eliminated == [first]
    assert state.phase == DIGGING
    assert state.active == (first + 1) % 3
    second, third = (first + 1) % 3, (first + 2) % 3
    lift(state, "b1")
    _finish_turn(state)
    assert state.active == third
    lift(state, "c1")
    _finish_turn(state)
    assert state.active == second  # the out seat is skipped
    _finish_turn(state)
    _finish_turn(state)  # both seats still in pass: the end
    outcome = state.outcome()
    assert outcome.ranks[first] == 3
    assert outcome.scores[first] == 0


def test_a_danger_that_is_already_visible_costs_nothing() -> None:
    state = dig_position(2, {5: {"a1": "mosquito"}, 4: {"a1": "earth"}})
    seat = state.active
    lift(state, "a1")  # mosquito: 1 silver
    assert state.money[seat] == 9
    state.apply(seat, act.NO_BLOCK)
    _finish_turn(state)
    lift(state, "a1")  # lifts the mosquito, uncovers earth
    assert state.money[seat] == 9
    assert state.phase == DIGGING


# -- the blockade card ("Blockadkort") ---------------------------------------------------
def test_the_blockade_keeps_others_out_until_its_owner_takes_it_away() -> None:
    state = dig_position(2)
    seat = state.active
    other = 1 - seat
    lift(state, "a1")
    state.apply(seat, act.STOP)
    assert state.phase == BLOCKING
    state.apply(seat, act.BLOCK[cell("b2")])
    assert state.block_at[seat] == cell("b2")
    assert state.blockades[seat] == 0
    assert state.active == other
    assert act.LIFT[cell("b2")] not in state.legal_actions(other)
    with pytest.raises(IllegalAction) as refused:
        state.apply(other, act.LIFT[cell("b2")])
    assert refused.value.code == "blocked"
    _finish_turn(state)
    assert state.active == seat
    assert state.block_at[seat] == -1  # taken away at the start of the owner's turn
    assert act.LIFT[cell("b2")] in state.legal_actions(seat)
    lift(state, "b2")
    state.apply(seat, act.STOP)
    assert state.phase == DIGGING
    assert state.active == other


def test_the_blockade_may_be_laid_after_a_turn_ended_by_a_danger() -> None:
    state = dig_position(2, {5: {"a1": "cobra"}})
    seat = state.active
    lift(state, "a1")
    assert state.phase == BLOCKING
    assert state.active == seat
    assert act.BLOCK[cell("a1")] in state.legal_actions(seat)


def test_with_the_strict_option_no_blockade_follows_a_danger() -> None:
    """Decision 10, option ``blockade-after-danger=off``: after a danger the turn passes
    straight on ("turen går vidare"), with no blockade; after stopping, or a pass, the
    blockade may still be laid."""
    layers = {5: {"a1": "cobra", "b1": "earth"}}
    state = dig_position(2, layers, options={"blockade-after-danger": "off"})
    seat = state.active
    lift(state, "a1")
    assert state.phase == DIGGING
    assert state.active == 1 - seat
    assert state.blockades[seat] == 1  # kept for a later turn
    state.apply(state.active, act.STOP)  # a pass
    assert state.phase == BLOCKING
    state.apply(state.active, act.NO_BLOCK)
    lift(state, "b1")  # the cover: earth
    state.apply(seat, act.STOP)
    assert state.phase == BLOCKING and state.active == seat


def test_the_blockade_may_be_laid_after_a_pass() -> None:
    """Decision 10: a turn without a lift still ends, so the blockade may be laid then."""
    state = dig_position(2)
    seat = state.active
    state.apply(seat, act.STOP)
    assert state.phase == BLOCKING
    assert state.active == seat
    state.apply(seat, act.BLOCK[cell("c3")])
    assert state.block_at[seat] == cell("c3")
    assert act.LIFT[cell("c3")] not in state.legal_actions(state.active)


# -- the end ("SPELET ÄR SLUT") -----------------------------------------------------------
def _dig_everything(state: RevengeState) -> None:
    """Every seat lifts the first stack it may until the game ends."""
    while state.phase != OVER:
        if state.phase == BLOCKING:
            state.apply(state.active, act.NO_BLOCK)
            continue
        seat = state.active
        lifts = [a for a in state.legal_actions(seat) if isinstance(a, act.Lift)]
        if state.lifts >= 1 or not lifts:
            state.apply(seat, act.STOP)
        else:
            state.money[seat] = 1000  # nobody goes out in this test
            lift(state, state.game.action_text(lifts[0]).split()[1])


def test_the_game_ends_when_every_card_is_dug() -> None:
    state = dig_position(3)
    _dig_everything(state)
    assert state.depth == [0] * CELLS
    assert state.outcome().reason == "every card has been dug"


def test_the_game_ends_when_every_seat_passes_in_a_row() -> None:
    state = dig_position(3)
    lift(state, "a1")
    _finish_turn(state)  # a dig, not a pass
    _finish_turn(state)
    _finish_turn(state)
    assert state.phase == DIGGING
    assert state.passes == 2
    _finish_turn(state)
    assert state.phase == OVER
    assert state.outcome().reason == "every player passed in a row"


def test_most_money_wins_and_ties_share() -> None:
    state = dig_position(3)
    state.money[:] = [12, 15, 15]
    for _ in range(3):
        _finish_turn(state)
    outcome = state.outcome()
    assert outcome.winners == frozenset({1, 2})
    assert outcome.ranks == (3, 1, 1)
    assert state.returns() == (0.0, 0.5, 0.5)


# -- options: the other editions --------------------------------------------------------
def test_passing_costs_three_silver_with_the_dutch_option() -> None:
    state = dig_position(2, options={"pass-cost": "3"})
    seat = state.active
    state.apply(seat, act.STOP)
    assert state.money[seat] == 7
    state.apply(seat, act.NO_BLOCK)
    other = state.active
    state.money[other] = 2
    assert act.STOP not in state.legal_actions(other)
    with pytest.raises(IllegalAction) as refused:
        state.apply(other, act.STOP)
    assert refused.value.code == "must-dig"


_ABOVE_THE_MASK = {
    1: {"d4": "death-mask"},
    2: {"d4": "horus-falcon"},
    3: {"d4": "necklace"},
    4: {"d4": "bracelet"},
    5: {"d4": "alabaster-vase"},
}


def _only_d4_and_a1_left(layers: dict[int, dict[str, str]]) -> RevengeState:
    """Every stack dug but d4 (whole) and a1 (its visible bottom card): the early-end
    option, and the seat to act gets 1000 silver so that nobody goes out."""
    state = dig_position(2, layers, options={"early-end": "mask-stack"})
    for s in range(CELLS):
        if s not in (cell("a1"), cell("d4")):
            state.depth[s] = 0
    state.depth[cell("a1")] = 1
    state.money[state.active] = 1000
    return state


def test_the_mask_stack_option_waits_for_the_cards_above_the_mask() -> None:
    """German original (ludorium.at): the game ends when the only card left undug is the one
    hiding the mask. Emptying the last other stack while the mask's stack still holds hidden
    cards above the mask does not end it; those cards are dug first."""
    state = _only_d4_and_a1_left(_ABOVE_THE_MASK)
    seat = state.active
    lift(state, "a1")  # the last other stack is empty; d4 still hides four cards
    assert state.phase == DIGGING
    for _ in range(3):
        lift(state, "d4")  # alabaster vase 1, bracelet 2, necklace 4
        assert state.phase == DIGGING
    events = lift(state, "d4")  # Horus falcon 5: now one uncovered card covers the mask
    assert state.phase == OVER
    assert state.outcome().reason == "only the card covering the death mask is left"
    assert "cash" in kinds_of(events)
    assert state.money[seat] == 1000 + 12
    assert state.depth[cell("d4")] == 2
    assert not state.mask_seen


def test_the_mask_stack_option_ends_when_the_last_other_stack_empties() -> None:
    state = _only_d4_and_a1_left(_ABOVE_THE_MASK)
    state.depth[cell("d4")] = 2  # the Horus falcon is on top of the mask
    lift(state, "a1")
    assert state.phase == OVER
    assert state.outcome().reason == "only the card covering the death mask is left"


def test_the_mask_stack_option_ends_after_a_danger_on_the_mask() -> None:
    """The card uncovered on top of the mask is a danger: its penalty is paid, then the end."""
    state = _only_d4_and_a1_left({**_ABOVE_THE_MASK, 2: {"d4": "scorpion"}})
    seat = state.active
    state.depth[cell("a1")] = 0
    state.depth[cell("d4")] = 3
    lift(state, "d4")
    assert state.phase == OVER
    assert state.money[seat] == 1000 - 3
    assert state.outcome().reason == "only the card covering the death mask is left"


def test_without_the_option_the_mask_stack_must_be_dug_or_passed() -> None:
    state = dig_position(2, {1: {"d4": "death-mask"}})
    for s in range(CELLS):
        if s != cell("d4"):
            state.depth[s] = 0
    assert state.phase == DIGGING
    assert state.legal_actions(state.active) == [act.SCARAB, act.LIFT[cell("d4")], act.STOP]


def test_a_random_layout_is_uniform_over_valid_layouts() -> None:
    """The chance steps of `random` weight each card by the share of complete valid
    layouts that continue with it: on a1 of a middle layer, a part with the share of
    placements putting it there, a free card with the free share times its count."""
    from saqqara.games.tutankhamuns_revenge.data import deck
    from saqqara.games.tutankhamuns_revenge.shapes import HEAD, placements, role_at

    state = TutankhamunsRevenge(2).new_state()
    while state.layer < 4:  # lay layers 1-4 at once
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    state.apply(state.to_act()[0], act.RANDOM)
    chances = dict(state.chance_outcomes())
    every = placements()
    head_share = sum(1 for p in every if role_at(p, 0) == HEAD) / len(every)
    assert chances[act.LAY[kind("cobra")]] == pytest.approx(head_share)
    free_share = sum(1 for p in every if role_at(p, 0) == 0) / len(every)
    layer5 = deck().layers[4]
    assert chances[act.LAY[kind("mosquito")]] == pytest.approx(
        free_share * layer5[kind("mosquito")] / 7
    )


def test_lay_choices_and_random_fills_follow_the_layout_weights_in_every_layer() -> None:
    """The remembered lay choices (outside the middle layers by the cards laid, whatever
    their order) are the layout weights of the very prefix, and ``play_chance`` lays a
    random fill as one ``sample_chance`` and ``apply_unchecked`` after another would."""
    from saqqara.games.tutankhamuns_revenge.shapes import next_cell_weights

    for seed in range(4):
        rng = random.Random(seed)
        stepwise = TutankhamunsRevenge(3).new_state()
        while stepwise.phase == LAYING:
            seat = stepwise.to_act()[0]
            if seat != CHANCE:
                prefix = tuple(stepwise.layouts[stepwise.layer * CELLS :][: stepwise.laid])
                weights = next_cell_weights(stepwise.layer, prefix)
                lays = [act.LAY[k] for k, _ in weights]
                assert stepwise.legal_actions(seat) == [*lays, act.RANDOM]
                if stepwise.laid == 3:  # the rest of the layer by chance, both ways
                    stepwise.apply_unchecked(seat, act.RANDOM)
                    looped, loop_rng = stepwise.clone(), random.Random(seed)
                    loop_rng.setstate(rng.getstate())
                    looped.play_chance(loop_rng)
                    while stepwise.to_act() == (CHANCE,):  # the box is turned too
                        stepwise.apply_unchecked(CHANCE, stepwise.sample_chance(rng))
                    assert looped.layouts == stepwise.layouts
                    assert loop_rng.getstate() == rng.getstate()
                else:
                    stepwise.apply_unchecked(seat, rng.choice(lays))
            else:
                assert stepwise.chance_outcomes() == [
                    (act.LAY[k], p)
                    for k, p in next_cell_weights(
                        stepwise.layer,
                        tuple(stepwise.layouts[stepwise.layer * CELLS :][: stepwise.laid]),
                    )
                ]
                stepwise.apply_unchecked(CHANCE, stepwise.sample_chance(rng))


def test_remembered_lay_choices_are_those_of_the_very_prefix() -> None:
    """In every layer, the lay choices after each prefix of many random layouts (the
    remembered ones included, met again in another order) are its layout weights' kinds."""
    from saqqara.games.tutankhamuns_revenge.shapes import next_cell_weights, sample_layer
    from saqqara.games.tutankhamuns_revenge.state import _lay_legal

    rng = random.Random(7)
    for layer in range(LAYERS - 1):
        for _ in range(60):
            layout = sample_layer(layer, (-1,) * CELLS, rng)
            for laid in range(CELLS):
                prefix = tuple(layout[:laid])
                kinds = [act.LAY[k] for k, _ in next_cell_weights(layer, prefix)]
                assert _lay_legal(layer, prefix) == [*kinds, act.RANDOM]


def test_the_top_card_and_what_is_uncovered_follow_the_digging() -> None:
    """ "Fas 2": cards lie face up; a lift uncovers the card beneath, which is public once it
    is revealed, and a lifted card stays known. ``top`` is the card now on a stack (none on
    an empty one); ``is_public`` says which layers' cards of a stack everyone has seen."""
    state = dig_position(2, {5: {"a1": "bracelet"}})
    a1, b1 = cell("a1"), cell("b1")
    assert [state.top(s) for s in range(CELLS)] == [kind("earth")] * CELLS  # the cover
    assert [state.is_public(layer, a1) for layer in range(LAYERS)] == [False] * 5 + [True]
    state.apply(state.active, act.LIFT[a1])  # the cover is lifted; the bracelet not yet shown
    assert state.top(a1) == kind("bracelet")
    assert [state.is_public(layer, a1) for layer in range(LAYERS)] == [False] * 5 + [True]
    assert [state.is_public(layer, b1) for layer in range(LAYERS)] == [False] * 5 + [True]
    ((reveal, _),) = state.chance_outcomes()
    state.apply(CHANCE, reveal)
    assert [state.is_public(layer, a1) for layer in range(LAYERS)] == [False] * 4 + [True] * 2
    assert state.top(b1) == kind("earth")
    state.depth[a1] = 0  # dug out to the bottom
    assert state.top(a1) == -1
    assert all(state.is_public(layer, a1) for layer in range(LAYERS))


def test_a_seat_put_out_takes_its_blockade_away() -> None:
    """ "Poängen" and "Blockadkort": a seat that is out digs no more, and its blockade goes
    with it (the table is told), so the others may dig there again."""
    state = dig_position(3, {5: {"a1": "mosquito"}})
    first = state.active
    state.block_at[first] = cell("b2")  # laid at the end of an earlier turn
    state.money[first] = 0
    events = lift(state, "a1")
    unblock = [e.data for e in events if e.kind == "unblock"]
    assert unblock == [{"seat": first, "stack": "b2"}]
    assert state.eliminated == [first]
    assert state.block_at[first] == -1
    assert act.LIFT[cell("b2")] in state.legal_actions(state.active)


def test_an_empty_stack_cannot_be_dug_and_the_refusal_says_so() -> None:
    state = dig_position(2)
    state.depth[cell("a1")] = 0  # dug out to the bottom
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.active, act.LIFT[cell("a1")])
    assert refused.value.code == "empty-stack"


def test_the_view_tells_which_layer_is_being_laid_and_how_far() -> None:
    """ "Fas 1": everyone sees whose layer is being laid and how many of its cards lie."""
    state = TutankhamunsRevenge(2).new_state()
    assert state.view(1)["laying"] == {"layer": 1, "cards": 0, "random": False}
    state.apply(0, act.LAY[kind("scorpion")])
    assert state.view(None)["laying"] == {"layer": 1, "cards": 1, "random": False}
    state.apply(0, act.RANDOM)
    assert state.view(1)["laying"] == {"layer": 1, "cards": 1, "random": True}
    assert dig_position(2).view(None)["laying"] is None


def test_a_seat_that_laid_no_layer_is_offered_no_guess_at_the_turn() -> None:
    """ "Fas 1": with six players (and the cover laid with layer five) the sixth seat lays no
    layer, so it has nothing to narrow the secret turn with."""
    state = dig_position(6)
    assert all(state.owner(layer) != 5 for layer in range(LAYERS))
    assert state.view(5)["possible_turns"] is None
    assert state.view(None)["possible_turns"] is None


def test_no_turn_is_under_way_while_the_layers_are_laid() -> None:
    """ "Fas 2" begins with the first turn: before it, the view shows no lift, no gain and
    no scarab in play."""
    state = TutankhamunsRevenge(3).new_state()
    assert state.phase == LAYING
    assert state.view(0)["turn"] == {"lifts": 0, "gain": 0, "scarab": False, "at_stake": 0}
    assert state.view(None)["turn"]["lifts"] == 0


def test_the_outcome_is_refused_until_the_game_is_over() -> None:
    state = dig_position(3)
    with pytest.raises(IllegalAction, match=r"^the game is not over$") as refused:
        state.outcome()
    assert refused.value.code == "not-over"


def test_an_action_of_another_game_is_refused_as_not_legal() -> None:
    from saqqara.games.tutankhamun import actions as tutankhamun_actions

    state = dig_position(2)
    foreign = tutankhamun_actions.PASS
    with pytest.raises(IllegalAction, match="is not an action of this game") as refused:
        state.apply_unchecked(state.active, foreign)
    assert refused.value.code == "not-legal"
