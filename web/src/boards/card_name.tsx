/** A card's name on a Revenge stack in the page's language: one bold line when it fits,
 * else two smaller lines (broken at a space, or a compound word where it shares a part with
 * another card's name: see nameLines), each line made smaller, and at last squeezed, until
 * it fits the card's width. */
import { useLayoutEffect, useMemo, useRef } from "preact/hooks";
import { BOARD_WORDS, useLanguage } from "../i18n";
import { nameLines } from "./view";

/** The card face's width for text, in the board's units. */
const WIDTH = 66;
/** About how wide a bold character is, per unit of font size (a first guess; the drawn
 * line is measured and squeezed if it is still too wide). */
const CHARACTER = 0.62;
/** The smallest font size a line is shrunk to before it is squeezed. */
const SMALLEST = 8.5;

export function CardName(props: { x: number; y: number; name: string; card: string }) {
  const { x, y, name, card } = props;
  const { t } = useLanguage();
  // Every card's name in the page's language: the parts a compound word may break at.
  const names = useMemo(
    () => Object.values(BOARD_WORDS["tutankhamuns-revenge"]?.cards ?? {}).map((english) => t(english)),
    [t],
  );
  const lines = nameLines(name, 10, names);
  const size = lines.length === 1 && name.length <= 10 ? 13 : 10.5;
  const drawn = useRef<SVGTextElement>(null);
  // A line the browser draws wider than the card is squeezed to the card's width.
  useLayoutEffect(() => {
    for (const span of drawn.current?.querySelectorAll("tspan") ?? []) {
      span.removeAttribute("textLength");
      if (typeof span.getComputedTextLength === "function" && span.getComputedTextLength() > WIDTH) {
        span.setAttribute("textLength", String(WIDTH));
        span.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    }
  }, [name]);
  return (
    <text ref={drawn} x={x} y={lines.length === 1 ? y + 3 : y - 4} text-anchor="middle" class="tile-label card-name"
      data-card={card}>
      {lines.map((line, n) => (
        <tspan key={n} x={x} dy={n === 0 ? 0 : size + 1}
          style={{ fontSize: `${Math.max(SMALLEST, Math.min(size, WIDTH / (line.length * CHARACTER)))}px` }}>
          {line}
        </tspan>
      ))}
    </text>
  );
}
