/** The page offers to undo exactly when the latest update says the seat may (``undo``): the
 * server knows whose the latest step is, so a page opened later (a reload, a new tab) offers
 * it too, and a page that missed an undo never offers another seat's step. */
import { afterEach, expect, it } from "vitest";
import type { Connection } from "../src/connection";
import type { LegalAction, ServerMessage } from "../src/generated/protocol";
import { startedConnection } from "./fake_socket";
import { readPage, twoSeats } from "./table_page";

function update(seq: number, undo: boolean, extra: { over?: boolean; legal?: LegalAction[] } = {}): ServerMessage {
  const { over = false, legal = [] } = extra;
  return { type: "update", seq, view: {}, to_act: [1], legal, events: [], over, status: "playing", undos: 0, undo };
}

function undoShown(connection: Connection, onUndo: (() => void) | null = () => undefined): boolean {
  return readPage(connection.state, (root) => root.querySelector("button.undo") !== null, onUndo);
}

afterEach(() => {
  document.body.innerHTML = "";
});

it("offers the undo on a fresh page when the update says the seat may", () => {
  const { connection, socket } = startedConnection();
  socket.deliver(twoSeats);
  socket.deliver(update(5, true));
  expect(undoShown(connection)).toBe(true);
  // another seat moves: its update no longer offers it
  socket.deliver(update(6, false));
  expect(undoShown(connection)).toBe(false);
  connection.stop();
});

it("follows the update alone: no offer without it, after the game or for a spectator", () => {
  const { connection, socket } = startedConnection();
  socket.deliver(twoSeats);
  socket.deliver(update(4, false, { legal: [{ id: 3, label: "take 3", notation: "take 3" }] }));
  const cid = connection.act(3)!;
  socket.deliver({ type: "ack", cid, seq: 5 });
  // the move was acknowledged, but the update (a move that revealed something) says no
  socket.deliver(update(5, false));
  expect(undoShown(connection)).toBe(false);
  socket.deliver(update(5, true, { over: true }));
  expect(undoShown(connection)).toBe(false);
  socket.deliver(update(6, true));
  expect(undoShown(connection)).toBe(true);
  expect(undoShown(connection, null)).toBe(false);
  connection.stop();
});
