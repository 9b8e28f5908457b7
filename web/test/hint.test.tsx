/** Hints in the page: the button at this seat's decision where the table allows them, the
 * question sent for the latest update, and the answer shown (and its move marked) only
 * while the page shows the position it was worked out for. */
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import { type Connection, currentHint } from "../src/connection";
import type { LegalAction, ServerMessage } from "../src/generated/protocol";
import { markHinted } from "../src/boards/place";
import { TableView } from "../src/table";
import { startedConnection } from "./fake_socket";
import { twoSeats } from "./table_page";

const legal: LegalAction[] = [
  { id: 3, label: "Move to 3 and take Green cat 2", notation: "take 3" },
  { id: 7, label: "Move to 7 and take Purple Anubis 6", notation: "take 7" },
];

function update(seq: number, extra: { legal?: LegalAction[]; undos?: number; over?: boolean } = {}): ServerMessage {
  const { legal: offered = legal, undos = 0, over = false } = extra;
  return { type: "update", seq, view: {}, to_act: [0], legal: offered, events: [], over, status: "playing", undos };
}

const hint = (seq: number, undos = 0): ServerMessage => ({
  type: "hint",
  seq,
  undos,
  action: 7,
  label: "Move to 7 and take Purple Anubis 6",
  notation: "take 7",
  value: 0.634,
  rollouts: 88,
});

interface Page {
  button: HTMLButtonElement | null;
  answer: string | null;
  hinted: string[];
}

/** The page drawn from the connection's state, with ``onHint`` (or none: a spectator). */
function page(connection: Connection, onHint: (() => void) | null = () => connection.hint()): Page {
  const root = document.createElement("div");
  document.body.append(root);
  act(() =>
    render(
      <TableView state={connection.state} onAct={() => undefined} onHint={onHint} table="t1" keyText="k" titles={{}} />,
      root,
    ),
  );
  const found = {
    button: root.querySelector<HTMLButtonElement>("button.hint-ask"),
    answer: root.querySelector(".hint-answer")?.textContent ?? null,
    hinted: [...root.querySelectorAll<HTMLButtonElement>("button.move.hinted")].map((b) => b.dataset.action ?? ""),
  };
  render(null, root);
  root.remove();
  return found;
}

afterEach(() => {
  document.body.innerHTML = "";
});

it("asks for the latest update's position once, and shows the answer with its move marked", () => {
  const { connection, socket } = startedConnection();
  socket.deliver({ ...twoSeats, hints: true });
  socket.deliver(update(12));
  const before = page(connection);
  expect(before.button?.textContent).toBe("What would the bot play?");
  expect(before.button?.disabled).toBe(false);
  expect(before.answer).toBeNull();

  connection.hint();
  connection.hint(); // a second click while the first is out sends nothing
  expect(socket.sent.map((text) => JSON.parse(text))).toEqual([{ type: "hint", seq: 12 }]);
  const asking = page(connection);
  expect(asking.button?.disabled).toBe(true);
  expect(asking.answer).toBe("The bot is thinking…");

  socket.deliver(hint(12));
  const told = page(connection);
  expect(told.answer).toBe(
    "The bot would play: Move to 7 and take Purple Anubis 6 (your chance of winning with it: about 63%)",
  );
  expect(told.hinted).toEqual(["7"]);
  expect(told.button?.disabled).toBe(true); // asked and answered for this position
  connection.stop();
});

it("drops a hint once the table moves on, is taken back, or the game ends", () => {
  const { connection, socket } = startedConnection();
  socket.deliver({ ...twoSeats, hints: true });
  socket.deliver(update(12));
  connection.hint();
  socket.deliver(update(13)); // the table moved on before the answer came
  socket.deliver(hint(12));
  expect(currentHint(connection.state)).toBeNull();
  expect(page(connection).hinted).toEqual([]);
  expect(page(connection).button?.disabled).toBe(false); // may ask again for this position

  socket.deliver(update(13, { undos: 1 })); // the same number after an undo: another position
  socket.deliver(hint(13, 0));
  expect(currentHint(connection.state)).toBeNull();
  socket.deliver(hint(13, 1));
  expect(currentHint(connection.state)?.action).toBe(7);
  socket.deliver(update(13, { undos: 1, over: true }));
  expect(currentHint(connection.state)).toBeNull();
  connection.stop();
});

it("a refusal ends the wait and is shown like any other", () => {
  const { connection, socket } = startedConnection();
  socket.deliver({ ...twoSeats, hints: true });
  socket.deliver(update(4));
  connection.hint();
  expect(connection.state.hinting).toBe(true);
  socket.deliver({ type: "error", code: "stale", message: "the table is at update 5, not 4" });
  expect(connection.state.hinting).toBe(false);
  expect(connection.state.error).toBe("the table is at update 5, not 4");
  expect(page(connection).button?.disabled).toBe(false);
  connection.stop();
});

it("offers no hint where the table does not allow them, to a spectator, or between decisions", () => {
  const { connection, socket } = startedConnection();
  socket.deliver({ ...twoSeats, hints: false });
  socket.deliver(update(4));
  expect(page(connection).button).toBeNull();
  socket.deliver({ ...twoSeats, hints: true });
  expect(page(connection).button).not.toBeNull();
  expect(page(connection, null).button).toBeNull(); // a spectator's page
  socket.deliver(update(5, { legal: [] })); // another seat decides
  expect(page(connection).button).toBeNull();
  connection.stop();
});

it("marks on the board the places that stand for the hinted move, and no other", () => {
  const root = document.createElement("div");
  root.innerHTML =
    '<svg><g class="place" data-action="7"></g><g class="place" data-actions="3 7"></g>' +
    '<g class="place hinted" data-action="3"></g><g class="not-a-place" data-action="7"></g></svg>';
  const marked = () => [...root.querySelectorAll(".hinted")].map((p) => p.getAttribute("data-action") ?? p.getAttribute("data-actions"));
  markHinted(root, 7);
  expect(marked()).toEqual(["7", "3 7"]);
  markHinted(root, null);
  expect(marked()).toEqual([]);
});
