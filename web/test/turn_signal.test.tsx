/** The tab says when it is your turn: the title is marked and the favicon dotted while this
 * seat has a move to make, plain otherwise (another seat's turn, a spectator, the end), and
 * both are given back when the table is left. */
import { afterEach, expect, it } from "vitest";
import type { Connection } from "../src/connection";
import type { LegalAction, ServerMessage } from "../src/generated/protocol";
import { faviconUrl } from "../src/turn_signal";
import { startedConnection } from "./fake_socket";
import { readPage, twoSeats } from "./table_page";

const TAKE: LegalAction[] = [{ id: 3, label: "take 3", notation: "take 3" }];

function update(seq: number, legal: LegalAction[], over = false): ServerMessage {
  const toAct = legal.length ? [0] : [1];
  return { type: "update", seq, view: {}, to_act: toAct, legal, events: [], over, status: "playing", undos: 0 };
}

function tab(connection: Connection): { title: string; icon: string | undefined } {
  return readPage(connection.state, () => ({
    title: document.title,
    icon: document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute("href") ?? undefined,
  }));
}

afterEach(() => {
  document.head.innerHTML = "";
  document.title = "";
});

it("marks the tab while the seat has a move, and not while another seat decides", () => {
  document.title = "Saqqara";
  const { connection, socket } = startedConnection();
  socket.deliver(twoSeats);
  socket.deliver(update(3, TAKE));
  const mine = tab(connection);
  expect(mine.title).toBe("● Your move · no such game · Saqqara");
  expect(mine.icon).toBe(faviconUrl(true));
  socket.deliver(update(4, []));
  const theirs = tab(connection);
  expect(theirs.title).toBe("no such game · Saqqara");
  expect(theirs.icon).toBe(faviconUrl(false));
  // the page was left each time: the title the tab had before is back
  expect(document.title).toBe("Saqqara");
  connection.stop();
});

it("does not mark a finished game or a spectator's tab", () => {
  const { connection, socket } = startedConnection();
  socket.deliver(twoSeats);
  socket.deliver(update(9, TAKE, true));
  expect(tab(connection).title).not.toContain("●");
  connection.stop();
  const watching = startedConnection();
  watching.socket.deliver({ ...twoSeats, seat: null });
  watching.socket.deliver(update(3, TAKE));
  expect(tab(watching.connection).title).not.toContain("●");
  watching.connection.stop();
});
