/** Board places by keyboard, on positions of real games of every game (fixtures from
 * scripts/web_data.py --fixtures): exactly one place is in the Tab order (the first legal
 * move's), every place is a button named by its move's label, the arrow keys, Home and End
 * move the focus from place to place, Enter and Space choose, and a keyboard user whose
 * place went away with a move is brought back to the board's place when the next places
 * come. Also Tutankhamun's rows of collected tiles (the nugget's choices) and Revenge's tray
 * of cards to lay. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { Board } from "../src/boards";
import type { LegalAction } from "../src/generated/protocol";

interface Position {
  game: string;
  seat: number;
  seq: number;
  view: Record<string, unknown>;
  legal: LegalAction[];
}

const folder = join(__dirname, "fixtures");
const files = readdirSync(folder).filter((name) => name.endsWith(".json"));

function load(game: string): Position[] {
  return JSON.parse(readFileSync(join(folder, `${game}.json`), "utf8")) as Position[];
}

function mount(position: Position, sent: number[], root?: HTMLElement): HTMLElement {
  const into = root ?? document.createElement("div");
  if (!root) document.body.append(into);
  act(() =>
    render(
      <Board game={position.game} view={position.view} legal={position.legal} seat={position.seat}
        names={["P1", "P2"]} onAct={(a) => sent.push(a)} />,
      into,
    ),
  );
  return into;
}

function places(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(".place")];
}

function press(key: string): KeyboardEvent {
  const target = document.activeElement ?? document.body;
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}

function ids(place: Element): number[] {
  const text = place.getAttribute("data-action") ?? place.getAttribute("data-actions") ?? "";
  return text.split(" ").map(Number);
}

afterEach(() => {
  act(() => render(null, document.body));
  document.body.innerHTML = "";
});

for (const file of files) {
  const game = file.replace(".json", "");
  describe(game, () => {
    load(game).forEach((position, index) => {
      it(`position ${index} (${String(position.view.phase)}): one Tab stop, arrows move, Enter and Space choose`, () => {
        const sent: number[] = [];
        const root = mount(position, sent);
        const all = places(root);
        if (all.length === 0) return;
        // A board is a group of buttons: an image's children would be hidden from screen readers.
        for (const board of root.querySelectorAll("svg.board")) expect(board.getAttribute("role")).toBe("group");
        const stops = all.filter((place) => place.getAttribute("tabindex") === "0");
        expect(stops.length).toBe(1);
        const first = position.legal.find((action) => all.some((place) => ids(place).includes(action.id)));
        expect(ids(stops[0] as Element)).toContain(first?.id);
        for (const place of all) {
          expect(place.getAttribute("role")).toBe("button");
          const label = place.getAttribute("aria-label") ?? "";
          expect(label.length).toBeGreaterThan(0);
          const direct = place.getAttribute("data-action");
          if (direct !== null) {
            expect(label).toBe(position.legal.find((action) => action.id === Number(direct))?.label);
          }
        }
        // Home, then ArrowRight through every place (document order where there is no
        // layout), End, ArrowLeft back; the Tab stop follows the focus.
        act(() => (stops[0] as HTMLElement).focus());
        press("Home");
        expect(document.activeElement).toBe(all[0]);
        for (let n = 1; n < all.length; n++) {
          const event = press("ArrowRight");
          expect(event.defaultPrevented).toBe(true);
          expect(document.activeElement).toBe(all[n]);
          expect(all[n]?.getAttribute("tabindex")).toBe("0");
          expect(all[n - 1]?.getAttribute("tabindex")).toBe("-1");
        }
        press("End");
        expect(document.activeElement).toBe(all[all.length - 1]);
        if (all.length > 1) {
          press("ArrowUp");
          expect(document.activeElement).toBe(all[all.length - 2]);
        }
        // Enter chooses the focused place; a place of one move sends it.
        const direct = all.find((place) => place.hasAttribute("data-action"));
        if (direct) {
          act(() => direct.focus());
          const before = sent.length;
          press("Enter");
          expect(sent.slice(before)).toEqual(ids(direct));
          const space = press(" ");
          expect(space.defaultPrevented).toBe(true);
          expect(sent.slice(before)).toEqual([...ids(direct), ...ids(direct)]);
        }
      });
    });
  });
}

it("the focus comes back to the board's place after a move redraws it", () => {
  const position = load("tutankhamuns-revenge").find((p) => p.view.phase === "digging");
  expect(position).toBeDefined();
  if (!position) return;
  const sent: number[] = [];
  const root = mount(position, sent);
  const lift = places(root).find((place) => place.getAttribute("tabindex") === "0");
  act(() => lift?.focus());
  press("Enter");
  expect(sent.length).toBe(1);
  // The opponent's turn: no places at all; then this seat's turn again with other moves.
  mount({ ...position, legal: [] }, sent, root);
  expect(places(root)).toEqual([]);
  const next = { ...position, legal: position.legal.filter((action) => action.id !== sent[0]) };
  mount(next, sent, root);
  const stop = places(root).find((place) => place.getAttribute("tabindex") === "0");
  expect(stop).toBeDefined();
  expect(stop).not.toBe(lift);
  expect(document.activeElement).toBe(stop);
});

it("a place the keyboard left keeps its Tab stop while it stays a place", () => {
  const position = load("tutankhamun").find((p) => p.view.phase === "move" && p.legal.length > 3);
  expect(position).toBeDefined();
  if (!position) return;
  const sent: number[] = [];
  const root = mount(position, sent);
  act(() => places(root).find((place) => place.getAttribute("tabindex") === "0")?.focus());
  press("ArrowRight");
  press("ArrowRight");
  const chosen = document.activeElement;
  act(() => (document.activeElement as HTMLElement).blur());
  mount({ ...position, legal: [...position.legal] }, sent, root);
  expect(places(root).filter((place) => place.getAttribute("tabindex") === "0")).toEqual([chosen]);
});

it("Tutankhamun: the nugget takes a tile by a click on it in its holder's row, or nothing", () => {
  // The fixtures' random games hold no robbery: this is a real position with the moves a
  // nugget's taker would have (notation as the engine writes it: rob SEAT TYPE, decline).
  const position = load("tutankhamun").find((p) =>
    (p.view.holdings as Record<string, number>[]).every((held) => Object.keys(held).length > 0),
  );
  expect(position).toBeDefined();
  if (!position) return;
  const victim = 1 - position.seat;
  const types = Object.keys((position.view.holdings as Record<string, number>[])[victim] ?? {});
  const legal = [
    ...types.map((type, n) => ({ id: 9000 + n, notation: `rob ${victim} ${type}`, label: `Take a ${type}` })),
    { id: 8999, notation: "decline", label: "Take nothing" },
  ];
  const sent: number[] = [];
  const root = mount({ ...position, view: { ...position.view, phase: "steal", scoring: null }, legal }, sent);
  const row = root.querySelector(`.holdings[data-seat="${victim}"]`);
  expect(row?.querySelectorAll(".place").length).toBe(types.length);
  for (const place of places(root)) {
    act(() => {
      place.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
  }
  expect(sent.sort()).toEqual(legal.map((a) => a.id).sort());
  expect(root.querySelector(".board-button")?.textContent).toBe("Take nothingTake nothing");
});

it("Tutankhamun: a scoring rings the scored type in every row with the seat's count", () => {
  const position = load("tutankhamun").find((p) => p.view.phase === "scoring");
  expect(position).toBeDefined();
  if (!position) return;
  const root = mount(position, []);
  const scoring = position.view.scoring as { tile: string; tiles: number[] };
  const counted = scoring.tiles.filter((n) => n > 0).length;
  expect(root.querySelectorAll(".holdings .scoring-ring").length).toBeGreaterThanOrEqual(counted);
  const counts = [...root.querySelectorAll(".holdings .scoring-ring")].map((c) => Number(c.getAttribute("data-count")));
  expect(counts.filter((n) => n > 0).sort()).toEqual(scoring.tiles.filter((n) => n > 0).sort());
  // The pass is the button under the rows, named by its label.
  const pass = position.legal.find((a) => a.notation === "pass");
  expect(root.querySelector(`.board-button[data-action="${pass?.id}"]`)?.getAttribute("aria-label")).toBe(pass?.label);
});

it("Revenge: the tray holds the cards left to lay, the laid ones counted out", () => {
  const position = load("tutankhamuns-revenge").find((p) => p.view.phase === "laying");
  expect(position).toBeDefined();
  if (!position) return;
  const laying = position.view.laying as { layer: number; cards: number };
  const root = mount(position, []);
  const counts = [...root.querySelectorAll(".tray-card .tile-label.big")].map((c) => Number(c.textContent?.slice(1)));
  expect(counts.reduce((a, b) => a + b, 0)).toBe(16 - laying.cards);
  // Every card that may go on the next cell is a place; the others are drawn faded.
  const lays = position.legal.filter((a) => a.notation.startsWith("lay "));
  expect(root.querySelectorAll(".laying-tray .place:not(.faded)").length).toBe(lays.length + 1);
  expect(root.querySelectorAll(".next-cell").length).toBe(1);
  // Another seat's view of the same moment: no tray, no ring.
  const other = mount({ ...position, legal: [] }, []);
  expect(other.querySelector(".laying-tray")).toBeNull();
  expect(other.querySelector(".next-cell")).toBeNull();
});

it("a place of several moves opened by Enter hands the focus to its first choice, a sealed one to Confirm", () => {
  const position = load("valley-of-the-kings").find((p) => p.legal.some((a) => a.notation.startsWith("bid ")));
  expect(position).toBeDefined();
  if (!position) return;
  const sent: number[] = [];
  const root = mount(position, sent);
  const group = places(root).find((place) => place.getAttribute("aria-label")?.startsWith("Bid at group"));
  act(() => group?.focus());
  press("Enter");
  const first = root.querySelector<HTMLButtonElement>(".composer button.choice");
  expect(first).not.toBeNull();
  expect(document.activeElement).toBe(first);
  act(() => first?.click());
  expect(document.activeElement).toBe(root.querySelector(".composer button.confirm"));
  expect(sent).toEqual([]);
});
