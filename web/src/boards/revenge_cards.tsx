/** Tutankhamun's Revenge's cards drawn small: a picture of each kind (drawn for Saqqara
 * from plain shapes, no artwork from the box) and its value in a badge ("+5", "−10"), and
 * the card's tip: its name in the page's language with its value. */
import { boardValue, boardWord, type Translate } from "../i18n";

const INK = "#3b2a1a";

/** A card's picture in a box of about 24 units centred on (x, y). */
export function CardPicture({ card, x, y }: { card: string; x: number; y: number }) {
  const common = { stroke: INK, "stroke-width": 1.4, "stroke-linejoin": "round" as const, "stroke-linecap": "round" as const };
  let drawing: preact.JSX.Element;
  switch (card) {
    case "earth":
      drawing = (
        <g {...common}>
          <path d="M-12 8 Q-6 -6 0 2 Q6 -8 12 8 Z" fill="#8a6a3f" />
          <circle cx="-4" cy="4" r="1.3" fill={INK} />
          <circle cx="5" cy="5" r="1.3" fill={INK} />
        </g>
      );
      break;
    case "alabaster-vase":
    case "faience-vase":
      drawing = (
        <path {...common} d="M-4 -11 H4 V-8 Q10 -4 8 4 Q6 11 0 11 Q-6 11 -8 4 Q-10 -4 -4 -8 Z"
          fill={card === "faience-vase" ? "#3fa7a0" : "#fbf6ea"} />
      );
      break;
    case "bracelet":
      drawing = (
        <g {...common}>
          <ellipse cx="0" cy="0" rx="10" ry="8" fill="none" stroke-width="4" stroke="#b8860b" />
          <ellipse cx="0" cy="0" rx="10" ry="8" fill="none" />
          <ellipse cx="0" cy="-8" rx="3.5" ry="2.5" fill="#2f6fb0" />
        </g>
      );
      break;
    case "coffin-ornament":
      drawing = (
        <g {...common}>
          <rect x="-6" y="-11" width="12" height="22" rx="6" fill="#f5d76e" />
          <line x1="-3" y1="-3" x2="3" y2="-3" />
          <line x1="-3" y1="2" x2="3" y2="2" />
          <circle cx="0" cy="-7" r="1.5" fill={INK} />
        </g>
      );
      break;
    case "necklace":
      drawing = (
        <g {...common}>
          <path d="M-11 -6 Q0 14 11 -6" fill="none" />
          {[-8, -4, 0, 4, 8].map((dx) => (
            <circle key={dx} cx={dx} cy={dx === 0 ? 4 : Math.abs(dx) === 4 ? 2 : -2} r="2" fill="#c0392b" />
          ))}
        </g>
      );
      break;
    case "horus-falcon":
      drawing = (
        <g {...common}>
          <path d="M-2 -10 Q5 -12 6 -6 L11 -4 L5 -3 Q6 6 0 11 L-8 11 Q-2 4 -5 -3 Q-6 -9 -2 -10 Z" fill="#6b8e23" />
          <circle cx="2" cy="-7" r="1.2" fill={INK} />
        </g>
      );
      break;
    case "cobra":
      drawing = (
        <g {...common}>
          <path d="M0 -11 Q9 -8 7 0 Q5 6 0 7 Q-5 6 -7 0 Q-9 -8 0 -11 Z" fill="#5b8c3a" />
          <path d="M0 7 V11" />
          <circle cx="-2.5" cy="-4" r="1.2" fill={INK} />
          <circle cx="2.5" cy="-4" r="1.2" fill={INK} />
        </g>
      );
      break;
    case "snake-middle":
    case "snake-tail":
      drawing = (
        <path {...common} fill="none" stroke="#3d6b26" stroke-width="4"
          d={card === "snake-middle" ? "M-12 0 Q-6 -8 0 0 T12 0" : "M-12 0 Q-6 -8 0 0 Q5 6 11 2"} />
      );
      break;
    case "obelisk-top":
    case "obelisk-middle":
    case "obelisk-foot":
      drawing = (
        <g {...common} fill="#8fa3b8">
          {card === "obelisk-top" && <path d="M-5 11 L-4 -4 L0 -11 L4 -4 L5 11 Z" />}
          {card === "obelisk-middle" && <path d="M-5 -11 H5 L6 11 H-6 Z" />}
          {card === "obelisk-foot" && <path d="M-5 -11 H5 L6 6 H10 V11 H-10 V6 H-6 Z" />}
        </g>
      );
      break;
    case "mosquito":
      drawing = (
        <g {...common}>
          <ellipse cx="-6" cy="-5" rx="6" ry="3" fill="#e8f0f8" transform="rotate(-25 -6 -5)" />
          <ellipse cx="6" cy="-5" rx="6" ry="3" fill="#e8f0f8" transform="rotate(25 6 -5)" />
          <ellipse cx="0" cy="2" rx="2.5" ry="7" fill={INK} />
          <path d="M-2 6 L-7 11 M2 6 L7 11 M0 -5 V-11" />
        </g>
      );
      break;
    case "scorpion":
      drawing = (
        <g {...common}>
          <ellipse cx="-2" cy="4" rx="7" ry="4" fill="#8b3a2a" />
          <path d="M4 4 Q12 2 10 -6 Q8 -11 3 -8" fill="none" stroke-width="2.5" />
          <path d="M-9 4 L-12 -1 M-9 6 L-12 10 M-4 8 L-6 11 M0 8 L1 11" />
        </g>
      );
      break;
    case "death-mask":
      drawing = (
        <g {...common}>
          <path d="M-10 -11 H10 L9 2 Q7 11 0 11 Q-7 11 -9 2 Z" fill="#e0b22c" />
          <path d="M-10 -11 L-11 6 M10 -11 L11 6" stroke="#2f5fa0" stroke-width="2" />
          <circle cx="-4" cy="-3" r="1.6" fill={INK} />
          <circle cx="4" cy="-3" r="1.6" fill={INK} />
          <path d="M-3 5 H3" />
        </g>
      );
      break;
    default:
      drawing = <circle r="8" fill="#f1d77a" {...common} />;
  }
  return (
    <g class="card-picture" transform={`translate(${x} ${y})`} aria-hidden="true">
      {drawing}
    </g>
  );
}

/** A value as printed: "+5", "0", "−10" (a true minus sign). */
export function signedValue(value: number): string {
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : "0";
}

/** A card's value badge at its top right corner (x, y): white with dark words, negative
 * values in dark red. */
export function CardValue({ card, x, y }: { card: string; x: number; y: number }) {
  const value = boardValue("tutankhamuns-revenge", "cards", card);
  if (value === undefined) return null;
  return (
    <g class="card-value" aria-hidden="true">
      <rect x={x - 20} y={y} width="20" height="13" rx="4" fill="#fffaf0" stroke="#5a3d1e" stroke-width="0.8" />
      <text x={x - 10} y={y + 10} text-anchor="middle" class={value < 0 ? "card-value-text negative" : "card-value-text"}>
        {signedValue(value)}
      </text>
    </g>
  );
}

/** A card's tip: its name in the page's language and its value. */
export function cardTip(card: string, t: Translate): string {
  const name = boardWord(t, "tutankhamuns-revenge", "cards", card);
  const value = boardValue("tutankhamuns-revenge", "cards", card);
  return value === undefined ? name : t("{name}, value {value}", { name, value: signedValue(value) });
}
