"""Play now's pairing rules, as functions (``server/play_now.py``): who fits with whom, which
group is seated next, and which bot fills the seats nobody took."""

from __future__ import annotations

from saqqara.server.play_now import choose, compatible, fill_bot, within
from saqqara.server.seek_book import OpenSeek


def seek(
    name: str,
    at: float,
    *,
    rating: int | None = None,
    low: int | None = None,
    high: int | None = None,
    players: int = 3,
    bots_after: int | None = None,
    account: str | None = None,
) -> OpenSeek:
    return OpenSeek(
        id=name,
        key_hash="",
        pool="p",
        game="valley-of-the-kings",
        players=players,
        options={},
        rated=False,
        rating=rating,
        low=low,
        high=high,
        bots_after=bots_after,
        name=name,
        lang="en",
        account=account,
        created_at=at,
    )


def test_a_range_holds_ratings_inside_it_and_no_guest() -> None:
    ranged = seek("a", 0, low=1400, high=1600)
    assert within(ranged, 1400) and within(ranged, 1600)
    assert not within(ranged, 1399) and not within(ranged, 1601)
    assert not within(ranged, None)  # a guest
    assert within(seek("b", 0), None)  # a range left open holds everyone
    assert within(seek("c", 0, low=1500), 9000) and not within(seek("d", 0, high=1500), 1501)


def test_each_must_be_within_the_others_range_and_one_account_never_twice() -> None:
    picky = seek("picky", 0, rating=1500, low=1550)
    strong = seek("strong", 1, rating=1600, high=1450)  # picky is too weak for strong
    assert not compatible(picky, strong) and not compatible(strong, picky)
    assert compatible(picky, seek("fine", 2, rating=1560))
    assert not compatible(seek("x", 0, account="acc"), seek("y", 1, account="acc"))
    assert compatible(seek("x", 0, account="acc"), seek("y", 1, account="other"))


def test_a_full_table_of_seekers_who_all_fit_comes_first_oldest_first() -> None:
    a = seek("a", 0, rating=1500, low=1450)
    guest = seek("guest", 1)  # not within a's range: skipped for a's table
    b = seek("b", 2, rating=1500)
    c = seek("c", 3, rating=1460)
    group = choose([a, guest, b, c], now=4)
    assert group is not None and [s.id for s in group] == ["a", "b", "c"]
    assert choose([a, guest, b], now=4) is None  # two of three, and nobody's wait is over


def test_a_seek_whose_wait_is_over_is_seated_with_those_that_fit() -> None:
    a = seek("a", 0, rating=1500)
    b = seek("b", 5, rating=1500, bots_after=30)
    assert choose([a, b], now=34) is None  # b has waited 29 s
    group = choose([a, b], now=35)
    assert group is not None and sorted(s.id for s in group) == ["a", "b"]


def test_the_seats_nobody_took_go_to_the_strong_bot_within_the_move_limit() -> None:
    assert fill_bot("tutankhamun", 2, 10.0) == "hard"
    assert fill_bot("tutankhamun", 2, 0.01) == "heuristic"  # hard cannot move that fast
