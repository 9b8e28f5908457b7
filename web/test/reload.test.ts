/** Switching language reconnects a table's connection from the start: the new socket asks
 * for everything since 0 in the new language, the log is replaced (not doubled), the old
 * socket's close does not schedule a reconnect, and an unacknowledged action is resent
 * under its client id. */
import { expect, it, vi } from "vitest";
import { Connection } from "../src/connection";
import type { Act, ServerMessage } from "../src/generated/protocol";
import { FakeSocket } from "./fake_socket";

function update(seq: number, events: [number, string][]): ServerMessage {
  return {
    type: "update",
    seq,
    view: {},
    to_act: [0],
    legal: [{ id: 3, label: "take 3", notation: "take 3" }],
    events: events.map(([n, text]) => ({ seq: n, kind: "moved", text, data: {} })),
    over: false,
    status: "playing",
  };
}

it("reloads in another language without doubling the log or losing an action", () => {
  vi.useFakeTimers();
  let lang = "en";
  const sockets: FakeSocket[] = [];
  const connection = new Connection(
    (since) => `ws://test/ws/t?since=${since}&lang=${lang}`,
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
  first.deliver(update(2, [[1, "one"], [2, "two"]]));
  const cid = connection.act(3)!;

  lang = "de";
  connection.reload();
  expect(sockets).toHaveLength(2);
  const second = sockets[1]!;
  expect(second.url).toBe("ws://test/ws/t?since=0&lang=de");
  vi.advanceTimersByTime(10_000);
  expect(sockets).toHaveLength(2); // the old socket's close scheduled nothing
  second.open();
  expect((JSON.parse(second.sent[0]!) as Act).cid).toBe(cid);
  second.deliver(update(2, [[1, "eins"], [2, "zwei"]]));
  expect(connection.state.log.map((e) => e.text)).toEqual(["eins", "zwei"]);
  second.deliver(update(3, [[3, "drei"]]));
  expect(connection.state.log.map((e) => e.text)).toEqual(["eins", "zwei", "drei"]);
  expect(connection.state.link).toBe("open");
  connection.stop();
  vi.useRealTimers();
});
