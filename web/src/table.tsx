/** A table's page: the board, the seats, the moves, the log, and the result at the end. */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { api } from "./api";
import { Board } from "./boards";
import { lastPlaces, type View } from "./boards/view";
import { Connection, socketUrl, type TableState } from "./connection";
import { MoveList } from "./moves";
import { Log, SeatPanels } from "./panels";
import { seatPath } from "./route";
import { seatColour, seatSymbol } from "./seats";

export interface Seating {
  table: string;
  seat: number | null;
  keyText: string | null;
  watch: string | null;
}

/** The game titles by id, from the catalogue. */
export function useTitles(): Record<string, string> {
  const [titles, setTitles] = useState<Record<string, string>>({});
  useEffect(() => {
    api.games().then(
      (games) => setTitles(Object.fromEntries(games.map((g) => [g.id, g.title]))),
      () => undefined,
    );
  }, []);
  return titles;
}

/** Marks the time from a click (``clicked``) to the board drawn with the next update. */
export function useClickTiming(seq: number | undefined): { current: number | null } {
  const clicked = useRef<number | null>(null);
  useEffect(() => {
    if (clicked.current === null || seq === undefined) return;
    const started = clicked.current;
    clicked.current = null;
    requestAnimationFrame(() => {
      const elapsed = performance.now() - started;
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

  useEffect(() => {
    const who = { seat, key, watch };
    const made = new Connection((since) => socketUrl(table, who, "en", since), setState);
    connection.current = made;
    made.start();
    return () => made.stop();
  }, [table, seat, key, watch]);

  // A rematch was made: follow it with the same seat link (its key carries over).
  const rematch = state?.notice?.rematch;
  useEffect(() => {
    if (rematch && seat !== null && key) navigate(seatPath(rematch, seat, key));
  }, [rematch, seat, key, navigate]);

  const onAct = useMemo(
    () => (action: number) => {
      clicked.current = performance.now();
      connection.current?.act(action);
    },
    [clicked],
  );
  return <TableView state={state} onAct={onAct} table={table} keyText={key} titles={titles} />;
}

/** A seat's table drawn from its connection's state. */
export function TableView(props: {
  state: TableState | null;
  onAct: (action: number) => void;
  table: string;
  keyText: string | null;
  titles: Record<string, string>;
}) {
  const { state, onAct, table, keyText: key, titles } = props;
  if (!state || !state.welcome) {
    return (
      <main class="table">
        <p role="status">{state?.error ?? "Connecting…"}</p>
        <a href="/">Back to the lobby</a>
      </main>
    );
  }
  const { welcome, update } = state;
  const view = (update?.view ?? {}) as View;
  const legal = update?.legal ?? [];
  const toAct = update?.to_act ?? [];
  const title = titles[welcome.game] ?? welcome.game.replace(/-/g, " ");
  return (
    <main class="table" data-game={welcome.game} data-seq={update?.seq ?? -1}>
      <header class="table-head">
        <a href="/" class="home" aria-label="Lobby">
          ☥
        </a>
        <h1>{title}</h1>
        <span class={`link ${state.link}`} role="status">
          {state.link === "open" ? "connected" : state.link}
        </span>
        {welcome.seat !== null ? (
          <span class="me" style={{ color: seatColour(welcome.seat) }}>
            {seatSymbol(welcome.seat)} {welcome.names[welcome.seat]}
          </span>
        ) : (
          <span class="me">watching</span>
        )}
      </header>
      {state.error && (
        <p class="error" role="alert">
          {state.error}
        </p>
      )}
      {update?.status === "open" && (
        <p class="waiting" role="status">
          Waiting for every seat to be taken…
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
              last={lastPlaces(state.log as { seq: number; data: Record<string, unknown> }[])}
            />
          ) : (
            <p role="status">Loading the board…</p>
          )}
        </div>
        <aside class="side">
          <SeatPanels names={welcome.names} me={welcome.seat} toAct={toAct} view={view} />
          {update?.over ? (
            <Result
              names={welcome.names}
              outcome={update.outcome as Outcome | null | undefined}
              onRematch={
                welcome.seat !== null && key
                  ? () => void api.rematch(table, { seat: welcome.seat ?? 0, key })
                  : null
              }
            />
          ) : (
            <MoveList legal={legal} onAct={onAct} busy={state.pending > 0} />
          )}
          {!update?.over && legal.length === 0 && update?.status === "playing" && (
            <p class="waiting" role="status">
              Waiting for {toAct.map((s) => welcome.names[s]).join(", ")}…
            </p>
          )}
          <Log log={state.log} />
        </aside>
      </div>
    </main>
  );
}

interface Outcome {
  scores: number[];
  ranks: number[];
  winners: number[];
  reason: string;
}

function Result(props: {
  names: string[];
  outcome: Outcome | null | undefined;
  onRematch: (() => void) | null;
}) {
  const { names, outcome, onRematch } = props;
  return (
    <section class="result" aria-label="Result">
      <h2>Game over</h2>
      {outcome && (
        <>
          <p>
            Won by {outcome.winners.map((s) => names[s]).join(" and ")}
            {outcome.reason ? ` (${outcome.reason})` : ""}.
          </p>
          <table>
            <thead>
              <tr>
                <th>Rank</th>
                <th>Player</th>
                <th>Score</th>
              </tr>
            </thead>
            <tbody>
              {names.map((name, seat) => (
                <tr key={seat}>
                  <td>{outcome.ranks[seat]}</td>
                  <td>
                    {seatSymbol(seat)} {name}
                  </td>
                  <td>{outcome.scores[seat]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {onRematch && (
        <button type="button" onClick={onRematch}>
          Rematch
        </button>
      )}
    </section>
  );
}
