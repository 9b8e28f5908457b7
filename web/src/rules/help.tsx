/** Context help at the table: a line saying what the decision at hand does (by the game and
 * the view's phase, under the table's options), shown while the seat has moves to choose. */
import { helpFor } from "./data";
import { useRulesTexts } from "./content";

export function DecisionHelp(props: { game: string; phase: unknown; options: Readonly<Record<string, string>> }) {
  const { rules } = useRulesTexts();
  if (rules === null || typeof props.phase !== "string") return null;
  const lines = helpFor(rules, props.game, props.phase, props.options);
  if (lines.length === 0) return null;
  return (
    <p class="decision-help" data-phase={props.phase}>
      <strong>{rules.headings.help}:</strong> {lines.join(" ")}
    </p>
  );
}
