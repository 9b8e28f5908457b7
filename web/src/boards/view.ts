/** Finding which legal actions belong to a place on a board (a place is named by the word
 * after an action's verb: "take 12", "lift b3", "go f6"), and the places of the last step. */
import type { LegalAction } from "../generated/protocol";

/** A view as it comes off the wire, before a board reads it through its game's type. */
export type View = Record<string, unknown>;

/** Each place's single action of the given verbs ("lift b3" -> place "b3"). A place with
 * more than one such action is left out: the move list offers those. */
export function placeActions(legal: LegalAction[], verbs: string[]): Map<string, LegalAction> {
  const counts = new Map<string, number>();
  const found = new Map<string, LegalAction>();
  for (const action of legal) {
    const [verb, place, ...rest] = action.notation.split(" ");
    if (verb === undefined || place === undefined || rest.length > 0 || !verbs.includes(verb)) {
      continue;
    }
    counts.set(place, (counts.get(place) ?? 0) + 1);
    found.set(place, action);
  }
  for (const [place, count] of counts) if (count > 1) found.delete(place);
  return found;
}

/** The action with exactly this notation, if legal. */
export function actionNamed(legal: LegalAction[], notation: string): LegalAction | undefined {
  return legal.find((action) => action.notation === notation);
}

/** A stable pleasant colour for a component name. */
export function hue(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${h} 45% 78%)`;
}

/** The places named by the events of the latest step: their slot, stack, cell, field or
 * area by name ("12", "b3", "f6", "13-H"), Valley's sites and stone groups as "site 7" and
 * "group 2", and what a seat did as its event's kind and seat ("lid 1", "pass 0"; with the
 * tile where it names one: "steal 1 throne"). */
export function lastPlaces(events: { seq: number; kind?: string; data: Record<string, unknown> }[]): Set<string> {
  const latest = events.length > 0 ? events[events.length - 1]?.seq : undefined;
  const found = new Set<string>();
  for (const event of events) {
    if (event.seq !== latest) continue;
    for (const key of ["slot", "stack", "cell", "field", "to"]) {
      const value = event.data[key];
      if (typeof value === "string" || typeof value === "number") found.add(String(value));
    }
    for (const key of ["site", "group"]) {
      const value = event.data[key];
      if (typeof value === "number") found.add(`${key} ${value}`);
    }
    const { seat, tile } = event.data;
    if (event.kind !== undefined && typeof seat === "number") {
      found.add(`${event.kind} ${seat}`);
      if (typeof tile === "string") found.add(`${event.kind} ${seat} ${tile}`);
    }
  }
  return found;
}

/** A name broken into at most two lines of about ``width`` characters for a small place on a
 * board: at a space where it has one (the most even such break); else a long compound word
 * hyphenated where it shares a part with one of the other ``names`` of its kind in the same
 * language ("Schlangen-mittelstück" beside "Schlangenschwanz" and "Obeliskmittelstück"),
 * the break nearest its middle; else as it is (the caller shrinks it to fit). */
export function nameLines(name: string, width: number, names: string[] = []): string[] {
  if (name.length <= width) return [name];
  const spaces = [...name.matchAll(/ /g)].map((match) => match.index ?? 0);
  if (spaces.length > 0) {
    const best = spaces.reduce((a, b) =>
      Math.max(a, name.length - a) <= Math.max(b, name.length - b) ? a : b,
    );
    return [name.slice(0, best), name.slice(best + 1)];
  }
  const lower = name.toLowerCase();
  const breaks = new Set<number>();
  for (const other of names.flatMap((each) => each.toLowerCase().split(/[\s()]+/))) {
    if (other === lower || other.length < 4) continue;
    let prefix = 0;
    while (prefix < Math.min(lower.length, other.length) && lower[prefix] === other[prefix]) prefix++;
    let suffix = 0;
    while (suffix < Math.min(lower.length, other.length) && lower.at(-1 - suffix) === other.at(-1 - suffix)) suffix++;
    if (prefix >= 4) breaks.add(prefix);
    if (suffix >= 4) breaks.add(lower.length - suffix);
  }
  const usable = [...breaks].filter((at) => at >= 3 && at <= name.length - 3);
  if (usable.length === 0) return [name];
  const best = usable.reduce((a, b) => (Math.abs(a - name.length / 2) <= Math.abs(b - name.length / 2) ? a : b));
  return [`${name.slice(0, best)}-`, name.slice(best)];
}
