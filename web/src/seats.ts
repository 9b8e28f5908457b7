/** Seat colours and symbols: the Okabe–Ito palette, which colour-blind players can tell
 * apart, and a distinct symbol for each seat so colour is never the only cue. */

const COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];
const SYMBOLS = ["●", "▲", "■", "◆", "★", "✚"];

export function seatColour(seat: number): string {
  return COLOURS[seat % COLOURS.length] ?? "#000";
}

export function seatSymbol(seat: number): string {
  return SYMBOLS[seat % SYMBOLS.length] ?? "?";
}
