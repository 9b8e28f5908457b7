/** The end screen: each player's score with its parts (from the server's breakdown, else
 * the outcome's scores), best rank first, the winners marked, rematch and replay kept. */
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import { Result, type ScoreLine, rows } from "../src/result";

const outcome = { scores: [7, 12, 12], ranks: [3, 1, 1], winners: [1, 2], reason: "" };
const breakdown: ScoreLine[] = [
  { seat: 0, name: "Ann", total: "7 points", rank: 3, parts: [{ label: "Treasures", value: "5" }, { label: "Mask", value: "2" }] },
  { seat: 1, name: "Bo", total: "12 points", rank: 1, parts: [{ label: "Treasures", value: "12" }] },
  { seat: 2, name: "Cy", total: "12 points", rank: 1, parts: [{ label: "Treasures", value: "9" }, { label: "Mask", value: "3" }] },
];

function mount(node: preact.JSX.Element): HTMLElement {
  const root = document.createElement("div");
  document.body.append(root);
  act(() => render(node, root));
  return root;
}

afterEach(() => {
  document.body.innerHTML = "";
});

it("orders the players by rank, ties by seat, from the breakdown or the outcome", () => {
  expect(rows(["Ann", "Bo", "Cy"], outcome, breakdown).map((line) => line.seat)).toEqual([1, 2, 0]);
  const plain = rows(["Ann", "Bo", "Cy"], outcome, null);
  expect(plain.map((line) => [line.seat, line.total, line.parts.length])).toEqual([
    [1, "12", 0],
    [2, "12", 0],
    [0, "7", 0],
  ]);
});

it("shows each player's parts and marks the winners, with rematch and replay", () => {
  let rematches = 0;
  let replays = 0;
  const root = mount(
    <Result
      names={["Ann", "Bo", "Cy"]}
      outcome={outcome}
      breakdown={breakdown}
      onRematch={() => (rematches += 1)}
      onReplay={() => (replays += 1)}
    />,
  );
  const lines = [...root.querySelectorAll("tbody tr")];
  expect(lines.map((tr) => tr.getAttribute("data-seat"))).toEqual(["1", "2", "0"]);
  expect(lines.map((tr) => tr.classList.contains("winner"))).toEqual([true, true, false]);
  const ann = lines[2];
  expect([...(ann?.querySelectorAll(".parts li") ?? [])].map((li) => li.textContent)).toEqual([
    "Treasures: 5",
    "Mask: 2",
  ]);
  expect(ann?.querySelector(".total")?.textContent).toBe("7 points");
  act(() => root.querySelector<HTMLButtonElement>("button.rematch")?.click());
  act(() => root.querySelector<HTMLButtonElement>("button.replay-game")?.click());
  expect([rematches, replays]).toEqual([1, 1]);
});

it("offers no rematch to a spectator", () => {
  const root = mount(<Result names={["Ann", "Bo", "Cy"]} outcome={outcome} onRematch={null} />);
  expect(root.querySelector("button.rematch")).toBeNull();
  expect(root.querySelectorAll(".parts")).toHaveLength(0);
  expect(root.textContent).toContain("A shared win for Bo and Cy.");
});
