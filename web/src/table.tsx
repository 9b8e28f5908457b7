/** A table's page: the board, the seats, the moves, the log, and the result at the end
 * (with a rematch and a replay of the game). */
import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { KeepSeat } from "./account";
import { api } from "./api";
import { Board } from "./boards";
import { lastPlaces, type View } from "./boards/view";
import { Connection, currentHint, socketUrl, type TableState } from "./connection";
import { HintOffer } from "./hint";
import { type Lang, LanguagePicker, useLanguage } from "./i18n";
import { MoveList } from "./moves";
import { Log, SeatPanels } from "./panels";
import { TableRatings } from "./ratings";
import { TableReplay } from "./replay";
import { type Outcome, Result } from "./result";
import { seatPath } from "./route";
import { RulesButton } from "./rules/dialog";
import { DecisionHelp } from "./rules/help";
import { seatColour, seatSymbol } from "./seats";
import { ChatPanel } from "./chat";
import { TurnAlerts } from "./turn_alerts";
import { TurnSignal } from "./turn_signal";

export interface Seating {
  table: string;
  seat: number | null;
  keyText: string | null;
  watch: string | null;
}

/** The game titles by id, from the catalogue, in the page's language. */
export function useTitles(): Record<string, string> {
  const { lang } = useLanguage();
  const [titles, setTitles] = useState<Record<string, string>>({});
  useEffect(() => {
    api.games(lang).then(
      (games) => setTitles(Object.fromEntries(games.map((g) => [g.id, g.title]))),
      () => undefined,
    );
  }, [lang]);
  return titles;
}

/** The page's language for connections: ``current`` is read by their address functions,
 * and when the language changes every connection ``connections()`` gives reconnects
 * and hears the table afresh in it (the game goes on; nothing is lost). */
export function useConnectionLanguage(connections: () => Iterable<Connection>): { current: Lang } {
  const { lang } = useLanguage();
  const current = useRef<Lang>(lang);
  useEffect(() => {
    if (current.current === lang) return;
    current.current = lang;
    for (const connection of connections()) connection.reload();
  }, [lang, connections]);
  return current;
}

/** Marks the time from a click (``clicked``: set by the click handler) to the next frame
 * after the board is drawn with the answering update, as a performance measure named
 * ``click-to-board`` (and ``data-last-click-ms`` on the body). */
export function useClickTiming(seq: number | undefined): { current: number | null } {
  const clicked = useRef<number | null>(null);
  useEffect(() => {
    if (clicked.current === null || seq === undefined) return;
    const started = clicked.current;
    clicked.current = null;
    requestAnimationFrame(() => {
      const elapsed = performance.now() - started;
      try {
        performance.measure("click-to-board", { start: started, duration: elapsed });
      } catch {
        // no User Timing level 3 here: the body's data attribute still holds the figure
      }
      document.body.dataset.lastClickMs = elapsed.toFixed(1);
    });
  }, [seq]);
  return clicked;
}

export function TablePage(props: Seating & { navigate: (path: string) => void }) {
  const { table, seat, keyText: key, watch, navigate } = props;
  const [state, setState] = useState<TableState | null>(null);
  const titles = useTitles();
  const connection = useRef<Connection | null>(null);
  const clicked = useClickTiming(state?.update?.seq);
  const all = useMemo(() => () => (connection.current ? [connection.current] : []), []);
  const lang = useConnectionLanguage(all);

  useEffect(() => {
    const who = { seat, key, watch };
    const made = new Connection((since) => socketUrl(table, who, lang.current, since), setState);
    connection.current = made;
    made.start();
    return () => made.stop();
  }, [table, seat, key, watch, lang]);

  // A rematch was made: follow it with the same seat link (its key carries over; a seat of
  // the signed-in account's opens there without one, as here).
  const rematch = state?.notice?.rematch;
  useEffect(() => {
    if (rematch && seat !== null) navigate(seatPath(rematch, seat, key));
  }, [rematch, seat, key, navigate]);

  const onAct = useMemo(
    () => (action: number) => {
      clicked.current = performance.now();
      connection.current?.act(action);
    },
    [clicked],
  );
  const onUndo = useMemo(() => () => connection.current?.undo(), []);
  const onHint = useMemo(() => () => connection.current?.hint(), []);
  const onSay = useMemo(() => (text: string) => connection.current?.say(text), []);
  return (
    <TableView
      state={state}
      onAct={onAct}
      onUndo={seat !== null ? onUndo : null}
      onHint={seat !== null ? onHint : null}
      onSay={onSay}
      table={table}
      keyText={key}
      watch={watch}
      titles={titles}
      navigate={navigate}
    />
  );
}

/** A seat's table drawn from its connection's state. */
export function TableView(props: {
  state: TableState | null;
  onAct: (action: number) => void;
  /** Take back this seat's last action, offered while the latest update says the seat may
   * (``undo``: the table allows it and the latest step is the seat's own); ``null`` for a
   * spectator. */
  onUndo?: (() => void) | null;
  /** Ask what the strong bot would play, offered at this seat's decision where the table
   * allows hints (``welcome.hints``); ``null`` for a spectator. */
  onHint?: (() => void) | null;
  /** Say a line at the table's chat, shown where the welcome says this connection may
   * chat (``welcome.chat``); ``null``: no chat on this page (the hot seat's). */
  onSay?: ((text: string) => void) | null;
  table: string;
  keyText: string | null;
  watch?: string | null;
  titles: Record<string, string>;
  /** Moves within the page (the rating changes' leaderboard link); a full load without. */
  navigate?: (path: string) => void;
  /** A tutorial's guidance (``web/src/tutorial``): its step's panel, shown above the table,
   * and the move the step asks for, marked on the board and in the moves as a hint's is
   * (named ``mark``); ``locked``: no move is offered (the tutorial is over). The seat's own
   * extras (keeping the seat, alerts) are left out. */
  guide?: { panel: ComponentChildren; hinted: number | null; mark: string; locked?: boolean } | null;
}) {
  const { state, onAct, onUndo = null, onHint = null, onSay = null, table, keyText: key, watch = null, titles, navigate } = props;
  const { guide = null } = props;
  const { t } = useLanguage();
  const [replaying, setReplaying] = useState(false);
  if (!state || !state.welcome) {
    return (
      <main class="table">
        <p role="status">{state?.error ?? t("Connecting…")}</p>
        <a href="/">{t("Back to the lobby")}</a>
      </main>
    );
  }
  const { welcome, update } = state;
  const view = (update?.view ?? {}) as View;
  const legal = update?.legal ?? [];
  const toAct = update?.status === "open" ? [] : (update?.to_act ?? []);
  const title = titles[welcome.game] ?? welcome.game.replace(/-/g, " ");
  // A move sent: no move is offered until the table has moved on from the update it was
  // chosen in (the ack comes before that update) or the move is refused.
  const busy = state.pending > 0 || state.waiting || guide?.locked === true;
  const hint = currentHint(state);
  const hinted = guide ? guide.hinted : (hint?.action ?? null);
  if (replaying && update?.over) {
    return (
      <TableReplay
        table={table}
        who={{ seat: welcome.seat, key, watch }}
        title={title}
        onClose={() => setReplaying(false)}
      />
    );
  }
  const linkText = {
    open: t("connected"),
    connecting: t("connecting"),
    lost: t("connection lost"),
    refused: t("refused"),
  }[state.link];
  return (
    <main class="table" data-game={welcome.game} data-seq={update?.seq ?? -1} data-seat={welcome.seat ?? undefined}>
      <TurnSignal game={title} yourTurn={welcome.seat !== null && legal.length > 0 && !update?.over} />
      <header class="table-head">
        <a href="/" class="home" aria-label={t("Lobby")}>
          ☥
        </a>
        <h1>{title}</h1>
        <RulesButton game={welcome.game} options={welcome.options} title={title} info={undefined} />
        <span class={`link ${state.link}`} role="status">
          {linkText}
        </span>
        {welcome.seat !== null ? (
          <span class="me">
            <span class="me-mark" aria-hidden="true" style={{ color: seatColour(welcome.seat) }}>
              {seatSymbol(welcome.seat)}
            </span>{" "}
            {welcome.names[welcome.seat]}
          </span>
        ) : (
          <span class="me">{t("watching")}</span>
        )}
        {welcome.seat !== null && key && !guide ? <KeepSeat table={table} seat={welcome.seat} keyText={key} /> : null}
        {welcome.seat !== null && !guide ? <TurnAlerts game={title} yourTurn={legal.length > 0 && !update?.over} /> : null}
        <LanguagePicker />
      </header>
      {state.error && (
        <p class="error" role="alert">
          {state.error}
        </p>
      )}
      {guide?.panel}
      {update?.status === "open" && (
        <p class="waiting" role="status">
          {t("Waiting for every seat to be taken…")}
        </p>
      )}
      <div class="table-body">
        <div class="board-column">
          {update ? (
          <Board
              game={welcome.game}
              view={view}
              legal={legal}
              seat={welcome.seat}
              names={welcome.names}
              onAct={onAct}
              busy={busy}
              hinted={hinted}
              last={lastPlaces(state.log as { seq: number; kind: string; data: Record<string, unknown> }[])}
            />
          ) : (
            <p role="status">{t("Loading the board…")}</p>
          )}
        </div>
        <aside class="side">
          <SeatPanels
            names={welcome.names}
            me={welcome.seat}
            toAct={toAct}
            view={view}
            clock={update?.clock ?? null}
          />
          {onUndo && !update?.over && update?.undo === true && (
            <button type="button" class="undo" onClick={onUndo} disabled={busy}>
              {t("Undo my last move")}
            </button>
          )}
          {update?.over ? (
            <>
            <Result
              names={welcome.names}
              outcome={update.outcome as Outcome | null | undefined}
              cause={(view.outcome as { reason?: unknown } | null | undefined)?.reason}
              breakdown={update.breakdown}
              onRematch={
                welcome.seat !== null
                  ? () => void api.rematch(table, key ? { seat: welcome.seat ?? 0, key } : { seat: welcome.seat ?? 0 })
                  : null
              }
              onReplay={() => setReplaying(true)}
            />
            <TableRatings table={table} game={welcome.game} names={welcome.names} navigate={navigate} />
            </>
          ) : (
            <>
              {legal.length > 0 && <DecisionHelp game={welcome.game} phase={view.phase} options={welcome.options} />}
              {onHint && welcome.hints === true && legal.length > 0 && update?.status === "playing" && (
                <HintOffer hint={hint} asking={state.hinting} onAsk={onHint} busy={busy} />
              )}
              <MoveList legal={legal} onAct={onAct} busy={busy} hinted={hinted} mark={guide?.mark} />
            </>
          )}
          {!update?.over && legal.length === 0 && update?.status === "playing" && (
            <p class="waiting" role="status">
              {t("Waiting for {players}…", { players: toAct.map((s) => welcome.names[s]).join(", ") })}
            </p>
          )}
          <Log log={state.log} />
          {onSay && welcome.chat !== false ? (
            <ChatPanel table={table} lines={state.chat} names={welcome.names} me={welcome.seat} onSay={onSay} />
          ) : null}
        </aside>
      </div>
    </main>
  );
}

