/** A profile's rating chart: the rating before the first game, then after each, oldest on
 * the left, the highest at the top; drawn as an SVG line with a point per rating. */
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import type { RatedGame } from "../src/api";
import { chartPoints, RatingChart } from "../src/ratings";

function game(before: number, after: number, at: number): RatedGame {
  return { table: null, game: "tutankhamun", class: "2", players: 2, seat: 0, rank: 1, names: ["A", "B"], before, after, at };
}

// newest first, as the server sends them
const games = [game(1560, 1540, 3), game(1500, 1560, 2)];

afterEach(() => {
  document.body.innerHTML = "";
});

it("puts the oldest rating first and the highest at the top", () => {
  const points = chartPoints(games, 100, 50);
  expect(points.map((p) => p[2])).toEqual([1500, 1560, 1540]);
  const [first, top, last] = points;
  expect(first?.[0]).toBeLessThan(top?.[0] ?? 0);
  expect(top?.[0]).toBeLessThan(last?.[0] ?? 0);
  expect(top?.[1]).toBe(8); // the highest rating at the top of the box (its padding)
  expect(first?.[1]).toBe(50 - 8); // the lowest at the bottom
  expect(chartPoints([])).toEqual([]);
  // one rating alone (no change) still has a place in the box
  expect(chartPoints([game(1500, 1500, 1)], 100, 50).every(([x, y]) => x >= 0 && y >= 0 && y <= 50)).toBe(true);
});

it("draws an SVG line with a point per rating, named for screen readers", () => {
  const root = document.createElement("div");
  document.body.append(root);
  act(() => render(<RatingChart games={games} label="Rating chart: Tutankhamun, 2 players" />, root));
  const svg = root.querySelector("svg.rating-chart");
  expect(svg?.getAttribute("aria-label")).toBe("Rating chart: Tutankhamun, 2 players");
  expect(svg?.querySelector("polyline")?.getAttribute("points")?.split(" ")).toHaveLength(3);
  expect([...root.querySelectorAll("circle")].map((c) => c.getAttribute("data-rating"))).toEqual(["1500", "1560", "1540"]);
  expect(root.textContent).toContain("1560");
  act(() => render(<RatingChart games={[]} label="none" />, root));
  expect(root.querySelector("svg")).toBeNull();
});
