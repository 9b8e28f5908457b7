/** Tutankhamun: the path of treasure tiles spiralling in to the pyramid, the pawns on it.
 * A "take N" action is a click on tile N; "exit" is a click on the pyramid. */
import { seatColour, seatSymbol } from "../seats";
import { Place } from "./place";
import type { BoardProps } from "./types";
import type { TutankhamunView } from "../generated/views/tutankhamun";
import { actionNamed, hue, placeActions, tag } from "./view";

const SPACING = 31;
const TURN_GAP = 36;
const INNER = 62;

/** Tile centres along an Archimedean spiral, from the outer start inwards. */
export function spiral(count: number): { x: number; y: number }[] {
  const b = TURN_GAP / (2 * Math.PI);
  const thetaInner = INNER / b;
  const thetaOuter = Math.sqrt(thetaInner ** 2 + (2 * SPACING * Math.max(count - 1, 0)) / b);
  const points: { x: number; y: number }[] = [];
  let theta = thetaOuter;
  for (let n = 0; n < count; n++) {
    const r = b * theta;
    points.push({ x: r * Math.cos(theta), y: r * Math.sin(theta) });
    theta -= SPACING / Math.max(r, 1);
  }
  return points;
}

export function TutankhamunBoard({ view, legal, onAct, last }: BoardProps) {
  const typed = view as unknown as TutankhamunView;
  // A taken (or undrawn) tile leaves a gap in the path: null in the view.
  const path = typed.path;
  // A pawn not yet on the path is null.
  const pawns = typed.pawns.map((p) => p ?? -1);
  const points = spiral(path.length);
  const takes = placeActions(legal, ["take"]);
  const outer = points[0] ?? { x: 0, y: 0 };
  const extent = Math.ceil(Math.hypot(outer.x, outer.y)) + 40;
  return (
    <svg
      class="board"
      viewBox={`${-extent} ${-extent} ${2 * extent} ${2 * extent}`}
      role="img"
      aria-label="The path of treasures around the pyramid"
    >
      <rect x={-extent} y={-extent} width={2 * extent} height={2 * extent} fill="#e9d8a6" />
      <Place action={actionNamed(legal, "exit")} onAct={onAct}>
        <polygon class="spot" points="0,-48 44,34 -44,34" fill="#c9a227" stroke="#6b4f12" stroke-width="3" />
        <text x="0" y="22" text-anchor="middle" class="board-label">
          ☥
        </text>
      </Place>
      {path.map((tile, index) => {
        const point = points[index] ?? { x: 0, y: 0 };
        const gone = tile === null;
        return (
          <Place key={index} action={takes.get(String(index))} onAct={onAct}>
            <circle
              class="spot"
              cx={point.x}
              cy={point.y}
              r="14"
              fill={tile === null ? "#f4ead0" : hue(tile)}
              stroke={gone ? "#d8c9a0" : "#5b4a1f"}
              stroke-dasharray={gone ? "3 3" : undefined}
            />
            {last?.has(String(index)) && (
              <circle class="last-ring" cx={point.x} cy={point.y} r="17" />
            )}
            {tile !== null && (
              <text x={point.x} y={point.y + 3.5} text-anchor="middle" class="tile-label">
                {tag(tile)}
              </text>
            )}
          </Place>
        );
      })}
      {pawns.map((position, seat) => {
        const point =
          position < 0
            ? { x: outer.x + 24, y: outer.y + 18 * seat - 10 }
            : position >= path.length
              ? { x: 0, y: 4 }
              : (points[position] ?? { x: 0, y: 0 });
        const dx = (seat % 3) * 7 - 7;
        return (
          <g key={`pawn-${seat}`} class="pawn" aria-label={`pawn of seat ${seat + 1}`}>
            <circle cx={point.x + dx} cy={point.y - 12} r="8" fill={seatColour(seat)} stroke="#fff" />
            <text x={point.x + dx} y={point.y - 8.5} text-anchor="middle" class="pawn-label">
              {seatSymbol(seat)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
