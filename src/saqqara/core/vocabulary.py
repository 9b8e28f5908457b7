"""One declarative action vocabulary: a game declares its kinds of action, core derives the rest.

A game lists each action class with its notation verb and its fields: the range of values
of each and how it is written (:class:`Number`, :class:`Names`, :class:`Flag`, or a game's
own :class:`Field`). From that list :class:`Vocabulary` derives the integer ids (kinds in
the order declared, each kind's actions in row-major order of its fields), one interned
instance per id, the notation (``text`` / ``parse``, which round-trip) and
``action_from_id``. Notation is a verb followed by one word per field; a :class:`Flag` is
an optional last word.
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from saqqara.core.actions import Action
from saqqara.core.errors import MAX_ECHO, NotationError, echo
from saqqara.core.notation import checked_id, is_number, number, words_of

Earlier = tuple[int, ...]
"""The values of the fields before the one being written or read (a position of a site)."""


class Field(ABC):
    """One field of a kind of action: its values and how one of them is written."""

    def values(self) -> Sequence[int]:
        """Every value of the field in the id space, in id order."""
        return range(self.size)

    @property
    @abstractmethod
    def size(self) -> int:
        """How many values the field has in the id space."""

    @abstractmethod
    def text(self, value: int, earlier: Earlier) -> str:
        """The word for ``value``."""

    @abstractmethod
    def read(self, word: str, earlier: Earlier) -> int:
        """The value ``word`` names; :class:`NotationError` if none (or none readable)."""


class Number(Field):
    """A number ``first .. first + count - 1``, written with ``shift`` added (groups and
    sites are counted from 1 on the table); ``readable`` bounds what is read (a shorter
    path in one edition) below the id space."""

    def __init__(
        self,
        count: int,
        what: str,
        *,
        first: int = 0,
        shift: int = 0,
        readable: int | None = None,
        refusal: str | None = None,
    ) -> None:
        self.count = count
        self.what = what
        self.first = first
        self.shift = shift
        self.readable = count if readable is None else readable
        self.refusal = refusal
        """The refusal's text, with ``{word}``, ``{low}`` and ``{high}`` filled in."""

    @property
    def size(self) -> int:
        return self.count

    def values(self) -> Sequence[int]:
        return range(self.first, self.first + self.count)

    def text(self, value: int, earlier: Earlier) -> str:
        return str(value + self.shift)

    def read(self, word: str, earlier: Earlier) -> int:
        low = self.first + self.shift
        high = low + self.readable - 1
        if self.refusal is not None and not (is_number(word) and low <= int(word) <= high):
            raise NotationError(self.refusal.format(word=word[:MAX_ECHO], low=low, high=high))
        return number(word, low, high, self.what) - self.shift


class Names(Field):
    """A value written as its name (read whatever the case); ``readable`` limits what is
    read to some values, ``aliases`` adds other names for a value."""

    def __init__(
        self,
        names: Sequence[str],
        what: str,
        *,
        readable: Callable[[int], bool] | None = None,
        aliases: Mapping[str, int] | None = None,
    ) -> None:
        self.names = tuple(names)
        self.what = what
        self.index = {name.lower(): i for i, name in enumerate(self.names)}
        self.index.update(aliases or {})
        if readable is not None:
            self.index = {name: i for name, i in self.index.items() if readable(i)}

    @property
    def size(self) -> int:
        return len(self.names)

    def text(self, value: int, earlier: Earlier) -> str:
        return self.names[value]

    def read(self, word: str, earlier: Earlier) -> int:
        value = self.index.get(word)
        if value is None:
            raise NotationError(f"unknown {self.what} {echo(word)}")
        return value


class Flag(Field):
    """A ``bool`` written as an optional last word (``go c4 play``)."""

    def __init__(self, word: str) -> None:
        self.word = word

    @property
    def size(self) -> int:
        return 2

    def values(self) -> Sequence[int]:
        return (False, True)

    def text(self, value: int, earlier: Earlier) -> str:
        return self.word if value else ""

    def read(self, word: str, earlier: Earlier) -> int:
        if word != self.word:
            raise NotationError(f"expected {self.word!r}; got {echo(word)}")
        return True


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of action: its class, its notation verb and its fields in the class's order.

    ``unread`` names why a configuration never plays this kind (its ids exist in every
    configuration): the verb is then refused with that reason.
    """

    cls: type[Action]
    verb: str
    fields: tuple[Field, ...] = ()
    unread: str | None = None


class Vocabulary:
    """The action space of one configured game, derived from its declared kinds."""

    def __init__(
        self,
        title: str,
        kinds: Sequence[Kind],
        *,
        refused: Mapping[str, str] | None = None,
        instances_of: Vocabulary | None = None,
    ) -> None:
        """``refused`` maps verbs of other configurations to the reason they are refused;
        ``instances_of`` shares the instances of another configuration's vocabulary of the
        same id space, so every configuration hands out the same objects."""
        self.title = title
        self.kinds = tuple(kinds)
        self.refused = dict(refused or {})
        self.by_id: tuple[Action, ...]
        self._kind_of = {kind.cls: kind for kind in self.kinds}
        self._verbs = {kind.verb: kind for kind in self.kinds}
        self._first_id: dict[type[Action], int] = {}
        self._by_values: dict[type[Action], dict[tuple[Any, ...], int]] = {}
        by_id: list[Action] = []
        for kind in self.kinds:
            names = [f.name for f in fields(kind.cls)]  # type: ignore[arg-type]
            assert len(names) == len(kind.fields), f"{kind.cls.__name__}: fields {names}"
            self._first_id[kind.cls] = len(by_id)
            table = self._by_values[kind.cls] = {}
            for values in itertools.product(*(f.values() for f in kind.fields)):
                table[values] = len(by_id)
                by_id.append(kind.cls(*values))
        if instances_of is not None:
            assert by_id == list(instances_of.by_id), "instances_of has another id space"
            by_id = list(instances_of.by_id)
        self.by_id = tuple(by_id)
        self.size = len(by_id)
        self._ids = {id(action): i for i, action in enumerate(by_id)}
        self._texts: dict[int, str] = {}
        """Each notation written so far, by id: one string for every record that holds it."""

    # -- ids ------------------------------------------------------------------------------
    def action_id(self, action: Action) -> int:
        """The integer id; :class:`NotationError` if ``action`` is not one of these."""
        known = self._ids.get(id(action))
        if known is not None and self.by_id[known] is action:
            return known
        kind = self._kind_of.get(type(action))
        if kind is not None:
            values = self._values(action)
            if all(type(v) in (int, bool) for v in values):  # nothing else is hashed
                found = self._by_values[kind.cls].get(values)
                if found is not None and self._same_types(self.by_id[found], values):
                    return found
        raise NotationError(f"{echo(action)} is not a {self.title} action")

    def ids_of(self, actions: Sequence[Action]) -> tuple[int, ...]:
        """The ids of ``actions`` (:meth:`action_id` of each, in order), the vocabulary's
        own instances looked up by identity (they live as long as the vocabulary, so no
        other live object has the id of one)."""
        table = self._ids
        try:
            return tuple([table[id(a)] for a in actions])
        except KeyError:
            return tuple(map(self.action_id, actions))

    def action_from_id(self, action_id: int) -> Action:
        """The action with this id; :class:`NotationError` for anything but an id."""
        return self.by_id[checked_id(action_id, self.size)]

    def instances(self, cls: type[Action]) -> Any:
        """The interned instances of ``cls``: nested tuples indexed by field value (offset
        by each field's first value), or the instance itself for a kind without fields."""
        kind = self._kind_of[cls]
        first = self._first_id[cls]
        if not kind.fields:
            return self.by_id[first]
        return self._nest(first, [f.size for f in kind.fields])

    def ids(self, cls: type[Action]) -> Any:
        """The ids of :meth:`instances` in the same nesting (``ids(cls)[i][j] ==
        action_id(instances(cls)[i][j])``): for games that list legal ids directly."""
        kind = self._kind_of[cls]
        first = self._first_id[cls]
        if not kind.fields:
            return first
        return self._nest(first, [f.size for f in kind.fields], range(self.size))

    def _nest(self, first: int, sizes: list[int], items: Sequence[Any] | None = None) -> Any:
        if items is None:
            items = self.by_id
        if len(sizes) == 1:
            return tuple(items[first : first + sizes[0]])
        step = 1
        for size in sizes[1:]:
            step *= size
        return tuple(self._nest(first + i * step, sizes[1:], items) for i in range(sizes[0]))

    # -- notation -------------------------------------------------------------------------
    def text(self, action: Action) -> str:
        """The notation of one of the vocabulary's actions (written once per id)."""
        action_id = self.action_id(action)
        written = self._texts.get(action_id)
        if written is None:
            written = self._texts[action_id] = self._write(self.by_id[action_id])
        return written

    def _write(self, own: Action) -> str:
        kind = self._kind_of[type(own)]
        values = self._values(own)
        words = [kind.verb]
        for i, field in enumerate(kind.fields):
            word = field.text(values[i], values[:i])
            if word:
                words.append(word)
        return " ".join(words)

    def parse(self, text: str) -> Action:
        """Read notation: the vocabulary's own instance, or :class:`NotationError`."""
        words = words_of(text)
        verb, args = words[0], words[1:]
        kind = self._verbs.get(verb)
        if kind is None:
            if verb in self.refused:
                raise NotationError(self.refused[verb])
            raise NotationError(f"cannot read {echo(text)} as a {self.title} action")
        if kind.unread is not None:
            raise NotationError(kind.unread)
        declared = kind.fields
        optional = bool(declared) and isinstance(declared[-1], Flag)
        if not (len(args) == len(declared) or (optional and len(args) == len(declared) - 1)):
            raise NotationError(f"{verb!r} takes {len(declared)} argument(s); got {echo(text)}")
        values: list[int] = []
        for field, word in zip(declared, args, strict=False):
            values.append(field.read(word, tuple(values)))
        if len(values) < len(declared):
            values.append(False)
        found = self._by_values[kind.cls].get(tuple(values))
        if found is None:
            raise NotationError(f"cannot read {echo(text)} as a {self.title} action")
        return self.by_id[found]

    @staticmethod
    def _values(action: Action) -> tuple[Any, ...]:
        return tuple(getattr(action, f.name) for f in fields(action))  # type: ignore[arg-type]

    @staticmethod
    def _same_types(own: Action, values: tuple[Any, ...]) -> bool:
        return all(type(a) is type(b) for a, b in zip(Vocabulary._values(own), values, strict=True))
