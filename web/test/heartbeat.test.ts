/** The page's heartbeat: a ping after a quiet spell, and a silent server (a stalled
 * process that keeps the socket open) given up for a fresh connection, from the last
 * sequence number seen, with the unacknowledged action resent. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Connection, HEARTBEAT_MS, SILENCE_MS } from "../src/connection";
import type { ServerMessage } from "../src/generated/protocol";
import { FakeSocket } from "./fake_socket";

function update(seq: number): ServerMessage {
  return {
    type: "update",
    seq,
    view: {},
    to_act: [0],
    legal: [{ id: 3, label: "take 3", notation: "take 3" }],
    events: [],
    over: false,
    status: "playing",
  };
}

function connected(): { connection: Connection; sockets: FakeSocket[] } {
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
  sockets[0]!.open();
  sockets[0]!.deliver(update(7));
  return { connection, sockets };
}

const pings = (socket: FakeSocket): number =>
  socket.sent.filter((text) => (JSON.parse(text) as { type: string }).type === "ping").length;

describe("heartbeat", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("pings once after a quiet spell and keeps a socket that answers", () => {
    const { connection, sockets } = connected();
    vi.advanceTimersByTime(HEARTBEAT_MS - 1000);
    expect(pings(sockets[0]!)).toBe(0);
    vi.advanceTimersByTime(6000);
    expect(pings(sockets[0]!)).toBe(1);
    sockets[0]!.deliver({ type: "pong" });
    vi.advanceTimersByTime(SILENCE_MS - 1000);
    expect(sockets.length).toBe(1);
    expect(connection.state.link).toBe("open");
    connection.stop();
  });

  it("gives up a silent server and reconnects from the last seq, resending the action", () => {
    const { connection, sockets } = connected();
    const cid = connection.act(3)!;
    vi.advanceTimersByTime(SILENCE_MS + 5000);
    expect(connection.state.link).not.toBe("open");
    vi.advanceTimersByTime(1000);
    expect(sockets.length).toBe(2);
    const second = sockets[1]!;
    expect(second.url).toBe("ws://test/ws/t?since=7");
    second.open();
    expect(JSON.parse(second.sent[0]!)).toMatchObject({ type: "act", cid, action: 3 });
    // the old socket's late close is not taken for the new one's
    sockets[0]!.close();
    expect(connection.state.link).toBe("open");
    connection.stop();
  });

  it("gives up a socket that never opens", () => {
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
    vi.advanceTimersByTime(SILENCE_MS + 6000);
    expect(sockets.length).toBe(2);
    connection.stop();
    vi.advanceTimersByTime(SILENCE_MS * 3);
    expect(sockets.length).toBe(2);
  });
});
