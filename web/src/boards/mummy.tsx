/** Curse of the Mummy: the pyramid's 11×11 maze (columns a–k, rows 1–11), the mummy where
 * this seat may see it, and the explorers' possible fields (the deduction aid, shown or
 * hidden). A "go f6" action is a click on field f6. */
import { useState } from "preact/hooks";
import { seatColour, seatSymbol } from "../seats";
import { Place } from "./place";
import type { BoardProps } from "./types";
import { list, num, placeActions, record, str } from "./view";

const SIZE = 11;
const CELL = 32;
const COLUMNS = "abcdefghijk";

export function MummyBoard({ view, legal, onAct }: BoardProps) {
  const [aid, setAid] = useState(true);
  const goes = placeActions(legal, ["go"]);
  const mummy = str(view.mummy);
  const figures = list(view.figures).map(record);
  const possible = new Map<string, number[]>();
  figures.forEach((figure, index) => {
    for (const field of list(figure.possible)) {
      const name = str(field);
      possible.set(name, [...(possible.get(name) ?? []), index]);
    }
  });
  const full = SIZE * CELL + 20;
  return (
    <div class="board-wrap">
      <label class="aid">
        <input type="checkbox" checked={aid} onChange={() => setAid(!aid)} /> show possible fields
      </label>
      <svg class="board" viewBox={`-10 -10 ${full} ${full}`} role="img" aria-label="The maze">
        <rect x="-10" y="-10" width={full} height={full} fill="#3b2a1a" />
        {Array.from({ length: SIZE * SIZE }, (_, index) => {
          const column = index % SIZE;
          const row = Math.floor(index / SIZE);
          const name = `${COLUMNS[column]}${row + 1}`;
          const x = column * CELL;
          const y = (SIZE - 1 - row) * CELL;
          const here = possible.get(name) ?? [];
          return (
            <Place key={name} action={goes.get(name)} onAct={onAct}>
              <rect class="spot" x={x + 1} y={y + 1} width={CELL - 2} height={CELL - 2} fill="#d8c49a" />
              <text x={x + 4} y={y + 11} class="cell-name small">
                {name}
              </text>
              {aid &&
                here.length > 0 &&
                here.map((figure, n) => (
                  <circle
                    key={figure}
                    cx={x + 10 + n * 10}
                    cy={y + 22}
                    r="4"
                    fill={seatColour(figure + 1)}
                    opacity="0.75"
                  />
                ))}
              {name === mummy && (
                <text x={x + CELL / 2} y={y + 24} text-anchor="middle" class="mummy">
                  ☠
                </text>
              )}
            </Place>
          );
        })}
      </svg>
      <p class="legend">
        ☠ mummy{" "}
        {figures.map((figure, index) => (
          <span key={index} style={{ color: seatColour(index + 1) }}>
            {seatSymbol(index + 1)} explorer {index + 1}
            {num(figure.ankhs) ? ` (${num(figure.ankhs)} ☥) ` : " "}
          </span>
        ))}
      </p>
    </div>
  );
}
