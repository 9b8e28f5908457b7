/** Touch-sized hit areas for a board's small places (issue 33, item 4: a tap target at least
 * 44 CSS pixels on a phone at the default zoom). On a device whose pointer is coarse (a
 * finger), every place drawn smaller than ``TOUCH`` pixels gets an invisible hit area of
 * ``HIT`` pixels around its middle, in a layer on top of the board (``g.hit-layer``, the
 * last child of each board drawing, laid again whenever the board is redrawn or resized).
 * The drawing itself keeps its size.
 *
 * Hit areas of places close together overlap (Valley's fields around a site, its bid rows,
 * Tutankhamun's path): a tap is given to the place only when it is the one place there —
 * the hit areas under the finger, with the place drawn under it — and otherwise "Which
 * one?" offers those places as big buttons below the board, nearest first, so the
 * intended place is always the one chosen. A mouse (a fine pointer) sees no hit areas. */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { useLanguage } from "../i18n";
import { placeIds } from "./place";

/** The least side of a tap target, in CSS pixels. */
export const TOUCH = 44;
/** The side of a hit area laid around a smaller place (a little over TOUCH, for rounding). */
export const HIT = 46;
const SVG = "http://www.w3.org/2000/svg";

/** Whether the main pointer is a finger. */
export function coarsePointer(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    && window.matchMedia("(pointer: coarse)").matches;
}

/** The hit areas ``svg`` needs, in its own units: one for each place smaller than TOUCH. */
function wantedHits(svg: SVGSVGElement): { ids: string; x: number; y: number; width: number; height: number }[] {
  const matrix = svg.getScreenCTM();
  if (!matrix) return [];
  const scale = Math.hypot(matrix.a, matrix.b);
  if (!(scale > 0)) return [];
  const inverse = matrix.inverse();
  const found = [];
  for (const place of svg.querySelectorAll(".place")) {
    const box = place.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (Math.min(box.width, box.height) >= TOUCH) continue;
    const middle = new DOMPoint(box.left + box.width / 2, box.top + box.height / 2).matrixTransform(inverse);
    const width = Math.max(box.width, HIT) / scale;
    const height = Math.max(box.height, HIT) / scale;
    found.push({ ids: placeIds(place), x: middle.x - width / 2, y: middle.y - height / 2, width, height });
  }
  return found;
}

/** Lay the hit layer of ``svg`` anew when its places or its size changed (and keep it the
 * drawing's last child, on top); take it away where the pointer is fine. */
export function layHits(svg: SVGSVGElement, touch: boolean): void {
  let layer = svg.querySelector<SVGGElement>(":scope > g.hit-layer");
  if (!touch) {
    layer?.remove();
    return;
  }
  const hits = wantedHits(svg);
  const signature = hits.map((hit) => `${hit.ids}@${hit.x.toFixed(1)},${hit.y.toFixed(1)},${hit.width.toFixed(1)},${hit.height.toFixed(1)}`).join(";");
  if (!layer) {
    layer = document.createElementNS(SVG, "g") as SVGGElement;
    layer.setAttribute("class", "hit-layer");
    layer.setAttribute("aria-hidden", "true");
  }
  if (svg.lastElementChild !== layer) svg.appendChild(layer);
  if (layer.getAttribute("data-signature") === signature) return;
  layer.setAttribute("data-signature", signature);
  layer.replaceChildren(
    ...hits.map((hit) => {
      const rect = document.createElementNS(SVG, "rect");
      rect.setAttribute("class", "hit");
      rect.setAttribute("data-for", hit.ids);
      rect.setAttribute("x", String(hit.x));
      rect.setAttribute("y", String(hit.y));
      rect.setAttribute("width", String(hit.width));
      rect.setAttribute("height", String(hit.height));
      return rect;
    }),
  );
}

/** The places a tap at (x, y) may mean: the place drawn under it first, then those whose hit
 * areas hold the point, nearest middle first. */
export function placesAt(root: Element, x: number, y: number): Element[] {
  const under = typeof document.elementsFromPoint === "function" ? document.elementsFromPoint(x, y) : [];
  const places = [...root.querySelectorAll(".place")];
  const byIds = (ids: string) => places.find((place) => placeIds(place) === ids);
  const direct = under.map((element) => (element.closest(".hit-layer") ? null : element.closest(".place"))).find(
    (place): place is Element => place !== null && root.contains(place),
  );
  const distance = (place: Element) => {
    const box = place.getBoundingClientRect();
    return Math.hypot(box.left + box.width / 2 - x, box.top + box.height / 2 - y);
  };
  const near = under
    .filter((element) => element.classList.contains("hit"))
    .map((hit) => byIds(hit.getAttribute("data-for") ?? ""))
    .filter((place): place is Element => place !== undefined && place !== direct)
    .sort((a, b) => distance(a) - distance(b));
  return [...new Set([...(direct ? [direct] : []), ...near])];
}

/** A place chosen by a tap: clicked as the mouse would click it. */
function operate(root: Element, ids: string): void {
  const place = [...root.querySelectorAll(".place")].find((candidate) => placeIds(candidate) === ids);
  place?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
}

interface Choice {
  ids: string;
  label: string;
}

/** The hit layers of the boards under ``ref``, and the taps on them. ``signature`` changes
 * with the legal moves: a question "Which one?" of moves gone is over. */
export function useTapTargets(signature: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [asked, setAsked] = useState<{ signature: string; choices: Choice[] } | null>(null);

  const lay = useCallback(() => {
    const root = ref.current;
    if (!root) return;
    const touch = coarsePointer();
    for (const svg of root.querySelectorAll<SVGSVGElement>("svg")) {
      if (touch && !svg.querySelector(".place") && !svg.querySelector(":scope > g.hit-layer")) continue;
      layHits(svg, touch);
    }
  }, []);

  useLayoutEffect(lay);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const mutations = typeof MutationObserver === "undefined" ? null : new MutationObserver(lay);
    mutations?.observe(root, { subtree: true, childList: true, attributeFilter: ["data-action", "data-actions", "transform", "style"] });
    const sizes = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(lay);
    for (const svg of root.querySelectorAll("svg")) sizes?.observe(svg);
    sizes?.observe(root);
    const onClick = (event: MouseEvent) => {
      const hit = (event.target as Element | null)?.closest?.(".hit");
      if (!hit) return;
      event.stopPropagation();
      event.preventDefault();
      const places = placesAt(root, event.clientX, event.clientY);
      const [only] = places;
      if (places.length === 1 && only) {
        operate(root, placeIds(only));
        return;
      }
      if (places.length > 1) {
        setAsked({
          signature,
          choices: places.map((place) => ({ ids: placeIds(place), label: place.getAttribute("aria-label") ?? "" })),
        });
      }
    };
    root.addEventListener("click", onClick, true);
    root.addEventListener("transitionend", lay);
    return () => {
      mutations?.disconnect();
      sizes?.disconnect();
      root.removeEventListener("click", onClick, true);
      root.removeEventListener("transitionend", lay);
    };
  }, [lay, signature]);

  const choices = asked !== null && asked.signature === signature ? asked.choices : null;
  const choose = useCallback((ids: string | null) => {
    setAsked(null);
    if (ids !== null && ref.current) operate(ref.current, ids);
  }, []);
  return { ref, choices, choose };
}

/** "Which one?": the places a tap between several may mean, as big buttons. */
export function TapChoice(props: { choices: Choice[] | null; choose: (ids: string | null) => void }) {
  const { choices, choose } = props;
  const { t } = useLanguage();
  const panel = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (choices) panel.current?.querySelector<HTMLButtonElement>("button")?.focus({ preventScroll: true });
  }, [choices]);
  if (!choices) return null;
  return (
    <div class="tap-choice" role="group" aria-label={t("Which one?")} ref={panel}
      onKeyDown={(event) => {
        if (event.key === "Escape") choose(null);
      }}>
      <span class="composer-title">{t("Which one?")}</span>
      {choices.map((choice) => (
        <button type="button" key={choice.ids} class="tap-option" data-for={choice.ids} onClick={() => choose(choice.ids)}>
          {choice.label}
        </button>
      ))}
      <button type="button" class="clear" onClick={() => choose(null)}>
        {t("Cancel")}
      </button>
    </div>
  );
}
