/** A WebSocket stand-in for the connection's tests: it records what the page sends and
 * delivers the server's messages when told to. */
import { Connection, type SocketLike } from "../src/connection";
import type { ServerMessage } from "../src/generated/protocol";

export class FakeSocket implements SocketLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  sent: string[] = [];
  constructor(readonly url = "") {}
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.onclose?.(new CloseEvent("close"));
  }
  open(): void {
    this.onopen?.(new Event("open"));
  }
  deliver(message: ServerMessage): void {
    this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(message) }));
  }
}

/** A started connection over a fake socket (as TablePage makes one), with that socket. */
export function startedConnection(): { connection: Connection; socket: FakeSocket } {
  let socket: FakeSocket | null = null;
  const connection = new Connection(
    () => "ws://x",
    () => undefined,
    () => (socket = new FakeSocket()),
  );
  connection.start();
  return { connection, socket: socket as unknown as FakeSocket };
}
