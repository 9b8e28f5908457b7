/** A game's options as one menu each (its edition and variants), as the lobby's new table
 * and play now ask for them: each labelled in the page's language, its help as a tip. */
import type { GameInfo } from "./api";

export function OptionFields(props: {
  game: GameInfo;
  chosen: Readonly<Record<string, string>>;
  onChange: (chosen: Record<string, string>) => void;
}) {
  const { game, chosen, onChange } = props;
  return (
    <>
      {game.options.map((option) => (
        <label key={option.name} title={option.help}>
          {option.label}{" "}
          <select
            name={option.name}
            value={chosen[option.name] ?? option.default}
            onChange={(e) => onChange({ ...chosen, [option.name]: e.currentTarget.value })}
          >
            {option.choices.map((choice, index) => (
              <option key={choice} value={choice}>
                {option.choice_labels[index] ?? choice}
              </option>
            ))}
          </select>
        </label>
      ))}
    </>
  );
}
