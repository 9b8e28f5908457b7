/** Context help at the table: a line saying what the decision at hand does (by the game and
 * the view's phase, under the table's options), shown while the seat has moves to choose. */
import { helpFor } from "./data";
import { useRulesTexts } from "./content";

export function DecisionHelp(props: { game: string; phase: unknown; options: unknown }) {
  const { rules } = useRulesTexts();
  if (rules === null || typeof props.phase !== "string") return null;
  const options = (typeof props.options === "object" && props.options !== null ? props.options : {}) as Record<
    string,
    string
  >;
  const lines = helpFor(rules, props.game, props.phase, options);
  if (lines.length === 0) return null;
  return (
    <p class="decision-help" data-phase={props.phase}>
      <strong>{rules.headings.help}:</strong> {lines.join(" ")}
    </p>
  );
}
