/** Clickable places on a board and their keyboard access. A place is an SVG group that
 * sends its action on click, Enter or Space, and says what it does to screen readers (its
 * accessible name is the move's label from the server). A board's places form one
 * composite with a roving tabindex (``useRovingPlaces``): Tab enters the board at one place,
 * the arrow keys move to the nearest place in their direction (Home and End to the first
 * and last), and Enter or Space chooses. */
import type { ComponentChildren } from "preact";
import { useCallback, useLayoutEffect, useRef } from "preact/hooks";
import type { LegalAction } from "../generated/protocol";

/** Enter and Space operate a place (Space without scrolling the page). */
export function onOperate(operate: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    operate();
  };
}

export function Place(props: {
  action: LegalAction | undefined;
  onAct: (action: number) => void;
  children: ComponentChildren;
  /** A class for the group besides ``place`` (kept when the place has no move). */
  kind?: string;
}) {
  const { action, onAct, children, kind } = props;
  if (!action) return <g class={kind}>{children}</g>;
  const send = () => onAct(action.id);
  return (
    <g
      class={kind ? `place ${kind}` : "place"}
      role="button"
      tabIndex={-1}
      aria-label={action.label}
      data-action={action.id}
      onClick={send}
      onKeyDown={onOperate(send)}
    >
      <title>{action.label}</title>
      {children}
    </g>
  );
}

/** The actions a place stands for, as written on it. */
export function placeIds(place: Element): string {
  return place.getAttribute("data-action") ?? place.getAttribute("data-actions") ?? "";
}

/** Mark (class ``hinted``) the places under ``root`` that stand for the move ``hinted``,
 * and no other. */
export function markHinted(root: Element, hinted: number | null): void {
  for (const place of root.querySelectorAll(".place")) {
    const wanted = hinted !== null && placeIds(place).split(" ").includes(String(hinted));
    if (place.classList.contains("hinted") !== wanted) place.classList.toggle("hinted", wanted);
  }
}

function centre(element: Element): { x: number; y: number; known: boolean } {
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2, known: box.width > 0 || box.height > 0 };
}

/** The place an arrow key leads to from ``from``: the nearest one whose centre lies in the
 * key's direction (within 60° either side of it, nearer the axis preferred); in document
 * order where the layout is unknown (no boxes, as in a test's DOM) or nothing lies that way
 * (then right and down wrap to the next place, left and up to the previous one). */
export function placeToward(places: Element[], from: Element, key: string): Element | undefined {
  const index = places.indexOf(from);
  const forward = key === "ArrowRight" || key === "ArrowDown";
  const inOrder = places[(index + (forward ? 1 : -1) + places.length) % places.length];
  const start = centre(from);
  if (!start.known) return inOrder;
  const [dx, dy] = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key] ?? [0, 0];
  let best: Element | undefined;
  let bestScore = Infinity;
  for (const place of places) {
    if (place === from) continue;
    const at = centre(place);
    const along = (at.x - start.x) * (dx ?? 0) + (at.y - start.y) * (dy ?? 0);
    const across = Math.abs((at.x - start.x) * (dy ?? 0) - (at.y - start.y) * (dx ?? 0));
    if (along <= 0.5 || across > along * 1.75) continue;
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = place;
    }
  }
  return best ?? inOrder;
}

/** The roving tabindex of a board's places. Put ``ref`` and ``onKeyDown`` on an element
 * around the board: after every change of the board exactly one place is in the Tab order
 * (the one last focused while it stays a place, else the place of the first legal move);
 * the arrow keys, Home and End move between places; and a keyboard user whose place went
 * away with a move (the board redrawn) is brought back to the board's place in the Tab
 * order when the next places appear (never from a decision's choices or Confirm beside the
 * board, where the keyboard goes on with the decision). */
export function useRovingPlaces(legal: LegalAction[]) {
  const ref = useRef<HTMLDivElement>(null);
  /** What the place in the Tab order stands for (its action ids). */
  const remembered = useRef<string | null>(null);
  /** Whether the focus was on the board (a place, or a choice beside it). */
  const inside = useRef(false);
  const order = useRef(legal);
  order.current = legal;

  const places = useCallback(
    (): HTMLElement[] => [...(ref.current?.querySelectorAll<HTMLElement>(".place") ?? [])],
    [],
  );

  const settle = useCallback(() => {
    const all = places();
    if (all.length === 0) return;
    let stop = all.find((place) => remembered.current !== null && placeIds(place) === remembered.current);
    if (!stop) {
      const first = order.current.find((action) =>
        all.some((place) => placeIds(place).split(" ").includes(String(action.id))),
      );
      stop = all.find((place) => first && placeIds(place).split(" ").includes(String(first.id))) ?? all[0];
    }
    for (const place of all) place.setAttribute("tabindex", place === stop ? "0" : "-1");
    const focused = document.activeElement;
    const lost =
      !focused ||
      focused === document.body ||
      !focused.isConnected ||
      (Boolean(ref.current?.contains(focused)) && !focused.closest(".place, .composer"));
    if (inside.current && lost && stop) stop.focus({ preventScroll: true });
  }, [places]);

  useLayoutEffect(settle);
  useLayoutEffect(() => {
    // Boards redraw parts of themselves (a decision built up); settle again after each.
    const root = ref.current;
    if (!root || typeof MutationObserver === "undefined") return undefined;
    const observer = new MutationObserver(settle);
    observer.observe(root, { subtree: true, childList: true, attributeFilter: ["class", "data-action", "data-actions"] });
    return () => observer.disconnect();
  }, [settle]);

  const onFocusIn = useCallback((event: FocusEvent) => {
    const place = (event.target as Element | null)?.closest?.(".place");
    inside.current = true;
    if (place) remembered.current = placeIds(place);
    if (place) for (const other of places()) other.setAttribute("tabindex", other === place ? "0" : "-1");
  }, [places]);

  const onFocusOut = useCallback((event: FocusEvent) => {
    // Focus moving elsewhere on the page ends it; focus lost with a redrawn place does not.
    const next = event.relatedTarget as Element | null;
    if (next && !ref.current?.contains(next)) inside.current = false;
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      const from = (event.target as Element | null)?.closest?.(".place");
      if (!from) return;
      const all = places();
      let to: Element | undefined;
      if (event.key === "Home") to = all[0];
      else if (event.key === "End") to = all[all.length - 1];
      else if (event.key.startsWith("Arrow")) to = placeToward(all, from, event.key);
      else return;
      event.preventDefault();
      if (to instanceof HTMLElement || to instanceof SVGElement) to.focus();
    },
    [places],
  );

  return { ref, onKeyDown, onFocusIn, onFocusOut };
}

/** A move that is no spot on the board drawn as a button on it, named by its label. */
export function PlaceButton(props: {
  action: LegalAction | undefined;
  onAct: (action: number) => void;
  x: number;
  y: number;
  width: number;
  height?: number;
  /** The label's font size in the board's units (style.css's .button-text: 14). */
  size?: number;
}) {
  const { action, onAct, x, y, width, height = 30, size = 14 } = props;
  if (!action) return null;
  return (
    <Place action={action} onAct={onAct} kind="board-button">
      <rect class="spot button" x={x} y={y} width={width} height={height} rx="8" />
      <text x={x + width / 2} y={y + height / 2 + size * 0.36} text-anchor="middle" class="button-text"
        style={size === 14 ? undefined : { fontSize: `${size}px` }}
        {...(action.label.length * size * 0.56 > width - 16 ? { textLength: width - 16, lengthAdjust: "spacingAndGlyphs" } : {})}>
        {action.label}
      </text>
    </Place>
  );
}
