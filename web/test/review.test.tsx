/** A finished game's review beside the replay: the value graph (a line per seat through its
 * decisions, flagged ones marked), the flagged moves, and stepping the replay to a move. */
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import type { ReviewAnswer, ReviewMove } from "../src/api";
import type { Replay } from "../src/generated/protocol";
import { frameOf } from "../src/replay";
import { ReadyReview, graphPoint, shows } from "../src/review";

function move(index: number, seat: number, before: number | null, flag: ReviewMove["flag"] = null): ReviewMove {
  return {
    index,
    move: index + 1,
    seat,
    name: seat === 0 ? "Ann" : "Bo",
    played: `take ${index}`,
    best: `take ${index + 1}`,
    played_label: `Move to ${index}`,
    best_label: `Move to ${index + 1}`,
    before,
    after: before === null ? null : before - (flag === "mistake" ? 0.3 : flag ? 0.12 : 0),
    loss: before === null ? null : flag === "mistake" ? 0.3 : flag ? 0.12 : 0,
    flag,
    frame_seq: index + 1,
  };
}

const review: ReviewAnswer = {
  status: "ready",
  done: 5,
  total: 5,
  names: ["Ann", "Bo"],
  moves: [move(0, 0, 0.5), move(1, 1, 0.5, "mistake"), move(2, 0, null), move(3, 1, 0.2), move(4, 0, 0.9, "inaccuracy")],
  summary: [
    { seat: 0, name: "Ann", decisions: 3, inaccuracies: 1, mistakes: 0, mean_loss: 0.06 },
    { seat: 1, name: "Bo", decisions: 2, inaccuracies: 0, mistakes: 1, mean_loss: 0.15 },
  ],
};

function drawn(at: [number, number], onStep: (m: ReviewMove) => void = () => undefined): HTMLElement {
  const root = document.createElement("div");
  document.body.append(root);
  act(() => render(<ReadyReview review={review} at={at} onStep={onStep} />, root));
  return root;
}

afterEach(() => {
  document.body.innerHTML = "";
});

it("draws a line per seat through its searched decisions, flagged ones marked", () => {
  const root = drawn([0, 1]);
  const lines = [...root.querySelectorAll("polyline.graph-line")];
  expect(lines.map((l) => l.getAttribute("data-seat"))).toEqual(["0", "1"]);
  // Ann's decisions 0 and 4 (decision 2 had a single move: no estimate), Bo's 1 and 3
  expect(lines.map((l) => l.getAttribute("points")?.split(" ").length)).toEqual([2, 2]);
  expect(root.querySelectorAll("circle.graph-point")).toHaveLength(4);
  expect([...root.querySelectorAll("circle.mistake")].map((c) => c.getAttribute("data-frame"))).toEqual(["2"]);
  expect([...root.querySelectorAll("circle.inaccuracy")].map((c) => c.getAttribute("data-frame"))).toEqual(["5"]);
  expect(root.querySelector(".review-seats")?.textContent).toContain("Bo: mistakes 1, inaccuracies 0");
});

it("lists the flagged moves and steps the replay to the one clicked", () => {
  const stepped: number[] = [];
  const root = drawn([1, 2], (m) => stepped.push(m.frame_seq));
  const items = [...root.querySelectorAll<HTMLButtonElement>("button.review-move")];
  expect(items.map((b) => b.textContent)).toEqual([
    "mistake Move 2, Bo: played Move to 1; the bot would play Move to 2 (30 points of winning chance lost)",
    "inaccuracy Move 5, Ann: played Move to 4; the bot would play Move to 5 (12 points of winning chance lost)",
  ]);
  expect(items.map((b) => b.classList.contains("current"))).toEqual([true, false]);
  act(() => items[1]?.click());
  act(() => {
    root.querySelector<SVGCircleElement>("circle.mistake")?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  expect(stepped).toEqual([5, 2]);
});

it("places points from 100% at the top to 0% at the bottom, first to last decision", () => {
  expect(graphPoint(0, 5, 1)).toEqual({ x: 18, y: 18 });
  expect(graphPoint(4, 5, 0)).toEqual({ x: 302, y: 122 });
  expect(shows([3, 5], move(3, 1, 0.2))).toBe(true); // action 4 and the chance after it
  expect(shows([4, 5], move(3, 1, 0.2))).toBe(false);
});

it("finds the replay frame that shows an action, chance after it included", () => {
  const frame = (seq: number) => ({ seq, seat: null, view: {}, to_act: [], events: [] });
  const replay: Replay = { game: "g", players: 2, options: {}, names: [], frames: [frame(3), frame(4), frame(7), frame(8)] };
  expect(frameOf(replay, 4)).toBe(1);
  expect(frameOf(replay, 5)).toBe(2); // the action at 5 drew chance up to 7
  expect(frameOf(replay, 99)).toBe(3);
});
