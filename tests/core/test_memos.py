"""Bounded memos: a search process keeps many entries, a lean one (a server) few."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
import textwrap

import pytest

from saqqara.core.memos import Memo


def test_a_full_memo_starts_afresh() -> None:
    memo: Memo[int, str] = Memo(3, 1)
    assert [memo.keep(n, str(n)) for n in range(3)] == ["0", "1", "2"]
    assert memo == {0: "0", 1: "1", 2: "2"}
    assert memo.keep(3, "3") == "3"
    assert memo == {3: "3"}
    assert memo.get(3) == "3"


def test_limits_are_checked() -> None:
    with pytest.raises(ValueError, match="lean limit"):
        Memo(4, 8)
    with pytest.raises(ValueError, match="lean limit"):
        Memo(4, 0)


def test_a_memo_copies_and_pickles_with_its_limits() -> None:
    memo: Memo[int, int] = Memo(5, 2)
    memo.keep(1, 2)
    for twin in (copy.deepcopy(memo), pickle.loads(pickle.dumps(memo))):
        assert twin == {1: 2}
        assert (twin.limit, twin.search_limit, twin.lean_limit) == (5, 5, 2)


def test_a_lean_process_keeps_few_entries_in_every_memo() -> None:
    script = textwrap.dedent(
        """
        import random
        from saqqara.core import memos
        from saqqara.core.registry import load
        from saqqara.games.tutankhamuns_revenge import state as revenge
        from saqqara.games.curse_of_the_mummy.data import board

        before = memos.Memo(100, 10)
        for n in range(50):
            before.keep(n, n)
        assert revenge._LAYINGS.limit == 1 << 14 and not memos.is_lean()
        memos.make_lean()
        after = memos.Memo(100, 10)
        assert memos.is_lean() and before == {} and before.limit == after.limit == 10
        assert revenge._LAYINGS.limit == 256 and board().redeal_cache.limit == 32
        game = load("tutankhamuns-revenge", 3)
        rng = random.Random(1)
        for _ in range(20):
            state = game.new_state()
            while state.to_act():
                seat = state.to_act()[0]
                if seat == -1:
                    state.apply_unchecked(seat, state.sample_chance(rng))
                else:
                    state.apply_unchecked(seat, rng.choice(state.legal_actions(seat)))
        assert 0 < len(revenge._LAYINGS) <= 256
        print("lean")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "lean"


def test_serving_makes_the_process_lean(monkeypatch: pytest.MonkeyPatch) -> None:
    from saqqara.core import memos
    from saqqara.server import main

    class Started(Exception):
        pass

    def no_app(*args: object, **kwargs: object) -> None:
        assert memos.is_lean()
        raise Started

    monkeypatch.setattr(memos, "_lean", False)
    monkeypatch.setattr(main, "create_app", no_app)
    kept = [(memo, memo.limit) for memo in memos.memos()]
    try:
        with pytest.raises(Started):
            main.serve(db="sqlite:///:memory:")
    finally:
        for memo, limit in kept:
            memo.limit = limit
