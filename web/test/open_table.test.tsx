/** A table still waiting for its people names nobody "to move": the game has not started,
 * so the seat panels mark no turn beside the "waiting for every seat" line. */
import { afterEach, expect, it } from "vitest";
import type { ServerMessage } from "../src/generated/protocol";
import { startedConnection } from "./fake_socket";
import { readPage, twoSeats } from "./table_page";

function update(status: "open" | "playing"): ServerMessage {
  return { type: "update", seq: 3, view: {}, to_act: [0], legal: [], events: [], over: false, status, undos: 0 };
}

function turnMarks(status: "open" | "playing"): { turns: number; waiting: boolean } {
  const { connection, socket } = startedConnection();
  socket.deliver(twoSeats);
  socket.deliver(update(status));
  const marks = readPage(connection.state, (root) => ({
    turns: root.querySelectorAll(".seat .turn").length,
    waiting: (root.textContent ?? "").includes("Waiting for every seat"),
  }));
  connection.stop();
  return marks;
}

afterEach(() => {
  document.body.innerHTML = "";
});

it("marks no seat to move while the table waits for its people", () => {
  expect(turnMarks("open")).toEqual({ turns: 0, waiting: true });
  expect(turnMarks("playing")).toEqual({ turns: 1, waiting: false });
});
