/** Hints at a table that allows them: a "What would the bot play?" button at the seat's
 * decision and the answer, the strong bot's move and the seat's estimated chance of
 * winning with it (worked out by the server from this seat's own view). */
import type { Hint } from "./generated/protocol";
import { useLanguage } from "./i18n";

export function HintOffer(props: {
  /** The hint for the position shown (``null``: none asked, or one for another position). */
  hint: Hint | null;
  /** A hint was asked and has not come yet. */
  asking: boolean;
  onAsk: () => void;
  busy: boolean;
}) {
  const { hint, asking, onAsk, busy } = props;
  const { t } = useLanguage();
  return (
    <section class="hint-box" aria-label={t("Hint")}>
      <button type="button" class="hint-ask" onClick={onAsk} disabled={busy || asking || hint !== null}>
        {t("What would the bot play?")}
      </button>
      {asking && hint === null && (
        <p class="hint-answer" role="status">
          {t("The bot is thinking…")}
        </p>
      )}
      {hint && (
        <p class="hint-answer" role="status">
          {t("The bot would play: {move}", { move: hint.label })}
          {hint.value !== null && hint.value !== undefined && (
            <>
              {" "}
              <span class="hint-value">
                {t("(your chance of winning with it: about {percent}%)", {
                  percent: Math.round(hint.value * 100),
                })}
              </span>
            </>
          )}
        </p>
      )}
    </section>
  );
}
