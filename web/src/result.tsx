/** The end of a game: who won, each player's rank and score, and (for a seat) a rematch
 * and a replay. */
import { useLanguage } from "./i18n";
import { seatSymbol } from "./seats";

export interface Outcome {
  scores: number[];
  ranks: number[];
  winners: number[];
  reason: string;
}

export function Result(props: {
  names: string[];
  outcome: Outcome | null | undefined;
  onRematch: (() => void) | null;
  onReplay?: (() => void) | null;
}) {
  const { names, outcome, onRematch, onReplay } = props;
  const { t } = useLanguage();
  return (
    <section class="result" aria-label={t("Result")}>
      <h2>{t("Game over")}</h2>
      {outcome && (
        <>
          <p>
            {t("Won by {players}.", { players: outcome.winners.map((s) => names[s]).join(", ") })}
            {outcome.reason ? ` (${outcome.reason})` : ""}
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
              {names.map((name, seat) => (
                <tr key={seat} class={outcome.winners.includes(seat) ? "winner" : undefined}>
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
