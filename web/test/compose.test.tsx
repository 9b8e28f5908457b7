/** A decision built up on the board (Valley's bids, from real positions of
 * scripts/web_data.py --fixtures) belongs to the legal moves it was begun under: a click on
 * a place of new moves opens its choices even when it comes before the next frame after
 * the board was redrawn with them (it was lost: the reset meant for the moves before ran
 * a frame later and wiped it); a decision ends when the moves change and does not come
 * back with them; a new copy of the same moves (another seat's sealed commitment) keeps it. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import { Board } from "../src/boards";
import type { LegalAction } from "../src/generated/protocol";

interface Position {
  game: string;
  seat: number;
  view: Record<string, unknown>;
  legal: LegalAction[];
}

const positions = JSON.parse(
  readFileSync(join(__dirname, "fixtures", "valley-of-the-kings.json"), "utf8"),
) as Position[];

function signature(position: Position): string {
  return position.legal.map((action) => action.id).join(" ");
}

/** A bidding position with a stone group of several bids (one place, several choices). */
const bidding = positions.find((p) => {
  const groups = p.legal.filter((a) => a.notation.startsWith("bid ")).map((a) => a.notation.split(" ")[1]);
  return groups.some((group, n) => groups.indexOf(group) !== n);
});
/** A position with other legal moves than ``bidding``'s. */
const before = positions.find((p) => p.legal.length > 0 && bidding && signature(p) !== signature(bidding));

function board(position: Position, sent: number[]) {
  return (
    <Board game={position.game} view={position.view} legal={position.legal} seat={position.seat}
      names={["P1", "P2"]} onAct={(action) => sent.push(action)} />
  );
}

/** The bidding position's first place that offers several bids. */
function groupPlace(root: HTMLElement): SVGGElement {
  const place = [...root.querySelectorAll<SVGGElement>(".place[data-actions]")].find(
    (p) => (p.dataset.actions ?? "").split(" ").length > 1,
  );
  expect(place).toBeDefined();
  return place as SVGGElement;
}

/** Until every render and after-paint effect now due has run (Preact's fall back from a
 * frame is a 35 ms timer). */
function settled(): Promise<void> {
  return new Promise((done) => setTimeout(done, 80));
}

afterEach(() => {
  document.body.innerHTML = "";
});

it("Valley: a click on a place right after the board shows new moves, before the next frame, opens its choices", async () => {
  expect(bidding).toBeDefined();
  expect(before).toBeDefined();
  if (!bidding || !before) return;
  const sent: number[] = [];
  const root = document.createElement("div");
  document.body.append(root);
  act(() => render(board(before, sent), root));
  // The next update arrives: the board is drawn with the new moves (synchronously, as a
  // state change is drawn in the page), and the click comes before any frame is painted.
  render(board(bidding, sent), root);
  const place = groupPlace(root);
  place.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  await settled();
  const choices = [...root.querySelectorAll<HTMLButtonElement>(".composer [data-choice]")];
  expect(choices.map((choice) => choice.dataset.choice).join(" ")).toBe(place.dataset.actions);
  expect(sent).toEqual([]);
  // The decision goes on as any other: a choice, then Confirm sends it.
  const [first] = choices;
  act(() => first?.click());
  act(() => root.querySelector<HTMLButtonElement>(".composer .confirm")?.click());
  expect(sent).toEqual([Number(first?.dataset.choice)]);
});

it("Valley: a decision ends when the moves change, and does not come back with the same moves", () => {
  if (!bidding || !before) return;
  const sent: number[] = [];
  const root = document.createElement("div");
  document.body.append(root);
  act(() => render(board(bidding, sent), root));
  act(() => {
    groupPlace(root).dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  expect(root.querySelector(".composer")).not.toBeNull();
  act(() => render(board(before, sent), root));
  expect(root.querySelector(".composer")).toBeNull();
  act(() => render(board(bidding, sent), root));
  expect(root.querySelector(".composer")).toBeNull();
  expect(sent).toEqual([]);
});

it("Valley: a bid pending Confirm stays while a new copy of the same moves arrives", () => {
  if (!bidding) return;
  const sent: number[] = [];
  const root = document.createElement("div");
  document.body.append(root);
  act(() => render(board(bidding, sent), root));
  act(() => {
    groupPlace(root).dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  const choice = root.querySelector<HTMLButtonElement>(".composer [data-choice]");
  act(() => choice?.click());
  expect(root.querySelector(".composer .confirm")).not.toBeNull();
  // Another seat committed its bid: the same moves again, in a new list and a new view.
  const copy = JSON.parse(JSON.stringify(bidding)) as Position;
  act(() => render(board(copy, sent), root));
  act(() => root.querySelector<HTMLButtonElement>(".composer .confirm")?.click());
  expect(sent).toEqual([Number(choice?.dataset.choice)]);
});

it("Valley: after a bid value is chosen by keyboard, the focus stays on Confirm (not back on the board)", async () => {
  expect(bidding).toBeDefined();
  const sent: number[] = [];
  const root = document.createElement("div");
  document.body.append(root);
  act(() => render(board(bidding!, sent), root));
  const place = groupPlace(root);
  act(() => place.focus());
  act(() => {
    place.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
  });
  const choice = root.querySelector<HTMLButtonElement>(".composer [data-choice]");
  expect(document.activeElement).toBe(choice);
  act(() => choice?.click());
  // The board's keyboard place settles after every change of the board (a mutation
  // observer): it must leave the focus on the pending choice's Confirm.
  await act(async () => {
    await settled();
  });
  expect(document.activeElement).toBe(root.querySelector(".composer .confirm"));
  // Enter on Confirm sends the bid, never an empty decision.
  act(() => (document.activeElement as HTMLButtonElement).click());
  expect(sent).toEqual([Number(choice?.dataset.choice)]);
});
