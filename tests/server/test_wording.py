"""The server words labels and events through the presentation layer, in the seat's
language, labels from the seat's own view."""

from __future__ import annotations

from saqqara.core.registry import load
from saqqara.server.wording import action_label, event_sentence


def test_labels_and_sentences_come_from_the_presentation_in_the_seats_language() -> None:
    game = load("valley-of-the-kings", 2)
    view = game.new_state().view(0)
    bid = game.parse_action("bid 2 5")
    assert action_label(game, view, bid, "de") == "5 auf Gruppe 2 bieten"
    assert action_label(game, view, bid, "xx") == "Bid 5 at group 2"  # unknown: English
    sentence = event_sentence(game, "bid", {"seat": 1, "group": 2}, "sv")
    assert sentence == "Spelare 2 lägger en budbricka med framsidan nedåt vid grupp 2."
