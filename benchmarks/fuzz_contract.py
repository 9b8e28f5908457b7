"""Fuzz every way into the game contract from outside, over every registered game.

Usage: python benchmarks/fuzz_contract.py [--apply N] [--notation N] [--records N]
                                          [--secrecy N] [--seed S]

Four categories, each printing tries and failures (with a progress line per tenth):

- ``apply``: bad tries against ``State.apply`` (junk seats, junk and out-of-range field
  values, look-alikes such as ``Take(True)``, other games' actions, non-actions). A failure
  is any exception other than ``IllegalAction``, an accepted bad try, or a changed state.
- ``notation``: arbitrary text (unicode digits, huge numbers, long words, other games'
  verbs) and non-text for ``parse_action``, junk for ``action_from_id``. A failure is any
  exception other than ``NotationError``, or a parsed action that does not round-trip.
- ``records``: mutated records and journals (deep nesting, huge integers, wrong types,
  shuffled and edited actions, huge strings, torn text) through ``parse_record_text`` and
  ``replay``. A failure is any
  exception other than ``RecordError``, or an error message longer than 2,000 characters.
- ``secrecy``: at random positions, bad tries of the acting seat against the true state
  and a resample of it for that seat. A failure is a different answer (code and message,
  or exception type) in the two.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import string
import sys
import time
from typing import Any

from saqqara.core.actions import Action
from saqqara.core.errors import IllegalAction, NotationError, RecordError
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.journal import parse_record_text
from saqqara.core.records import Record, record_of, replay
from saqqara.core.registry import load, registered_games

POSITIONS_PER_CONFIG = 12
MAX_MESSAGE = 2_000

JUNK: tuple[Any, ...] = (
    True,
    False,
    1.0,
    0.5,
    -1,
    -2,
    999,
    10**20,
    -(10**20),
    2**63,
    "1",
    "",
    None,
    [1],
    (1,),
    b"1",
    float("nan"),
    float("inf"),
    1j,
)
JUNK_SEATS: tuple[Any, ...] = (True, False, 1.0, 0.0, "0", "1", None, -2, 99, 10**30, [0], -1.0)


def configs() -> list[Game]:
    """Every registered game in every option set and player count."""
    games = []
    for game_id, cls in registered_games().items():
        for options in cls.spec.option_sets():
            for players in cls.spec.player_counts:
                games.append(load(game_id, players, options))
    return games


def positions(game: Game, rng: random.Random, count: int) -> list[State]:
    """``count`` states of random games at random depths (terminal ones included)."""
    found: list[State] = []
    while len(found) < count:
        state = game.new_state()
        stop = rng.choice((0, 1, 3, 10, 30, 100, 300, 1000, 5000))
        for _ in range(stop):
            acting = state.to_act()
            if not acting:
                break
            seat = acting[0]
            if seat == CHANCE:
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions(seat))
            state.apply_unchecked(seat, action)
        found.append(state)
    return found


def fingerprint(state: State) -> str:
    """Everything anyone can observe of a state: every view, who acts, every legal list."""
    game = state.game
    seen: list[Any] = [state.view(None), list(state.to_act())]
    for seat in range(game.players):
        seen.append(state.view(seat))
        seen.append([game.action_id(a) for a in state.legal_actions(seat)])
    return json.dumps(seen, sort_keys=True)


def vocabulary(game: Game) -> list[Action]:
    return [game.action_from_id(i) for i in range(game.num_distinct_actions)]


def mutate_action(action: Action, rng: random.Random) -> Action:
    """The same action type with one or more fields replaced by junk or out-of-range ints."""
    fields = [f.name for f in dataclasses.fields(action)]  # type: ignore[arg-type]
    values = [getattr(action, name) for name in fields]
    if not values:
        return action
    for _ in range(rng.randint(1, len(values))):
        i = rng.randrange(len(values))
        kind = rng.random()
        if kind < 0.4:
            values[i] = rng.choice(JUNK)
        elif kind < 0.8:
            values[i] = rng.randint(-5, 400)
        else:
            old = values[i]
            if isinstance(old, bool):
                values[i] = int(old)
            elif isinstance(old, int):
                values[i] = float(old)
            else:
                values[i] = rng.choice(JUNK)
    return type(action)(*values)


def look_alike(action: Action) -> Action | None:
    """``action`` with a field of the same value but another type (bool for int, ...)."""
    fields = [f.name for f in dataclasses.fields(action)]  # type: ignore[arg-type]
    values = [getattr(action, name) for name in fields]
    for i, value in enumerate(values):
        if isinstance(value, bool):
            values[i] = int(value)
            return type(action)(*values)
        if isinstance(value, int) and value in (0, 1):
            values[i] = bool(value)
            return type(action)(*values)
        if isinstance(value, int):
            values[i] = float(value)
            return type(action)(*values)
    return None


class NotAnAction:
    """An object that is not an Action at all."""


def bad_try(state: State, rng: random.Random, foreign: list[Action]) -> tuple[Any, Any]:
    """A (seat, action) pair; it may happen to be legal, which the caller checks."""
    game = state.game
    acting = state.to_act()
    vocab = vocabulary_of(game)
    seat: Any = rng.choice(acting) if acting and rng.random() < 0.7 else rng.randrange(game.players)
    if rng.random() < 0.12:
        seat = rng.choice(JUNK_SEATS)
    if acting and rng.random() < 0.1:
        seat = CHANCE
    legal = legal_of(state, seat)
    kind = rng.random()
    action: Any
    if kind < 0.3 and legal:
        alike = look_alike(rng.choice(legal))
        action = alike if alike is not None else rng.choice(vocab)
    elif kind < 0.55:
        action = mutate_action(rng.choice(legal or vocab), rng)
    elif kind < 0.75:
        action = rng.choice(vocab)
    elif kind < 0.9:
        action = rng.choice(foreign)
    else:
        action = rng.choice((None, "take 1", 5, NotAnAction(), Action(), ("take", 1)))
    return seat, action


_VOCAB: dict[int, list[Action]] = {}


def vocabulary_of(game: Game) -> list[Action]:
    key = id(game)
    if key not in _VOCAB:
        _VOCAB[key] = vocabulary(game)
    return _VOCAB[key]


def legal_of(state: State, seat: Any) -> list[Action]:
    if type(seat) is not int or seat not in state.to_act():
        return []
    if seat == CHANCE:
        return [a for a, _ in state.chance_outcomes()]
    return state.legal_actions(seat)


def exactly_legal(state: State, seat: Any, action: Any) -> bool:
    """Whether (seat, action) is a legal step, field types included."""
    for legal in legal_of(state, seat):
        if type(legal) is type(action) and all(
            type(getattr(legal, f.name)) is type(getattr(action, f.name))
            and getattr(legal, f.name) == getattr(action, f.name)
            for f in dataclasses.fields(legal)  # type: ignore[arg-type]
        ):
            return True
    return False


class Tally:
    """Tries and failures per kind of failure, with a progress line per tenth."""

    def __init__(self, name: str, total: int) -> None:
        self.name = name
        self.total = total
        self.tries = 0
        self.failures: dict[str, int] = {}
        self.examples: dict[str, str] = {}
        self.start = time.perf_counter()

    def tried(self) -> None:
        self.tries += 1
        if self.total >= 10 and self.tries % (self.total // 10) == 0:
            elapsed = time.perf_counter() - self.start
            print(
                f"  {self.name}: {self.tries:,}/{self.total:,} tries, "
                f"{sum(self.failures.values()):,} failures, {elapsed:.0f} s",
                file=sys.stderr,
                flush=True,
            )

    def fail(self, kind: str, example: str) -> None:
        self.failures[kind] = self.failures.get(kind, 0) + 1
        self.examples.setdefault(kind, example[:200])

    def report(self) -> None:
        failed = sum(self.failures.values())
        print(f"{self.name:<10}{self.tries:>10,} tries{failed:>10,} failures")
        for kind, count in sorted(self.failures.items(), key=lambda kv: -kv[1]):
            print(f"    {count:>8,}  {kind}   e.g. {self.examples[kind]}")


def short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def fuzz_apply(games: list[Game], total: int, rng: random.Random) -> Tally:
    tally = Tally("apply", total)
    foreign = [a for g in games for a in vocabulary_of(g)]
    pool = [(g, s) for g in games for s in positions(g, rng, POSITIONS_PER_CONFIG)]
    per = max(1, total // len(pool))
    while tally.tries < total:
        for index, (game, state) in enumerate(pool):
            try:
                before = fingerprint(state)
            except Exception:  # a state broken by an earlier try: replace it
                state = game.new_state()
                pool[index] = (game, state)
                before = fingerprint(state)
            for _ in range(per):
                if tally.tries >= total:
                    break
                seat, action = bad_try(state, rng, foreign)
                if exactly_legal(state, seat, action):
                    continue
                tally.tried()
                where = f"{game.spec.id}/{game.players}: apply({short(seat)}, {short(action)})"
                try:
                    state.apply(seat, action)
                except IllegalAction as exc:
                    if not exc.code or not exc.message:
                        tally.fail("refusal without code or message", where)
                    elif len(exc.message) > MAX_MESSAGE:
                        tally.fail("refusal message too long", where)
                except Exception as exc:  # counting what escapes is the point
                    tally.fail(f"raised {type(exc).__name__}", f"{where}: {short(exc)}")
                else:
                    tally.fail("accepted a bad try", where)
                try:
                    after = fingerprint(state)
                except Exception as exc:
                    tally.fail("state broken after the try", f"{where}: {short(exc)}")
                    state = game.new_state()
                    pool[index] = (game, state)
                    before = fingerprint(state)
                    continue
                if after != before:
                    tally.fail("changed the state", where)
                    before = after
    return tally


DIGITS = "0123456789"
ODD_DIGITS = "²³¹₂٣۴߅०১੨௩๔໕༦၇႘០᠑１𝟘"


def random_text(rng: random.Random, verbs: list[str], words: list[str]) -> Any:
    kind = rng.random()
    if kind < 0.05:
        return rng.choice((None, 5, b"take 1", ["take", "1"], 1.5, True))
    parts: list[str] = []
    for _ in range(rng.randint(0, 4)):
        pick = rng.random()
        if pick < 0.3:
            parts.append(rng.choice(verbs))
        elif pick < 0.5:
            parts.append(rng.choice(words))
        elif pick < 0.65:
            parts.append("".join(rng.choice(DIGITS) for _ in range(rng.randint(1, 4))))
        elif pick < 0.75:
            parts.append("".join(rng.choice(DIGITS + ODD_DIGITS) for _ in range(rng.randint(1, 3))))
        elif pick < 0.8:
            parts.append("9" * rng.choice((20, 400, 5000)))
        elif pick < 0.85:
            parts.append(rng.choice(words) + rng.choice(ODD_DIGITS))
        elif pick < 0.9:
            parts.append(rng.choice(("1.5", "1.", ".1", "1.5.2", "-1", "+1", "0x1", "1_0")))
        else:
            alphabet = string.printable + "ÄäßéÖ\u200b\u00a0\u3000🙂"
            parts.append("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12))))
    sep = rng.choice((" ", "  ", "\t", "\u00a0", "\u3000", "\n"))
    return sep.join(parts)


def notation_words(games: list[Game]) -> tuple[list[str], list[str]]:
    verbs: set[str] = set()
    words: set[str] = set()
    for game in games[:: max(1, len(games) // 12)] + games[-1:]:
        for action in vocabulary_of(game):
            parts = game.action_text(action).split()
            verbs.add(parts[0])
            words.update(parts[1:])
    return sorted(verbs), sorted(words)


def fuzz_notation(games: list[Game], total: int, rng: random.Random) -> Tally:
    tally = Tally("notation", total)
    verbs, words = notation_words(games)
    ids: tuple[Any, ...] = (-1, 10**6, 10**30, True, False, 1.0, "1", None, 2**63)
    while tally.tries < total:
        game = rng.choice(games)
        tally.tried()
        if rng.random() < 0.1:
            junk = rng.choice(ids)
            try:
                game.action_from_id(junk)
            except NotationError:
                pass
            except Exception as exc:
                tally.fail(f"action_from_id raised {type(exc).__name__}", short(junk))
            else:
                if type(junk) is not int:
                    tally.fail("action_from_id accepted a non-int", short(junk))
            continue
        text = random_text(rng, verbs, words)
        where = f"{game.spec.id}: parse_action({short(text)})"
        try:
            action = game.parse_action(text)
        except NotationError as exc:
            if len(exc.message) > MAX_MESSAGE:
                tally.fail("error message too long", where)
            continue
        except Exception as exc:
            tally.fail(f"raised {type(exc).__name__}", f"{where}: {short(exc)}")
            continue
        try:
            again = game.parse_action(game.action_text(action))
            if again != action or game.action_from_id(game.action_id(action)) != action:
                tally.fail("parsed action does not round-trip", where)
        except Exception as exc:
            tally.fail(f"round trip raised {type(exc).__name__}", f"{where}: {short(exc)}")
    return tally


def sample_records(games: list[Game], rng: random.Random) -> list[dict[str, Any]]:
    records = []
    for game in games:
        for _ in range(2):
            state = game.new_state()
            history: list[tuple[int, str]] = []
            for _ in range(rng.choice((5, 40, 200))):
                acting = state.to_act()
                if not acting:
                    break
                seat = acting[0]
                if seat == CHANCE:
                    action = state.sample_chance(rng)
                else:
                    action = rng.choice(state.legal_actions(seat))
                history.append((seat, game.action_text(action)))
                state.apply_unchecked(seat, action)
            records.append(record_of(game, history).to_json())
    return records


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def mutate_record(data: dict[str, Any], rng: random.Random) -> str:
    data = json.loads(json.dumps(data))
    actions = data["actions"]
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(14)
        key = rng.choice(list(data))
        if kind == 0:
            data[key] = rng.choice((*JUNK[:12], {}, [], nested(5)))
        elif kind == 1:
            del data[key]
        elif kind == 2 and actions:
            rng.shuffle(actions)
        elif kind == 3 and actions:
            entry = rng.choice(actions)
            entry[rng.choice(("seat", "action"))] = rng.choice(
                (*JUNK[:12], "chance", "take ²", "x" * 5000, {"a": 1}, 10**40)
            )
        elif kind == 4 and actions:
            entry = rng.choice(actions)
            other = rng.choice(actions)
            entry["action"] = other["action"]
        elif kind == 5 and actions:
            del actions[rng.randrange(len(actions)) :]
            actions.append(dict(rng.choice(actions or [{"seat": 0, "action": "done"}])))
        elif kind == 6:
            data["players"] = rng.choice((0, 1, 7, -1, 10**30, True, "3"))
        elif kind == 7:
            data["options"] = rng.choice(({"edition": "x"}, {"x": "y"}, {"edition": 1}, []))
        elif kind == 8:
            data["game"] = rng.choice(("nope", "", "tutankhamun", "valley-of-the-kings", 5))
        elif kind == 9:
            return "[" * rng.choice((1000, 100_000)) + "]" * rng.choice((0, 1000))
        elif kind == 10:
            return '{"format": "saqqara-record", "format_version": 1, "players": ' + "9" * 5000
        elif kind == 11 and actions:
            rng.choice(actions)["action"] = "x" * rng.choice((100, 100_000))
        elif kind == 12:
            depth = rng.choice((10, 2000, 50_000))
            return json.dumps(data)[:-1] + ', "meta": ' + "[" * depth + "]" * depth + "}"
        elif kind == 13 and actions:
            entry = rng.choice(actions)
            entry["seat"] = rng.choice((-1, "chance", 0, 1, 2, 5, True))
    if rng.random() < 0.2 and isinstance(data.get("actions"), list):  # as a journal
        header = {k: v for k, v in data.items() if k != "actions"}
        header["format"] = "saqqara-journal"
        lines = [json.dumps(header), *(json.dumps(a) for a in data["actions"])]
        text = "\n".join(lines) + "\n"
    else:
        text = json.dumps(data)
    if rng.random() < 0.05:
        cut = rng.randrange(len(text))
        text = text[:cut]
    return text


def fuzz_records(games: list[Game], total: int, rng: random.Random) -> Tally:
    tally = Tally("records", total)
    samples = sample_records(games, rng)
    while tally.tries < total:
        text = mutate_record(rng.choice(samples), rng)
        tally.tried()
        try:
            replay(parse_record_text(text) if isinstance(text, str) else Record.loads(text))
        except RecordError as exc:
            if len(exc.message) > MAX_MESSAGE:
                tally.fail("error message too long", f"{len(exc.message):,} characters")
        except Exception as exc:
            tally.fail(f"raised {type(exc).__name__}", short(text) + ": " + short(exc))
    return tally


def answer(state: State, seat: Any, action: Any) -> str:
    """How a copy of ``state`` answers ``apply(seat, action)``: the refusal as JSON, or what
    else happened."""
    try:
        state.clone().apply(seat, action)
    except IllegalAction as exc:
        return json.dumps(exc.to_json())
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return "accepted"


def fuzz_secrecy(games: list[Game], total: int, rng: random.Random) -> Tally:
    tally = Tally("secrecy", total)
    foreign = [a for g in games for a in vocabulary_of(g)]
    hidden = [g for g in games if g.spec.hidden_information]
    pool = [(g, s) for g in hidden for s in positions(g, rng, POSITIONS_PER_CONFIG * 3)]
    pool = [(g, s) for g, s in pool if s.to_act() and s.to_act() != (CHANCE,)]
    while tally.tries < total:
        game, state = rng.choice(pool)
        seat = rng.choice(state.to_act())
        world = state.resample(seat, rng)
        vocab = vocabulary_of(game)
        for _ in range(20):
            kind = rng.random()
            if kind < 0.3:
                action: Any = rng.choice(vocab)
            elif kind < 0.5:
                action = mutate_action(rng.choice(vocab), rng)
            elif kind < 0.9:
                action = mutate_action(rng.choice(legal_of(state, seat) or vocab), rng)
            else:
                action = rng.choice(foreign)
            if exactly_legal(state, seat, action):
                continue
            tally.tried()
            truth = answer(state, seat, action)
            sampled = answer(world, seat, action)
            if truth != sampled:
                where = f"{game.spec.id}/{game.players} seat {seat} {short(action)}"
                tally.fail("refusal differs under resampling", f"{where}: {truth} / {sampled}")
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apply", type=int, default=300_000)
    parser.add_argument("--notation", type=int, default=150_000)
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--secrecy", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = configs()
    print(f"{len(games)} configurations of {len(registered_games())} games, seed {args.seed}")
    tallies = []
    for name, run in (
        ("apply", fuzz_apply),
        ("notation", fuzz_notation),
        ("records", fuzz_records),
        ("secrecy", fuzz_secrecy),
    ):
        total = getattr(args, name)
        if total:
            print(f"fuzzing {name} ...", file=sys.stderr, flush=True)
            tallies.append(run(games, total, random.Random(args.seed)))
    for tally in tallies:
        tally.report()
    failed = sum(sum(t.failures.values()) for t in tallies)
    print(f"total: {sum(t.tries for t in tallies):,} tries, {failed:,} failures")


if __name__ == "__main__":
    main()
