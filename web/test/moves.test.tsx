/** For positions of real games of every game (made by scripts/web_data.py --fixtures),
 * every legal action has exactly one entry in the move list, every clickable place on the
 * board stands for a legal action, and clicking either sends that action's id. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { Board } from "../src/boards";
import type { LegalAction } from "../src/generated/protocol";
import { MoveList } from "../src/moves";

interface Position {
  game: string;
  seat: number;
  seq: number;
  view: Record<string, unknown>;
  legal: LegalAction[];
}

const folder = join(__dirname, "fixtures");
const files = readdirSync(folder).filter((name) => name.endsWith(".json"));
/** Games whose fixtures hold moves drawn as places (take N, lift b3). */
const PLACED = ["tutankhamun", "tutankhamuns-revenge"];
const GAMES = ["curse-of-the-mummy", "tutankhamun", "tutankhamuns-revenge", "valley-of-the-kings"];

function mount(node: preact.JSX.Element): HTMLElement {
  const root = document.createElement("div");
  document.body.append(root);
  act(() => render(node, root));
  return root;
}

afterEach(() => {
  document.body.innerHTML = "";
});

it("has positions of every game", () => {
  expect(files.map((name) => name.replace(".json", "")).sort()).toEqual(GAMES);
});

for (const file of files) {
  const positions = JSON.parse(readFileSync(join(folder, file), "utf8")) as Position[];
  describe(file.replace(".json", ""), () => {
    it("has positions with moves", () => {
      expect(positions.length).toBeGreaterThan(0);
      for (const position of positions) expect(position.legal.length).toBeGreaterThan(0);
    });

    if (PLACED.includes(file.replace(".json", ""))) {
      it("draws the moves of its positions as places on the board", () => {
        let places = 0;
        for (const position of positions) {
          const root = mount(
            <Board game={position.game} view={position.view} legal={position.legal}
              seat={position.seat} names={["P1", "P2"]} onAct={() => undefined} />,
          );
          places += root.querySelectorAll(".place").length;
        }
        expect(places).toBeGreaterThan(0);
      });
    }

    positions.forEach((position, index) => {
      it(`position ${index} (step ${position.seq}): each move is listed once and sends itself`, () => {
        const sent: number[] = [];
        const root = mount(<MoveList legal={position.legal} onAct={(a) => sent.push(a)} busy={false} />);
        for (const action of position.legal) {
          const entries = root.querySelectorAll<HTMLButtonElement>(`[data-action="${action.id}"]`);
          expect(entries.length).toBe(1);
          expect(entries[0]?.textContent).toBe(action.label);
          act(() => entries[0]?.click());
          expect(sent.at(-1)).toBe(action.id);
        }
        expect(sent).toEqual(position.legal.map((action) => action.id));
      });

      it(`position ${index} (step ${position.seq}): each place on the board sends its legal move`, () => {
        const sent: number[] = [];
        const root = mount(
          <Board
            game={position.game}
            view={position.view}
            legal={position.legal}
            seat={position.seat}
            names={["P1", "P2"]}
            onAct={(a) => sent.push(a)}
          />,
        );
        expect(root.querySelector("svg")).not.toBeNull();
        const legalIds = new Set(position.legal.map((action) => action.id));
        // Places that stand for one move; those that open a choice: test/places.test.tsx.
        const places = [...root.querySelectorAll<SVGGElement>(".place[data-action]")];
        const seen = new Set<number>();
        for (const place of places) {
          const id = Number(place.dataset.action);
          expect(legalIds.has(id)).toBe(true);
          expect(seen.has(id)).toBe(false);
          seen.add(id);
          act(() => {
            place.dispatchEvent(new MouseEvent("click", { bubbles: true }));
          });
          expect(sent.at(-1)).toBe(id);
        }
        expect(sent.length).toBe(places.length);
      });
    });
  });
}
