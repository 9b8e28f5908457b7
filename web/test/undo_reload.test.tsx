/** After a full reload the page still offers to undo the seat's own latest step: nothing the
 * server sends names the seat that took a step, so the page keeps the steps its acks named
 * (sessionStorage, per table and seat) and reads them back when it starts again. */
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import { Connection, sessionMemory } from "../src/connection";
import type { LegalAction, ServerMessage, Welcome } from "../src/generated/protocol";
import { TableView } from "../src/table";
import { type FakeSocket, startedConnection } from "./fake_socket";

const welcome: Welcome = {
  type: "welcome",
  table: "t1",
  game: "no-such-game",
  lang: "en",
  options: {},
  players: 2,
  seat: 0,
  names: ["Ann", "Bo"],
};

function update(seq: number, undos = 0, legal: LegalAction[] = []): ServerMessage {
  return { type: "update", seq, view: {}, to_act: [1], legal, events: [], over: false, status: "playing", undos };
}

/** A page's connection for seat 0 of table t1, as TablePage makes it. */
function page(): { connection: Connection; socket: FakeSocket } {
  return startedConnection(sessionMemory("saqqara.steps.t1.0"));
}

function undoShown(connection: Connection): boolean {
  const root = document.createElement("div");
  document.body.append(root);
  act(() =>
    render(
      <TableView state={connection.state} onAct={() => undefined} onUndo={() => undefined} table="t1" keyText="k" titles={{}} />,
      root,
    ),
  );
  const shown = root.querySelector("button.undo") !== null;
  render(null, root);
  root.remove();
  return shown;
}

afterEach(() => {
  sessionStorage.clear();
  document.body.innerHTML = "";
});

it("offers the undo after a reload when the latest step is the seat's own", () => {
  const before = page();
  before.socket.deliver(welcome);
  before.socket.deliver(update(4, 0, [{ id: 3, label: "take 3", notation: "take 3" }]));
  const cid = before.connection.act(3)!;
  before.socket.deliver({ type: "ack", cid, seq: 5 });
  before.socket.deliver(update(5));
  expect(undoShown(before.connection)).toBe(true);
  before.connection.stop();

  // the page is loaded again: a new connection hears the table from the start
  const after = page();
  after.socket.deliver(welcome);
  after.socket.deliver(update(5));
  expect(undoShown(after.connection)).toBe(true);
  // another seat moves: the latest step is no longer this seat's
  after.socket.deliver(update(6));
  expect(undoShown(after.connection)).toBe(false);
  after.connection.stop();
});

it("forgets a step that was taken back, also one whose undo the page missed", () => {
  sessionStorage.setItem("saqqara.steps.t1.0", JSON.stringify([2, 5]));
  const { connection, socket } = page();
  socket.deliver(welcome);
  // the table is back at 4 (step 5 taken back while no page listened); another seat then
  // takes a step 5 of its own, which this seat must not be offered to undo
  socket.deliver(update(4, 1));
  socket.deliver(update(5, 1));
  expect(connection.state.mine).toBe(2);
  expect(undoShown(connection)).toBe(false);
  expect(JSON.parse(sessionStorage.getItem("saqqara.steps.t1.0") ?? "null")).toEqual([2]);
});

it("keeps each table's and seat's steps apart, and reads nothing from a bad entry", () => {
  sessionStorage.setItem("saqqara.steps.t1.1", JSON.stringify([7]));
  sessionStorage.setItem("saqqara.steps.t2.0", JSON.stringify([7]));
  expect(page().connection.state.mine).toBeNull();
  sessionStorage.setItem("saqqara.steps.t1.0", "not json");
  expect(page().connection.state.mine).toBeNull();
  sessionStorage.setItem("saqqara.steps.t1.0", JSON.stringify(["x", 3.5, 9]));
  expect(page().connection.state.mine).toBe(9);
});
