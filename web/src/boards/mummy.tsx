/** Curse of the Mummy: the pyramid's maze (fields a1–k11, rows from the top, walls, areas,
 * symbols, the stairs and the sarcophagus) from the server's static board data, the mummy,
 * the explorer figures where this seat may see them, the explorers' possible fields (the
 * deduction aid, shown or hidden), and the dice tray.
 *
 * Every legal move is a place: "go f6" a click on field f6 (and where the card of its symbol
 * may be played too, a choice between the two), the mummy's "step n" a click on the field
 * north of it and "stop" on the mummy itself; the dice: "announce 3" a click on a kept die
 * showing 3, and rolling, rerolling, resolving the mummy dice or declaring the figure stuck
 * the tray's buttons. On a phone the maze zooms like Valley's board (zoom.tsx). */
import { useEffect, useState } from "preact/hooks";
import type { LegalAction } from "../generated/protocol";
import type { CurseOfTheMummyView } from "../generated/views/curse-of-the-mummy";
import { boardWord, fillNodes, useLanguage, type Translate } from "../i18n";
import { seatColour, seatSymbol } from "../seats";
import { ComposerPanel, OfferPlace, offersBy, useComposer, type Offer } from "./compose";
import type { BoardProps } from "./types";
import { useZoom, ZoomFrame } from "./zoom";

const CELL = 40;
const TRAY = 64;
/** About how wide a character of a symbol's name is on the board, in its units. */
const SYMBOL_CHARACTER = 4.4;
const AREA_TINT: Record<string, string> = {
  red: "#f0c4b8",
  blue: "#c4d6ee",
  white: "#f5f1e6",
  green: "#cfe3c2",
  yellow: "#f3e3a6",
};
/** Die faces as drawn: the numbers, an arrow, the mummy. */
const FACE: Record<string, string> = { arrow: "➜", mummy: "☠" };
/** The tray's buttons: a short word in the page's language, the server's label as the title. */
function buttonWord(verb: string, t: Translate): string | null {
  if (verb === "roll") return t("Roll");
  if (verb === "reroll") return t("Reroll");
  if (verb === "resolve") return t("Resolve ☠ first");
  if (verb === "stuck") return t("Stuck");
  return null;
}
const DIRECTION: Record<string, [number, number]> = { n: [0, -1], e: [1, 0], s: [0, 1], w: [-1, 0] };

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

/** The field one step from ``field`` in a direction, if it is on the board. */
function neighbour(maze: Maze, field: string, direction: string): string | null {
  const index = maze.fields.indexOf(field);
  const step = DIRECTION[direction];
  if (index < 0 || !step) return null;
  const column = (index % maze.width) + step[0];
  const row = Math.floor(index / maze.width) + step[1];
  if (column < 0 || row < 0 || column >= maze.width || row >= maze.height) return null;
  return maze.fields[row * maze.width + column] ?? null;
}

/** The mummy's moves and the explorers' by where they are clicked: a field, a kept die
 * (by face), or a tray button. */
function placeOf(action: LegalAction, view: CurseOfTheMummyView, maze: Maze, t: Translate) {
  const [verb, first, second] = action.notation.split(" ");
  if (verb === "go" && first) {
    const text = second === "play" ? t("go and play the card") : t("go");
    return { key: `field ${first}`, title: t("Go to {field}", { field: first }), text, sealed: false };
  }
  if (verb === "step" && first) {
    const to = neighbour(maze, view.mummy, first);
    return { key: to ? `field ${to}` : `button ${action.notation}`, title: action.label, text: action.label, sealed: false };
  }
  if (verb === "stop") return { key: `field ${view.mummy}`, title: action.label, text: action.label, sealed: false };
  if (verb === "announce" && first && view.dice.includes(first as never)) {
    return { key: `die ${first}`, title: action.label, text: action.label, sealed: false };
  }
  return { key: `button ${action.notation}`, title: action.label, text: action.label, sealed: false };
}

function fieldAt(maze: Maze, name: string): { x: number; y: number } {
  const index = Math.max(maze.fields.indexOf(name), 0);
  return { x: (index % maze.width) * CELL, y: Math.floor(index / maze.width) * CELL };
}

export function MummyBoard({ view, legal, onAct, last, names }: BoardProps<CurseOfTheMummyView>) {
  const { t } = useLanguage();
  const [aid, setAid] = useState(true);
  const [maze, setMaze] = useState<Maze>(plainGrid);
  const composer = useComposer(legal, onAct);
  useEffect(() => {
    let live = true;
    void loadMaze().then((found) => {
      if (live && found) setMaze(found);
    });
    return () => {
      live = false;
    };
  }, []);
  const offers = offersBy(legal, (action) => placeOf(action, view, maze, t));
  const place = (key: string) => ({ offer: offers.get(key), active: composer.activeKey === key, open: composer.open });
  const figures = view.figures;
  const possible = new Map<string, number[]>();
  figures.forEach((figure, index) => {
    if (!figure.in_game) return;
    for (const name of figure.possible) possible.set(name, [...(possible.get(name) ?? []), index]);
  });
  const symbolAt = new Map(maze.symbols.map((s) => [s.field, s]));
  const full = maze.width * CELL + 16;
  const mummy = fieldAt(maze, view.mummy);
  const buttons = [...offers.entries()].filter(([key]) => key.startsWith("button "));
  const zoom = useZoom();
  return (
    <div class="board-wrap mummy-board">
      <label class="aid">
        <input type="checkbox" checked={aid} onChange={() => setAid(!aid)} />{" "}
        {t("show where each explorer may be")}
      </label>
      <ZoomFrame zoom={zoom} deciding={offers.size > 0}>
      <svg class="board" viewBox={`-8 -8 ${full} ${full + TRAY}`} role="group" aria-label={t("The maze")}>
        <rect x="-8" y="-8" width={full} height={full} fill="#3b2a1a" />
        {maze.fields.map((name, index) => {
          const { x, y } = fieldAt(maze, name);
          const here = possible.get(name) ?? [];
          const symbol = symbolAt.get(name);
          const area = maze.areas[index];
          return (
            <g key={name}>
              <OfferPlace {...place(`field ${name}`)}>
                <rect
                  class="spot"
                  x={x}
                  y={y}
                  width={CELL}
                  height={CELL}
                  fill={area ? (AREA_TINT[area] ?? "#d8c49a") : "#d8c49a"}
                />
              </OfferPlace>
              {last?.has(name) && (
                <rect class="last-ring" x={x + 2} y={y + 2} width={CELL - 4} height={CELL - 4} />
              )}
              <text x={x + 3} y={y + 10} class="cell-name small">
                {name}
              </text>
              {symbol && <SymbolName x={x + CELL / 2} y={y + 24} symbol={symbol.name} name={symbolWord(t, symbol.name)} />}
              {name === maze.start && (
                <text x={x + CELL / 2} y={y + 27} text-anchor="middle" class="cell-mark">
                  ⇣
                </text>
              )}
              {name === maze.dungeon && (
                <rect x={x + 8} y={y + 12} width={CELL - 16} height={CELL - 18} rx="6"
                  fill="#7d9a54" stroke="#2f3d1f" pointer-events="none" />
              )}
              {aid &&
                here.map((figure, n) => (
                  <text
                    key={figure}
                    x={x + 4 + n * 13}
                    y={y + CELL - 4}
                    class="possible"
                    fill={seatColour(figures[figure]?.seat ?? 1)}
                  >
                    {seatSymbol(figures[figure]?.seat ?? 1)}
                    <tspan class="possible-number">{figure + 1}</tspan>
                  </text>
                ))}
            </g>
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
        {figures.map((figure, index) =>
          figure.field && figure.in_game ? (
            <g
              key={`explorer-${index}`}
              class={index === view.figure ? "explorer moving" : "explorer"}
              style={{ transform: `translate(${fieldAt(maze, figure.field).x + CELL / 2}px, ${fieldAt(maze, figure.field).y + CELL / 2 + 2}px)` }}
              aria-label={t("explorer {number}", { number: index + 1 })}
            >
              <circle r="11" fill={seatColour(figure.seat)} stroke={index === view.figure ? "#111" : "#fff"} stroke-width="2" />
              <text y="4" text-anchor="middle" class="figure-symbol" font-size="11">
                {seatSymbol(figure.seat)}
              </text>
              <text x="8" y="-7" class="figure-number explorer-number">
                {index + 1}
              </text>
            </g>
          ) : null,
        )}
        <g class="mummy-token" style={{ transform: `translate(${mummy.x + CELL / 2}px, ${mummy.y + CELL / 2}px)` }}>
          <circle r="13" fill="#f5ecd8" stroke="#1a1a1a" stroke-width="2" />
          <text y="7" text-anchor="middle" class="mummy">
            ☠
          </text>
        </g>
        <DiceTray view={view} top={full - 8} width={full} place={place} buttons={buttons} />
      </svg>
      </ZoomFrame>
      <ComposerPanel composer={composer} />
      <p class="legend">
        ☠ {t("mummy")} · ⇣ {t("stairs (start)")} · {t("green box: the sarcophagus")} ·{" "}
        {figures.map((figure, index) => (
          <span key={index}>
            {/* the seat's colour on its symbol alone: the words keep the page's contrast */}
            <span aria-hidden="true" style={{ color: seatColour(figure.seat) }}>
              {seatSymbol(figure.seat)}
            </span>
            {index + 1} {t("explorer {number}", { number: index + 1 })}
            {` (${figure.ankhs} ☥${figure.in_game ? "" : `, ${t("out")}`}) `}
          </span>
        ))}
        · {t("the mummy has {ankhs} of {needs} ☥", { ankhs: view.mummy_ankhs, needs: view.mummy_needs })}
      </p>
      <TaskCards view={view} names={names} maze={maze} />
    </div>
  );
}

/** A maze symbol's name in the page's language. */
function symbolWord(t: Translate, slug: string): string {
  return boardWord(t, "curse-of-the-mummy", "symbols", slug);
}

/** A symbol's name under a field's name, squeezed to the field's width when it is long. */
function SymbolName(props: { x: number; y: number; name: string; symbol: string }) {
  const { x, y, name, symbol } = props;
  const squeeze = name.length * SYMBOL_CHARACTER > CELL - 6;
  return (
    <text x={x} y={y} text-anchor="middle" class="symbol-name" data-symbol={symbol}
      textLength={squeeze ? CELL - 6 : undefined} lengthAdjust={squeeze ? "spacingAndGlyphs" : undefined}>
      {name}
    </text>
  );
}

/** The explorers' task cards: this explorer's own (a seat sees only its own hand) and the
 * cards each explorer has laid, each a chip in its colour with its symbol's name. */
function TaskCards(props: { view: CurseOfTheMummyView; names: string[]; maze: Maze }) {
  const { view, names, maze } = props;
  const { t } = useLanguage();
  const colourOf = new Map(maze.symbols.map((symbol) => [symbol.name, symbol.colour]));
  const chips = (symbols: string[]) =>
    symbols.map((symbol) => (
      <span key={symbol} class="task-card" data-symbol={symbol}
        style={{ background: AREA_TINT[colourOf.get(symbol) ?? ""] ?? "#efe3c6" }}>
        {symbolWord(t, symbol)}
      </span>
    ));
  const played = Object.entries(view.played);
  if (!view.hand && played.length === 0) return null;
  return (
    <div class="task-cards">
      {view.hand && <p class="hand">{fillNodes(t("your task cards: {cards}"), { cards: chips(view.hand) })}</p>}
      {played.map(([seat, symbols]) => (
        <p key={seat} class="played" data-seat={seat}>
          {fillNodes(t("{player}: laid {played}; cards left {count}"), {
            player: <strong>{names[Number(seat)] ?? seat}</strong>,
            played: symbols.length > 0 ? chips(symbols) : "–",
            count: (view.hand_colours[seat] ?? []).reduce((a, b) => a + b, 0),
          })}
        </p>
      ))}
    </div>
  );
}

/** The dice: those kept from the last roll (a kept die is clicked to announce it), those
 * rolling, those set aside showing the mummy, and the buttons for the turn's other moves. */
function DiceTray(props: {
  view: CurseOfTheMummyView;
  top: number;
  width: number;
  place: (key: string) => { offer: Offer | undefined; active: boolean; open: (offer: Offer) => void };
  buttons: [string, Offer][];
}) {
  const { view, top, width, place, buttons } = props;
  const { t } = useLanguage();
  const shown: { face: string; kind: "kept" | "rolling" | "mummy" }[] = [
    ...view.dice.map((face) => ({ face, kind: "kept" as const })),
    ...view.rolling.map((face) => ({ face, kind: "rolling" as const })),
    ...Array.from({ length: view.mummy_dice }, () => ({ face: "mummy", kind: "mummy" as const })),
  ];
  const offered = new Set<string>();
  return (
    <g class="tray">
      <rect x="-8" y={top} width={width} height={TRAY} fill="#5a3d1e" />
      <text x="0" y={top + 15} class="tray-label">
        {view.announced
          ? t("moves by {face}", { face: FACE[view.announced] ?? view.announced })
          : t("dice")}
        {view.mummy_steps > 0 ? ` · ${t("the mummy walks {steps} more", { steps: view.mummy_steps })}` : ""}
      </text>
      {shown.map((die, n) => {
        // The first kept die of each face stands for announcing it.
        const key = `die ${die.face}`;
        const here = die.kind === "kept" && !offered.has(key) ? place(key) : null;
        if (here?.offer) offered.add(key);
        const x = n * 34;
        return (
          <OfferPlace key={`${n}-${die.face}-${die.kind}`} offer={here?.offer} active={here?.active ?? false} open={place(key).open}>
            <g class="die">
              <rect class="spot" x={x} y={top + 22} width="28" height="28" rx="5"
                fill={die.kind === "mummy" ? "#c9b99a" : "#fffaf0"} stroke="#2b1d10"
                stroke-dasharray={die.kind === "rolling" ? "3 2" : undefined} />
              <text x={x + 14} y={top + 42} text-anchor="middle" class="die-face">
                {FACE[die.face] ?? die.face}
              </text>
            </g>
          </OfferPlace>
        );
      })}
      {buttons.map(([key], n) => {
        const word = key.replace("button ", "");
        const x = width - 16 - (buttons.length - n) * 112;
        return (
          <OfferPlace key={key} {...place(key)}>
            <rect class="spot button" x={x} y={top + 18} width="104" height="34" rx="8" />
            <text x={x + 52} y={top + 40} text-anchor="middle" class="button-label small">
              {buttonWord(word.split(" ")[0] ?? "", t) ?? word}
            </text>
          </OfferPlace>
        );
      })}
    </g>
  );
}
