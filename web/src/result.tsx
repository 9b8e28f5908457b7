/** The end of a game: who won, each player's rank and score with the parts it is made of
 * (the server's score breakdown, when it sends one), a rematch (for a seat) and a replay. */
import type { ScoreLine } from "./generated/protocol";
import { useLanguage } from "./i18n";
import { seatSymbol } from "./seats";

export type { ScoreLine };

export interface Outcome {
  scores: number[];
  ranks: number[];
  winners: number[];
  reason: string;
}

export function Result(props: {
  names: string[];
  outcome: Outcome | null | undefined;
  breakdown?: ScoreLine[] | null;
  onRematch: (() => void) | null;
  onReplay?: (() => void) | null;
}) {
  const { names, outcome, breakdown, onRematch, onReplay } = props;
  const { t } = useLanguage();
  return (
    <section class="result" aria-label={t("Result")}>
      <h2>{t("Game over")}</h2>
      {outcome && (
        <>
          <p>
            {t("Won by {players}", { players: outcome.winners.map((s) => names[s]).join(", ") })}
            {outcome.reason ? ` (${outcome.reason})` : ""}.
          </p>
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
