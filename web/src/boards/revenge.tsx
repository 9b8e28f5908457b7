/** Tutankhamun's Revenge: the box of 4×4 stacks (columns a–d, rows 1–4), each with its
 * depth and visible top card. "lift b3" and "block b3" are clicks on stack b3. While this
 * seat lays a layer, the next cell is ringed and the cards left to lay lie in a tray under
 * the box (revenge_laying.tsx): a click on one lays it there. While digging, the scarab,
 * stop and keeping the blockade card are buttons under the box. A card that comes to the
 * top turns over. */
import { boardWord, useLanguage } from "../i18n";
import { CardName } from "./card_name";
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
/** The strip under the box while digging: room for two buttons (scarab and stop). */
const BUTTONS_HEIGHT = 82;

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
            <g class={!card && layers === 0 ? "card-face empty" : "card-face"} key={card ?? (layers === 0 ? "empty" : "hidden")}>
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
                <text x={x + CELL / 2} y={y + 24} text-anchor="middle" class="cell-name">
                  {name}
                </text>
                {card ? (
                  <CardName x={x + CELL / 2} y={y + 42} card={card} name={boardWord(t, "tutankhamuns-revenge", "cards", card)} />
                ) : (
                  <text x={x + CELL / 2} y={y + 42} text-anchor="middle" class="tile-label big">
                    {layers === 0 ? t("empty") : "?"}
                  </text>
                )}
                <text x={x + CELL / 2} y={y + 64} text-anchor="middle" class="tile-label">
                  {blocked ? `⛔ ${t("blocked")} · ` : ""}
                  {layingNow[index]
                    ? t("face down")
                    : layers === 1
                      ? t("{count} card", { count: layers })
                      : t("{count} cards", { count: layers })}
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
        <PlaceButton key={action.id} action={action} onAct={onAct} x={12} y={388 + n * 36} width={356} />
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
