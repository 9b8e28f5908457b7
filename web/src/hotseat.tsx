/** Hot-seat play: several people's seats on one device. The page holds one connection per
 * seat (each sees only its own view), and between two people's turns it covers the table
 * with a hand-over screen, so the next person sees only their own hidden information. */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { Connection, socketUrl, type TableState } from "./connection";
import { LanguagePicker, useLanguage } from "./i18n";
import type { SeatKeyPair } from "./route";
import { seatColour, seatSymbol } from "./seats";
import { TableView, useClickTiming, useConnectionLanguage, useTitles } from "./table";

/** The seat that must act now (the first of ours with legal moves), if any. */
export function seatToAct(seats: SeatKeyPair[], states: Record<number, TableState>): number | null {
  for (const { seat } of seats) {
    const update = states[seat]?.update;
    if (update && !update.over && update.legal.length > 0) return seat;
  }
  return null;
}

export function HotSeatPage(props: { table: string; seats: SeatKeyPair[] }) {
  const { table, seats } = props;
  const [states, setStates] = useState<Record<number, TableState>>({});
  const [shown, setShown] = useState<number | null>(null);
  const connections = useRef(new Map<number, Connection>());
  const titles = useTitles();
  const active = seatToAct(seats, states);
  const current = shown ?? seats[0]?.seat ?? 0;
  const clicked = useClickTiming(states[current]?.update?.seq);
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

  const onAct = useMemo(
    () => (action: number) => {
      clicked.current = performance.now();
      connections.current.get(current)?.act(action);
    },
    [current, clicked],
  );

  if (active !== null && active !== shown) {
    const name = states[active]?.welcome?.names[active] ?? t("Player {number}", { number: active + 1 });
    return (
      <main class="handover" aria-label={t("Hand-over")}>
        <LanguagePicker />
        <p class="symbol" style={{ color: seatColour(active) }} aria-hidden="true">
          {seatSymbol(active)}
        </p>
        <h1>{t("Pass the device to {name}", { name })}</h1>
        <p>{t("The table stays covered until {name} is ready, so no one sees another hand.", { name })}</p>
        <button type="button" class="reveal" onClick={() => setShown(active)}>
          {t("I am {name}: show my table", { name })}
        </button>
      </main>
    );
  }
  const key = seats.find((s) => s.seat === current)?.key ?? null;
  return (
    <TableView
      state={states[current] ?? null}
      onAct={onAct}
      table={table}
      keyText={key}
      titles={titles}
    />
  );
}
