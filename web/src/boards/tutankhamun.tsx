/** Tutankhamun: the path of treasure tiles spiralling in to the pyramid, the pawns on it,
 * and under it each seat's collected tiles (tutankhamun_holdings.tsx). A "take N" action is
 * a click on tile N; "exit" is a click on the pyramid; a scoring's lid, pharaoh tile, mask
 * and pass, and the nugget's or bag's choice of a tile to take, are clicks in the rows of
 * collected tiles. A pawn that moves walks along the path through the tiles it passes. */
import { useLayoutEffect, useRef } from "preact/hooks";
import { seatColour, seatInk, seatSymbol } from "../seats";
import { walk } from "./motion";
import { useLanguage } from "../i18n";
import { Place } from "./place";
import { Tableau, TileFace, tableauHeight } from "./tutankhamun_holdings";
import type { BoardProps } from "./types";
import type { TutankhamunView } from "../generated/views/tutankhamun";
import { actionNamed, placeActions } from "./view";
import { useZoom, ZoomFrame } from "./zoom";

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

export function TutankhamunBoard({ view, legal, onAct, last }: BoardProps<TutankhamunView>) {
  const { t } = useLanguage();
  // A taken (or undrawn) tile leaves a gap in the path: null in the view.
  const path = view.path;
  // A pawn not yet on the path is null.
  const pawns = view.pawns.map((p) => p ?? -1);
  const points = spiral(path.length);
  const takes = placeActions(legal, ["take"]);
  // On a phone the path's tiles are about 22 pixels: + and "Zoom to your move" make them
  // touch targets (44 pixels); a wide screen has no zoom bar (style.css).
  const zoom = useZoom();
  const outer = points[0] ?? { x: 0, y: 0 };
  const extent = Math.ceil(Math.hypot(outer.x, outer.y)) + 40;
  /** Where a pawn stands: before the path, on a tile, or at the pyramid. */
  const pawnPoint = (position: number, seat: number) =>
    position < 0
      ? { x: outer.x + 24, y: outer.y + 18 * seat - 10 }
      : position >= path.length
        ? { x: 0, y: 4 }
        : (points[position] ?? { x: 0, y: 0 });
  // A pawn that moved walks from where it stood through every tile up to where it stands.
  const pawnElements = useRef<(Element | null)[]>([]);
  const before = useRef<number[] | null>(null);
  useLayoutEffect(() => {
    const previous = before.current;
    before.current = pawns;
    if (!previous) return;
    pawns.forEach((position, seat) => {
      const from = previous[seat];
      if (from === undefined || from === position) return;
      const step = position > from ? 1 : -1;
      const dx = (seat % 3) * 7 - 7;
      const trail: { x: number; y: number }[] = [];
      for (let n = from; n !== position + step; n += step) {
        const at = pawnPoint(n, seat);
        trail.push({ x: at.x + dx, y: at.y - 12 });
      }
      walk(pawnElements.current[seat] ?? null, trail);
    });
  });
  return (
    <div class="board-wrap tutankhamun-board">
    <ZoomFrame zoom={zoom} deciding={legal.length > 0}>
    <svg
      class="board"
      viewBox={`${-extent} ${-extent} ${2 * extent} ${2 * extent + tableauHeight(view.players)}`}
      role="group"
      aria-label={t("The path of treasures around the pyramid")}
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
        // The slot's number just outside the tile, away from the pyramid.
        const out = Math.hypot(point.x, point.y) || 1;
        const along = { x: (point.x / out) * 19.5, y: (point.y / out) * 19.5 };
        return (
          <Place key={index} action={takes.get(String(index))} onAct={onAct}>
            {tile === null ? (
              <circle class="spot" cx={point.x} cy={point.y} r="14" fill="#f4ead0" stroke="#9a8a60"
                stroke-dasharray="3 3" />
            ) : (
              <TileFace slug={tile} x={point.x} y={point.y} r={14} edition={view.edition}
                tip={t("slot {number}", { number: index + 1 })} />
            )}
            {last?.has(String(index)) && (
              <circle class="last-ring" cx={point.x} cy={point.y} r="17" />
            )}
            <text x={point.x + along.x} y={point.y + along.y + 2.3} text-anchor="middle" class="slot-number">
              {index + 1}
            </text>
          </Place>
        );
      })}
      <Tableau view={view} legal={legal} onAct={onAct} last={last} left={-extent} top={extent} width={2 * extent} />
      {pawns.map((position, seat) => {
        const point = pawnPoint(position, seat);
        const dx = (seat % 3) * 7 - 7;
        return (
          <g
            key={`pawn-${seat}`}
            ref={(element) => {
              pawnElements.current[seat] = element;
            }}
            class="pawn"
            aria-label={t("pawn of seat {number}", { number: seat + 1 })}
            style={{ transform: `translate(${point.x + dx}px, ${point.y - 12}px)`, transition: "none" }}
          >
            <circle r="8" fill={seatColour(seat)} stroke="#fff" />
            <text y="3.5" text-anchor="middle" class="pawn-label" style={{ fill: seatInk(seat) }}>
              {seatSymbol(seat)}
            </text>
          </g>
        );
      })}
    </svg>
    </ZoomFrame>
    </div>
  );
}
