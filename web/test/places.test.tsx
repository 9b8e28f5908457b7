/** For positions of real games of every game (scripts/web_data.py --fixtures), every legal
 * move drawn on the board has exactly one place, and clicking it (then its choice, then
 * Confirm where the decision is sealed) sends exactly that move. On Valley of the Kings and
 * Curse of the Mummy every legal move is on the board; Valley's bids and orders are sent
 * only when confirmed, and Clear throws a pending choice away. */
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
/** Games whose every legal move is a place on the board (none only in the move list):
 * Tutankhamun's scoring choices and the nugget's are places in the rows of collected tiles,
 * Revenge's laying choices cards in the tray under the box. */
const ALL_ON_BOARD = ["curse-of-the-mummy", "valley-of-the-kings", "tutankhamun", "tutankhamuns-revenge"];

function mount(position: Position, sent: number[]): HTMLElement {
  const root = document.createElement("div");
  document.body.append(root);
  act(() =>
    render(
      <Board game={position.game} view={position.view} legal={position.legal} seat={position.seat}
        names={["P1", "P2"]} onAct={(a) => sent.push(a)} />,
      root,
    ),
  );
  return root;
}

function click(element: Element | null): void {
  expect(element).not.toBeNull();
  act(() => {
    element?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
}

/** Whether a move is a sealed decision that must wait for Confirm. */
function sealed(position: Position, action: LegalAction): boolean {
  return (
    action.notation.startsWith("bid ") ||
    (position.view.phase === "orders" && action.notation.startsWith("overseer "))
  );
}

afterEach(() => {
  document.body.innerHTML = "";
});

for (const file of files) {
  const positions = JSON.parse(readFileSync(join(folder, file), "utf8")) as Position[];
  const game = file.replace(".json", "");
  describe(game, () => {
    positions.forEach((position, index) => {
      it(`position ${index} (${String(position.view.phase)}): each move on the board has one place and sends itself`, () => {
        const sent: number[] = [];
        const root = mount(position, sent);
        const legal = new Map(position.legal.map((action) => [action.id, action]));
        const reached = new Map<number, number>();
        for (const place of [...root.querySelectorAll<SVGGElement>(".place")]) {
          const direct = place.dataset.action;
          const ids = direct !== undefined ? [Number(direct)] : (place.dataset.actions ?? "").split(" ").map(Number);
          expect(ids.length).toBeGreaterThan(0);
          for (const id of ids) {
            expect(legal.has(id)).toBe(true);
            reached.set(id, (reached.get(id) ?? 0) + 1);
          }
          if (direct !== undefined) {
            // One move: the click sends it.
            const before = sent.length;
            click(place);
            expect(sent.slice(before)).toEqual(ids);
            continue;
          }
          const isSealed = ids.map((id) => sealed(position, legal.get(id) as LegalAction));
          expect(new Set(isSealed).size).toBe(1);
          if (!isSealed[0]) {
            // Several open moves: the click offers them all, and each choice sends its own.
            click(place);
            const choices = [...root.querySelectorAll<HTMLButtonElement>(".composer [data-choice]")];
            expect(choices.map((choice) => Number(choice.dataset.choice))).toEqual(ids);
            for (const choice of choices) {
              const before = sent.length;
              click(choice);
              expect(sent.slice(before)).toEqual([Number(choice.dataset.choice)]);
            }
            click(root.querySelector(".composer .clear"));
            continue;
          }
          // A sealed decision: chosen, shown pending, sent only by Confirm.
          for (const id of ids) {
            const before = sent.length;
            click(place);
            if (ids.length > 1) click(root.querySelector(`.composer [data-choice="${id}"]`));
            const confirm = root.querySelector(".composer .confirm");
            expect(confirm).not.toBeNull();
            expect(sent.length).toBe(before);
            click(confirm);
            expect(sent.slice(before)).toEqual([id]);
            expect(root.querySelector(".composer")).toBeNull();
          }
        }
        for (const count of reached.values()) expect(count).toBe(1);
        if (ALL_ON_BOARD.includes(game)) {
          expect([...reached.keys()].sort((a, b) => a - b)).toEqual(position.legal.map((a) => a.id).sort((a, b) => a - b));
        }
      });
    });
  });
}

it("Valley: a bid waits for Confirm, and Clear throws it away", () => {
  const positions = JSON.parse(readFileSync(join(folder, "valley-of-the-kings.json"), "utf8")) as Position[];
  const position = positions.find((p) => p.legal.some((a) => a.notation.startsWith("bid ")));
  expect(position).toBeDefined();
  if (!position) return;
  const sent: number[] = [];
  const root = mount(position, sent);
  const bid = position.legal.find((a) => a.notation.startsWith("bid "));
  const group = bid?.notation.split(" ")[1];
  const place = [...root.querySelectorAll<SVGGElement>(".place")].find((p) =>
    (p.dataset.actions ?? p.dataset.action ?? "").split(" ").includes(String(bid?.id)),
  );
  click(place ?? null);
  expect(root.querySelector(".composer-title")?.textContent).toBe(`Bid at group ${group}:`);
  const choice = root.querySelector(`.composer [data-choice="${bid?.id}"]`);
  if (choice) click(choice);
  expect(root.querySelector(".composer-title")?.textContent).toBe(`${bid?.label}?`);
  click(root.querySelector(".composer .clear"));
  expect(root.querySelector(".composer")).toBeNull();
  expect(sent).toEqual([]);
});

it("Valley: a theft is a click on the stone, a takeover on the site", () => {
  // Thefts and takeovers are rare in bot games, so the fixtures hold none: this position
  // is a real one, with the moves a thief would have (notation as the engine writes it).
  const positions = JSON.parse(readFileSync(join(folder, "valley-of-the-kings.json"), "utf8")) as Position[];
  const withStones = positions.find((p) =>
    (p.view.sites as { stones: (string | null)[] }[]).some((s) => s.stones.some((c) => c !== null)),
  );
  expect(withStones).toBeDefined();
  if (!withStones) return;
  const sites = withStones.view.sites as { site: number; size: string; stones: (string | null)[] }[];
  const site = sites.find((s) => s.stones.some((c) => c !== null));
  if (!site) return;
  const index = site.stones.findIndex((c) => c !== null);
  const perLevel = site.size === "large" ? [9, 4, 1] : [4, 1];
  let level = 0;
  let rest = index;
  while (rest >= (perLevel[level] ?? 0)) rest -= perLevel[level++] ?? 0;
  const steal = { id: 9001, notation: `steal ${site.site} ${level + 1}.${rest + 1}`, label: "Steal it" };
  const takeover = { id: 9002, notation: `takeover ${site.site}`, label: "Take it over" };
  const sent: number[] = [];
  const root = mount({ ...withStones, view: { ...withStones.view, phase: "steal" }, legal: [steal, takeover] }, sent);
  const places = [...root.querySelectorAll<SVGGElement>(".place")];
  expect(places.map((p) => p.dataset.action).sort()).toEqual(["9001", "9002"]);
  const stone = places.find((p) => p.dataset.action === "9001");
  expect(stone?.querySelector(".stone")).not.toBeNull();
  click(stone ?? null);
  click(places.find((p) => p.dataset.action === "9002") ?? null);
  expect(sent).toEqual([9001, 9002]);
});

it("Valley: a pending order says what it costs in steps", () => {
  const positions = JSON.parse(readFileSync(join(folder, "valley-of-the-kings.json"), "utf8")) as Position[];
  const position = positions.find((p) => p.view.phase === "orders");
  expect(position).toBeDefined();
  if (!position) return;
  const sent: number[] = [];
  const root = mount(position, sent);
  const order = position.legal.find((a) => a.notation.startsWith("overseer "));
  const place = [...root.querySelectorAll<SVGGElement>(".place")].find((p) =>
    (p.dataset.actions ?? p.dataset.action ?? "").split(" ").includes(String(order?.id)),
  );
  click(place ?? null);
  expect(root.querySelector(".composer-note")?.textContent).toMatch(/^overseer \d \(\d+ steps?, \d+ in all/);
  expect(sent).toEqual([]);
});
