/** Replays: a game stepped through move by move (first, previous, next, last; the arrow
 * keys, Home and End), from the frames the server computed (the client runs no rules),
 * either of a finished table or of a record file dropped on the page or chosen. */
import { useEffect, useState } from "preact/hooks";
import { api, type Viewer } from "./api";
import { Board } from "./boards";
import { lastPlaces, type View } from "./boards/view";
import type { EventText, Replay } from "./generated/protocol";
import { LanguagePicker, useLanguage } from "./i18n";
import { Log, SeatPanels } from "./panels";
import { Result, type Outcome } from "./result";
import { ReviewPanel } from "./review";

/** The step after pressing ``key`` at ``index`` of ``count`` frames (``null``: not a
 * stepping key). */
export function stepFor(key: string, index: number, count: number): number | null {
  const last = Math.max(0, count - 1);
  switch (key) {
    case "ArrowLeft":
    case "ArrowUp":
      return Math.max(0, index - 1);
    case "ArrowRight":
    case "ArrowDown":
      return Math.min(last, index + 1);
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}

/** The events up to frame ``index``, oldest first (the log as it stood then). */
export function eventsUpTo(replay: Replay, index: number): EventText[] {
  return replay.frames.slice(0, index + 1).flatMap((frame) => frame.events);
}

function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName);
}

/** The index of the first frame showing the action ``seq`` (its frame, or the last). */
export function frameOf(replay: Replay, seq: number): number {
  const found = replay.frames.findIndex((frame) => frame.seq >= seq);
  return found < 0 ? replay.frames.length - 1 : found;
}

/** ``review``: the finished table (and who asks) whose review is shown beside the replay. */
export function ReplayView(props: {
  replay: Replay;
  title: string;
  onClose?: () => void;
  review?: { table: string; who: Viewer } | null;
}) {
  const { replay, title, onClose, review = null } = props;
  const { t } = useLanguage();
  const count = replay.frames.length;
  const [index, setIndex] = useState(0);
  const shown = Math.min(index, count - 1);

  useEffect(() => {
    const press = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
      if (stepFor(event.key, 0, count) === null) return;
      event.preventDefault();
      setIndex((before) => stepFor(event.key, Math.min(before, count - 1), count) ?? before);
    };
    window.addEventListener("keydown", press);
    return () => window.removeEventListener("keydown", press);
  }, [count]);

  const frame = replay.frames[shown];
  if (!frame) return null;
  const log = eventsUpTo(replay, shown);
  const atEnd = shown === count - 1;
  const go = (target: number) => setIndex(Math.max(0, Math.min(count - 1, target)));
  return (
    <main class="table replay" data-game={replay.game} data-step={shown} data-steps={count} data-seq={frame.seq}>
      <header class="table-head">
        <a href="/" class="home" aria-label={t("Lobby")}>
          ☥
        </a>
        <h1>
          {t("Replay")}: {title}
        </h1>
        <LanguagePicker />
        {onClose && (
          <button type="button" class="close-replay" onClick={onClose}>
            {t("Back to the table")}
          </button>
        )}
      </header>
      <nav class="replay-nav" aria-label={t("Replay")}>
        <button type="button" class="first" onClick={() => go(0)} disabled={shown === 0}>
          «&nbsp;{t("First")}
        </button>
        <button type="button" class="previous" onClick={() => go(shown - 1)} disabled={shown === 0}>
          ◀ {t("Previous")}
        </button>
        <span class="step" role="status">
          {shown === 0 ? t("The start of the game") : t("Step {step} of {steps}", { step: shown, steps: count - 1 })}
        </span>
        <button type="button" class="next" onClick={() => go(shown + 1)} disabled={atEnd}>
          {t("Next")} ▶
        </button>
        <button type="button" class="last" onClick={() => go(count - 1)} disabled={atEnd}>
          {t("Last")}&nbsp;»
        </button>
        <span class="hint">{t("Use the arrow keys to step, Home and End to jump.")}</span>
      </nav>
      <div class="table-body">
        <div class="board-column">
          <Board
            game={replay.game}
            view={frame.view as View}
            legal={[]}
            seat={null}
            names={replay.names}
            onAct={() => undefined}
            last={lastPlaces(log as { seq: number; data: Record<string, unknown> }[])}
          />
        </div>
        <aside class="side">
          <SeatPanels names={replay.names} me={null} toAct={frame.to_act} view={frame.view as View} />
          {atEnd &&
            (replay.outcome ? (
              <Result
                names={replay.names}
                outcome={replay.outcome as Outcome}
                cause={((frame.view as View).outcome as { reason?: unknown } | null | undefined)?.reason}
                breakdown={replay.breakdown}
                onRematch={null}
              />
            ) : (
              <p class="waiting">{t("The record stops before the end of the game.")}</p>
            ))}
          {review && (
            <ReviewPanel
              table={review.table}
              who={review.who}
              at={[replay.frames[shown - 1]?.seq ?? -1, frame.seq]}
              onStep={(seq) => go(frameOf(replay, seq))}
            />
          )}
          <Log log={log} />
        </aside>
      </div>
    </main>
  );
}

/** A record file's text and name, as dropped or chosen. */
export interface RecordFile {
  name: string;
  text: string;
}

/** The text of the first file of a drop or a file input (``null``: no file). */
export async function readRecordFile(files: FileList | null | undefined): Promise<RecordFile | null> {
  const file = files?.[0];
  if (!file) return null;
  return { name: file.name, text: await file.text() };
}

/** The replay page: a record file from a drop anywhere on the page (``source``) or from
 * the file input, replayed by the server in the page's language. */
export function ReplayPage(props: { source: RecordFile | null; onSource: (file: RecordFile) => void }) {
  const { source, onSource } = props;
  const { t, lang } = useLanguage();
  const [replay, setReplay] = useState<Replay | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!source) return;
    let current = true;
    setBusy(true);
    setError(null);
    api.replayFile(source.text, lang).then(
      (answer) => {
        if (!current) return;
        setReplay(answer);
        setBusy(false);
      },
      (e: Error) => {
        if (!current) return;
        setReplay(null);
        setError(e.message);
        setBusy(false);
      },
    );
    return () => {
      current = false;
    };
  }, [source, lang]);

  if (replay && source && !error) return <ReplayView replay={replay} title={source.name} />;
  return (
    <main class="replay-page">
      <header class="table-head">
        <a href="/" class="home" aria-label={t("Lobby")}>
          ☥
        </a>
        <h1>{t("Replay a record file")}</h1>
        <LanguagePicker />
      </header>
      <section class="drop-zone">
        <p>{t("Drop a saqqara record file (.json or .jsonl) on the page, or choose one.")}</p>
        <label>
          {t("Record file")}{" "}
          <input
            type="file"
            name="record"
            accept=".json,.jsonl,application/json,text/plain"
            onChange={(event) => {
              void readRecordFile(event.currentTarget.files).then((file) => file && onSource(file));
            }}
          />
        </label>
        {busy && <p role="status">{t("Reading the record…")}</p>}
        {error && (
          <p class="error" role="alert">
            {t("This file cannot be replayed: {reason}", { reason: error })}
          </p>
        )}
      </section>
    </main>
  );
}

/** A finished table's replay, fetched for this seat or spectator in the page's language. */
export function TableReplay(props: {
  table: string;
  who: { seat: number | null; key: string | null; watch: string | null };
  title: string;
  onClose: () => void;
}) {
  const { table, who, title, onClose } = props;
  const { t, lang } = useLanguage();
  const [replay, setReplay] = useState<Replay | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { seat, key, watch } = who;
  useEffect(() => {
    let current = true;
    api.tableReplay(table, { seat, key, watch }, lang).then(
      (answer) => current && setReplay(answer),
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [table, seat, key, watch, lang]);
  if (replay) return <ReplayView replay={replay} title={title} onClose={onClose} review={{ table, who }} />;
  return (
    <main class="table">
      <p role={error ? "alert" : "status"} class={error ? "error" : undefined}>
        {error ?? t("Reading the record…")}
      </p>
      <button type="button" onClick={onClose}>
        {t("Back to the table")}
      </button>
    </main>
  );
}
