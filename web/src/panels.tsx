/** Seat panels (name, symbol, whose turn, the public numbers of each seat) and the log. */
import { SeatClock, useElapsed } from "./clock";
import type { LoggedEvent } from "./connection";
import type { ClockView } from "./generated/protocol";
import type { View } from "./boards/view";
import { type Translate, useLanguage } from "./i18n";
import { seatColour, seatSymbol } from "./seats";

/** The view's per-seat numbers: every list of numbers with one entry per seat. */
function seatNumbers(view: View, players: number): [string, number[]][] {
  const found: [string, number[]][] = [];
  for (const [key, value] of Object.entries(view)) {
    if (["to_act", "pawns", "layer_owners", "blocks", "depth"].includes(key)) continue;
    if (
      Array.isArray(value) &&
      value.length === players &&
      value.every((entry) => typeof entry === "number")
    ) {
      found.push([key, value as number[]]);
    }
  }
  return found;
}

/** The name of a view's per-seat numbers in the page's language. */
function numberLabel(key: string, t: Translate): string {
  switch (key) {
    case "scores":
      return t("score");
    case "wilds":
      return t("wild tiles left");
    case "money":
      return t("silver");
    case "scarabs":
      return t("scarab cards");
    case "blockade_cards":
      return t("blockade cards");
    default:
      return key.replace(/_/g, " ");
  }
}

export function SeatPanels(props: {
  names: string[];
  me: number | null;
  toAct: number[];
  view: View;
  clock?: ClockView | null;
}) {
  const { names, me, toAct, view, clock = null } = props;
  const { t } = useLanguage();
  const elapsed = useElapsed(clock);
  const numbers = seatNumbers(view, names.length);
  return (
    <ul class="seats" aria-label={t("Players")}>
      {names.map((name, seat) => (
        <li
          key={seat}
          class={`seat${toAct.includes(seat) ? " to-act" : ""}`}
          style={{ borderColor: seatColour(seat) }}
        >
          <span class="symbol" style={{ color: seatColour(seat) }} aria-hidden="true">
            {seatSymbol(seat)}
          </span>{" "}
          <strong>{name}</strong>
          {seat === me && <span class="you"> {t("(you)")}</span>}
          {toAct.includes(seat) && <span class="turn"> · {t("to move")}</span>}
          {clock && <SeatClock clock={clock} seat={seat} elapsed={elapsed} />}
          {numbers.length > 0 && (
            <span class="numbers">
              {numbers.map(([label, values], index) => (
                <span key={label}>
                  {index > 0 ? " · " : ""}
                  <span class="number">
                    {numberLabel(label, t)} {values[seat]}
                  </span>
                </span>
              ))}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function Log(props: { log: LoggedEvent[] }) {
  const { log } = props;
  const { t } = useLanguage();
  const last = log.length > 0 ? log[log.length - 1]?.seq : undefined;
  const shown = log.slice(-60).reverse();
  return (
    <section class="log" aria-label={t("What happened")}>
      <h2>{t("Log")}</h2>
      {/* scrolls: reachable by keyboard so its older lines can be read (WCAG 2.1.1) */}
      <ol aria-live="polite" tabIndex={0}>
        {shown.map((event, index) => (
          <li key={`${event.seq}-${index}`} class={event.seq === last ? "last" : undefined}>
            {event.text}
            {event.standIn && <span class="stand-in"> {t("(a bot moved for this player)")}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
