/** Valley of the Kings: the building sites with their pyramids' stones and owners, and
 * the stone groups on offer. Bids and orders are chosen in the move list. */
import { seatColour, seatSymbol } from "../seats";
import type { BoardProps } from "./types";
import { list, num, record, str } from "./view";

const STONE: Record<string, string> = {
  red: "#b5473a",
  grey: "#8c8c8c",
  black: "#2b2b2b",
  white: "#f4f1ea",
  sand: "#d9b77a",
};

function stoneColour(name: string): string {
  return STONE[name] ?? "#ccc";
}

export function ValleyBoard({ view }: BoardProps) {
  const sites = list(view.sites).map(record);
  const groups = list(view.groups).map((g) => list(g).map((s) => str(s)));
  const columns = 6;
  const width = columns * 64 + 8;
  const rows = Math.ceil(sites.length / columns);
  const height = rows * 76 + 30 + (groups.length > 0 ? 40 : 0);
  return (
    <svg class="board" viewBox={`0 0 ${width} ${height}`} role="img" aria-label="The valley">
      <rect width={width} height={height} fill="#e8d3a2" />
      {sites.map((site, index) => {
        const x = 6 + (index % columns) * 64;
        const y = 6 + Math.floor(index / columns) * 76;
        const stones = list(site.stones);
        const owner = site.owner === null || site.owner === undefined ? null : num(site.owner);
        const inPlay = site.in_play !== false;
        const large = str(site.size) === "large";
        const per = large ? 4 : 3;
        return (
          <g key={index} opacity={inPlay ? 1 : 0.35}>
            <rect
              x={x}
              y={y}
              width="60"
              height="72"
              rx="5"
              fill={large ? "#d4b26a" : "#dcc48c"}
              stroke={owner === null ? "#8a6d3b" : seatColour(owner)}
              stroke-width={owner === null ? 1 : 3}
            />
            <text x={x + 5} y={y + 13} class="cell-name small">
              {num(site.site)} {large ? "L" : "S"}
            </text>
            {owner !== null && (
              <text x={x + 54} y={y + 13} text-anchor="end" fill={seatColour(owner)}>
                {seatSymbol(owner)}
              </text>
            )}
            {stones.map((stone, n) => (
              <rect
                key={n}
                x={x + 6 + (n % per) * (48 / per)}
                y={y + 60 - Math.floor(n / per) * 12}
                width={48 / per - 2}
                height="10"
                fill={stone === null ? "none" : stoneColour(str(stone))}
                stroke={stone === null ? "#a88b55" : "#333"}
                stroke-dasharray={stone === null ? "2 2" : undefined}
              />
            ))}
          </g>
        );
      })}
      {groups.map((group, index) => (
        <g key={`group-${index}`}>
          <text x={6 + index * 128} y={height - 24} class="cell-name small">
            group {index + 1}
          </text>
          {group.map((stone, n) => (
            <rect
              key={n}
              x={6 + index * 128 + n * 18}
              y={height - 18}
              width="15"
              height="12"
              fill={stoneColour(stone)}
              stroke="#333"
            />
          ))}
        </g>
      ))}
    </svg>
  );
}
