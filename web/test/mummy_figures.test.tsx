/** Curse of the Mummy: explorers sharing a field stand side by side (an explorer's own figure
 * was hidden under another's), this seat's own drawn on top. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import { Board } from "../src/boards";
import type { LegalAction } from "../src/generated/protocol";

interface Figure {
  seat: number;
  field: string | null;
  in_game: boolean;
}

interface Position {
  game: string;
  seat: number;
  view: Record<string, unknown> & { figures: Figure[]; seat: number | null };
  legal: LegalAction[];
}

afterEach(() => {
  document.body.innerHTML = "";
});

it("draws explorers on one field side by side, this seat's own on top", () => {
  const positions = JSON.parse(readFileSync(join(__dirname, "fixtures", "curse-of-the-mummy.json"), "utf8")) as Position[];
  const position = positions.find(
    (p) => p.view.seat !== null && p.view.figures.filter((f) => f.field && f.in_game).length >= 2 &&
      p.view.figures.some((f) => f.seat === p.view.seat && f.field && f.in_game),
  );
  expect(position).toBeDefined();
  const view = JSON.parse(JSON.stringify(position!.view)) as Position["view"];
  const standing = view.figures.map((f, n) => [f, n] as const).filter(([f]) => f.field && f.in_game);
  const own = standing.find(([f]) => f.seat === view.seat)!;
  const other = standing.find(([, n]) => n !== own[1])!;
  // Put this seat's explorer on the other's field, drawn first in the figures' order.
  own[0].field = other[0].field;
  const root = document.createElement("div");
  document.body.append(root);
  act(() => render(<Board game="curse-of-the-mummy" view={view} legal={[]} seat={position!.seat} names={["M", "A", "B"]} onAct={() => undefined} />, root));
  const explorers = [...root.querySelectorAll<SVGGElement>("g.explorer")];
  const transform = (n: number) =>
    explorers.find((g) => g.getAttribute("aria-label")?.endsWith(String(n + 1)))?.style.transform;
  expect(transform(own[1])).toBeDefined();
  expect(transform(own[1])).not.toBe(transform(other[1]));
  // This seat's explorers come last in the drawing: on top.
  const last = explorers[explorers.length - 1]!;
  expect(view.figures[Number(last.getAttribute("aria-label")?.match(/\d+$/)?.[0]) - 1]?.seat).toBe(view.seat);
});
