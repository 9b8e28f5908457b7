/** The legal moves as a list of buttons, each named by its label: a second way to every
 * move the board offers as a place, read in order by screen readers. A hint's move is
 * marked as the bot's choice (a tutorial's step marks the move it asks for). */
import type { LegalAction } from "./generated/protocol";
import { useLanguage } from "./i18n";

export function MoveList(props: {
  legal: LegalAction[];
  onAct: (action: number) => void;
  busy: boolean;
  /** The id of the move a hint named (``null``: none). */
  hinted?: number | null;
  /** What the marked move is called (default: the bot's choice; a tutorial's step). */
  mark?: string;
}) {
  const { legal, onAct, busy, hinted = null, mark } = props;
  const { t } = useLanguage();
  if (legal.length === 0) return null;
  return (
    <section class="moves" aria-label={t("Your moves")}>
      <h2>{t("Your move")}</h2>
      <ul>
        {legal.map((action) => (
          <li key={action.id}>
            <button
              type="button"
              class={action.id === hinted ? "move hinted" : "move"}
              data-action={action.id}
              disabled={busy}
              title={action.notation}
              onClick={() => onAct(action.id)}
            >
              {action.label}
              {action.id === hinted && <span class="hinted-mark"> ★ {mark ?? t("the bot's choice")}</span>}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
