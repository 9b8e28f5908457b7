"""The news on a turn screen (issue 33, item 6): they get the rows the menu leaves free,
and a seat's own events are never cut away behind ``log``."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from saqqara.core.i18n import Translator
from saqqara.ui.news import Headline, fit, names_seat, show_news, turn_rows


def test_a_seats_own_lines_are_kept_before_the_latest_of_the_others() -> None:
    lines = [Headline(f"line {i}", own=i in (1, 4)) for i in range(12)]
    skipped, kept = fit(lines, 5)
    assert skipped == 8
    assert kept == [1, 4, 10, 11]  # one row says how many were left out


def test_news_that_fit_are_all_shown_and_nothing_is_said_of_earlier_lines() -> None:
    lines = [Headline("a"), Headline("b", own=True)]
    assert fit(lines, 2) == (0, [0, 1])
    out = io.StringIO()
    printed = show_news(
        Console(file=out, width=80, color_system=None), Translator("en"), [lines], most=2
    )
    assert printed == 2 and "earlier lines" not in out.getvalue()


@given(
    st.lists(st.booleans(), max_size=40),
    st.integers(min_value=1, max_value=30),
)
def test_fit_never_exceeds_its_rows_keeps_order_and_prefers_own_lines(
    owns: list[bool], rows: int
) -> None:
    lines = [Headline(str(i), own) for i, own in enumerate(owns)]
    skipped, kept = fit(lines, rows)
    assert kept == sorted(kept) and len(kept) + skipped == len(lines)
    assert len(kept) + (1 if skipped else 0) <= max(rows, 1)
    if skipped:
        own = [i for i, own in enumerate(owns) if own]
        assert set(own[-(rows - 1) :] if rows > 1 else []) <= set(kept)


def test_a_short_menu_leaves_its_rows_to_the_news() -> None:
    # 16 rows between board and prompt, 2 moves, 14 lines of news: 14 rows of news
    # (a third of the room, 5, before).
    page, news = turn_rows(16, 2, 14)
    assert news == 14 and page >= 2
    # a long menu keeps two thirds of the room; the news get the rest
    page, news = turn_rows(16, 70, 30)
    assert news == 5 and page == 10
    # no news: one row all the same (the menu's page is not cut for it)
    assert turn_rows(16, 70, 0)[1] == 1


def test_events_name_their_seat() -> None:
    assert names_seat({"seat": 2, "kind": "out"}, 2)
    assert not names_seat({"seat": 2}, 1) and not names_seat({"seat": 0}, None)
    assert not names_seat({"kind": "round"}, 0)
