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

/** The ink for a symbol or number drawn on a seat's colour: white or black, whichever
 * reads better on it (WCAG AA, 4.5:1 or more for each of the palette's colours). */
const INKS = ["#fff", "#000", "#000", "#000", "#000", "#000"];

export function seatInk(seat: number): string {
  return INKS[seat % INKS.length] ?? "#000";
}

/** A seat's colour darkened for words and numbers drawn in it on the boards' light
 * grounds (4.5:1 or more on white and on the boards' pale fields). */
const TEXT_COLOURS = ["#005687", "#883c00", "#005e44", "#72435d", "#6e4c00", "#29566f"];

export function seatTextColour(seat: number): string {
  return TEXT_COLOURS[seat % TEXT_COLOURS.length] ?? "#000";
}
