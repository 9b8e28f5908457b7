/** Zoom and pan for a board too fine for a phone (Valley of the Kings on 360 pixels): the
 * board sits in a frame that scrolls both ways; + and − zoom around the frame's middle, two
 * fingers pinch around their midpoint, and "Zoom to your move" enlarges the area of the
 * current decision until its smallest place is a touch target of at least TARGET pixels,
 * and scrolls it into the middle of the frame. Zoom 1 is the whole board at the frame's
 * width. */
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { useLanguage } from "../i18n";

/** The smallest touch target, in CSS pixels, that "Zoom to your move" makes. */
export const TARGET = 44;
const MAX_ZOOM = 8;
/** How high the zoomed frame may be, as a share of the window (style.css: 72vh). */
const FRAME_HEIGHT = 0.72;
const STEP = 1.5;

export interface Zoom {
  zoom: number;
  frame: { current: HTMLDivElement | null };
  /** Zoom by ``factor`` around a point of the frame (its middle when none is given). */
  zoomBy: (factor: number, at?: { x: number; y: number }) => void;
  /** Enlarge the places of the current decision to touch size and centre them. */
  focus: () => void;
  /** Back to the whole board. */
  whole: () => void;
}

function clamp(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(1, zoom));
}

/** The boxes of the clickable places drawn in ``frame``, in pixels of the frame's content
 * (its scrolled area), from where the browser lays them out. */
export function placeBoxes(frame: HTMLElement): { x: number; y: number; width: number; height: number }[] {
  const origin = frame.getBoundingClientRect();
  return [...frame.querySelectorAll("svg .place")]
    .map((place) => place.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0)
    .map((box) => ({
      x: box.left - origin.left + frame.scrollLeft,
      y: box.top - origin.top + frame.scrollTop,
      width: box.width,
      height: box.height,
    }));
}

type Box = { x: number; y: number; width: number; height: number };

/** Where "Zoom to your move" goes: the zoom that makes the smallest of ``boxes`` (places
 * measured at ``zoom``, in pixels of the frame's content) ``TARGET`` pixels across, and the
 * frame's scroll position that shows the most of them: of the windows of the frame's size
 * (``width`` × ``height``) around each place, the one holding the most places' centres,
 * centred on them, or from their top and left edge where they do not fit. */
export function focusOn(
  boxes: Box[],
  zoom: number,
  width: number,
  height: number,
): { zoom: number; left: number; top: number } | null {
  if (boxes.length === 0) return null;
  const smallest = Math.min(...boxes.map((box) => Math.min(box.width, box.height)));
  const next = clamp((zoom * TARGET) / smallest);
  const scale = next / zoom;
  const scaled = boxes.map((box) => ({
    x: box.x * scale,
    y: box.y * scale,
    width: box.width * scale,
    height: box.height * scale,
  }));
  const centre = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
  let best: Box[] = [];
  for (const around of scaled) {
    const middle = centre(around);
    const near = scaled.filter((box) => {
      const at = centre(box);
      return Math.abs(at.x - middle.x) <= width / 2 && Math.abs(at.y - middle.y) <= height / 2;
    });
    if (near.length > best.length) best = near;
  }
  const margin = 8;
  const left = Math.min(...best.map((box) => box.x));
  const top = Math.min(...best.map((box) => box.y));
  const right = Math.max(...best.map((box) => box.x + box.width));
  const bottom = Math.max(...best.map((box) => box.y + box.height));
  return {
    zoom: next,
    left: right - left <= width - 2 * margin ? (left + right) / 2 - width / 2 : left - margin,
    top: bottom - top <= height - 2 * margin ? (top + bottom) / 2 - height / 2 : top - margin,
  };
}

export function useZoom(): Zoom {
  const [zoom, setZoom] = useState(1);
  const frame = useRef<HTMLDivElement | null>(null);
  const current = useRef(zoom);
  current.current = zoom;
  /** Where the frame scrolls once the new zoom is laid out. */
  const scrollTo = useRef<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const target = scrollTo.current;
    const element = frame.current;
    if (!target || !element) return;
    scrollTo.current = null;
    element.scrollLeft = Math.max(0, target.left);
    element.scrollTop = Math.max(0, target.top);
    element.scrollIntoView?.({ block: "nearest" });
  }, [zoom]);
  const zoomBy = useCallback((factor: number, at?: { x: number; y: number }) => {
    const element = frame.current;
    const old = current.current;
    const next = clamp(old * factor);
    if (!element || next === old) return;
    const x = at?.x ?? element.clientWidth / 2;
    const y = at?.y ?? element.clientHeight / 2;
    const scale = next / old;
    // Several pinch moves may come before the board is drawn anew: each goes on from the
    // last one's zoom and scroll, not the drawn ones.
    const from = scrollTo.current ?? { left: element.scrollLeft, top: element.scrollTop };
    scrollTo.current = { left: (from.left + x) * scale - x, top: (from.top + y) * scale - y };
    current.current = next;
    setZoom(next);
  }, []);
  const focus = useCallback(() => {
    const element = frame.current;
    if (!element) return;
    // Zoomed, the frame is at most FRAME_HEIGHT of the window high.
    const height = window.innerHeight * FRAME_HEIGHT;
    const found = focusOn(placeBoxes(element), current.current, element.clientWidth, height);
    if (!found) return;
    scrollTo.current = { left: found.left, top: found.top };
    if (found.zoom === current.current) {
      element.scrollLeft = Math.max(0, found.left);
      element.scrollTop = Math.max(0, found.top);
      scrollTo.current = null;
    } else {
      current.current = found.zoom;
      setZoom(found.zoom);
    }
  }, []);
  const whole = useCallback(() => {
    scrollTo.current = { left: 0, top: 0 };
    current.current = 1;
    setZoom(1);
  }, []);
  usePinch(frame, zoomBy);
  return { zoom, frame, zoomBy, focus, whole };
}

/** Two fingers on the frame zoom around their midpoint (one finger scrolls as usual). */
function usePinch(
  frame: { current: HTMLDivElement | null },
  zoomBy: (factor: number, at?: { x: number; y: number }) => void,
) {
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let last: number | null = null;
    const spread = (touches: TouchList) => {
      const [a, b] = [touches[0], touches[1]];
      if (!a || !b) return null;
      const origin = element.getBoundingClientRect();
      return {
        distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
        at: { x: (a.clientX + b.clientX) / 2 - origin.left, y: (a.clientY + b.clientY) / 2 - origin.top },
      };
    };
    const start = (event: TouchEvent) => {
      last = event.touches.length === 2 ? (spread(event.touches)?.distance ?? null) : null;
    };
    const move = (event: TouchEvent) => {
      if (event.touches.length !== 2 || last === null) return;
      event.preventDefault(); // the board zooms, not the page
      const now = spread(event.touches);
      if (!now || now.distance <= 0) return;
      zoomBy(now.distance / last, now.at);
      last = now.distance;
    };
    const end = (event: TouchEvent) => {
      if (event.touches.length < 2) last = null;
    };
    element.addEventListener("touchstart", start, { passive: true });
    element.addEventListener("touchmove", move, { passive: false });
    element.addEventListener("touchend", end, { passive: true });
    element.addEventListener("touchcancel", end, { passive: true });
    return () => {
      element.removeEventListener("touchstart", start);
      element.removeEventListener("touchmove", move);
      element.removeEventListener("touchend", end);
      element.removeEventListener("touchcancel", end);
    };
  }, [frame, zoomBy]);
}

/** The zoom buttons over the board, and the frame the board scrolls in. */
export function ZoomFrame(props: { zoom: Zoom; deciding: boolean; children: ComponentChildren }) {
  const { zoom, deciding, children } = props;
  const { t } = useLanguage();
  return (
    <>
      <div class="zoom-bar" role="group" aria-label={t("Zoom")}>
        <button type="button" class="zoom-out" aria-label={t("Zoom out")} title={t("Zoom out")}
          disabled={zoom.zoom <= 1} onClick={() => zoom.zoomBy(1 / STEP)}>
          −
        </button>
        <button type="button" class="zoom-in" aria-label={t("Zoom in")} title={t("Zoom in")}
          disabled={zoom.zoom >= MAX_ZOOM} onClick={() => zoom.zoomBy(STEP)}>
          +
        </button>
        {deciding && (
          <button type="button" class="zoom-focus" onClick={zoom.focus}>
            {t("Zoom to your move")}
          </button>
        )}
        {zoom.zoom > 1 && (
          <button type="button" class="zoom-whole" aria-label={t("Whole board")} title={t("Whole board")}
            onClick={zoom.whole}>
            1×
          </button>
        )}
      </div>
      <div
        class={zoom.zoom > 1 ? "board-scroll zoomable zoomed" : "board-scroll zoomable"}
        ref={(element) => {
          zoom.frame.current = element;
        }}
        data-zoom={zoom.zoom.toFixed(2)}
      >
        <div class="zoom-content" style={{ width: `${zoom.zoom * 100}%` }}>
          {children}
        </div>
      </div>
    </>
  );
}
