/** Hot-seat decisions: which seat decides (only once every connection has caught up with
 * the table), and when the table must be covered before it is shown to the next person
 * (the next seat's view holds something the person before may not see). */
import { expect, it } from "vitest";
import type { TableState } from "../src/connection";
import type { LegalAction, Update } from "../src/generated/protocol";
import { caughtUp, needsCover, seatToAct } from "../src/hotseat";

const SEATS = [
  { seat: 0, key: "a" },
  { seat: 1, key: "b" },
];
const MOVE: LegalAction = { id: 1, label: "Lift a1", notation: "lift a1" };

function state(seat: number, seq: number, legal: LegalAction[], view: Record<string, unknown> = {}): TableState {
  const update: Update = {
    type: "update",
    seq,
    view: { seat, phase: "digging", ...view },
    legal,
    to_act: [],
    events: [],
    over: false,
    status: "playing",
  };
  return { link: "open", welcome: null, update, log: [], notice: null, error: null, pending: 0, waiting: false, hint: null, hinting: false, chat: [] };
}

it("decides only once every connection has its update for the same step", () => {
  expect(caughtUp(SEATS, {})).toBe(false);
  expect(seatToAct(SEATS, { 0: state(0, 4, [MOVE]) })).toBeNull();
  // Seat 0's update of step 5 arrived; seat 1's is still the one of step 4, in which seat 1
  // had moves: neither its stale moves nor a cover for it count yet.
  expect(seatToAct(SEATS, { 0: state(0, 5, []), 1: state(1, 4, [MOVE]) })).toBeNull();
  expect(seatToAct(SEATS, { 0: state(0, 5, []), 1: state(1, 5, [MOVE]) })).toBe(1);
  expect(seatToAct(SEATS, { 0: state(0, 5, [MOVE]), 1: state(1, 5, []) })).toBe(0);
  expect(seatToAct(SEATS, { 0: state(0, 5, []), 1: state(1, 5, []) })).toBeNull();
});

it("covers the table for a seat whose view differs from the person's before", () => {
  const secret = { 0: state(0, 5, []), 1: state(1, 5, [MOVE], { my_layers: { "2": ["cobra"] } }) };
  expect(needsCover(SEATS, secret, 1, 0)).toBe(true);
  expect(needsCover(SEATS, secret, 1, null)).toBe(true);
  // The same view but for its seat: nothing to hide (Tutankhamun's open information).
  const open = { 0: state(0, 5, [], { path: ["throne"] }), 1: state(1, 5, [MOVE], { path: ["throne"] }) };
  expect(needsCover(SEATS, open, 1, 0)).toBe(false);
  expect(needsCover(SEATS, open, 0, null)).toBe(false);
  // Not known yet (the other seat's update is missing or of another step): covered.
  expect(needsCover(SEATS, { 1: open[1] }, 1, 0)).toBe(true);
  expect(needsCover(SEATS, { 0: state(0, 4, [], { path: ["throne"] }), 1: open[1] }, 1, 0)).toBe(true);
});
