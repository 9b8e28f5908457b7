/** Hot-seat play: several people's seats on one device. The page holds one connection per
 * seat (each sees only its own view) and shows the table of the seat that must decide. When
 * the deciding seat changes to one whose view holds something the person before may not
 * see (its hidden information: the view differs from the previous seat's), a hand-over
 * screen covers the table until the next person reveals it; a seat deciding twice in a row
 * (a multi-step turn) goes on without one, and so does a change of seat in a game whose
 * views are the same for everyone (Tutankhamun: nothing to hide). Decisions are read only
 * once every connection of the page has caught up with the table (the same sequence
 * number), so a late update of one seat never shows a stale turn or a needless cover. */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { Connection, socketUrl, type TableState } from "./connection";
import { LanguagePicker, useLanguage } from "./i18n";
import type { SeatKeyPair } from "./route";
import { seatColour, seatSymbol } from "./seats";
import { TableView, useClickTiming, useConnectionLanguage, useTitles } from "./table";

/** Whether every seat's connection has its update for the same step of the table. */
export function caughtUp(seats: SeatKeyPair[], states: Record<number, TableState>): boolean {
  const seqs = new Set(seats.map(({ seat }) => states[seat]?.update?.seq ?? -1));
  return !seqs.has(-1) && seqs.size === 1;
}

/** The seat that must act now (the first of ours with legal moves), once every connection
 * has caught up with the table; null while they differ or none of ours is to act. */
export function seatToAct(seats: SeatKeyPair[], states: Record<number, TableState>): number | null {
  if (!caughtUp(seats, states)) return null;
  for (const { seat } of seats) {
    const update = states[seat]?.update;
    if (update && !update.over && update.legal.length > 0) return seat;
  }
  return null;
}

/** A view as every seat could see it: without the field naming its seat. */
function common(view: unknown): string {
  return JSON.stringify({ ...(view as Record<string, unknown>), seat: null });
}

/** Whether showing ``seat``'s table to the person of ``holder`` (null: nobody yet, so any
 * other seat's person) could show them something of ``seat``'s that they may not see: its
 * view differs from theirs. Unknown (no update yet, or another step) counts as different. */
export function needsCover(
  seats: SeatKeyPair[],
  states: Record<number, TableState>,
  seat: number,
  holder: number | null,
): boolean {
  const own = states[seat]?.update;
  if (!own) return true;
  const others = seats.filter((s) => s.seat !== seat && (holder === null || s.seat === holder));
  return others.some(({ seat: other }) => {
    const theirs = states[other]?.update;
    return !theirs || theirs.seq !== own.seq || common(theirs.view) !== common(own.view);
  });
}

export function HotSeatPage(props: { table: string; seats: SeatKeyPair[] }) {
  const { table, seats } = props;
  const [states, setStates] = useState<Record<number, TableState>>({});
  /** The seat whose person holds the device (whose table is shown); null before the first. */
  const [shown, setShown] = useState<number | null>(null);
  const connections = useRef(new Map<number, Connection>());
  const titles = useTitles();
  const ready = caughtUp(seats, states);
  const active = seatToAct(seats, states);
  // The seat to show: the one deciding; else the one shown; at the start the first seat.
  const target = active ?? shown ?? (ready ? (seats[0]?.seat ?? null) : null);
  const change = target !== null && target !== shown;
  const cover = change && needsCover(seats, states, target, shown);
  const current = change && !cover ? target : shown;
  const clicked = useClickTiming(current === null ? undefined : states[current]?.update?.seq);
  const { t } = useLanguage();
  const all = useMemo(() => () => connections.current.values(), []);
  const lang = useConnectionLanguage(all);

  useEffect(() => {
    const made = seats.map(({ seat, key }) => {
      const connection = new Connection(
        (since) => socketUrl(table, { seat, key, watch: null }, lang.current, since),
        (state) => setStates((before) => ({ ...before, [seat]: state })),
      );
      connections.current.set(seat, connection);
      connection.start();
      return connection;
    });
    return () => {
      for (const connection of made) connection.stop();
      connections.current.clear();
    };
  }, [table, seats, lang]);

  // Nothing to hide from the person before: the table passes to the next seat by itself.
  useEffect(() => {
    if (change && !cover) setShown(target);
  }, [change, cover, target]);

  const onAct = useMemo(
    () => (action: number) => {
      if (current === null) return;
      clicked.current = performance.now();
      connections.current.get(current)?.act(action);
    },
    [current, clicked],
  );

  // A hint for the seat shown (its own connection asks, from its own view).
  const onHint = useMemo(
    () => () => {
      if (current !== null) connections.current.get(current)?.hint();
    },
    [current],
  );

  if (cover && target !== null) {
    const name = states[target]?.welcome?.names[target] ?? t("Player {number}", { number: target + 1 });
    return (
      <main class="handover" aria-label={t("Hand-over")} data-seat={target}>
        <LanguagePicker />
        <p class="symbol" style={{ color: seatColour(target) }} aria-hidden="true">
          {seatSymbol(target)}
        </p>
        <h1>{t("Pass the device to {name}", { name })}</h1>
        <p>{t("The table stays covered until {name} is ready, so no one sees another hand.", { name })}</p>
        <button type="button" class="reveal" onClick={() => setShown(target)}>
          {t("I am {name}: show my table", { name })}
        </button>
      </main>
    );
  }
  const key = seats.find((s) => s.seat === current)?.key ?? null;
  return (
    <TableView
      state={current === null ? null : (states[current] ?? null)}
      onAct={onAct}
      onHint={onHint}
      table={table}
      keyText={key}
      titles={titles}
    />
  );
}
