"""Terminal play: scripted input, clear messages for bad input, saving and resuming."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from saqqara.ai.registry import available_bots, make_bot
from saqqara.core.journal import read_record_file
from saqqara.core.match import Match
from saqqara.core.presentation import presentation_for
from saqqara.core.records import Record
from saqqara.core.registry import load, registered_games
from saqqara.games.curse_of_the_mummy.presentation import MummyPresentation
from saqqara.ui.compact import COMPACT
from saqqara.ui.terminal import TerminalTable, menu_order, menu_page, next_menu_page
from tests.ui.test_remote_screen import END_TABLES


def _reader(lines: list[str]) -> Iterator[str]:
    yield from lines


def _table(
    lines: list[str], path: Path, resume: Record | None = None
) -> tuple[TerminalTable, io.StringIO]:
    game = load("tutankhamun", 3, {"edition": "ootb-2004"})
    out = io.StringIO()
    feed = _reader(lines)

    def read_line(prompt: str) -> str:
        out.write(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    agents = [None, make_bot("greedy", game), make_bot("random", game)]
    table = TerminalTable(game, agents, 4, Console(file=out, width=120), read_line, path, resume)
    return table, out


def test_bad_input_gets_a_message_and_a_new_prompt(tmp_path: Path) -> None:
    table, out = _table(
        ["", "fly away", "zz", "500", "take 500", "exit", "help", "a", "log", "quit"],
        tmp_path / "g.json",
    )
    table.run()
    text = out.getvalue()
    assert "cannot read 'fly away'" in text
    assert "cannot read 'zz'" in text and "cannot read '500'" in text
    assert "beyond the path" in text
    assert "not an action of the ootb-2004 edition" in text
    assert "Type the letter of a move" in text
    assert '"aid"' not in text  # Tutankhamun has no aid to switch, so help does not offer one
    assert "Player 1 moves to 0 and takes" in text  # the person's move, told by its event
    assert "Game saved to" in text


def test_a_letter_not_yet_on_the_menu_plays_nothing(tmp_path: Path) -> None:
    """A trial found it: the menu showed a-m of 70 moves, 'x' was typed, and a move the
    person never saw was played (23 slots down the path, for good). Such a letter is
    refused with a word on 'more' and 'moves'; once 'moves' has shown it, it plays."""
    path = tmp_path / "g.json"
    refusing, out = _table(["x", "quit"], path)
    refusing.run()
    refused = "'x' is not on the menu yet: type 'more' for the next moves, or 'moves' for all"
    assert out.getvalue().count(refused) == 1
    assert [a for a in read_record_file(path).actions if a.seat == 0] == []
    playing, out = _table(["moves", "x", "quit"], tmp_path / "h.json")
    playing.run()
    assert refused not in out.getvalue()
    mine = [a.action for a in read_record_file(tmp_path / "h.json").actions if a.seat == 0]
    assert mine == ["take 23"]  # 'x' is the 24th entry: slots 0-23


def test_a_single_move_left_after_a_page_is_shown_not_hidden_behind_more() -> None:
    """A trial met 'a-j of 11 moves; more shows the next ones': one move hidden behind a
    command, in the row the hint took. It is shown in that row now."""
    assert menu_page(0, 10, 11) == (0, 11) and next_menu_page(0, 10, 11) == 0
    assert menu_page(0, 10, 12) == (0, 10) and next_menu_page(0, 10, 12) == 1
    assert menu_page(1, 10, 12) == (10, 12) and next_menu_page(1, 10, 12) == 0
    assert menu_page(1, 10, 21) == (10, 21) and next_menu_page(1, 10, 21) == 0
    assert menu_page(None, 10, 21) == (0, 21) and menu_page(0, 10, 4) == (0, 4)


def test_the_move_that_ends_a_phase_is_on_the_first_menu_page() -> None:
    """A trial found Valley's 'done' and Revenge's 'stop' on a later menu page, behind
    'more': such a move is moved onto the first page's last rows; a menu that shows it on
    its first page already keeps the game's order."""
    bids = [f"bid {v} {g}" for v in range(1, 5) for g in range(7)]  # 28 bids, then done
    order = menu_order([*bids, "done"], 10)
    assert order[:10] == [*range(9), 28] and sorted(order) == list(range(29))
    assert order[10:] == list(range(9, 28))  # the others keep their order after it
    assert menu_order(["take 3", "take 5", "exit"], 10) == [0, 1, 2]
    assert menu_order([*bids[:10], "done"], 10) == list(range(11))  # one left: shown


def test_a_german_table_refuses_bad_input_in_german(tmp_path: Path) -> None:
    """A trial typed 'hilfe' at a German table and read "cannot read 'hilfe' as a
    Tutankhamun action. Tippe einen Buchstaben ..." (the notation's reasons are English);
    'hilfe' is now the German help (tests/ui/test_command_words.py), so 'hallo' stands in."""
    game = load("tutankhamun", 2)
    out = io.StringIO()
    feed = iter(["hallo", "quit"])
    table = TerminalTable(
        game,
        [None, make_bot("random", game)],
        4,
        Console(file=out, width=120),
        lambda prompt: next(feed),
        tmp_path / "g.json",
        lang="de",
    )
    table.run()
    said = out.getvalue()
    assert "'hallo' ist kein Zug dieses Spiels. Tippe" in said and "cannot read" not in said


def test_legend_explains_the_short_boards_marks_too(tmp_path: Path) -> None:
    """A trial could not tell what '*', '◀' or '@-' on the turn's board meant."""
    table, out = _table(["legend", "quit"], tmp_path / "g.json")
    table.run()
    said = out.getvalue().split("On the short board:")[1]
    assert "*  your seat" in said and "◀  to act now" in said
    assert "@N  the slot the pawn stands on (@-: not on the path yet" in said


def test_the_record_is_saved_after_every_action_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    table, _ = _table(["take 5"], path)
    table.run()  # input ends (EOF) at the second prompt: the game is saved, not lost
    record = read_record_file(path)
    moves = [a for a in record.actions if a.seat != -1]
    assert moves[0].seat == 0 and moves[0].action == "take 5"
    assert record.seats == ("human", "greedy", "random")
    resumed, _ = _table(["moves", "board", "a", "quit"], path, resume=record)
    assert resumed.match.seq == len(record.actions)
    assert resumed.match.seed == record.meta["seed"] == 4
    resumed.run()
    again = read_record_file(path)
    assert again.actions[: len(record.actions)] == record.actions
    assert len(again.actions) > len(record.actions)


def test_a_whole_game_can_be_played_to_the_end(tmp_path: Path) -> None:
    table, out = _table(["a"] * 200, tmp_path / "g.json")
    match = table.run()
    assert match.is_over()
    text = out.getvalue()
    assert "Game over" in text
    # every seat's labelled score and its breakdown, the person's own seat named
    for line in table.text.score_breakdown(match.view(0)):
        you = " (you)" if line["seat"] == 0 else ""
        assert f"{line['rank']}. {line['name']}{you}" in text
        assert line["total"] in text
    assert "Coins paid: " in text and "Coins left: " in text
    assert "you are spectator" not in text


def test_events_of_chance_steps_and_scorings_reach_the_log(tmp_path: Path) -> None:
    table, out = _table(["a"] * 200, tmp_path / "g.json")
    table.run()
    text = out.getvalue()
    assert "scores:" in text and "Scoring of" in text
    assert "is laid on slot" not in text  # the setup's 69 draws are not logged one by one


@pytest.mark.parametrize("game_id", sorted(registered_games()))
def test_every_game_can_be_played_at_the_terminal_with_any_answers(
    game_id: str, tmp_path: Path
) -> None:
    """A person answering with menu letters, some of them beyond the menu, and every other
    command, at each game's smallest table against its heuristic bot: the renderers, labels and
    event lines hold for every position met, and the game ends or is saved on quitting."""
    game = load(game_id, registered_games()[game_id].spec.min_players, {})
    rng = random.Random(11)
    answers = iter(
        [*("help", "board", "moves", "more", "log", "rules", "legend", "aid", "no such move")]
        + [rng.choice("abcd") for _ in range(300)]
    )
    out = io.StringIO()

    def read_line(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    have = available_bots(game_id)
    bot = next(name for name in ("heuristic", "greedy", "random") if name in have)
    agents = [None, *(make_bot(bot, game) for _ in range(game.players - 1))]
    table = TerminalTable(game, agents, 5, Console(file=out, width=100), read_line, tmp_path / "g")
    match = table.run()
    text = out.getvalue()
    assert "Traceback" not in text
    assert "Game over" in text or "Game saved to" in text
    assert read_record_file(tmp_path / "g") == match.record
    assert match.is_over() or "Game saved to" in text


def test_a_refused_move_gets_the_games_own_reason(tmp_path: Path) -> None:
    game = load("valley-of-the-kings", 3, {"advanced": "off", "experts": "off"})
    out = io.StringIO()
    answers = iter(["bid 5 1", "quit"])

    def read_line(prompt: str) -> str:
        return next(answers)

    agents = [None, make_bot("random", game), make_bot("random", game)]
    table = TerminalTable(game, agents, 3, Console(file=out, width=120), read_line, tmp_path / "g")
    table.run()
    assert "bid 5 1: there are only 4 groups." in out.getvalue()


def test_two_people_at_one_terminal_hand_over_in_a_game_of_hidden_information(
    tmp_path: Path,
) -> None:
    game = load("valley-of-the-kings", 2)
    out = io.StringIO()
    answers = iter(["done", "", "done", "", "quit"])
    prompts: list[str] = []

    def read_line(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    names = ["Ada", "Bo"]
    table = TerminalTable(
        game, [None, None], 3, Console(file=out, width=80), read_line, tmp_path / "g", names=names
    )
    table.run()
    text = out.getvalue()
    assert "Pass the terminal to Bo and press Enter when only Bo is looking." in text
    assert "Pass the terminal to Ada" in text
    # each person's screen comes after the hand-over, never before it
    assert prompts[:4] == ["Ada> ", "", "Bo> ", ""]


@pytest.mark.parametrize(("game_id", "players"), END_TABLES)
def test_the_local_end_fits_80_by_24_and_says_the_result_once(
    game_id: str, players: int, tmp_path: Path
) -> None:
    """A person plays to the end against random bots at 80 x 24: the end screen (the news,
    the banner, the compact board where it fits, why the game ended, every seat's score
    and where the record is) fits in 23 rows. It used to print the full board, and the
    result and the scores scrolled away; where the board does not fit, the end says how
    to see it (``saqqara replay``)."""
    game = load(game_id, players)
    out = io.StringIO()
    agents = [None, *(make_bot("random", game) for _ in range(players - 1))]
    screen = Console(file=out, width=80, height=24, color_system=None)
    path = tmp_path / "g.jsonl"
    table = TerminalTable(game, agents, 7, screen, lambda _: "a", path)
    match = table.run()
    assert match.is_over()
    reason = table.text.outcome_reason(match.outcome().reason)
    result = f"Game over: {reason}."
    assert out.getvalue().count(reason) == 1, out.getvalue()
    end = io.StringIO()
    table.console = Console(file=end, width=80, height=24, color_system=None)
    table._show_end()  # the end screen alone, as printed at the end of the game
    lines = end.getvalue().splitlines()
    rows = sum(-(-len(line) // 80) or 1 for line in lines)  # as the terminal wraps them
    assert rows <= 23, end.getvalue()  # the last row stays for the shell's prompt
    # only a line naming the record runs on (soft-wrapped: copied, it still works)
    assert all(len(line) <= 80 or str(path) in line for line in lines)
    assert lines.count(result) == 1
    assert sum(line.startswith("─") and "Game over" in line for line in lines) == 1
    for line in table.text.score_breakdown(match.view(0)):
        who = " (you)" if line["seat"] == 0 else " (random)"
        assert any(row.startswith(f"{line['rank']}. {line['name']}{who}: ") for row in lines)
    said = "".join(end.getvalue().split())
    assert f"Record saved to {path}." in lines  # never broken inside the path
    assert f"Recordsavedto{path}." in said
    board = COMPACT[game_id](match.view(0), 0, table.text)
    if board[-1].plain.rstrip() not in lines:
        assert f"Thefinalboard:saqqarareplay{path}" in said


def test_an_explorers_task_cards_on_the_short_board_are_in_the_tables_language() -> None:
    """A trial at a Swedish table read its own cards in English ('scarab · eye · ...')."""
    game = load("curse-of-the-mummy", 2)
    match = Match(game, seed=3)
    while not match.view(1).get("hand"):
        match.play_bot(match.to_act()[0], make_bot("random", game))
    view = match.view(1)
    first = view["hand"][0]
    for lang in ("en", "sv"):
        text = presentation_for(game, lang)
        assert isinstance(text, MummyPresentation)
        rows = [row.plain for row in COMPACT["curse-of-the-mummy"](view, 1, text)]
        hand = [row for row in rows if row.startswith(text.symbol(first) + " · ")]
        assert len(hand) == 1, rows
        if lang == "sv":
            assert text.symbol(first) != first and f"{first} · " not in hand[0]
