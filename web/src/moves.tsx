/** The legal moves as a list of buttons, each named by its label: a second way to every
 * move the board offers as a place, read in order by screen readers. */
import type { LegalAction } from "./generated/protocol";
import { useLanguage } from "./i18n";

export function MoveList(props: {
  legal: LegalAction[];
  onAct: (action: number) => void;
  busy: boolean;
}) {
  const { legal, onAct, busy } = props;
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
              class="move"
              data-action={action.id}
              disabled={busy}
              title={action.notation}
              onClick={() => onAct(action.id)}
            >
              {action.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
