"""Refusal reasons in the table's language.

A refusal (:class:`~saqqara.core.errors.IllegalAction`) is worded in English from a
template marked ``R_("stack {stack} is empty")`` and its fields; that English text is the
message the engine raises and the server sends (the protocol's words stay English). A
terminal shows it in its table's language with :func:`translate_refusal`, which finds the
template the message was made from, reads its fields back and fills in the catalog's
translation (a field that is itself a refusal is translated too; a ``{phase}`` is named by
the game's presentation). A message from no known template is shown as it came.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from saqqara.core.i18n import SOURCE_LANGUAGE, Translator

_TEMPLATES: dict[str, re.Pattern[str]] = {}
_FIELD = re.compile(r"\{(\w+)\}")


def R_(template: str) -> str:  # noqa: N802 - a gettext-style marker, extracted like N_
    """Mark ``template`` as a refusal's wording (for extraction and for
    :func:`translate_refusal`) and return it unchanged."""
    if template not in _TEMPLATES:
        parts = _FIELD.split(template)
        pattern = "".join(
            re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)
        )
        _TEMPLATES[template] = re.compile(pattern, re.DOTALL)
    return template


def templates() -> tuple[str, ...]:
    """Every refusal template marked so far (those of the modules imported)."""
    return tuple(_TEMPLATES)


def _by_specificity() -> list[tuple[str, re.Pattern[str]]]:
    # the template with the most fixed text first: "x: {m}" must not win over "x: {a} y"
    return sorted(_TEMPLATES.items(), key=lambda item: -len(_FIELD.sub("", item[0])))


def known(message: str) -> bool:
    """Whether ``message`` was made from a marked template (so it can be translated)."""
    return any(pattern.fullmatch(message) for pattern in _TEMPLATES.values())


def translate_refusal(
    message: str, tr: Translator, phase_name: Callable[[str], str] | None = None
) -> str:
    """``message``, a refusal's English text, in ``tr``'s language: through the template
    it was made from, each field translated where it is itself a refusal (or, for a
    ``phase``, named by ``phase_name``); unchanged where no template made it."""
    if tr.lang == SOURCE_LANGUAGE:
        return message
    for template, pattern in _by_specificity():
        found = pattern.fullmatch(message)
        if found is None:
            continue
        fields: dict[str, str] = {}
        for name, value in found.groupdict().items():
            if name == "phase" and phase_name is not None:
                try:
                    fields[name] = phase_name(value)
                except KeyError:
                    fields[name] = value
            else:
                fields[name] = translate_refusal(value, tr, phase_name)
        return tr(template, **fields) if fields else tr.text(template)
    return message
