/** Tips on the boards: what a piece, tile or card is, in the page's language with its
 * value. A board marks a thing with ``data-tip`` (and an SVG <title>, which a mouse's hover
 * shows); touch has no hover, so a long press (half a second) on a board shows the tip of
 * the thing under the finger in a bubble, and the click that ends the press is swallowed
 * (a long press only asks, it never plays). The keyboard's place shows its tip too, when it
 * holds one (a place focused after a tap shows none). A tap elsewhere, Escape or leaving the place hides it. */
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";

/** How long a press must last to ask for a tip, in milliseconds. */
export const LONG_PRESS = 500;

export interface Tip {
  text: string;
  /** Where, in the board wrapper's coordinates: the point above which the bubble sits. */
  x: number;
  y: number;
}

/** The tip of ``element``: its own ``data-tip``, its nearest marked ancestor's, or (for a
 * place) the one marked thing inside it. */
export function tipOf(element: Element | null): string | null {
  const marked = element?.closest("[data-tip]");
  if (marked) return marked.getAttribute("data-tip");
  const inside = element?.closest(".place")?.querySelectorAll("[data-tip]") ?? [];
  return inside.length === 1 ? (inside[0]?.getAttribute("data-tip") ?? null) : null;
}

/** Whether ``element`` has the focus as the keyboard's (not a tap's or a script's after a
 * tap, such as "Zoom to your move"): the browser's :focus-visible; where a DOM does not know
 * it (a test's), yes. */
function keyboardFocus(element: Element): boolean {
  try {
    return element.matches(":focus-visible");
  } catch {
    return true;
  }
}

export function useBoardTips() {
  const ref = useRef<HTMLDivElement>(null);
  const [tip, setTip] = useState<Tip | null>(null);
  const press = useRef<{ timer: number; x: number; y: number } | null>(null);
  const swallow = useRef(false);

  const at = useCallback((text: string, clientX: number, clientY: number): Tip => {
    const box = ref.current?.getBoundingClientRect();
    const width = box?.width ?? 0;
    const x = clientX - (box?.left ?? 0);
    return { text, x: width > 160 ? Math.min(Math.max(x, 80), width - 80) : x, y: clientY - (box?.top ?? 0) };
  }, []);

  const cancel = useCallback(() => {
    if (press.current) window.clearTimeout(press.current.timer);
    press.current = null;
  }, []);

  const onPointerDown = useCallback(
    (event: PointerEvent) => {
      cancel();
      if (event.pointerType === "mouse") {
        setTip(null);
        return;
      }
      const { clientX, clientY } = event;
      const target = event.target as Element | null;
      press.current = {
        x: clientX,
        y: clientY,
        timer: window.setTimeout(() => {
          press.current = null;
          const stack = typeof document.elementsFromPoint === "function" ? document.elementsFromPoint(clientX, clientY) : [];
          const under = stack.find((element) => tipOf(element));
          const text = tipOf(under ?? target);
          if (!text) return;
          swallow.current = true;
          setTip(at(text, clientX, clientY));
        }, LONG_PRESS),
      };
      setTip(null);
    },
    [at, cancel],
  );

  const onPointerMove = useCallback(
    (event: PointerEvent) => {
      const started = press.current;
      if (started && Math.hypot(event.clientX - started.x, event.clientY - started.y) > 10) cancel();
    },
    [cancel],
  );

  /** The click that ends a long press asks nothing of the board. */
  const onClickCapture = useCallback((event: MouseEvent) => {
    if (!swallow.current) return;
    swallow.current = false;
    event.stopPropagation();
    event.preventDefault();
  }, []);

  const onContextMenu = useCallback((event: MouseEvent) => {
    // A long press opens no context menu over the board's things.
    if (event.target instanceof Element && tipOf(event.target)) event.preventDefault();
  }, []);

  const onFocusIn = useCallback(
    (event: FocusEvent) => {
      const place = (event.target as Element | null)?.closest?.(".place");
      const text = place && keyboardFocus(place) ? tipOf(place) : null;
      if (!place || !text) {
        setTip(null);
        return;
      }
      const box = place.getBoundingClientRect();
      setTip(at(text, box.left + box.width / 2, box.top));
    },
    [at],
  );

  const hide = useCallback(() => setTip(null), []);
  const onKeyDown = useCallback((event: KeyboardEvent) => {
    if (event.key === "Escape") setTip(null);
  }, []);

  // Listened to directly (not as Preact props), so that every browser and test DOM calls
  // them by the events' plain names; the click ending a long press is caught on the way in.
  useEffect(() => {
    const root = ref.current;
    if (!root) return cancel;
    const listeners: [string, (event: never) => void, boolean][] = [
      ["pointerdown", onPointerDown, false],
      ["pointermove", onPointerMove, false],
      ["pointerup", cancel, false],
      ["pointercancel", cancel, false],
      ["click", onClickCapture, true],
      ["contextmenu", onContextMenu, false],
      ["focusin", onFocusIn, false],
      ["focusout", hide, false],
      ["keydown", onKeyDown, false],
    ];
    for (const [name, listener, capture] of listeners) root.addEventListener(name, listener as EventListener, capture);
    return () => {
      cancel();
      for (const [name, listener, capture] of listeners) root.removeEventListener(name, listener as EventListener, capture);
    };
  }, [cancel, onPointerDown, onPointerMove, onClickCapture, onContextMenu, onFocusIn, hide, onKeyDown]);

  return { ref, tip };
}

/** The bubble: above its point, kept inside the board's width. */
export function TipBubble({ tip }: { tip: Tip | null }) {
  if (!tip) return null;
  return (
    <div class="board-tip" role="tooltip" style={{ left: `${tip.x}px`, top: `${tip.y}px` }}>
      {tip.text}
    </div>
  );
}

/** A board with its tips: the tip's state lives here, so that showing or hiding a tip
 * redraws only the bubble (never the board, whose keyboard place settles on each redraw). */
export function BoardTips({ children }: { children: ComponentChildren }) {
  const tips = useBoardTips();
  return (
    <div class="board-tips" ref={tips.ref}>
      {children}
      <TipBubble tip={tips.tip} />
    </div>
  );
}
