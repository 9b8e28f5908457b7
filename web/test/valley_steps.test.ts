/** Valley's step counting in the client (shown beside a pending order) agrees with the
 * rulebook's examples: 16 to 15-B or to 17 is one step, 6-C to 16 or to 20 two, and 16 to
 * 8-C one (two coinciding lines count once). */
import { expect, it } from "vitest";
import { stepsBetween } from "../src/boards/valley";

it("counts steps as the rulebook's examples do", () => {
  expect(stepsBetween("16", "15-B")).toBe(1);
  expect(stepsBetween("16", "17")).toBe(1);
  expect(stepsBetween("6-C", "16")).toBe(2);
  expect(stepsBetween("6-C", "20")).toBe(2);
  expect(stepsBetween("16", "8-C")).toBe(1);
  expect(stepsBetween("16", "16")).toBe(0);
});
