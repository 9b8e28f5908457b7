"""The match authority: submitting, refusals, secrecy of steps, seeds, and resuming."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from saqqara.ai.random_bot import RandomBot
from saqqara.core.errors import IllegalAction, RecordError, SaqqaraError
from saqqara.core.game import CHANCE, Game
from saqqara.core.journal import RecordJournal, read_record_file
from saqqara.core.match import Match
from saqqara.core.records import RecordedAction, replay
from saqqara.core.registry import load


def tutankhamun() -> Game:
    return load("tutankhamun", 3, {"edition": "ootb-2004"})


def valley(advanced: str = "off") -> Game:
    return load("valley-of-the-kings", 3, {"advanced": advanced, "experts": "off"})


def views(match: Match) -> list[object]:
    return [match.view(seat) for seat in [None, *range(match.game.players)]]


def play_on(match: Match, steps: int | None = None) -> None:
    """Random bots play ``steps`` turns (or to the end), each seat of a sealed decision in
    seat order."""
    bots = [RandomBot(match.game) for _ in range(match.game.players)]
    done = 0
    while not match.is_over() and (steps is None or done < steps):
        seat = match.to_act()[0]
        match.play_bot(seat, bots[seat])
        done += 1


def test_setup_chance_is_drawn_until_a_seat_must_act() -> None:
    match = Match(tutankhamun(), seed=1)
    assert match.to_act() != (CHANCE,) and match.seq > 0
    assert [step.seq for step in match.history] == list(range(1, match.seq + 1))
    assert all(step.seat == CHANCE for step in match.history)


def test_an_action_its_notation_and_its_id_are_the_same_submission() -> None:
    game = tutankhamun()
    matches = [Match(game, seed=5) for _ in range(3)]
    seat = matches[0].to_act()[0]
    action = matches[0].legal_actions(seat)[-1]
    given: list[object] = [action, game.action_text(action), game.action_id(action)]
    results = []
    for match, form in zip(matches, given, strict=True):
        steps = match.submit(seat, form)  # type: ignore[arg-type]
        assert steps[0].seat == seat and steps[0].action == action
        assert steps[0].seq == match.seq - len(steps) + 1
        results.append((match.seq, views(match), match.record.actions))
    assert results[0] == results[1] == results[2]


def test_a_stale_submission_is_refused_and_changes_nothing() -> None:
    match = Match(tutankhamun(), seed=2)
    seat = match.to_act()[0]
    action = match.legal_actions(seat)[0]
    before = (match.seq, views(match))
    with pytest.raises(IllegalAction) as refused:
        match.submit(seat, action, expected_seq=match.seq - 1)
    assert refused.value.code == "stale"
    assert (match.seq, views(match)) == before
    match.submit(seat, action, expected_seq=match.seq)
    assert match.seq > before[0]


def test_a_refusal_carries_the_games_own_reason_and_changes_nothing() -> None:
    match = Match(valley(), seed=3)
    seat = match.to_act()[0]
    before = (match.seq, views(match), match.record)
    with pytest.raises(IllegalAction) as refused:
        match.submit(seat, "bid 5 1")
    assert refused.value.code == "no-such-group"
    assert refused.value.message == "bid 5 1: there are only 4 groups"
    assert (match.seq, views(match), match.record) == before


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        ("other", "first", "not-your-turn"),
        (True, "first", "bad-seat"),
        (7, "first", "bad-seat"),
        (-1, "first", "bad-seat"),
        ("own", "no such move", "bad-notation"),
        ("own", 10**6, "bad-notation"),
        ("own", -1, "bad-notation"),
        ("own", True, "bad-action"),
        ("own", 1.0, "bad-action"),
    ],
)
def test_bad_submissions_are_refused_with_a_code(seat: object, action: object, code: str) -> None:
    match = Match(tutankhamun(), seed=4)
    own = match.to_act()[0]
    who = {"own": own, "other": (own + 1) % 3}.get(seat, seat)  # type: ignore[call-overload]
    what = match.legal_actions(own)[0] if action == "first" else action
    before = (match.seq, views(match))
    with pytest.raises(IllegalAction) as refused:
        match.submit(who, what)  # type: ignore[arg-type]
    assert refused.value.code == code
    assert (match.seq, views(match)) == before


def test_an_action_that_only_looks_legal_is_refused() -> None:
    match = Match(tutankhamun(), seed=4)
    seat = match.to_act()[0]
    legal = match.legal_actions(seat)[0]
    fields = {name: getattr(legal, name) for name in legal.__dataclass_fields__}  # type: ignore[attr-defined]
    ints = [name for name, value in fields.items() if type(value) is int and value in (0, 1)]
    if not ints:
        pytest.fail(f"{legal!r} has no 0/1 field to disguise")
    look_alike = type(legal)(**{**fields, ints[0]: bool(fields[ints[0]])})
    assert look_alike == legal
    with pytest.raises(IllegalAction) as refused:
        match.submit(seat, look_alike)
    assert refused.value.code == "bad-action"


def test_a_step_tells_each_seat_only_its_own_secrets() -> None:
    match = Match(valley(), seed=6)
    seat = match.to_act()[0]
    bid = next(a for a in match.legal_actions(seat) if match.game.action_text(a) != "done")
    (step,) = match.submit(seat, bid)
    mine = [event.kind for event in step.events_for(seat)]
    assert "bid-value" in mine
    for other in [None, *(s for s in range(3) if s != seat)]:
        theirs = [event.kind for event in step.events_for(other)]
        assert "bid-value" not in theirs
        assert len(theirs) == len(mine) - 1


def test_bot_generators_are_stable_and_independent() -> None:
    game = tutankhamun()
    first, second = Match(game, seed=8), Match(game, seed=8)
    assert first.bot_rng(0).random() == second.bot_rng(0).random()
    assert first.bot_rng(0).random() != first.bot_rng(1).random()
    assert first.bot_rng(0).random() != Match(game, seed=9).bot_rng(0).random()


def test_the_order_bots_are_asked_in_a_sealed_decision_changes_nothing() -> None:
    game = valley(advanced="on")
    ascending, descending = Match(game, seed=10), Match(game, seed=10)
    bots = [RandomBot(game) for _ in range(3)]
    sealed = 0
    for match, order in ((ascending, 1), (descending, -1)):
        while not match.is_over():
            acting = match.to_act()
            if match is ascending and len(acting) > 1:
                sealed += 1
            match.play_bot(acting[::order][0], bots[acting[::order][0]])
    assert sealed > 0

    def by_seat(match: Match) -> list[list[str]]:
        return [[a.action for a in match.record.actions if a.seat == s] for s in range(3)]

    assert by_seat(ascending) == by_seat(descending)
    assert ascending.outcome() == descending.outcome()


def test_the_same_seed_plays_the_same_game() -> None:
    game = tutankhamun()
    first, second = Match(game, seed=11), Match(game, seed=11)
    play_on(first)
    play_on(second)
    assert first.record == second.record
    assert replay(first.record).state.view(None) == first.view(None)


def test_the_outcome_waits_for_the_end() -> None:
    match = Match(tutankhamun(), seed=12)
    with pytest.raises(SaqqaraError) as early:
        match.outcome()
    assert early.value.code == "not-over"
    play_on(match)
    assert match.is_over() and match.outcome().winners
    with pytest.raises(IllegalAction) as late:
        match.submit(0, 0)
    assert late.value.code == "game-over"


def test_chance_waits_when_the_match_does_not_draw_it() -> None:
    match = Match(tutankhamun(), seed=13, auto_chance=False)
    assert match.to_act() == (CHANCE,) and match.seq == 0
    steps = match.advance_chance()
    assert steps and all(step.seat == CHANCE for step in steps)
    assert [s.action for s in steps] == [s.action for s in Match(match.game, seed=13).history]


def test_a_journalled_match_resumes_as_the_live_one_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    live = Match(valley(advanced="on"), seed=14, journal=RecordJournal(path))
    play_on(live, 40)
    resumed = Match.resume(read_record_file(path))
    assert resumed.seed == live.seed and resumed.seq == live.seq
    assert views(resumed) == views(live) and resumed.to_act() == live.to_act()
    play_on(live)
    play_on(resumed)
    assert resumed.record == live.record
    assert read_record_file(path) == live.record


def test_the_journal_is_appended_to_not_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    match = Match(tutankhamun(), seed=15, journal=RecordJournal(path))
    inode = path.stat().st_ino
    for _ in range(10):
        play_on(match, 1)
        lines = path.read_text(encoding="utf-8").splitlines()
        assert len(lines) == 1 + match.seq
        assert path.stat().st_ino == inode
    match.close()


def test_resume_keeps_the_records_seed() -> None:
    match = Match(tutankhamun(), seed=16)
    play_on(match, 5)
    resumed = Match.resume(match.record, seed=99)
    assert resumed.seed == 16
    play_on(match)
    play_on(resumed)
    assert resumed.record == match.record


def test_a_record_without_a_seed_needs_one() -> None:
    match = Match(tutankhamun(), seed=17)
    seedless = replace(match.record, meta={})
    with pytest.raises(RecordError):
        Match.resume(seedless)
    assert Match.resume(seedless, seed=3).seed == 3


def test_a_record_that_does_not_replay_names_the_action() -> None:
    match = Match(tutankhamun(), seed=18)
    broken = replace(match.record, actions=(*match.record.actions, RecordedAction(CHANCE, "x")))
    with pytest.raises(RecordError) as refused:
        Match.resume(broken)
    assert refused.value.index == match.seq
