/** The end of a game: who won, each player's rank and score with the parts it is made of
 * (the server's score breakdown, when it sends one), a rematch (for a seat) and a replay. */
import type { ScoreLine } from "./generated/protocol";
import { type Translate, useLanguage } from "./i18n";
import { seatSymbol } from "./seats";

export type { ScoreLine };

export interface Outcome {
  scores: number[];
  ranks: number[];
  winners: number[];
  reason: string;
}

/** The seat an engine's own end reason names (``seat 2 reached the goal``, ``seat 1 played
 * the last task card``: the engines write the seat that brought the end about this way,
 * and that seat is then the winner), else ``null``. */
export function namedSeat(cause: unknown): number | null {
  const found = typeof cause === "string" ? /^seat (\d+) /.exec(cause) : null;
  return found ? Number(found[1]) : null;
}

/** The sentence that says who won and why. ``outcome.reason`` is worded by the server;
 * ``cause`` is the engine's own reason from the view's outcome (untranslated). A reason
 * naming the one winner is a clause with that player's name (``Ada laid the last task
 * card``), so it is said once: "Ada laid the last task card and won." Any other reason is
 * about the table ("the path is empty"): "Won by Ada (the path is empty)."; a tie is "A shared
 * win for Ada and Bo (...)" (a trial read "Won by Ada, Bo" as a list). */
export function verdict(t: Translate, names: string[], outcome: Outcome, cause?: unknown): string {
  const { winners, reason } = outcome;
  const named = namedSeat(cause);
  if (reason && winners.length === 1 && named !== null && winners[0] === named) {
    return `${t("{reason} and won", { reason })}.`;
  }
  const winnerNames = winners.map((seat) => names[seat] ?? "");
  const last = winnerNames.pop() ?? "";
  const said =
    winnerNames.length === 0
      ? t("Won by {players}", { players: last })
      : t("A shared win for {players} and {last}", { players: winnerNames.join(", "), last });
  return `${said}${reason ? ` (${reason})` : ""}.`;
}

export function Result(props: {
  names: string[];
  outcome: Outcome | null | undefined;
  /** The engine's own reason (the view's ``outcome.reason``), read by :func:`verdict`. */
  cause?: unknown;
  breakdown?: ScoreLine[] | null;
  onRematch: (() => void) | null;
  onReplay?: (() => void) | null;
}) {
  const { names, outcome, cause, breakdown, onRematch, onReplay } = props;
  const { t } = useLanguage();
  return (
    <section class="result" aria-label={t("Result")}>
      <h2>{t("Game over")}</h2>
      {outcome && (
        <>
          <p class="verdict">{verdict(t, names, outcome, cause)}</p>
          <table>
            <thead>
              <tr>
                <th>{t("Rank")}</th>
                <th>{t("Player")}</th>
                <th>{t("Score")}</th>
              </tr>
            </thead>
            <tbody>
              {rows(names, outcome, breakdown).map((line) => (
                <tr
                  key={line.seat}
                  class={outcome.winners.includes(line.seat) ? "winner" : undefined}
                  data-seat={line.seat}
                >
                  <td>{line.rank}</td>
                  <td>
                    {seatSymbol(line.seat)} {line.name}
                    {line.parts.length > 0 && (
                      <ul class="parts">
                        {line.parts.map((part, index) => (
                          <li key={index}>
                            {part.label}: <span class="value">{part.value}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td class="total">{line.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {onRematch && (
        <button type="button" class="rematch" onClick={onRematch}>
          {t("Rematch")}
        </button>
      )}{" "}
      {onReplay && (
        <button type="button" class="replay-game" onClick={onReplay}>
          {t("Replay the game")}
        </button>
      )}
    </section>
  );
}

/** The result's rows, best rank first: the breakdown's lines when the server sent them,
 * else each seat's score and rank from the outcome. */
export function rows(names: string[], outcome: Outcome, breakdown?: ScoreLine[] | null): ScoreLine[] {
  const lines =
    breakdown && breakdown.length > 0
      ? breakdown
      : names.map((name, seat) => ({
          seat,
          name,
          total: String(outcome.scores[seat] ?? 0),
          rank: outcome.ranks[seat] ?? 0,
          parts: [],
        }));
  return [...lines].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
}
