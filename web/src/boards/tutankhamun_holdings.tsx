/** Tutankhamun's tableau under the path: each seat's row of collected tiles (one chip per
 * type, with its count), its unplayed lids or pharaoh tiles, the gold mask and King Tut.
 * It is where the choices that are not a tile of the path are made on the board:
 * - in a scoring, the type being scored is ringed in every row, with each seat's count in
 *   it where wilds or the mask make it more than the seat holds; "lid", "pharaoh" and
 *   "mask" are clicks on the acting seat's lid (pharaoh) chip or mask, and "pass" is the
 *   button under the rows;
 * - with the gold nugget or the bag of gold, "rob S TYPE" / "buy S TYPE" is a click on the
 *   TYPE chip in seat S's row, and "decline" the button under the rows.
 * The last step's chips are ringed like the path's tiles. */
import { seatColour, seatInk, seatSymbol } from "../seats";
import type { LegalAction } from "../generated/protocol";
import type { TutankhamunView } from "../generated/views/tutankhamun";
import { Place, PlaceButton } from "./place";
import { actionNamed, hue } from "./view";

/** The colours of Out of the Box's sets (hue, saturation), the rest hashed from the name. */
const SET_COLOURS: Record<string, [number, number]> = { green: [120, 40], blue: [210, 55], purple: [285, 40] };
/** The words that name a kind of tile apart from its set: not the colour, not "alabaster". */
function ownWords(slug: string): string[] {
  const words = slug.split("-");
  return words.length > 1 && (words[0] === "alabaster" || (words[0] ?? "") in SET_COLOURS) ? words.slice(1) : words;
}

/** A tile's short tag: "Flas", "Lamp", "Chal" for the alabaster ones, "Cat", "Horu" for Out
 * of the Box's (the set is its colour), else the first word's first letters ("Thro"). */
export function tileTag(slug: string): string {
  const word = ownWords(slug)[0] ?? slug;
  return word.charAt(0).toUpperCase() + word.slice(1, 4);
}

/** A tile's colour: its set's for Out of the Box (lighter or darker by kind), else a stable
 * pleasant colour from its name. */
export function tileColour(slug: string): string {
  const set = SET_COLOURS[slug.split("-")[0] ?? ""];
  if (!set) return hue(slug);
  const lightness = { scarab: 82, cat: 74, horus: 66, anubis: 58, death: 50 }[ownWords(slug)[0] ?? ""] ?? 70;
  return `hsl(${set[0]} ${set[1]}% ${lightness}%)`;
}

export const ROW = 36;
/** The tableau's height for a number of seats (the rows and the button line). */
export function tableauHeight(players: number): number {
  return players * ROW + 46;
}

interface Chip {
  slug: string;
  count: number;
  action: LegalAction | undefined;
  /** Ringed as the last step's, or as the type being scored. */
  last: boolean;
  scored: boolean;
  /** Each seat's count in the scoring in progress (wilds included). */
  scoring?: number;
}

function ChipAt({ chip, x, y, onAct }: { chip: Chip; x: number; y: number; onAct: (action: number) => void }) {
  return (
    <Place action={chip.action} onAct={onAct} kind="chip">
      <circle class="spot" cx={x} cy={y} r="13" fill={chip.slug === "mask" ? "#d4a017" : tileColour(chip.slug)} stroke="#5b4a1f" />
      <text x={x} y={y + 3.5} text-anchor="middle" class="tile-label">
        {chip.slug === "mask" ? "☥" : tileTag(chip.slug)}
      </text>
      {chip.count > 1 && (
        <g class="chip-count">
          <circle cx={x + 11} cy={y - 10} r="7" fill="#3b2a1a" />
          <text x={x + 11} y={y - 7} text-anchor="middle">
            {chip.count}
          </text>
        </g>
      )}
      {chip.scored && <circle class="scoring-ring" cx={x} cy={y} r="16.5" data-count={chip.scoring} />}
      {chip.scoring !== undefined && chip.scoring !== chip.count && (
        <g class="scoring-count">
          <circle cx={x - 11} cy={y + 10} r="7" />
          <text x={x - 11} y={y + 13} text-anchor="middle">
            {chip.scoring}
          </text>
        </g>
      )}
      {chip.last && <circle class="last-ring" cx={x} cy={y} r="17" />}
    </Place>
  );
}

export function Tableau(props: {
  view: TutankhamunView;
  legal: LegalAction[];
  onAct: (action: number) => void;
  last?: Set<string>;
  left: number;
  top: number;
  width: number;
}) {
  const { view, legal, onAct, last, left, top, width } = props;
  const wild = view.edition === "amigo-1993" ? "lid" : "pharaoh";
  const scoring = view.scoring;
  /** The steal actions by their seat and type ("1 throne"). */
  const steals = new Map<string, LegalAction>();
  for (const action of legal) {
    const [verb, seat, slug, ...rest] = action.notation.split(" ");
    if ((verb === "rob" || verb === "buy") && seat !== undefined && slug !== undefined && rest.length === 0) {
      steals.set(`${seat} ${slug}`, action);
    }
  }
  const mine = (seat: number) => seat === view.seat;
  const button = actionNamed(legal, "pass") ?? actionNamed(legal, "decline");
  const lastSeat = (seat: number, ...kinds: string[]) => kinds.some((kind) => last?.has(`${kind} ${seat}`));
  return (
    <g class="tableau">
      <rect x={left} y={top} width={width} height={tableauHeight(view.players)} fill="#f3e6c0" />
      {view.holdings.map((held, seat) => {
        const y = top + 22 + seat * ROW;
        const chips: Chip[] = Object.entries(held)
          .filter(([, count]) => count > 0)
          .map(([slug, count]) => ({
            slug,
            count,
            action: steals.get(`${seat} ${slug}`),
            last: Boolean(last?.has(`steal ${seat} ${slug}`) || last?.has(`take ${seat} ${slug}`)),
            scored: scoring?.tile === slug,
            scoring: scoring?.tile === slug ? (scoring.tiles[seat] ?? 0) : undefined,
          }));
        if (scoring && !chips.some((chip) => chip.scored) && (scoring.tiles[seat] ?? 0) > 0) {
          // Every tile of the type was played as a wild: the scoring still counts this seat.
          chips.push({ slug: scoring.tile, count: 0, action: undefined, last: false, scored: true, scoring: scoring.tiles[seat] });
        }
        const wilds = view.wilds[seat] ?? 0;
        if (wilds > 0 || lastSeat(seat, wild)) {
          chips.push({
            slug: wild,
            count: wilds,
            action: mine(seat) ? actionNamed(legal, wild) : undefined,
            last: lastSeat(seat, wild),
            scored: false,
          });
        }
        if (view.mask === seat) {
          chips.push({
            slug: "mask",
            count: 1,
            action: mine(seat) ? actionNamed(legal, "mask") : undefined,
            last: lastSeat(seat, "gold-mask"),
            scored: false,
          });
        }
        if (view.king_tut === seat) chips.push({ slug: "king-tut", count: 1, action: undefined, last: false, scored: false });
        const step = Math.min(32, (width - 48) / Math.max(chips.length, 1));
        return (
          <g key={seat} class="holdings" data-seat={seat}>
            <circle cx={left + 18} cy={y} r="11" fill={seatColour(seat)} stroke="#fff" />
            <text x={left + 18} y={y + 4} text-anchor="middle" class="pawn-label" style={{ fill: seatInk(seat) }}>
              {seatSymbol(seat)}
            </text>
            {lastSeat(seat, "pass", "steal-declined", "mask", "lid", "pharaoh") && (
              <circle class="last-ring" cx={left + 18} cy={y} r="14" />
            )}
            {chips.map((chip, n) => (
              <ChipAt key={chip.slug} chip={chip} x={left + 46 + n * step} y={y} onAct={onAct} />
            ))}
          </g>
        );
      })}
      <PlaceButton action={button} onAct={onAct} x={left + 8} y={top + view.players * ROW + 8} width={width - 16} />
    </g>
  );
}
