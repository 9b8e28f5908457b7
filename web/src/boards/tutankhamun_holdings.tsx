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
import { boardValue, boardWord, type Translate, useLanguage } from "../i18n";
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

/** The part of a tile's name in the page's language that tells it from its set's other
 * kinds: for Out of the Box's colours the words the three colours' names end alike with
 * ("Katze" of "Grüne Katze"), for the alabaster ones what follows the word they begin
 * alike with ("Flasche" of "Alabasterflasche"); else the whole name. */
export function ownName(slug: string, t: Translate): string {
  const name = boardWord(t, "tutankhamun", "tiles", slug);
  const words = slug.split("-");
  if (words.length < 2) return name;
  const rest = words.slice(1).join("-");
  if ((words[0] ?? "") in SET_COLOURS) {
    const siblings = Object.keys(SET_COLOURS).map((set) => boardWord(t, "tutankhamun", "tiles", `${set}-${rest}`));
    let suffix = name;
    for (const other of siblings) {
      while (suffix && !other.endsWith(suffix)) suffix = suffix.slice(1);
    }
    const start = suffix.indexOf(" ");
    const own = (start >= 0 ? suffix.slice(start + 1) : suffix).trim();
    return own.length >= 3 ? capital(own) : name;
  }
  if (words[0] === "alabaster") {
    const siblings = ["flask", "lamp", "chalice"].map((kind) => boardWord(t, "tutankhamun", "tiles", `alabaster-${kind}`));
    let prefix = name;
    for (const other of siblings) {
      while (prefix && !other.startsWith(prefix)) prefix = prefix.slice(0, -1);
    }
    const own = name.slice(prefix.length).trim();
    return own.length >= 3 ? capital(own) : name;
  }
  return name;
}

function capital(word: string): string {
  return word.charAt(0).toLocaleUpperCase() + word.slice(1);
}

/** A tile's short tag, cut from its name in the page's language: a word of its own part
 * (ownName: the first, or for Out of the Box's colours the last, where the kind is named:
 * "Mask" of "Death mask", "kat" of "Gemummificeerde kat"), whole up to seven letters, else
 * its first six and a full stop ("Panther", "Skarab.", "Flasche", "Katze"). */
export function tileTag(slug: string, t: Translate): string {
  const words = ownName(slug, t).split(/[\s-]+/).filter(Boolean);
  const coloured = (slug.split("-")[0] ?? "") in SET_COLOURS;
  const word = capital((coloured ? words[words.length - 1] : words[0]) ?? slug);
  return word.length <= 7 ? word : `${word.slice(0, 6)}.`;
}

/** A tile's name in the page's language with its value where it has one ("Thron, Wert 8"). */
export function tileTip(slug: string, edition: string, t: Translate): string {
  const name = boardWord(t, "tutankhamun", "tiles", slug);
  const value = boardValue("tutankhamun", edition, slug);
  return value === undefined ? name : t("{name}, value {value}", { name, value });
}

/** A tile's colour: its set's for Out of the Box (lighter or darker by kind, never so dark
 * that its dark words miss AA contrast), else a stable pleasant colour from its name. */
export function tileColour(slug: string): string {
  const set = SET_COLOURS[slug.split("-")[0] ?? ""];
  if (!set) return hue(slug);
  const lightness = { scarab: 92, cat: 85, horus: 78, anubis: 71, death: 63 }[ownWords(slug)[0] ?? ""] ?? 70;
  return `hsl(${set[0]} ${set[1]}% ${lightness}%)`;
}

/** A tile drawn as a disc of radius ``r``: its tag (tileTag) and, under it, its value;
 * hovering shows its name and value (an SVG title; the board's long-press and focus tip
 * reads ``data-tip``). ``tip`` is put before the name (a path slot's number). */
export function TileFace(props: { slug: string; x: number; y: number; r: number; edition: string; fill?: string; stroke?: string; tip?: string }) {
  const { slug, x, y, r, edition, fill, stroke = "#5b4a1f" } = props;
  const { t } = useLanguage();
  const tag = slug === "mask" ? "☥" : tileTag(slug, t);
  const value = boardValue("tutankhamun", edition, slug);
  const tip = props.tip ? `${props.tip}: ${tileTip(slug, edition, t)}` : tileTip(slug, edition, t);
  return (
    <g data-tip={tip}>
      <title>{tip}</title>
      <circle class="spot" cx={x} cy={y} r={r} fill={fill ?? (slug === "mask" ? "#d4a017" : tileColour(slug))} stroke={stroke} />
      <text x={x} y={value === undefined ? y + 2.5 : y - 1} text-anchor="middle" class="tile-label tile-tag"
        textLength={tag.length > 5 ? 2 * r - 5 : undefined} lengthAdjust="spacingAndGlyphs">
        {tag}
      </text>
      {value !== undefined && (
        <text x={x} y={y + 9} text-anchor="middle" class="tile-value">
          {value}
        </text>
      )}
    </g>
  );
}

export const ROW = 36;
/** The tableau's height for a number of seats (the rows and the button line). */
export function tableauHeight(players: number): number {
  return players * ROW + 16 + BUTTON;
}
/** The pass (decline) button under the rows: tall enough for a 44-pixel tap target on a
 * 360-pixel phone (the board is about 560 units wide). */
const BUTTON = 58;

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

function ChipAt(props: { chip: Chip; x: number; y: number; edition: string; onAct: (action: number) => void }) {
  const { chip, x, y, edition, onAct } = props;
  return (
    <Place action={chip.action} onAct={onAct} kind="chip">
      <TileFace slug={chip.slug} x={x} y={y} r={13} edition={edition} />
      {chip.count > 1 && (
        <g class="chip-count">
          <circle cx={x + 13} cy={y - 13} r="6.5" fill="#3b2a1a" />
          <text x={x + 13} y={y - 10} text-anchor="middle">
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
              <ChipAt key={chip.slug} chip={chip} x={left + 46 + n * step} y={y} edition={view.edition} onAct={onAct} />
            ))}
          </g>
        );
      })}
      <PlaceButton action={button} onAct={onAct} x={left + 8} y={top + view.players * ROW + 8} width={width - 16}
        height={BUTTON} size={24} />
    </g>
  );
}
