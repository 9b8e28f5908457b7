/** The connection reconnects with the last sequence number seen and resends an action that
 * was not acknowledged under its original client id; an acknowledged one is never resent. */
import { describe, expect, it, vi } from "vitest";
import { Connection } from "../src/connection";
import type { Act, ServerMessage } from "../src/generated/protocol";
import { FakeSocket } from "./fake_socket";

function update(seq: number, events: number[]): ServerMessage {
  return {
    type: "update",
    seq,
    view: {},
    to_act: [0],
    legal: [{ id: 3, label: "take 3", notation: "take 3" }],
    events: events.map((n) => ({ seq: n, kind: "moved", text: `step ${n}`, data: {} })),
    over: false,
    status: "playing",
  };
}

describe("Connection", () => {
  it("reconnects from the last seq and resends the unacknowledged action by its cid", () => {
    vi.useFakeTimers();
    const sockets: FakeSocket[] = [];
    const connection = new Connection(
      (since) => `ws://test/ws/t?since=${since}`,
      () => undefined,
      (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
    );
    connection.start();
    const first = sockets[0]!;
    first.open();
    first.deliver(update(4, [1, 2, 3, 4]));
    const cid = connection.act(3)!;
    const sentAct = JSON.parse(first.sent[0]!) as Act;
    expect(sentAct).toEqual({ type: "act", seq: 4, action: 3, cid, undos: 0 });
    first.close();
    expect(connection.state.link).toBe("lost");
    vi.advanceTimersByTime(300);
    const second = sockets[1]!;
    expect(second.url).toBe("ws://test/ws/t?since=4");
    second.open();
    expect(JSON.parse(second.sent[0]!)).toEqual(sentAct);
    second.deliver({ type: "ack", cid, seq: 5 });
    second.deliver(update(5, [5]));
    expect(connection.state.pending).toBe(0);
    expect(connection.state.log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    second.close();
    vi.advanceTimersByTime(300);
    const third = sockets[2]!;
    expect(third.url).toBe("ws://test/ws/t?since=5");
    third.open();
    expect(third.sent).toEqual([]);
    connection.stop();
    vi.useRealTimers();
  });

  it("stops reconnecting when the seat link is refused", () => {
    const sockets: FakeSocket[] = [];
    const connection = new Connection(
      () => "ws://test/ws/t",
      () => undefined,
      (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
    );
    connection.start();
    sockets[0]!.open();
    sockets[0]!.deliver({ type: "error", code: "bad-key", message: "that seat link is not valid" });
    sockets[0]!.close();
    expect(connection.state.link).toBe("refused");
    expect(connection.state.error).toBe("that seat link is not valid");
    expect(sockets.length).toBe(1);
  });

  it("replaces the log on a resync", () => {
    const connection = new Connection(() => "ws://x", () => undefined, (url) => new FakeSocket(url));
    connection.receive(update(2, [1, 2]));
    connection.receive({ ...(update(9, [9]) as object), resync: true } as ServerMessage);
    expect(connection.state.log.map((e) => e.seq)).toEqual([9]);
  });

  it("sends the update's undos with every act, and takes back the seat's last action", () => {
    const sockets: FakeSocket[] = [];
    const connection = new Connection(
      () => "ws://x",
      () => undefined,
      (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
    );
    connection.start();
    const socket = sockets[0]!;
    socket.open();
    socket.deliver({ ...(update(4, [1, 2, 3, 4]) as object), undos: 2 } as ServerMessage);
    const cid = connection.act(3)!;
    expect(JSON.parse(socket.sent[0]!)).toEqual({ type: "act", seq: 4, action: 3, cid, undos: 2 });
    socket.deliver({ type: "ack", cid, seq: 5 });
    socket.deliver({ ...(update(5, [5]) as object), undos: 2 } as ServerMessage);
    // another seat moves and takes its move back
    socket.deliver({ ...(update(6, [6]) as object), undos: 2 } as ServerMessage);
    socket.deliver({ type: "undone", seq: 6, seat: 1 });
    expect(connection.state.log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    socket.deliver({ ...(update(5, []) as object), undos: 3 } as ServerMessage);
    connection.undo();
    expect(JSON.parse(socket.sent[1]!)).toEqual({ type: "undo", seq: 5 });
    socket.deliver({ type: "undone", seq: 5, seat: 0 });
    expect(connection.state.log.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    socket.deliver({ ...(update(4, []) as object), undos: 4 } as ServerMessage);
    const again = connection.act(3)!;
    expect(JSON.parse(socket.sent[2]!)).toEqual({ type: "act", seq: 4, action: 3, cid: again, undos: 4 });
  });

  it("shows a refused undo as an error", () => {
    const connection = new Connection(() => "ws://x", () => undefined, (url) => new FakeSocket(url));
    connection.receive(update(2, [1, 2]));
    connection.receive({ type: "error", code: "cannot-undo", message: "nothing of yours to take back" });
    expect(connection.state.error).toBe("nothing of yours to take back");
    expect(connection.state.link).not.toBe("refused");
  });
});

describe("the stand-in's moves", () => {
  it("are marked in the log, once per move, and a resync marks them anew", () => {
    const connection = new Connection(() => "ws://x", () => undefined, (url) => new FakeSocket(url));
    connection.receive({ ...(update(3, [1, 2, 2, 3]) as object), stand_in: [{ seq: 2, seat: 1 }] } as ServerMessage);
    connection.receive(update(4, [4]));
    const marks = (): [number, boolean][] => connection.state.log.map((e) => [e.seq, e.standIn === true]);
    expect(marks()).toEqual([
      [1, false],
      [2, true],
      [2, false],
      [3, false],
      [4, false],
    ]);
    connection.receive({ ...(update(9, [8, 9]) as object), resync: true, stand_in: [{ seq: 9, seat: 0 }] } as ServerMessage);
    expect(marks()).toEqual([
      [8, false],
      [9, true],
    ]);
  });
});
