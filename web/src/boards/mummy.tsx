/** Curse of the Mummy: the pyramid's maze (fields a1–k11, rows from the top, walls, areas,
 * symbols, the stairs and the sarcophagus) from the server's static board data, the mummy
 * where this seat may see it, and the explorers' possible fields (the deduction aid, shown
 * or hidden). A "go f6" action is a click on field f6. */
import { useEffect, useState } from "preact/hooks";
import { seatColour, seatSymbol } from "../seats";
import { Place } from "./place";
import type { BoardProps } from "./types";
import { list, num, placeActions, record, str } from "./view";

const CELL = 40;
const AREA_TINT: Record<string, string> = {
  red: "#f0c4b8",
  blue: "#c4d6ee",
  white: "#f5f1e6",
  green: "#cfe3c2",
  yellow: "#f3e3a6",
};

export interface Maze {
  width: number;
  height: number;
  fields: string[];
  walls: boolean[][];
  start: string;
  dungeon: string;
  areas: (string | null)[];
  symbols: { name: string; colour: string; field: string }[];
}

let cached: Promise<Maze | null> | null = null;

function loadMaze(): Promise<Maze | null> {
  cached ??= fetch("/api/boards/curse-of-the-mummy")
    .then((answer) => (answer.ok ? (answer.json() as Promise<Maze>) : null))
    .catch(() => null);
  return cached;
}

/** A plain 11×11 grid without walls: what is drawn until (or unless) the maze arrives. */
function plainGrid(): Maze {
  const fields: string[] = [];
  for (let row = 1; row <= 11; row++) for (const c of "abcdefghijk") fields.push(`${c}${row}`);
  return {
    width: 11,
    height: 11,
    fields,
    walls: fields.map(() => [false, false, false, false]),
    start: "f1",
    dungeon: "f6",
    areas: fields.map(() => null),
    symbols: [],
  };
}

export function MummyBoard({ view, legal, onAct, last }: BoardProps) {
  const [aid, setAid] = useState(true);
  const [maze, setMaze] = useState<Maze>(plainGrid);
  useEffect(() => {
    let live = true;
    void loadMaze().then((found) => {
      if (live && found) setMaze(found);
    });
    return () => {
      live = false;
    };
  }, []);
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
  const symbolAt = new Map(maze.symbols.map((s) => [s.field, s]));
  const full = maze.width * CELL + 16;
  return (
    <div class="board-wrap">
      <label class="aid">
        <input type="checkbox" checked={aid} onChange={() => setAid(!aid)} /> show where each
        explorer may be
      </label>
      <svg class="board" viewBox={`-8 -8 ${full} ${full}`} role="img" aria-label="The maze">
        <rect x="-8" y="-8" width={full} height={full} fill="#3b2a1a" />
        {maze.fields.map((name, index) => {
          const x = (index % maze.width) * CELL;
          const y = Math.floor(index / maze.width) * CELL;
          const here = possible.get(name) ?? [];
          const symbol = symbolAt.get(name);
          const area = maze.areas[index];
          return (
            <Place key={name} action={goes.get(name)} onAct={onAct}>
              <rect
                class="spot"
                x={x}
                y={y}
                width={CELL}
                height={CELL}
                fill={area ? (AREA_TINT[area] ?? "#d8c49a") : "#d8c49a"}
              />
              {last?.has(name) && (
                <rect class="last-ring" x={x + 2} y={y + 2} width={CELL - 4} height={CELL - 4} />
              )}
              <text x={x + 3} y={y + 10} class="cell-name small">
                {name}
              </text>
              {symbol && (
                <text x={x + CELL - 3} y={y + 10} text-anchor="end" class="symbol-name">
                  {symbol.name}
                </text>
              )}
              {name === maze.start && (
                <text x={x + CELL / 2} y={y + 27} text-anchor="middle" class="cell-mark">
                  ⇣
                </text>
              )}
              {name === maze.dungeon && (
                <rect x={x + 8} y={y + 12} width={CELL - 16} height={CELL - 18} rx="6"
                  fill="#7d9a54" stroke="#2f3d1f" />
              )}
              {aid &&
                here.map((figure, n) => (
                  <text
                    key={figure}
                    x={x + 8 + n * 12}
                    y={y + CELL - 4}
                    class="possible"
                    fill={seatColour(figure + 1)}
                  >
                    {seatSymbol(figure + 1)}
                  </text>
                ))}
              {name === mummy && (
                <text x={x + CELL / 2} y={y + 30} text-anchor="middle" class="mummy">
                  ☠
                </text>
              )}
            </Place>
          );
        })}
        {maze.walls.map((walls, index) => {
          const x = (index % maze.width) * CELL;
          const y = Math.floor(index / maze.width) * CELL;
          const sides: [number, number, number, number][] = [
            [x, y, x + CELL, y],
            [x + CELL, y, x + CELL, y + CELL],
            [x, y + CELL, x + CELL, y + CELL],
            [x, y, x, y + CELL],
          ];
          return sides.map(([x1, y1, x2, y2], side) =>
            walls[side] ? (
              <line key={`${index}-${side}`} x1={x1} y1={y1} x2={x2} y2={y2} class="wall" />
            ) : null,
          );
        })}
      </svg>
      <p class="legend">
        ☠ mummy · ⇣ stairs (start) · green box: the sarcophagus ·{" "}
        {figures.map((figure, index) => (
          <span key={index} style={{ color: seatColour(index + 1) }}>
            {seatSymbol(index + 1)} explorer {index + 1}
            {` (${num(figure.ankhs)} ☥) `}
          </span>
        ))}
      </p>
    </div>
  );
}
