/** Tutankhamun's Revenge, laying a layer: the cards of the layer still to lay, in a tray
 * under the box. A card that may go on the next cell (ringed in the box) is a place whose
 * click sends "lay CARD"; one that may not go there now (the snake and the obelisks must
 * lie together) is drawn faded; the die at the end lays the rest at random ("random"). The
 * card names are the board words in the page's language, as on the stacks. */
import type { LegalAction } from "../generated/protocol";
import type { TutankhamunsRevengeView } from "../generated/views/tutankhamuns-revenge";
import { BOARD_WORDS, boardWord, useLanguage } from "../i18n";
import { Place } from "./place";
import { CardValue, cardTip } from "./revenge_cards";
import { actionNamed, nameLines } from "./view";

const PER_ROW = 6;
/** Wide enough for a 44-pixel tap target on a 360-pixel phone (the box is 380 units). */
const WIDE = 58;
const TALL = 54;

/** The cards of kinds not yet laid in the layer being laid by this seat (kind: count). */
export function cardsToLay(view: TutankhamunsRevengeView): [string, number][] {
  if (view.phase !== "laying" || !view.laying) return [];
  const layer = view.laying.layer;
  const laid = view.my_layers[String(layer)] ?? [];
  const all = view.hidden_left[layer - 1] ?? {};
  return Object.entries(all)
    .map(([card, count]): [string, number] => [card, count - laid.filter((c) => c === card).length])
    .filter(([, count]) => count > 0);
}

/** How tall the tray is for the cards to lay (nothing while this seat lays nothing). */
export function trayHeight(view: TutankhamunsRevengeView, legal: LegalAction[]): number {
  if (!legal.some((action) => action.notation.startsWith("lay ") || action.notation === "random")) return 0;
  const items = cardsToLay(view).length + 1;
  return Math.ceil(items / PER_ROW) * (TALL + 6) + 12;
}

export function LayingTray(props: {
  view: TutankhamunsRevengeView;
  legal: LegalAction[];
  onAct: (action: number) => void;
  top: number;
  colour: (card: string) => string;
}) {
  const { view, legal, onAct, top, colour } = props;
  const cards = cardsToLay(view);
  const { t } = useLanguage();
  // The cards' names in the page's language (a compound breaks where another shares a part).
  const names = Object.values(BOARD_WORDS["tutankhamuns-revenge"]?.cards ?? {}).map((english) => t(english));
  const at = (n: number) => ({
    x: 12 + (n % PER_ROW) * (WIDE + 2),
    y: top + 8 + Math.floor(n / PER_ROW) * (TALL + 6),
  });
  const random = actionNamed(legal, "random");
  const dice = at(cards.length);
  return (
    <g class="laying-tray">
      <rect x="0" y={top} width="380" height={trayHeight(view, legal)} fill="#5e3f22" />
      {cards.map(([card, count], n) => {
        const { x, y } = at(n);
        const action = actionNamed(legal, `lay ${card}`);
        const [first, second = ""] = nameLines(boardWord(t, "tutankhamuns-revenge", "cards", card), 8, names);
        return (
          <Place key={card} action={action} onAct={onAct} kind={action ? "tray-card" : "tray-card faded"}>
            <g data-tip={cardTip(card, t)}>
              <title>{cardTip(card, t)}</title>
              <rect class="spot" x={x} y={y} width={WIDE - 4} height={TALL} rx="5" fill={colour(card)} stroke="#5a3d1e" />
              {[first ?? card, second].map((word, line) => (
                <text key={line} x={x + WIDE / 2 - 2} y={y + 14 + line * 10} text-anchor="middle"
                  class={word.length > 8 ? "tile-label narrow" : "tile-label"}>
                  {word}
                </text>
              ))}
              <CardValue card={card} x={x + WIDE / 2 + 8} y={y + 28} />
              <text x={x + WIDE / 2 - 2} y={y + 51} text-anchor="middle" class="tile-label big">
                ×{count}
              </text>
            </g>
          </Place>
        );
      })}
      {random && (
        <Place action={random} onAct={onAct} kind="tray-card">
          <rect class="spot button" x={dice.x} y={dice.y} width={WIDE - 4} height={TALL} rx="5" />
          <rect x={dice.x + 9} y={dice.y + 13} width="28" height="28" rx="5" fill="#fff" stroke="#1f3b57" stroke-width="2" />
          {[[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]].map(([col = 0, row = 0]) => (
            <circle key={`${col}${row}`} cx={dice.x + 15 + col * 8} cy={dice.y + 19 + row * 8} r="2.4" fill="#1f3b57" />
          ))}
        </Place>
      )}
    </g>
  );
}
