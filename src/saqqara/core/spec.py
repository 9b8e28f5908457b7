"""Static facts about a game: identity, titles, rules version, player counts, options."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from saqqara.core.errors import OptionError


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game (an edition, a variant), with its allowed values."""

    name: str
    choices: tuple[str, ...]
    default: str
    help: str
    combined: bool = True
    """Whether the tests play it in every combination with the game's other combined
    options (an edition, a house rule of another edition); ``False`` for a reading of a
    close call, each of whose other values is played once, with every other option at
    its default (:meth:`GameSpec.option_sets`): they touch separate rules, and their
    product would multiply the suites by two per option."""

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"default {self.default!r} of option {self.name!r} is not a choice")


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What a game is, independent of any configuration.

    ``rules_version`` rises whenever a rules fix changes what a record means; records
    carry it, so an old record is refused instead of replayed wrongly.
    """

    id: str
    title: str
    original_title: str
    rules_version: int
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    chance: bool = False
    hidden_information: bool = False
    simultaneous: bool = False
    summary: str = ""

    @property
    def player_counts(self) -> range:
        """Every supported number of players."""
        return range(self.min_players, self.max_players + 1)

    def option(self, name: str) -> OptionSpec:
        """The option called ``name``; :class:`OptionError` if there is none."""
        for opt in self.options:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"{self.id} has no option {name!r} (options: {known})")

    def resolve_options(self, given: Mapping[str, str] | None = None) -> dict[str, str]:
        """Fill in defaults and check every given option and value.

        >>> from saqqara.core.spec import GameSpec, OptionSpec
        >>> spec = GameSpec("g", "G", "G", 1, 2, 4, (OptionSpec("edition", ("a", "b"), "a", ""),))
        >>> spec.resolve_options({})
        {'edition': 'a'}
        """
        given = dict(given or {})
        resolved: dict[str, str] = {}
        for opt in self.options:
            value = given.pop(opt.name, opt.default)
            if value not in opt.choices:
                raise OptionError(
                    f"option {opt.name!r} of {self.id} must be one of "
                    f"{', '.join(opt.choices)}; got {value!r}"
                )
            resolved[opt.name] = value
        if given:
            unknown = sorted(given)[0]
            self.option(unknown)  # raises with the list of known options
        return resolved

    def check_players(self, players: int) -> None:
        """Raise :class:`OptionError` unless ``players`` is a supported count."""
        if players not in self.player_counts:
            raise OptionError(
                f"{self.id} is for {self.min_players} to {self.max_players} players; got {players}"
            )

    def option_sets(self) -> Iterator[dict[str, str]]:
        """The option sets the tests play, defaults first: every combination of the
        combined options' values (the others at their defaults), then each other value of
        an option that is not combined, alone (:attr:`OptionSpec.combined`)."""
        defaults = {o.name: o.default for o in self.options}
        combined = [o for o in self.options if o.combined]
        choices = [(o.default, *(c for c in o.choices if c != o.default)) for o in combined]
        for combo in itertools.product(*choices):
            yield {**defaults, **dict(zip((o.name for o in combined), combo, strict=True))}
        for option in self.options:
            if not option.combined:
                for choice in option.choices:
                    if choice != option.default:
                        yield {**defaults, option.name: choice}
