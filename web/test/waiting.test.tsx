/** After a move is sent the seat's moves stay disabled until the table has moved on from
 * the update it was chosen in: the server's ``ack`` comes before that update, and a move
 * chosen from the old list in between would only be refused as stale. The wait ends with
 * a newer update (also one merged past the move's own step, or one after an undo), a
 * refusal, or a resync, and never outlasts them. */
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { Connection, type TableState } from "../src/connection";
import type { ServerMessage } from "../src/generated/protocol";
import { TableView } from "../src/table";
import { type FakeSocket, startedConnection } from "./fake_socket";
import { twoSeats } from "./table_page";

function update(seq: number, undos = 0, extra: object = {}): ServerMessage {
  return {
    type: "update",
    seq,
    view: {},
    to_act: [0],
    legal: [
      { id: 3, label: "take 3", notation: "take 3" },
      { id: 4, label: "take 4", notation: "take 4" },
    ],
    events: [],
    over: false,
    status: "playing",
    undos,
    ...extra,
  } as ServerMessage;
}

function connected(): { connection: Connection; socket: FakeSocket; acts: () => number } {
  const { connection, socket: made } = startedConnection();
  made.open();
  const acts = () => made.sent.filter((text) => (JSON.parse(text) as { type: string }).type === "act").length;
  return { connection, socket: made, acts };
}

describe("the wait after a move", () => {
  it("lasts from the act past its ack until the update after it", () => {
    const { connection, socket, acts } = connected();
    socket.deliver(update(4));
    const cid = connection.act(3);
    expect(cid).not.toBeNull();
    expect(connection.state.waiting).toBe(true);
    socket.deliver({ type: "ack", cid: cid!, seq: 5 });
    expect(connection.state.pending).toBe(0);
    expect(connection.state.waiting).toBe(true);
    // a fast second click on the old moves sends nothing
    expect(connection.act(4)).toBeNull();
    expect(acts()).toBe(1);
    socket.deliver(update(5));
    expect(connection.state.waiting).toBe(false);
    expect(connection.act(4)).not.toBeNull();
    expect(acts()).toBe(2);
  });

  it("ends with an update merged past the move's step, and with a refusal", () => {
    const { connection, socket } = connected();
    socket.deliver(update(4));
    const cid = connection.act(3)!;
    socket.deliver({ type: "ack", cid, seq: 5 });
    socket.deliver(update(9));
    expect(connection.state.waiting).toBe(false);
    const refused = connection.act(4)!;
    socket.deliver({ type: "error", code: "not-your-turn", message: "not your turn", cid: refused });
    expect(connection.state.waiting).toBe(false);
    expect(connection.state.pending).toBe(0);
    connection.act(3);
    socket.deliver({ type: "error", code: "rate-limited", message: "too many messages; slow down" });
    expect(connection.state.waiting).toBe(false);
  });

  it("ends with the update after an undo (same sequence number, more undos) and a resync", () => {
    const { connection, socket } = connected();
    socket.deliver(update(5, 1));
    connection.act(3);
    // another seat's move at 5 was taken back before this move arrived: the table is at 4
    socket.deliver({ type: "undone", seq: 5, seat: 1 });
    socket.deliver(update(4, 2));
    expect(connection.state.waiting).toBe(false);
    connection.act(3);
    socket.deliver(update(4, 2, { resync: true }));
    expect(connection.state.waiting).toBe(false);
  });

  it("goes on over a reconnect until the resent move's update", () => {
    const { connection, socket } = connected();
    socket.deliver(update(4));
    const cid = connection.act(3)!;
    connection.reload();
    // the same position again (the move not yet played): still waiting, the move resent
    socket.deliver(update(4));
    expect(connection.state.waiting).toBe(true);
    socket.deliver({ type: "ack", cid, seq: 5 });
    socket.deliver(update(5));
    expect(connection.state.waiting).toBe(false);
  });
});

afterEach(() => {
  document.body.innerHTML = "";
});

it("keeps the move buttons disabled between the ack and the update", () => {
  const { connection, socket } = connected();
  socket.deliver(twoSeats);
  socket.deliver(update(4));
  const root = document.createElement("div");
  document.body.append(root);
  const draw = (state: TableState) =>
    act(() => render(<TableView state={state} onAct={() => undefined} table="t" keyText="k" titles={{}} />, root));
  const buttons = () => [...root.querySelectorAll<HTMLButtonElement>("button.move")].map((b) => b.disabled);
  draw(connection.state);
  expect(buttons()).toEqual([false, false]);
  const cid = connection.act(3)!;
  socket.deliver({ type: "ack", cid, seq: 5 });
  draw(connection.state);
  expect(buttons()).toEqual([true, true]);
  socket.deliver(update(5));
  draw(connection.state);
  expect(buttons()).toEqual([false, false]);
});
