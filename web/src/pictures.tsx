/** Small pictures of the four games, drawn for Saqqara (no artwork from the boxes). */

const PICTURES: Record<string, preact.JSX.Element> = {
  tutankhamun: (
    <g>
      <path d="M10 50 A38 38 0 1 1 70 60 A26 26 0 1 1 28 40 A14 14 0 1 1 52 44" fill="none"
        stroke="#8a6d3b" stroke-width="6" stroke-dasharray="6 3" />
      <polygon points="40,28 52,50 28,50" fill="#c9a227" stroke="#6b4f12" />
    </g>
  ),
  "valley-of-the-kings": (
    <g>
      <polygon points="8,70 30,30 52,70" fill="#d9b77a" stroke="#6b4f12" />
      <polygon points="38,70 58,36 78,70" fill="#b5473a" stroke="#6b4f12" />
      <rect x="4" y="70" width="76" height="6" fill="#8a6d3b" />
    </g>
  ),
  "curse-of-the-mummy": (
    <g>
      <path d="M8 8 H72 V72 H8 Z M24 8 V40 H40 M56 72 V40 H40 V24 M8 56 H24" fill="none"
        stroke="#3b2a1a" stroke-width="5" />
      <text x="52" y="26" font-size="18">☠</text>
    </g>
  ),
  "tutankhamuns-revenge": (
    <g>
      {Array.from({ length: 16 }, (_, n) => (
        <rect key={n} x={8 + (n % 4) * 17} y={8 + Math.floor(n / 4) * 17} width="15" height="15"
          rx="2" fill={n === 5 ? "#c9a227" : "#d9c08f"} stroke="#5a3d1e" />
      ))}
    </g>
  ),
};

export function GamePicture(props: { game: string }) {
  return (
    <svg class="picture" viewBox="0 0 80 80" aria-hidden="true">
      <rect width="80" height="80" rx="8" fill="#f3e6c4" />
      {PICTURES[props.game]}
    </svg>
  );
}
