/** Short animations of what happened, in script where CSS cannot do them: a piece walking
 * along a path through the places it passed. None under prefers-reduced-motion, and none
 * where the browser (or a test's DOM) has no Web Animations. */

/** The longest an animation of a move may take, in milliseconds. */
export const MOVE_MS = 400;

export function motionAllowed(): boolean {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return false;
  return !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Moves ``element`` (drawn at the last point) through ``points`` in at most MOVE_MS. */
export function walk(element: Element | null, points: { x: number; y: number }[]): void {
  if (!element || points.length < 2 || typeof element.animate !== "function" || !motionAllowed()) return;
  element.animate(
    points.map(({ x, y }) => ({ transform: `translate(${x}px, ${y}px)` })),
    { duration: Math.min(MOVE_MS, 90 * (points.length - 1)), easing: "ease-in-out" },
  );
}
