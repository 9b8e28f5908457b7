/** "Zoom to your move" on a phone: the zoom makes the smallest place of the decision a touch
 * target, and the frame shows the densest group of places (centred where they fit, from
 * their top-left edge where they do not). */
import { expect, it } from "vitest";
import { focusOn, TARGET } from "../src/boards/zoom";

const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

it("zooms until the smallest place is a touch target", () => {
  const found = focusOn([box(100, 100, 11, 11), box(140, 100, 22, 22)], 1, 336, 500);
  expect(found?.zoom).toBeCloseTo(TARGET / 11);
});

it("never zooms out past the whole board, nor in past the limit", () => {
  expect(focusOn([box(0, 0, 200, 200)], 1, 336, 500)?.zoom).toBe(1);
  expect(focusOn([box(0, 0, 0.5, 0.5)], 1, 336, 500)?.zoom).toBe(8);
});

it("shows the densest group of places, centred when it fits", () => {
  // Three fields close together on the left, one far to the right.
  const fields = [box(10, 10, 11, 11), box(25, 10, 11, 11), box(10, 25, 11, 11), box(300, 200, 11, 11)];
  const found = focusOn(fields, 1, 336, 500);
  expect(found).not.toBeNull();
  const scale = (found?.zoom ?? 1) / 1;
  const middle = ((10 + 36) / 2) * scale;
  expect(found?.left).toBeCloseTo(middle - 336 / 2);
});

it("starts from the group's left edge when it is wider than the frame", () => {
  // Market rows wider than the phone once zoomed.
  const rows = [box(4, 12, 120, 13), box(4, 26, 120, 13), box(4, 40, 120, 13)];
  const found = focusOn(rows, 1, 336, 500);
  const scale = found?.zoom ?? 1;
  expect(120 * scale).toBeGreaterThan(336);
  expect(found?.left).toBeCloseTo(4 * scale - 8);
});

it("offers nothing when no place is drawn", () => {
  expect(focusOn([], 2, 336, 500)).toBeNull();
});
