"""Replays for the browser: a record stepped through as a spectator sees it.

The client never runs rules: it sends a record (a finished table's, or a file a person
drops on the page) and gets back one frame per step, each with the spectator's view, who
is to act and the event sentences in the reader's language. A step is a seat's action
with the chance it led to; the setup's chance is the first frame. Records from outside
are read by :func:`saqqara.core.journal.parse_record_text` (a JSON record or a journal)
and every action is checked as it is replayed; nothing is stored.
"""

from __future__ import annotations

from saqqara.core.errors import NotationError, RecordError, SaqqaraError, echo
from saqqara.core.events import Event
from saqqara.core.game import CHANCE, Game, State
from saqqara.core.i18n import LANGUAGES, SOURCE_LANGUAGE
from saqqara.core.journal import parse_record_text
from saqqara.core.presentation import Presentation, presentation_for
from saqqara.core.records import Record
from saqqara.core.registry import load
from saqqara.server.messages import EventText, Replay, ReplayFrame

MAX_REPLAY_BYTES = 2 * 1024 * 1024
"""The largest record file the site replays (a long Curse of the Mummy game is well
under 1 MB; a 7,000-action game about 0.3 MB)."""
MAX_FRAMES = 5000
"""The most steps (seat actions) a replay holds: each frame carries a whole view."""


def replay_text(data: bytes, lang: str) -> Replay:
    """The replay of a record file's bytes; :class:`RecordError` saying what is wrong."""
    if len(data) > MAX_REPLAY_BYTES:
        raise RecordError(
            f"the file is {len(data):,} bytes; records are at most {MAX_REPLAY_BYTES:,}"
        )
    if not data.strip():
        raise RecordError("the file is empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("the file is not UTF-8 text (is it a saqqara record?)") from None
    return replay_record(parse_record_text(text), lang)


def replay_record(record: Record, lang: str, names: list[str] | None = None) -> Replay:
    """``record``'s frames as a spectator sees them, its sentences in ``lang`` naming the
    seats by ``names`` (the record's seat names when not given)."""
    try:
        game = load(record.game, record.players, record.options)
    except SaqqaraError as exc:
        raise RecordError(exc.message) from None
    if record.rules_version != game.spec.rules_version:
        raise RecordError(
            f"the record is for rules version {echo(record.rules_version)} of {record.game}; "
            f"this server plays version {game.spec.rules_version}"
        )
    seat_names = list(names) if names is not None else list(record.seats)
    texts = presentation_for(game, lang if lang in LANGUAGES else SOURCE_LANGUAGE, seat_names)
    state = game.new_state()
    frames: list[ReplayFrame] = []
    seat: int | None = None
    events: list[EventText] = []
    for index, entry in enumerate(record.actions):
        if entry.seat != CHANCE:
            frames.append(_frame(game, state, index, seat, events))
            if len(frames) > MAX_FRAMES:
                raise RecordError(f"the record has more than {MAX_FRAMES:,} moves to replay")
            seat, events = entry.seat, []
        happened = _apply(game, state, index, entry.seat, entry.action)
        events.extend(
            EventText(
                index + 1, e.kind, texts.event_sentence({"kind": e.kind, **e.data}), dict(e.data)
            )
            for e in happened
            if e.visible_to(None)
        )
    frames.append(_frame(game, state, len(record.actions), seat, events))
    over = not state.to_act()
    return Replay(
        game=game.spec.id,
        players=game.players,
        options=dict(game.options),
        names=seat_names,
        frames=frames,
        outcome=_outcome(state, texts) if over else None,
        breakdown=texts.score_breakdown(frames[-1].view) if over else None,
    )


def _apply(game: Game, state: State, index: int, seat: int, text: str) -> list[Event]:
    try:
        return state.apply(seat, game.parse_action(text))
    except NotationError as exc:
        raise RecordError(f"{echo(text)}: {exc.message}", index=index) from None
    except SaqqaraError as exc:
        who = "chance" if seat == CHANCE else f"seat {seat}"
        raise RecordError(f"{echo(text)} by {who}: {exc.message}", index=index) from None


def _frame(
    game: Game, state: State, seq: int, seat: int | None, events: list[EventText]
) -> ReplayFrame:
    to_act = [s for s in state.to_act() if s != CHANCE]
    return ReplayFrame(seq=seq, seat=seat, view=state.view(None), to_act=to_act, events=events)


def _outcome(state: State, texts: Presentation) -> dict[str, object]:
    """The finished game's outcome, its reason in the replay's language."""
    result = state.outcome()
    return {
        "scores": list(result.scores),
        "ranks": list(result.ranks),
        "winners": sorted(result.winners),
        "reason": texts.outcome_reason(result.reason),
    }
