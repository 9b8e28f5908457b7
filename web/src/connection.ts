/** The table connection: one WebSocket speaking the server's protocol, reconnecting by
 * itself with the last sequence number seen, and resending unacknowledged actions by their
 * client id (the server answers a resend with the original ack and never plays twice). */
import type {
  Act,
  ClientMessage,
  EventText,
  Hint,
  Said,
  ServerMessage,
  TableNotice,
  Update,
  Welcome,
} from "./generated/protocol";

/** An event as the log keeps it: the first event of a move the stand-in bot made for a
 * person seat (away, or out of time) is marked ``standIn``. */
export type LoggedEvent = EventText & { standIn?: boolean };

/** The update's events for the log, the stand-in's moves marked (once per move). */
export function loggedEvents(update: Update): LoggedEvent[] {
  const unmarked = new Set((update.stand_in ?? []).map((move) => move.seq));
  return update.events.map((event) => (unmarked.delete(event.seq) ? { ...event, standIn: true } : event));
}

export interface TableState {
  link: "connecting" | "open" | "lost" | "refused";
  welcome: Welcome | null;
  update: Update | null;
  log: LoggedEvent[];
  notice: TableNotice | null;
  error: string | null;
  /** Actions sent and not yet acknowledged. */
  pending: number;
  /** An action was sent and the update it was chosen in is still the latest: this seat's
   * moves are not to be offered until a newer update (or a refusal) comes. The ``ack``
   * comes before the update showing the move, so ``pending`` alone is over too soon. */
  waiting: boolean;
  /** The latest hint the server sent (what the strong bot would play), for the position
   * it names (``seq`` and ``undos``): shown only while the update is that position. */
  hint: Hint | null;
  /** A hint was asked and neither it nor a refusal has come yet. */
  hinting: boolean;
  /** The table's chat as heard, by line number (the lines told again on a reconnect are
   * not doubled), oldest first. */
  chat: Said[];
}

/** The hint for the position of ``state``'s latest update, if one came for it. */
export function currentHint(state: TableState): Hint | null {
  const { hint, update } = state;
  if (!hint || !update || update.over) return null;
  return hint.seq === update.seq && hint.undos === (update.undos ?? 0) ? hint : null;
}

export interface SocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string): void;
  close(): void;
}

export type SocketFactory = (url: string) => SocketLike;

/** Refusals after which reconnecting cannot help. */
const FINAL = new Set(["bad-key", "no-table", "bad-request"]);

/** Milliseconds of silence after which the page asks whether the server is still there
 * (``ping``, answered with ``pong`` by the process that serves the table, through any
 * relay). */
export const HEARTBEAT_MS = 15_000;
/** Milliseconds of silence (no message at all, not even the ``pong``) after which the
 * connection is taken as lost and opened again: a stalled server process holds a socket
 * open without answering, and would otherwise freeze the table for this seat. */
export const SILENCE_MS = 40_000;
const CHECK_MS = 5_000;

let counter = 0;
function clientId(): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 10);
  return `${Date.now().toString(36)}-${random}-${counter}`;
}

export class Connection {
  state: TableState = {
    link: "connecting",
    welcome: null,
    update: null,
    log: [],
    notice: null,
    error: null,
    pending: 0,
    waiting: false,
    hint: null,
    hinting: false,
    chat: [],
  };
  private socket: SocketLike | null = null;
  private since = 0;
  private readonly unacked = new Map<string, Act>();
  /** The update (sequence number and undo count) the awaited action was chosen in. */
  private sentFrom: { seq: number; undos: number } | null = null;
  private stopped = false;
  private retry = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  /** When the server was last heard from (or the socket was opened), and whether a ping
   * has been sent since. */
  private heard = 0;
  private pinged = false;
  /** The next update replaces the log (after :meth:`reload`). */
  private freshLog = false;

  constructor(
    private readonly url: (since: number) => string,
    private readonly onChange: (state: TableState) => void,
    private readonly factory: SocketFactory = (url) => new WebSocket(url),
  ) {}

  start(): void {
    this.stopped = false;
    this.open();
    if (this.heartbeat === null) this.heartbeat = setInterval(() => this.listen(), CHECK_MS);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.socket?.close();
    this.socket = null;
  }

  /** Connect again and hear the whole table afresh (the address function may now give
   * another language): the next update replaces the log. Unacknowledged actions are
   * resent under their client ids, so none is lost or played twice. */
  reload(): void {
    if (this.stopped) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.since = 0;
    this.freshLog = true;
    const old = this.socket;
    this.socket = null;
    old?.close();
    this.set({ link: "connecting" });
    this.open();
  }

  /** Send the action with id ``action`` against the latest update and return its client
   * id; ``null`` (nothing sent) while an action sent from the latest update awaits a newer
   * one: a second choice from the same moves would only be refused as stale. */
  act(action: number): string | null {
    if (this.state.waiting) return null;
    const cid = clientId();
    const update = this.state.update;
    const message: Act = { type: "act", seq: update?.seq ?? 0, action, cid, undos: update?.undos ?? 0 };
    this.unacked.set(cid, message);
    this.sentFrom = { seq: message.seq, undos: message.undos ?? 0 };
    this.set({ pending: this.unacked.size, waiting: true });
    this.send(message);
    return cid;
  }

  /** Take back this seat's last action (the table must allow undo): answered with
   * ``undone`` and a fresh update, or an error shown as any other. */
  undo(): void {
    this.set({ error: null });
    this.send({ type: "undo", seq: this.state.update?.seq ?? 0 });
  }

  /** Ask what the strong bot would play at this seat's decision in the latest update (the
   * table must allow hints): answered with ``hint``, or an error shown as any other. */
  hint(): void {
    if (this.state.hinting) return;
    this.set({ error: null, hinting: true });
    this.send({ type: "hint", seq: this.state.update?.seq ?? 0 });
  }

  /** Say ``text`` at the table's chat (answered with ``said`` to everyone, or refused). */
  say(text: string): void {
    this.set({ error: null });
    this.send({ type: "chat", text });
  }

  private send(message: ClientMessage): void {
    try {
      this.socket?.send(JSON.stringify(message));
    } catch {
      // the socket is closing: the action is resent after reconnecting
    }
  }

  /** The heartbeat: after ``HEARTBEAT_MS`` of silence a ``ping``; after ``SILENCE_MS`` the
   * socket is given up and another opened (from the last sequence number seen, resending
   * what was not acknowledged). */
  private listen(): void {
    const socket = this.socket;
    if (socket === null || this.stopped) return;
    const quiet = Date.now() - this.heard;
    if (quiet >= SILENCE_MS) {
      socket.onopen = socket.onmessage = socket.onclose = null;
      this.socket = null;
      try {
        socket.close();
      } catch {
        // closing a socket that never opened: nothing to do
      }
      this.lost();
    } else if (quiet >= HEARTBEAT_MS && !this.pinged && this.state.link === "open") {
      this.pinged = true;
      this.send({ type: "ping" });
    }
  }

  /** The socket is gone: open another after a pause that grows with each failure. */
  private lost(): void {
    if (this.stopped || this.state.link === "refused") return;
    this.set({ link: "lost" });
    const delay = Math.min(5000, 250 * 2 ** this.retry);
    this.retry += 1;
    this.timer = setTimeout(() => this.open(), delay);
  }

  private open(): void {
    const socket = this.factory(this.url(this.since));
    this.socket = socket;
    this.heard = Date.now();
    this.pinged = false;
    socket.onopen = () => {
      this.heard = Date.now();
      this.retry = 0;
      // a hint asked on the socket that closed is not answered on this one
      this.set({ link: "open", error: null, hinting: false });
      for (const message of this.unacked.values()) this.send(message);
    };
    socket.onmessage = (event) => {
      this.heard = Date.now();
      this.pinged = false;
      if (typeof event.data === "string") this.receive(JSON.parse(event.data) as ServerMessage);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.lost();
    };
  }

  receive(message: ServerMessage): void {
    switch (message.type) {
      case "welcome":
        this.set({ welcome: message });
        break;
      case "update": {
        const events = loggedEvents(message);
        const log = message.resync || this.freshLog ? events : [...this.state.log, ...events];
        this.freshLog = false;
        this.since = message.seq;
        // Any update but the one the awaited action was chosen in is newer (an undo brings
        // the sequence number back but counts up ``undos``); so is a resync.
        const from = this.sentFrom;
        if (from && (message.resync || message.seq !== from.seq || (message.undos ?? 0) !== from.undos)) {
          this.sentFrom = null;
        }
        this.set({ update: message, log, waiting: this.sentFrom !== null });
        break;
      }
      case "ack":
        this.unacked.delete(message.cid);
        this.set({ pending: this.unacked.size });
        break;
      case "error":
        // a refusal (of the action or anything else) ends the wait: the moves shown stand
        this.sentFrom = null;
        this.set({ waiting: false, hinting: message.cid ? this.state.hinting : false });
        if (message.cid) this.unacked.delete(message.cid);
        if (!message.cid && FINAL.has(message.code)) {
          this.set({ link: "refused", error: message.message });
        } else {
          this.set({ error: message.message, pending: this.unacked.size });
        }
        break;
      case "table":
        this.set({ notice: message });
        break;
      case "undone":
        // the step is taken back: its events leave the log (the next update is the position,
        // and says whether this seat may take back another)
        this.set({ log: this.state.log.filter((event) => event.seq < message.seq) });
        break;
      case "hint":
        this.set({ hint: message, hinting: false });
        break;
      case "said":
        if (!this.state.chat.some((line) => line.id === message.id)) {
          const chat = [...this.state.chat, message].sort((a, b) => a.id - b.id).slice(-200);
          this.set({ chat });
        }
        break;
      case "pong":
        break;
    }
  }

  private set(change: Partial<TableState>): void {
    this.state = { ...this.state, ...change };
    this.onChange(this.state);
  }
}

/** The WebSocket address of a table for a seat (or a spectator), from ``since`` on. */
export function socketUrl(
  table: string,
  who: { seat: number | null; key: string | null; watch: string | null },
  lang: string,
  since: number,
): string {
  const base = new URL(`/ws/${table}`, window.location.href);
  base.protocol = base.protocol === "https:" ? "wss:" : "ws:";
  if (who.seat !== null) {
    base.searchParams.set("seat", String(who.seat));
    // No key: the signed-in account's own seat (the handshake carries its session cookie).
    if (who.key) base.searchParams.set("key", who.key);
  } else if (who.watch) {
    base.searchParams.set("watch", who.watch);
  }
  base.searchParams.set("since", String(since));
  base.searchParams.set("lang", lang);
  return base.toString();
}
