"""The terminals' command words in each language (``help``, ``board``, ``moves``, ...).

Both terminals (the local table and a seat at a server) read a typed line as a command
through :func:`command`: the table's own word for it, or the English word, which works at
every table. The texts that name a command take its word as a field (``"{more}"``), filled
in by :func:`command_fields`, so ``help`` shows the words the table reads. No word of one
command is another's, and none is a move's notation in any game (a test plays each game's
notations against them).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

COMMANDS: Final = (
    "help",
    "board",
    "moves",
    "more",
    "log",
    "rules",
    "legend",
    "aid",
    "undo",
    "hint",
    "quit",
)
"""The commands, by their English words."""

WORDS: Final[MappingProxyType[str, MappingProxyType[str, tuple[str, ...]]]] = MappingProxyType(
    {
        "de": MappingProxyType(
            {
                "help": ("hilfe",),
                "board": ("brett",),
                "moves": ("züge", "zuege"),
                "more": ("mehr",),
                "log": ("verlauf",),
                "rules": ("regeln",),
                "legend": ("legende",),
                "aid": ("spuren",),
                "undo": ("zurück", "zurueck"),
                "hint": ("hinweis",),
                "quit": ("beenden",),
            }
        ),
        "nl": MappingProxyType(
            {
                "help": ("hulp",),
                "board": ("bord",),
                "moves": ("zetten",),
                "more": ("meer",),
                "log": ("verslag",),
                "rules": ("regels",),
                "legend": ("legenda",),
                "aid": ("sporen",),
                "undo": ("terug",),
                "hint": ("tip",),
                "quit": ("afsluiten",),
            }
        ),
        "sv": MappingProxyType(
            {
                "help": ("hjälp", "hjalp"),
                "board": ("plan",),
                "moves": ("drag",),
                "more": ("mer",),
                "log": ("logg",),
                "rules": ("regler",),
                "legend": ("förklaring", "forklaring"),
                "aid": ("spår", "spar"),
                "undo": ("ångra", "angra"),
                "hint": ("tips",),
                "quit": ("avsluta",),
            }
        ),
    }
)
"""Each translated language's words for each command: the first is the one shown, the
others are spellings without the language's own letters, for keyboards that lack them."""

ALSO: Final = MappingProxyType({"?": "help"})
"""Words every table reads beside the English ones."""


def command_word(name: str, lang: str) -> str:
    """The word ``lang``'s table shows for the command ``name`` (English: ``name``)."""
    words = WORDS.get(lang)
    return words[name][0] if words is not None else name


def command_fields(lang: str) -> dict[str, str]:
    """Every command's shown word, keyed by its English word: the fields of the texts that
    name commands (``tr(HELP, example=..., **command_fields(lang))``)."""
    return {name: command_word(name, lang) for name in COMMANDS}


def command(line: str, lang: str) -> str | None:
    """The command (its English word) that the typed ``line`` names at a ``lang`` table:
    one of the table's words or an English one, in any case; ``None`` where it is none."""
    word = line.strip().lower()
    if word in COMMANDS:
        return word
    if word in ALSO:
        return ALSO[word]
    for name, words in WORDS.get(lang, {}).items():
        if word in words:
            return name
    return None
