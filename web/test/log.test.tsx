/** The table's log, newest first: a move the stand-in bot made for a person seat (away, or
 * out of time) says so beside its sentence; other moves carry no mark. A seat panel's numbers
 * are kept apart ("score 26 · wild tiles left 0"; a trial read them run together). */
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import { loggedEvents } from "../src/connection";
import type { Update } from "../src/generated/protocol";
import { Log, SeatPanels } from "../src/panels";

afterEach(() => {
  document.body.innerHTML = "";
});

it("marks the stand-in's moves and no other", () => {
  const update: Update = {
    type: "update",
    seq: 3,
    view: {},
    to_act: [0],
    legal: [],
    events: [1, 2, 3].map((n) => ({ seq: n, kind: "moved", text: `step ${n}`, data: {} })),
    over: false,
    status: "playing",
    stand_in: [{ seq: 2, seat: 1 }],
  };
  const root = document.createElement("div");
  document.body.append(root);
  act(() => render(<Log log={loggedEvents(update)} />, root));
  const lines = [...root.querySelectorAll("li")].map((li) => li.textContent);
  expect(lines).toEqual(["step 3", "step 2 (a bot moved for this player)", "step 1"]);
  expect(root.querySelectorAll(".stand-in").length).toBe(1);
});

it("separates a seat's numbers, each label with its own number", () => {
  const root = document.createElement("div");
  document.body.append(root);
  const view = { scores: [26, 24], wilds: [0, 1] };
  act(() => render(<SeatPanels names={["Ann", "Bo"]} me={0} toAct={[0]} view={view} />, root));
  const numbers = [...root.querySelectorAll(".numbers")].map((el) => el.textContent);
  expect(numbers).toEqual(["score 26 · wild tiles left 0", "score 24 · wild tiles left 1"]);
});
