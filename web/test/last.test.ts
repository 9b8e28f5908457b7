/** The last step's places: the slot, stack or field its events name, and only its own. */
import { expect, it } from "vitest";
import { lastPlaces } from "../src/boards/view";

it("names the places of the latest step's events only", () => {
  const events = [
    { seq: 4, data: { stack: "a1" } },
    { seq: 5, data: { seat: 0, stack: "b3", card: "cobra" } },
    { seq: 5, data: { slot: 12 } },
  ];
  expect([...lastPlaces(events)].sort()).toEqual(["12", "b3"]);
  expect(lastPlaces([]).size).toBe(0);
});
