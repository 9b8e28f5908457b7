"""``saqqara play --server URL --seat-link LINK``: a remote seat played in the terminal.

The seat sees what the server sends it and nothing more: the view (drawn by the game's
terminal renderer), the events since its last update, and its labelled legal actions. A
move is chosen by number or by notation.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from rich.console import Console

from saqqara.client import TableClient
from saqqara.core.presentation import presentation_for
from saqqara.core.registry import load
from saqqara.server.messages import Error, LegalAction, TableNotice, Update
from saqqara.ui.renderers import render


def _choice(legal: list[LegalAction], answer: str) -> LegalAction | None:
    answer = answer.strip()
    if answer.isdigit() and 1 <= int(answer) <= len(legal):
        return legal[int(answer) - 1]
    return next((a for a in legal if answer in (a.notation, a.label)), None)


async def play_remote_seat(
    link: str, console: Console, ask: Callable[[str], str] = input, lang: str | None = None
) -> Update:
    """Play the seat of ``link`` until the game is over; ``ask`` reads one answer."""
    client = TableClient(link, lang)
    welcome = await client.connect()
    game = load(welcome.game, welcome.players, welcome.options)
    text = presentation_for(game, welcome.lang, welcome.names)
    where = "as a spectator" if welcome.seat is None else f"in seat {welcome.seat}"
    console.print(f"[bold]{game.spec.title}[/] at table {welcome.table}, {where}.")
    console.print("Players: " + ", ".join(welcome.names))
    while True:
        message = await client.receive(timeout=24 * 3600)
        if isinstance(message, Error):
            console.print(f"[red]{message.message}[/] ({message.code})")
            await client.sync()
            continue
        if isinstance(message, TableNotice):
            console.print(f"The table is {message.status}.")
            if message.rematch:
                console.print(f"Rematch: table {message.rematch} (your link's key works there).")
            continue
        if not isinstance(message, Update):
            continue
        for event in message.events:
            console.print(f"  {event.text}")
        console.print(render(message.view, game, welcome.seat, text))
        if message.over:
            console.rule(text.tr("Game over"))
            if message.outcome and message.outcome.get("reason"):
                # Worded by the server in this connection's language.
                reason = str(message.outcome["reason"])
                console.print(text.tr("Game over: {reason}.", reason=reason), markup=False)
            for line in message.breakdown or []:
                parts = " · ".join(f"{p['label']}: {p['value']}" for p in line["parts"])
                console.print(f"{line['rank']}. {line['name']}: {line['total']}", markup=False)
                console.print(f"   {parts}", markup=False)
            await client.close()
            return message
        if not message.legal:
            continue
        for number, action in enumerate(message.legal, 1):
            console.print(f"  {number:>3}. {action.label}")
        while True:
            answer = await asyncio.to_thread(ask, "your move (number or notation): ")
            chosen = _choice(message.legal, answer)
            if chosen is not None:
                break
            console.print("[yellow]not one of the moves listed[/]")
        await client.act(chosen.id)
