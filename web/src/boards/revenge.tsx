/** Tutankhamun's Revenge: the box of 4×4 stacks (columns a–d, rows 1–4), each with its
 * depth and visible top card. "lift b3" and "block b3" are clicks on stack b3. While this
 * seat lays a layer, the next cell is ringed and the cards left to lay lie in a tray under
 * the box (revenge_laying.tsx): a click on one lays it there. While digging, the scarab,
 * stop and keeping the blockade card are buttons under the box. A card that comes to the
 * top turns over. */
import { boardWord, useLanguage } from "../i18n";
import { CardName } from "./card_name";
import { CardPicture, CardValue, cardTip } from "./revenge_cards";
import { Place, PlaceButton } from "./place";
import type { BoardProps } from "./types";
import type { TutankhamunsRevengeView } from "../generated/views/tutankhamuns-revenge";
import { actionNamed, placeActions } from "./view";
import { LayingTray, trayHeight } from "./revenge_laying";

const CELL = 86;

/** Card colours by kind: earth brown, treasures gold, obelisk stone blue, snakes green,
 * pests red, the death mask dark gold. */
function cardColour(card: string): string {
  if (card === "earth") return "#c9a878";
  if (card === "death-mask") return "#d4a017";
  if (card.startsWith("obelisk")) return "#a9bcd0";
  if (card === "cobra" || card.startsWith("snake")) return "#9cc58a";
  if (card === "mosquito" || card === "scorpion") return "#e39a8a";
  return "#f1d77a";
}
const COLUMNS = "abcd";
/** A line of small words squeezed to the card's width where it would spill over its edge. */
function fit(words: string): { textLength?: number; lengthAdjust?: "spacingAndGlyphs" } {
  return words.length * 4.9 > 64 ? { textLength: 64, lengthAdjust: "spacingAndGlyphs" } : {};
}
/** The buttons under the box while digging (scarab, stop, keeping the blockade card): tall
 * enough for a 44-pixel tap target on a 360-pixel phone (the box is 380 units wide). */
const BUTTON = 52;
/** The strip under the box while digging: room for two buttons. */
const BUTTONS_HEIGHT = 2 * (BUTTON + 6) + 10;

export function RevengeBoard({ view, legal, onAct, last }: BoardProps<TutankhamunsRevengeView>) {
  const { t } = useLanguage();
  const depth = view.depth;
  const top = view.top;
  const places = placeActions(legal, ["lift", "block"]);
  const blocks = view.blocks;
  const mine = Object.entries(view.my_layers);
  // While laying, the cells show this seat's own layer as it is laid (face down to others).
  const layingNow =
    view.phase === "laying" && view.laying ? (view.my_layers[String(view.laying.layer)] ?? []) : [];
  /** Under the box while digging: the scarab, stop and keeping the blockade card. */
  const buttons = ["scarab", "stop", "no-block"]
    .map((notation) => actionNamed(legal, notation))
    .filter((action) => action !== undefined);
  const digging = ["digging", "revealing", "blocking"].includes(view.phase);
  const tray = digging ? BUTTONS_HEIGHT : trayHeight(view, legal);
  /** The cell the next card goes on, while this seat lays. */
  const nextCell = !digging && tray > 0 && view.laying ? view.laying.cards : -1;
  return (
    <div class="board-wrap">
    <svg class="board" viewBox={`0 0 380 ${380 + tray}`} role="group" aria-label={t("The box of sixteen stacks")}>
      <rect x="0" y="0" width="380" height="380" rx="10" fill="#7a5230" />
      {Array.from({ length: 16 }, (_, index) => {
        const name = `${COLUMNS[index % 4]}${Math.floor(index / 4) + 1}`;
        const x = 18 + (index % 4) * CELL;
        const y = 18 + Math.floor(index / 4) * CELL;
        const card = layingNow[index] ?? top[index] ?? null;
        const layers = depth[index] ?? 0;
        const blocked = blocks.includes(index);
        const count = layingNow[index]
          ? t("face down")
          : layers === 1
            ? t("{count} card", { count: layers })
            : t("{count} cards", { count: layers });
        /** The stack's tip: its cell, its top card with its value, blocked or not, its depth. */
        const tip = card ? `${name}: ${cardTip(card, t)}${blocked ? ` · ${t("blocked")}` : ""} · ${count}` : undefined;
        return (
          <Place key={name} action={places.get(name)} onAct={onAct}>
            {Array.from({ length: Math.min(layers, 6) }, (_, layer) => (
              <rect
                key={layer}
                x={x + 4 + layer * 1.5}
                y={y + 4 - layer * 1.5}
                width={CELL - 14}
                height={CELL - 14}
                rx="6"
                fill="#d9c08f"
                stroke="#5a3d1e"
                stroke-width="0.8"
              />
            ))}
            <g class={!card && layers === 0 ? "card-face empty" : "card-face"} key={card ?? (layers === 0 ? "empty" : "hidden")}
              data-tip={tip}>
              {tip && <title>{tip}</title>}
              <rect
                class="spot"
                x={x + 4 + layers * 1.5}
                y={y + 4 - layers * 1.5}
                width={CELL - 14}
                height={CELL - 14}
                rx="6"
                fill={card ? cardColour(card) : layers === 0 ? "#4a2f17" : "#c8b07a"}
                stroke={blocked ? "#111" : "#5a3d1e"}
                stroke-width={blocked ? 4 : 1.5}
              />
              <g transform={`translate(${layers * 1.5 - 2} ${-layers * 1.5})`}>
                <text x={x + 10} y={y + 17} class="cell-name">
                  {blocked ? `${name} ⛔` : name}
                </text>
                {card ? (
                  <>
                    <CardValue card={card} x={x + 76} y={y + 7} />
                    <CardPicture card={card} x={x + 42} y={y + 30} />
                    <CardName x={x + 42} y={y + 54} card={card} name={boardWord(t, "tutankhamuns-revenge", "cards", card)} />
                  </>
                ) : (
                  <text x={x + 42} y={y + 44} text-anchor="middle" class="tile-label big">
                    {layers === 0 ? t("empty") : "?"}
                  </text>
                )}
                <text x={x + 42} y={y + 73} text-anchor="middle" class="tile-label card-count" {...fit(count)}>
                  {count}
                </text>
              </g>
            </g>
            {last?.has(name) && (
              <rect class="last-ring" x={x} y={y - 8} width={CELL - 2} height={CELL + 2} rx="8" />
            )}
            {index === nextCell && (
              <rect class="next-cell" x={x + 1} y={y + 1} width={CELL - 8} height={CELL - 8} rx="8" />
            )}
          </Place>
        );
      })}
      {!digging && tray > 0 && <LayingTray view={view} legal={legal} onAct={onAct} top={380} colour={cardColour} />}
      {digging && <rect x="0" y="380" width="380" height={tray} fill="#5e3f22" />}
      {buttons.map((action, n) => (
        <PlaceButton key={action.id} action={action} onAct={onAct} x={12} y={388 + n * (BUTTON + 6)} width={356} height={BUTTON} />
      ))}
    </svg>
      {mine.length > 0 && (
        <details class="secret">
          <summary>{t("Your secret layers (only you see them)")}</summary>
          <ul>
            {mine.map(([layer, cards]) => (
              <li key={layer} data-layer={layer}>
                {t("Layer {layer}: {cards}", {
                  layer,
                  cards: cards.map((card) => (card ? boardWord(t, "tutankhamuns-revenge", "cards", card) : "·")).join(", "),
                })}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
