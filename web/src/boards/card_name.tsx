/** A card's name on a Revenge stack in the page's language: one bold line when it fits,
 * else two smaller lines (broken at a space or hyphenated, see nameLines), each squeezed to
 * the card's width if it is still too long. */
import { nameLines } from "./view";

/** The card face's width for text, in the board's units. */
const WIDTH = 66;
/** About how wide a character of the card-name font is, per unit of font size. */
const CHARACTER = 0.6;

export function CardName(props: { x: number; y: number; name: string; card: string }) {
  const { x, y, name, card } = props;
  const lines = nameLines(name, 10);
  const size = lines.length === 1 ? 13 : 10.5;
  return (
    <text x={x} y={lines.length === 1 ? y : y - 5} text-anchor="middle" class="tile-label card-name" data-card={card} style={{ fontSize: `${size}px` }}>
      {lines.map((line, n) => {
        const squeeze = line.length * size * CHARACTER > WIDTH;
        return (
          <tspan
            key={n}
            x={x}
            dy={n === 0 ? 0 : size + 1}
            textLength={squeeze ? WIDTH : undefined}
            lengthAdjust={squeeze ? "spacingAndGlyphs" : undefined}
          >
            {line}
          </tspan>
        );
      })}
    </text>
  );
}
