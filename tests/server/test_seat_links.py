"""Seat links as a program reads them (``saqqara.client``): the server's address, a site
served under a path, secure links, and ``saqqara bot URL`` taking its server from URL."""

from __future__ import annotations

import pytest

from saqqara.cli import main
from saqqara.client import SeatLink


def test_a_secure_link_connects_over_a_secure_socket() -> None:
    link = SeatLink.parse("https://games.example/t/ID?seat=1&key=K")
    assert link.socket_url() == "wss://games.example/ws/ID?since=0&seat=1&key=K"
    plain = SeatLink.parse("http://127.0.0.1:8000/t/ID?watch=W")
    assert plain.socket_url() == "ws://127.0.0.1:8000/ws/ID?since=0&watch=W"


def test_a_site_under_a_path_keeps_it() -> None:
    link = SeatLink.parse("https://host.example/board-games/saqqara/t/ID?seat=0&key=K")
    assert link.base == "https://host.example/board-games/saqqara"
    assert link.socket_url(lang="de") == (
        "wss://host.example/board-games/saqqara/ws/ID?since=0&seat=0&key=K&lang=de"
    )


@pytest.mark.parametrize("link", ["http://localhost:8765/t/ID?seat=1&key=K", "/t/ID?seat=1&key=K"])
def test_a_remote_bot_connects_to_the_server_given(
    link: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``saqqara bot URL --seat-link LINK``: URL is the server (port 9 of this machine
    answers nobody, so the error names the address tried), the link the seat."""
    code = main(["bot", "http://127.0.0.1:9", "--seat-link", link, "--bot", "random"])
    error = capsys.readouterr().err
    assert code == 1, error
    assert "cannot reach the server at http://127.0.0.1:9:" in error
