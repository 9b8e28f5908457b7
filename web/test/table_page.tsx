/** A table page drawn once from a connection's state, for tests of what it shows: the
 * welcome of a two-seat table, and the page read and taken down again. */
import { render } from "preact";
import { act } from "preact/test-utils";
import type { TableState } from "../src/connection";
import type { Welcome } from "../src/generated/protocol";
import { TableView } from "../src/table";

export const twoSeats: Welcome = {
  type: "welcome",
  table: "t1",
  game: "no-such-game",
  lang: "en",
  options: {},
  players: 2,
  seat: 0,
  names: ["Ann", "Bo"],
};

/** What ``read`` finds on the page drawn from ``state`` (with an undo handler, or none). */
export function readPage<T>(state: TableState, read: (root: HTMLElement) => T, onUndo: (() => void) | null = null): T {
  const root = document.createElement("div");
  document.body.append(root);
  act(() =>
    render(<TableView state={state} onAct={() => undefined} onUndo={onUndo} table="t1" keyText="k" titles={{}} />, root),
  );
  const found = read(root);
  render(null, root);
  root.remove();
  return found;
}
