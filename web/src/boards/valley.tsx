/** Valley of the Kings: the triangular board of areas 16–22, the fifteen building sites with
 * their fields and pyramids (seen from above, level on level), the pharaoh pyramid, the
 * figures on fields and in areas, and the stone groups up for auction with their bid tiles.
 * Drawn from the board data bundled with the client (web/schema/board-data/, exported by
 * scripts/web_data.py --schema) and the seat's view.
 *
 * Every legal move is a place: a stone group for a bid (then its value, confirmed before it is
 * sent: bids are sealed), an area or a field for an overseer (orders from round 2 are sealed
 * and confirmed too) or a worker (which worker, when several could go), a stone for a theft
 * or (then its colour) a building stone, a site for a takeover, and the Done button.
 *
 * On a phone the board zooms and pans in its frame (zoom.tsx): "Zoom to your move" enlarges
 * the current decision's places to touch size. */
import { boardWord, useLanguage, type Translate } from "../i18n";
import { seatColour, seatInk, seatSymbol, seatTextColour } from "../seats";
import boardJson from "../../schema/board-data/valley-of-the-kings.json";
import type { LegalAction } from "../generated/protocol";
import type { ValleyOfTheKingsBoard, SiteData } from "../generated/boards/valley-of-the-kings";
import type { SiteView, ValleyOfTheKingsView } from "../generated/views/valley-of-the-kings";
import { useEffect, useMemo, useRef } from "preact/hooks";
import { ComposerPanel, OfferPlace, offersBy, pure, useComposer, type Offer } from "./compose";
import type { BoardProps } from "./types";
import { useZoom, ZoomFrame } from "./zoom";

const BOARD = boardJson as unknown as ValleyOfTheKingsBoard;
const SCALE = 2;
const WIDTH = 1200;
const HEIGHT = 1046;

const STONE: Record<string, string> = {
  red: "#b5473a",
  grey: "#8c8c8c",
  black: "#2b2b2b",
  white: "#f4f1ea",
  sand: "#d9b77a",
};
/** A letter on every stone, so its colour is never the only cue. */
const STONE_LETTER: Record<string, string> = { red: "R", grey: "G", black: "B", white: "W", sand: "S" };
const AREA_FILL = ["#e8d6a8", "#dfe8c6", "#d2e2ee", "#eadcf0", "#f2d6cf", "#d6efe2", "#efe6c8"];

function stoneColour(name: string): string {
  return STONE[name] ?? "#ccc";
}

/** The stone positions of a pyramid, level by level: [level][row][column] -> index. */
interface Slot {
  index: number;
  level: number;
  text: string;
  dx: number;
  dy: number;
  size: number;
}

/** Where each stone position of a pyramid lies, seen from above: each level a square grid
 * one cell narrower than the one below, centred on it. */
function slots(levels: number, side: number): Slot[] {
  const cell = side / levels;
  const found: Slot[] = [];
  let index = 0;
  for (let level = 0; level < levels; level++) {
    const width = levels - level;
    const offset = (level * cell) / 2 - side / 2;
    for (let n = 0; n < width * width; n++) {
      found.push({
        index,
        level,
        text: `${level + 1}.${n + 1}`,
        dx: offset + (n % width) * cell,
        dy: offset + Math.floor(n / width) * cell,
        size: cell,
      });
      index++;
    }
  }
  return found;
}

const HALF = { small: 26, large: 42 };
const FIELD = 22;

/** Field centres around a site (A at the top, clockwise), offsets in pixels. */
function fieldOffsets(site: SiteData): [number, number][] {
  const half = HALF[site.size];
  const d = half + FIELD / 2 + 3;
  if (site.fields.length === 4) return [[0, -d], [d, 0], [0, d], [-d, 0]];
  const s = FIELD / 2 + 1;
  return [[-s, -d], [s, -d], [d, -s], [d, s], [s, d], [-s, d], [-d, s], [-d, -s]];
}

/** A free spot inside each area (farthest from every site and the pharaoh pyramid), where
 * the figures standing in the area are drawn. */
function areaSpots(): Map<string, { x: number; y: number }> {
  const obstacles = [...BOARD.sites.map((s) => [s.x, s.y]), [BOARD.pharaoh.x ?? 300, BOARD.pharaoh.y ?? 350]];
  const spots = new Map<string, { x: number; y: number }>();
  for (const area of BOARD.areas) {
    const xs = area.outline.map(([x]) => x);
    const ys = area.outline.map(([, y]) => y);
    let best = { x: xs[0] ?? 0, y: ys[0] ?? 0, score: -1 };
    for (let x = Math.min(...xs); x <= Math.max(...xs); x += 6) {
      for (let y = Math.min(...ys); y <= Math.max(...ys); y += 6) {
        if (!inside(area.outline, x, y) || edgeDistance(area.outline, x, y) < 34) continue;
        const score = Math.min(...obstacles.map(([ox = 0, oy = 0]) => Math.hypot(x - ox, y - oy)));
        if (score > best.score) best = { x, y, score };
      }
    }
    spots.set(String(area.number), { x: best.x * SCALE, y: best.y * SCALE });
  }
  return spots;
}

function inside(polygon: [number, number][], x: number, y: number): boolean {
  let odd = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i] ?? [0, 0];
    const [xj, yj] = polygon[j] ?? [0, 0];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

function edgeDistance(polygon: [number, number][], x: number, y: number): number {
  let least = Infinity;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [ax, ay] = polygon[j] ?? [0, 0];
    const [bx, by] = polygon[i] ?? [0, 0];
    const length = Math.hypot(bx - ax, by - ay) || 1;
    least = Math.min(least, Math.abs((bx - ax) * (ay - y) - (ax - x) * (by - ay)) / length);
  }
  return least;
}

const AREA_SPOTS = areaSpots();
const SITE_BY_NUMBER = new Map(BOARD.sites.map((site) => [site.number, site]));

/** Where a figure on a field is drawn, by field name ("13-H"). */
const FIELD_AT = new Map<string, { x: number; y: number }>();
for (const site of BOARD.sites) {
  fieldOffsets(site).forEach(([dx, dy], n) => {
    const field = site.fields[n];
    if (field) FIELD_AT.set(field.name, { x: site.x * SCALE + dx, y: site.y * SCALE + dy });
  });
}

/** Places one step apart (across one line, or two coinciding lines). */
const NEIGHBOURS = new Map<string, string[]>();
for (const [a, b] of BOARD.steps) {
  NEIGHBOURS.set(a, [...(NEIGHBOURS.get(a) ?? []), b]);
  NEIGHBOURS.set(b, [...(NEIGHBOURS.get(b) ?? []), a]);
}

/** The fewest steps from one place to another (how an overseer's move is measured). */
export function stepsBetween(from: string, to: string): number | null {
  const seen = new Map<string, number>([[from, 0]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const here = queue[head] ?? "";
    const distance = seen.get(here) ?? 0;
    if (here === to) return distance;
    for (const next of NEIGHBOURS.get(here) ?? []) {
      if (!seen.has(next)) {
        seen.set(next, distance + 1);
        queue.push(next);
      }
    }
  }
  return null;
}

/** What an overseer's order costs, with the order already written: "3 steps, 5 of 6 in all". */
function orderCost(
  view: ValleyOfTheKingsView,
  me: number | null,
  overseer: number,
  target: string,
  t: Translate,
): string {
  const mine = me === null ? undefined : view.seats[me];
  const from = mine?.overseers[overseer - 1];
  const steps = from === undefined ? null : stepsBetween(from, target);
  if (steps === null) return "";
  let total = steps;
  (mine?.orders ?? []).forEach((written, n) => {
    const start = mine?.overseers[n];
    if (n !== overseer - 1 && start !== undefined) total += stepsBetween(start, written) ?? 0;
  });
  const limit = BOARD.steps_per_round;
  const walked = steps === 1 ? t("1 step") : t("{steps} steps", { steps });
  return total > limit
    ? t("{walked}, {total} in all — over {limit}: both overseers would stay", { walked, total, limit })
    : t("{walked}, {total} in all of {limit}", { walked, total, limit });
}

/** Valley's actions, by where on the board they are chosen. */
function placeOf(
  action: LegalAction,
  view: ValleyOfTheKingsView,
  me: number | null,
  t: Translate,
): { key: string; title: string; text: string; sealed: boolean } | null {
  const words = action.notation.split(" ");
  const [verb, first, second] = words;
  const mine = me === null ? undefined : view.seats[me];
  switch (verb) {
    case "bid":
      return {
        key: `group ${first}`,
        title: t("Bid at group {group}", { group: first ?? "" }),
        text: second === "1" ? t("1 ring") : t("{rings} rings", { rings: second ?? "" }),
        sealed: true,
      };
    case "overseer": {
      const cost = view.phase === "orders" && second ? orderCost(view, me, Number(first), second, t) : "";
      return {
        key: `place ${second}`,
        title: t("Overseer {number} to {place}", { number: first ?? "", place: second ?? "" }),
        text: cost
          ? t("overseer {number} ({cost})", { number: first ?? "", cost })
          : t("overseer {number}", { number: first ?? "" }),
        sealed: view.phase === "orders",
      };
    }
    case "worker": {
      const from = mine?.workers[Number(first) - 1];
      return {
        key: `place ${second}`,
        title: t("A worker to {place}", { place: second ?? "" }),
        text: from
          ? t("worker {number} (from {place})", { number: first ?? "", place: from })
          : t("worker {number}", { number: first ?? "" }),
        sealed: false,
      };
    }
    case "steal":
      return { key: `site ${first} ${second}`, title: action.label, text: action.label, sealed: false };
    case "build":
      return {
        key: `site ${first} ${second}`,
        title: t("Build at site {site}, stone {slot}", { site: first ?? "", slot: second ?? "" }),
        text: words[3] ?? "",
        sealed: false,
      };
    case "takeover":
      return { key: `site ${first}`, title: action.label, text: action.label, sealed: false };
    case "done":
      return { key: "done", title: action.label, text: action.label, sealed: false };
    default:
      return null;
  }
}

/** A seat's name for a tip: its player's name, else "Seat 2". */
function seatName(names: string[], seat: number, t: Translate): string {
  return names[seat] || t("Seat {number}", { number: seat + 1 });
}

/** A figure's tip: whose it is, which kind, and on which field. */
function figureTip(names: string[], seat: number, overseer: boolean, field: string, t: Translate): string {
  const name = seatName(names, seat, t);
  return overseer
    ? t("{name}: overseer on field {field}", { name, field })
    : t("{name}: worker on field {field}", { name, field });
}

/** A bid tile's tip: whose bid, at which group, and its value (face down to the others
 * until the reveal). */
function bidTip(names: string[], seat: number, group: number, value: number | null, t: Translate): string {
  const rings = value === null ? t("face down") : value === 1 ? t("1 ring") : t("{rings} rings", { rings: value });
  return t("{name}'s bid at group {group}: {rings}", { name: seatName(names, seat, t), group, rings });
}

/** A figure: an overseer is a square token, a worker a round one, each in its seat's
 * colour with its seat's symbol; ``tip`` says whose and where (hover, long press). */
function Figure(props: { seat: number; overseer: boolean; x: number; y: number; size?: number; tip?: string }) {
  const { seat, overseer, x, y, tip } = props;
  const r = props.size ?? 7;
  return (
    <g class="figure" style={{ transform: `translate(${x}px, ${y}px)` }} data-tip={tip}>
      {tip && <title>{tip}</title>}
      {overseer ? (
        <rect x={-r} y={-r} width={2 * r} height={2 * r} rx="2" fill={seatColour(seat)} stroke="#111" stroke-width="1.5" />
      ) : (
        <circle r={r} fill={seatColour(seat)} stroke="#fff" stroke-width="1.2" />
      )}
      <text y={r * 0.45} text-anchor="middle" class="figure-symbol" font-size={r * 1.2} style={{ fill: seatInk(seat) }}>
        {seatSymbol(seat)}
      </text>
    </g>
  );
}

/** The site of a key ("site 3 1.2" -> 3, "place 3-B" -> 3), if it names one. */
function siteOfKey(key: string | null): number | null {
  if (key === null) return null;
  const [kind, where = ""] = key.split(" ");
  if (kind === "site") return Number(where);
  if (kind === "place" && where.includes("-")) return Number(where.split("-")[0]);
  return null;
}

interface SiteProps {
  data: SiteData;
  site: SiteView;
  offers: Map<string, Offer>;
  /** The place of this site whose decision is under construction, if any. */
  activeKey: string | null;
  open: (offer: Offer) => void;
  last: Set<string> | undefined;
  onField: Map<string, { seat: number; overseer: boolean }>;
  orders: string[] | null;
  seat: number | null;
  names: string[];
  t: Translate;
}

/** A building site: its pyramid seen from above, its owner's scarab, and its fields with
 * the figures on them. */
const SiteGroup = pure((props: SiteProps) => {
  const { data, site, offers, activeKey, open, last, onField, orders, seat, names, t } = props;
  const place = (key: string) => ({ offer: offers.get(key), active: activeKey === key, open });
  const x = data.x * SCALE;
  const y = data.y * SCALE;
  const half = HALF[data.size];
  const owner = site.owner;
  const all = slots(data.levels, 2 * half - 6);
  // The lowest level with a free position: its free positions are drawn as outlines.
  const free = all.find((slot) => site.stones[slot.index] === null)?.level;
  return (
    <g class={site.in_play ? "site" : "site out"} data-site={data.number}>
      <OfferPlace {...place(`site ${data.number}`)}>
        <rect
          class="spot"
          x={x - half}
          y={y - half}
          width={2 * half}
          height={2 * half}
          rx="3"
          fill={data.size === "large" ? "#b99255" : "#c8a468"}
          stroke={owner === null ? "#4a3418" : seatColour(owner)}
          stroke-width={owner === null ? 1.5 : 4}
        />
      </OfferPlace>
      {all.map((slot) => {
        const stone = site.stones[slot.index] ?? null;
        if (stone === null && slot.level !== free) return null;
        const sx = x + slot.dx + 1;
        const sy = y + slot.dy + 1;
        return (
          <OfferPlace key={slot.index} {...place(`site ${data.number} ${slot.text}`)}>
            {stone === null ? (
              <rect class="spot slot" x={sx} y={sy} width={slot.size - 2} height={slot.size - 2} />
            ) : (
              <g class="stone" key={stone}
                data-tip={t("stone: {colour}", { colour: boardWord(t, "valley-of-the-kings", "colours", stone) })}>
                <rect
                  class="spot"
                  x={sx}
                  y={sy}
                  width={slot.size - 2}
                  height={slot.size - 2}
                  fill={stoneColour(stone)}
                  stroke="#222"
                />
                <text
                  x={sx + slot.size / 2 - 1}
                  y={sy + slot.size / 2 + 3}
                  text-anchor="middle"
                  class={stone === "black" || stone === "red" ? "stone-letter light" : "stone-letter"}
                >
                  {STONE_LETTER[stone] ?? ""}
                </text>
              </g>
            )}
          </OfferPlace>
        );
      })}
      <text x={x - half - 4} y={y - half - 3} text-anchor="end" class="site-number">
        {data.number}
      </text>
      {owner !== null && (
        <g>
          <circle cx={x + half + 4} cy={y - half - 6} r="8" fill={seatColour(owner)} stroke="#fff" />
          <text x={x + half + 4} y={y - half - 2} text-anchor="middle" class="figure-symbol" font-size="10" style={{ fill: seatInk(owner) }}>
            {seatSymbol(owner)}
          </text>
        </g>
      )}
      {site.finished && (
        <text x={x} y={y + half + 4} text-anchor="middle" class="finished">
          ✔ {t("finished")}
        </text>
      )}
      {!site.in_play && (
        <text x={x} y={y + 4} text-anchor="middle" class="out-label">
          {t("out of play")}
        </text>
      )}
      {last?.has(`site ${data.number}`) && (
        <rect class="last-ring" x={x - half - 4} y={y - half - 4} width={2 * half + 8} height={2 * half + 8} />
      )}
      {data.fields.map((field) => {
        const at = FIELD_AT.get(field.name) ?? { x: 0, y: 0 };
        const figure = onField.get(field.name);
        const ordered = orders?.indexOf(field.name) ?? -1;
        return (
          <g key={field.name}>
            <OfferPlace {...place(`place ${field.name}`)}>
              <rect
                class="spot field"
                x={at.x - FIELD / 2}
                y={at.y - FIELD / 2}
                width={FIELD}
                height={FIELD}
                fill={site.in_play ? "#fff8e8" : "#ddd3bd"}
                stroke="#4a3418"
              />
              {!figure && (
                <text x={at.x} y={at.y + 4} text-anchor="middle" class="field-letter">
                  {field.letter}
                </text>
              )}
              {figure && (
                <Figure seat={figure.seat} overseer={figure.overseer} x={at.x} y={at.y}
                  tip={figureTip(names, figure.seat, figure.overseer, field.name, t)} />
              )}
            </OfferPlace>
            {ordered >= 0 && seat !== null && (
              <text x={at.x + 10} y={at.y - 8} class="order-mark" style={{ fill: seatTextColour(seat) }}>
                {ordered + 1}
              </text>
            )}
            {last?.has(field.name) && (
              <rect class="last-ring" x={at.x - 12} y={at.y - 12} width="24" height="24" />
            )}
          </g>
        );
      })}
    </g>
  );
});

type AreaCounts = Map<string, Map<number, { overseers: number; workers: number }>>;

/** Where every figure stands: fields hold one, areas any number (counted per seat). */
function figuresOf(view: ValleyOfTheKingsView) {
  const onField = new Map<string, { seat: number; overseer: boolean }>();
  const inArea: AreaCounts = new Map();
  view.seats.forEach((pieces, owner) => {
    const put = (place: string, overseer: boolean) => {
      if (FIELD_AT.has(place)) {
        onField.set(place, { seat: owner, overseer });
        return;
      }
      const counts = inArea.get(place) ?? new Map<number, { overseers: number; workers: number }>();
      const mine = counts.get(owner) ?? { overseers: 0, workers: 0 };
      if (overseer) mine.overseers++;
      else mine.workers++;
      counts.set(owner, mine);
      inArea.set(place, counts);
    };
    pieces.overseers.forEach((place) => put(place, true));
    pieces.workers.forEach((place) => put(place, false));
  });
  return { onField, inArea };
}

export function ValleyBoard({ view, legal, onAct, seat, last, names }: BoardProps<ValleyOfTheKingsView>) {
  const { t } = useLanguage();
  const composer = useComposer(legal, onAct);
  const offers = useMemo(
    () => offersBy(legal, (action) => placeOf(action, view, seat, t)),
    [legal, view, seat, t],
  );
  const { onField, inArea } = useMemo(() => figuresOf(view), [view]);
  const { activeKey, open } = composer;
  const place = (key: string) => ({ offer: offers.get(key), active: activeKey === key, open });
  const sites = new Map(view.sites.map((site) => [site.site, site]));
  const orders = seat === null ? null : (view.seats[seat]?.orders ?? null);
  const activeSite = siteOfKey(activeKey);
  const pharaoh = BOARD.pharaoh;
  const px = (pharaoh.x ?? 300) * SCALE;
  const py = (pharaoh.y ?? 350) * SCALE;
  const done = offers.get("done");
  const zoom = useZoom();
  const wrap = useRef<HTMLDivElement>(null);
  // On a zoomed board the choices of the place just tapped appear below the frame: bring
  // them into sight.
  const building = composer.offer !== null || composer.pending !== null;
  useEffect(() => {
    if (building && zoom.zoom > 1) wrap.current?.querySelector(".composer")?.scrollIntoView?.({ block: "nearest" });
  }, [building, activeKey, zoom.zoom]);
  return (
    <div class="board-wrap valley" ref={wrap}>
      <ZoomFrame zoom={zoom} deciding={offers.size > 0}>
      <svg class="board" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-label={t("The valley")}>
        <rect width={WIDTH} height={HEIGHT} fill="#f4ead2" />
        {BOARD.areas.map((area, index) => {
          const name = String(area.number);
          const spot = AREA_SPOTS.get(name) ?? { x: 0, y: 0 };
          const counts = [...(inArea.get(name) ?? new Map<number, { overseers: number; workers: number }>())];
          return (
            <g key={name} class="area">
              <OfferPlace {...place(`place ${name}`)}>
                <polygon
                  class="spot"
                  points={area.outline.map(([ax, ay]) => `${ax * SCALE},${ay * SCALE}`).join(" ")}
                  fill={AREA_FILL[index % AREA_FILL.length]}
                  stroke="#6b4f2a"
                  stroke-width="3"
                />
                {counts.map(([owner, count], n) => {
                  const tip = t("{name} in area {area}: {overseers} overseers, {workers} workers", {
                    name: seatName(names, owner, t), area: name, overseers: count.overseers, workers: count.workers,
                  });
                  return (
                    <g key={owner} transform={`translate(${spot.x - 56} ${spot.y - 2 + n * 27})`} class="area-figures" data-tip={tip}>
                      <title>{tip}</title>
                      <rect width="112" height="25" rx="12" fill={seatColour(owner)} stroke="#fff" />
                      <text x="56" y="18" text-anchor="middle" class="area-count" style={{ fill: seatInk(owner) }}>
                        {seatSymbol(owner)} {count.overseers}◼ {count.workers}●
                      </text>
                    </g>
                  );
                })}
              </OfferPlace>
              <text x={spot.x} y={spot.y - 10} text-anchor="middle" class="area-number">
                {name}
              </text>
              {seat !== null &&
                (orders ?? []).map((target, n) =>
                  target === name ? (
                    <text key={n} x={spot.x + 40 + n * 16} y={spot.y - 16} class="order-mark big" style={{ fill: seatTextColour(seat) }}>
                      {n + 1}
                    </text>
                  ) : null,
                )}
              {last?.has(name) && <circle class="last-ring" cx={spot.x} cy={spot.y} r="30" />}
            </g>
          );
        })}
        <g class="pharaoh">
          <rect x={px - 34} y={py - 34} width="68" height="68" fill="#c9a45c" stroke="#6b4f12" />
          <rect x={px - 34} y={py + 34 - (68 * view.pharaoh) / (pharaoh.stones ?? 30)} width="68"
            height={(68 * view.pharaoh) / (pharaoh.stones ?? 30)} fill="#8c6a2f" opacity="0.55" />
          <text x={px} y={py - 4} text-anchor="middle" class="pharaoh-label">
            {t("pharaoh")}
          </text>
          <text x={px} y={py + 14} text-anchor="middle" class="pharaoh-label">
            {view.pharaoh}/{pharaoh.stones ?? 30}
          </text>
        </g>
        {BOARD.sites.map((data) => {
          const site = sites.get(data.number);
          return site ? (
            <SiteGroup key={data.number} data={data} site={site} offers={offers}
              activeKey={activeSite === data.number ? activeKey : null} open={open} last={last}
              onField={onField} orders={orders} seat={seat} names={names} t={t} />
          ) : null;
        })}
        <Market view={view} place={place} last={last} names={names} />
        <Supplies view={view} seat={seat} />
        {done && (
          <OfferPlace {...place("done")}>
            <rect class="spot button" x={WIDTH - 360} y="300" width="340" height="52" rx="12" />
            <text x={WIDTH - 190} y="333" text-anchor="middle" class="button-label">
              {done.title}
            </text>
          </OfferPlace>
        )}
      </svg>
      </ZoomFrame>
      <p class="pan-hint">{t("pinch or use + and − to zoom; drag to move around the board")}</p>
      <ComposerPanel composer={composer} />
      <p class="legend">
        ◼ {t("square token: overseer")} · ● {t("round token: worker (in areas: how many of each)")} ·{" "}
        {t("stones R red, G grey, B black, W white, S sand")} ·{" "}
        {t("your written orders are numbered on their fields")}
      </p>
    </div>
  );
}

/** The stone groups up for auction, each with the bid tiles laid at it (values face down
 * until the reveal, unless they are this seat's own), in the board's top-left corner. */
function Market(props: {
  view: ValleyOfTheKingsView;
  place: (key: string) => { offer: Offer | undefined; active: boolean; open: (offer: Offer) => void };
  last: Set<string> | undefined;
  names: string[];
}) {
  const { view, place, last, names } = props;
  const { t } = useLanguage();
  if (view.groups.length === 0) return null;
  return (
    <g class="market">
      <text x="20" y="34" class="panel-title">
        {t("Stones for sale")}
      </text>
      {view.groups.map((group, index) => {
        const number = index + 1;
        const y = 46 + index * 50;
        const bids = view.bids.filter((bid) => bid.group === number);
        return (
          <g key={number}>
            <OfferPlace {...place(`group ${number}`)}>
              <rect class="spot" x="14" y={y} width="430" height="46" rx="8" fill="#efe0b9" stroke="#8a6d3b" />
            <text x="34" y={y + 32} text-anchor="middle" class="group-label">
              {number}
            </text>
            {group.map((stone, n) => (
              <g key={`${n}-${stone}`} class="stone"
                data-tip={t("stone: {colour}", { colour: boardWord(t, "valley-of-the-kings", "colours", stone) })}>
                <rect x={56 + n * 38} y={y + 5} width="35" height="35" rx="3" fill={stoneColour(stone)} stroke="#222" />
                <text x={73.5 + n * 38} y={y + 29} text-anchor="middle"
                  class={stone === "black" || stone === "red" ? "stone-letter big light" : "stone-letter big"}>
                  {STONE_LETTER[stone] ?? ""}
                </text>
              </g>
            ))}
            {bids.map((bid, n) => {
              const tip = bidTip(names, bid.seat, number, bid.value, t);
              return (
              <g key={n} transform={`translate(${252 + n * Math.min(30, 160 / bids.length)} ${y + 4})`} class="bid-tile"
                data-tip={tip}>
                <title>{tip}</title>
                <rect width="28" height="38" rx="4" fill={seatColour(bid.seat)} stroke="#fff" />
                <text x="14" y="15" text-anchor="middle" class="figure-symbol" font-size="13" style={{ fill: seatInk(bid.seat) }}>
                  {seatSymbol(bid.seat)}
                </text>
                <text x="14" y="33" text-anchor="middle" class="bid-value" style={{ fill: seatInk(bid.seat) }}>
                  {bid.value === null ? "?" : bid.value}
                </text>
              </g>
              );
            })}
            </OfferPlace>
            {last?.has(`group ${number}`) && (
              <rect class="last-ring" x="10" y={y - 3} width="438" height="52" rx="10" />
            )}
          </g>
        );
      })}
    </g>
  );
}

/** The round, the bag, and each seat's stones, scarabs and bid tiles, in the top-right corner. */
function Supplies(props: { view: ValleyOfTheKingsView; seat: number | null }) {
  const { view, seat } = props;
  const { t } = useLanguage();
  const left = WIDTH - 452;
  return (
    <g class="supplies">
      <text x={left} y="34" class="panel-title">
        {t("Round {round}", { round: view.round })}
        {view.steps_left !== null ? ` · ${t("{steps} steps left", { steps: view.steps_left })}` : ""}
      </text>
      {view.seats.map((pieces, owner) => {
        const y = 46 + owner * 48;
        const tiles = Array.isArray(pieces.bid_tiles) ? pieces.bid_tiles.length : pieces.bid_tiles;
        return (
          <g key={owner} transform={`translate(${left} ${y})`}>
            <rect width="440" height="44" rx="8" fill="#fffaf0" stroke={seatColour(owner)} stroke-width={owner === seat ? 4 : 2} />
            <circle cx="22" cy="22" r="15" fill={seatColour(owner)} />
            <text x="22" y="28" text-anchor="middle" class="figure-symbol" font-size="17" style={{ fill: seatInk(owner) }}>
              {seatSymbol(owner)}
            </text>
            {BOARD.colours.map(({ slug }, n) => (
              <g key={slug} transform={`translate(${44 + n * 48} 8)`}>
                <rect width="26" height="28" rx="3" fill={stoneColour(slug)} stroke="#222" />
                <text x="13" y="20" text-anchor="middle"
                  class={slug === "black" || slug === "red" ? "stone-letter big light" : "stone-letter big"}>
                  {STONE_LETTER[slug] ?? ""}
                </text>
                <text x="29" y="22" class="supply-count">
                  {pieces.stones[slug] ?? 0}
                </text>
              </g>
            ))}
            <text x="432" y="19" text-anchor="end" class="supply-small">
              {t("{count} scarabs", { count: pieces.scarabs })}
            </text>
            <text x="432" y="38" text-anchor="end" class="supply-small">
              {t("{count} bid tiles", { count: tiles })}
            </text>
          </g>
        );
      })}
      <text x={left} y={74 + view.seats.length * 48} class="supply-count">
        {t("bag {count}", { count: Object.values(view.bag).reduce((a, b) => a + b, 0) })} · {t("pharaoh")}{" "}
        {view.pharaoh}/{BOARD.pharaoh.stones ?? 30}
      </text>
    </g>
  );
}
