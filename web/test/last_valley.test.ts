/** The last step's places on Valley's board: its sites and stone groups by name. */
import { expect, it } from "vitest";
import { lastPlaces } from "../src/boards/view";

it("names Valley's sites and groups of the latest step", () => {
  const events = [
    { seq: 7, data: { kind: "bid", seat: 0, group: 1 } },
    { seq: 8, data: { kind: "build", seat: 1, site: 4, pos: "1.2", colour: "red" } },
    { seq: 8, data: { kind: "move", seat: 1, piece: "worker", number: 2, to: "13-H" } },
  ];
  expect([...lastPlaces(events)].sort()).toEqual(["13-H", "site 4"]);
});
